import { afterEach, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { RemoteWorld, seedDocs, startWorld } from './remoteHarness';
import { CampaignRead, IDS_PER_SEARCH, readCampaigns, SEARCH_PAGES_AHEAD, searchCallsFor } from '../../src/remote/batchRead';
import { isServiceError } from '../../src/remote/errors';

/**
 * Many campaigns read 15 to a search call (`campaign_fields.ids`, every status and channel,
 * child campaigns included), against the emulator: the same records GET returns, and a GET only
 * for an id the search does not answer for.
 */

let w: RemoteWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

function operations(world: RemoteWorld): string[] {
  return world.emu.admin.requests().map(r => r.operation ?? r.path);
}

function recordOf(read: CampaignRead | undefined): Record<string, unknown> {
  assert.ok(read && 'record' in read, `not read: ${JSON.stringify(read)}`);
  return read.record;
}

test('every seeded campaign, drafts, SMS and child campaigns included, in ceil(n/15) searches: the records GET returns', async () => {
  w = await startWorld();
  const ids = seedDocs(0)
    .filter(d => d.current)
    .map(d => d.id);
  assert.ok(ids.length > 2 * IDS_PER_SEARCH, 'the seed spans several calls');
  const client = w.client(0);
  const seen: number[] = [];
  const reads = await readCampaigns(client, [...ids, ids[0]], { onRead: (_r, done, total) => seen.push(done, total) });
  assert.deepEqual(operations(w), Array(searchCallsFor(ids.length)).fill('searchCampaigns'), 'no GET');
  assert.deepEqual([...reads.keys()], ids, 'by id, in the order asked, each once');
  assert.ok([...reads.values()].every(r => 'record' in r && r.via === 'search'));
  assert.deepEqual(seen.slice(-2), [ids.length, ids.length], 'progress counts every campaign once');
  w.emu.admin.clearRequests();
  for (const id of [ids[0], ids[ids.length - 1]])
    assert.deepEqual(recordOf(reads.get(id)), await client.getCampaign(id), `the search's record of ${id} is GET's`);
});

test('an id the search does not return is read by GET: a campaign gone from the service fails with its 404, the rest stand', async () => {
  w = await startWorld();
  const [id] = seedDocs(0)
    .filter(d => d.current)
    .map(d => d.id);
  const missing = 'ffffffffffffffffffffffff';
  const reads = await readCampaigns(w.client(0), [id, missing]);
  assert.deepEqual(operations(w), ['searchCampaigns', 'getCampaign']);
  assert.equal(recordOf(reads.get(id)).id, id);
  const gone = reads.get(missing);
  assert.ok(gone && 'error' in gone && isServiceError(gone.error) && gone.error.status === 404, JSON.stringify(gone));
});

test('a service that refuses the search as a request (400) still answers: each campaign by GET', async () => {
  w = await startWorld();
  const ids = seedDocs(0)
    .filter(d => d.current)
    .map(d => d.id)
    .slice(0, 3);
  const refusingSearch: typeof fetch = async (input, init) =>
    String(input).endsWith('/v5/campaigns/search')
      ? new Response(
          JSON.stringify({
            error: { code: 'BAD_REQUEST', message: '`ids` is not a field of campaign_fields.', target: 'campaign_fields.ids', details: [] },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        )
      : fetch(input, init);
  const reads = await readCampaigns(w.client(0, { fetch: refusingSearch }), ids);
  assert.deepEqual(operations(w), ['getCampaign', 'getCampaign', 'getCampaign']);
  assert.ok(ids.every(id => recordOf(reads.get(id)).id === id));
  assert.ok([...reads.values()].every(r => 'via' in r && r.via === 'get'));
});

test('a search that fails (the service errs) fails each of its campaigns with that failure, and sends no GET', async () => {
  w = await startWorld({ faults: 'fail=POST:/v5/campaigns/search' });
  const ids = seedDocs(0)
    .filter(d => d.current)
    .map(d => d.id)
    .slice(0, 2);
  const reads = await readCampaigns(w.client(0, { maxRetries: 0 }), ids);
  assert.ok(
    w.emu.admin.requests().every(r => r.path === '/v5/campaigns/search'),
    'the faulted search only (retries included), no GET',
  );
  for (const id of ids) {
    const r = reads.get(id);
    assert.ok(r && 'error' in r && isServiceError(r.error) && r.error.status === 500, JSON.stringify(r));
  }
});

test('cancelling stops the reads and rejects', async () => {
  w = await startWorld({ faults: 'hang' });
  const ctrl = new AbortController();
  const reading = readCampaigns(
    w.client(0),
    seedDocs(0).map(d => d.id),
    { signal: ctrl.signal },
  );
  await w.emu.admin.whenRequest(r => r.path === '/v5/campaigns/search');
  ctrl.abort();
  await assert.rejects(reading, e => (e as Error).name === 'CancelledError');
});

test('a long search, three pages asked at a time: the pages one at a time would give, in order, and at most two calls past the end', async () => {
  w = await startWorld();
  const q = {
    campaign_fields: {
      status: ['DRAFT', 'SCHEDULED', 'ACTIVE', 'SENDING', 'PAUSED', 'SENT', 'STOPPED', 'ARCHIVED'],
      channels: ['PUSH', 'EMAIL', 'SMS'],
    },
  };
  const one = await w.client(0).searchAll(q);
  const pagesOneByOne = w.emu.admin.requests().length;
  assert.ok(pagesOneByOne >= 3, 'the seed spans several pages');
  w.emu.admin.clearRequests();
  const ahead: unknown[] = [];
  for await (const p of w.client(0).searchPages(q, { ahead: SEARCH_PAGES_AHEAD })) ahead.push(...p.items);
  assert.deepEqual(ahead, one);
  const calls = w.emu.admin.requests().length;
  assert.ok(calls >= pagesOneByOne && calls <= pagesOneByOne + SEARCH_PAGES_AHEAD - 1, `${calls} calls for ${pagesOneByOne} pages`);
});

test('a long search whose page fails rejects with that failure, after the pages before it', async () => {
  w = await startWorld();
  let searches = 0;
  const failingThird: typeof fetch = async (input, init) =>
    String(input).endsWith('/v5/campaigns/search') && ++searches === 3
      ? new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'No.', details: [] } }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        })
      : fetch(input, init);
  const seen: number[] = [];
  const q = { campaign_fields: { status: ['DRAFT', 'SCHEDULED', 'ACTIVE', 'SENDING', 'PAUSED', 'SENT', 'STOPPED', 'ARCHIVED'] } };
  await assert.rejects(
    async () => {
      for await (const p of w!.client(0, { fetch: failingThird }).searchPages(q, { ahead: SEARCH_PAGES_AHEAD })) seen.push(p.page);
    },
    e => isServiceError(e) && e.status === 403,
  );
  assert.deepEqual(seen, [1, 2]);
});
