import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import { ConflictChoice, ConflictQuestion, plainText } from '@campaign-studio/sync';
import { VSCODE_COMMANDS } from '../commandIds';
import { conflictsPage, conflictViewTexts } from './conflictHtml';
import type { ConflictRow, ConflictViewState, StateMessage, ViewMessage } from './conflictMessages';
import { chooseArgs, ConflictSession, DiffTexts, parseEdit } from './conflictSession';
import { PreviewDocuments } from './vscodeUi';

/**
 * The "Resolve conflicts" editor tab: a webview beside the campaign file that shows, for each
 * field both sides changed, base | yours | theirs, and takes a choice per field. Its buttons post
 * messages; the `campaignStudio.conflicts.*` commands (the keyboard's and the tests' way) act on
 * the open view through the same methods. The push waits for `ask` to settle: the choices on
 * Continue, undefined on Cancel or when the tab is closed.
 */

const VIEW_TYPE = 'campaignStudio.conflicts';
/** True while a conflict view is open: the `campaignStudio.conflicts.*` commands are enabled and in the palette. */
const OPEN_KEY = 'campaignStudio.conflicts.open';

type Answer = Record<string, ConflictChoice> | undefined;

class ConflictView {
  private readonly session: ConflictSession;
  readonly answer: Promise<Answer>;
  private settle!: (choices: Answer) => void;
  private done = false;
  private disposed = false;
  /** The documents of the diffs this view opened: closed and forgotten with it. */
  private readonly opened: vscode.Uri[] = [];

  /**
   * @param fileColumn where the campaign file is shown: the view's diffs open there, so the view
   *   stays in sight.
   */
  constructor(
    question: ConflictQuestion,
    readonly panel: vscode.WebviewPanel,
    script: vscode.Uri,
    private readonly previews: PreviewDocuments,
    private readonly fileColumn: vscode.ViewColumn,
    onClosed: () => void,
  ) {
    this.session = new ConflictSession(question);
    this.answer = new Promise(resolve => {
      this.settle = resolve;
    });
    const webview = panel.webview;
    webview.html = conflictsPage({
      cspSource: webview.cspSource,
      nonce: randomBytes(16).toString('hex'),
      scriptUri: webview.asWebviewUri(script).toString(),
    });
    const messages = webview.onDidReceiveMessage((m: ViewMessage) => this.onMessage(m));
    // Closing the tab is cancelling.
    panel.onDidDispose(() => {
      this.disposed = true;
      messages.dispose();
      this.finish(undefined);
      onClosed();
    });
  }

  state(): ConflictViewState {
    return this.session.state();
  }

  choose(arg: unknown): ConflictViewState {
    this.session.apply(chooseArgs(arg));
    return this.changed();
  }

  async previewResult(): Promise<ConflictViewState> {
    await this.openDiff(this.session.resultDiff());
    return this.state();
  }

  continue(): void {
    const choices = this.session.choices();
    if (!choices) throw new Error(vscode.l10n.t('Not every conflict is decided yet. {0}', this.session.problems().join(' ')));
    this.finish(choices);
  }

  cancel(): void {
    this.finish(undefined);
  }

  private finish(choices: Answer): void {
    if (this.done) return;
    this.done = true;
    this.settle(choices);
    if (!this.disposed) this.panel.dispose();
    void this.closeDiffs();
  }

  private closeDiffs(): Promise<void> {
    return this.previews.close(...this.opened);
  }

  private changed(): ConflictViewState {
    const state = this.state();
    const message: StateMessage = { type: 'state', state };
    void this.panel.webview.postMessage(message);
    return state;
  }

  private onMessage(m: ViewMessage): void {
    void this.handle(m).then(
      undefined,
      e =>
        void vscode.window.showErrorMessage(vscode.l10n.t('Campaign Studio: {0}', plainText(e instanceof Error ? e.message : String(e)))),
    );
  }

  private async handle(m: ViewMessage): Promise<void> {
    switch (m.type) {
      case 'ready':
        this.changed();
        return;
      case 'choose':
        this.session.choose(m.id, m.choice);
        this.changed();
        return;
      case 'edit':
        this.session.edit(m.id, m.text);
        this.changed();
        return;
      case 'remove':
        this.session.setRemove(m.id, m.remove);
        this.changed();
        return;
      case 'diff':
        await this.openDiff(this.session.fieldDiff(m.id, m.side));
        return;
      case 'preview':
        await this.previewResult();
        return;
      case 'continue':
        this.continue();
        return;
      case 'cancel':
        this.cancel();
        return;
    }
  }

  /** The keyboard stays in the view. */
  private async openDiff(d: DiffTexts): Promise<void> {
    const { left, right } = this.previews.pair(d.title, d.left, d.right);
    this.opened.push(left, right);
    await vscode.commands.executeCommand(VSCODE_COMMANDS.diff, left, right, d.title, {
      preview: true,
      preserveFocus: true,
      viewColumn: this.fileColumn,
    });
  }
}

/** The open conflict views of one PushController, and the commands that act on them. */
export class ConflictViews implements vscode.Disposable {
  private readonly open: ConflictView[] = [];
  private readonly script: vscode.Uri;
  private readonly root: vscode.Uri;

  constructor(
    extensionUri: vscode.Uri,
    private readonly previews: PreviewDocuments,
  ) {
    this.root = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
    this.script = vscode.Uri.joinPath(this.root, 'conflicts.js');
  }

  /** Opens a view for the question beside the file; settles with the choices, or undefined to cancel. */
  ask(question: ConflictQuestion): Promise<Answer> {
    const fileColumn =
      vscode.window.visibleTextEditors.find(e => e.document.uri.toString() === question.fileUri)?.viewColumn ?? vscode.ViewColumn.One;
    const panel = vscode.window.createWebviewPanel(
      VIEW_TYPE,
      vscode.l10n.t('Resolve conflicts: {0}', question.fileName),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
      { enableScripts: true, localResourceRoots: [this.root] },
    );
    const view = new ConflictView(question, panel, this.script, this.previews, fileColumn, () => this.closed(view));
    this.open.push(view);
    void this.setOpenKey();
    return view.answer;
  }

  /** The view the commands act on: the active one, else the last opened. */
  private current(): ConflictView {
    const view = this.open.find(v => v.panel.active) ?? this.open[this.open.length - 1];
    if (!view)
      throw new Error(
        vscode.l10n.t(
          'No conflict view is open: these commands act on the "Resolve conflicts" tab a push opens when a field changed both in your file and on the service.',
        ),
      );
    return view;
  }

  /** `{ id, choice, value?, remove? }`; without an argument, asks which field and what to keep. */
  async choose(arg?: unknown): Promise<ConflictViewState | undefined> {
    const view = this.current();
    const chosen = arg ?? (await askChoice(view.state()));
    return chosen === undefined ? undefined : view.choose(chosen);
  }

  previewResult(): Promise<ConflictViewState> {
    return this.current().previewResult();
  }

  continue(): void {
    this.current().continue();
  }

  cancel(): void {
    this.current().cancel();
  }

  private closed(view: ConflictView): void {
    this.open.splice(this.open.indexOf(view), 1);
    void this.setOpenKey();
  }

  private setOpenKey(): Thenable<unknown> {
    return vscode.commands.executeCommand(VSCODE_COMMANDS.setContext, OPEN_KEY, this.open.length > 0);
  }

  dispose(): void {
    for (const v of [...this.open]) v.cancel();
  }
}

/** The palette's way to choose: which field (when there are several), then yours, theirs, an edit or removal. */
async function askChoice(state: ConflictViewState): Promise<unknown> {
  const row =
    state.rows.length === 1
      ? state.rows[0]
      : (
          await vscode.window.showQuickPick(
            state.rows.map(r => ({ label: r.path, description: vscode.l10n.t('yours {0} · theirs {1}', r.local, r.remote), row: r })),
            { title: vscode.l10n.t('Which field?'), ignoreFocusOut: true },
          )
        )?.row;
  if (!row) return undefined;
  type Item = vscode.QuickPickItem & { pick: 'local' | 'remote' | 'edit' | 'remove' };
  const words = conflictViewTexts();
  const items: Item[] = [
    { label: words.choices.local, description: row.local, pick: 'local' },
    { label: words.choices.remote, description: row.remote, pick: 'remote' },
    { label: vscode.l10n.t('Edit…'), description: vscode.l10n.t('write the value as JSON'), pick: 'edit' },
    { label: words.removeField, pick: 'remove' },
  ];
  const item = await vscode.window.showQuickPick(items, { title: row.keepFor, ignoreFocusOut: true });
  if (!item) return undefined;
  if (item.pick === 'remove') return { id: row.id, choice: 'edit', remove: true };
  if (item.pick !== 'edit') return { id: row.id, choice: item.pick };
  return askValue(row);
}

async function askValue(row: ConflictRow): Promise<unknown> {
  const text = await vscode.window.showInputBox({
    title: row.valueLabel,
    value: row.editText.replace(/\s*\n\s*/g, ' '),
    ignoreFocusOut: true,
    validateInput: t => {
      const p = parseEdit(t, false);
      return p.ok ? undefined : p.error;
    },
  });
  if (text === undefined) return undefined;
  const parsed = parseEdit(text, false);
  return parsed.ok ? { id: row.id, choice: 'edit', value: parsed.value } : undefined;
}
