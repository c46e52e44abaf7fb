import { test, TestContext } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { LINKS_FILE, parseLinks } from '@campaign-studio/sync';
import { ME, pushCampaign, requests } from '../../../sync/test/push/harness';
import { cliWorld, CliWorld, edit, fileOf, onService, writeEnvironments } from './harness';

/**
 * `campaign promote` against the emulator's two workspaces, each its own environment: staging is
 * the workspace with every flag-gated feature, production the one with none (its settings say so).
 */

interface PromotionJson {
  format: string;
  version: number;
  to: string;
  summary: Record<string, number>;
  entries: Array<{
    file: string;
    action: string;
    campaignId?: string;
    source: { environment: string; campaignId: string };
    requests: Array<{ method: string; path: string; body: Record<string, any> }>;
    changes: Array<{ path: string; before: unknown; after: unknown }>;
    conflicts: Array<{ path: string }>;
    problems: Array<{ rule?: string; path: string; message: string }>;
    substituted: Array<{ path: string; from: unknown; to: unknown }>;
    message?: string;
  }>;
  results?: Array<{ file: string; sourceId: string; targetId?: string; outcome: string; ok: boolean; message: string }>;
}

const YES = ['--yes', '--env', 'production'];

async function twoEnvironments(t: TestContext): Promise<CliWorld & { staging: string; production: string; keys: Record<string, string> }> {
  const w = await cliWorld(t);
  const [staging, production] = w.emu.workspaces;
  writeEnvironments(w.root, [
    { name: 'staging', baseUrl: w.emu.url, workspaceId: staging.id, email: ME },
    {
      name: 'production',
      baseUrl: w.emu.url,
      workspaceId: production.id,
      email: ME,
      production: true,
      settings: {
        features: { audienceLimit: false, queuing: false, portfolio: false, versioning: false },
        subscriptionCategories: production.subscriptionCategories,
      },
    },
  ]);
  const keys = { CAMPAIGN_API_KEY_STAGING: staging.apiKey, CAMPAIGN_API_KEY_PRODUCTION: production.apiKey };
  const run = w.run.bind(w);
  w.run = (argv, o = {}) => run(argv, { ...o, env: { ...keys, ...o.env } });
  return Object.assign(w, { staging: staging.id, production: production.id, keys });
}

/** A campaign made in staging and pulled into `campaigns/`: its id and file. */
async function pulledFromStaging(w: CliWorld, doc = pushCampaign()): Promise<{ id: string; file: string }> {
  const id = await onService(w, doc);
  const pulled = await w.run(['pull', id, '--env', 'staging']);
  assert.equal(pulled.code, 0, pulled.stderr);
  return { id, file: path.relative(w.root, fileOf(w, id)) };
}

/** The drafts created in a workspace since the request log was last cleared (applied, whether or not their answer arrived). */
function createsIn(w: CliWorld, workspaceId: string): number {
  return w.emu.admin.requests().filter(r => r.method === 'POST' && r.path === '/v5/campaigns' && r.workspace === workspaceId && r.applied)
    .length;
}

function links(w: CliWorld) {
  return parseLinks(fs.readFileSync(path.join(w.root, LINKS_FILE), 'utf8'), LINKS_FILE).links;
}

test('the first promotion creates exactly one draft and links it; the next, after an edit in staging, patches that same campaign', async t => {
  const w = await twoEnvironments(t);
  const { id, file } = await pulledFromStaging(w);

  const dry = await w.run(['promote', file, '--to', 'production', '--dry-run', '--format', 'json']);
  assert.equal(dry.code, 2, `a promotion that would write is exit 2 with --dry-run: ${dry.stderr}`);
  const planned = w.json<PromotionJson>(dry, 'promote');
  assert.equal(planned.entries[0].action, 'create');
  assert.deepEqual(planned.entries[0].source, { environment: 'staging', campaignId: id });
  assert.equal(planned.entries[0].requests[0].method, 'POST');
  assert.equal(createsIn(w, w.production), 0, 'a dry run creates nothing');

  const first = await w.run(['promote', file, '--to', 'production', ...YES, '--format', 'json']);
  assert.equal(first.code, 0, first.stderr);
  const result = w.json<PromotionJson>(first, 'promote').results![0];
  assert.equal(result.outcome, 'created', result.message);
  assert.equal(createsIn(w, w.production), 1, 'exactly one draft in production');
  const stored = w.emu.admin.campaign(result.targetId!)!;
  assert.equal(stored.status, 'DRAFT');
  assert.equal((stored.components.basic_details as any).name, 'Spring sale');
  assert.deepEqual(
    links(w).map(l => [l.from.campaignId, l.to.campaignId, l.to.environment]),
    [[id, result.targetId, 'production']],
  );

  const again = await w.run(['promote', file, '--to', 'production', '--dry-run']);
  assert.equal(again.code, 0, `the target already holds it: exit 0 with --dry-run\n${again.stdout}${again.stderr}`);

  w.emu.admin.editCampaign(id, { basic_details: { ...(pushCampaign().basic_details as object), name: 'Spring sale, week 2' } }, ME);
  w.emu.admin.clearRequests();
  const second = await w.run(['promote', file, '--to', 'production', ...YES, '--format', 'json']);
  assert.equal(second.code, 0, second.stderr);
  const updated = w.json<PromotionJson>(second, 'promote');
  assert.equal(updated.entries[0].action, 'update');
  assert.equal(updated.results![0].outcome, 'updated');
  assert.equal(updated.results![0].targetId, result.targetId, 'the same target');
  assert.equal(createsIn(w, w.production), 0, 'no other campaign in production');
  assert.equal((w.emu.admin.campaign(result.targetId!)!.components.basic_details as any).name, 'Spring sale, week 2');
  const target = `/v5/campaigns/${result.targetId}`;
  assert.deepEqual(
    requests(w).map(r => `${r.method} ${r.path}`),
    [
      'POST /v5/campaigns/search', // the sources, 15 to a call
      'POST /v5/campaigns/search', // the linked targets, 15 to a call
      `POST ${target}/validate`, // the review
      `GET ${target}`, // the write: read, validate, read again just before the PATCH, PATCH, read back
      `POST ${target}/validate`,
      `GET ${target}`,
      `PATCH ${target}`,
      `GET ${target}`,
    ],
    'an update costs what a plan and a push cost, its reads batched',
  );
  assert.deepEqual(
    requests(w)
      .filter(r => r.method !== 'GET' && !r.path.endsWith('/search') && !r.path.endsWith('/validate'))
      .map(r => `${r.method} ${r.path}`),
    [`PATCH /v5/campaigns/${result.targetId}`],
  );
});

test("a colleague's edit of another field in production is kept; the same field edited on both sides is refused and nothing is written", async t => {
  const w = await twoEnvironments(t);
  const { id, file } = await pulledFromStaging(w);
  const first = await w.run(['promote', file, '--to', 'production', ...YES, '--format', 'json']);
  const target = w.json<PromotionJson>(first, 'promote').results![0].targetId!;

  const basic = pushCampaign().basic_details as Record<string, unknown>;
  w.emu.admin.editCampaign(target, { basic_details: { ...basic, tags: ['spring', 'prod-only'] } }, 'colleague@example.com');
  w.emu.admin.editCampaign(id, { basic_details: { ...basic, name: 'Spring sale, renamed' } }, ME);
  const kept = await w.run(['promote', file, '--to', 'production', ...YES]);
  assert.equal(kept.code, 0, kept.stdout + kept.stderr);
  const after = w.emu.admin.campaign(target)!.components.basic_details as any;
  assert.equal(after.name, 'Spring sale, renamed', 'the source change arrives');
  assert.deepEqual(after.tags, ['spring', 'prod-only'], "the colleague's change is kept");

  w.emu.admin.editCampaign(target, { basic_details: { ...after, name: 'Production name' } }, 'colleague@example.com');
  w.emu.admin.editCampaign(id, { basic_details: { ...basic, name: 'Staging name' } }, ME);
  w.emu.admin.clearRequests();
  const refused = await w.run(['promote', file, '--to', 'production', ...YES, '--format', 'json']);
  assert.equal(refused.code, 1, 'a conflict is exit 1');
  assert.match(refused.stderr, /nothing was sent/);
  const out = w.json<PromotionJson>(
    { ...refused, stdout: (await w.run(['promote', file, '--to', 'production', '--dry-run', '--format', 'json'])).stdout },
    'promote',
  );
  assert.equal(out.entries[0].action, 'conflict');
  assert.deepEqual(
    out.entries[0].conflicts.map(c => c.path),
    ['basic_details.name'],
  );
  assert.equal(requests(w, 'PATCH').length, 0, 'nothing written');
  assert.equal((w.emu.admin.campaign(target)!.components.basic_details as any).name, 'Production name', 'never overwritten');
});

test('a flag-gated component is refused for the featureless workspace, with its name and the way out', async t => {
  const w = await twoEnvironments(t);
  const { file } = await pulledFromStaging(w, { ...pushCampaign(), campaign_audience_limit: { is_enabled: true, limit: 5000 } });
  const r = await w.run(['promote', file, '--to', 'production', '--dry-run', '--format', 'json']);
  assert.equal(r.code, 1, r.stderr);
  const entry = w.json<PromotionJson>(r, 'promote').entries[0];
  assert.equal(entry.action, 'blocked');
  assert.equal(entry.problems[0].path, 'campaign_audience_limit');
  assert.match(
    entry.problems[0].message,
    /campaign_audience_limit cannot go to production: .*audience limit.* Remove it from the source campaign and promote again; or, if production's workspace has the feature, correct production's settings in campaign\.environments\.json/,
  );
  const text = await w.run(['promote', file, '--to', 'production', ...YES]);
  assert.equal(text.code, 1);
  assert.deepEqual(
    requests(w, 'POST').filter(q => q.path === '/v5/campaigns'),
    [],
    'nothing created',
  );
});

test('an environment value is put in place, and a value known to be staging-only is refused with where to declare it', async t => {
  const w = await twoEnvironments(t);
  const { file } = await pulledFromStaging(w);
  const values = (entries: unknown[]) =>
    fs.writeFileSync(path.join(w.root, 'campaign.values.json'), JSON.stringify({ version: 1, values: entries }));
  values([
    { path: 'utm_params.utm_source', values: { staging: 'app', production: 'app-prod' } },
    { path: 'segmentation_details.included_filters.filters[*].id', when: 'seg-1', values: { production: 'seg-prod-9' } },
  ]);
  const r = await w.run(['promote', file, '--to', 'production', ...YES, '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const out = w.json<PromotionJson>(r, 'promote');
  assert.deepEqual(
    out.entries[0].substituted.map(s => [s.path, s.from, s.to]),
    [
      ['utm_params.utm_source', 'app', 'app-prod'],
      ['segmentation_details.included_filters.filters[0].id', 'seg-1', 'seg-prod-9'],
    ],
  );
  const stored = w.emu.admin.campaign(out.results![0].targetId!)!.components as any;
  assert.equal(stored.utm_params.utm_source, 'app-prod');
  assert.equal(stored.segmentation_details.included_filters.filters[0].id, 'seg-prod-9');

  values([{ path: 'utm_params.utm_medium', values: { staging: 'push' } }]);
  const refused = await w.run(['promote', file, '--to', 'production', '--dry-run', '--format', 'json']);
  assert.equal(refused.code, 1);
  const problem = w.json<PromotionJson>(refused, 'promote').entries[0].problems[0];
  assert.equal(problem.path, 'utm_params.utm_medium');
  assert.match(
    problem.message,
    /utm_params\.utm_medium holds push, which campaign\.values\.json declares per environment \(values\[0\]\) without a value for production: add "production": … to its values/,
  );
});

test('--dry-run exit codes, and a production target without --yes --env or a terminal is refused', async t => {
  const w = await twoEnvironments(t);
  const { file } = await pulledFromStaging(w);
  const onlyYes = await w.run(['promote', file, '--to', 'production', '--yes']);
  assert.equal(onlyYes.code, 1);
  assert.match(onlyYes.stderr, /production is a production environment; promoting to it without a question needs --yes --env production/);
  const noTerminal = await w.run(['promote', file, '--to', 'production']);
  assert.equal(noTerminal.code, 1);
  assert.match(noTerminal.stderr, /no terminal to ask/);
  const typedWrong = await w.run(['promote', file, '--to', 'production'], { ask: ['y', 'prod'] });
  assert.equal(typedWrong.code, 1);
  assert.deepEqual(typedWrong.asked, [
    'Promote 1 campaign to production? [y/N] ',
    'production is a production environment. Type its name to promote there: ',
  ]);
  assert.deepEqual(
    requests(w, 'POST').filter(q => q.path === '/v5/campaigns'),
    [],
    'nothing created',
  );
  const typed = await w.run(['promote', file, '--to', 'production'], { ask: ['y', 'production'] });
  assert.equal(typed.code, 0, typed.stderr);
  assert.equal((await w.run(['promote', file, '--to', 'production', '--dry-run'])).code, 0);
  const reverse = await w.run(['promote', file, '--from', 'production', '--to', 'staging', '--dry-run', '--format', 'json']);
  assert.equal(reverse.code, 1);
  assert.match(
    w.json<PromotionJson>(reverse, 'promote').entries[0].message!,
    /holds campaign .* of staging, not of production: promote it from staging/,
  );
  const missing = await w.run(['promote', file]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /--to ENV is required/);
});

test('a lost write answer is read back, and the write is never sent twice', async t => {
  const w = await twoEnvironments(t);
  const { id, file } = await pulledFromStaging(w);
  w.emu.admin.setFaults('write-drop');
  const first = await w.run(['promote', file, '--to', 'production', ...YES, '--format', 'json']);
  w.emu.admin.clearFaults();
  assert.equal(first.code, 0, first.stderr);
  const created = w.json<PromotionJson>(first, 'promote').results![0];
  assert.equal(created.outcome, 'created', created.message);
  assert.equal(createsIn(w, w.production), 1, 'created once');
  assert.equal(links(w)[0].to.campaignId, created.targetId);

  w.emu.admin.editCampaign(id, { basic_details: { ...(pushCampaign().basic_details as object), name: 'After the drop' } }, ME);
  w.emu.admin.clearRequests();
  w.emu.admin.setFaults('write-drop');
  const second = await w.run(['promote', file, '--to', 'production', ...YES, '--format', 'json']);
  w.emu.admin.clearFaults();
  assert.equal(second.code, 0, second.stderr);
  const updated = w.json<PromotionJson>(second, 'promote').results![0];
  assert.equal(updated.outcome, 'updated');
  assert.match(updated.message, /answer was lost/);
  assert.equal(requests(w, 'PATCH').length, 1, 'sent once');
  assert.equal((w.emu.admin.campaign(created.targetId!)!.components.basic_details as any).name, 'After the drop');
});

test('a file with edits not pushed to staging is refused: a promotion sends what staging holds', async t => {
  const w = await twoEnvironments(t);
  const { file } = await pulledFromStaging(w);
  edit(path.join(w.root, file), d => {
    d.basic_details.name = 'Not pushed yet';
  });
  const r = await w.run(['promote', file, '--to', 'production', '--dry-run', '--format', 'json']);
  assert.equal(r.code, 1);
  assert.match(w.json<PromotionJson>(r, 'promote').entries[0].message!, /changes not pushed to staging.*campaign push/);
});

test('a draft whose components the target refused keeps its link: the next promotion sends only what the draft lacks', async t => {
  const w = await twoEnvironments(t);
  const { file } = await pulledFromStaging(w);
  w.emu.admin.setFaults('fail=PATCH:/v5/campaigns/*');
  const first = await w.run(['promote', file, '--to', 'production', ...YES, '--format', 'json']);
  w.emu.admin.clearFaults();
  assert.equal(first.code, 1, 'components missing from the draft is not a success');
  const created = w.json<PromotionJson>(first, 'promote').results![0];
  assert.equal(created.outcome, 'created');
  assert.match(created.message, /Not in the draft yet: .*Promote again/);
  assert.deepEqual(Object.keys(links(w)[0].body).sort(), ['campaign_delivery_type', 'channel'], 'the link holds what the draft holds');

  w.emu.admin.clearRequests();
  const second = await w.run(['promote', file, '--to', 'production', ...YES, '--format', 'json']);
  assert.equal(second.code, 0, second.stderr);
  const updated = w.json<PromotionJson>(second, 'promote');
  assert.equal(updated.entries[0].action, 'update');
  assert.equal(updated.results![0].targetId, created.targetId);
  assert.equal(createsIn(w, w.production), 0);
  assert.equal((w.emu.admin.campaign(created.targetId!)!.components.basic_details as any).name, 'Spring sale');
});

test('two promotions of one campaign at once create one draft: the second finds the link and has nothing left to send', async t => {
  const w = await twoEnvironments(t);
  const { file } = await pulledFromStaging(w);
  const runs = await Promise.all([1, 2].map(() => w.run(['promote', file, '--to', 'production', ...YES, '--format', 'json'])));
  assert.equal(createsIn(w, w.production), 1, 'one draft');
  // The second either planned before the first wrote (then it waits, finds the link, and has nothing to send) or after (nothing to promote).
  const outcomes = runs.flatMap(r => w.json<PromotionJson>(r, 'promote').results!.map(x => x.outcome)).sort();
  assert.ok(
    ['created,unchanged', 'created'].includes(outcomes.join()),
    `${outcomes.join()}\n${runs.map(r => r.stdout + r.stderr).join('\n')}`,
  );
  assert.deepEqual(
    runs.map(r => r.code),
    [0, 0],
  );
  assert.equal(links(w).length, 1);
});

test('a live target is patched within what its status allows, never started, paused or stopped; what the status refuses is refused', async t => {
  const w = await twoEnvironments(t);
  const { id, file } = await pulledFromStaging(w);
  const first = await w.run(['promote', file, '--to', 'production', ...YES, '--format', 'json']);
  const target = w.json<PromotionJson>(first, 'promote').results![0].targetId!;
  w.emu.admin.editCampaign(target, { status: 'ACTIVE' }, 'colleague@example.com');

  w.emu.admin.editCampaign(id, { basic_details: { ...(pushCampaign().basic_details as object), name: 'Renamed while live' } }, ME);
  w.emu.admin.clearRequests();
  const allowed = await w.run(['promote', file, '--to', 'production', ...YES]);
  assert.equal(allowed.code, 0, allowed.stdout + allowed.stderr);
  assert.equal(w.emu.admin.campaign(target)!.status, 'ACTIVE', 'still live');
  assert.equal((w.emu.admin.campaign(target)!.components.basic_details as any).name, 'Renamed while live');

  w.emu.admin.editCampaign(id, { segmentation_details: { is_all_user_campaign: true } }, ME);
  const refused = await w.run(['promote', file, '--to', 'production', '--dry-run', '--format', 'json']);
  assert.equal(refused.code, 1);
  const entry = w.json<PromotionJson>(refused, 'promote').entries[0];
  assert.equal(entry.action, 'blocked');
  assert.match(entry.message!, /segmentation_details.*ACTIVE/);
  assert.deepEqual(
    requests(w).filter(r => /\/(pause|resume|stop|publish|status)/.test(r.path)),
    [],
    'no status call',
  );
});
