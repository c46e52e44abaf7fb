import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SPEC_LIMITS } from '@campaign-studio/emulator';
import { RateLimiter, ServiceClient } from '@campaign-studio/sync';
import { makeCampaign, pushCampaign, World } from '../../../sync/test/push/harness';
import { cliWorld, CliWorld, edit, fileOf } from './harness';

/**
 * Campaigns as code at catalog scale: 150 campaigns against the emulator at the service's real
 * read limits (10 calls a second, 100 a minute, 6000 an hour). Each command reads them 15 to a
 * call (`POST /v5/campaigns/search` with `campaign_fields.ids`), draws no 429, and says its
 * progress on stderr without a terminal. The call counts come from the emulator's request log.
 */

const N = 150;
const EVERY_STATUS = ['DRAFT', 'SCHEDULED', 'ACTIVE', 'SENDING', 'PAUSED', 'SENT', 'STOPPED', 'ARCHIVED'];
/** Progress from the first moment and a line whenever it moves, so a short run shows it too. */
const EAGER = { afterMs: 0, everyMs: 200 };

/** The catalog: made with the limits off and a client of its own (so the CLI's limiter starts empty), then the limits on. */
async function catalog(t: Parameters<typeof cliWorld>[0], n = N): Promise<{ w: CliWorld; ids: string[] }> {
  const w = await cliWorld(t);
  w.emu.admin.setRateLimits(false);
  const maker: World = {
    ...w,
    client: new ServiceClient({
      environment: w.client.environment,
      apiKey: w.ws.apiKey,
      limiter: new RateLimiter({ limits: [{ limit: 1e9, windowMs: 1 }] }),
    }),
  };
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const status = i % 3 === 0 ? undefined : i % 3 === 1 ? 'SCHEDULED' : 'ACTIVE';
    ids.push(await makeCampaign(maker, pushCampaign(`Catalog campaign ${i}`), status));
  }
  w.emu.admin.setRateLimits({ ...SPEC_LIMITS });
  w.emu.admin.clearRequests();
  return { w, ids };
}

/** The service calls made since the log was last cleared, by operation, and how many were refused with 429. */
function calls(w: CliWorld): { total: number; byOperation: Record<string, number>; refused: number } {
  const log = w.emu.admin.requests().filter(r => !r.path.startsWith('/__admin'));
  const byOperation: Record<string, number> = {};
  for (const r of log) byOperation[r.operation ?? r.path] = (byOperation[r.operation ?? r.path] ?? 0) + 1;
  w.emu.admin.clearRequests();
  return { total: log.length, byOperation, refused: log.filter(r => r.status === 429).length };
}

const SEARCH_ALL = JSON.stringify({ campaign_fields: { name: 'Catalog campaign', status: EVERY_STATUS } });

test(`pull, status and plan of ${N} campaigns at the real limits: a search call per 15 campaigns, no 429, progress without a terminal`, async t => {
  const { w, ids } = await catalog(t);

  const pulled = await w.run(['pull', '--search', SEARCH_ALL, '--format', 'json'], { progressTiming: EAGER });
  assert.equal(pulled.code, 0, pulled.stderr);
  const rows = w.json<{ campaigns: Array<{ id: string; outcome: string }> }>(pulled, 'pull').campaigns;
  assert.deepEqual(rows.map(r => r.id).sort(), [...ids].sort(), 'every campaign pulled, once');
  assert.ok(
    rows.every(r => r.outcome === 'created'),
    'each written as a new file',
  );
  const pull = calls(w);
  // A search has no total count: pages until one holds fewer than 15 (here an empty 11th), three
  // asked at a time, so up to two more pages may have been asked past the end.
  assert.deepEqual(Object.keys(pull.byOperation), ['searchCampaigns'], "the search's own records are written: no GET");
  assert.ok(pull.total >= N / 15 + 1 && pull.total <= N / 15 + 3, `${pull.total} search calls`);
  assert.equal(pull.refused, 0);
  assert.match(pulled.stderr, /campaign pull: campaigns pulled: \d+ so far\./, 'progress while the search goes on');
  assert.match(pulled.stderr, new RegExp(`campaign pull: campaigns pulled: ${N}, in `), 'and the count when it is over');

  const status = await w.run(['status', '--format', 'json'], { progressTiming: EAGER });
  assert.equal(status.code, 0, status.stderr);
  const states = w.json<{ files: Array<{ state: string }> }>(status, 'status').files.map(f => f.state);
  assert.equal(states.length, N);
  assert.ok(
    states.every(s => s === 'unchanged'),
    `every file unchanged: ${[...new Set(states)].join(', ')}`,
  );
  const st = calls(w);
  assert.deepEqual(st.byOperation, { searchCampaigns: N / 15 });
  assert.equal(st.refused, 0);
  assert.match(
    status.stderr,
    new RegExp(`campaign status: ${N} campaigns: ${N / 15} calls to emu; the service's rate limits make that about`),
    'the cost is said up front',
  );
  assert.match(status.stderr, new RegExp(`campaign status: campaigns read: \\d+ of ${N}`), 'progress lines on stderr without a terminal');
  assert.match(status.stderr, new RegExp(`campaign status: campaigns read: ${N} of ${N}, in `), 'and the last one when it is over');

  const edited = ids.slice(0, N / 10);
  for (const [i, id] of edited.entries())
    edit(fileOf(w, id), d => {
      d.basic_details.name = `Catalog campaign ${i}, edited`;
    });
  const plan = await w.run(['plan', '--format', 'json'], { progressTiming: EAGER });
  assert.equal(plan.code, 2, `changes pending: ${plan.stderr}`);
  const entries = w.json<{ entries: Array<{ campaignId: string; action: string }> }>(plan, 'plan').entries;
  assert.deepEqual(
    entries
      .filter(e => e.action === 'update')
      .map(e => e.campaignId)
      .sort(),
    [...edited].sort(),
  );
  assert.equal(entries.filter(e => e.action === 'none').length, N - edited.length);
  const planned = calls(w);
  assert.deepEqual(
    planned.byOperation,
    { searchCampaigns: N / 15, validateCampaign: edited.length },
    'a read per 15 campaigns and a validation per edited file',
  );
  assert.equal(planned.refused, 0);
  assert.match(plan.stderr, new RegExp(`campaign plan: files planned: \\d+ of ${N}`));
});

test('push reads every campaign it checks 15 to a call; each write keeps its own read just before it and its read-back', async t => {
  const { w, ids } = await catalog(t, 30);
  assert.equal((await w.run(['pull', ...ids])).code, 0);
  const edited = ids.slice(0, 3);
  for (const id of edited)
    edit(fileOf(w, id), d => {
      d.basic_details.team = 'Retail';
    });
  calls(w);

  const pushed = await w.run(['push', '--yes', '--format', 'json']);
  assert.equal(pushed.code, 0, pushed.stderr);
  assert.deepEqual(
    w.json<{ results: Array<{ campaignId: string; ok: boolean }> }>(pushed, 'push').results.map(r => [r.campaignId, r.ok]),
    edited.map(id => [id, true]),
  );
  const push = calls(w);
  assert.deepEqual(push.byOperation, {
    // the plan's reads (2), then the check that nothing moved since (1)
    searchCampaigns: 3,
    // the plan's, and the push's own before it writes
    validateCampaign: 2 * edited.length,
    // the read just before each PATCH, and the read-back after it: never served from a batch
    getCampaign: 2 * edited.length,
    updateCampaign: edited.length,
  });
  assert.equal(push.refused, 0);
});

test('a campaign the search does not return is read by GET: gone from the service, it is not-on-service; the others still come 15 to a call', async t => {
  const w = await cliWorld(t);
  const seeded = String((await w.client.search({ campaign_fields: { status: ['ACTIVE'] }, limit: 1 })).items[0].id);
  const gone = await makeCampaign(w, pushCampaign('Gone'));
  assert.equal((await w.run(['pull', seeded, gone])).code, 0);
  w.emu.admin.reset(); // back to the seed: the campaign made since is gone
  w.emu.admin.clearRequests();

  const status = await w.run(['status', '--format', 'json']);
  assert.equal(status.code, 0, status.stderr);
  const byId = Object.fromEntries(
    w.json<{ files: Array<{ campaignId: string; state: string; message?: string }> }>(status, 'status').files.map(f => [f.campaignId, f]),
  );
  assert.equal(byId[seeded].state, 'unchanged', byId[seeded].message);
  assert.equal(byId[gone].state, 'not-on-service', byId[gone].message);
  assert.match(byId[gone].message ?? '', /is not on emu/);
  const made = calls(w);
  assert.deepEqual(
    made.byOperation,
    { searchCampaigns: 1, getCampaign: 1 },
    'one search for both, then a GET for the one it did not return',
  );
  assert.equal(made.refused, 0);
});
