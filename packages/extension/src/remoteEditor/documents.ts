import * as path from 'path';
import * as vscode from 'vscode';
import { CAMPAIGN_SCHEME, parse, RemoteStateNotification } from '@campaign-studio/core';
import {
  baseIdOf,
  BaseSnapshot,
  campaignAsFetched,
  findBaseSnapshot,
  idOf,
  isSafeId,
  nameOf,
  NormalizedCampaign,
  readBaseSnapshot,
  readRemote,
  remoteStateOf,
  serializeCampaign,
  ServiceClient,
} from '@campaign-studio/sync';
import { CampaignRead, StudioContext } from '../context';
import { isCampaignFile, isRemoteCampaign } from '../fileKinds';
import { COMMAND_IDS } from '../commandIds';
import { Connection } from './connection';
import { runWithProgress } from './progress';

/**
 * Remote campaigns as read-only documents, `campaign://<environment>/<id>`, in the request shape
 * a fetch would write (so the rules apply to them as to a file), served by a read-only file
 * system (not a content provider) so that typing in one says why it is read-only and offers
 * "Fetch to Edit"; and base snapshots as
 * `campaign-base:/<id>.campaign.json?<workspace folder>` for diffs. Also keeps the language server
 * informed of the remote state (status and base, rules P1–P5 and H5) of every open fetched file,
 * with its base found as the server and `campaign-lint` find it (`findBaseSnapshot`), and of every
 * open remote document (its base is itself). A component kept as the service returned it then
 * gets the server's one information diagnostic (H5) while it is unchanged.
 */

export const BASE_SCHEME = 'campaign-base';
const CACHE_SIZE = 50;

/**
 * `campaign://<environment>/<id>`, or with the campaign's name after the id, which its tab shows
 * as its label (the id, its folder, shows in the tooltip and beside a name two tabs share).
 */
export function remoteUri(environment: string, id: string, name?: string): vscode.Uri {
  const label = name === undefined ? '' : tabLabel(name);
  return vscode.Uri.from({ scheme: CAMPAIGN_SCHEME, authority: environment, path: label ? `/${id}/${label}` : `/${id}` });
}

/** A name as one path segment: no slashes or control characters, and no `.json` ending that would make it another kind of document. */
function tabLabel(name: string): string {
  return name
    .replace(/[\\/\u0000-\u001f]+/g, '-')
    .trim()
    .slice(0, 80)
    .replace(/\.json$/i, '');
}

export function baseUri(workspaceRoot: string, id: string): vscode.Uri {
  return vscode.Uri.from({ scheme: BASE_SCHEME, path: `/${id}.campaign.json`, query: workspaceRoot });
}

/** `campaign://env/id` (also `…/id.campaign.json` and `…/id/<name>`) → its parts; undefined for other URIs. */
export function parseRemoteUri(uri: vscode.Uri): { environment: string; id: string } | undefined {
  if (!isRemoteCampaign(uri)) return undefined;
  const id = uri.path
    .replace(/^\/+/, '')
    .split('/')[0]
    .replace(/\.campaign\.json$/, '');
  if (!uri.authority || !isSafeId(id)) return undefined;
  return { environment: uri.authority, id };
}

/**
 * An open whose preview tab a later open took over before it showed: the person has moved on, so
 * it is not an error to report.
 */
export class OpenSuperseded extends Error {}

/** What VS Code shows when someone types in a read-only campaign, with the command that makes it editable. */
export function readOnlyMessage(): vscode.MarkdownString {
  const message = new vscode.MarkdownString(
    vscode.l10n.t(
      'This is the campaign as the service holds it, read-only: changes are made in a campaign file and pushed. [Fetch to Edit]({0}) writes it into the workspace and opens that file.',
      `command:${COMMAND_IDS.fetchToEdit}`,
    ),
  );
  message.isTrusted = { enabledCommands: [COMMAND_IDS.fetchToEdit] };
  return message;
}

interface Kept {
  text: string;
  normalized: NormalizedCampaign;
  /** When it was read: the file's modification time, so that VS Code reloads an open view of it. */
  mtime: number;
}

export class RemoteDocuments implements vscode.TextDocumentContentProvider, vscode.FileSystemProvider, vscode.Disposable {
  /** Counts the opens begun, so that an open can tell whether a later one began meanwhile. */
  private opens = 0;
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly cache = new Map<string, Kept>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly sentState = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly ctx: StudioContext,
    private readonly conn: Connection,
  ) {
    this.disposables.push(this.changed);
    this.disposables.push(vscode.workspace.onDidOpenTextDocument(d => void this.track(d)));
    this.disposables.push(vscode.workspace.onDidChangeTextDocument(e => this.schedule(e.document)));
    this.disposables.push(vscode.workspace.onDidSaveTextDocument(d => void this.track(d)));
    this.disposables.push(vscode.workspace.onDidCloseTextDocument(d => this.forget(d)));
    for (const d of vscode.workspace.textDocuments) void this.track(d);
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }

  // ---- campaign:// and campaign-base: -------------------------------------------------------

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const id = uri.path.replace(/^\/+/, '').replace(/\.campaign\.json$/, '');
    const snap = await readBaseSnapshot(uri.query, id);
    if (!snap) throw new Error(vscode.l10n.t('No base snapshot for campaign {0}: fetch it first.', id));
    return serializeCampaign(snap.campaign);
  }

  // ---- campaign:// as a read-only file system ---------------------------------------------------

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const kept = await this.kept(uri);
    return {
      type: vscode.FileType.File,
      ctime: 0,
      mtime: kept.mtime,
      size: Buffer.byteLength(kept.text),
      permissions: vscode.FilePermission.Readonly,
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return Buffer.from((await this.kept(uri)).text);
  }

  /** Changes come from reads, which `remember` announces: nothing to watch. */
  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw this.readOnly(uri);
  }

  writeFile(uri: vscode.Uri): void {
    throw this.readOnly(uri);
  }

  delete(uri: vscode.Uri): void {
    throw this.readOnly(uri);
  }

  rename(uri: vscode.Uri): void {
    throw this.readOnly(uri);
  }

  private readOnly(uri: vscode.Uri): vscode.FileSystemError {
    const name = this.cache.get(cacheKey(uri))?.normalized.document;
    const what = name ? nameOf(name) : (parseRemoteUri(uri)?.id ?? uri.toString());
    return vscode.FileSystemError.NoPermissions(
      vscode.l10n.t('Campaign {0} is shown read-only, as the service holds it: run "Fetch to Edit" to change it in a campaign file.', what),
    );
  }

  /** The campaign behind `uri`: as kept, else read from the service now. */
  private async kept(uri: vscode.Uri): Promise<Kept> {
    const hit = this.cache.get(cacheKey(uri));
    if (hit) return hit;
    const parts = parseRemoteUri(uri);
    if (!parts)
      throw vscode.FileSystemError.FileNotFound(
        vscode.l10n.t('{0} is not a remote campaign address: the form is campaign://<environment>/<campaign id>.', uri.toString()),
      );
    const client = await this.conn.clientFor(parts.environment);
    if (!client)
      throw vscode.FileSystemError.Unavailable(
        vscode.l10n.t('Not signed in to environment `{0}`: sign in to it to open {1}.', parts.environment, uri.toString()),
      );
    await runWithProgress(readingTitle(parts.id, parts.environment), action => this.read(uri, client.forAction(action), parts.id));
    this.describeRemote(uri);
    return this.cache.get(cacheKey(uri))!;
  }

  /** Reads a campaign for the view at `uri`, and tells every other view of it (the Campaigns tree) what was read. */
  async read(uri: vscode.Uri, client: ServiceClient, id: string): Promise<{ normalized: NormalizedCampaign; text: string }> {
    const remote = await readRemote(client, id);
    this.remember(uri, remote.text, remote.normalized);
    this.ctx.campaignRead.fire({ environment: client.environment.name, record: remote.record });
    return remote;
  }

  /**
   * A campaign read elsewhere (a push's read-back, a fetch): its read-only view, open or kept for
   * a quick reopen, shows the record as a read of its own would.
   */
  showRead(read: CampaignRead): void {
    const uri = remoteUri(read.environment, idOf(read.record));
    const kept = this.cache.get(cacheKey(uri));
    if (!kept) return;
    const shown = campaignAsFetched(read.record);
    if (shown.text !== kept.text) this.remember(uri, shown.text, shown.normalized);
  }

  /** The normalized remote behind a `campaign://` document, once read. */
  normalizedFor(uri: vscode.Uri): NormalizedCampaign | undefined {
    return this.cache.get(cacheKey(uri))?.normalized;
  }

  /**
   * Stores what was just read, so every open `campaign://` document of that campaign (under any
   * of its addresses) shows it (after a fetch or diff).
   */
  remember(uri: vscode.Uri, text: string, normalized: NormalizedCampaign): void {
    const key = cacheKey(uri);
    const had = this.cache.get(key);
    this.cache.delete(key);
    this.cache.set(key, {
      text,
      normalized,
      mtime: had && had.text !== text ? Math.max(Date.now(), had.mtime + 1) : (had?.mtime ?? Date.now()),
    });
    // Closed documents keep their text for a quick reopen; the oldest are dropped.
    while (this.cache.size > CACHE_SIZE) {
      const oldest = this.cache.keys().next().value as string;
      if (openViewsOf(oldest).length) break;
      this.cache.delete(oldest);
    }
    for (const view of openViewsOf(key)) {
      if (had && had.text !== text) this.changed.fire([{ type: vscode.FileChangeType.Changed, uri: view.uri }]);
      if (this.sentState.has(view.uri.toString())) this.describeRemote(view.uri);
    }
  }

  /**
   * Opens `campaign://<env>/<id>` read-only in the Campaign JSON language. The remote is read
   * here first (not inside the content provider), so a failure reaches the caller as the service's
   * error, with its advice, rather than as the editor's "cannot open".
   */
  async open(environment: string, id: string, opts: { preview?: boolean; refresh?: boolean } = {}): Promise<vscode.TextEditor> {
    const ticket = ++this.opens;
    const key = cacheKey(remoteUri(environment, id));
    if (opts.refresh || !this.cache.has(key)) {
      const client = await this.conn.clientFor(environment);
      if (!client) throw new Error(vscode.l10n.t('Not signed in to environment {0}: sign in to it to open campaign {1}.', environment, id));
      await runWithProgress(readingTitle(id, environment), action => this.read(remoteUri(environment, id), client.forAction(action), id));
    }
    const named = remoteUri(environment, id, nameOf(this.cache.get(key)!.normalized.document));
    const uri = openViewsOf(key)[0]?.uri ?? named;
    let doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== 'campaign-json') doc = await vscode.languages.setTextDocumentLanguage(doc, 'campaign-json');
    const editor = await this.show(doc, opts.preview ?? true, ticket);
    this.describeRemote(uri);
    return editor;
  }

  /** Shows `doc`; when that fails because a later open (`ticket` is no longer the newest) took its place, says so. */
  private async show(doc: vscode.TextDocument, preview: boolean, ticket: number): Promise<vscode.TextEditor> {
    try {
      return await vscode.window.showTextDocument(doc, { preview });
    } catch (e) {
      if (ticket !== this.opens) throw new OpenSuperseded(e instanceof Error ? e.message : String(e));
      throw e;
    }
  }

  // ---- remote state of fetched files and remote documents ----------------------------------

  private schedule(doc: vscode.TextDocument): void {
    if (!isCampaignFile(doc.uri)) return;
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        void this.track(doc);
      }, 250),
    );
  }

  /** Re-reads the base of a fetched file and tells the server its remote state. */
  async track(doc: vscode.TextDocument): Promise<void> {
    if (isRemoteCampaign(doc.uri)) {
      // Also after VS Code reopens it (a language change closes and reopens a document).
      if (doc.languageId !== 'campaign-json') {
        await vscode.languages.setTextDocumentLanguage(doc, 'campaign-json');
        return;
      }
      this.describeRemote(doc.uri);
      return;
    }
    if (!isCampaignFile(doc.uri)) return;
    const id = baseIdOf(doc.uri.fsPath, parse(doc.getText()).value);
    let base: BaseSnapshot | undefined;
    if (id) {
      try {
        base = (await findBaseSnapshot(doc.uri.fsPath, id))?.snapshot;
      } catch (e) {
        this.ctx.output.warn(
          `${e instanceof Error ? e.message : String(e)} ${vscode.l10n.t('The update rules (P1–P5) are not checked for {0} until then.', path.basename(doc.uri.fsPath))}`,
        );
      }
    }
    const key = doc.uri.toString();
    if (base) {
      this.sentState.add(key);
      this.notifyServer([{ uri: key, state: remoteStateOf(base.campaign) }]);
    } else if (this.sentState.delete(key)) {
      this.notifyServer([{ uri: key, state: null }]);
    }
  }

  /** A remote document is the remote itself: its base is what it shows, in the status it was read. */
  private describeRemote(uri: vscode.Uri): void {
    const n = this.normalizedFor(uri);
    if (!n) return;
    const key = uri.toString();
    this.sentState.add(key);
    this.notifyServer([{ uri: key, state: remoteStateOf(n.document) }]);
  }

  private forget(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    if (this.sentState.delete(key)) this.notifyServer([{ uri: key, state: null }]);
  }

  private notifyServer(entries: RemoteStateNotification.Params['entries']): void {
    const client = this.ctx.client;
    if (!client || !client.isRunning()) return;
    void client
      .sendNotification(RemoteStateNotification.method, { entries } satisfies RemoteStateNotification.Params)
      .catch(() => undefined);
  }
}

/** The progress title of reading one campaign (opening it, comparing with it). */
export function readingTitle(id: string, environment: string): string {
  return vscode.l10n.t('Reading campaign {0} from {1}', id, environment);
}

/** One cache entry per campaign, whichever of its addresses (with or without its name) asked. */
function cacheKey(uri: vscode.Uri): string {
  const parts = parseRemoteUri(uri);
  return parts ? remoteUri(parts.environment, parts.id).toString() : uri.toString();
}

/** The open `campaign://` documents of the campaign cached under `key`. */
function openViewsOf(key: string): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter(d => isRemoteCampaign(d.uri) && cacheKey(d.uri) === key);
}
