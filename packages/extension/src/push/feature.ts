import * as path from 'path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { parse, PreflightRequest, RemoteStateNotification } from '@campaign-studio/core';
import { COMMAND_IDS, CommandTable } from '../commandIds';
import { Feature, registerCommands, StudioContext } from '../context';
import { runWithProgress, SteppedAction } from '../remoteEditor/progress';
import {
  ActionDeps, BaseStore, baseStore, campaignIdOf, Environment as RemoteEnvironment,
  EXECUTION_TYPES, executionsMarkdown, isObject, loadExecutions, LocalRules,
  humanize, idOf, nameOf, parseRecipients, plainText, publishExplanation, pushApi, readBaseSnapshot,
  rememberRecipients, runCreateDraft, runPush, runRemoteValidate, runStatusAction, runTestSend,
  ServiceClient, StatusAction, statusActionQuery, statusActionsFor, StatusDeps, WriteEnvironment,
} from '@campaign-studio/sync';
import { ConflictViews } from './conflictView';
import { DocumentFile, EXECUTIONS_SCHEME, PREVIEW_SCHEME, PreviewDocuments, RemoteFindings, UiParts, VsCodePushUi } from './vscodeUi';
import { PushReviews } from './reviewTab';
import { trustedWrites } from './trust';

/**
 * Push, create draft, validate remotely, test sends, pause / resume / stop, execution history and
 * the publishing explanation, as commands; a CodeLens at the top of campaign files; push on save
 * when `campaignStudio.push.onSave` is on. The flows themselves are plain TypeScript in this
 * folder; this module only connects them to the editor.
 */

/** What the write side needs from the connection (the Remote feature owns it). */
export interface ConnectionSource {
  environment(): RemoteEnvironment | undefined;
  /** The signed-in client, or an error saying how to sign in. */
  requireClient(): ServiceClient;
  readonly onDidChange?: vscode.Event<void>;
}

const RECIPIENTS_KEY = 'campaignStudio.test.recipients';

/** What the commands on a campaign file do, for what they say when they have none to work on. */
type FileAction = 'push' | 'createDraft' | 'validate' | 'sendTest';

/** No campaign file given, and none active: which one to open, as a whole sentence per action. */
function openFirst(action: FileAction | 'actOn'): string {
  switch (action) {
    case 'push': return vscode.l10n.t('Open the `.campaign.json` file to push first.');
    case 'createDraft': return vscode.l10n.t('Open the `.campaign.json` file to create a draft from first.');
    case 'validate': return vscode.l10n.t('Open the `.campaign.json` file to validate first.');
    case 'sendTest': return vscode.l10n.t('Open the `.campaign.json` file to send a test of first.');
    case 'actOn': return vscode.l10n.t('Open the `.campaign.json` file to act on first.');
  }
}

/** The document at `uri` is a read-only view of the service: fetch it first. */
function readOnlyView(action: FileAction, uri: string): string {
  switch (action) {
    case 'push': return vscode.l10n.t('{0} is a read-only view of the service; fetch it into the workspace to push it.', uri);
    case 'createDraft': return vscode.l10n.t('{0} is a read-only view of the service; fetch it into the workspace to create a draft from it.', uri);
    case 'validate': return vscode.l10n.t('{0} is a read-only view of the service; fetch it into the workspace to validate it.', uri);
    case 'sendTest': return vscode.l10n.t('{0} is a read-only view of the service; fetch it into the workspace to send a test of it.', uri);
  }
}

/** What the palette's pause, resume or stop says while it looks for a campaign to act on. */
function statusWords(action: StatusAction, env: string): { looking: string; none: string; title: string } {
  switch (action) {
    case 'PAUSE': return {
      looking: vscode.l10n.t('Looking for campaigns to pause on {0}', env),
      none: vscode.l10n.t('No campaign on {0} can be paused now. Refresh the Campaigns view to see the current statuses.', env),
      title: vscode.l10n.t('Pause which campaign on {0}?', env),
    };
    case 'RESUME': return {
      looking: vscode.l10n.t('Looking for campaigns to resume on {0}', env),
      none: vscode.l10n.t('No campaign on {0} can be resumed now. Refresh the Campaigns view to see the current statuses.', env),
      title: vscode.l10n.t('Resume which campaign on {0}?', env),
    };
    case 'STOP': return {
      looking: vscode.l10n.t('Looking for campaigns to stop on {0}', env),
      none: vscode.l10n.t('No campaign on {0} can be stopped now. Refresh the Campaigns view to see the current statuses.', env),
      title: vscode.l10n.t('Stop which campaign on {0}?', env),
    };
  }
}

/** Why pause, resume or stop refuses several selected campaigns. */
function oneAtATime(action: StatusAction, selected: number): string {
  switch (action) {
    case 'PAUSE': return vscode.l10n.t('Pause works on one campaign at a time, and {0} are selected: select only the campaign to pause.', selected);
    case 'RESUME': return vscode.l10n.t('Resume works on one campaign at a time, and {0} are selected: select only the campaign to resume.', selected);
    case 'STOP': return vscode.l10n.t('Stop works on one campaign at a time, and {0} are selected: select only the campaign to stop.', selected);
  }
}

/** What the test send asks about its recipients: email addresses, or user identifiers. */
function recipientWords(channel: string): { other: string; tick: string } {
  const email = channel === 'EMAIL';
  return {
    other: email ? vscode.l10n.t('Other email addresses…') : vscode.l10n.t('Other user identifiers…'),
    tick: email
      ? vscode.l10n.t('Tick remembered email addresses, or choose "Other" to type more')
      : vscode.l10n.t('Tick remembered user identifiers, or choose "Other" to type more'),
  };
}

/** The input box's prompt for more recipients, with those already ticked. */
function recipientsPrompt(channel: string, already: string[]): string {
  const email = channel === 'EMAIL';
  if (!already.length) {
    return email ? vscode.l10n.t('Email addresses, separated by commas (at most 10 in all)') : vscode.l10n.t('User identifiers, separated by commas (at most 10 in all)');
  }
  const chosen = already.join(', ');
  return email
    ? vscode.l10n.t('Email addresses, separated by commas (at most 10 in all); already chosen: {0}', chosen)
    : vscode.l10n.t('User identifiers, separated by commas (at most 10 in all); already chosen: {0}', chosen);
}

export function pushFeature(connection: () => ConnectionSource | undefined): Feature {
  return { name: 'push', activate: ctx => new PushController(ctx, connection).activate() };
}

class PushController {
  private readonly previews = new PreviewDocuments();
  /** The execution histories, read-only documents with nothing to save. */
  private readonly histories = new PreviewDocuments(EXECUTIONS_SCHEME);
  private findings!: RemoteFindings;
  /** The "Resolve conflicts" tabs this controller's pushes open. */
  private conflicts!: ConflictViews;
  /** What the questions of every action share; each action gets its own `VsCodePushUi` (see `actionOn`). */
  private uiParts!: UiParts;
  /** Files with a write in progress: a second push of the same file waits for the first. */
  private readonly busy = new Set<string>();
  /** Saves made by the flows themselves (a merged component, a new id): not a reason to push. */
  private readonly ownSaves = new Set<string>();
  private readonly lensChanged = new vscode.EventEmitter<void>();

  constructor(private readonly ctx: StudioContext, private readonly connection: () => ConnectionSource | undefined) {}

  activate(): void {
    const subs = this.ctx.extension.subscriptions;
    this.findings = new RemoteFindings(this.ctx.client);
    const reviews = new PushReviews(this.previews);
    this.conflicts = new ConflictViews(this.ctx.extension.extensionUri, this.previews);
    this.uiParts = { findings: this.findings, output: this.ctx.output, reviews, askConflicts: q => this.conflicts.ask(q) };
    subs.push(this.previews, this.findings, reviews, this.conflicts, this.lensChanged);
    subs.push(this.histories, vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, this.previews));
    subs.push(vscode.workspace.registerTextDocumentContentProvider(EXECUTIONS_SCHEME, this.histories));
    subs.push(vscode.languages.registerCodeLensProvider({ scheme: 'file', pattern: '**/*.campaign.json' }, {
      onDidChangeCodeLenses: this.lensChanged.event,
      provideCodeLenses: doc => this.codeLenses(doc),
    }));
    const conn = this.connection();
    if (conn?.onDidChange) subs.push(conn.onDidChange(() => this.lensChanged.fire()));
    subs.push(vscode.workspace.onDidSaveTextDocument(doc => this.onSave(doc)));
    subs.push(vscode.workspace.onDidChangeConfiguration(e => { if (e.affectsConfiguration('campaignStudio')) this.lensChanged.fire(); }));

    const table: CommandTable<'push'> = {
      [COMMAND_IDS.push]: () => this.signedIn(arg => this.withFile(arg, 'push', file => this.push(file))),
      [COMMAND_IDS.createDraft]: () => this.signedIn(arg => this.withFile(arg, 'createDraft', file => this.createDraft(file))),
      [COMMAND_IDS.validateRemote]: () => this.signedIn(arg => this.withFile(arg, 'validate', file => this.validateRemote(file))),
      [COMMAND_IDS.sendTest]: () => this.signedIn(arg => this.withFile(arg, 'sendTest', file => this.sendTest(file))),
      [COMMAND_IDS.pauseCampaign]: () => this.signedIn((arg, selected) => this.status(arg, 'PAUSE', selected)),
      [COMMAND_IDS.resumeCampaign]: () => this.signedIn((arg, selected) => this.status(arg, 'RESUME', selected)),
      [COMMAND_IDS.stopCampaign]: () => this.signedIn((arg, selected) => this.status(arg, 'STOP', selected)),
      [COMMAND_IDS.showExecutions]: () => this.signedIn(arg => this.executions(arg)),
      [COMMAND_IDS.publishInfo]: () => (arg?: unknown) => this.publishInfo(arg),
      [COMMAND_IDS.reviewPush]: () => (arg?: unknown) => reviews.answer(arg, true),
      [COMMAND_IDS.reviewCancel]: () => (arg?: unknown) => reviews.answer(arg, false),
      [COMMAND_IDS.conflictsChoose]: () => (arg?: unknown) => this.conflicts.choose(arg),
      [COMMAND_IDS.conflictsPreviewResult]: () => () => this.conflicts.previewResult(),
      [COMMAND_IDS.conflictsContinue]: () => () => this.conflicts.continue(),
      [COMMAND_IDS.conflictsCancel]: () => () => this.conflicts.cancel(),
    };
    registerCommands(this.ctx, trustedWrites(table));
  }

  // ---- wiring --------------------------------------------------------------------------------

  /**
   * The connection's client. The flows' writes go through `pushApi`, which marks them confirmed:
   * every flow here shows the exact change and asks itself (twice for production), once per user
   * action, so the client's per-request production prompt is not asked as well.
   */
  private client(): ServiceClient {
    const conn = this.connection();
    if (!conn) throw new Error(vscode.l10n.t('The connection to the service is not available: sign in first ("Campaign Studio: Sign In").'));
    return conn.requireClient();
  }

  /**
   * A command that needs the service: signed out, it says so and offers to sign in, then goes on
   * once signed in; dismissed, it ends quietly.
   */
  private signedIn(run: (arg?: unknown, selected?: unknown) => Promise<unknown>): (arg?: unknown, selected?: unknown) => Promise<unknown> {
    return async (arg, selected) => {
      try {
        this.client();
      } catch (e) {
        const signIn = vscode.l10n.t('Sign In');
        const pick = await vscode.window.showWarningMessage(plainText(e instanceof Error ? e.message : String(e)), signIn);
        if (pick !== signIn || !(await vscode.commands.executeCommand<boolean>(COMMAND_IDS.signIn))) return undefined;
      }
      return run(arg, selected);
    };
  }

  private environmentOf(client: ServiceClient): WriteEnvironment {
    const env = client.environment;
    if (!env.email) throw new Error(vscode.l10n.t('Environment `{0}` has no `email`: the service records who made each change (`updated_by`, `created_by`). Add `"email"` to it in the `campaignStudio.environments` setting.', env.name));
    return { name: env.name, production: env.production, email: env.email };
  }

  private workspaceRootOf(uri: vscode.Uri): string {
    const folder = vscode.workspace.getWorkspaceFolder(uri) ?? vscode.workspace.workspaceFolders?.[0];
    if (!folder) throw new Error(vscode.l10n.t('Open the folder that holds your campaign files: base snapshots live in its `.campaigns/` folder.'));
    return folder.uri.fsPath;
  }

  /**
   * The base store. Each new base is a campaign just read from the service (a push's read-back,
   * the service's version taken into the file): the language server gets its remote state, and
   * the other views of it (the Campaigns tree, a read-only document) the record.
   */
  private bases(root: string, client: ServiceClient, fileUri: string): BaseStore {
    const store = baseStore(root, client);
    return {
      read: id => store.read(id),
      hold: store.hold,
      write: async (id, remote) => {
        await store.write(id, remote);
        const params: RemoteStateNotification.Params = { entries: [{ uri: fileUri, state: { status: remote.status || 'UNKNOWN', base: remote.normalized } }] };
        void this.ctx.client.sendNotification(RemoteStateNotification.method, params).then(undefined, () => undefined);
        this.lensChanged.fire();
        this.ctx.campaignRead.fire({ environment: client.environment.name, record: remote.raw });
      },
    };
  }

  /**
   * One user action about the campaign file `uri` (if any): the connection's client scoped to it,
   * so each step's Cancel aborts the step's calls and its waits show there, and the questions,
   * which read the file's settings and run the steps.
   */
  private actionOn(uri: vscode.Uri | undefined): { client: ServiceClient; ui: VsCodePushUi } {
    const steps = new SteppedAction();
    return { client: this.client().forAction(steps), ui: new VsCodePushUi({ ...this.uiParts, resource: uri, action: steps }) };
  }

  /** One user action's ports. */
  private deps(doc: vscode.TextDocument): ActionDeps {
    const { client, ui } = this.actionOn(doc.uri);
    return {
      api: pushApi(client),
      bases: this.bases(this.workspaceRootOf(doc.uri), client, doc.uri.toString()),
      ui,
      env: this.environmentOf(client),
      rules: serverRules(this.ctx.client, doc.uri),
    };
  }

  /** The campaign file a command is about: an explicit URI, else the active editor. */
  private async documentFor(arg: unknown, action: FileAction | 'actOn'): Promise<vscode.TextDocument> {
    const uri = arg instanceof vscode.Uri ? arg : isObject(arg) && arg.resourceUri instanceof vscode.Uri ? arg.resourceUri : undefined;
    if (uri) return vscode.workspace.openTextDocument(uri);
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc || !doc.uri.path.toLowerCase().endsWith('.campaign.json')) throw new Error(openFirst(action));
    return doc;
  }

  private async withFile(arg: unknown, action: FileAction, run: (file: DocumentFile) => Promise<unknown>): Promise<unknown> {
    const doc = await this.documentFor(arg, action);
    if (doc.uri.scheme !== 'file') throw new Error(readOnlyView(action, doc.uri.toString()));
    const key = doc.uri.toString();
    if (this.busy.has(key)) {
      void vscode.window.showWarningMessage(vscode.l10n.t('A write of {0} is already in progress; wait for it to finish.', plainText(path.basename(doc.uri.fsPath))));
      return undefined;
    }
    this.busy.add(key);
    try {
      return await run(new DocumentFile(doc, { onOwnSave: uri => this.ownSaves.add(uri) }));
    } finally {
      this.busy.delete(key);
    }
  }

  // ---- commands ------------------------------------------------------------------------------

  private async push(file: DocumentFile) {
    return runPush(file, this.deps(file.doc));
  }

  private async createDraft(file: DocumentFile) {
    const result = await runCreateDraft(file, this.deps(file.doc));
    this.lensChanged.fire();
    return result;
  }

  private async validateRemote(file: DocumentFile) {
    return runRemoteValidate(file, this.deps(file.doc));
  }

  private async sendTest(file: DocumentFile) {
    const deps = this.deps(file.doc);
    const doc = parse(file.text()).value;
    if (!isObject(doc)) throw new Error(vscode.l10n.t('{0} does not hold a JSON object.', file.name));
    const id = campaignIdOf(doc);
    let mode: 'draft' | 'inline' = 'inline';
    if (id) {
      const pick = await vscode.window.showQuickPick([
        { label: `$(cloud) ${vscode.l10n.t('The saved draft')}`, description: id, detail: vscode.l10n.t('What the service holds now (draft mode); unpushed edits are not included.'), mode: 'draft' as const },
        { label: `$(file) ${vscode.l10n.t('This file\'s content')}`, description: 'inline', detail: vscode.l10n.t('The content of the file as it is now (inline mode, rule B8).'), mode: 'inline' as const },
      ], { title: vscode.l10n.t('Send a test of…'), ignoreFocusOut: true });
      if (!pick) return undefined;
      mode = pick.mode;
    }
    const channel = String(doc.channel ?? '');
    const recipients = await this.askRecipients(channel);
    if (!recipients) return undefined;
    const result = await runTestSend(file, mode, recipients, deps);
    if (result.results) {
      await this.ctx.extension.workspaceState.update(RECIPIENTS_KEY, rememberRecipients(this.ctx.extension.workspaceState.get<string[]>(RECIPIENTS_KEY, []), recipients));
      this.ctx.output.info(result.message);
    }
    return result;
  }

  /** Up to 10 recipients: the remembered ones to tick, and more to type. */
  private async askRecipients(channel: string): Promise<string[] | undefined> {
    const remembered = this.ctx.extension.workspaceState.get<string[]>(RECIPIENTS_KEY, []).filter(r => typeof r === 'string');
    const words = recipientWords(channel);
    let chosen: string[] = [];
    if (remembered.length) {
      type Item = vscode.QuickPickItem & { other?: boolean };
      const items: Item[] = [...remembered.map(r => ({ label: r })), { label: `$(add) ${words.other}`, other: true, alwaysShow: true }];
      const picks = await vscode.window.showQuickPick(items, { canPickMany: true, title: vscode.l10n.t('Send the test to (at most 10)'), placeHolder: words.tick, ignoreFocusOut: true });
      if (!picks) return undefined;
      chosen = picks.filter(p => !p.other).map(p => p.label);
      if (!picks.some(p => p.other)) return this.checkRecipients(chosen.join(','), channel) ?? this.askTyped(channel, chosen);
    }
    return this.askTyped(channel, chosen);
  }

  private checkRecipients(text: string, channel: string): string[] | undefined {
    const r = parseRecipients(text, channel);
    return r.problems.length ? undefined : r.recipients;
  }

  private async askTyped(channel: string, already: string[]): Promise<string[] | undefined> {
    const typed = await vscode.window.showInputBox({
      title: vscode.l10n.t('Send the test to'),
      prompt: recipientsPrompt(channel, already),
      ignoreFocusOut: true,
      validateInput: v => {
        const r = parseRecipients([...already, v].join(','), channel);
        return r.problems.length ? r.problems.join(' ') : undefined;
      },
    });
    if (typed === undefined) return undefined;
    return parseRecipients([...already, typed].join(','), channel).recipients;
  }

  /** A campaign id from a tree item, a file, a `campaign://` URI or a string; the active file otherwise. */
  private async idFrom(arg: unknown): Promise<{ id: string; doc?: vscode.TextDocument; deliveryType?: unknown; name?: string }> {
    if (typeof arg === 'string' && arg) return { id: arg };
    if (isObject(arg)) {
      const record = isObject(arg.record) ? arg.record : undefined;
      const id = typeof arg.id === 'string' ? arg.id : record && typeof record.id === 'string' ? record.id : record && typeof record.campaign_id === 'string' ? record.campaign_id : undefined;
      if (id) {
        const bd = record && isObject(record.basic_details) ? record.basic_details : undefined;
        return { id, deliveryType: record?.campaign_delivery_type, name: typeof bd?.name === 'string' ? bd.name : undefined };
      }
    }
    if (arg instanceof vscode.Uri && arg.scheme === 'campaign') return { id: arg.path.replace(/^\/+/, '').replace(/\.campaign\.json$/, '') };
    const doc = await this.documentFor(arg, 'actOn');
    const value = parse(doc.getText()).value;
    const id = isObject(value) ? campaignIdOf(value) : undefined;
    if (!id) throw new Error(vscode.l10n.t('{0} has no `id`: it is not on the service yet.', path.basename(doc.uri.fsPath)));
    const bd = isObject(value) && isObject(value.basic_details) ? value.basic_details : undefined;
    return { id, doc, deliveryType: isObject(value) ? value.campaign_delivery_type : undefined, name: typeof bd?.name === 'string' ? bd.name : undefined };
  }

  /** A tree item of another environment than the active one must not be acted on with the active one's client. */
  private checkEnvironment(arg: unknown, client: ServiceClient): void {
    if (isObject(arg) && typeof arg.environment === 'string' && arg.environment !== client.environment.name) {
      throw new Error(vscode.l10n.t('This campaign was listed from environment `{0}`, but the active environment is `{1}`. Switch environment first ("Campaign Studio: Switch Environment").', arg.environment, client.environment.name));
    }
  }

  /**
   * Pause, resume or stop one campaign. From the Campaigns view with several campaigns selected
   * (VS Code passes the item clicked, then the selection), it is refused rather than applied to
   * the clicked one only: the person chose several, and a stop cannot be undone.
   */
  private async status(arg: unknown, action: StatusAction, selected?: unknown) {
    if (Array.isArray(selected) && selected.length > 1) throw new Error(oneAtATime(action, selected.length));
    const target = arg === undefined ? await this.statusTarget(action) : await this.idFrom(arg);
    if (!target) return undefined;
    const { client, ui } = this.actionOn(target.doc?.uri);
    this.checkEnvironment(arg, client);
    const root = target.doc ? this.workspaceRootOf(target.doc.uri) : vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const noBases: BaseStore = { read: async () => undefined, write: async () => undefined };
    const deps: StatusDeps = {
      api: pushApi(client),
      bases: root ? this.bases(root, client, target.doc?.uri.toString() ?? '') : noBases,
      ui,
      env: { name: client.environment.name, production: client.environment.production, email: client.environment.email ?? '' },
    };
    const result = await runStatusAction(target.id, action, deps);
    if (result.outcome === 'done') void vscode.commands.executeCommand(COMMAND_IDS.explorerRefresh).then(undefined, () => undefined);
    return result;
  }

  /**
   * From the palette: the campaign of the active editor when the action applies to it as it was
   * last read; otherwise (a draft, an ended campaign, no campaign) the person picks one of the
   * service's campaigns the action applies to.
   */
  private async statusTarget(action: StatusAction): Promise<{ id: string; doc?: vscode.TextDocument } | undefined> {
    const doc = vscode.window.activeTextEditor?.document;
    const value = doc && isCampaignDocument(doc) ? parse(doc.getText()).value : undefined;
    const id = isObject(value) ? campaignIdOf(value) : undefined;
    if (doc && id && isObject(value) && statusActionsFor(value).includes(action)) return { id, doc: doc.uri.scheme === 'file' ? doc : undefined };
    const client = this.client();
    const words = statusWords(action, client.environment.name);
    const candidates = (await runWithProgress(words.looking, step => client.forAction(step).searchAll(statusActionQuery(action))))
      .filter(r => statusActionsFor(r).includes(action));
    if (!candidates.length) {
      void vscode.window.showInformationMessage(plainText(words.none));
      return undefined;
    }
    const pick = await vscode.window.showQuickPick(candidates.map(r => ({
      label: nameOf(r), description: `${humanize(String(r.status ?? ''))} · ${humanize(String(r.channel ?? ''))} · ${humanize(String(r.campaign_delivery_type ?? ''))}`, detail: idOf(r), id: idOf(r),
    })), { title: words.title, placeHolder: vscode.l10n.t('The campaigns this action applies to now'), matchOnDetail: true });
    return pick && { id: pick.id };
  }

  private async executions(arg: unknown) {
    const target = await this.idFrom(arg);
    const { client, ui } = this.actionOn(target.doc?.uri);
    this.checkEnvironment(arg, client);
    const api = pushApi(client);
    let deliveryType = target.deliveryType;
    let name = target.name;
    if (deliveryType === undefined) {
      const remote = await api.getCampaign(target.id);
      deliveryType = remote.raw.campaign_delivery_type;
      const bd = remote.raw.basic_details;
      name = isObject(bd) && typeof bd.name === 'string' ? bd.name : name;
    }
    if (typeof deliveryType === 'string' && !EXECUTION_TYPES.includes(deliveryType)) {
      throw new Error(vscode.l10n.t('Execution history exists only for periodic and business-event-triggered campaigns; campaign {0} is `{1}`.', target.id, deliveryType));
    }
    const history = await ui.progress(vscode.l10n.t('Reading the executions of {0}…', target.id), () => loadExecutions(api, target.id, deliveryType));
    const title = vscode.l10n.t({ message: 'Executions of {0}', args: [(name ?? target.id).replace(/[\\/]+/g, '-')], comment: 'the name of the document that lists a campaign\'s executions' });
    const uri = this.histories.single(target.id, { name: `${title}.md`, text: executionsMarkdown(history, name) });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
    return history;
  }

  private async publishInfo(arg: unknown) {
    let id: string | undefined;
    try { id = (await this.idFrom(arg)).id; } catch { id = undefined; }
    const copy = vscode.l10n.t('Copy the V1 Route');
    const route = `PATCH /core-services/v1/campaigns/${id ?? '{campaign_id}'}`;
    const answer = await vscode.window.showInformationMessage(vscode.l10n.t('Publishing is not part of V5.'), { modal: true, detail: plainText(publishExplanation(id)) }, copy);
    if (answer === copy) await vscode.env.clipboard.writeText(route);
    return route;
  }

  // ---- CodeLens and push on save -------------------------------------------------------------

  private async codeLenses(doc: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const value = parse(doc.getText()).value;
    if (!isObject(value)) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const conn = this.connection();
    let env: RemoteEnvironment | undefined;
    try { env = conn?.requireClient().environment; } catch { env = undefined; }
    if (!env) return [new vscode.CodeLens(top, { title: `$(plug) ${vscode.l10n.t('Sign in to push')}`, command: COMMAND_IDS.signIn })];
    const id = campaignIdOf(value);
    const where = env.production ? vscode.l10n.t('{0} (production)', env.name) : env.name;
    const sendTest = new vscode.CodeLens(top, { title: `$(beaker) ${vscode.l10n.t('Send test')}`, command: COMMAND_IDS.sendTest, arguments: [doc.uri] });
    if (!id) return [new vscode.CodeLens(top, { title: `$(cloud-upload) ${vscode.l10n.t('Create draft on {0}', where)}`, command: COMMAND_IDS.createDraft, arguments: [doc.uri] }), sendTest];
    let hasBase = false;
    try { hasBase = !!(await readBaseSnapshot(this.workspaceRootOf(doc.uri), id)); } catch { hasBase = false; }
    const lenses = [
      hasBase
        ? new vscode.CodeLens(top, {
          title: `$(cloud-upload) ${vscode.l10n.t('Push to {0}', where)}`, command: COMMAND_IDS.push, arguments: [doc.uri],
          tooltip: vscode.l10n.t('Preflight, show exactly what will be sent, then push the changed components'),
        })
        : new vscode.CodeLens(top, {
          title: `$(cloud-download) ${vscode.l10n.t('Fetch to enable push')}`, command: COMMAND_IDS.fetch, arguments: [doc.uri],
          tooltip: vscode.l10n.t('Push needs the base snapshot that fetching records (it asks before replacing your edits)'),
        }),
      new vscode.CodeLens(top, { title: `$(checklist) ${vscode.l10n.t('Validate remotely')}`, command: COMMAND_IDS.validateRemote, arguments: [doc.uri] }),
      sendTest,
    ];
    if (EXECUTION_TYPES.includes(String(value.campaign_delivery_type))) lenses.push(new vscode.CodeLens(top, { title: `$(history) ${vscode.l10n.t('Executions')}`, command: COMMAND_IDS.showExecutions, arguments: [doc.uri] }));
    return lenses;
  }

  private onSave(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    if (this.ownSaves.delete(key)) return;
    if (doc.uri.scheme !== 'file' || !doc.uri.path.toLowerCase().endsWith('.campaign.json')) return;
    if (!vscode.workspace.getConfiguration('campaignStudio.push', doc.uri).get<boolean>('onSave', false)) return;
    const value = parse(doc.getText()).value;
    if (!isObject(value) || !campaignIdOf(value)) return;
    void vscode.commands.executeCommand(COMMAND_IDS.push, doc.uri);
  }
}

/**
 * The rule set as the language server runs it (`campaign/preflight`): the same open documents and
 * settings as the Problems panel, an unsaved `.campaignrc.json` and the editor's overrides
 * included, so a write never checks differently from what the editor shows.
 */
export function serverRules(client: LanguageClient, uri: vscode.Uri): LocalRules {
  return {
    check: async (text, options) => {
      const params: PreflightRequest.Params = { textDocument: { uri: uri.toString() }, text, remote: options.remote, purpose: options.purpose };
      const result = await client.sendRequest(PreflightRequest.type, params);
      return result.findings.map(f => ({ rule: f.rule, severity: f.severity, message: f.message, path: f.path, line: f.range.start.line + 1 }));
    },
  };
}

/** A campaign file of the workspace, or a read-only `campaign:` view of one. */
function isCampaignDocument(doc: vscode.TextDocument): boolean {
  return doc.uri.scheme === 'campaign' || (doc.uri.scheme === 'file' && doc.uri.path.toLowerCase().endsWith('.campaign.json'));
}
