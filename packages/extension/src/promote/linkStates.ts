import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  CampaignRecord,
  LINKS_FILE,
  LinksFile,
  NO_LINKS,
  readCampaigns,
  parseLinks,
  readValuesFile,
  RemoteCampaign,
  remoteOfRead,
  VALUES_FILE,
  ValuesFile,
} from '@campaign-studio/sync';
import type { Connection } from '../remoteEditor/connection';
import { CampaignAt, equalityOf, LinkMark, linkedSides, pairOf, readKey } from './linkMarks';

/**
 * The promotion links of the workspace as the Campaigns view marks them: `campaign.links.json`
 * of the first workspace folder, read once and again when it changes on disk, and the linked
 * campaigns of other environments, read lazily for the items shown: every campaign asked for in
 * one turn goes into one batched read per environment (15 to a search call), and each result is
 * kept until the links file changes or a promotion ends (`invalidate`).
 */
export class LinkStates implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a mark may have changed: a read ended, the links file changed, a promotion ended. */
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private links?: LinksFile;
  /** `campaign.values.json` as read last (or why it could not be): read once, not per item drawn. */
  private values?: ValuesFile | { error: unknown };
  /** The text `links` was read from; undefined when there is no file. */
  private linksText?: string;
  /** The linked campaigns read, by `readKey`: the campaign, or why it could not be read. */
  private readonly reads = new Map<string, RemoteCampaign | { error: string }>();
  /** Keys waiting for the next batch, by environment. */
  private queue = new Map<string, Set<string>>();
  private readonly reading = new Set<string>();
  private running?: Promise<void>;
  /** Moves on at each `invalidate`: a read that started before keeps nothing. */
  private generation = 0;

  constructor(private readonly conn: Connection) {
    const folder = this.folder();
    if (folder) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, LINKS_FILE));
      const valuesWatcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, VALUES_FILE));
      const valuesChanged = () => {
        this.values = undefined;
        this.changed.fire();
      };
      const changedOnDisk = () => {
        // A promotion of this window invalidates as it ends: its own write, heard later, changes nothing more.
        if (this.links === undefined || this.textOnDisk(folder) !== this.linksText) this.invalidate();
      };
      this.disposables.push(
        watcher,
        watcher.onDidChange(changedOnDisk),
        watcher.onDidCreate(changedOnDisk),
        watcher.onDidDelete(changedOnDisk),
        valuesWatcher,
        valuesWatcher.onDidChange(valuesChanged),
        valuesWatcher.onDidCreate(valuesChanged),
        valuesWatcher.onDidDelete(valuesChanged),
      );
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /** The folder whose `campaign.links.json` the view reads: the first workspace folder. */
  folder(): string | undefined {
    return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  }

  /** The links file as read last; none when it is missing or cannot be read (the log says why). */
  linksFile(): LinksFile {
    if (this.links) return this.links;
    const folder = this.folder();
    try {
      this.linksText = folder ? this.textOnDisk(folder) : undefined;
      this.links = this.linksText === undefined ? NO_LINKS : parseLinks(this.linksText, LINKS_FILE);
    } catch (e) {
      this.conn.log.warn(`${LINKS_FILE}: ${e instanceof Error ? e.message : String(e)}`);
      this.links = NO_LINKS;
    }
    return this.links;
  }

  private textOnDisk(folder: string): string | undefined {
    try {
      return fs.readFileSync(path.join(folder, LINKS_FILE), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Forgets the links and every linked campaign read: the next marks read them again. */
  invalidate(): void {
    this.links = undefined;
    this.values = undefined;
    this.generation += 1;
    this.reads.clear();
    this.reading.clear();
    this.changed.fire();
  }

  /** Whether linked campaigns are being read (or wait to be). */
  get busy(): boolean {
    return !!this.running;
  }

  /** Resolves once no read of linked campaigns is waiting or running. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The marks of a listed campaign of `environment` (as its record shows it); asks for the linked sides not read yet. */
  marksOf(environment: string, record: CampaignRecord, id: string): LinkMark[] {
    const env = this.conn.environmentNamed(environment);
    if (!env) return [];
    const { environments } = this.conn.environments();
    const here: CampaignAt = { environment: env, campaignId: id };
    return linkedSides(this.linksFile(), environments, here).map(side => {
      if (!side.otherEnvironment)
        return {
          side,
          equality: 'unreadable' as const,
          reason: vscode.l10n.t('no environment of `campaignStudio.environments` has workspace {0}.', side.other.workspaceId),
        };
      const key = readKey(side.otherEnvironment.name, side.other.campaignId);
      const read = this.reads.get(key);
      if (!read) {
        this.ask(side.otherEnvironment.name, side.other.campaignId);
        return { side, equality: 'unknown' as const };
      }
      if ('error' in read) return { side, equality: 'unreadable' as const, reason: read.error };
      return this.compared(here, record, side, read);
    });
  }

  private compared(here: CampaignAt, record: CampaignRecord, side: LinkMark['side'], other: RemoteCampaign): LinkMark {
    try {
      const pair = pairOf(here, remoteOfRead({ id: here.campaignId, record, via: 'search' }), side, other);
      if (!pair) return { side, equality: 'unreadable' };
      const values = this.valuesFile();
      if ('error' in values) throw values.error;
      return { side, equality: equalityOf(pair, values, this.linksFile()) };
    } catch (e) {
      return { side, equality: 'unreadable', reason: e instanceof Error ? e.message : String(e) };
    }
  }

  /**
   * Asks for the linked sides of these listed campaigns of `environment` at once, before their
   * items are drawn: one batched read per environment instead of one per item.
   */
  want(environment: string, ids: string[]): void {
    const env = this.conn.environmentNamed(environment);
    if (!env) return;
    const { environments } = this.conn.environments();
    for (const campaignId of ids)
      for (const side of linkedSides(this.linksFile(), environments, { environment: env, campaignId }))
        if (side.otherEnvironment && !this.reads.has(readKey(side.otherEnvironment.name, side.other.campaignId)))
          this.enqueue(side.otherEnvironment.name, side.other.campaignId);
    this.start();
  }

  private valuesFile(): ValuesFile | { error: unknown } {
    if (!this.values) {
      try {
        this.values = readValuesFile(this.folder() ?? '.', VALUES_FILE);
      } catch (error) {
        this.values = { error };
      }
    }
    return this.values;
  }

  private ask(environment: string, id: string): void {
    this.enqueue(environment, id);
    this.start();
  }

  private enqueue(environment: string, id: string): void {
    const key = readKey(environment, id);
    if (this.reading.has(key)) return;
    this.reading.add(key);
    const ids = this.queue.get(environment) ?? new Set<string>();
    ids.add(id);
    this.queue.set(environment, ids);
  }

  /** Reads what is queued, unless a run is reading already (it takes what is queued meanwhile). */
  private start(): void {
    if (this.running || !this.queue.size) return;
    this.running = this.readQueued().finally(() => {
      this.running = undefined;
      this.changed.fire();
    });
  }

  /** One batched read per environment of what is queued, until nothing more is. */
  private async readQueued(): Promise<void> {
    while (this.queue.size) {
      const batch = this.queue;
      this.queue = new Map();
      await Promise.all([...batch].map(([env, ids]) => this.readSome(env, [...ids])));
    }
  }

  private async readSome(environment: string, ids: string[]): Promise<void> {
    const generation = this.generation;
    const keep = (id: string, read: RemoteCampaign | { error: string }) => {
      if (generation !== this.generation) return;
      this.reads.set(readKey(environment, id), read);
      this.reading.delete(readKey(environment, id));
    };
    let client;
    try {
      client = await this.conn.clientFor(environment);
    } catch (e) {
      for (const id of ids) keep(id, { error: e instanceof Error ? e.message : String(e) });
      return;
    }
    if (!client) {
      const why = vscode.l10n.t('no API key of {0} is stored (sign in to it, or promote to it once).', environment);
      for (const id of ids) keep(id, { error: why });
      return;
    }
    try {
      const reads = await readCampaigns(client, ids);
      for (const id of ids) {
        const read = reads.get(id)!;
        keep(id, 'error' in read ? { error: errorText(read.error) } : remoteOfRead(read));
      }
    } catch (e) {
      for (const id of ids) keep(id, { error: errorText(e) });
    }
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
