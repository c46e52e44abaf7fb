import * as vscode from 'vscode';
import { COMMAND_IDS, VSCODE_COMMANDS } from '../commandIds';
import type { ReviewDocuments } from './review';
import { diffTabsShowing, type PreviewDocuments } from './vscodeUi';

/**
 * The push review as an editor tab: a diff of "on the service now" and "after push", opened
 * where the user works (see `reviewColumn`), answered by "Push to <environment>" or Cancel at its
 * top (a CodeLens) or by Push or Cancel Push in the editor title. Closing the tab cancels. Reviews
 * of several files may be open at once: each is keyed by its right-hand URI, and the commands
 * answer the review of the active tab, or the only one.
 */

/** True while at least one review waits for an answer: shows the commands (see package.json). */
export const REVIEW_WAITING = 'campaignStudio.reviewWaiting';

interface Waiting {
  left: vscode.Uri;
  right: vscode.Uri;
  /** The primary action's label: "Push to staging". */
  action: string;
  answer(push: boolean): void;
}

/**
 * Where a review opens: beside the file when the window shows one group (the two then share its
 * width), else in the group of the campaign file, or the active one: never a new column beside
 * two (after the conflict view, a third about 350 px wide).
 */
export function reviewColumn(file?: vscode.Uri): vscode.ViewColumn {
  if (vscode.window.tabGroups.all.length <= 1) return vscode.ViewColumn.Beside;
  const shown = file && vscode.window.visibleTextEditors.find(e => e.document.uri.toString() === file.toString());
  return shown?.viewColumn ?? vscode.window.tabGroups.activeTabGroup.viewColumn;
}

export class PushReviews implements vscode.Disposable, vscode.CodeLensProvider {
  /** Reviews waiting for an answer, by their right-hand document's URI. */
  private readonly waiting = new Map<string, Waiting>();
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly subs: vscode.Disposable[];

  constructor(private readonly previews: PreviewDocuments) {
    this.subs = [vscode.window.tabGroups.onDidChangeTabs(e => this.cancelClosed(e.closed)), this.lensesChanged];
  }

  /**
   * Opens the review where the user works (`reviewColumn`, by the campaign file `file` when there
   * is one) and resolves with the answer: true for Push.
   */
  async ask(docs: ReviewDocuments, label: string, file?: vscode.Uri): Promise<boolean> {
    const { left, right } = this.previews.pair(label, docs.left, docs.right);
    const key = right.toString();
    const answered = new Promise<boolean>(resolve => this.waiting.set(key, { left, right, action: docs.action, answer: resolve }));
    try {
      await this.updateContext();
      const opening = Promise.resolve(
        vscode.commands.executeCommand(VSCODE_COMMANDS.diff, left, right, docs.title, {
          viewColumn: reviewColumn(file),
          preview: false,
          // Its top in view (what to do, Push and Cancel), not the first change the diff would reveal.
          selection: new vscode.Range(0, 0, 0, 0),
        }),
      );
      // The answer does not wait for the open to settle: the editor never settles the open of a
      // tab closed while it still opens, and that close is an answer (Cancel). A failed open fails.
      return await Promise.race([answered, opening.then(() => answered)]);
    } finally {
      this.waiting.delete(key);
      await this.updateContext();
      await this.previews.close(left, right);
    }
  }

  /** "Push to <environment>" and Cancel at the top of both sides of a waiting review. */
  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const review = this.find(doc.uri);
    if (!review) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return [
      new vscode.CodeLens(top, {
        title: `$(cloud-upload) ${review.action}`,
        command: COMMAND_IDS.reviewPush,
        arguments: [review.right],
        tooltip: vscode.l10n.t('Send exactly the body below'),
      }),
      new vscode.CodeLens(top, {
        title: vscode.l10n.t('Cancel'),
        command: COMMAND_IDS.reviewCancel,
        arguments: [review.right],
        tooltip: vscode.l10n.t('Send nothing, and close this review'),
      }),
    ];
  }

  /** Push or Cancel Push: `arg` is the editor title's resource, absent from the palette. */
  answer(arg: unknown, push: boolean): void {
    this.target(arg).answer(push);
  }

  private target(arg: unknown): Waiting {
    if (arg instanceof vscode.Uri) {
      const review = this.find(arg);
      if (!review)
        throw new Error(
          vscode.l10n.t('This push review has already been answered: close its tab, and push again to review the change anew.'),
        );
      return review;
    }
    const active = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    const shown = active instanceof vscode.TabInputTextDiff ? this.find(active.modified) : undefined;
    if (shown) return shown;
    const all = [...this.waiting.values()];
    if (all.length === 1) return all[0];
    if (all.length === 0)
      throw new Error(
        vscode.l10n.t(
          'No push review is waiting for an answer: run "Campaign Studio: Push Changes to the Service" on a campaign file first.',
        ),
      );
    throw new Error(
      vscode.l10n.t(
        '{0} push reviews are open: select the tab of the one you mean, then choose Push or Cancel Push in its title bar.',
        all.length,
      ),
    );
  }

  private find(uri: vscode.Uri): Waiting | undefined {
    const key = uri.toString();
    return this.waiting.get(key) ?? [...this.waiting.values()].find(w => w.left.toString() === key);
  }

  /** A review whose last tab closed is cancelled (a tab moved to another group is still open). */
  private cancelClosed(closed: readonly vscode.Tab[]): void {
    // Every change of tabs comes here: with no review waiting, there is nothing to look for.
    if (this.waiting.size === 0) return;
    for (const tab of closed) {
      if (!(tab.input instanceof vscode.TabInputTextDiff)) continue;
      const review = this.waiting.get(tab.input.modified.toString());
      if (review && diffTabsShowing([tab.input.modified]).length === 0) review.answer(false);
    }
  }

  private async updateContext(): Promise<void> {
    this.lensesChanged.fire();
    await vscode.commands.executeCommand(VSCODE_COMMANDS.setContext, REVIEW_WAITING, this.waiting.size > 0);
  }

  dispose(): void {
    for (const w of this.waiting.values()) w.answer(false);
    for (const s of this.subs) s.dispose();
  }
}
