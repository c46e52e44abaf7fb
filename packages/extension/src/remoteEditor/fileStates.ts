import * as path from 'path';
import * as vscode from 'vscode';
import { isObject, parse } from '@campaign-studio/core';
import {
  baseIdOf,
  baseOfEnvironment,
  CampaignRead as ReadOfOne,
  CancelledError,
  checkFiles,
  describeFileChecks,
  describeFileState,
  Environment,
  FileCheck,
  FileState,
  fileStateName,
  FileToCheck,
  findBaseSnapshot,
  idOf,
  isCancelled,
  plainText,
  stateOfFile,
} from '@campaign-studio/sync';
import { COMMAND_IDS } from '../commandIds';
import { CampaignRead, FileStateShown } from '../context';
import { CAMPAIGN_FILES_EXCLUDE, CAMPAIGN_FILES_GLOB } from '../fileKinds';
import { Connection, reportError } from './connection';
import { runCounted } from './progress';
import { documentText } from './workspaceText';

/**
 * Where each campaign file of the workspace stands against the service, shown where a VS Code
 * user looks: a badge and a tooltip on the file in the Explorer (and its tab), coloured as Git
 * colours its own states. "Check Campaign Files against the Service" reads every campaign the
 * workspace has a base of for the active environment in one batched read; after that, each
 * file's state follows what happens to it without reading again: a save compares it with the
 * campaign as last read, and a fetch or push (whose read-back is the campaign as it is now, with
 * the base it wrote) makes it unchanged.
 */

/** The badge and the theme colour of each state that has one; an unchanged file shows nothing. */
const LOOKS: Partial<Record<FileState, { badge: string; color: string }>> = {
  modified: { badge: 'M', color: 'gitDecoration.modifiedResourceForeground' },
  behind: { badge: 'B', color: 'gitDecoration.submoduleResourceForeground' },
  diverged: { badge: 'D', color: 'gitDecoration.conflictingResourceForeground' },
  'not-on-service': { badge: 'X', color: 'gitDecoration.deletedResourceForeground' },
};

interface Known {
  uri: vscode.Uri;
  check: FileCheck;
  /** Recomputations started; only the last one's answer is kept. */
  generation: number;
}

/** A campaign file of the workspace with a base of `env`, as the check compares it; undefined for any other file. */
async function fileToCheck(uri: vscode.Uri, env: Environment): Promise<FileToCheck | undefined> {
  const text = await documentText(uri);
  if (text === undefined) return undefined;
  const value = parse(text).value;
  const doc = isObject(value) ? value : undefined;
  const id = baseIdOf(path.basename(uri.fsPath), doc);
  if (!id) return undefined;
  const found = await findBaseSnapshot(uri.fsPath, id).catch(() => undefined);
  const base = found && baseOfEnvironment(found.snapshot, env);
  return base ? { file: uri.toString(), id, doc, base: base.campaign } : undefined;
}

export class CampaignFileStates implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this.changed.event;
  private readonly known = new Map<string, Known>();
  /** The campaigns as last read (or why they could not be), by id: what a saved file is compared with. */
  private readonly reads = new Map<string, ReadOfOne>();
  /** The environment the states are about. */
  private environment: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly conn: Connection,
    campaignRead: vscode.Event<CampaignRead>,
    private readonly shown: vscode.EventEmitter<readonly FileStateShown[]>,
  ) {
    this.disposables.push(this.changed);
    this.disposables.push(vscode.workspace.onDidSaveTextDocument(doc => this.recompute(doc.uri)));
    this.disposables.push(campaignRead(read => this.heard(read)));
    this.disposables.push(
      conn.onDidChange(() => {
        if (this.environment !== undefined && this.environment !== conn.environment()?.name) this.clear();
      }),
    );
    this.disposables.push(vscode.workspace.onDidDeleteFiles(e => this.forget(e.files)));
    this.disposables.push(vscode.workspace.onDidRenameFiles(e => this.forget(e.files.map(f => f.oldUri))));
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const k = this.known.get(uri.toString());
    const look = k && LOOKS[k.check.state];
    if (!k || !look) return undefined;
    return new vscode.FileDecoration(look.badge, this.tooltipOf(k.check), new vscode.ThemeColor(look.color));
  }

  /** Every file with a state, as its decoration shows it (the extension's tests and automation). */
  snapshot(): FileStateShown[] {
    return [...this.known.values()].map(k => {
      const look = LOOKS[k.check.state];
      return { uri: k.uri.toString(), state: k.check.state, badge: look?.badge, color: look?.color, tooltip: this.tooltipOf(k.check) };
    });
  }

  private tooltipOf(c: FileCheck): string {
    return plainText(describeFileState(c, this.environment ?? ''));
  }

  /**
   * The command: every campaign file with a base of the active environment, its campaign read in
   * one batched read with the count and Cancel; each file's state on it, then a summary.
   */
  async check(): Promise<FileCheck[] | undefined> {
    const client = this.conn.requireClient();
    const env = client.environment;
    let result: Awaited<ReturnType<typeof checkFiles>> | undefined;
    try {
      // In the notification from the start: finding the files and their bases takes a while in a large workspace too.
      result = await runCounted(vscode.l10n.t('Checking the campaign files against {0}', env.name), async action => {
        const files: FileToCheck[] = [];
        for (const uri of await vscode.workspace.findFiles(CAMPAIGN_FILES_GLOB, CAMPAIGN_FILES_EXCLUDE)) {
          if (action.signal.aborted) throw new CancelledError();
          const f = await fileToCheck(uri, env);
          if (f) files.push(f);
        }
        if (!files.length) return undefined;
        action.count(0, files.length);
        return checkFiles(client.forAction(action), files, {
          signal: action.signal,
          onRead: (_read, done, total) => action.count(done, total),
        });
      });
    } catch (e) {
      if (!isCancelled(e)) throw e;
      void vscode.window.setStatusBarMessage(
        vscode.l10n.t("Campaign Studio: the check was cancelled; the files' states are as they were."),
        5000,
      );
      return undefined;
    }
    if (!result) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'No campaign file of this workspace was fetched from {0}: there is nothing to check against it. Fetch campaigns from the Campaigns view first.',
          plainText(env.name),
        ),
      );
      return [];
    }
    this.show(env.name, result.checks, result.reads);
    void this.summarize(env.name, result.checks).then(undefined, e =>
      reportError(this.conn, e, vscode.l10n.t('Showing the campaign files that differ from {0}', env.name)),
    );
    return result.checks;
  }

  /** The states of a check, in place of those of the last one. */
  private show(environment: string, checks: FileCheck[], reads: Map<string, ReadOfOne>): void {
    const before = [...this.known.values()].map(k => k.uri);
    this.known.clear();
    this.reads.clear();
    this.environment = environment;
    for (const [id, read] of reads) this.reads.set(id, read);
    for (const check of checks) this.known.set(check.file, { uri: vscode.Uri.parse(check.file), check, generation: 0 });
    this.changed.fire([...before, ...[...this.known.values()].map(k => k.uri)]);
    this.shown.fire(this.snapshot());
  }

  /** The summary, and on request the files that are not unchanged, each opening (and, behind the service, offering Fetch and Compare). */
  private async summarize(environment: string, checks: FileCheck[]): Promise<void> {
    const notUnchanged = checks.filter(c => c.state !== 'unchanged');
    const showFiles = vscode.l10n.t('Show Files');
    const pick = await vscode.window.showInformationMessage(
      plainText(describeFileChecks(checks, environment)),
      ...(notUnchanged.length ? [showFiles] : []),
    );
    if (pick !== showFiles) return;
    const icons: Record<FileState, string> = {
      unchanged: 'check',
      modified: 'diff-modified',
      behind: 'cloud-download',
      diverged: 'git-compare',
      'not-on-service': 'cloud',
      error: 'warning',
    };
    const items = notUnchanged.map(c => {
      const uri = vscode.Uri.parse(c.file);
      return {
        label: `$(${icons[c.state]}) ${path.basename(uri.fsPath)}`,
        description: fileStateName(c.state),
        detail: plainText(describeFileState(c, environment)),
        uri,
        check: c,
      };
    });
    const chosen = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Campaign files that differ from {0}', environment),
      placeHolder: vscode.l10n.t('Pick a file to open it'),
      matchOnDescription: true,
    });
    if (!chosen) return;
    await vscode.window.showTextDocument(chosen.uri, { preview: false });
    if (chosen.check.state !== 'behind' && chosen.check.state !== 'diverged') return;
    const compare = vscode.l10n.t('Compare with Remote');
    const fetchIt = vscode.l10n.t('Fetch');
    const next = await vscode.window.showInformationMessage(plainText(describeFileState(chosen.check, environment)), compare, fetchIt);
    if (next === compare) await vscode.commands.executeCommand(COMMAND_IDS.diffRemote, chosen.uri);
    else if (next === fetchIt) await vscode.commands.executeCommand(COMMAND_IDS.fetch, chosen.uri);
  }

  /** A campaign read fresh (a fetch, a push's read-back): the files of it are compared with it, and their bases as they are now. */
  private heard(read: CampaignRead): void {
    if (read.environment !== this.environment) return;
    const id = idOf(read.record);
    const files = [...this.known.values()].filter(k => k.check.id === id);
    if (!files.length) return;
    this.reads.set(id, { id, record: read.record, via: 'get' });
    for (const k of files) void this.recompute(k.uri);
  }

  /** A known file's state again, from its text and base now and its campaign as last read. */
  private async recompute(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    const k = this.known.get(key);
    const env = this.conn.environment();
    if (!k || !env || env.name !== this.environment) return;
    const generation = ++k.generation;
    const file = await fileToCheck(uri, env);
    if (this.known.get(key) !== k || k.generation !== generation) return;
    if (!file) {
      this.known.delete(key);
    } else {
      k.check = stateOfFile(file, this.reads.get(file.id), env.name);
    }
    this.changed.fire([uri]);
    this.shown.fire(this.snapshot());
  }

  private forget(uris: readonly vscode.Uri[]): void {
    const gone = uris.filter(u => this.known.delete(u.toString()));
    if (!gone.length) return;
    this.changed.fire(gone);
    this.shown.fire(this.snapshot());
  }

  private clear(): void {
    const uris = [...this.known.values()].map(k => k.uri);
    this.known.clear();
    this.reads.clear();
    this.environment = undefined;
    this.changed.fire(uris);
    this.shown.fire([]);
  }
}
