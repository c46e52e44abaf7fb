import { isObject } from '@campaign-studio/core';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { objectId } from './ids';
import { CampaignDoc, EmulatorState, Workspace } from './model';
import { seedState } from './seed';
import { Clock, parseServiceTimestamp, serviceTimestamp } from './time';

/**
 * The emulator's state: in memory, and with a data file kept across restarts. Every change is
 * written at once, atomically (a temporary file in the same folder, flushed, then renamed over
 * the data file), so a process killed mid-write leaves the previous complete file behind.
 */

export class DataFileError extends Error {}

export class Store {
  state: EmulatorState;
  private writes = 0;

  constructor(
    private readonly clock: Clock,
    private readonly file: string | undefined,
    private readonly seed: boolean,
  ) {
    this.state = file ? this.load(file) : seedState(seed);
  }

  private load(file: string): EmulatorState {
    this.removeStaleTemporaries(file);
    if (!fs.existsSync(file)) {
      const state = seedState(this.seed);
      this.writeFile(file, state);
      return state;
    }
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new DataFileError(
        `The data file ${file} could not be read (${(e as NodeJS.ErrnoException).code ?? String(e)}). Check its permissions, or pass another --data path.`,
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new DataFileError(
        `The data file ${file} is not valid JSON (${(e as Error).message}). It was not written by the emulator: move it away, or pass another --data path.`,
      );
    }
    const problem = stateProblem(value);
    if (problem)
      throw new DataFileError(`The data file ${file} is not emulator state (${problem}). Move it away, or pass another --data path.`);
    return value as EmulatorState;
  }

  /** Temporary files of a write that was killed before its rename. */
  private removeStaleTemporaries(file: string): void {
    const dir = path.dirname(path.resolve(file));
    const base = path.basename(file);
    let names: string[] = [];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names) {
      if (n.startsWith(`${base}.`) && n.endsWith('.tmp')) {
        try {
          fs.unlinkSync(path.join(dir, n));
        } catch {
          /* another process may own it */
        }
      }
    }
  }

  private writeFile(file: string, state: EmulatorState): void {
    const tmp = `${file}.${process.pid}.${++this.writes}.tmp`;
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(state));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
    // Make the rename itself durable where the platform allows opening a folder.
    try {
      const dfd = fs.openSync(path.dirname(path.resolve(file)), 'r');
      try {
        fs.fsyncSync(dfd);
      } finally {
        fs.closeSync(dfd);
      }
    } catch {
      /* not supported here: the rename is still atomic */
    }
  }

  /** Called after every change. */
  persist(): void {
    if (this.file) this.writeFile(this.file, this.state);
  }

  reset(): void {
    this.state = seedState(this.seed);
    this.persist();
  }

  workspace(id: string): Workspace | undefined {
    return this.state.workspaces.find(w => w.id === id);
  }

  docs(ws: Workspace): CampaignDoc[] {
    return this.state.campaigns.filter(d => d.workspace === ws.id);
  }

  byId(id: string): CampaignDoc | undefined {
    return this.state.campaigns.find(d => d.id === id);
  }

  /**
   * The document a path's campaign id names: a document id names that revision; a
   * `campaign_id` names the current revision of the campaign.
   */
  resolve(ws: Workspace, id: string): CampaignDoc | undefined {
    return (
      this.state.campaigns.find(d => d.workspace === ws.id && d.id === id) ??
      this.state.campaigns.find(d => d.workspace === ws.id && d.campaign_id === id && d.current)
    );
  }

  revisions(doc: CampaignDoc): CampaignDoc[] {
    return this.state.campaigns.filter(d => d.workspace === doc.workspace && d.campaign_id === doc.campaign_id);
  }

  children(parent: CampaignDoc): CampaignDoc[] {
    return this.state.campaigns.filter(d => d.workspace === parent.workspace && d.parent_id === parent.campaign_id);
  }

  newId(): string {
    this.state.counter++;
    return objectId(this.clock.now(), this.state.counter);
  }

  /** A record timestamp for now, strictly later than `after` so that every change is visible. */
  stamp(after?: string): string {
    let ms = this.clock.now();
    if (after) {
      const prev = parseServiceTimestamp(after);
      if (!Number.isNaN(prev) && ms <= prev) ms = prev + 1;
    }
    return serviceTimestamp(ms);
  }

  add(doc: CampaignDoc): void {
    this.state.campaigns.push(doc);
  }
}

function stateProblem(v: unknown): string | undefined {
  if (!isObject(v)) return 'the top level is not an object';
  if (v.format !== 'campaign-emulator-state') return '`format` is not "campaign-emulator-state"';
  if (v.version !== 1) return `version ${JSON.stringify(v.version)} is not supported (expected 1)`;
  if (
    !Array.isArray(v.workspaces) ||
    !v.workspaces.every(w => isObject(w) && typeof w.id === 'string' && typeof w.apiKey === 'string' && isObject(w.features))
  )
    return '`workspaces` is not a list of workspaces';
  if (
    !Array.isArray(v.campaigns) ||
    !v.campaigns.every(c => isObject(c) && typeof c.id === 'string' && typeof c.workspace === 'string' && isObject(c.components))
  )
    return '`campaigns` is not a list of campaigns';
  if (!isObject(v.reachability)) return '`reachability` is not an object';
  if (typeof v.counter !== 'number') return '`counter` is not a number';
  return undefined;
}
