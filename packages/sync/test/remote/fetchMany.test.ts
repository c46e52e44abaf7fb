import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RemoteWorld, startWorld } from './remoteHarness';
import { campaignFields, EMPTY_FILTER } from '../../src/remote/explorerModel';
import {
  describeFetchMany,
  fetchCampaigns,
  FetchManyEntry,
  FetchManyPorts,
  fetchManyCounts,
  parseCampaignIds,
} from '../../src/remote/fetchMany';
import { FetchChoice, FetchDecision } from '../../src/remote/fetch';
import { readBaseSnapshot } from '../../src/remote/baseSnapshots';
import { ServiceClient } from '../../src/remote/serviceClient';
import { ServiceError } from '../../src/remote/errors';

/**
 * Fetching several campaigns: one batched read (searches of 15 ids, no GET while search answers),
 * each file written with the record read, the same question as one fetch over local edits, and a
 * Cancel that writes no further file.
 */

let w: RemoteWorld;
let root: string;
before(async () => {
  w = await startWorld();
});
after(async () => {
  await w?.close();
});
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fetch-many-'));
  w.logs.length = 0;
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

async function someIds(client: ServiceClient, n: number): Promise<string[]> {
  const recs = await client.searchAll({ campaign_fields: campaignFields(EMPTY_FILTER) });
  assert.ok(recs.length >= n, `the seed has ${recs.length} campaigns, ${n} wanted`);
  return recs.slice(0, n).map(r => String(r.id));
}

function ports(
  client: ServiceClient,
  answer: (d: FetchDecision, id: string) => FetchChoice = () => 'cancel',
  extra: Partial<FetchManyPorts> = {},
) {
  const asked: Array<{ id: string; file: string; reason: string }> = [];
  const settled: FetchManyEntry[] = [];
  const p: FetchManyPorts = {
    client,
    workspaceRoot: root,
    folder: 'campaigns',
    ask: async (d, file, _incoming, id) => {
      asked.push({ id, file, reason: d.reason });
      return answer(d, id);
    },
    onSettled: e => settled.push(e),
    ...extra,
  };
  return { p, asked, settled };
}

/** Each campaign of `ids` has its file and base written whole, or neither. */
function wholeOrNothing(ids: string[]): { written: string[]; absent: string[] } {
  const files = fs.existsSync(path.join(root, 'campaigns')) ? fs.readdirSync(path.join(root, 'campaigns')) : [];
  const written: string[] = [];
  const absent: string[] = [];
  for (const id of ids) {
    const file = files.find(f => f.endsWith(`.${id}.campaign.json`));
    const base = path.join(root, '.campaigns', 'base', `${id}.json`);
    if (!file) {
      assert.ok(!fs.existsSync(base), `${id}: a base without its file`);
      absent.push(id);
      continue;
    }
    const doc = JSON.parse(fs.readFileSync(path.join(root, 'campaigns', file), 'utf8'));
    assert.deepEqual(JSON.parse(fs.readFileSync(base, 'utf8')).campaign, doc, `${id}: the file and its base agree`);
    written.push(id);
  }
  return { written, absent };
}

describe('fetch of several campaigns', () => {
  test('three campaigns: one search call, no GET, three files with their bases', async () => {
    const client = w.client(0);
    const ids = await someIds(client, 3);
    w.logs.length = 0;
    const { p, asked, settled } = ports(client);
    const report = await fetchCampaigns(ids, p);
    assert.deepEqual(
      w.logs.map(l => `${l.method} ${l.path}`),
      ['POST /v5/campaigns/search'],
    );
    assert.deepEqual(
      report.entries.map(e => [e.id, e.outcome]),
      ids.map(id => [id, 'written']),
    );
    assert.equal(report.cancelled, false);
    assert.equal(asked.length, 0);
    assert.deepEqual(settled.map(e => e.id).sort(), [...ids].sort(), 'each file is heard once it is written');
    assert.deepEqual(wholeOrNothing(ids).written, ids);
    for (const id of ids) assert.equal((await readBaseSnapshot(root, id))?.environment, 'emu0');
    assert.deepEqual(describeFetchMany(report, 'emu0'), { summary: 'Fetch of 3 campaigns from `emu0`: 3 fetched.', failures: [] });
  });

  test('40 campaigns are read in three searches of at most 15 ids', async () => {
    const client = w.client(0);
    const ids = await someIds(client, 40);
    w.logs.length = 0;
    const report = await fetchCampaigns(ids, ports(client).p);
    assert.equal(fetchManyCounts(report.entries).written, 40);
    assert.deepEqual(
      w.logs.map(l => `${l.method} ${l.path}`),
      Array(3).fill('POST /v5/campaigns/search'),
    );
  });

  test('a file with local edits asks, naming its campaign; the answer "cancel" skips it and the others are written', async () => {
    const client = w.client(0);
    const ids = await someIds(client, 3);
    await fetchCampaigns(ids, ports(client).p);
    const edited = fs.readdirSync(path.join(root, 'campaigns')).find(f => f.includes(ids[1]))!;
    const file = path.join(root, 'campaigns', edited);
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.basic_details.name = `${doc.basic_details.name} (mine)`;
    const mine = JSON.stringify(doc, null, 2);
    fs.writeFileSync(file, mine);
    for (const id of [ids[0], ids[1]])
      w.emu.admin.editCampaign(id, { utm_params: { utm_source: 'colleague', utm_medium: 'push' } }, 'colleague@example.com');

    const { p, asked } = ports(client, () => 'cancel');
    const report = await fetchCampaigns(ids, p);
    assert.deepEqual(
      asked.map(a => [a.id, a.file, a.reason]),
      [[ids[1], file, 'local-edits']],
    );
    assert.deepEqual(
      report.entries.map(e => e.outcome),
      ['written', 'skipped', 'unchanged'],
    );
    assert.equal(report.cancelled, false);
    assert.equal(fs.readFileSync(file, 'utf8'), mine, 'the skipped file is as the person left it');
    assert.deepEqual(
      describeFetchMany(report, 'emu0').summary,
      'Fetch of 3 campaigns from `emu0`: 1 fetched, 1 already up to date, 1 skipped.',
    );

    const over = await fetchCampaigns(ids, ports(client, () => 'overwrite').p);
    assert.equal(over.entries[1].outcome, 'written');
    assert.ok(
      over.entries[1].result?.backup && fs.readFileSync(over.entries[1].result.backup, 'utf8') === mine,
      'the overwritten text is kept',
    );
  });

  test('a campaign that cannot be read is listed with the reason; the others are written', async () => {
    const client = w.client(0);
    const [a, b] = await someIds(client, 2);
    const gone = '0123456789abcdef01234567';
    const report = await fetchCampaigns([a, gone, b], ports(client).p);
    assert.deepEqual(
      report.entries.map(e => [e.id, e.outcome, e.failedAt]),
      [
        [a, 'written', undefined],
        [gone, 'failed', 'read'],
        [b, 'written', undefined],
      ],
    );
    const said = describeFetchMany(report, 'emu0');
    assert.equal(said.summary, 'Fetch of 3 campaigns from `emu0`: 2 fetched, 1 failed.');
    assert.equal(said.failures.length, 1);
    assert.match(
      said.failures[0],
      /^`0123456789abcdef01234567` could not be read: NOT_FOUND \(HTTP 404\).*The campaign no longer exists, or it belongs to another workspace than environment `emu0`\./,
    );
    assert.deepEqual(wholeOrNothing([a, gone, b]), { written: [a, b], absent: [gone] });
  });

  test('Cancel after the first file: no further file is written, nothing is half-written, the rest are cancelled', async () => {
    const client = w.client(0);
    const ids = await someIds(client, 40);
    const ctrl = new AbortController();
    const { p } = ports(client, () => 'cancel', { signal: ctrl.signal, onSettled: () => ctrl.abort() });
    const report = await fetchCampaigns(ids, p);
    const counts = fetchManyCounts(report.entries);
    assert.equal(report.cancelled, true);
    assert.deepEqual(counts, { written: 1, unchanged: 0, skipped: 0, failed: 0, cancelled: 39 });
    const { written, absent } = wholeOrNothing(ids);
    assert.deepEqual(
      written,
      report.entries.filter(e => e.outcome === 'written').map(e => e.id),
    );
    assert.equal(absent.length, 39);
    assert.equal(
      describeFetchMany(report, 'emu0').summary,
      'Fetch of 40 campaigns from `emu0` cancelled: 1 fetched, 39 cancelled. Files already written stay as written.',
    );
  });

  test('Cancel before any campaign is read writes nothing', async () => {
    const client = w.client(0);
    const ids = await someIds(client, 20);
    const ctrl = new AbortController();
    ctrl.abort();
    const report = await fetchCampaigns(ids, ports(client, () => 'cancel', { signal: ctrl.signal }).p);
    assert.equal(report.cancelled, true);
    assert.equal(fetchManyCounts(report.entries).cancelled, 20);
    assert.deepEqual(wholeOrNothing(ids).written, []);
  });

  test('the person stopping at a question (the signal aborted, the file kept) cancels what is left', async () => {
    const client = w.client(0);
    const ids = await someIds(client, 3);
    await fetchCampaigns(ids, ports(client).p);
    const first = path.join(root, 'campaigns', fs.readdirSync(path.join(root, 'campaigns')).find(f => f.includes(ids[0]))!);
    fs.writeFileSync(first, '{ "not": "the fetched text" }');
    for (const id of ids) w.emu.admin.editCampaign(id, { utm_params: { utm_source: 'x', utm_medium: 'y' } });
    const ctrl = new AbortController();
    const report = await fetchCampaigns(
      ids,
      ports(
        client,
        () => {
          ctrl.abort();
          return 'cancel';
        },
        { signal: ctrl.signal },
      ).p,
    );
    assert.deepEqual(
      report.entries.map(e => e.outcome),
      ['cancelled', 'cancelled', 'cancelled'],
    );
    assert.equal(fs.readFileSync(first, 'utf8'), '{ "not": "the fetched text" }');
    for (const id of ids.slice(1))
      assert.notDeepEqual(
        (await readBaseSnapshot(root, id))?.campaign.utm_params,
        { utm_source: 'x', utm_medium: 'y' },
        `${id} was not fetched again`,
      );
  });
});

describe('the words of a fetch of several campaigns', () => {
  const entry = (id: string, outcome: FetchManyEntry['outcome'], extra: Partial<FetchManyEntry> = {}): FetchManyEntry => ({
    id,
    outcome,
    ...extra,
  });

  test('a failed write names the campaign and the reason', () => {
    const said = describeFetchMany(
      {
        cancelled: false,
        entries: [
          entry('c1', 'failed', {
            failedAt: 'write',
            record: { id: 'c1', basic_details: { name: 'Sale' } },
            error: new Error('EACCES: permission denied'),
          }),
          entry('c2', 'failed', {
            failedAt: 'read',
            error: new ServiceError({
              status: 500,
              code: 'INTERNAL_ERROR',
              failure: { kind: 'http', status: 500 },
              message: 'Boom.',
              method: 'POST',
              path: '/v5/campaigns/search',
              requestId: 'r9',
            }),
          }),
        ],
      },
      'staging',
    );
    assert.equal(said.summary, 'Fetch of 2 campaigns from `staging`: 2 failed.');
    assert.equal(said.failures[0], '"Sale" (`c1`) could not be written: EACCES: permission denied');
    assert.match(said.failures[1], /^`c2` could not be read: .*The service failed internally; try again in a moment\. .*`r9`/);
  });

  test('one campaign is said in the singular', () => {
    assert.equal(
      describeFetchMany({ cancelled: false, entries: [entry('c1', 'unchanged')] }, 'staging').summary,
      'Fetch of 1 campaign from `staging`: 1 already up to date.',
    );
  });

  test('ids typed as a list: commas, spaces or new lines; each once; the words that are not ids', () => {
    assert.deepEqual(
      parseCampaignIds(' 65f0c1d2e3a4b5c6d7e8f901, 65f0c1d2e3a4b5c6d7e8f902\n65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f903 '),
      {
        ids: ['65f0c1d2e3a4b5c6d7e8f901', '65f0c1d2e3a4b5c6d7e8f902', '65f0c1d2e3a4b5c6d7e8f903'],
        invalid: [],
      },
    );
    assert.deepEqual(parseCampaignIds('65f0c1d2e3a4b5c6d7e8f901, ../etc, a/b'), {
      ids: ['65f0c1d2e3a4b5c6d7e8f901'],
      invalid: ['../etc', 'a/b'],
    });
    assert.deepEqual(parseCampaignIds('  '), { ids: [], invalid: [] });
  });
});
