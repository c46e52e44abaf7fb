import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { adminCall, call } from '../../packages/emulator/test/helpers';

/**
 * The supervisor that keeps `npm start`'s emulator alive: restarts, the crash-loop limit, and
 * stopping without a restart; then the real emulator killed by its pid, back on the same URL
 * with its data and the admin token already handed out.
 */

interface Instance {
  child: FakeChild | import('node:child_process').ChildProcess;
  stop(): Promise<void>;
}
type SupervisorEvent =
  | { type: 'exited'; how: string | number | null }
  | { type: 'restarted'; instance: Instance }
  | { type: 'failed'; error: Error }
  | { type: 'gave-up'; restarts: number; withinMs: number };
interface SupervisorOptions {
  start(): Promise<Instance>;
  onEvent(e: SupervisorEvent): void;
  limit?: { restarts: number; withinMs: number };
  backoffMs?: (n: number) => number;
}
interface Supervisor {
  run(): Promise<Instance>;
  readonly current: Instance | undefined;
  stop(): Promise<void>;
}
interface SuperviseModule {
  Supervisor: new (o: SupervisorOptions) => Supervisor;
  doublingBackoff(n: number): number;
}
interface Emulator extends Instance {
  url: string;
  pid: number;
  adminToken: string;
  workspaces: Array<{ id: string; apiKey: string }>;
}
interface EmulatorModule {
  superviseEmulator(
    o: { port?: number; data?: string },
    s: Omit<SupervisorOptions, 'start'>,
  ): Promise<{ first: Emulator; supervisor: Supervisor }>;
}

const root = path.resolve(__dirname, '../..');
const load = <T>(file: string) => import(pathToFileURL(path.join(root, file)).href) as Promise<T>;

class FakeChild extends EventEmitter {
  exitCode: number | null = null;
  signalCode: string | null = null;
  die(signal = 'SIGKILL'): void {
    this.signalCode = signal;
    this.emit('exit', null, signal);
  }
}

function fakeInstance(): Instance & { child: FakeChild; stopped: boolean } {
  const child = new FakeChild();
  const instance = {
    child,
    stopped: false,
    async stop() {
      instance.stopped = true;
    },
  };
  return instance;
}

/** Events as they come, and a way to wait for the next one of a type. */
function eventLog() {
  const seen: SupervisorEvent[] = [];
  const waiting: Array<{ type: string; resolve(e: SupervisorEvent): void }> = [];
  return {
    seen,
    onEvent(e: SupervisorEvent) {
      seen.push(e);
      for (const w of waiting.filter(x => x.type === e.type)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(e);
      }
    },
    next<T extends SupervisorEvent['type']>(type: T): Promise<Extract<SupervisorEvent, { type: T }>> {
      return new Promise(resolve => waiting.push({ type, resolve: resolve as (e: SupervisorEvent) => void }));
    },
  };
}

test('an instance that dies is started again, and the caller hears both', async () => {
  const { Supervisor } = await load<SuperviseModule>('scripts/lib/supervise.mjs');
  const started: Array<ReturnType<typeof fakeInstance>> = [];
  const events = eventLog();
  const s = new Supervisor({
    start: async () => {
      started.push(fakeInstance());
      return started.at(-1)!;
    },
    onEvent: events.onEvent,
    backoffMs: () => 0,
  });
  assert.equal(await s.run(), started[0]);
  const restarted = events.next('restarted');
  started[0].child.die();
  assert.equal((await restarted).instance, started[1]);
  assert.deepEqual(
    events.seen.map(e => e.type),
    ['exited', 'restarted'],
  );
  assert.deepEqual(events.seen[0], { type: 'exited', how: 'SIGKILL' });
  assert.equal(s.current, started[1]);
  await s.stop();
  assert.equal(started[1].stopped, true);
});

test('after stop() an exit is not restarted', async () => {
  const { Supervisor } = await load<SuperviseModule>('scripts/lib/supervise.mjs');
  const started: Array<ReturnType<typeof fakeInstance>> = [];
  const events = eventLog();
  const s = new Supervisor({
    start: async () => {
      started.push(fakeInstance());
      return started.at(-1)!;
    },
    onEvent: events.onEvent,
    backoffMs: () => 0,
  });
  await s.run();
  await s.stop();
  started[0].child.die('SIGTERM');
  assert.equal(started.length, 1);
  assert.deepEqual(events.seen, []);
});

test('a crash loop is given up after the limit; a restart that fails to start counts', async () => {
  const { Supervisor } = await load<SuperviseModule>('scripts/lib/supervise.mjs');
  let starts = 0;
  const events = eventLog();
  const start = async () => {
    starts++;
    if (starts === 3) throw new Error('port taken');
    const instance = fakeInstance();
    if (starts > 1) queueMicrotask(() => instance.child.die());
    return instance;
  };
  const s = new Supervisor({ start, onEvent: events.onEvent, limit: { restarts: 4, withinMs: 60_000 }, backoffMs: () => 0 });
  const first = await s.run();
  const gaveUp = events.next('gave-up');
  (first.child as FakeChild).die();
  assert.deepEqual(await gaveUp, { type: 'gave-up', restarts: 4, withinMs: 60_000 });
  assert.equal(starts, 5, 'the first start and four restarts');
  assert.deepEqual(
    events.seen.map(e => e.type),
    ['exited', 'restarted', 'exited', 'failed', 'restarted', 'exited', 'restarted', 'exited', 'gave-up'],
  );
  assert.equal(s.current, undefined);
  await s.stop();
});

test('the back-off: at once, then doubling from 250 ms', async () => {
  const { doublingBackoff } = await load<SuperviseModule>('scripts/lib/supervise.mjs');
  assert.deepEqual([1, 2, 3, 4, 5].map(doublingBackoff), [0, 250, 500, 1000, 2000]);
});

test('the emulator killed by its pid is back on the same URL with the data written before and the same admin token', {
  timeout: 60_000,
}, async () => {
  const { superviseEmulator } = await load<EmulatorModule>('scripts/lib/emulator.mjs');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-studio-supervise-'));
  const events = eventLog();
  const { first, supervisor } = await superviseEmulator({ data: path.join(dir, 'data.json') }, { onEvent: events.onEvent });
  try {
    const ws = first.workspaces[0];
    const created = await call(first.url, ws, 'POST', '/v5/campaigns', {
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      created_by: 'kept@example.com',
    });
    assert.equal(created.status, 201);
    const id: string = created.body.data.id;

    const restarted = events.next('restarted');
    process.kill(first.pid, 'SIGKILL');
    const again = (await restarted).instance as Emulator;
    assert.equal(again.url, first.url);
    assert.notEqual(again.pid, first.pid);
    const read = await call(again.url, ws, 'GET', `/v5/campaigns/${id}`);
    assert.equal(read.status, 200);
    assert.match(first.adminToken, /^[A-Za-z0-9_-]{32}$/, "the ready line's admin token");
    assert.equal(again.adminToken, first.adminToken);
    const faults = await adminCall(again, 'PUT', '/__admin/faults', { spec: 'latency=1' });
    assert.equal(faults.status, 200, `the token from the first ready line, after the restart: ${faults.text}`);
  } finally {
    await supervisor.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(
    await fetch(first.url).then(
      () => 'answered',
      () => 'refused',
    ),
    'refused',
    'stopped for good',
  );
});
