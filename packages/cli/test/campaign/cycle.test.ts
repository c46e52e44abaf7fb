import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { baseSnapshotPath, fetchIntoWorkspace, readBaseSnapshot } from '@campaign-studio/sync';
import { fetchFile, ME, pushCampaign, requests } from '../../../sync/test/push/harness';
import { campaign } from '../../src/campaign';
import { cliWorld, edit, fileOf, onService } from './harness';

/**
 * pull → edit → status → diff → plan → push against the emulator, and what stops a push: the
 * service moving after the plan, a field changed on both sides, a folder fetched by the editor.
 */

interface PlanJson {
  summary: Record<string, number>;
  entries: Array<{
    file: string;
    action: string;
    requests: Array<{ method: string; path: string; body: Record<string, any> }>;
    conflicts: Array<{ path: string }>;
    message?: string;
    remote?: { updatedAt?: string };
  }>;
}

test('the full cycle: pull, edit, status, diff, plan (exit 2), push --plan --yes, then nothing left to push (exit 0)', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());

  const pulled = await w.run(['pull', id, '--format', 'json']);
  assert.equal(pulled.code, 0, pulled.stderr);
  assert.equal(w.json<{ campaigns: Array<{ outcome: string }> }>(pulled, 'pull').campaigns[0].outcome, 'created');
  const file = fileOf(w, id);
  assert.ok(fs.existsSync(baseSnapshotPath(w.root, id)), 'the base snapshot is written beside the file, as Fetch writes it');

  edit(file, d => {
    d.basic_details.name = 'Spring sale, second week';
  });
  const status = await w.run(['status', '--format', 'json']);
  assert.equal(status.code, 0, status.stderr);
  const files = w.json<{ files: Array<{ file: string; state: string; environment: string }> }>(status, 'status').files;
  assert.deepEqual(
    files.map(f => [f.file, f.state, f.environment]),
    [[path.relative(w.root, file), 'modified', 'emu']],
  );

  const diff = await w.run(['diff', '--format', 'json']);
  const changes = w.json<{ files: Array<{ local: unknown[]; remote: unknown[] }> }>(diff, 'diff').files[0];
  assert.deepEqual(changes.local, [{ path: 'basic_details.name', before: 'Spring sale', after: 'Spring sale, second week' }]);
  assert.deepEqual(changes.remote, []);
  const diffText = await w.run(['diff']);
  assert.match(diffText.stdout, /~ basic_details\.name: "Spring sale" → "Spring sale, second week"/);

  const plan = await w.run(['plan', '--out', 'plan.json', '--format', 'json']);
  assert.equal(plan.code, 2, `changes pending is exit 2: ${plan.stderr}`);
  const planned = w.json<PlanJson>(plan, 'plan');
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(w.root, 'plan.json'), 'utf8')), planned, '--out writes the same plan');
  const update = planned.entries[0];
  assert.equal(update.action, 'update');
  assert.deepEqual(
    update.requests.map(r => `${r.method} ${r.path}`),
    [`PATCH /v5/campaigns/${id}`],
  );
  assert.deepEqual(update.requests[0].body, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: ME,
    basic_details: { name: 'Spring sale, second week', platforms: ['ANDROID', 'IOS'], tags: ['spring'], team: 'Growth' },
  });
  assert.equal(requests(w, 'PATCH').length, 0, 'a plan sends nothing');

  const pushed = await w.run(['push', '--plan', 'plan.json', '--yes', '--format', 'json']);
  assert.equal(pushed.code, 0, pushed.stderr);
  const result = w.json<{ results: Array<{ outcome: string; ok: boolean }> }>(pushed, 'push').results;
  assert.deepEqual(
    result.map(r => [r.outcome, r.ok]),
    [['pushed', true]],
  );
  const patches = requests(w, 'PATCH');
  assert.equal(patches.length, 1, 'one write');
  assert.equal((w.emu.admin.campaign(id)!.components.basic_details as { name: string }).name, 'Spring sale, second week');

  const after = await w.run(['status']);
  assert.match(after.stdout, /^unchanged {2}campaigns\//);
  const again = await w.run(['plan']);
  assert.equal(again.code, 0, 'nothing to push is exit 0');
  assert.match(again.stdout, /Plan: 0 to update, 0 to create, 1 unchanged\./);
});

test('the service changes between plan and push: push --plan refuses (exit 1), names who changed it, and sends nothing', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  await w.run(['pull', id]);
  edit(fileOf(w, id), d => {
    d.basic_details.name = 'Mine';
  });
  assert.equal((await w.run(['plan', '--out', 'plan.json'])).code, 2);
  w.emu.admin.editCampaign(id, { utm_params: { utm_source: 'email', utm_medium: 'push' } }, 'colleague@example.com');

  const pushed = await w.run(['push', '--plan', 'plan.json', '--yes']);
  assert.equal(pushed.code, 1);
  assert.match(
    pushed.stderr,
    new RegExp(
      `^campaign push: nothing was sent: campaign ${id} changed on emu since the plan was made \\(at .* by colleague@example\\.com\\)\\. Run campaign plan again and review it\\.\\n$`,
    ),
  );
  assert.equal(requests(w, 'PATCH').length, 0);

  edit(fileOf(w, id), d => {
    d.basic_details.team = 'Retail';
  });
  assert.equal((await w.run(['plan', '--out', 'plan.json'])).code, 2, 'the new plan merges their change');
  fs.appendFileSync(fileOf(w, id), ' ');
  const edited = await w.run(['push', '--plan', 'plan.json', '--yes']);
  assert.equal(edited.code, 1);
  assert.match(edited.stderr, /nothing was sent: campaigns\/spring-sale\.[0-9a-f]+\.campaign\.json changed since the plan was made/);
});

test('a field changed on both sides: status says diverged, plan and pull exit 1 listing the path, and neither writes anything', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  await w.run(['pull', id]);
  const file = fileOf(w, id);
  const mine = edit(file, d => {
    d.basic_details.name = 'Mine';
  });
  const baseBefore = fs.readFileSync(baseSnapshotPath(w.root, id), 'utf8');
  w.emu.admin.editCampaign(id, { basic_details: { ...(pushCampaign().basic_details as object), name: 'Theirs' } }, 'colleague@example.com');

  const status = await w.run(['status']);
  assert.equal(status.code, 0);
  assert.match(
    status.stdout,
    /^diverged {2}campaigns\/.* \(emu\): conflicts in basic_details\.name \(last changed by colleague@example\.com/,
  );

  const plan = await w.run(['plan', '--format', 'json']);
  assert.equal(plan.code, 1, 'a conflict is exit 1');
  const entry = w.json<PlanJson>(plan, 'plan').entries[0];
  assert.equal(entry.action, 'conflict');
  assert.deepEqual(
    entry.conflicts.map(c => c.path),
    ['basic_details.name'],
  );

  const pull = await w.run(['pull']);
  assert.equal(pull.code, 1);
  assert.match(
    pull.stdout,
    /^conflict {2}campaigns\/.*: conflicts in basic_details\.name; changed on both sides \(the service's were made by colleague@example\.com\): nothing was written/,
  );
  assert.equal(fs.readFileSync(file, 'utf8'), mine, 'the file keeps the edit');
  assert.equal(fs.readFileSync(baseSnapshotPath(w.root, id), 'utf8'), baseBefore, 'the base stays, so the conflict stays visible');

  const push = await w.run(['push', '--yes']);
  assert.equal(push.code, 1);
  assert.match(push.stderr, /nothing was sent: 1 file is blocked, in conflict or not checked/);
  assert.equal(requests(w, 'PATCH').length, 0);
});

test("pull merges the service's changes into a file with local edits, field by field, and keeps the edits", async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  await w.run(['pull', id]);
  const file = fileOf(w, id);
  edit(file, d => {
    d.basic_details.name = 'Mine';
  });
  w.emu.admin.editCampaign(
    id,
    { basic_details: { ...(pushCampaign().basic_details as object), tags: ['spring', 'theirs'] } },
    'colleague@example.com',
  );

  const pull = await w.run(['pull', '--format', 'json']);
  assert.equal(pull.code, 0, pull.stderr);
  const row = w.json<{ campaigns: Array<{ outcome: string; takenFromRemote: string[]; keptLocal: string[] }> }>(pull, 'pull').campaigns[0];
  assert.deepEqual([row.outcome, row.takenFromRemote, row.keptLocal], ['merged', ['basic_details.tags'], ['basic_details.name']]);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.deepEqual([doc.basic_details.name, doc.basic_details.tags], ['Mine', ['spring', 'theirs']]);
  const status = await w.run(['status']);
  assert.match(status.stdout, /^modified/, "the base is the service's version now: only the edit is left to push");
});

test("a folder fetched by the editor works with the CLI, and one pulled by the CLI with the editor's fetch", async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  const fetched = await fetchFile(w, id);
  assert.match((await w.run(['status'])).stdout, /^unchanged/);
  edit(fetched.path, d => {
    d.basic_details.team = 'Retail';
  });
  const push = await w.run(['push', '--yes']);
  assert.equal(push.code, 0, push.stderr + push.stdout);
  assert.equal((w.emu.admin.campaign(id)!.components.basic_details as { team: string }).team, 'Retail');

  const other = await onService(w, pushCampaign('Autumn sale'));
  assert.equal((await w.run(['pull', other])).code, 0);
  const base = await readBaseSnapshot(w.root, other);
  assert.equal(base?.environment, 'emu');
  const again = await fetchIntoWorkspace(other, {
    client: w.client,
    workspaceRoot: w.root,
    folder: 'campaigns',
    ask: async () => 'cancel',
  });
  assert.deepEqual(
    [again.outcome, again.file],
    ['unchanged', fileOf(w, other)],
    'the editor finds the pulled file and sees nothing to ask about',
  );
});

test("a new file without an id: plan shows the create and each component's update; push creates the draft and writes its id", async t => {
  const w = await cliWorld(t);
  fs.mkdirSync(path.join(w.root, 'drafts'));
  const file = path.join(w.root, 'drafts', 'winter.campaign.json');
  fs.writeFileSync(file, `${JSON.stringify(pushCampaign('Winter sale'), null, 2)}\n`);

  const plan = await w.run(['plan', 'drafts', '--format', 'json']);
  assert.equal(plan.code, 2, plan.stderr);
  const entry = w.json<PlanJson>(plan, 'plan').entries[0];
  assert.equal(entry.action, 'create');
  assert.deepEqual(entry.requests.map(r => `${r.method} ${r.path}`).slice(0, 3), [
    'POST /v5/campaigns',
    'PATCH /v5/campaigns/{id}',
    'PATCH /v5/campaigns/{id}',
  ]);
  assert.deepEqual(entry.requests[0].body, { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: ME });

  const push = await w.run(['push', 'drafts', '--yes']);
  assert.equal(push.code, 0, push.stderr + push.stdout);
  const id = JSON.parse(fs.readFileSync(file, 'utf8')).id;
  assert.match(id, /^[0-9a-f]{24}$/, 'the new id is written into the file');
  assert.equal((w.emu.admin.campaign(id)!.components.basic_details as { name: string }).name, 'Winter sale');
  assert.equal(requests(w, 'POST').filter(r => r.path === '/v5/campaigns').length, 1, 'one create');
});

test('pull --search finds campaigns by name, or by a search body given as JSON or as @file', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign('Zebra crossing week'));
  const byName = await w.run(['pull', '--search', 'Zebra crossing']);
  assert.equal(byName.code, 0, byName.stderr);
  assert.ok(fileOf(w, id));
  fs.writeFileSync(
    path.join(w.root, 'drafts.search.json'),
    JSON.stringify({ campaign_fields: { status: ['DRAFT'], channels: ['PUSH'], ids: [id] } }),
  );
  const byFile = await w.run(['pull', '--search', '@drafts.search.json', '--format', 'json']);
  assert.deepEqual(
    w.json<{ campaigns: Array<{ id: string; outcome: string }> }>(byFile, 'pull').campaigns.map(c => [c.id, c.outcome]),
    [[id, 'unchanged']],
  );
  const bad = await w.run(['pull', '--search', '{"campaign_fields":']);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /^campaign pull: --search JSON is not valid JSON/);
});

test('pull --out puts new files in another folder; the bases stay in the working folder, and status finds both', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  const r = await w.run(['pull', id, '--out', 'live/push']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^created {2}live\/push\/spring-sale\.[0-9a-f]+\.campaign\.json \(emu\)\n$/);
  assert.ok(fs.existsSync(baseSnapshotPath(w.root, id)));
  assert.match((await w.run(['status', 'live'])).stdout, /^unchanged {2}live\/push\//);
  assert.match((await w.run(['pull', id])).stdout, /^unchanged {2}live\/push\//, 'a second pull finds the file where it is');
});

test('colours only on a terminal, and never with NO_COLOR', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  await w.run(['pull', id]);
  const coloured = async (env: Record<string, string | undefined>) => {
    let out = '';
    await campaign(['status'], {
      stdout: s => {
        out += s;
      },
      stderr: () => undefined,
      isTTY: true,
      cwd: w.root,
      env: { CAMPAIGN_API_KEY: w.ws.apiKey, ...env },
    });
    return out.includes('\x1b[');
  };
  assert.equal(await coloured({}), true);
  assert.equal(await coloured({ NO_COLOR: '1' }), false);
  assert.equal((await w.run(['status'])).stdout.includes('\x1b['), false, 'not a terminal');
});

test('the sync commands take globs and skip what .gitignore ignores, as lint does', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  await w.run(['pull', id]);
  fs.mkdirSync(path.join(w.root, 'scratch'));
  fs.copyFileSync(fileOf(w, id), path.join(w.root, 'scratch', 'copy.campaign.json'));
  fs.writeFileSync(path.join(w.root, '.gitignore'), 'scratch/\n');
  const all = await w.run(['status', '--format', 'json']);
  assert.deepEqual(
    w.json<{ files: Array<{ file: string }> }>(all, 'status').files.map(f => f.file),
    [path.relative(w.root, fileOf(w, id))],
  );
  const globbed = await w.run(['status', 'campaigns/*.campaign.json']);
  assert.match(globbed.stdout, /^unchanged {2}campaigns\/spring-sale\./);
});

test('a file whose campaign is gone from the service: status says not-on-service, and plan will not send it', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  await w.run(['pull', id]);
  const gone = 'ffffffffffffffffffffffff';
  const text = fs.readFileSync(fileOf(w, id), 'utf8').split(id).join(gone);
  fs.writeFileSync(path.join(w.root, 'campaigns', `spring-sale.${gone}.campaign.json`), text);
  fs.writeFileSync(baseSnapshotPath(w.root, gone), fs.readFileSync(baseSnapshotPath(w.root, id), 'utf8').split(id).join(gone));
  const status = await w.run(['status', '--format', 'json']);
  assert.equal(status.code, 0, status.stderr);
  const states = w
    .json<{ files: Array<{ campaignId: string; state: string; message?: string }> }>(status, 'status')
    .files.map(f => [f.campaignId, f.state]);
  assert.deepEqual(
    states.sort(),
    [
      [id, 'unchanged'],
      [gone, 'not-on-service'],
    ].sort(),
  );
  const plan = await w.run(['plan', '--format', 'json']);
  assert.equal(plan.code, 1);
  assert.deepEqual(
    w
      .json<PlanJson>(plan, 'plan')
      .entries.map(e => e.action)
      .sort(),
    ['error', 'none'],
  );
});

test('diff lists only the files that differ and counts the unchanged ones in one line; its JSON still lists every file', async t => {
  const w = await cliWorld(t);
  const spring = await onService(w, pushCampaign());
  const autumn = await onService(w, pushCampaign('Autumn sale'));
  assert.equal((await w.run(['pull', spring, autumn])).code, 0);
  const none = await w.run(['diff']);
  assert.deepEqual([none.code, none.stdout], [0, 'No differences: 2 files are unchanged since the pull, on both sides (not listed).\n']);

  edit(fileOf(w, spring), d => {
    d.basic_details.name = 'Spring sale, second week';
  });
  const text = await w.run(['diff']);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^campaigns\/spring-sale\.[0-9a-f]+\.campaign\.json campaign [0-9a-f]+ on emu: modified\n/);
  assert.ok(!text.stdout.includes('autumn-sale'), `the unchanged file is not listed:\n${text.stdout}`);
  assert.match(text.stdout, /\n\n1 file is unchanged since the pull, on both sides \(not listed\)\.\n$/);
  const json = w.json<{ files: Array<{ file: string; state: string }> }>(await w.run(['diff', '--format', 'json']), 'diff');
  assert.deepEqual(json.files.map(f => f.state).sort(), ['modified', 'unchanged']);
});

/** The JSON text printed under a plan's request line, its indentation removed by a round trip. */
function printedBody(planOut: string, requestLine: string): string {
  const after = planOut.slice(planOut.indexOf(requestLine) + requestLine.length + 1);
  const lines = after.split('\n');
  const end = lines.findIndex(l => /^\s*}$/.test(l) && l.indexOf('}') === lines[0].indexOf('{'));
  return JSON.stringify(JSON.parse(lines.slice(0, end + 1).join('\n')));
}

test("plan prints each body in the order it is sent: its text is the PATCH's bytes, modulo indentation", async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  await w.run(['pull', id]);
  // Keys out of alphabetical order at every level: a sorted print would differ from what is sent.
  edit(fileOf(w, id), d => {
    d.basic_details = { team: 'Retail', name: 'Spring sale, reordered', tags: ['spring'], platforms: ['IOS', 'ANDROID'] };
  });
  const plan = await w.run(['plan', '--out', 'plan.json']);
  assert.equal(plan.code, 2, plan.stderr);
  const printed = printedBody(plan.stdout, `PATCH /v5/campaigns/${id}`);
  assert.deepEqual(Object.keys(JSON.parse(printed)), ['channel', 'campaign_delivery_type', 'updated_by', 'basic_details']);
  const pushed = await w.run(['push', '--plan', 'plan.json', '--yes']);
  assert.equal(pushed.code, 0, pushed.stderr);
  assert.equal(
    pushed.stdout.trimEnd().split('\n').pop(),
    `✓ ${path.relative(w.root, fileOf(w, id))}: Pushed Basic details of “Spring sale, reordered” to emu.`,
    'the outcome is said once, naming the campaign',
  );
  const sent = w.emu.admin.requests().filter(r => r.method === 'PATCH');
  assert.equal(sent.length, 1);
  assert.equal(printed, sent[0].body, 'the printed body is byte for byte the body sent');
});
