/**
 * The catalog section of `npm run bench` (alone: `npx tsx bench/run.ts --catalog [--quick]
 * [--catalog-n N[,N…]] [--catalog-timeout SECONDS]`): campaigns as code over a large workspace.
 * The real `campaign` bundle (dist/campaign.js) runs pull, status and plan, each as its own
 * process, against the emulator started as a process of its own with the spec's rate limits on.
 * Each command is judged by what it costs the service, counted in the emulator's request log:
 *
 *   - calls: at most ceil(N / 15) + 3 (search pages hold 15 records; plan may also validate each
 *     edited file once);
 *   - wall time: at most 1.2 × what the limits impose on that many calls (`imposedMs`), so a
 *     client that waits longer than the limits make it wait is caught as surely as one that calls
 *     too often;
 *   - no 429 (the client paces itself), no timeout, the exit status the command owes.
 *
 * Ratios and counts of one run, never timed tests.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { performance } from 'perf_hooks';
import type { ChildProcess } from 'child_process';
import { headerNames } from '../packages/sync/src/remote/servicePaths';
import { CHANNELS } from '../packages/core/src/model/vocabulary';
import { STATUSES } from '../packages/sync/src/remote/explorerModel';
import { IDS_PER_SEARCH, searchCallsFor } from '../packages/sync/src/remote/batchRead';
import { idFromFileName } from '../packages/sync/src/remote/baseFormat';
import { imposedMs, RateLimit, SERVICE_LIMITS } from '../packages/sync/src/remote/rateLimiter';
import { ADMIN_TOKEN_HEADER } from '../packages/emulator/src/access';
import { seedState } from '../packages/emulator/src/seed';
import type { CampaignDoc } from '../packages/emulator/src/model';
import { Figure, pad } from './figures';

const root = path.resolve(__dirname, '..');
const CAMPAIGN_JS = path.join(root, 'dist/campaign.js');

/** Calls a command may make beyond its searches (a last short page, a retry, a stray read). */
const SPARE_CALLS = 3;
/** Wall time allowed over what the limits impose. */
const WALL_FACTOR = 1.2;
/** The share of pulled files edited before `campaign plan`. */
const EDITED_SHARE = 0.1;
/** Campaigns in the workspace: always the first; in a full run the second too, then perhaps the largest. */
const SIZES = [1000, 2000] as const;
const LARGEST = 5000;
/** The largest size is measured only when its time, estimated from the two others, fits in this. */
const LARGEST_BUDGET_MS = 10 * 60_000;
/** How often the request log is read while a command runs: it keeps only the last 2000 requests. */
const LOG_POLL_MS = 2000;
/** Campaigns created side by side while setting up (rate limits off). */
const SETUP_CONCURRENCY = 8;

type CatalogCommand = 'pull' | 'status' | 'plan';

interface CommandFigures {
  command: CatalogCommand;
  /** API requests the emulator received (its request log, /__admin excluded). */
  calls: number;
  /** Of those, how many the request log had already dropped when read (it keeps the last 2000). */
  unseen: number;
  bound: number;
  /** 429 answers among the calls. */
  rateLimited: number;
  /** Campaigns or files the command reported in error, and TIMEOUT lines of its own. */
  timeouts: number;
  exit: number | null;
  expectedExit: number;
  /** False when it was stopped after `timeoutMs`. */
  finished: boolean;
  timeoutMs: number;
  wallMs: number;
  imposedMs: number;
  allowedMs: number;
  /** Files edited before it (plan). */
  edited?: number;
  met: boolean;
  /** Why it is not met, in a few words each. */
  why: string[];
}

interface SizeFigures {
  n: number;
  /** Figures extrapolated from two smaller sizes instead of measured. */
  extrapolated?: { from: [number, number]; estimatedMs: number; fromUnfinished: boolean };
  /** Creating the campaigns (rate limits off). */
  setupMs: number;
  /** Setup and the three commands. */
  totalMs: number;
  /** Campaigns created per status, and per channel. */
  statuses: Record<string, number>;
  channels: Record<string, number>;
  commands: CommandFigures[];
}

export interface CatalogFigures {
  date: string;
  quick: boolean;
  limits: readonly RateLimit[];
  sizes: SizeFigures[];
  notes: string[];
}

export interface CatalogOptions {
  quick: boolean;
  /** Exactly these sizes (`--catalog-n`); otherwise 1,000, and in a full run 2,000 and perhaps 5,000. */
  sizes?: number[];
  /** Each command's time limit; otherwise `commandTimeoutMs`. */
  timeoutMs?: number;
  log(line: string): void;
}

// ---------------------------------------------------------------- the emulator

interface EmulatorProcess {
  url: string;
  adminToken: string;
  workspaces: Array<{ id: string; apiKey: string }>;
  pid: number;
  stop(): Promise<void>;
}

interface EmulatorScripts {
  startEmulator(o: { seed?: boolean; onOutput?: (line: string) => void }): Promise<EmulatorProcess>;
}

interface ProcessScripts {
  spawnGroup(cmd: string, args: string[], options: object): ChildProcess;
  killGroup(pgid: number | undefined): Promise<void>;
  killAllGroupsNow(): void;
}

/** scripts/lib is ESM with top-level await behind it: loaded, not required. */
const load = <T>(file: string): Promise<T> => import(pathToFileURL(path.join(root, file)).href) as Promise<T>;

class Emulator {
  private constructor(
    readonly proc: EmulatorProcess,
    private readonly ws: { id: string; apiKey: string },
  ) {}

  static async start(log: (line: string) => void): Promise<Emulator> {
    const { startEmulator } = await load<EmulatorScripts>('scripts/lib/emulator.mjs');
    let proc: EmulatorProcess;
    try {
      proc = await startEmulator({ seed: false, onOutput: line => log(`  [emulator] ${line}`) });
    } catch (e) {
      throw new Error(`catalog: the emulator did not start, so nothing was measured: ${(e as Error).message}`);
    }
    const ws = proc.workspaces[0];
    if (!ws) {
      await proc.stop();
      throw new Error(`catalog: the emulator's ready line lists no workspace: ${JSON.stringify(proc.workspaces)}`);
    }
    return new Emulator(proc, ws);
  }

  get workspace(): { id: string; apiKey: string } {
    return this.ws;
  }

  async admin<T = Record<string, unknown>>(method: string, p: string, body?: unknown): Promise<T> {
    const r = await fetch(this.proc.url + p, {
      method,
      headers: { [ADMIN_TOKEN_HEADER]: this.proc.adminToken, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`catalog: ${method} ${p} answered ${r.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }

  /** An API call as a client makes it; throws on anything but a 2xx. */
  async api(method: string, p: string, body: Record<string, unknown>): Promise<Record<string, any>> {
    const h = headerNames();
    const requestId = typeof body.request_id === 'string' ? body.request_id : undefined;
    const r = await fetch(this.proc.url + p, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${this.ws.id}:${this.ws.apiKey}`).toString('base64')}`,
        [h.appKey]: this.ws.id,
        ...(requestId ? { [h.requestId]: requestId } : {}),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await r.text();
    if (r.status >= 300) throw new Error(`catalog setup: ${method} ${p} answered ${r.status}: ${text.slice(0, 400)}`);
    return JSON.parse(text) as Record<string, any>;
  }

  async stop(): Promise<void> {
    await this.proc.stop();
  }
}

// ---------------------------------------------------------------- the campaigns

interface Made {
  id: string;
  status: string;
  channel: string;
  named: boolean;
}

/**
 * The status action that takes a published campaign to its template's seed status, where the API
 * has one (docs/emulator.md, "Status actions": one-time campaigns cannot be paused, nor stopped
 * once sending).
 */
function statusAction(t: CampaignDoc, published: string): 'PAUSE' | 'STOP' | undefined {
  const oneTime = t.campaign_delivery_type === 'ONE_TIME';
  if (t.status === 'PAUSED' && !oneTime) return 'PAUSE';
  if (t.status === 'STOPPED' && !(oneTime && published === 'ACTIVE')) return 'STOP';
  return undefined;
}

/**
 * The seed's own campaigns of the workspace as templates: every Push and Email top-level
 * campaign the API can create (the emulator's seed test checks they are valid), so that the
 * catalog mixes channels, delivery types and statuses as a real workspace does.
 */
function templates(workspace: string): CampaignDoc[] {
  const out = seedState().campaigns.filter(
    d =>
      d.workspace === workspace &&
      d.current &&
      !d.parent_id &&
      !d.flow_id &&
      (d.channel === 'PUSH' || d.channel === 'EMAIL') &&
      d.campaign_delivery_type !== 'BROADCAST_LIVE_ACTIVITY',
  );
  if (!out.length) throw new Error(`catalog: the seed has no Push or Email campaign of workspace ${workspace} to copy`);
  return out;
}

/**
 * One campaign through the normal API: a draft, its components in one PATCH, then, when its
 * template is live, V1's publish and the status action that takes it where the template stands.
 * Seed drafts are left drafts; sent, sending or archived templates stay live (the API cannot
 * take a campaign there).
 */
async function makeOne(emu: Emulator, t: CampaignDoc, i: number): Promise<Made> {
  const by = 'bench@example.com';
  const created = await emu.api('POST', '/v5/campaigns', {
    channel: t.channel,
    campaign_delivery_type: t.campaign_delivery_type,
    created_by: by,
  });
  const id = String(created.data.id);
  const components = JSON.parse(JSON.stringify(t.components)) as Record<string, any>;
  const named = typeof components.basic_details?.name === 'string';
  if (named) components.basic_details.name = `${components.basic_details.name} #${i + 1}`;
  await emu.api('PATCH', `/v5/campaigns/${encodeURIComponent(id)}`, {
    channel: t.channel,
    campaign_delivery_type: t.campaign_delivery_type,
    updated_by: by,
    ...components,
  });
  if (t.status === 'DRAFT') return { id, status: 'DRAFT', channel: t.channel, named };
  const published = await emu.api('PATCH', `/core-services/v1/campaigns/${encodeURIComponent(id)}`, {
    request_id: `bench-publish-${i + 1}`,
    updated_by: by,
  });
  let status = String(published.data.status);
  const action = statusAction(t, status);
  if (action) {
    const changed = await emu.api('POST', '/v5/campaigns/status', { action, campaign_ids: [id] });
    status = String(changed.data[0].status);
  }
  return { id, status, channel: t.channel, named };
}

async function makeCatalog(emu: Emulator, n: number): Promise<Made[]> {
  const from = templates(emu.workspace.id);
  const made = new Array<Made>(n);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < n) {
      const i = next++;
      made[i] = await makeOne(emu, from[i % from.length], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SETUP_CONCURRENCY, n) }, worker));
  return made;
}

function countBy(made: Made[], key: 'status' | 'channel'): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of made) out[m[key]] = (out[m[key]] ?? 0) + 1;
  return out;
}

// ---------------------------------------------------------------- counting calls

interface LoggedRequest {
  seq: number;
  at: string;
  method: string;
  path: string;
  operation?: string;
  status?: number;
}

/**
 * The API requests of one command, from the emulator's request log. The log keeps the last 2000
 * requests, so it is read every few seconds while the command runs; requests are told apart by
 * their `seq`, which runs on over the whole life of the emulator, so the count stays exact even
 * for requests the log dropped between two reads.
 */
class CallCounter {
  private readonly seen = new Map<number, LoggedRequest>();
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> = Promise.resolve();
  private failure: unknown;

  private constructor(
    private readonly emu: Emulator,
    private readonly after: number,
  ) {}

  /** Clears the log and the limiter's windows, then follows the log. */
  static async start(emu: Emulator, lastSeq: number): Promise<CallCounter> {
    const before = await emu.admin<{ requests: LoggedRequest[] }>('GET', '/__admin/requests');
    const after = Math.max(lastSeq, ...before.requests.map(r => r.seq));
    await emu.admin('DELETE', '/__admin/requests');
    await emu.admin('DELETE', '/__admin/rate-limits');
    const c = new CallCounter(emu, after);
    c.timer = setInterval(() => {
      c.reading = c.reading.then(() => c.read());
    }, LOG_POLL_MS);
    return c;
  }

  private async read(): Promise<void> {
    try {
      const { requests } = await this.emu.admin<{ requests: LoggedRequest[] }>('GET', '/__admin/requests');
      for (const r of requests) if (r.seq > this.after && !r.path.startsWith('/__admin')) this.seen.set(r.seq, r);
    } catch (e) {
      this.failure ??= e;
    }
  }

  async stop(): Promise<{ calls: number; unseen: number; rateLimited: number; rateLimitedBy: Record<string, number>; lastSeq: number }> {
    clearInterval(this.timer);
    await this.reading;
    await this.read();
    if (this.failure) throw this.failure;
    const seqs = [...this.seen.keys()];
    const lastSeq = Math.max(this.after, ...seqs);
    const calls = lastSeq - this.after;
    const logged = [...this.seen.values()].sort((a, b) => a.seq - b.seq);
    const refused = logged.filter(r => r.status === 429);
    // Which calls were refused, and when after the first call: a burst at 60 s is the minute's window.
    const rateLimitedBy: Record<string, number> = {};
    for (const r of refused) {
      const key = `${r.method} ${r.operation ?? r.path} at ${seconds(Date.parse(r.at) - Date.parse(logged[0].at))}`;
      rateLimitedBy[key] = (rateLimitedBy[key] ?? 0) + 1;
    }
    return { calls, unseen: calls - this.seen.size, rateLimited: refused.length, rateLimitedBy, lastSeq };
  }
}

// ---------------------------------------------------------------- the CLI

interface CliRun {
  exit: number | null;
  finished: boolean;
  wallMs: number;
  stdout: string;
  stderr: string;
}

async function runCli(procs: ProcessScripts, args: string[], cwd: string, apiKey: string, timeoutMs: number): Promise<CliRun> {
  const env = { ...process.env, CAMPAIGN_API_KEY: apiKey, NODE_OPTIONS: '', NO_COLOR: '1' };
  const started = performance.now();
  const child = procs.spawnGroup(process.execPath, [CAMPAIGN_JS, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', d => {
    stdout += d;
  });
  child.stderr!.on('data', d => {
    stderr += d;
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void procs.killGroup(child.pid);
  }, timeoutMs);
  const exit = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', code => resolve(code));
  }).finally(() => clearTimeout(timer));
  const wallMs = performance.now() - started;
  return { exit: timedOut ? null : exit, finished: !timedOut, wallMs, stdout, stderr };
}

/**
 * Campaigns or files in error in the command's JSON output, plus TIMEOUT lines said outside it,
 * with the first few messages (what to look at when a verdict fails).
 */
function timeoutsIn(command: CatalogCommand, run: CliRun): { count: number; messages: string[] } {
  const own = run.stderr.split('\n').filter(l => /\bTIMEOUT\b/.test(l));
  let out: Record<string, any>;
  try {
    out = JSON.parse(run.stdout) as Record<string, any>;
  } catch {
    const lines = [...own, ...run.stdout.split('\n').filter(l => /\bTIMEOUT\b/.test(l))];
    return { count: lines.length, messages: lines.slice(0, 3) };
  }
  const rows: Array<Record<string, unknown>> = command === 'pull' ? out.campaigns : command === 'status' ? out.files : out.entries;
  const inError = (r: Record<string, unknown>): boolean =>
    r.outcome === 'error' || r.state === 'error' || r.action === 'error' || /\bTIMEOUT\b/.test(String(r.message ?? ''));
  const failed = Array.isArray(rows) ? rows.filter(inError) : [];
  return {
    count: own.length + failed.length,
    messages: [...own, ...failed.map(r => `${String(r.file ?? r.id ?? '')}: ${String(r.message ?? '')}`)].slice(0, 3),
  };
}

/** Statuses whose campaigns take a new name (the state rules refuse every update of the others). */
const EDITABLE = new Set(['DRAFT', 'SCHEDULED', 'ACTIVE', 'PAUSED']);

/**
 * A tenth of the pulled files, spread over the folder, each with a new campaign name: a change
 * every rule accepts and every status the state rules allow updates in. Returns how many.
 */
function editTenth(folder: string, made: Map<string, Made>): number {
  const dir = path.join(folder, 'campaigns');
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter(f => f.endsWith('.campaign.json'))
        .sort()
    : [];
  const want = Math.max(1, Math.round(files.length * EDITED_SHARE));
  const editable = files.filter(f => {
    const m = made.get(idFromFileName(f) ?? '');
    return m && m.named && EDITABLE.has(m.status);
  });
  const count = Math.min(want, editable.length);
  let edited = 0;
  for (let k = 0; k < count; k++) {
    const file = path.join(dir, editable[Math.floor((k * editable.length) / count)]);
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, any>;
    doc.basic_details.name = `${doc.basic_details.name} (edited)`;
    fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
    edited++;
  }
  return edited;
}

// ---------------------------------------------------------------- bounds and verdicts

/** A command's calls at most: its searches (15 records a page), a few spare, and plan's validations. */
function callBound(n: number, edited = 0): number {
  return searchCallsFor(n) + SPARE_CALLS + edited;
}

/**
 * A command's time limit: twice what the limits impose on its bound of calls, and never under two
 * minutes. Generous, and it never changes a verdict: a run past 1.2 × that has failed already,
 * whether it kept to its calls (then its wall time is over) or not (then its calls are).
 */
function commandTimeoutMs(bound: number): number {
  return Math.max(120_000, 2 * imposedMs(bound, SERVICE_LIMITS));
}

const EXPECTED_EXIT: Record<CatalogCommand, number> = { pull: 0, status: 0, plan: 2 };

function judged(f: Omit<CommandFigures, 'met' | 'why' | 'imposedMs' | 'allowedMs'>, limits: readonly RateLimit[]): CommandFigures {
  const imposed = imposedMs(f.calls, limits);
  const allowed = WALL_FACTOR * imposed;
  const why: string[] = [];
  if (!f.finished) why.push(`did not finish in ${seconds(f.timeoutMs)}`);
  if (f.calls > f.bound) why.push(`${f.calls} calls > ${f.bound}`);
  if (f.finished && f.wallMs > allowed) why.push(`wall ${seconds(f.wallMs)} > ${seconds(allowed)}`);
  if (f.rateLimited) why.push(`${f.rateLimited} × 429`);
  if (f.timeouts) why.push(`${f.timeouts} timed out or in error`);
  if (f.finished && f.exit !== f.expectedExit) why.push(`exit ${f.exit ?? '—'}, not ${f.expectedExit}`);
  return { ...f, imposedMs: imposed, allowedMs: allowed, met: why.length === 0, why };
}

export function seconds(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms >= 120_000) return `${(ms / 60_000).toFixed(1)} min`;
  return `${(ms / 1000).toFixed(1)} s`;
}

// ---------------------------------------------------------------- one size

async function measureSize(
  emu: Emulator,
  procs: ProcessScripts,
  n: number,
  o: CatalogOptions,
  seq: { last: number },
): Promise<SizeFigures> {
  const sectionStart = performance.now();
  await emu.admin('POST', '/__admin/reset');
  await emu.admin('PUT', '/__admin/rate-limits', { enabled: false });
  o.log(`  catalog: creating ${n.toLocaleString('en')} campaigns (rate limits off)…`);
  const made = await makeCatalog(emu, n);
  const setupMs = performance.now() - sectionStart;
  const limits = SERVICE_LIMITS;
  await emu.admin('PUT', '/__admin/rate-limits', emulatorLimits(limits));

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-bench-catalog-'));
  try {
    fs.writeFileSync(
      path.join(folder, 'campaign.environments.json'),
      `${JSON.stringify(
        {
          environments: [{ name: 'bench', baseUrl: emu.proc.url, workspaceId: emu.workspace.id, email: 'bench@example.com' }],
        },
        null,
        2,
      )}\n`,
    );
    const every = JSON.stringify({ campaign_fields: { status: [...STATUSES], channels: [...CHANNELS] } });
    const byId = new Map(made.map(m => [m.id, m]));
    const commands: CommandFigures[] = [];
    for (const command of ['pull', 'status', 'plan'] as const) {
      const edited = command === 'plan' ? editTenth(folder, byId) : undefined;
      const bound = callBound(n, edited);
      const timeoutMs = o.timeoutMs ?? commandTimeoutMs(bound);
      const args = command === 'pull' ? ['pull', '--search', every, '--format', 'json'] : [command, '--format', 'json'];
      o.log(
        `  catalog ${n.toLocaleString('en')}: campaign ${command}${edited === undefined ? '' : ` (${edited} files edited)`}, at most ${seconds(timeoutMs)}…`,
      );
      const counter = await CallCounter.start(emu, seq.last);
      const run = await runCli(procs, args, folder, emu.workspace.apiKey, timeoutMs);
      const counted = await counter.stop();
      seq.last = counted.lastSeq;
      const timeouts = timeoutsIn(command, run);
      const f = judged(
        {
          command,
          calls: counted.calls,
          unseen: counted.unseen,
          bound,
          rateLimited: counted.rateLimited,
          timeouts: timeouts.count,
          exit: run.exit,
          expectedExit: EXPECTED_EXIT[command],
          finished: run.finished,
          timeoutMs,
          wallMs: run.wallMs,
          edited,
        },
        limits,
      );
      for (const m of timeouts.messages) o.log(`    in error: ${m.slice(0, 300)}`);
      if (counted.rateLimited)
        o.log(
          `    429s: ${Object.entries(counted.rateLimitedBy)
            .map(([k, v]) => `${v} on ${k}`)
            .join(', ')}`,
        );
      if (run.finished && run.exit !== f.expectedExit && run.stderr.trim())
        o.log(`    stderr: ${run.stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 400)}`);
      o.log(
        `    ${f.calls} calls (bound ${f.bound}), ${run.finished ? seconds(f.wallMs) : `did not finish in ${seconds(timeoutMs)}`}, limits impose ${seconds(f.imposedMs)}: ${f.met ? 'met' : `NOT MET (${f.why.join('; ')})`}`,
      );
      commands.push(f);
    }
    return {
      n,
      setupMs,
      totalMs: performance.now() - sectionStart,
      statuses: countBy(made, 'status'),
      channels: countBy(made, 'channel'),
      commands,
    };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The emulator's admin body for these limits. */
function emulatorLimits(limits: readonly RateLimit[]): { perSecond: number; perMinute: number; perHour: number } {
  const of = (windowMs: number): number => {
    const l = limits.find(x => x.windowMs === windowMs);
    if (!l) throw new Error(`catalog: no limit with a ${windowMs} ms window in ${JSON.stringify(limits)}`);
    return l.limit;
  };
  return { perSecond: of(1000), perMinute: of(60_000), perHour: of(3_600_000) };
}

/** A value at `n` on the line through (a, va) and (b, vb). */
function linear(n: number, a: number, va: number, b: number, vb: number): number {
  return va + ((vb - va) * (n - a)) / (b - a);
}

function extrapolated(n: number, a: SizeFigures, b: SizeFigures, estimatedMs: number): SizeFigures {
  const fromUnfinished = [...a.commands, ...b.commands].some(c => !c.finished);
  const commands = a.commands.map((ca, k) => {
    const cb = b.commands[k];
    const edited = ca.edited === undefined ? undefined : Math.round(linear(n, a.n, ca.edited, b.n, cb.edited!));
    const bound = callBound(n, edited);
    const calls = Math.round(linear(n, a.n, ca.calls, b.n, cb.calls));
    // The wall time is what the limits impose on those calls (not linear in N: the minute's window
    // binds past 100 calls) plus the command's own work, which grows with the campaigns.
    const ownWork = linear(n, a.n, ca.wallMs - ca.imposedMs, b.n, cb.wallMs - cb.imposedMs);
    return judged(
      {
        command: ca.command,
        calls,
        unseen: 0,
        bound,
        rateLimited: 0,
        timeouts: 0,
        exit: ca.expectedExit,
        expectedExit: ca.expectedExit,
        finished: true,
        timeoutMs: commandTimeoutMs(bound),
        wallMs: imposedMs(calls, SERVICE_LIMITS) + Math.max(0, ownWork),
        edited,
      },
      SERVICE_LIMITS,
    );
  });
  return {
    n,
    extrapolated: { from: [a.n, b.n], estimatedMs, fromUnfinished },
    setupMs: linear(n, a.n, a.setupMs, b.n, b.setupMs),
    totalMs: estimatedMs,
    statuses: {},
    channels: {},
    commands,
  };
}

// ---------------------------------------------------------------- the section

export async function catalogBench(o: CatalogOptions): Promise<CatalogFigures> {
  if (!fs.existsSync(CAMPAIGN_JS)) throw new Error(`catalog: ${path.relative(root, CAMPAIGN_JS)} is missing: run npm run build first`);
  const procs = await load<ProcessScripts>('scripts/lib/processes.mjs');
  const emu = await Emulator.start(o.log);
  // Ctrl-C: no emulator or CLI process outlives the bench.
  const interrupted = (signal: NodeJS.Signals): void => {
    procs.killAllGroupsNow();
    process.stderr.write(`catalog: stopped by ${signal}; the emulator and the CLI were ended.\n`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  const figures: CatalogFigures = { date: new Date().toISOString(), quick: o.quick, limits: SERVICE_LIMITS, sizes: [], notes: [] };
  try {
    const seq = { last: 0 };
    const sizes = o.sizes ?? (o.quick ? SIZES.slice(0, 1) : SIZES);
    for (const n of sizes) figures.sizes.push(await measureSize(emu, procs, n, o, seq));
    if (!o.sizes && !o.quick) {
      const [a, b] = figures.sizes;
      const estimatedMs = linear(LARGEST, a.n, a.totalMs, b.n, b.totalMs);
      if (estimatedMs <= LARGEST_BUDGET_MS) {
        figures.sizes.push(await measureSize(emu, procs, LARGEST, o, seq));
      } else {
        const x = extrapolated(LARGEST, a, b, estimatedMs);
        figures.sizes.push(x);
        const [from, to, largest] = [a.n, b.n, x.n].map(k => k.toLocaleString('en'));
        figures.notes.push(
          `The ${largest} row is EXTRAPOLATED from ${from} and ${to}, not measured (calls and the command's own work linearly, plus what the limits impose on those calls): its estimated time, ${seconds(estimatedMs)}, is over the ${seconds(LARGEST_BUDGET_MS)} allowed.${x.extrapolated!.fromUnfinished ? ' Some of those runs did not finish, so its calls and times are lower bounds.' : ''}`,
        );
      }
    }
    return figures;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await emu.stop();
  }
}

// ---------------------------------------------------------------- output

function windowName(ms: number): string {
  return ms === 1000 ? 'second' : ms === 60_000 ? 'minute' : ms === 3_600_000 ? 'hour' : seconds(ms);
}

export function catalogTables(f: CatalogFigures): string[] {
  const out: string[] = [
    `Catalog: campaigns as code against the emulator (a process of its own, limits ${f.limits.map(l => `${l.limit} per ${windowName(l.windowMs)}`).join(', ')}, rolling).`,
    `Bounds per command: calls ≤ ceil(N / ${IDS_PER_SEARCH}) + ${SPARE_CALLS} (plan: + one validate per edited file); wall ≤ ${WALL_FACTOR} × what the limits impose on that many calls; no 429, no timeout, exit pull 0, status 0, plan 2.`,
  ];
  const head = ['command', 'calls', 'bound', '429s', 'timeouts', 'exit', 'wall', 'imposed', `${WALL_FACTOR}×imposed`, 'verdict'];
  for (const s of f.sizes) {
    out.push('');
    const mix = Object.entries(s.statuses)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    const channels = Object.entries(s.channels)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    out.push(
      s.extrapolated
        ? `N = ${s.n.toLocaleString('en')} — EXTRAPOLATED from ${s.extrapolated.from.map(x => x.toLocaleString('en')).join(' and ')} (estimated ${seconds(s.extrapolated.estimatedMs)} to measure), not measured${s.extrapolated.fromUnfinished ? '; from runs that did not finish, so lower bounds' : ''}:`
        : `N = ${s.n.toLocaleString('en')} (${mix}; ${channels}; set up in ${seconds(s.setupMs)}):`,
    );
    const rows = s.commands.map(c => [
      c.command + (c.edited !== undefined ? ` (${c.edited} edited)` : ''),
      `${c.calls}${c.unseen ? ` (${c.unseen} unseen)` : ''}`,
      String(c.bound),
      s.extrapolated ? '—' : String(c.rateLimited),
      s.extrapolated ? '—' : String(c.timeouts),
      s.extrapolated ? '—' : c.exit === null ? 'killed' : String(c.exit),
      c.finished ? seconds(c.wallMs) : `did not finish in ${seconds(c.timeoutMs)}`,
      seconds(c.imposedMs),
      seconds(c.allowedMs),
      (c.met ? 'met' : `NOT MET: ${c.why.join('; ')}`) + (s.extrapolated ? ' (extrapolated)' : ''),
    ]);
    const widths = head.map((h, k) => Math.max(h.length, ...rows.map(r => r[k].length)) + 2);
    out.push(`  ${head.map((h, k) => pad(h, widths[k])).join('')}`.trimEnd());
    for (const r of rows) out.push(`  ${r.map((x, k) => pad(x, widths[k])).join('')}`.trimEnd());
  }
  for (const note of f.notes) out.push('', note);
  return out;
}

/** One figure per command and size, for the bench's table of goals. */
export function catalogGoals(f: CatalogFigures): Figure[] {
  return f.sizes.flatMap(s =>
    s.commands.map(c => ({
      goal: `catalog of ${s.n.toLocaleString('en')}${s.extrapolated ? ' (extrapolated)' : ''}, campaign ${c.command}${c.edited !== undefined ? ` with ${c.edited} edited` : ''}: ≤ ${c.bound} calls, within ${WALL_FACTOR}× what the limits impose, no 429 or timeout`,
      met: c.met,
      value: `${c.calls} calls, ${c.finished ? seconds(c.wallMs) : `did not finish in ${seconds(c.timeoutMs)}`}`,
      anchor: `limits impose ${seconds(c.imposedMs)}`,
      ratio: c.finished && c.imposedMs > 0 ? `${(c.wallMs / c.imposedMs).toFixed(2)}×` : undefined,
    })),
  );
}
