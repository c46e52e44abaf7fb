import { randomBytes } from 'crypto';
import * as path from 'path';
import * as vscode from 'vscode';
import { localZone, parse } from '@campaign-studio/core';
import { baseIdOf } from '@campaign-studio/sync';
import { CampaignRead } from '../context';
import { isPreviewable, isRemoteCampaign } from '../fileKinds';
import { isViewMessage, ModelMessage, PreviewModel, ViewMessage } from './messages';
import { MAX_PREVIEW_CHARS, oversizedModel, previewModel, ProblemInput } from './model';
import { previewPage } from './previewHtml';

/**
 * The one "Campaign preview" panel: beside the editor, following the active campaign document.
 * It redraws on each edit (debounced), on a change of the document's problems and when another
 * campaign editor becomes active; its problem links reveal their line in the editor.
 */

const VIEW_TYPE = 'campaignStudio.preview';
/** Edits in a burst draw once; well under what a person notices as lag. */
const DEBOUNCE_MS = 60;

const SEVERITIES: Record<vscode.DiagnosticSeverity, ProblemInput['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

function problemOf(d: vscode.Diagnostic): ProblemInput {
  const code = typeof d.code === 'object' ? d.code.value : d.code;
  return {
    severity: SEVERITIES[d.severity],
    message: d.message,
    code: code === undefined ? undefined : String(code),
    line: d.range.start.line,
    character: d.range.start.character,
  };
}

function titleOf(doc: vscode.TextDocument): string {
  return vscode.l10n.t('Preview {0}', path.basename(doc.uri.path));
}

export class PreviewPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private document: vscode.TextDocument | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The last read of each campaign by id: where its status and environment come from. */
  private readonly reads = new Map<string, CampaignRead>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly root: vscode.Uri;

  constructor(
    extensionUri: vscode.Uri,
    campaignRead: vscode.Event<CampaignRead>,
    private readonly posted: vscode.EventEmitter<PreviewModel>,
  ) {
    this.root = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
    this.subscriptions.push(
      campaignRead(read => this.remember(read)),
      vscode.window.onDidChangeActiveTextEditor(e => {
        if (e && isPreviewable(e.document)) this.follow(e.document);
      }),
      vscode.workspace.onDidChangeTextDocument(e => {
        if (e.document === this.document) this.schedule();
      }),
      vscode.languages.onDidChangeDiagnostics(e => {
        if (this.document && e.uris.some(u => u.toString() === this.document!.uri.toString())) this.schedule();
      }),
    );
  }

  /**
   * Opens (or reveals) the panel on `uri`: a `vscode.Uri`, or a URI string (what the language
   * server's CodeLens passes); else on the active campaign editor.
   */
  async show(uri?: unknown): Promise<void> {
    const target = typeof uri === 'string' ? vscode.Uri.parse(uri, true) : uri;
    const doc = target instanceof vscode.Uri ? await vscode.workspace.openTextDocument(target) : vscode.window.activeTextEditor?.document;
    if (!doc || !isPreviewable(doc))
      throw new Error(vscode.l10n.t('Open a campaign file (*.campaign.json) first: the preview shows the active campaign file.'));
    if (this.panel) this.panel.reveal(undefined, true);
    else this.panel = this.create(titleOf(doc));
    this.follow(doc);
  }

  /** The panel opens with its file's title, so its tab never shows a placeholder first. */
  private create(title: string): vscode.WebviewPanel {
    const panel = vscode.window.createWebviewPanel(
      VIEW_TYPE,
      title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [this.root], enableFindWidget: true },
    );
    const webview = panel.webview;
    webview.html = previewPage({
      cspSource: webview.cspSource,
      nonce: randomBytes(16).toString('hex'),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.root, 'preview.js')).toString(),
    });
    const messages = webview.onDidReceiveMessage((m: unknown) => {
      if (isViewMessage(m)) void this.handle(m);
    });
    panel.onDidDispose(() => {
      messages.dispose();
      clearTimeout(this.timer);
      this.panel = undefined;
      this.document = undefined;
    });
    return panel;
  }

  private follow(doc: vscode.TextDocument): void {
    if (!this.panel) return;
    this.document = doc;
    this.panel.title = titleOf(doc);
    this.post();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.post(), DEBOUNCE_MS);
  }

  private post(): void {
    clearTimeout(this.timer);
    if (!this.panel || !this.document) return;
    const model = this.modelOf(this.document);
    const message: ModelMessage = { type: 'model', model };
    void this.panel.webview.postMessage(message);
    this.posted.fire(model);
  }

  private modelOf(doc: vscode.TextDocument): PreviewModel {
    const fileName = path.basename(doc.uri.path);
    const problems = vscode.languages.getDiagnostics(doc.uri).map(problemOf);
    const options = { fileName, now: Date.now(), viewerZone: localZone() };
    // The length without copying the text: a 10 MB file is not parsed on each edit.
    const length = doc.offsetAt(doc.lineAt(doc.lineCount - 1).range.end);
    if (length > MAX_PREVIEW_CHARS) return oversizedModel(length, problems, options);
    const value = parse(doc.getText()).value;
    const id = baseIdOf(fileName, value);
    const read = id === undefined ? undefined : this.reads.get(id);
    const status = read?.record.status;
    return previewModel(value, problems, {
      ...options,
      status: typeof status === 'string' ? status : undefined,
      environment: isRemoteCampaign(doc.uri) ? doc.uri.authority : read?.environment,
    });
  }

  private remember(read: CampaignRead): void {
    const id = read.record.id ?? read.record.campaign_id;
    if (typeof id !== 'string') return;
    this.reads.set(id, read);
    this.schedule();
  }

  private async handle(m: ViewMessage): Promise<void> {
    switch (m.type) {
      case 'ready':
        this.post();
        return;
      case 'reveal':
        await this.reveal(m.line, m.character);
        return;
    }
  }

  /** The command's way to follow a problem link: the same check as a message from the webview. */
  revealCommand(arg: unknown): Promise<vscode.TextEditor | undefined> {
    const message = typeof arg === 'object' && arg !== null ? { ...arg, type: 'reveal' } : undefined;
    if (!isViewMessage(message) || message.type !== 'reveal')
      throw new Error(vscode.l10n.t('Give the line and character to reveal, as {0}.', '{ "line": 0, "character": 0 }'));
    return this.reveal(message.line, message.character);
  }

  /** Shows the line in the editor the file is in (the first column when it is in none), focused. */
  private async reveal(line: number, character: number): Promise<vscode.TextEditor | undefined> {
    const doc = this.document;
    if (!doc) return undefined;
    const column = vscode.window.visibleTextEditors.find(e => e.document === doc)?.viewColumn ?? vscode.ViewColumn.One;
    const position = doc.validatePosition(new vscode.Position(line, character));
    return vscode.window.showTextDocument(doc, {
      viewColumn: column,
      selection: new vscode.Range(position, position),
      preserveFocus: false,
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
