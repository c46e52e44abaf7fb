import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { CHANNELS, DELIVERY_TYPES } from '@campaign-studio/core';
import {
  campaignIdOfFile,
  ComponentSummary,
  describeComponentSummary,
  describeFetchMany,
  diffComponents,
  EMPTY_FILTER,
  ExplorerFilter,
  fetchCampaigns,
  FetchChoice,
  fetchIntoWorkspace,
  FetchManyEntry,
  FetchManyReport,
  FetchPorts,
  FetchResult,
  FileCheck,
  flowMembers,
  humanize,
  idFromFileName,
  idOf,
  isSafeId,
  nameOf,
  parseCampaignIds,
  parseList,
  readBaseSnapshot,
  plainText,
  sanitizeFilter,
  STATUSES,
  ActionContext,
} from '@campaign-studio/sync';
import { COMMAND_IDS, CommandTable, VSCODE_COMMANDS } from '../commandIds';
import { CampaignRead } from '../context';
import { CAMPAIGN_FILES_EXCLUDE, CAMPAIGN_FILES_GLOB, isCampaignFile } from '../fileKinds';
import { Connection, reportError, SignInArgs } from './connection';
import { baseUri, OpenSuperseded, parseRemoteUri, readingTitle, remoteUri, RemoteDocuments } from './documents';
import { CampaignFileStates } from './fileStates';
import { CountedAction, runCounted, runWithProgress } from './progress';
import { CampaignNode, CampaignsProvider, ExecutionNode, ExplorerNode, MoreNode } from './tree';
import { documentText, openDocument, unsavedText } from './workspaceText';
import type { WalkthroughStep } from '../onboarding/walkthrough';

/**
 * The remote commands, as a table of factories for `registerCommands`. Every command accepts
 * what the places it is run from give it: a tree item, a `campaign://` or file URI, a campaign id,
 * or nothing (the active editor, else a question). Scripts and tests may pass an options object.
 */

export interface RemoteParts {
  conn: Connection;
  tree: CampaignsProvider;
  documents: RemoteDocuments;
  fileStates: CampaignFileStates;
  campaignRead: vscode.EventEmitter<CampaignRead>;
  stepDone: vscode.EventEmitter<WalkthroughStep>;
}

/** Where a command's campaign is: environment, id, and the local file when there is one. */
interface Target {
  environment: string;
  id: string;
  file?: vscode.Uri;
}

/** Options a script or test may pass to fetch. */
interface FetchArgs {
  id?: string;
  /** Several campaigns, read in one batched read (with `environment`, else the active one). */
  ids?: string[];
  environment?: string;
  /** The answer when fetching would overwrite local edits (otherwise the user is asked). */
  onConflict?: FetchChoice;
  /** Open the file afterwards (default true). */
  reveal?: boolean;
}

function isTargetArgs(a: unknown): a is { id?: string; environment?: string; uri?: string } {
  return !!a && typeof a === 'object' && !(a instanceof vscode.Uri) && !(a instanceof CampaignNode) && !(a instanceof ExecutionNode);
}

async function resolveTarget(parts: RemoteParts, arg: unknown, ask = true): Promise<Target | undefined> {
  const activeEnv = () => parts.conn.environment()?.name;
  if (isTargetArgs(arg) && arg.uri) return resolveTarget(parts, vscode.Uri.parse(arg.uri), ask);
  const selected = targetOfSelected(arg, activeEnv());
  if (selected) return { ...selected, file: await findLocalFile(selected.id) };
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const fromUri = uri ? await targetOfUri(uri, arg instanceof vscode.Uri, activeEnv) : undefined;
  if (fromUri || !ask) return fromUri;
  return askForTarget(requireEnvironment(activeEnv()));
}

function requireEnvironment(env: string | undefined): string {
  if (!env) throw new Error(vscode.l10n.t('No environment is configured: sign in first.'));
  return env;
}

/**
 * The campaign of a `campaign://` address or of a fetched file (by the id inside it or in its
 * name, in the environment its base was fetched from). `explicit`: the URI was given to the
 * command, so a campaign file without an id is an error rather than a reason to ask.
 */
async function targetOfUri(uri: vscode.Uri, explicit: boolean, activeEnv: () => string | undefined): Promise<Target | undefined> {
  const remote = parseRemoteUri(uri);
  if (remote) return { ...remote, file: await findLocalFile(remote.id) };
  if (!isCampaignFile(uri)) return undefined;
  const text = await documentText(uri);
  const id = campaignIdOfFile(uri.fsPath, text);
  if (id && isSafeId(id)) {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const base = folder ? await readBaseSnapshot(folder.uri.fsPath, id).catch(() => undefined) : undefined;
    return { environment: requireEnvironment(base?.environment ?? activeEnv()), id, file: uri };
  }
  if (explicit)
    throw new Error(
      vscode.l10n.t(
        '{0} has no campaign id (no `id` inside and none in its name): it was not fetched from the service. Push it as a new draft, or fetch the campaign first.',
        path.basename(uri.fsPath),
      ),
    );
  return undefined;
}

async function askForTarget(env: string): Promise<Target | undefined> {
  const id = await vscode.window.showInputBox({
    title: vscode.l10n.t('Campaign id ({0})', env),
    prompt: vscode.l10n.t('The 24-character id of the campaign, as the Campaigns view and the dashboard show it'),
    validateInput: v =>
      isSafeId(v.trim()) ? undefined : vscode.l10n.t('A campaign id: letters and digits, such as 65f0c1d2e3a4b5c6d7e8f901.'),
  });
  if (!id) return undefined;
  return { environment: env, id: id.trim(), file: await findLocalFile(id.trim()) };
}

/**
 * From the palette, several campaigns at once: the input takes one or more ids, separated by
 * commas or spaces, each checked as one id is.
 */
async function askForIds(env: string): Promise<string[] | undefined> {
  const typed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Campaign ids ({0})', env),
    prompt: vscode.l10n.t(
      'One or more campaign ids (24 characters each, as the Campaigns view and the dashboard show them), separated by commas or spaces',
    ),
    validateInput: v => {
      const { ids, invalid } = parseCampaignIds(v);
      if (invalid.length)
        return plainText(
          vscode.l10n.t('`{0}` is not a campaign id: ids are letters and digits, such as 65f0c1d2e3a4b5c6d7e8f901.', invalid[0]),
        );
      return ids.length ? undefined : vscode.l10n.t('A campaign id: letters and digits, such as 65f0c1d2e3a4b5c6d7e8f901.');
    },
  });
  if (typed === undefined) return undefined;
  const { ids } = parseCampaignIds(typed);
  return ids.length ? ids : undefined;
}

/** The campaign of one of the items selected in the Campaigns view (or such an item as a script passes it). */
function targetOfSelected(node: unknown, activeEnv: string | undefined): { environment: string; id: string } | undefined {
  if (node instanceof CampaignNode) return { environment: node.environment, id: node.id };
  if (node instanceof ExecutionNode) return node.id ? { environment: node.parent.environment, id: node.id } : undefined;
  if (typeof node === 'string' && node.trim()) return { environment: requireEnvironment(activeEnv), id: checkId(node.trim()) };
  if (isTargetArgs(node) && node.id) return { environment: requireEnvironment(node.environment ?? activeEnv), id: checkId(node.id) };
  return undefined;
}

/** Every campaign file of the workspace by the id in its name: one file search for a fetch of many. */
async function localFilesById(): Promise<Map<string, vscode.Uri>> {
  const out = new Map<string, vscode.Uri>();
  if (!vscode.workspace.workspaceFolders?.length) return out;
  for (const uri of await vscode.workspace.findFiles(CAMPAIGN_FILES_GLOB, CAMPAIGN_FILES_EXCLUDE)) {
    const id = idFromFileName(uri.fsPath);
    if (id && !out.has(id)) out.set(id, uri);
  }
  return out;
}

function checkId(id: string): string {
  if (!isSafeId(id))
    throw new Error(vscode.l10n.t('`{0}` is not a campaign id: ids are letters and digits, such as 65f0c1d2e3a4b5c6d7e8f901.', id));
  return id;
}

/** The fetched file of a campaign in the workspace, found by the id in its name. */
async function findLocalFile(id: string): Promise<vscode.Uri | undefined> {
  if (!isSafeId(id) || !vscode.workspace.workspaceFolders?.length) return undefined;
  const hits = await vscode.workspace.findFiles(`**/*.${id}.campaign.json`, CAMPAIGN_FILES_EXCLUDE, 1);
  return hits[0];
}

async function clientOf(parts: RemoteParts, environment: string) {
  const client = await parts.conn.clientFor(environment);
  if (client) return client;
  if (parts.conn.environmentNamed(environment)) {
    const signIn = await vscode.window.showWarningMessage(
      vscode.l10n.t('Not signed in to environment "{0}".', plainText(environment)),
      vscode.l10n.t('Sign In'),
    );
    if (signIn && (await parts.conn.signIn({ environment }))) return parts.conn.requireClient();
    return undefined;
  }
  throw new Error(
    vscode.l10n.t(
      'No environment named `{0}` in the `campaignStudio.environments` setting: add it, or switch to the environment the campaign belongs to.',
      environment,
    ),
  );
}

async function pickFolder(file?: vscode.Uri): Promise<vscode.WorkspaceFolder | undefined> {
  if (file) {
    const f = vscode.workspace.getWorkspaceFolder(file);
    if (f) return f;
  }
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) throw new Error(vscode.l10n.t('Open a folder first: fetched campaigns are written into the workspace.'));
  if (folders.length === 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Fetch into which workspace folder?') });
}

async function readLocal(uri: vscode.Uri): Promise<{ text: string; doc: unknown }> {
  const open = openDocument(uri);
  const text = open ? open.getText() : Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error(vscode.l10n.t('{0} is not valid JSON: fix the syntax errors first, then compare.', path.basename(uri.fsPath)));
  }
  return { text, doc };
}

/** Writes through an open document (keeping undo) and saves it; otherwise to disk. */
async function writeThroughEditor(file: string, text: string): Promise<void> {
  const uri = vscode.Uri.file(file);
  const open = vscode.workspace.textDocuments.find(d => d.uri.fsPath === uri.fsPath);
  if (open) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(open.uri, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), text);
    if (!(await vscode.workspace.applyEdit(edit)))
      throw new Error(vscode.l10n.t('Could not update the open editor of {0}; nothing was written.', path.basename(file)));
    if (!(await open.save())) throw new Error(vscode.l10n.t('Could not save {0}.', path.basename(file)));
    return;
  }
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
}

function summaryDetail(s: ComponentSummary | undefined): string {
  if (!s || !s.changes.length) return '';
  return s.changes
    .map(
      c =>
        `• ${c.key}: ${c.kind === 'changed' ? vscode.l10n.t('edited') : c.kind === 'added' ? vscode.l10n.t('added locally') : vscode.l10n.t('removed locally')}`,
    )
    .join('\n');
}

/** The title of the diff of a campaign file against the service's campaign. */
function remoteDiffTitle(file: string, environment: string): string {
  return vscode.l10n.t('{0}: remote ({1}) ↔ local', path.basename(file), environment);
}

export function remoteCommands(parts: RemoteParts): CommandTable<'remote'> {
  const { conn, tree } = parts;
  const commands = new RemoteCommands(parts);
  return {
    [COMMAND_IDS.signIn]: () => async (args?: SignInArgs) => conn.signIn(args && typeof args === 'object' ? args : {}),
    [COMMAND_IDS.signOut]: () => () => conn.signOut(),
    [COMMAND_IDS.switchEnvironment]: () => async (name?: unknown) =>
      conn.switchEnvironment(typeof name === 'string' ? name : isTargetArgs(name) ? name.environment : undefined),
    [COMMAND_IDS.addEnvironment]: () => () => commands.addEnvironment(),
    [COMMAND_IDS.showServiceLog]: () => () => conn.log.show(true),
    [COMMAND_IDS.connectionRetry]: () => () => conn.retry(),
    [COMMAND_IDS.openRemote]: () => (arg?: unknown) => commands.openRemote(arg),
    [COMMAND_IDS.fetch]: () => (arg?: unknown, selected?: unknown) => commands.fetch(arg, selected),
    [COMMAND_IDS.fetchToEdit]: () => (arg?: unknown) => commands.fetchToEdit(arg),
    [COMMAND_IDS.diffRemote]: () => (arg?: unknown) => commands.diffRemote(arg),
    [COMMAND_IDS.diffBase]: () => (arg?: unknown) => commands.diffBase(arg),
    [COMMAND_IDS.summarizeChanges]: () => (arg?: unknown) => commands.summarizeChanges(arg),
    [COMMAND_IDS.checkWorkspace]: () => () => commands.checkWorkspace(),
    [COMMAND_IDS.explorerRefresh]: () => (node?: ExplorerNode) => tree.retry(node),
    [COMMAND_IDS.explorerLoadMore]: () => (node?: MoreNode) => commands.loadMore(node),
    [COMMAND_IDS.explorerGroupByStatus]: () => () => tree.setGroupBy('status'),
    [COMMAND_IDS.explorerGroupByChannel]: () => () => tree.setGroupBy('channel'),
    [COMMAND_IDS.explorerClearFilters]: () => () => tree.setFilter(EMPTY_FILTER),
    [COMMAND_IDS.explorerFilter]: () => (arg?: unknown) => commands.filter(arg),
    [COMMAND_IDS.explorerCopyId]: () => (node?: unknown, selected?: unknown) => commands.copyId(node, selected),
    [COMMAND_IDS.explorerShowFlow]: () => (node?: unknown) => commands.showFlow(node),
    /** Automation: the loaded tree as data (not contributed to the palette). */
    [COMMAND_IDS.internalExplorerSnapshot]: () => (args?: { loadMore?: string; expand?: boolean }) => commands.explorerSnapshot(args),
  };
}

/** The answer given for every remaining file of a fetch of many ("Overwrite All", "Skip All"). */
interface ManyAnswers {
  all?: FetchChoice;
}

/**
 * What every environment of a fetch of many shares, found for the first one that gets that far:
 * the workspace folder it writes into, the campaign files there by id (with those it has written),
 * and the "All" answers, which the dialog says apply to every other file of the fetch.
 */
interface ManyFetch {
  folder?: vscode.WorkspaceFolder;
  existing?: Map<string, vscode.Uri>;
  answers: ManyAnswers;
}

/** How many failures a fetch of many names in its message; the log has every one. */
const MANY_FAILURES_SHOWN = 3;

/** The commands that need more than one call on the connection or the tree. */
class RemoteCommands {
  private readonly conn: Connection;
  private readonly tree: CampaignsProvider;
  private readonly documents: RemoteDocuments;

  constructor(private readonly parts: RemoteParts) {
    this.conn = parts.conn;
    this.tree = parts.tree;
    this.documents = parts.documents;
  }

  async addEnvironment(): Promise<boolean> {
    const env = await this.conn.addEnvironment();
    if (env) return this.conn.signIn({ environment: env.name });
    return false;
  }

  async openRemote(arg?: unknown): Promise<string | undefined> {
    const target = await resolveTarget(this.parts, arg);
    if (!target) return undefined;
    try {
      if (!(await clientOf(this.parts, target.environment))) return undefined;
      const editor = await this.documents.open(target.environment, target.id, {
        refresh: arg instanceof CampaignNode || typeof arg === 'string',
      });
      return editor.document.uri.toString();
    } catch (e) {
      if (!(e instanceof OpenSuperseded))
        reportError(this.conn, e, vscode.l10n.t('Opening campaign {0}', target.id), () => this.openRemote(arg));
      return undefined;
    }
  }

  /**
   * From a read-only view (its title button, or the link of the message shown when someone types
   * in it): the campaign fetched into its file, which opens for editing.
   */
  fetchToEdit(arg?: unknown): Promise<FetchResult | FetchManyReport | undefined> {
    return this.fetch(arg instanceof vscode.Uri ? arg : undefined);
  }

  /**
   * Fetch one campaign (an item, a file, an id, the active campaign editor), or several: the
   * items selected in the Campaigns view (VS Code passes the item clicked, then the selection),
   * `{ ids }` from a script, or ids typed in the palette's input. Several are read in one batched
   * read per environment.
   */
  async fetch(arg?: unknown, selected?: unknown): Promise<FetchResult | FetchManyReport | undefined> {
    const opts: FetchArgs = isTargetArgs(arg) ? (arg as FetchArgs) : {};
    const activeEnv = this.conn.environment()?.name;
    let many: Array<{ environment: string; id: string }> | undefined;
    if (Array.isArray(selected)) {
      many = selected.map(n => targetOfSelected(n, activeEnv)).filter((t): t is { environment: string; id: string } => !!t);
    } else if (Array.isArray(opts.ids)) {
      many = opts.ids.map(id => ({ environment: requireEnvironment(opts.environment ?? activeEnv), id: checkId(String(id).trim()) }));
    } else if (arg === undefined) {
      const active = await resolveTarget(this.parts, undefined, false);
      if (active) return this.fetchOne(active, arg, opts);
      const env = requireEnvironment(activeEnv);
      const ids = await askForIds(env);
      if (!ids) return undefined;
      many = ids.map(id => ({ environment: env, id }));
    }
    if (many && many.length > 1) return this.fetchMany(many, opts);
    const target = many?.length === 1 ? { ...many[0], file: await findLocalFile(many[0].id) } : await resolveTarget(this.parts, arg);
    if (!target) return undefined;
    return this.fetchOne(target, arg, opts);
  }

  private async fetchOne(target: Target, arg: unknown, opts: FetchArgs): Promise<FetchResult | undefined> {
    try {
      const client = await clientOf(this.parts, target.environment);
      if (!client) return undefined;
      const folder = await pickFolder(target.file);
      if (!folder) return undefined;
      const fetchFolder = vscode.workspace.getConfiguration('campaignStudio.fetch', folder.uri).get<string>('folder', 'campaigns');
      const result = await runWithProgress(vscode.l10n.t('Fetching campaign {0} from {1}', target.id, target.environment), action =>
        fetchIntoWorkspace(target.id, {
          client: client.forAction(action),
          workspaceRoot: folder.uri.fsPath,
          folder: fetchFolder,
          signal: action.signal,
          findExisting: async () => target.file?.fsPath,
          unsavedText,
          writeFile: writeThroughEditor,
          ask: (decision, file, incoming) => this.askBeforeReplacing(target, opts, [decision, file, incoming]),
        }),
      );
      this.parts.campaignRead.fire({ environment: client.environment.name, record: result.record });
      if (result.outcome === 'written' || result.outcome === 'unchanged') this.parts.stepDone.fire('fetched');
      await this.showFetched(target, opts, result);
      return result;
    } catch (e) {
      reportError(this.conn, e, vscode.l10n.t('Fetching campaign {0}', target.id), () => this.fetch(arg));
      return undefined;
    }
  }

  /** Several campaigns, environment by environment: a cancelled one ends the fetch. */
  private async fetchMany(targets: Array<{ environment: string; id: string }>, opts: FetchArgs): Promise<FetchManyReport | undefined> {
    const byEnvironment = new Map<string, string[]>();
    for (const t of targets) byEnvironment.set(t.environment, [...(byEnvironment.get(t.environment) ?? []), t.id]);
    const entries: FetchManyEntry[] = [];
    const shared: ManyFetch = { answers: {} };
    for (const [environment, ids] of byEnvironment) {
      const report = await this.fetchManyFrom(environment, [...new Set(ids)], opts, shared);
      if (!report) return entries.length ? { entries, cancelled: true } : undefined;
      entries.push(...report.entries);
      if (report.cancelled) return { entries, cancelled: true };
    }
    return { entries, cancelled: false };
  }

  /**
   * One environment's campaigns in one batched read, each file written as its campaign arrives, in
   * a notification with the count and Cancel; then one message says what was done.
   */
  private async fetchManyFrom(
    environment: string,
    ids: string[],
    opts: FetchArgs,
    shared: ManyFetch,
  ): Promise<FetchManyReport | undefined> {
    const doing =
      ids.length === 1
        ? vscode.l10n.t('Fetching 1 campaign from {0}', environment)
        : vscode.l10n.t('Fetching {0} campaigns from {1}', ids.length, environment);
    try {
      const client = await clientOf(this.parts, environment);
      if (!client) return undefined;
      const folder = (shared.folder ??= await pickFolder());
      if (!folder) return undefined;
      const fetchFolder = vscode.workspace.getConfiguration('campaignStudio.fetch', folder.uri).get<string>('folder', 'campaigns');
      const existing = (shared.existing ??= await localFilesById());
      const report = await runCounted(doing, action => {
        action.count(0, ids.length);
        return fetchCampaigns(ids, {
          client: client.forAction(action),
          workspaceRoot: folder.uri.fsPath,
          folder: fetchFolder,
          signal: action.signal,
          findExisting: async id => existing.get(id)?.fsPath,
          unsavedText,
          writeFile: writeThroughEditor,
          ask: (decision, file, incoming, id) =>
            this.askBeforeReplacing({ environment, id }, opts, [decision, file, incoming], { answers: shared.answers, action }),
          onSettled: (entry, done, total) => {
            action.count(done, total);
            this.showSettled(environment, entry);
            // Another environment's campaign of the same id finds this file, as a new search would.
            const r = entry.result;
            if (r && (r.outcome === 'written' || r.outcome === 'unchanged') && !existing.has(entry.id))
              existing.set(entry.id, vscode.Uri.file(r.file));
          },
        });
      });
      if (report.entries.some(e => e.outcome === 'written' || e.outcome === 'unchanged')) this.parts.stepDone.fire('fetched');
      this.showFetchedMany(environment, report);
      return report;
    } catch (e) {
      reportError(this.conn, e, doing, () =>
        this.fetchMany(
          ids.map(id => ({ environment, id })),
          opts,
        ),
      );
      return undefined;
    }
  }

  /** A campaign of a fetch of many is settled: every view of it shows it as read, an open editor of its file tells the server its new base. */
  private showSettled(environment: string, entry: FetchManyEntry): void {
    if (entry.record) this.parts.campaignRead.fire({ environment, record: entry.record });
    const r = entry.result;
    if (!r || (r.outcome !== 'written' && r.outcome !== 'unchanged')) return;
    this.documents.remember(remoteUri(environment, entry.id), r.text, r.normalized);
    const open = vscode.workspace.textDocuments.find(d => d.uri.fsPath === vscode.Uri.file(r.file).fsPath);
    if (open) void this.documents.track(open);
  }

  /** What a fetch of many did: one message, each campaign that failed with why (all of them in the service log). */
  private showFetchedMany(environment: string, report: FetchManyReport): void {
    const { summary, failures } = describeFetchMany(report, environment);
    for (const f of failures) this.conn.log.warn(plainText(f));
    const shown = failures.slice(0, MANY_FAILURES_SHOWN);
    const more = failures.length - shown.length;
    const rest =
      more === 1
        ? vscode.l10n.t('One more failure is in the service log.')
        : more > 1
          ? vscode.l10n.t('{0} more failures are in the service log.', more)
          : '';
    const text = [summary, ...shown, rest].filter(Boolean).join(' ');
    if (!failures.length && !report.cancelled) {
      void vscode.window.showInformationMessage(plainText(text));
      return;
    }
    const showLog = vscode.l10n.t('Show Log');
    void vscode.window.showWarningMessage(plainText(text), ...(failures.length ? [showLog] : [])).then(pick => {
      if (pick === showLog) this.conn.log.show(true);
    });
  }

  /**
   * Fetching would replace local edits: the answer given by a script, else the user's. In a fetch
   * of many (`many`), the question names the file and has answers for this file and for every
   * other one that asks ("All" ones are kept in `many.answers`); the dialog's Cancel stops the
   * fetch (the files already written stay).
   */
  private async askBeforeReplacing(
    target: { environment: string; id: string },
    opts: FetchArgs,
    [decision, file, incoming]: Parameters<FetchPorts['ask']>,
    many?: { answers: ManyAnswers; action: CountedAction },
  ): Promise<FetchChoice> {
    const rUri = remoteUri(target.environment, target.id);
    this.documents.remember(rUri, incoming.text, incoming.normalized);
    let choice = opts.onConflict ?? many?.answers.all;
    if (!choice) {
      const overwrite = vscode.l10n.t('Overwrite (keep a backup)');
      const diff = vscode.l10n.t('Show Diff');
      const ofMany = many && {
        ...many,
        overwriteAll: vscode.l10n.t('Overwrite All (keep backups)'),
        skip: vscode.l10n.t('Skip'),
        skipAll: vscode.l10n.t('Skip All'),
      };
      const explained = ofMany
        ? vscode.l10n.t(
            'Overwrite keeps a copy of the current text under .campaigns/backup/. Show Diff compares the file with the remote and leaves it as it is. Skip leaves this file as it is. The "All" answers apply to every other file of this fetch that would lose work. Cancel stops the fetch: the files already written stay.',
          )
        : vscode.l10n.t(
            'Overwrite keeps a copy of the current text under .campaigns/backup/. Show Diff compares the file with the remote and changes nothing.',
          );
      const question = `${decision.message} ${vscode.l10n.t('Fetching {0} would replace it.', nameOf(incoming.normalized.document))}`;
      const pick = await vscode.window.showWarningMessage(
        plainText(ofMany ? `${path.basename(file)}: ${question}` : question),
        {
          modal: true,
          detail: plainText(`${vscode.workspace.asRelativePath(file)}\n${summaryDetail(decision.localChanges)}\n\n${explained}`),
        },
        ...(ofMany ? [overwrite, ofMany.overwriteAll, diff, ofMany.skip, ofMany.skipAll] : [overwrite, diff]),
      );
      if (ofMany) {
        if (pick === undefined) {
          ofMany.action.cancel();
          return 'cancel';
        }
        if (pick === ofMany.overwriteAll) ofMany.answers.all = 'overwrite';
        if (pick === ofMany.skipAll) ofMany.answers.all = 'cancel';
      }
      choice = pick === overwrite || (ofMany && pick === ofMany.overwriteAll) ? 'overwrite' : pick === diff ? 'diff' : 'cancel';
    }
    if (choice === 'diff')
      await vscode.commands.executeCommand(VSCODE_COMMANDS.diff, rUri, vscode.Uri.file(file), remoteDiffTitle(file, target.environment));
    return choice;
  }

  /** Opens (or keeps tracking) the fetched file and says what the fetch did. */
  private async showFetched(target: Target, opts: FetchArgs, result: FetchResult): Promise<void> {
    const fileUri = vscode.Uri.file(result.file);
    const rel = vscode.workspace.asRelativePath(fileUri);
    if (result.outcome === 'cancelled') {
      void vscode.window.setStatusBarMessage(
        vscode.l10n.t('Campaign Studio: fetch of {0} cancelled; nothing was written.', target.id),
        5000,
      );
      return;
    }
    if (result.outcome !== 'written' && result.outcome !== 'unchanged') return;
    this.documents.remember(remoteUri(target.environment, target.id), result.text, result.normalized);
    if (opts.reveal !== false) {
      const doc = await vscode.workspace.openTextDocument(fileUri);
      await vscode.window.showTextDocument(doc, { preview: false });
      await this.documents.track(doc);
    } else {
      const open = vscode.workspace.textDocuments.find(d => d.uri.fsPath === fileUri.fsPath);
      if (open) await this.documents.track(open);
    }
    // Said once here: a kept component is not a problem of the file, so it has no diagnostic.
    const notes = result.normalized.notes.map(n => n.message).join(' ');
    const backup = result.backup ? vscode.l10n.t('Your previous text is in {0}.', vscode.workspace.asRelativePath(result.backup)) : '';
    const sentences =
      result.outcome === 'written'
        ? [vscode.l10n.t('Fetched "{0}" into {1}.', nameOf(result.normalized.document), rel), notes, backup]
        : [vscode.l10n.t('{0} already matches the remote; its base snapshot was refreshed.', rel), notes];
    void vscode.window.showInformationMessage(plainText(sentences.filter(Boolean).join(' ')));
  }

  /** Local file of a target, or an explanation that there is none. */
  private async localOf(arg: unknown): Promise<{ target: Target; file: vscode.Uri } | undefined> {
    const target = await resolveTarget(this.parts, arg);
    if (!target) return undefined;
    if (!target.file) {
      const fetchIt = vscode.l10n.t('Fetch');
      const pick = await vscode.window.showWarningMessage(
        vscode.l10n.t('Campaign {0} has no file in this workspace yet.', plainText(target.id)),
        fetchIt,
      );
      if (pick === fetchIt) await this.fetch({ id: target.id, environment: target.environment });
      return undefined;
    }
    return { target, file: target.file };
  }

  private async compareRemote(
    target: Target,
    file: vscode.Uri,
    action: ActionContext,
  ): Promise<{ rUri: vscode.Uri; summary: ComponentSummary } | undefined> {
    const client = await clientOf(this.parts, target.environment);
    if (!client) return undefined;
    const rUri = remoteUri(target.environment, target.id);
    const remote = await this.documents.read(rUri, client.forAction(action), target.id);
    const local = await readLocal(file);
    return { rUri, summary: diffComponents(remote.normalized.document, local.doc) };
  }

  private async compareBase(target: Target, file: vscode.Uri): Promise<{ bUri: vscode.Uri; summary: ComponentSummary } | undefined> {
    const folder = vscode.workspace.getWorkspaceFolder(file);
    const base = folder ? await readBaseSnapshot(folder.uri.fsPath, target.id) : undefined;
    if (!folder || !base) return undefined;
    const local = await readLocal(file);
    return { bUri: baseUri(folder.uri.fsPath, target.id), summary: diffComponents(base.campaign, local.doc) };
  }

  private readAndCompareRemote(target: Target, file: vscode.Uri) {
    return runWithProgress(readingTitle(target.id, target.environment), action => this.compareRemote(target, file, action));
  }

  async diffRemote(arg?: unknown): Promise<ComponentSummary | undefined> {
    const local = await this.localOf(arg);
    if (!local) return undefined;
    try {
      const r = await this.readAndCompareRemote(local.target, local.file);
      if (!r) return undefined;
      await vscode.commands.executeCommand(
        VSCODE_COMMANDS.diff,
        r.rUri,
        local.file,
        remoteDiffTitle(local.file.fsPath, local.target.environment),
      );
      void vscode.window.showInformationMessage(
        plainText(describeComponentSummary(r.summary, vscode.l10n.t('the remote'), localFileLabel())),
      );
      return r.summary;
    } catch (e) {
      reportError(this.conn, e, vscode.l10n.t('Comparing campaign {0} with the remote', local.target.id), () => this.diffRemote(arg));
      return undefined;
    }
  }

  async diffBase(arg?: unknown): Promise<ComponentSummary | undefined> {
    const local = await this.localOf(arg);
    if (!local) return undefined;
    const r = await this.compareBase(local.target, local.file);
    if (!r)
      throw new Error(
        vscode.l10n.t(
          'There is no base snapshot for campaign {0} (it is written by a fetch, in .campaigns/base/). Fetch the campaign to create one.',
          local.target.id,
        ),
      );
    await vscode.commands.executeCommand(
      VSCODE_COMMANDS.diff,
      r.bUri,
      local.file,
      vscode.l10n.t('{0}: base (as fetched) ↔ local', path.basename(local.file.fsPath)),
    );
    void vscode.window.showInformationMessage(
      plainText(describeComponentSummary(r.summary, vscode.l10n.t('the base (as fetched)'), localFileLabel())),
    );
    return r.summary;
  }

  async summarizeChanges(arg?: unknown): Promise<{ base?: ComponentSummary; remote?: ComponentSummary } | undefined> {
    const local = await this.localOf(arg);
    if (!local) return undefined;
    try {
      const base = await this.compareBase(local.target, local.file);
      const remote = await this.readAndCompareRemote(local.target, local.file);
      const items = [
        ...summaryItems(
          vscode.l10n.t('Local file vs base (your edits since the fetch)'),
          base?.summary,
          base?.bUri,
          vscode.l10n.t('No base snapshot: fetch the campaign to record one.'),
        ),
        ...summaryItems(
          vscode.l10n.t('Local file vs remote ({0})', local.target.environment),
          remote?.summary,
          remote?.rUri,
          vscode.l10n.t('The remote could not be read.'),
        ),
      ];
      void vscode.window
        .showQuickPick(items, {
          title: vscode.l10n.t('Changes in {0}', path.basename(local.file.fsPath)),
          placeHolder: vscode.l10n.t('Pick a line to open its diff'),
        })
        .then(pick => {
          if (pick?.left)
            void vscode.commands.executeCommand(
              VSCODE_COMMANDS.diff,
              pick.left,
              local.file,
              `${path.basename(local.file.fsPath)}: ${pick.title}`,
            );
        });
      return { base: base?.summary, remote: remote?.summary };
    } catch (e) {
      reportError(this.conn, e, vscode.l10n.t('Summarizing the changes of campaign {0}', local.target.id), () =>
        this.summarizeChanges(arg),
      );
      return undefined;
    }
  }

  async checkWorkspace(): Promise<FileCheck[] | undefined> {
    try {
      return await this.parts.fileStates.check();
    } catch (e) {
      reportError(this.conn, e, vscode.l10n.t('Checking the campaign files against the service'), () => this.checkWorkspace());
      return undefined;
    }
  }

  async loadMore(node?: MoreNode): Promise<void> {
    if (!(node instanceof MoreNode)) throw new Error(vscode.l10n.t('"Load more" works on a "Load more…" item of the Campaigns view.'));
    try {
      await this.tree.loadMore(node);
    } catch (e) {
      reportError(this.conn, e, vscode.l10n.t('Loading more campaigns'), () => this.loadMore(node));
    }
  }

  async filter(arg?: unknown): Promise<ExplorerFilter> {
    if (arg && typeof arg === 'object' && !(arg instanceof vscode.Uri)) {
      await this.tree.setFilter(sanitizeFilter({ ...EMPTY_FILTER, ...(arg as object) }));
      return this.tree.filter;
    }
    await editFilter(this.tree);
    return this.tree.filter;
  }

  /** The id of the item, or of every selected item (one a line) when it is one of several selected. */
  async copyId(node?: unknown, selected?: unknown): Promise<string[]> {
    const activeEnv = this.conn.environment()?.name;
    const nodes = Array.isArray(selected) && selected.length > 1 ? selected : [node];
    const ids = [...new Set(nodes.map(n => targetOfSelected(n, activeEnv)?.id).filter((id): id is string => !!id))];
    if (!ids.length) throw new Error(vscode.l10n.t('Copy Id works on a campaign of the Campaigns view.'));
    await vscode.env.clipboard.writeText(ids.join('\n'));
    void vscode.window.setStatusBarMessage(
      ids.length === 1 ? vscode.l10n.t('Copied campaign id {0}', ids[0]) : vscode.l10n.t('Copied {0} campaign ids', ids.length),
      3000,
    );
    return ids;
  }

  async showFlow(node?: unknown) {
    if (!(node instanceof CampaignNode)) throw new Error(vscode.l10n.t('Show Flow works on a campaign of the Campaigns view.'));
    try {
      const client = this.conn.requireClient();
      const flow = await runWithProgress(vscode.l10n.t('Looking up the flow of {0}', nameOf(node.record)), action =>
        flowMembers(client.forAction(action), node.record, { signal: action.signal }),
      );
      if (!flow.flowId) {
        void vscode.window.showInformationMessage(vscode.l10n.t('"{0}" is not part of a flow.', nameOf(node.record)));
        return flow;
      }
      const flowName = flow.flowName ?? flow.flowId;
      const pick = await vscode.window.showQuickPick(
        flow.members.map(m => ({
          label: nameOf(m),
          description: `${humanize(String(m.status ?? ''))} · ${humanize(String(m.channel ?? ''))}`,
          detail: idOf(m) === node.id ? vscode.l10n.t('this campaign') : idOf(m),
          id: idOf(m),
        })),
        {
          title:
            flow.members.length === 1
              ? vscode.l10n.t('Flow "{0}": 1 campaign', flowName)
              : vscode.l10n.t('Flow "{0}": {1} campaigns', flowName, flow.members.length),
          placeHolder: vscode.l10n.t('Pick a campaign to open it read-only'),
        },
      );
      if (pick) await this.documents.open(node.environment, pick.id);
      return flow;
    } catch (e) {
      reportError(this.conn, e, vscode.l10n.t('Looking up the flow of {0}', node.id), () => this.showFlow(node));
      return undefined;
    }
  }

  async explorerSnapshot(args?: { loadMore?: string; expand?: boolean }) {
    if (args?.loadMore) {
      const more = this.tree.moreNodeOf(args.loadMore);
      if (more) await this.tree.loadMore(more);
    }
    return this.tree.snapshot(args?.expand);
  }
}

type SummaryItem = vscode.QuickPickItem & { left?: vscode.Uri; title?: string };

/** How the change summaries name the campaign file. */
function localFileLabel(): string {
  return vscode.l10n.t({
    message: 'the local file',
    comment: 'one side of a comparison, in "No component differs between the remote and the local file"',
  });
}

/** One section of the change summary: a separator, then a line per changed component. */
function summaryItems(label: string, s: ComponentSummary | undefined, left: vscode.Uri | undefined, missing: string): SummaryItem[] {
  const items: SummaryItem[] = [{ label, kind: vscode.QuickPickItemKind.Separator }];
  if (!s) return [...items, { label: `$(info) ${missing}` }];
  if (!s.changes.length) {
    const description = s.readOnlyDiffering.length ? vscode.l10n.t('read-only differs: {0}', s.readOnlyDiffering.join(', ')) : undefined;
    items.push({ label: `$(check) ${vscode.l10n.t('No component differs')}`, description, left, title: label });
  }
  for (const c of s.changes) {
    items.push({
      label: `${c.kind === 'changed' ? '$(diff-modified)' : c.kind === 'added' ? '$(diff-added)' : '$(diff-removed)'} ${c.key}`,
      description:
        c.kind === 'changed'
          ? vscode.l10n.t('edited')
          : c.kind === 'added'
            ? vscode.l10n.t('only in the local file')
            : vscode.l10n.t('missing from the local file'),
      detail: c.paths.length ? c.paths.slice(0, 5).join('  ') : undefined,
      left,
      title: label,
    });
  }
  return items;
}

/** The filter editor: pick a dimension, change it, see the tree refresh. */
async function editFilter(tree: CampaignsProvider): Promise<void> {
  const f: ExplorerFilter = tree.filter;
  const any = vscode.l10n.t({ message: 'any', comment: 'a filter that lets every campaign through' });
  const show = (v: string[] | string | undefined) => (Array.isArray(v) ? (v.length ? v.join(', ') : any) : v || any);
  type Item = vscode.QuickPickItem & { key: keyof ExplorerFilter | 'clear' };
  const items: Item[] = [
    { key: 'channels', label: `$(broadcast) ${vscode.l10n.t('Channel')}`, description: show(f.channels) },
    {
      key: 'statuses',
      label: `$(pulse) ${vscode.l10n.t('Status')}`,
      description: f.statuses.length ? show(f.statuses) : vscode.l10n.t('any (drafts included)'),
    },
    { key: 'deliveryTypes', label: `$(calendar) ${vscode.l10n.t('Delivery type')}`, description: show(f.deliveryTypes) },
    { key: 'name', label: `$(whole-word) ${vscode.l10n.t('Name contains')}`, description: show(f.name) },
    { key: 'tags', label: `$(tag) ${vscode.l10n.t('Tags')}`, description: show(f.tags) },
    { key: 'createdBy', label: `$(person) ${vscode.l10n.t('Created by')}`, description: show(f.createdBy) },
    { key: 'ids', label: `$(symbol-key) ${vscode.l10n.t('Ids')}`, description: show(f.ids) },
    {
      key: 'includeChildren',
      label: `$(type-hierarchy) ${vscode.l10n.t('Child campaigns (flow members, periodic children)')}`,
      description: f.includeChildren ? vscode.l10n.t('shown') : vscode.l10n.t('hidden'),
    },
    { key: 'clear', label: `$(clear-all) ${vscode.l10n.t('Clear all filters')}` },
  ];
  const pick = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Filter campaigns'),
    placeHolder: vscode.l10n.t('Which filter?'),
  });
  if (!pick) return;
  const next: ExplorerFilter = { ...f };
  const multi = async (all: readonly string[], chosen: string[], title: string) => {
    const r = await vscode.window.showQuickPick(
      all.map(v => ({ label: v, description: humanize(v), picked: chosen.includes(v) })),
      { title, canPickMany: true, placeHolder: vscode.l10n.t('None picked = any') },
    );
    return r?.map(x => x.label);
  };
  const text = async (value: string, title: string, prompt: string) => vscode.window.showInputBox({ title, prompt, value });
  switch (pick.key) {
    case 'clear':
      await tree.setFilter(EMPTY_FILTER);
      return;
    case 'channels': {
      const r = await multi(CHANNELS, f.channels, vscode.l10n.t('Channels'));
      if (!r) return;
      next.channels = r;
      break;
    }
    case 'statuses': {
      const r = await multi(STATUSES, f.statuses, vscode.l10n.t('Statuses (DRAFT shows drafts)'));
      if (!r) return;
      next.statuses = r;
      break;
    }
    case 'deliveryTypes': {
      const r = await multi(DELIVERY_TYPES, f.deliveryTypes, vscode.l10n.t('Delivery types'));
      if (!r) return;
      next.deliveryTypes = r;
      break;
    }
    case 'name': {
      const r = await text(f.name ?? '', vscode.l10n.t('Name contains'), vscode.l10n.t('Part of the campaign name; empty = any'));
      if (r === undefined) return;
      next.name = r.trim() || undefined;
      break;
    }
    case 'tags': {
      const r = await text(f.tags.join(', '), vscode.l10n.t('Tags'), vscode.l10n.t('Comma-separated tags; empty = any'));
      if (r === undefined) return;
      next.tags = parseList(r);
      break;
    }
    case 'createdBy': {
      const r = await text(
        f.createdBy.join(', '),
        vscode.l10n.t('Created by'),
        vscode.l10n.t('Comma-separated email addresses; empty = anyone'),
      );
      if (r === undefined) return;
      next.createdBy = parseList(r);
      break;
    }
    case 'ids': {
      const r = await text(f.ids.join(', '), vscode.l10n.t('Ids'), vscode.l10n.t('Comma-separated campaign ids; empty = any'));
      if (r === undefined) return;
      next.ids = parseList(r);
      break;
    }
    case 'includeChildren':
      next.includeChildren = f.includeChildren ? undefined : true;
      break;
  }
  await tree.setFilter(next);
}
