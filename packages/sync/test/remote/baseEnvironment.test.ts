import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { RunningEmulator, startEmulator } from '@campaign-studio/emulator';
import { PushResult, runPush } from '../../src/push/pushFlow';
import { baseStore } from '../../src/push/serviceAdapter';
import { fetchIntoWorkspace } from '../../src/remote/fetch';
import { ServiceClient } from '../../src/remote/serviceClient';
import {
  basePath,
  deps,
  DiskFile,
  editJson,
  fetchFile,
  fetchedCampaign,
  makeCampaign,
  ME,
  pushCampaign,
  requests,
  ScriptedUi,
  World,
  world,
} from '../push/harness';
import { rewriteAsVersion1 } from '../helpers/fetchedProject';

/**
 * Whose base a base snapshot is: the environment's name and workspace id, never its URL. Fetch
 * and push against the emulator with the real base store; version-1 sidecars (which pinned the
 * URL) are used by push and rewritten as version 2.
 */

/** A client of the emulator's workspace `i` under the environment name `name`. */
function clientFor(emu: RunningEmulator, name: string, i = 0): ServiceClient {
  const ws = emu.workspaces[i];
  return new ServiceClient({
    environment: { name, baseUrl: emu.url, workspaceId: ws.id, headerPrefix: 'SVC', email: ME, production: false },
    apiKey: ws.apiKey,
    timeoutMs: 10_000,
    maxRetries: 2,
    backoffMs: 10,
  });
}

/** The same workspace folder, with the user now in the environment of `client`. */
function switchedTo(w: World, client: ServiceClient): World {
  return { ...w, client, env: { name: client.environment.name, production: false, email: ME } };
}

function sidecarOf(w: World, id: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(basePath(w, id), 'utf8'));
}

/** Renames the campaign in the file and pushes it, as the user of `w`. */
async function pushRename(w: World, file: DiskFile, name: string): Promise<{ r: PushResult; ui: ScriptedUi }> {
  editJson(file, d => {
    (d.basic_details as { name: string }).name = name;
  });
  const ui = new ScriptedUi({ confirmPush: [true] });
  return { r: await runPush(file, deps(w, ui)), ui };
}

function remoteName(w: World, id: string): string {
  return (w.emu.admin.campaign(id)!.components.basic_details as { name: string }).name;
}

test("fetch writes version 2: the environment's name and workspace id, and the URL only as a record", async t => {
  const w = await world(t);
  const id = await makeCampaign(w, pushCampaign());
  await fetchFile(w, id);
  const side = sidecarOf(w, id);
  assert.deepEqual(Object.keys(side), [
    'format',
    'version',
    'environment',
    'workspaceId',
    'baseUrl',
    'id',
    'fetchedAt',
    'campaign',
    'aside',
    'notes',
  ]);
  assert.deepEqual(
    [side.format, side.version, side.environment, side.workspaceId, side.baseUrl, side.id],
    ['campaign-studio-base', 2, 'emu', w.ws.id, w.emu.url, id],
  );
});

test('fetch compares with a version-1 base (no local edits: written without asking) and leaves version 2', async t => {
  const w = await world(t);
  const id = await makeCampaign(w, pushCampaign());
  await fetchFile(w, id);
  rewriteAsVersion1(basePath(w, id));
  w.emu.admin.editCampaign(id, { basic_details: { name: 'Renamed remotely', platforms: ['ANDROID'] } }, 'author@example.com');
  const r = await fetchIntoWorkspace(id, {
    client: w.client,
    workspaceRoot: w.root,
    folder: 'campaigns',
    ask: async () => {
      throw new Error('asked, yet the file has no local edits');
    },
  });
  assert.deepEqual([r.outcome, r.decision], ['written', { action: 'write', reason: 'no-local-edits' }]);
  assert.deepEqual([sidecarOf(w, id).version, sidecarOf(w, id).environment], [2, 'emu']);
});

test('the sandbox restarted on another port: what was fetched from the same environment still pushes', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-restart-'));
  const data = path.join(dir, 'state.json');
  const first = await startEmulator({ data });
  let second: RunningEmulator | undefined;
  try {
    const before: World = {
      emu: first,
      ws: first.workspaces[0],
      client: clientFor(first, 'shopco'),
      root: dir,
      env: { name: 'shopco', production: false, email: ME },
      settings: { features: {} },
    };
    const id = await makeCampaign(before, pushCampaign());
    const file = await fetchFile(before, id);
    // The same state behind a new port, as the sandbox comes back after a restart.
    second = await startEmulator({ data });
    await first.close();
    assert.notEqual(second.url, first.url);
    const after: World = { ...switchedTo(before, clientFor(second, 'shopco')), emu: second, ws: second.workspaces[0] };
    assert.equal(sidecarOf(after, id).baseUrl, first.url);
    const { r, ui } = await pushRename(after, file, 'Spring sale, after the restart');
    assert.equal(r.outcome, 'pushed', ui.text());
    assert.equal(remoteName(after, id), 'Spring sale, after the restart');
    assert.equal(sidecarOf(after, id).baseUrl, second.url, 'the new base records where it was read from');
  } finally {
    await first.close();
    await second?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a version-1 base of this environment, read at another URL: push uses it and rewrites it as version 2, nothing else changed', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  const v1 = rewriteAsVersion1(basePath(w, id), { baseUrl: 'http://127.0.0.1:4010' });
  const doc = await baseStore(w.root, w.client).read(id);
  assert.equal(doc?.id, id);
  assert.equal(fs.readFileSync(basePath(w, id), 'utf8'), v1.replace('"version": 1,', '"version": 2,'), 'only the version number changed');
  assert.deepEqual(fs.readdirSync(path.dirname(basePath(w, id))), [`${id}.json`], 'written atomically: no temporary file left');
  rewriteAsVersion1(basePath(w, id), { baseUrl: 'http://127.0.0.1:4010' });
  const { r, ui } = await pushRename(w, file, 'Spring sale, from a version-1 base');
  assert.equal(r.outcome, 'pushed', ui.text());
  assert.deepEqual([sidecarOf(w, id).version, sidecarOf(w, id).baseUrl], [2, w.emu.url]);
});

test('a renamed environment: a version-1 base of its URL and workspace is its own, and takes its new name', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  const v1 = JSON.parse(rewriteAsVersion1(basePath(w, id), { environment: 'emu-before-rename' }));
  assert.ok(await baseStore(w.root, w.client).read(id));
  assert.deepEqual(sidecarOf(w, id), { ...v1, version: 2, environment: 'emu' });
  rewriteAsVersion1(basePath(w, id), { environment: 'emu-before-rename' });
  const { r, ui } = await pushRename(w, file, 'Spring sale, renamed environment');
  assert.equal(r.outcome, 'pushed', ui.text());
  assert.equal(remoteName(w, id), 'Spring sale, renamed environment');
});

test("another environment's base stops the push, naming both environments and the two ways out", async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  const sidecar = fs.readFileSync(basePath(w, id), 'utf8');
  const ws0 = w.ws.id;
  const ws1 = w.emu.workspaces[1].id;
  w.emu.admin.clearRequests();

  const other = await pushRename(switchedTo(w, clientFor(w.emu, 'staging', 1)), file, 'x');
  assert.deepEqual([other.r.outcome, other.r.stage], ['blocked', 'base']);
  assert.equal(
    other.r.message,
    `Nothing was sent: the base snapshot of campaign ${id} was fetched from environment \`emu\` (workspace \`${ws0}\`), but the current environment is \`staging\` (workspace \`${ws1}\`). ` +
      'Switch to `emu` ("Campaign Studio: Switch Environment"), or fetch the campaign again from `staging` ("Campaign Studio: Fetch Campaign into Workspace"), which makes `staging`\'s copy its base ' +
      '(when the file has local edits, fetch asks before replacing them and keeps a copy under `.campaigns/backup/`).',
  );

  const sameName = await pushRename(switchedTo(w, clientFor(w.emu, 'emu', 1)), file, 'y');
  assert.deepEqual([sameName.r.outcome, sameName.r.stage], ['blocked', 'base']);
  assert.match(
    sameName.r.message,
    new RegExp(
      `fetched from environment \`emu\` in workspace \`${ws0}\`, but the current environment \`emu\` uses workspace \`${ws1}\`: the name is the same, the workspace ids differ\\. Switch \\("Campaign Studio: Switch Environment"\\) to an environment of workspace \`${ws0}\`, or fetch the campaign again from \`emu\``,
    ),
  );
  assert.doesNotMatch(
    sameName.r.message,
    /environment `emu` \(workspace [^)]*\), but the current environment is `emu`/,
    'two equal names are never shown as if they differed',
  );

  assert.equal(requests(w).length, 0, 'nothing was read or written on the service');
  assert.equal(fs.readFileSync(basePath(w, id), 'utf8'), sidecar, 'the base is left as it was');
});

test('the name and the workspace decide: another name is another environment, unless a version-1 base shares its URL', async t => {
  const w = await world(t);
  const id = await makeCampaign(w, pushCampaign());
  await fetchFile(w, id);
  const side = basePath(w, id);
  const renamed = baseStore(w.root, clientFor(w.emu, 'emu-renamed'));
  await assert.rejects(
    renamed.read(id),
    /fetched from environment `emu` \(workspace `[^`]+`\), but the current environment is `emu-renamed`/,
    'a version-2 base keeps its name',
  );
  rewriteAsVersion1(side, { baseUrl: 'http://127.0.0.1:4010' });
  await assert.rejects(
    renamed.read(id),
    /but the current environment is `emu-renamed`/,
    'a version-1 base of another name and URL is not a rename',
  );
  assert.equal(sidecarOf(w, id).version, 1, 'a base that is not used is not rewritten');
});
