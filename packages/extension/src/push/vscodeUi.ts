import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { parse, rangeFor, RemoteFindingsNotification } from '@campaign-studio/core';
import {
  ConfirmHow,
  ConflictChoice,
  ConflictQuestion,
  list,
  plainText,
  LocalFile,
  Problem,
  ProgressStep,
  PushPreview,
  PushUi,
  RemoteFinding,
  stillCurrent,
  track,
  TrackedFinding,
  waitText,
} from '@campaign-studio/sync';
import { SteppedAction } from '../remoteEditor/progress';
import { modalQuestion, reviewDocuments, ReviewSide, TypedConfirmation, typedConfirmation, typedQuestion, TypingTexts } from './review';
import type { PushReviews } from './reviewTab';

/**
 * The editor side of the write flows: the push review (the exact body in a diff tab, see
 * reviewTab.ts) or a short modal, the typed confirmation for production, conflicts handed to the
 * conflict view, modal questions, the user's document as the flows' file, and findings from the
 * service kept on the file (through the language server) until the component they are about
 * changes.
 */

export const PREVIEW_SCHEME = 'campaign-push';
export const EXECUTIONS_SCHEME = 'campaign-executions';

/**
 * Read-only documents made of texts: the push reviews' (`campaign-push:/<key>/<name>`), the
 * execution histories' (`campaign-executions:/<key>/<name>`). Nothing to save: no file behind them.
 */
export class PreviewDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private counter = 0;

  constructor(readonly scheme = PREVIEW_SCHEME) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '';
  }

  /** Two documents for a diff; the key makes each pair distinct so VS Code never shows a stale one. */
  pair(label: string, left: ReviewSide, right: ReviewSide): { left: vscode.Uri; right: vscode.Uri } {
    const key = this.key(label);
    return { left: this.add(key, left), right: this.add(key, right) };
  }

  /** One document, new each time (a tab showing an older one keeps it). */
  single(label: string, side: ReviewSide): vscode.Uri {
    return this.add(this.key(label), side);
  }

  private key(label: string): string {
    return `${++this.counter}-${label.replace(/[^A-Za-z0-9._-]+/g, '-')}`;
  }

  private add(key: string, side: ReviewSide): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${key}/${side.name}` });
    this.texts.set(uri.path, side.text);
    // A bound in case documents are never forgotten.
    while (this.texts.size > 40) this.texts.delete(this.texts.keys().next().value as string);
    return uri;
  }

  /** Closes the diff tabs showing these documents, and forgets their texts. */
  async close(...uris: vscode.Uri[]): Promise<void> {
    await vscode.window.tabGroups.close(diffTabsShowing(uris));
    for (const u of uris) this.texts.delete(u.path);
  }

  dispose(): void {
    this.changed.dispose();
    this.texts.clear();
  }
}

/** The open diff tabs whose right-hand document is one of `uris`. */
export function diffTabsShowing(uris: readonly vscode.Uri[]): vscode.Tab[] {
  const keys = new Set(uris.map(u => u.toString()));
  return vscode.window.tabGroups.all
    .flatMap(g => g.tabs)
    .filter(t => t.input instanceof vscode.TabInputTextDiff && keys.has(t.input.modified.toString()));
}

/**
 * Findings from the service (and the state rules) per file, sent to the language server, and
 * dropped as soon as the component they describe changes.
 */
export class RemoteFindings implements vscode.Disposable {
  private readonly byUri = new Map<string, TrackedFinding[]>();
  private readonly sub: vscode.Disposable;

  constructor(private readonly client: LanguageClient) {
    this.sub = vscode.workspace.onDidChangeTextDocument(e => this.recheck(e.document));
  }

  set(uri: string, findings: Array<RemoteFinding | Problem>, doc: unknown): void {
    const tracked = track(
      this.notShownYet(uri, findings).map(f => ({ rule: f.rule, path: f.path, message: f.message, severity: f.severity })),
      doc,
    );
    if (tracked.length) this.byUri.set(uri, tracked);
    else this.byUri.delete(uri);
    this.send(uri, tracked);
  }

  /**
   * The language server already reports P1–P3 against the base it was given; a state problem it
   * shows on the same line is not shown twice. (The push checks the current remote status, so it
   * may find more, and those are shown.)
   */
  private notShownYet(uri: string, findings: Array<RemoteFinding | Problem>): Array<RemoteFinding | Problem> {
    const doc = vscode.workspace.textDocuments.find(d => d.uri.toString() === uri);
    if (!doc) return findings;
    const ours = new Set((this.byUri.get(uri) ?? []).map(f => f.message));
    const server = vscode.languages.getDiagnostics(doc.uri).filter(d => d.source === 'campaign-studio' && !ours.has(d.message));
    if (!server.length) return findings;
    const parsed = parse(doc.getText());
    const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code ?? ''));
    return findings.filter(
      f => !(/^P[1-3]$/.test(f.rule) && server.some(d => codeOf(d) === f.rule && d.range.start.line === rangeFor(parsed, f).start.line)),
    );
  }

  get(uri: string): TrackedFinding[] {
    return this.byUri.get(uri) ?? [];
  }

  private recheck(doc: vscode.TextDocument): void {
    const uri = doc.uri.toString();
    const current = this.byUri.get(uri);
    if (!current) return;
    const kept = stillCurrent(current, parse(doc.getText()).value);
    if (kept.length === current.length) return;
    if (kept.length) this.byUri.set(uri, kept);
    else this.byUri.delete(uri);
    this.send(uri, kept);
  }

  private send(uri: string, findings: TrackedFinding[]): void {
    const params: RemoteFindingsNotification.Params = {
      uri,
      findings: findings.map(f => ({ rule: f.rule, path: f.path, message: f.message, severity: f.severity })),
    };
    void this.client.sendNotification(RemoteFindingsNotification.method, params);
  }

  dispose(): void {
    this.sub.dispose();
  }
}

/** What a `DocumentFile` tells its owner: the saves it makes itself. */
export interface DocumentFileHooks {
  /** Called just before the file saves the document itself (a merge, a new id): not a user's save. */
  onOwnSave?(uri: string): void;
}

/** The user's file, as an open text document: reads the buffer, writes through an edit. */
export class DocumentFile implements LocalFile {
  constructor(
    readonly doc: vscode.TextDocument,
    private readonly hooks: DocumentFileHooks = {},
  ) {}

  get uri(): string {
    return this.doc.uri.toString();
  }
  get name(): string {
    return this.doc.uri.path.split('/').pop() ?? this.doc.uri.path;
  }

  text(): string {
    return this.doc.getText();
  }

  async replace(expected: string, next: string): Promise<boolean> {
    if (this.doc.getText() !== expected) return false;
    const wasClean = !this.doc.isDirty;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(this.doc.uri, new vscode.Range(this.doc.positionAt(0), this.doc.positionAt(expected.length)), next);
    if (!(await vscode.workspace.applyEdit(edit))) return false;
    // A file that was saved stays saved; a file with unsaved edits keeps them unsaved.
    if (wasClean && this.doc.uri.scheme === 'file') {
      this.hooks.onOwnSave?.(this.uri);
      await this.doc.save();
    }
    return true;
  }

  whenSaved(then: (savedText: string) => void): { cancel(): void } {
    if (!this.doc.isDirty) {
      then(this.doc.getText());
      return { cancel: () => undefined };
    }
    const uri = this.uri;
    const subs = [
      vscode.workspace.onDidSaveTextDocument(d => {
        if (d.uri.toString() !== uri) return;
        dispose();
        then(d.getText());
      }),
      // Closed without saving: what it held is gone, and so is the reason to wait.
      vscode.workspace.onDidCloseTextDocument(d => {
        if (d.uri.toString() === uri) dispose();
      }),
    ];
    const dispose = () => {
      for (const s of subs.splice(0)) s.dispose();
    };
    return { cancel: dispose };
  }
}

/** What the questions of every user action share. */
export interface UiParts {
  findings: RemoteFindings;
  output: vscode.LogOutputChannel;
  reviews: PushReviews;
  /** The view that decides conflicts (the "Resolve conflicts" tab). */
  askConflicts: (q: ConflictQuestion) => Promise<Record<string, ConflictChoice> | undefined>;
}

/** The questions of one user action. */
export interface UiOptions extends UiParts {
  /** The campaign file the questions are about, for its settings. */
  resource?: vscode.Uri;
  /** The user action whose service calls the progress notifications run (their Cancel, their waits). */
  action: SteppedAction;
}

/** What the typed question of a flow says: type the campaign's name to do what its button (`yes`) says. */
function typingTexts(name: string, yes: string): TypingTexts {
  return {
    ask: vscode.l10n.t({
      message: 'Type {0} to {1}, or press Escape to cancel.',
      args: [name, yes.toLowerCase()],
      comment: '{1} is the label of the button that confirms, in lower case, such as "stop in production"',
    }),
    wrong: vscode.l10n.t("Type the campaign's name exactly: {0}. Escape cancels.", name),
  };
}

/** An input box that accepts only the expected text; Escape cancels. */
export async function askTypedName(t: TypedConfirmation): Promise<boolean> {
  const severity = { info: vscode.InputBoxValidationSeverity.Info, error: vscode.InputBoxValidationSeverity.Error };
  const typed = await vscode.window.showInputBox({
    title: t.title,
    prompt: t.prompt,
    placeHolder: t.placeHolder,
    ignoreFocusOut: true,
    validateInput: v => {
      const m = t.check(v);
      return m && { message: m.message, severity: severity[m.severity] };
    },
  });
  return typed !== undefined && t.check(typed) === undefined;
}

/**
 * The questions of one user action about one file (its settings, `campaignStudio.push.confirmation`,
 * apply): each step's Cancel aborts the action's call in flight.
 */
export class VsCodePushUi implements PushUi {
  /** The notification the steps report into while `grouped` runs. */
  private group?: ProgressChannel;

  constructor(private readonly o: UiOptions) {}

  /** Round 1: the review tab, or a short modal when the setting asks for one; round 2 (production): the typed name. */
  async confirmPush(p: PushPreview, round: 1 | 2): Promise<boolean> {
    if (round === 2) return askTypedName(typedConfirmation(p));
    const how = vscode.workspace.getConfiguration('campaignStudio.push', this.o.resource).get<string>('confirmation', 'review');
    if (how === 'modal') {
      const q = modalQuestion(p);
      return (
        (await vscode.window.showWarningMessage(plainText(q.message), { modal: true, detail: plainText(q.detail) }, q.button)) === q.button
      );
    }
    return this.o.reviews.ask(reviewDocuments(p), p.campaignId, this.o.resource);
  }

  resolveConflicts(q: ConflictQuestion): Promise<Record<string, ConflictChoice> | undefined> {
    return this.o.askConflicts(q);
  }

  async offerRemoteVersion(components: string[], info: { campaignId: string }): Promise<boolean> {
    const take = vscode.l10n.t('Update My File');
    const answer = await vscode.window.showInformationMessage(
      vscode.l10n.t(
        "Pushed. The service's copy of {0} differs from what was sent (it normalizes or fills in values).",
        plainText(list(components)),
      ),
      {
        modal: true,
        detail: vscode.l10n.t(
          "Take the service's version of {0} of campaign {1} into your file? Otherwise your file stays exactly as it is, and the difference shows as a local change.",
          list(components),
          info.campaignId,
        ),
      },
      take,
    );
    return answer === take;
  }

  /**
   * A modal; an irreversible yes comes after the safe answer ("Keep As It Is"), which is the
   * default (Enter), and one to be typed is an input box that accepts only that text.
   */
  async confirm(message: string, detail: string, yes: string, how: ConfirmHow = {}): Promise<boolean> {
    if (how.typed !== undefined)
      return askTypedName(typedQuestion(plainText(message), plainText(detail), how.typed, typingTexts(how.typed, yes)));
    const buttons = how.irreversible ? [vscode.l10n.t('Keep As It Is'), yes] : [yes];
    return (await vscode.window.showWarningMessage(plainText(message), { modal: true, detail: plainText(detail) }, ...buttons)) === yes;
  }

  info(message: string): void {
    this.o.output.info(message);
    void vscode.window.showInformationMessage(plainText(message));
  }

  warn(message: string): void {
    this.o.output.warn(message);
    void vscode.window.showWarningMessage(plainText(message));
  }

  error(message: string): void {
    this.o.output.error(message);
    void vscode.window.showErrorMessage(plainText(message), vscode.l10n.t('Show Log')).then(p => {
      if (p) this.o.output.show(true);
    });
  }

  showFindings(uri: string, findings: Array<RemoteFinding | Problem>, doc: unknown): void {
    this.o.findings.set(uri, findings, doc);
  }

  /**
   * A notification with the step's title, what it waits for, and Cancel, which aborts the step's
   * service call in flight (through the action's scoped client) and the step's own signal.
   */
  progress<T>(title: string, task: (step: ProgressStep) => Promise<T>): Promise<T> {
    if (this.group) return this.step(this.group, title, task);
    return Promise.resolve(
      vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) =>
        this.step({ progress, token }, undefined, task),
      ),
    );
  }

  /**
   * Runs `run` under one progress notification titled `title`, each of the flows' steps saying
   * itself in it: a write of many requests (a draft and its components) shows one notification
   * instead of one per request, which VS Code would stop popping up, the outcome's included.
   */
  grouped<T>(title: string, run: () => Promise<T>): Promise<T> {
    return Promise.resolve(
      vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
        this.group = { progress, token };
        try {
          return await run();
        } finally {
          this.group = undefined;
        }
      }),
    );
  }

  /** One step in a notification: its title (in a group) and what it waits for reported there, Cancel aborting it. */
  private async step<T>(at: ProgressChannel, title: string | undefined, task: (step: ProgressStep) => Promise<T>): Promise<T> {
    const cancel = new AbortController();
    const sub = at.token.onCancellationRequested(() => cancel.abort());
    if (at.token.isCancellationRequested) cancel.abort();
    const report = (message: string) => at.progress.report({ message: title ? `${title} ${message}` : message });
    if (title) at.progress.report({ message: title });
    try {
      return await this.o.action.during({ signal: cancel.signal, onWait: w => report(waitText(w)) }, () =>
        task({ report, signal: cancel.signal }),
      );
    } finally {
      sub.dispose();
    }
  }
}

/** A progress notification and its Cancel. */
interface ProgressChannel {
  progress: vscode.Progress<{ message?: string }>;
  token: vscode.CancellationToken;
}
