import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { ADMIN_TOKEN_ENV } from '../src/access';
import { adminCall, call } from './helpers';
import { whenFileHolds } from '../../../scripts/lib/watch.mjs';
import { startEmulator } from '../src/server';
import { DataFileError } from '../src/store';

const root = path.resolve(__dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-emulator-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const who = 'dev@example.com';

interface Spawned {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the ready line, rejects when the process exits first. */
  ready: Promise<{ url: string; adminToken: string; workspaces: Array<{ id: string; apiKey: string; features: Record<string, boolean> }> }>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
after(() => {
  // Whatever a failed test left running: the whole process group.
  for (const c of children)
    if (c.pid && c.exitCode === null && c.signalCode === null) {
      try {
        process.kill(-c.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
});

function spawnIt(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Spawned {
  const child = spawn(cmd, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', d => {
    err += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(resolve =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<Spawned['ready'] extends Promise<infer R> ? R : never>((resolve, reject) => {
    child.stdout!.on('data', d => {
      out += d;
      for (const line of out.split('\n')) {
        if (!line.startsWith('{') || !line.endsWith('}')) continue;
        try {
          resolve(JSON.parse(line));
        } catch {
          /* not complete yet */
        }
      }
    });
    void exited.then(e => reject(new Error(`exited (${e.code ?? e.signal}) before it was ready; stderr: ${err}`)));
  });
  // A test that expects the process to fail never awaits `ready`.
  ready.catch(() => undefined);
  return { child, stdout: () => out, stderr: () => err, ready, exited };
}

function refused(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise(resolve => {
    const s = net.connect(Number(u.port), u.hostname);
    s.on('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.on('error', () => resolve(true));
  });
}

async function createDraft(url: string, ws: { id: string; apiKey: string }, name: string): Promise<string> {
  const c = await call(url, ws as never, 'POST', '/v5/campaigns', { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: who });
  assert.equal(c.status, 201, c.text);
  const p = await call(url, ws as never, 'PATCH', `/v5/campaigns/${c.body.data.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    basic_details: { name, platforms: ['ANDROID'] },
  });
  assert.equal(p.status, 200, p.text);
  return c.body.data.id;
}

test('in memory by default: a restart starts from the seed again', async () => {
  const a = await startEmulator({ rateLimits: false });
  const id = await createDraft(a.url, a.workspaces[0], 'Forgotten');
  await a.close();
  const b = await startEmulator({ rateLimits: false });
  try {
    assert.equal((await call(b.url, b.workspaces[0], 'GET', `/v5/campaigns/${id}`)).status, 404);
  } finally {
    await b.close();
  }
});

test('--data keeps the state across restarts', async () => {
  const file = path.join(dir, 'state.json');
  const a = await startEmulator({ data: file, rateLimits: false });
  assert.ok(fs.existsSync(file), 'created with the seed at start');
  const id = await createDraft(a.url, a.workspaces[0], 'Kept across restarts');
  const status = await call(a.url, a.workspaces[0], 'POST', '/v5/campaigns/status', {
    action: 'PAUSE',
    campaign_ids: [
      JSON.parse(fs.readFileSync(file, 'utf8')).campaigns.find(
        (c: { status: string; campaign_delivery_type: string }) => c.status === 'ACTIVE' && c.campaign_delivery_type === 'PERIODIC',
      ).id,
    ],
  });
  assert.equal(status.status, 200);
  await a.close();
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(saved.format, 'campaign-emulator-state');
  const b = await startEmulator({ data: file, rateLimits: false });
  try {
    const r = await call(b.url, b.workspaces[0], 'GET', `/v5/campaigns/${id}`);
    assert.equal(r.status, 200);
    assert.equal(r.body.data.basic_details.name, 'Kept across restarts');
    assert.equal((await call(b.url, b.workspaces[0], 'GET', `/v5/campaigns/${status.body.data[0].id}`)).body.data.status, 'PAUSED');
    // A reset writes the seed back to the file.
    b.admin.reset();
    assert.equal(
      JSON.parse(fs.readFileSync(file, 'utf8')).campaigns.some((c: { id: string }) => c.id === id),
      false,
    );
  } finally {
    await b.close();
  }
  assert.deepEqual(
    fs.readdirSync(dir).filter(n => n.endsWith('.tmp')),
    [],
    'no temporary file left behind',
  );
});

test('a data file that is not emulator state is refused with a message saying what to do', async () => {
  const notJson = path.join(dir, 'not-json.json');
  fs.writeFileSync(notJson, '{ "half": ');
  await assert.rejects(
    startEmulator({ data: notJson }),
    (e: Error) => e instanceof DataFileError && /not valid JSON/.test(e.message) && /--data/.test(e.message),
  );
  const other = path.join(dir, 'other.json');
  fs.writeFileSync(other, JSON.stringify({ campaigns: [] }));
  await assert.rejects(startEmulator({ data: other }), (e: Error) => e instanceof DataFileError && /not emulator state/.test(e.message));
  assert.equal(fs.readFileSync(other, 'utf8'), JSON.stringify({ campaigns: [] }), 'left untouched');
});

test('a temporary file left by a killed write is removed at start; the data file is intact', async () => {
  const file = path.join(dir, 'leftover.json');
  const a = await startEmulator({ data: file, rateLimits: false });
  await a.close();
  const before = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(`${file}.99999.3.tmp`, before.slice(0, 1000));
  const b = await startEmulator({ data: file, rateLimits: false });
  await b.close();
  assert.equal(fs.existsSync(`${file}.99999.3.tmp`), false);
  assert.equal(fs.readFileSync(file, 'utf8'), before);
});

/** Resolves at the `count`th change to `file` or a temporary file beside it, as its folder reports them. */
function writesSeen(file: string, count: number): Promise<void> {
  const name = path.basename(file);
  return new Promise(resolve => {
    let seen = 0;
    const watcher = fs.watch(path.dirname(file), (_event, changed) => {
      if (!changed?.startsWith(name) || ++seen < count) return;
      watcher.close();
      resolve();
    });
  });
}

test('writes are atomic: an emulator killed while writing leaves a complete data file', { timeout: 120_000 }, async () => {
  for (let round = 0; round < 2; round++) {
    const file = path.join(dir, `killed-${round}.json`);
    const emu = spawnIt(process.execPath, ['--import', 'tsx', 'packages/emulator/src/main.ts', '--port', '0', '--data', file]);
    const ready = await emu.ready;
    const ws = ready.workspaces[0];
    // Keep writes going from several clients, then kill the process without warning.
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      let n = 0;
      while (!stop) {
        try {
          await createDraft(ready.url, ws, `writer ${w} #${n++}`);
        } catch {
          return n;
        }
      }
      return n;
    });
    // Killed as the data file is being written: after a few writes, at a later one each round.
    await writesSeen(file, 3 + round * 10);
    process.kill(-emu.child.pid!, 'SIGKILL');
    stop = true;
    await emu.exited;
    const written = (await Promise.all(writers)).reduce((a, b) => a + b, 0);
    assert.ok(written > 0);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.equal(saved.format, 'campaign-emulator-state');
    const again = await startEmulator({ data: file, rateLimits: false });
    try {
      const drafts = await call(again.url, again.workspaces[0], 'POST', '/v5/campaigns/search', {
        campaign_fields: { status: ['DRAFT'], created_by: [who] },
      });
      assert.equal(drafts.status, 200);
    } finally {
      await again.close();
    }
    assert.deepEqual(
      fs.readdirSync(dir).filter(n => n.startsWith(`killed-${round}.json.`)),
      [],
      'the start removed any temporary file',
    );
  }
});

test('a write is on disk before its answer: killed while the answer is delayed, the change is kept', { timeout: 60_000 }, async () => {
  const file = path.join(dir, 'delayed.json');
  const emu = spawnIt(process.execPath, [
    '--import',
    'tsx',
    'packages/emulator/src/main.ts',
    '--port',
    '0',
    '--data',
    file,
    '--faults',
    'write-delay=600000',
  ]);
  const ready = await emu.ready;
  const author = 'delayed@example.com';
  const answer = call(ready.url, ready.workspaces[0] as never, 'POST', '/v5/campaigns', {
    channel: 'EMAIL',
    campaign_delivery_type: 'ONE_TIME',
    created_by: author,
  }).then(
    () => 'answered',
    () => 'no answer',
  );
  await whenFileHolds(file, author, 'the create to be on disk');
  process.kill(-emu.child.pid!, 'SIGKILL');
  await emu.exited;
  assert.equal(await answer, 'no answer');
  const again = await startEmulator({ data: file, rateLimits: false });
  try {
    const drafts = await call(again.url, again.workspaces[0], 'POST', '/v5/campaigns/search', {
      campaign_fields: { status: ['DRAFT'], created_by: [author] },
    });
    assert.equal(drafts.body.data.length, 1, 'the applied create survived the kill');
  } finally {
    await again.close();
  }
});

test('npm run emulator: one JSON ready line, serves the --data state, stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
  const file = path.join(dir, 'npm.json');
  const pre = await startEmulator({ data: file, rateLimits: false });
  const id = await createDraft(pre.url, pre.workspaces[0], 'Made before the restart');
  await pre.close();

  const emu = spawnIt('npm', ['run', 'emulator', '--', '--port', '0', '--data', file]);
  const ready = await emu.ready;
  assert.match(ready.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.deepEqual(Object.keys(ready).sort(), ['adminToken', 'url', 'workspaces']);
  assert.match(ready.adminToken, /^[A-Za-z0-9_-]{32}$/);
  assert.equal((await adminCall(ready, 'GET', '/__admin/faults')).status, 200, "the ready line's token opens the admin endpoints");
  assert.equal((await adminCall({ url: ready.url, adminToken: undefined as never }, 'GET', '/__admin/workspaces')).status, 403);
  assert.equal(ready.workspaces.length, 2);
  for (const w of ready.workspaces) assert.deepEqual(Object.keys(w).sort(), ['apiKey', 'features', 'id']);
  assert.deepEqual(ready.workspaces[0].features, { audienceLimit: true, queuing: true, portfolio: true, versioning: true });
  assert.deepEqual(ready.workspaces[1].features, { audienceLimit: false, queuing: false, portfolio: false, versioning: false });
  const jsonLines = emu
    .stdout()
    .split('\n')
    .filter(l => l.trim().startsWith('{') || l.trim().startsWith('['));
  assert.equal(jsonLines.length, 1, `exactly one line of JSON on stdout: ${emu.stdout()}`);

  const r = await call(ready.url, ready.workspaces[0] as never, 'GET', `/v5/campaigns/${id}`);
  assert.equal(r.status, 200);
  assert.equal(r.body.data.basic_details.name, 'Made before the restart');

  process.kill(emu.child.pid!, 'SIGTERM');
  const exit = await emu.exited;
  assert.equal(exit.code, 0, `exit ${exit.code ?? exit.signal}; stderr: ${emu.stderr()}`);
  assert.equal(await refused(ready.url), true, 'the port is closed');
  // Nothing of the process group is left running.
  await new Promise<void>(resolve => {
    const check = () => {
      try {
        process.kill(-emu.child.pid!, 0);
        setTimeout(check, 20);
      } catch {
        resolve();
      }
    };
    check();
  });
});

test('the ready line carries the admin token given in the environment, so a restart can keep it; a weak one is refused', {
  timeout: 60_000,
}, async () => {
  const token = 'kept-by-the-supervisor-0123456789';
  const emu = spawnIt(process.execPath, ['--import', 'tsx', 'packages/emulator/src/main.ts', '--port', '0'], {
    ...process.env,
    [ADMIN_TOKEN_ENV]: token,
  });
  const ready = await emu.ready;
  assert.equal(ready.adminToken, token);
  assert.equal((await adminCall(ready, 'GET', '/__admin/faults')).status, 200);
  process.kill(emu.child.pid!, 'SIGTERM');
  assert.equal((await emu.exited).code, 0);

  const weak = spawnIt(process.execPath, ['--import', 'tsx', 'packages/emulator/src/main.ts', '--port', '0'], {
    ...process.env,
    [ADMIN_TOKEN_ENV]: 'short',
  });
  const exit = await weak.exited;
  assert.equal(exit.code, 1);
  assert.match(weak.stderr(), new RegExp(`${ADMIN_TOKEN_ENV}`));
  assert.doesNotMatch(weak.stderr(), /short/, 'the token is not repeated');
  assert.equal(weak.stdout(), '');
});

test('the command line refuses bad options with a usage message and exit status 2', { timeout: 60_000 }, async () => {
  for (const args of [['--port', 'abc'], ['--faults', 'explode=1'], ['--colour']]) {
    const emu = spawnIt(process.execPath, ['--import', 'tsx', 'packages/emulator/src/main.ts', ...args]);
    const exit = await emu.exited;
    assert.equal(exit.code, 2, args.join(' '));
    assert.match(emu.stderr(), /usage: npm run emulator/);
    assert.equal(emu.stdout(), '');
  }
  const bad = path.join(dir, 'bad.json');
  fs.writeFileSync(bad, 'nope');
  const emu = spawnIt(process.execPath, ['--import', 'tsx', 'packages/emulator/src/main.ts', '--data', bad]);
  const exit = await emu.exited;
  assert.equal(exit.code, 1);
  assert.match(emu.stderr(), /not valid JSON/);
});
