import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { glob } from 'tinyglobby';
import { Disposable, DidChangeWatchedFilesNotification, FileChangeType, FileEvent, FileSystemWatcher } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  isFileUri,
  MAX_WORKSPACE_FILE_BYTES,
  MAX_WORKSPACE_FILES,
  uriToFileName,
  workspaceValidation,
  WorkspaceValidation,
} from '@campaign-studio/core';
import { GitIgnores } from '@campaign-studio/sync';
import { describe, ServerContext } from '../context';
import { computeDiagnostics, Diagnostics } from './diagnostics';
import { WATCHED_FILES } from './workspace';

/**
 * Campaign files that are not open still have diagnostics: a background check of the workspace
 * folders' campaign files (`campaignStudio.files` and the default names, skipping what .gitignore
 * ignores and node_modules), published as the editor would see them open. A file changed on disk
 * (a checkout, `campaign pull`) is checked again; a document that closes gets its file's
 * diagnostics back. Each file is read once per check and nothing of it is kept.
 * `campaignStudio.validation.workspace: false` turns it off.
 */
export interface WorkspaceFiles {
  /** Reads the settings and checks the whole workspace again (at start, and when settings change); never rejects. */
  configure(): Promise<void>;
  /** A document opened: its file's diagnostics give way to the open document's. */
  opened(uri: string): void;
  /** A document closed: its file's diagnostics come back. */
  closed(uri: string): void;
  /** Campaign files created, changed or deleted on disk (the client watches what `configure` asked for). */
  filesChanged(changes: readonly FileEvent[]): void;
}

interface Folder {
  dir: string;
  ignores: GitIgnores;
}

/** Where git and npm keep what is not the project's. */
const SKIPPED = /[\\/](node_modules|\.git)[\\/]/;

/** What the editor watches: settings files and base snapshots always, the campaign files while they are checked. */
function watchers(folders: Folder[], s: WorkspaceValidation): FileSystemWatcher[] {
  const watched = new Set(WATCHED_FILES.map(w => w.globPattern));
  const campaignFiles = s.enabled
    ? s.patterns
        .filter(p => !watched.has(p))
        .flatMap((pattern): FileSystemWatcher[] =>
          pattern.startsWith('**/')
            ? [{ globPattern: pattern }]
            : folders.map(f => ({ globPattern: { baseUri: pathToFileURL(f.dir).href, pattern } })),
        )
    : [];
  return [...WATCHED_FILES, ...campaignFiles];
}

/**
 * The files the patterns match in a folder, without node_modules, .git and what .gitignore ignores
 * inside it: a workspace folder that an enclosing repository ignores as a whole is checked all the same.
 */
async function filesIn(folder: Folder, patterns: string[]): Promise<string[]> {
  const found = await glob(patterns, {
    cwd: folder.dir,
    absolute: true,
    dot: true,
    onlyFiles: true,
    ignore: ['**/node_modules/**', '**/.git/**'],
  });
  return found
    .map(f => path.resolve(f))
    .filter(f => !folder.ignores.ignores(f, false, folder.dir))
    .sort();
}

export function registerWorkspaceFiles(ctx: ServerContext, diagnostics: Diagnostics): WorkspaceFiles {
  const check = new BackgroundCheck(ctx);
  // Settings, remote state or base snapshots changed: every file in the scan is checked again.
  diagnostics.onChanged(() => check.recheck());
  return check;
}

/**
 * The background check's bookkeeping about files on disk (which the last scan found, which it
 * published diagnostics for, which are queued). It outlives an open document of the same file:
 * closed, the file is checked again. What is known about the open document is the registry's,
 * and a check keeps nothing of the file (`transient`, `settingsOnce`).
 */
class BackgroundCheck implements WorkspaceFiles {
  private settings: WorkspaceValidation = { enabled: false, patterns: [] };
  private folders: Folder[] = [];
  /** The files the last scan found (and those created since), by URI. */
  private readonly known = new Set<string>();
  /** Closed files whose diagnostics this check published. */
  private readonly published = new Set<string>();
  /** Checks run one after another, so a scan of thousands of files never floods the editor. */
  private queue: Promise<void> = Promise.resolve();
  /** Files queued and not yet checked: a file changed twice before its turn is checked once. */
  private readonly pending = new Set<string>();
  /** Bumped by each scan and each turning off: a scan that finishes after a newer one started is dropped. */
  private generation = 0;
  private watching: { key: string; registration: Promise<Disposable | undefined> } | undefined;

  constructor(private readonly ctx: ServerContext) {}

  async configure(): Promise<void> {
    this.settings = await this.readSettings();
    this.folders = this.ctx.client.workspaceFolders.map(dir => ({ dir, ignores: new GitIgnores(dir) }));
    this.watch();
    if (this.settings.enabled) {
      return this.scan().catch(e => this.ctx.log.error(`finding the workspace's campaign files failed: ${describe(e)}`));
    }
    this.generation++;
    this.known.clear();
    for (const uri of [...this.published]) this.unpublish(uri);
  }

  opened(uri: string): void {
    if (!this.published.has(uri)) return;
    // A client that pulls an open document's diagnostics keeps them apart from published ones.
    if (this.ctx.client.pullDiagnostics) this.unpublish(uri);
    else this.published.delete(uri);
  }

  closed(uri: string): void {
    if (this.settings.enabled && this.known.has(uri)) this.enqueue(uri);
  }

  filesChanged(changes: readonly FileEvent[]): void {
    if (!this.settings.enabled) return;
    for (const { uri, type } of changes) {
      if (!isFileUri(uri)) continue;
      if (type === FileChangeType.Deleted) {
        this.known.delete(uri);
        this.unpublish(uri);
      } else if (this.belongs(uri)) {
        this.known.add(uri);
        this.enqueue(uri);
      }
    }
  }

  recheck(): void {
    for (const uri of this.known) this.enqueue(uri);
  }

  /** Whether a file created or changed on disk is one to check: in a folder, not skipped or ignored, and room for it when it is new. */
  private belongs(uri: string): boolean {
    const file = uriToFileName(uri);
    const folder = this.folderOf(file);
    if (!folder || SKIPPED.test(file) || folder.ignores.ignores(file, false, folder.dir)) return false;
    return this.known.has(uri) || this.known.size < MAX_WORKSPACE_FILES;
  }

  /** A file's diagnostics; nothing for a clean file that had none, so a clean workspace costs no messages. */
  private publish(uri: string, items: ReturnType<typeof computeDiagnostics>): Promise<void> {
    if (!items.length && !this.published.has(uri)) return Promise.resolve();
    this.published.add(uri);
    return this.ctx.connection
      .sendDiagnostics({ uri, diagnostics: items })
      .catch(e => this.ctx.log.warn(`could not publish diagnostics for ${uri}: ${describe(e)}`));
  }

  /** Clears the diagnostics this check published for a file, if it did. */
  private unpublish(uri: string): void {
    if (!this.published.delete(uri)) return;
    void this.ctx.connection
      .sendDiagnostics({ uri, diagnostics: [] })
      .catch(e => this.ctx.log.warn(`could not clear diagnostics for ${uri}: ${describe(e)}`));
  }

  private async check(uri: string): Promise<void> {
    const ctx = this.ctx;
    if (ctx.documents.get(uri) || ctx.shuttingDown) return;
    const file = uriToFileName(uri);
    let text: string;
    try {
      const size = (await fs.promises.stat(file)).size;
      if (size > MAX_WORKSPACE_FILE_BYTES) {
        ctx.log.info(`${file} is ${Math.round(size / 1024 / 1024)} MB: it is checked when opened, not in the background.`);
        return;
      }
      text = await fs.promises.readFile(file, 'utf8');
    } catch {
      // Gone since it was found: nothing to say about it.
      return this.unpublish(uri);
    }
    const docSettings = await ctx.registry.settingsOnce(uri);
    // Opened while it was read: the open document speaks for it.
    if (ctx.documents.get(uri) || ctx.shuttingDown) return;
    const doc = TextDocument.create(uri, 'campaign-json', 0, text);
    const items = ctx.registry.transient(doc, () => computeDiagnostics(ctx, doc, docSettings));
    await this.publish(uri, items);
  }

  /** Queues a check; when its turn comes, a file no longer in the workspace's set (or the check turned off) is skipped. */
  private enqueue(uri: string): void {
    if (this.pending.has(uri)) return;
    this.pending.add(uri);
    this.queue = this.queue
      .then(() => {
        this.pending.delete(uri);
        return this.settings.enabled && this.known.has(uri) ? this.check(uri) : undefined;
      })
      .catch(e => this.ctx.log.error(`checking ${uri} in the background failed: ${describe(e)}`));
  }

  private folderOf(file: string): Folder | undefined {
    return this.folders.find(f => {
      const rel = path.relative(f.dir, file);
      return !rel.startsWith('..') && !path.isAbsolute(rel);
    });
  }

  private async scan(): Promise<void> {
    const at = ++this.generation;
    const files = (await Promise.all(this.folders.map(f => filesIn(f, this.settings.patterns)))).flat();
    if (at !== this.generation) return;
    if (files.length > MAX_WORKSPACE_FILES) {
      this.ctx.log.warn(
        `The workspace has ${files.length} campaign files: the first ${MAX_WORKSPACE_FILES} are checked in the background, the others when opened. Narrow campaignStudio.files, or turn the background check off with campaignStudio.validation.workspace.`,
      );
    }
    const uris = new Set(files.slice(0, MAX_WORKSPACE_FILES).map(f => pathToFileURL(f).href));
    for (const uri of [...this.published]) if (!uris.has(uri)) this.unpublish(uri);
    this.known.clear();
    for (const uri of uris) {
      this.known.add(uri);
      this.enqueue(uri);
    }
  }

  /** The editor's settings; the defaults when it cannot say, so settings files and base snapshots are still watched. */
  private async readSettings(): Promise<WorkspaceValidation> {
    try {
      return workspaceValidation(
        this.ctx.client.configuration
          ? await this.ctx.connection.workspace.getConfiguration({ section: 'campaignStudio' })
          : this.ctx.client.pushedEditorSettings,
      );
    } catch (e) {
      this.ctx.log.warn(
        `reading the campaignStudio settings failed; the workspace's campaign files are checked as by default: ${describe(e)}`,
      );
      return workspaceValidation(undefined);
    }
  }

  /** Asks the editor to watch what the check needs, again only when that changed. */
  private watch(): void {
    if (!this.ctx.client.watchedFilesRegistration) return;
    const wanted = watchers(this.folders, this.settings);
    const key = JSON.stringify(wanted);
    if (this.watching?.key === key) return;
    const previous = this.watching?.registration;
    this.watching = {
      key,
      registration: this.ctx.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: wanted }).then(
        d => d,
        e => {
          this.ctx.log.warn(`watching campaign files, settings files and base snapshots failed: ${describe(e)}`);
          return undefined;
        },
      ),
    };
    void previous?.then(d => d?.dispose());
  }
}
