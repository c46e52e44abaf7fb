import { rulesWithSettings } from '../../src/push/preflight';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { TestContext } from 'node:test';
import { startEmulator, RunningEmulator, EmulatorWorkspace } from '@campaign-studio/emulator';
import { ServiceClient } from '../../src/remote/serviceClient';
import { fetchIntoWorkspace } from '../../src/remote/fetch';
import { baseSnapshotPath } from '../../src/remote/baseSnapshots';
import { RemoteFinding } from '../../src/push/errorMapping';
import { ConflictChoice } from '../../src/push/merge';
import { CampaignDoc } from '../../src/push/model';
import {
  BaseStore,
  ConfirmHow,
  ConflictQuestion,
  WriteEnvironment,
  LocalFile,
  ProgressStep,
  PushPreview,
  PushUi,
  RemoteCampaign,
} from '../../src/push/ports';
import { Problem } from '../../src/push/stateRules';
import { baseStore, pushApi } from '../../src/push/serviceAdapter';
import { ActionDeps } from '../../src/push/actionsFlow';
import { WorkspaceSettings } from '@campaign-studio/core';

/**
 * The write flows against a real emulator over HTTP, the real service client, the real fetch and
 * base-snapshot sidecar in a temporary workspace, and a scripted user who answers every question
 * from a list and records what was shown.
 */

export const ME = 'me@example.com';

export interface Script {
  /** Answers to `confirmPush`, in order (round 1, then round 2 for production). */
  confirmPush?: boolean[];
  /** One set of choices per `resolveConflicts` call, keyed by readable path; `undefined` cancels. */
  conflicts?: Array<Record<string, ConflictChoice> | undefined>;
  offerRemoteVersion?: boolean[];
  confirm?: boolean[];
  /** The person presses Cancel on a progress once it says this. */
  cancelWhen?: RegExp;
}

export class ScriptedUi implements PushUi {
  readonly previews: Array<{ preview: PushPreview; round: 1 | 2 }> = [];
  readonly conflictsAsked: ConflictQuestion[] = [];
  readonly offers: string[][] = [];
  readonly questions: string[] = [];
  /** How each `confirm` asked to be answered, in order. */
  readonly confirmHows: ConfirmHow[] = [];
  readonly messages: Array<{ level: 'info' | 'warn' | 'error'; text: string }> = [];
  /** The last findings shown per file. */
  readonly findings = new Map<string, Array<RemoteFinding | Problem>>();
  /** What each progress said while it ran: "title: message". */
  readonly reports: string[] = [];
  private readonly reportListeners = new Set<(text: string) => void>();

  constructor(private readonly script: Script = {}) {}

  private next<T>(list: T[] | undefined, what: string): T {
    if (!list || list.length === 0) throw new Error(`the script has no answer left for ${what}`);
    return list.shift() as T;
  }

  async confirmPush(preview: PushPreview, round: 1 | 2): Promise<boolean> {
    this.previews.push({ preview: structuredClone(preview), round });
    return this.next(this.script.confirmPush, `confirmPush (round ${round})`);
  }

  async resolveConflicts(question: ConflictQuestion): Promise<Record<string, ConflictChoice> | undefined> {
    this.conflictsAsked.push(question);
    if (!this.script.conflicts || this.script.conflicts.length === 0) throw new Error('the script has no answer left for resolveConflicts');
    const byPath = this.script.conflicts.shift();
    if (!byPath) return undefined;
    return Object.fromEntries(question.conflicts.filter(c => byPath[c.path] !== undefined).map(c => [c.id, byPath[c.path]]));
  }

  async offerRemoteVersion(components: string[]): Promise<boolean> {
    this.offers.push([...components]);
    return this.next(this.script.offerRemoteVersion, 'offerRemoteVersion');
  }

  async confirm(message: string, _detail: string, _yes: string, how: ConfirmHow = {}): Promise<boolean> {
    this.questions.push(message);
    this.confirmHows.push(how);
    return this.next(this.script.confirm, `confirm (${message})`);
  }

  info(text: string): void {
    this.messages.push({ level: 'info', text });
  }
  warn(text: string): void {
    this.messages.push({ level: 'warn', text });
  }
  error(text: string): void {
    this.messages.push({ level: 'error', text });
  }

  showFindings(uri: string, findings: Array<RemoteFinding | Problem>): void {
    this.findings.set(
      uri,
      findings.map(f => ({ ...f })),
    );
  }

  progress<T>(title: string, task: (step: ProgressStep) => Promise<T>): Promise<T> {
    const cancel = new AbortController();
    return task({
      signal: cancel.signal,
      report: message => {
        const text = `${title}: ${message}`;
        this.reports.push(text);
        for (const l of [...this.reportListeners]) l(text);
        if (this.script.cancelWhen?.test(text)) cancel.abort();
      },
    });
  }

  /** Resolves with the first progress report `pattern` matches: one already made, or the next. */
  whenReport(pattern: RegExp, what: string, timeoutMs = 10_000): Promise<string> {
    const found = this.reports.find(r => pattern.test(r));
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const listener = (text: string) => {
        if (!pattern.test(text)) return;
        done();
        resolve(text);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; progress said: ${this.reports.join(' | ')}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.reportListeners.delete(listener);
      };
      this.reportListeners.add(listener);
    });
  }

  text(level?: 'info' | 'warn' | 'error'): string {
    return this.messages
      .filter(m => !level || m.level === level)
      .map(m => m.text)
      .join('\n');
  }
}

/** Base snapshots in memory, counting the writes. */
export class MemoryBases implements BaseStore {
  base: CampaignDoc | undefined;
  writes = 0;
  async read(): Promise<CampaignDoc | undefined> {
    return this.base && structuredClone(this.base);
  }
  async write(_id: string, remote: RemoteCampaign): Promise<void> {
    this.base = structuredClone(remote.normalized);
    this.writes++;
  }
}

/** The user's file as an editor buffer in memory, saved as soon as it is written. */
export class MemoryFile implements LocalFile {
  readonly uri = 'file:///w/a.campaign.json';
  readonly name = 'a.campaign.json';
  constructor(public content: string) {}
  text(): string {
    return this.content;
  }
  async replace(expected: string, next: string): Promise<boolean> {
    if (this.content !== expected) return false;
    this.content = next;
    return true;
  }
  whenSaved(then: (savedText: string) => void): { cancel(): void } {
    then(this.content);
    return { cancel: () => undefined };
  }
}

/** The user's file on disk. */
export class DiskFile implements LocalFile {
  constructor(readonly path: string) {}
  get uri(): string {
    return 'file://' + this.path;
  }
  get name(): string {
    return path.basename(this.path);
  }
  text(): string {
    return fs.readFileSync(this.path, 'utf8');
  }
  async replace(expected: string, next: string): Promise<boolean> {
    if (this.text() !== expected) return false;
    fs.writeFileSync(this.path, next);
    return true;
  }
  /** A file on disk is saved as soon as it is written. */
  whenSaved(then: (savedText: string) => void): { cancel(): void } {
    then(this.text());
    return { cancel: () => undefined };
  }
}

/**
 * An editor buffer over a file on disk: writes stay unsaved until `save`, so the base can only
 * follow a merge once the merged text is saved.
 */
export class UnsavedFile extends DiskFile {
  private buffer?: string;
  private readonly waiting: Array<(saved: string) => void> = [];
  override text(): string {
    return this.buffer ?? super.text();
  }
  override async replace(expected: string, next: string): Promise<boolean> {
    if (this.text() !== expected) return false;
    this.buffer = next;
    return true;
  }
  override whenSaved(then: (savedText: string) => void): { cancel(): void } {
    if (this.buffer === undefined) return super.whenSaved(then);
    this.waiting.push(then);
    return {
      cancel: () => {
        this.waiting.splice(this.waiting.indexOf(then), 1);
      },
    };
  }
  /** The user undoes to `text` and saves. */
  undoAndSave(text: string): void {
    this.buffer = undefined;
    fs.writeFileSync(this.path, text);
    for (const then of this.waiting.splice(0)) then(text);
  }
}

export interface World {
  /** The emulator; another instance after `startAgain`. */
  emu: RunningEmulator;
  ws: EmulatorWorkspace;
  client: ServiceClient;
  root: string;
  env: WriteEnvironment;
  settings: WorkspaceSettings;
  /** The emulator's data file, with `persist`. */
  data?: string;
}

/**
 * A running emulator, a client and a workspace folder for one test; both go away when the test
 * ends. `persist`: the emulator keeps its state in a data file, so that it can be started again with it.
 */
export async function world(
  t: Pick<TestContext, 'after'>,
  opts: { workspace?: number; timeoutMs?: number; settings?: WorkspaceSettings; production?: boolean; persist?: boolean } = {},
): Promise<World> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-push-'));
  const data = opts.persist ? path.join(root, 'emulator-state.json') : undefined;
  const emu = await startEmulator({ seed: true, data });
  const ws = emu.workspaces[opts.workspace ?? 0];
  const environment = {
    name: opts.production ? 'prod' : 'emu',
    baseUrl: emu.url,
    workspaceId: ws.id,
    headerPrefix: 'SVC',
    email: ME,
    production: !!opts.production,
  };
  const client = new ServiceClient({ environment, apiKey: ws.apiKey, timeoutMs: opts.timeoutMs ?? 10_000, maxRetries: 2, backoffMs: 10 });
  const w: World = {
    emu,
    ws,
    client,
    root,
    env: { name: environment.name, production: environment.production, email: ME },
    settings: opts.settings ?? { features: {} },
    data,
  };
  t.after(async () => {
    await w.emu.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  return w;
}

/**
 * Starts the emulator again on the port it had, with its data file, as the sandbox restarts one
 * that died: what was stored is kept; faults and the request log start empty.
 */
export async function startAgain(w: World): Promise<void> {
  if (!w.data) throw new Error('the world was made without `persist`, so there is no data to start again with');
  w.emu = await startEmulator({ seed: true, data: w.data, port: w.emu.port });
}

export function deps(w: World, ui: ScriptedUi): ActionDeps {
  return { api: pushApi(w.client), bases: baseStore(w.root, w.client), ui, env: w.env, rules: rulesWithSettings(w.settings) };
}

/** A new draft on the emulator with these components (as another tool would make it). */
export async function makeCampaign(w: World, doc: CampaignDoc, status?: string): Promise<string> {
  const created = await w.client.createDraft({
    channel: doc.channel as string,
    campaign_delivery_type: doc.campaign_delivery_type as string,
    created_by: 'author@example.com',
  });
  const id = (created.body as { data: { id: string } }).data.id;
  const components = Object.fromEntries(Object.entries(doc).filter(([k]) => k !== 'channel' && k !== 'campaign_delivery_type'));
  if (Object.keys(components).length)
    await w.client.patch(id, {
      channel: doc.channel,
      campaign_delivery_type: doc.campaign_delivery_type,
      updated_by: 'author@example.com',
      ...components,
    });
  if (status) w.emu.admin.editCampaign(id, { status }, 'author@example.com');
  return id;
}

/**
 * A campaign fetched into the workspace, edited in the file by `mine`, then changed on the
 * service by a colleague: `theirs` replaces fields of `basic_details` (the component both touch).
 */
export async function twoPeople(
  w: World,
  mine: (d: CampaignDoc) => void,
  theirs: Record<string, unknown>,
): Promise<{ id: string; file: DiskFile; mine: string }> {
  const { id, file } = await fetchedCampaign(w);
  const text = editJson(file, mine);
  w.emu.admin.editCampaign(id, { basic_details: { ...(pushCampaign().basic_details as object), ...theirs } }, 'colleague@example.com');
  return { id, file, mine: text };
}

/** A campaign made on the service and fetched into the workspace: its id and its file. */
export async function fetchedCampaign(
  w: World,
  doc: CampaignDoc = pushCampaign(),
  status?: string,
): Promise<{ id: string; file: DiskFile }> {
  const id = await makeCampaign(w, doc, status);
  return { id, file: await fetchFile(w, id) };
}

/** Fetches into the temporary workspace, the way the editor's fetch does; returns the file. */
export async function fetchFile(w: World, id: string): Promise<DiskFile> {
  const r = await fetchIntoWorkspace(id, { client: w.client, workspaceRoot: w.root, folder: 'campaigns', ask: async () => 'cancel' });
  if (r.outcome !== 'written' && r.outcome !== 'unchanged') throw new Error(`fetch ${id}: ${r.outcome}`);
  return new DiskFile(r.file);
}

export function basePath(w: World, id: string): string {
  return baseSnapshotPath(w.root, id);
}

export function readBase(w: World, id: string): { campaign: CampaignDoc; aside: CampaignDoc } {
  return JSON.parse(fs.readFileSync(basePath(w, id), 'utf8'));
}

/** Edits the file's JSON the way a person would in an editor: the text changes, the rest stays. */
export function editJson(file: DiskFile, edit: (doc: CampaignDoc) => void): string {
  const doc = JSON.parse(file.text());
  edit(doc);
  const text = JSON.stringify(doc, null, 2) + '\n';
  fs.writeFileSync(file.path, text);
  return text;
}

export function requests(
  w: World,
  method?: string,
): Array<{ method: string; path: string; status?: number; applied?: boolean; fault?: string }> {
  return w.emu.admin.requests().filter(r => !method || r.method === method);
}

/** A complete, valid Push one-time campaign (every component a draft usually has). */
export function pushCampaign(name = 'Spring sale'): CampaignDoc {
  return {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    basic_details: { name, platforms: ['ANDROID', 'IOS'], tags: ['spring'], team: 'Growth' },
    campaign_content: {
      content: { push: { android: { title: 'Spring!', message: '20% off' }, ios: { title: 'Spring!', message: '20% off' } } },
    },
    segmentation_details: {
      included_filters: { filter_operator: 'and', filters: [{ filter_type: 'custom_segments', name: 'VIPs', id: 'seg-1' }] },
    },
    scheduling_details: { delivery_type: 'ASAP' },
    delivery_controls: { bypass_dnd: false, campaign_throttle_rpm: 1000 },
    utm_params: { utm_source: 'app', utm_medium: 'push' },
  };
}

/** An event-triggered Push campaign (one that can be paused once live). */
export function eventCampaign(): CampaignDoc {
  return {
    ...pushCampaign(),
    campaign_delivery_type: 'EVENT_TRIGGERED',
    trigger_condition: {
      included_filters: {
        filter_operator: 'and',
        filters: [{ filter_type: 'actions', action_name: 'Added to cart', executed: true, execution: { type: 'atleast', count: 1 } }],
      },
      trigger_delay_type: 'ASAP',
    },
    delivery_controls: { bypass_dnd: false },
  };
}
