import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { baseSnapshotPath, holdPushLock } from '@campaign-studio/sync';
import { pushCampaign, requests } from '../../../sync/test/push/harness';
import { cliWorld, CliWorld, edit, fileOf, onService, writeEnvironments } from './harness';

/**
 * `campaign resolve` against the emulator: a field changed in the file and by a colleague on the
 * service, push refusing the conflict, then theirs, ours, the file's own edit, a subset by
 * --path; what it refuses, and a service that does not answer: nothing written.
 */

const COLLEAGUE = 'colleague@example.com';
const BASIC = pushCampaign().basic_details as Record<string, unknown>;

interface ResolveJson {
  files: Array<{
    file: string;
    campaignName?: string;
    outcome: string;
    fields: Array<{ path: string; choice: string; base?: unknown; local?: unknown; remote?: unknown; value?: unknown }>;
    left: string[];
    message?: string;
  }>;
}

interface PlanJson {
  entries: Array<{ action: string; requests: Array<{ body: Record<string, any> }>; conflicts: Array<{ path: string }>; message?: string }>;
}

/**
 * Pulled, then `mine` in the file and `theirs` (with the colleague's other edit of utm_params) on
 * the service; push has just refused the conflict.
 */
async function conflicted(t: Parameters<typeof cliWorld>[0], mine: Record<string, unknown>, theirs: Record<string, unknown>) {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  assert.equal((await w.run(['pull', id])).code, 0);
  const file = fileOf(w, id);
  edit(file, d => Object.assign(d.basic_details, mine));
  w.emu.admin.editCampaign(
    id,
    { basic_details: { ...BASIC, ...theirs }, utm_params: { utm_source: 'newsletter', utm_medium: 'push' } },
    COLLEAGUE,
  );
  const push = await w.run(['push', '--yes']);
  assert.equal(push.code, 1, 'a conflict stops the push, as before');
  const rel = path.relative(w.root, file);
  assert.ok(
    push.stderr.includes(
      `Decide the fields in conflict with campaign resolve ${rel} and --theirs (the service's values), --ours (yours), or neither once you edited each field to the value it should have. Then plan again.\n`,
    ),
    `push names the way out:\n${push.stderr}`,
  );
  assert.ok(
    push.stdout.includes(`campaign resolve ${rel} --theirs takes the service's values`),
    `the plan's entry names it too:\n${push.stdout}`,
  );
  w.emu.admin.clearRequests();
  return { w, id, file, rel };
}

function snapshot(w: CliWorld, id: string, file: string): [string, string] {
  return [fs.readFileSync(file, 'utf8'), fs.readFileSync(baseSnapshotPath(w.root, id), 'utf8')];
}

function onServiceNow(w: CliWorld, id: string): Record<string, any> {
  return w.emu.admin.campaign(id)!.components as Record<string, any>;
}

test('--theirs: the file takes the service value; push then has nothing of that field to send, and pull takes their other edit', async t => {
  const { w, id, file, rel } = await conflicted(t, { name: 'Mine' }, { name: 'Theirs' });

  const r = await w.run(['resolve', rel, '--theirs', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const row = w.json<ResolveJson>(r, 'resolve').files[0];
  assert.equal(row.outcome, 'resolved');
  assert.equal(row.campaignName, 'Theirs');
  assert.deepEqual(row.fields, [
    { path: 'basic_details.name', choice: 'theirs', base: 'Spring sale', local: 'Mine', remote: 'Theirs', value: 'Theirs' },
  ]);
  assert.deepEqual(row.left, []);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(doc.basic_details.name, 'Theirs');
  assert.deepEqual(doc.utm_params, pushCampaign().utm_params, 'a field not in conflict is left as it was');
  const base = JSON.parse(fs.readFileSync(baseSnapshotPath(w.root, id), 'utf8')).campaign;
  assert.equal(base.basic_details.name, 'Theirs', "the base of the field is the service's value");
  assert.deepEqual(base.utm_params, pushCampaign().utm_params, "the colleague's other edit still shows as theirs");
  assert.equal(requests(w, 'PATCH').length, 0, 'resolve sends nothing');

  const push = await w.run(['push', '--yes', '--format', 'json']);
  assert.equal(push.code, 0, push.stderr + push.stdout);
  assert.equal(requests(w, 'PATCH').length, 0, 'nothing of that field (nor anything else of yours) is left to send');
  const pull = await w.run(['pull', '--format', 'json']);
  assert.equal(pull.code, 0, pull.stderr);
  assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).utm_params.utm_source, 'newsletter');
  assert.match((await w.run(['status'])).stdout, /^unchanged/);
});

test("--ours: push sends yours on top of theirs, and the colleague's other edit survives", async t => {
  const { w, id, rel } = await conflicted(t, { name: 'Mine' }, { name: 'Theirs', tags: ['spring', 'theirs'] });

  const r = await w.run(['resolve', rel, '--ours']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /^resolved {2}campaigns\/spring-sale\.[0-9a-f]+\.campaign\.json \(campaign "Theirs" \([0-9a-f]+\) on emu; last changed by colleague@example\.com\)\n/,
  );
  assert.match(r.stdout, /\n {10}basic_details\.name: the file keeps yours, "Mine" \(theirs is "Theirs"; base "Spring sale"\)\n/);
  assert.match(r.stdout, /Nothing was sent yet: campaign plan shows what campaign push would send now\.\n$/);

  const plan = await w.run(['plan', '--format', 'json']);
  assert.equal(plan.code, 2, plan.stderr);
  const entry = w.json<PlanJson>(plan, 'plan').entries[0];
  assert.equal(entry.action, 'update');
  assert.deepEqual(
    entry.requests[0].body.basic_details,
    { ...BASIC, name: 'Mine', tags: ['spring', 'theirs'] },
    'yours, merged with their tags',
  );
  assert.equal(entry.requests[0].body.utm_params, undefined, 'their utm_params is not sent back');

  const push = await w.run(['push', '--yes']);
  assert.equal(push.code, 0, push.stderr + push.stdout);
  const now = onServiceNow(w, id);
  assert.deepEqual(
    [now.basic_details.name, now.basic_details.tags, now.utm_params.utm_source],
    ['Mine', ['spring', 'theirs'], 'newsletter'],
  );
});

test('the file edited to the value it should have, then resolve without --ours/--theirs: that value is the resolution, and push sends it', async t => {
  const { w, id, file, rel } = await conflicted(t, { tags: ['spring', 'mine'] }, { tags: ['spring', 'theirs'] });
  edit(file, d => {
    d.basic_details.tags = ['spring', 'mine', 'theirs'];
  });
  assert.equal(
    (await w.run(['push', '--yes'])).code,
    1,
    'a value written by hand is still a conflict for push: it differs from both sides',
  );

  const r = await w.run(['resolve', rel]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /\n {10}basic_details\.tags: the file's value \["spring","mine","theirs"\] is taken as the resolution \(theirs is \["spring","theirs"\]; base \["spring"\]\)\n/,
  );
  const push = await w.run(['push', '--yes']);
  assert.equal(push.code, 0, push.stderr + push.stdout);
  const now = onServiceNow(w, id);
  assert.deepEqual([now.basic_details.tags, now.utm_params.utm_source], [['spring', 'mine', 'theirs'], 'newsletter']);
});

test('--path resolves only the fields it names; the others stay in conflict, and plan still lists them', async t => {
  const { w, rel } = await conflicted(t, { name: 'Mine', team: 'Retail' }, { name: 'Theirs', team: 'Brand' });
  const r = await w.run(['resolve', rel, '--theirs', '--path', 'basic_details.team', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const row = w.json<ResolveJson>(r, 'resolve').files[0];
  assert.deepEqual(
    row.fields.map(f => [f.path, f.value]),
    [['basic_details.team', 'Brand']],
  );
  assert.deepEqual(row.left, ['basic_details.name']);
  assert.match(row.message ?? '', /^Still in conflict: basic_details\.name\. Resolve them too before pushing\.$/);

  const plan = await w.run(['plan', '--format', 'json']);
  assert.equal(plan.code, 1);
  assert.deepEqual(
    w.json<PlanJson>(plan, 'plan').entries[0].conflicts.map(c => c.path),
    ['basic_details.name'],
  );
});

test('a --path not in conflict is refused with the fields that are, and nothing is written', async t => {
  const { w, id, file, rel } = await conflicted(t, { name: 'Mine' }, { name: 'Theirs' });
  const before = snapshot(w, id, file);
  const r = await w.run(['resolve', rel, '--ours', '--path', 'basic_details.team']);
  assert.equal(r.code, 1);
  assert.match(
    r.stdout,
    /^refused {2}campaigns\/.* \(campaign "Theirs" \([0-9a-f]+\) on emu\): Nothing was written: basic_details\.team is not in conflict\. The fields in conflict are basic_details\.name\.\n$/,
  );
  assert.deepEqual(snapshot(w, id, file), before);
  const json = w.json<ResolveJson>(await w.run(['resolve', rel, '--path', 'nope', '--format', 'json']), 'resolve').files[0];
  assert.deepEqual([json.outcome, json.left], ['refused', ['basic_details.name']]);

  const both = await w.run(['resolve', rel, '--ours', '--theirs']);
  assert.deepEqual(
    [both.code, both.stderr],
    [1, 'campaign resolve: --theirs and --ours cannot go together: give one of them, or neither to keep what you wrote in the file.\n'],
  );
  assert.equal((await w.run(['resolve'])).code, 1, 'the files are named, never all by default');
  assert.deepEqual(snapshot(w, id, file), before);
});

test('the campaign changed again on the service after the push refused: resolve takes the newest version', async t => {
  const { w, id, file, rel } = await conflicted(t, { name: 'Mine' }, { name: 'Theirs' });
  w.emu.admin.editCampaign(id, { basic_details: { ...BASIC, name: 'Theirs, again' } }, COLLEAGUE);
  const r = await w.run(['resolve', rel, '--theirs', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(w.json<ResolveJson>(r, 'resolve').files[0].fields[0].value, 'Theirs, again');
  assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).basic_details.name, 'Theirs, again');
});

test('a lost answer or a service that is not there: resolve says so, exits 1 and writes nothing', async t => {
  const { w, id, file, rel } = await conflicted(t, { name: 'Mine' }, { name: 'Theirs' });
  const before = snapshot(w, id, file);
  writeEnvironments(w.root, [{ name: 'emu', baseUrl: w.emu.url, workspaceId: w.ws.id, email: 'me@example.com', readTimeoutSeconds: 1 }]);
  w.emu.admin.setFaults('drop-rate=1');
  const lost = await w.run(['resolve', rel, '--theirs']);
  assert.equal(lost.code, 1);
  assert.match(
    lost.stdout,
    /^error {2}campaigns\/.* \(campaign "Mine" \([0-9a-f]+\) on emu\): Nothing was written: campaign [0-9a-f]+ could not be read from emu \(.+[^.]\), and resolving needs its current version\. Resolve again once the service answers\.\n$/,
  );
  assert.deepEqual(snapshot(w, id, file), before);

  w.emu.admin.clearFaults();
  await w.emu.close();
  const down = await w.run(['resolve', rel, '--theirs', '--format', 'json']);
  assert.equal(down.code, 1);
  assert.equal(w.json<ResolveJson>(down, 'resolve').files[0].outcome, 'error');
  assert.deepEqual(snapshot(w, id, file), before);
});

test('resolve waits for a push of the same campaign holding its lock, then resolves', async t => {
  const { w, id, file, rel } = await conflicted(t, { name: 'Mine' }, { name: 'Theirs' });
  const release = await holdPushLock(w.root, id, { onWait: () => assert.fail('the lock is free') });
  let waiting!: () => void;
  const said = new Promise<void>(resolve => (waiting = resolve));
  const running = w.run(['resolve', rel, '--theirs'], {
    stderr: s => /waiting for another push of it \(pid \d+\) to finish…/.test(s) && waiting(),
  });
  await said;
  assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).basic_details.name, 'Mine', 'nothing is written while the lock is held');
  await release();
  const r = await running;
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).basic_details.name, 'Theirs');
});

test('pull and plan name the way out of a conflict, with base, yours and theirs per field', async t => {
  const { w, rel } = await conflicted(t, { name: 'Mine' }, { name: 'Theirs' });
  const pull = await w.run(['pull']);
  assert.equal(pull.code, 1);
  assert.ok(
    pull.stdout.includes(
      `nothing was written. To decide: campaign resolve ${rel} --theirs takes the service's values, or --ours keeps yours; or edit each field in the file to the value it should have, then run campaign resolve ${rel}. Nothing is sent until you push.\n`,
    ),
    pull.stdout,
  );
  assert.match(pull.stdout, /\n {10}! basic_details\.name: base "Spring sale", yours "Mine", theirs "Theirs"\n$/);
  const json = w.json<{ campaigns: Array<Record<string, unknown>> }>(await w.run(['pull', '--format', 'json']), 'pull');
  assert.deepEqual(json.campaigns[0].conflicts, ['basic_details.name'], 'the JSON keeps its shape');
  const plan = await w.run(['plan']);
  assert.equal(plan.code, 1);
  assert.ok(plan.stdout.includes(`campaign resolve ${rel} --theirs takes the service's values, or --ours keeps yours`), plan.stdout);
  assert.match(plan.stdout, /! basic_details\.name: base "Spring sale", yours "Mine", service "Theirs"/);
});
