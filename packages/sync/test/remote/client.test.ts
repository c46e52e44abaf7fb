import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { CHANNELS, DELIVERY_TYPES } from '@campaign-studio/core';
import { logText, RemoteWorld, seedDocs, startWorld } from './remoteHarness';
import {
  campaignFields,
  EMPTY_FILTER,
  ExplorerFilter,
  flowMembers,
  GroupPager,
  metaFor,
  reachabilityOf,
  sanitizeFilter,
  STATUSES,
} from '../../src/remote/explorerModel';
import { CampaignRecord } from '../../src/remote/serviceClient';
import { adviceFor, ServiceError } from '../../src/remote/errors';

/** The service client against the emulator: paging, every filter, errors, retries, limits. */

let w: RemoteWorld;
before(async () => {
  w = await startWorld();
});
after(async () => {
  await w?.close();
});

type Doc = ReturnType<typeof seedDocs>[number];
const visible = (d: Doc) => d.current && !d.parent_id && !d.flow_id;
const nameOf = (d: Doc) => String((d.components.basic_details as { name?: string } | undefined)?.name ?? '');
const tagsOf = (d: Doc) => (d.components.basic_details as { tags?: string[] } | undefined)?.tags ?? [];

/** Pages a filter to the end through the explorer's pager; ids in order, plus the page sizes. */
async function pageAll(f: ExplorerFilter): Promise<{ ids: string[]; pages: number[]; records: CampaignRecord[] }> {
  const client = w.client();
  const pager = new GroupPager(f, undefined);
  const pages: number[] = [];
  while (!pager.done) pages.push((await pager.loadMore(client)).length);
  return { ids: pager.items.map(r => String(r.id)), pages, records: pager.items };
}

function expected(pred: (d: Doc) => boolean): string[] {
  return seedDocs(0)
    .filter(d => visible(d) && pred(d))
    .map(d => d.id)
    .sort();
}

describe('search through the service client', () => {
  test('pages 15 at a time to the end of the seed list (no total_count: a short page ends it)', async () => {
    const all = await pageAll(EMPTY_FILTER);
    const want = expected(() => true);
    assert.ok(want.length > 30, `the seed has ${want.length} visible campaigns`);
    assert.deepEqual([...all.ids].sort(), want);
    assert.equal(new Set(all.ids).size, all.ids.length, 'no campaign twice');
    for (const n of all.pages.slice(0, -1)) assert.equal(n, 15);
    assert.ok(all.pages[all.pages.length - 1] < 15);
    assert.equal(all.pages.length, Math.floor(want.length / 15) + 1);
  });

  test('drafts are hidden by default and shown when DRAFT is asked for; SMS only when asked for', async () => {
    const client = w.client();
    const plain = await client.searchAll({ campaign_fields: {} });
    assert.ok(plain.length > 0);
    assert.ok(plain.every(r => r.status !== 'DRAFT' && r.channel !== 'SMS'));
    const drafts = await pageAll(sanitizeFilter({ statuses: ['DRAFT'] }));
    assert.deepEqual(
      [...drafts.ids].sort(),
      expected(d => d.status === 'DRAFT'),
    );
    assert.ok(drafts.ids.length > 0);
  });

  const filters: Array<[string, Partial<ExplorerFilter>, (d: Doc) => boolean]> = [
    ['channel EMAIL', { channels: ['EMAIL'] }, d => d.channel === 'EMAIL'],
    ['channel SMS', { channels: ['SMS'] }, d => d.channel === 'SMS'],
    ['status ACTIVE and PAUSED', { statuses: ['ACTIVE', 'PAUSED'] }, d => d.status === 'ACTIVE' || d.status === 'PAUSED'],
    ['delivery type PERIODIC', { deliveryTypes: ['PERIODIC'] }, d => d.campaign_delivery_type === 'PERIODIC'],
    ['name contains "sale" (any case)', { name: 'SALE' }, d => nameOf(d).toLowerCase().includes('sale')],
    ['created by', { createdBy: [seedDocs(0)[0].created_by] }, d => d.created_by === seedDocs(0)[0].created_by],
    [
      'ids',
      {
        ids: seedDocs(0)
          .filter(visible)
          .slice(2, 5)
          .map(d => d.id),
      },
      d =>
        seedDocs(0)
          .filter(visible)
          .slice(2, 5)
          .some(x => x.id === d.id),
    ],
  ];
  for (const [what, f, pred] of filters) {
    test(`filter: ${what}`, async () => {
      const got = await pageAll(sanitizeFilter({ ...EMPTY_FILTER, ...f }));
      const want = expected(pred);
      assert.ok(want.length > 0, `the seed has campaigns for "${what}"`);
      assert.deepEqual([...got.ids].sort(), want);
    });
  }

  test('filter: tags', async () => {
    const tag = seedDocs(0).filter(visible).flatMap(tagsOf)[0];
    assert.ok(tag, 'some seed campaign has a tag');
    const got = await pageAll(sanitizeFilter({ tags: [tag] }));
    assert.deepEqual(
      [...got.ids].sort(),
      expected(d => tagsOf(d).includes(tag)),
    );
  });

  test('filters combine (AND), and every delivery type and status can be asked for', async () => {
    const f = sanitizeFilter({ channels: ['PUSH'], statuses: ['ACTIVE'], deliveryTypes: ['EVENT_TRIGGERED', 'PERIODIC'] });
    const got = await pageAll(f);
    assert.deepEqual(
      [...got.ids].sort(),
      expected(d => d.channel === 'PUSH' && d.status === 'ACTIVE' && ['EVENT_TRIGGERED', 'PERIODIC'].includes(d.campaign_delivery_type)),
    );
    const client = w.client();
    const every = await client.search({
      campaign_fields: campaignFields(
        sanitizeFilter({ channels: [...CHANNELS], statuses: [...STATUSES], deliveryTypes: [...DELIVERY_TYPES] }),
      ),
      limit: 1,
    });
    assert.equal(every.items.length, 1);
  });

  test('child campaigns come only with the child-inclusion flag, carrying parent and flow', async () => {
    const client = w.client();
    const fields = campaignFields(EMPTY_FILTER);
    const withKids = await client.searchAll({ campaign_fields: fields, include_child_campaigns: true });
    const without = await client.searchAll({ campaign_fields: fields });
    assert.ok(withKids.length > without.length);
    assert.ok(withKids.some(r => typeof r.parent_id === 'string'));
    assert.ok(withKids.some(r => typeof r.flow_id === 'string' && typeof r.flow_name === 'string'));
    assert.ok(without.every(r => r.parent_id === undefined && r.flow_id === undefined));
  });
});

test("the explorer's child-campaign switch lists flow members and periodic children too", async () => {
  const got = await pageAll(sanitizeFilter({ includeChildren: true }));
  const want = seedDocs(0)
    .filter(d => d.current)
    .map(d => d.id)
    .sort();
  assert.deepEqual([...got.ids].sort(), want);
  assert.ok(got.records.some(r => typeof r.flow_name === 'string'));
  assert.ok(got.records.some(r => typeof r.parent_id === 'string'));
});

describe('related data', () => {
  test('executions of a periodic parent list its children', async () => {
    const parent = seedDocs(0).find(
      d => visible(d) && d.campaign_delivery_type === 'PERIODIC' && seedDocs(0).some(c => c.parent_id === d.campaign_id),
    );
    assert.ok(parent);
    const page = await w.client().executions(parent.id);
    const kids = seedDocs(0).filter(c => c.parent_id === parent.campaign_id);
    assert.equal(page.executions.length, Math.min(15, kids.length));
    assert.equal(page.total_instances, kids.length);
    assert.ok(page.executions.every(e => kids.some(k => k.campaign_id === e.campaign_id)));
  });

  test('flow membership on request', async () => {
    const member = seedDocs(0).find(d => d.current && d.flow_id);
    assert.ok(member, 'the seed has a flow');
    const flow = await flowMembers(w.client(), { id: member.id, campaign_id: member.campaign_id, channel: member.channel });
    assert.equal(flow.flowId, member.flow_id);
    assert.equal(flow.flowName, member.flow_name);
    assert.deepEqual(
      flow.members.map(m => m.id).sort(),
      seedDocs(0)
        .filter(d => d.current && d.flow_id === member.flow_id)
        .map(d => d.id)
        .sort(),
    );
    const none = await flowMembers(w.client(), { id: seedDocs(0).find(d => visible(d))!.id });
    assert.deepEqual(none.members, []);
  });

  test('reachability from the metadata call where the service has it', async () => {
    const client = w.client();
    const scheduled = seedDocs(0).find(d => visible(d) && d.status === 'SCHEDULED' && d.campaign_delivery_type === 'ONE_TIME');
    assert.ok(scheduled);
    const rec = (await client.search({ campaign_fields: { ids: [scheduled.id], status: ['SCHEDULED'], channels: [scheduled.channel] } }))
      .items[0];
    const meta = await metaFor(client, rec);
    const reach = reachabilityOf(meta);
    assert.ok(reach && reach.count > 0, JSON.stringify(meta));
    const again = reachabilityOf(await metaFor(client, rec));
    assert.equal(again?.count, reach.count, 'cached for the day');
    const active = seedDocs(0).find(d => visible(d) && d.status === 'ACTIVE' && d.campaign_delivery_type === 'PERIODIC')!;
    const recA = (await client.search({ campaign_fields: { ids: [active.id], status: ['ACTIVE'], channels: [active.channel] } })).items[0];
    assert.equal(reachabilityOf(await metaFor(client, recA)), undefined);
  });
});

describe('errors say what to do', () => {
  test('a campaign of another workspace is 404 NOT_FOUND', async () => {
    const other = seedDocs(1).find(d => d.current)!;
    const e = (await w
      .client(0)
      .getCampaign(other.id)
      .catch(x => x)) as ServiceError;
    assert.equal(e.status, 404);
    assert.equal(e.code, 'NOT_FOUND');
    assert.match(adviceFor(e, { environment: 'emu0' }).message, /belongs to another workspace/);
  });

  test('a wrong API key is 401 with "sign in again", and the key never reaches the log', async () => {
    const before = w.logs.length;
    const bad = 'wrong-key-0123456789';
    const e = (await w
      .client(0, { apiKey: bad })
      .search({})
      .catch(x => x)) as ServiceError;
    assert.equal(e.status, 401);
    assert.match(adviceFor(e).message, /Sign in again/);
    const text = logText(w.logs.slice(before)) + e.message;
    assert.ok(!text.includes(bad));
    assert.ok(!text.includes(Buffer.from(`${w.emu.workspaces[0].id}:${bad}`).toString('base64')));
  });

  test('no log line of any call in this file holds a credential', () => {
    const text = logText(w.logs) + JSON.stringify(w.logs);
    assert.ok(w.logs.length > 20);
    for (const ws of w.emu.workspaces) {
      assert.ok(!text.includes(ws.apiKey), 'an API key is in the log');
      assert.ok(!text.includes(Buffer.from(`${ws.id}:${ws.apiKey}`).toString('base64')), 'Basic credentials are in the log');
    }
    assert.match(logText(w.logs.slice(0, 1)), /^emu0 POST \/v5\/campaigns\/search → 200 in \d+ ms \[request [0-9a-f-]{36}\]/);
  });
});
