import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CampaignDoc } from '../src/model';
import { searchAll, seed, seedDocs, useEmulator } from './helpers';

const t = useEmulator();
const SEARCH = '/v5/campaigns/search';

function visibleByDefault(wsId: string): CampaignDoc[] {
  return seedDocs().filter(
    d => d.workspace === wsId && d.current && !d.parent_id && !d.flow_id && d.status !== 'DRAFT' && d.channel !== 'SMS',
  );
}

test('search answers the success envelope with a list of records and no total_count', async () => {
  const r = await t.call(t.all, 'POST', SEARCH, { limit: 5, page: 1 }, { requestId: 's-1' });
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.body), ['response_id', 'type', 'data']);
  assert.equal(r.body.response_id, 's-1');
  assert.equal(r.body.data.length, 5);
  assert.equal(JSON.stringify(r.body).includes('total_count'), false);
  for (const rec of r.body.data) {
    assert.match(rec.id, /^[0-9a-f]{24}$/);
    assert.equal(typeof rec.version_number, 'number');
    assert.ok(rec.basic_details, 'full records');
  }
});

test('request_id is optional; a body without anything returns the first page of 15', async () => {
  const r = await t.call(t.all, 'POST', SEARCH, undefined, { requestId: false });
  assert.equal(r.status, 200);
  assert.equal(r.body.data.length, 15);
  assert.match(r.body.response_id, /^[0-9a-f-]{36}$/);
});

test('paging to the end: pages until one is shorter than the limit, with every campaign exactly once', async () => {
  const expected = visibleByDefault(t.all.id)
    .map(d => d.id)
    .sort();
  for (const limit of [15, 7, 1]) {
    const all = await searchAll(t, t.all, {}, limit);
    assert.deepEqual(all.map(r => r.id as string).sort(), expected, `limit ${limit}`);
  }
  // The page after the last one is empty, not an error.
  const pages = Math.ceil(expected.length / 15);
  const r = await t.call(t.all, 'POST', SEARCH, { limit: 15, page: pages + 1 });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.data, []);
});

test('results are newest first and pages do not overlap', async () => {
  const all = await searchAll(t, t.all, {}, 4);
  const created = all.map(r => r.created_at as string);
  assert.deepEqual(created, [...created].sort().reverse());
});

test('drafts are hidden unless DRAFT is in status', async () => {
  const drafts = seedDocs().filter(d => d.workspace === t.all.id && d.status === 'DRAFT' && d.channel !== 'SMS');
  const hidden = await searchAll(t, t.all);
  assert.equal(
    hidden.some(r => r.status === 'DRAFT'),
    false,
  );
  const shown = await searchAll(t, t.all, { campaign_fields: { status: ['DRAFT'] } });
  assert.deepEqual(shown.map(r => r.id).sort(), drafts.map(d => d.id).sort());
  const both = await searchAll(t, t.all, { campaign_fields: { status: ['DRAFT', 'ACTIVE'] } });
  assert.ok(both.some(r => r.status === 'DRAFT') && both.some(r => r.status === 'ACTIVE'));
  assert.ok(both.every(r => r.status === 'DRAFT' || r.status === 'ACTIVE'));
});

test('SMS campaigns only when SMS is in channels', async () => {
  assert.equal(
    (await searchAll(t, t.all)).some(r => r.channel === 'SMS'),
    false,
  );
  assert.equal(
    (await searchAll(t, t.all, { campaign_fields: { channels: ['PUSH', 'EMAIL'] } })).some(r => r.channel === 'SMS'),
    false,
  );
  const sms = await searchAll(t, t.all, { campaign_fields: { channels: ['SMS'] } });
  assert.ok(sms.length >= 2);
  assert.ok(sms.every(r => r.channel === 'SMS'));
});

test("V1's delivery_type key is accepted and silently matches nothing", async () => {
  const r = await t.call(t.all, 'POST', SEARCH, { campaign_fields: { delivery_type: ['PERIODIC'] } });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.data, []);
  const v5 = await searchAll(t, t.all, { campaign_fields: { campaign_delivery_type: ['PERIODIC'] } });
  assert.ok(v5.length >= 2);
  assert.ok(v5.every(x => x.campaign_delivery_type === 'PERIODIC'));
});

test("V1's id is not ids: it filters nothing; ids filters by document or campaign id", async () => {
  const target = seed('Weekend flash deal');
  const unfiltered = await t.call(t.all, 'POST', SEARCH, {});
  const withId = await t.call(t.all, 'POST', SEARCH, { campaign_fields: { id: target.id } });
  assert.equal(withId.status, 200);
  assert.deepEqual(
    withId.body.data.map((r: { id: string }) => r.id),
    unfiltered.body.data.map((r: { id: string }) => r.id),
  );
  const byIds = await t.call(t.all, 'POST', SEARCH, { campaign_fields: { ids: [target.id, seed('Summer launch teaser').campaign_id] } });
  assert.deepEqual(byIds.body.data.map((r: { id: string }) => r.id).sort(), [target.id, seed('Summer launch teaser').id].sort());
});

test('filters: channels, name, tags, created_by, created_date, status, campaign_delivery_type', async () => {
  const email = await searchAll(t, t.all, { campaign_fields: { channels: ['EMAIL'] } });
  assert.ok(email.length > 3 && email.every(r => r.channel === 'EMAIL'));
  const named = await searchAll(t, t.all, { campaign_fields: { name: 'CART' } });
  assert.deepEqual(named.map(r => (r.basic_details as { name: string }).name).sort(), ['Abandoned cart email', 'Abandoned cart nudge']);
  const tagged = await searchAll(t, t.all, { campaign_fields: { tags: ['restock', 'nothing-like-this'] } });
  assert.ok(tagged.length >= 1 && tagged.every(r => (r.basic_details as { tags: string[] }).tags.includes('restock')));
  const by = await searchAll(t, t.all, { campaign_fields: { created_by: ['OMAR.HADDAD@shopco.example'] } });
  assert.ok(by.length > 3 && by.every(r => r.created_by === 'omar.haddad@shopco.example'));
  const d = seed('Spring sale kickoff').created_at.slice(0, 10);
  const onDay = await searchAll(t, t.all, { campaign_fields: { created_date: { from_date: d, to_date: d } } });
  assert.ok(onDay.length >= 1 && onDay.every(r => (r.created_at as string).startsWith(d)));
  const paused = await searchAll(t, t.all, { campaign_fields: { status: ['PAUSED'] } });
  assert.ok(paused.length >= 3 && paused.every(r => r.status === 'PAUSED'));
  const combined = await searchAll(t, t.all, {
    campaign_fields: { channels: ['PUSH'], status: ['ACTIVE'], campaign_delivery_type: ['EVENT_TRIGGERED'] },
  });
  assert.deepEqual(
    combined.map(r => (r.basic_details as { name: string }).name),
    ['Abandoned cart nudge'],
  );
});

test('with versioning on, results carry version_number and can be filtered by it', async () => {
  const v1 = await searchAll(t, t.all, { campaign_fields: { version_number: 1, name: 'abandoned cart nudge' } });
  assert.deepEqual(
    v1.map(r => [r.id, r.version_number]),
    [[seed('Abandoned cart nudge', 1).id, 1]],
  );
  const v2 = await searchAll(t, t.all, { campaign_fields: { version_number: [2] } });
  assert.deepEqual(
    v2.map(r => r.id),
    [seed('Abandoned cart nudge', 2).id],
  );
  // Without the filter, only the current revision is listed.
  const cur = await searchAll(t, t.all, { campaign_fields: { name: 'abandoned cart nudge' } });
  assert.deepEqual(
    cur.map(r => r.version_number),
    [2],
  );
});

test('without versioning there is no version_number, and filtering by it is refused', async () => {
  const r = await t.call(t.none, 'POST', SEARCH, {});
  assert.ok(r.body.data.every((x: object) => !('version_number' in x)));
  const f = await t.call(t.none, 'POST', SEARCH, { campaign_fields: { version_number: 1 } });
  assert.equal(f.status, 400);
  assert.equal(f.body.error.target, 'campaign_fields.version_number');
});

test('child campaigns only with include_child_campaigns, with parent_id, flow_id and flow_name', async () => {
  const plain = await searchAll(t, t.all, { campaign_fields: { channels: ['PUSH', 'EMAIL', 'SMS'] } });
  assert.ok(plain.every(r => !('parent_id' in r) && !('flow_id' in r) && !('flow_name' in r)));
  const all = await searchAll(t, t.all, { campaign_fields: { channels: ['PUSH', 'EMAIL', 'SMS'] }, include_child_campaigns: true });
  const children = all.filter(r => r.parent_id);
  const parent = seed('Weekly picks for you');
  assert.equal(children.filter(c => c.parent_id === parent.campaign_id).length, 3);
  const flow = all.filter(r => r.flow_id);
  assert.equal(flow.length, 3);
  assert.ok(flow.every(r => r.flow_name === 'Onboarding journey' && r.flow_id === flow[0].flow_id));
  assert.equal(all.length, plain.length + children.length + flow.length);
});

test('limit is at most 15 and page starts at 1; bad filters are 400 VALIDATION_FAILED with a target', async () => {
  const cases: Array<[unknown, string]> = [
    [{ limit: 16 }, 'limit'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
    [{ page: 0 }, 'page'],
    [{ page: '1' }, 'page'],
    [{ campaign_fields: { channels: 'PUSH,EMAIL', statuz: ['ACTIVE'] } }, 'campaign_fields.statuz'],
    [{ campaign_fields: { channels: [1] } }, 'campaign_fields.channels'],
    [{ campaign_fields: { channels: ['WHATSAPP'] } }, 'campaign_fields.channels'],
    [{ campaign_fields: { status: ['LIVE'] } }, 'campaign_fields.status'],
    [{ campaign_fields: { created_date: { from_date: '21/11/2026' } } }, 'campaign_fields.created_date'],
    [{ campaign_fields: [] }, 'campaign_fields'],
    [{ filters: {} }, 'filters'],
    [{ include_child_campaigns: 'yes' }, 'include_child_campaigns'],
  ];
  for (const [body, target] of cases) {
    const r = await t.call(t.all, 'POST', SEARCH, body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(r.body.error.code, 'VALIDATION_FAILED');
    assert.equal(r.body.error.target, target, JSON.stringify(body));
    assert.ok(r.body.error.details.length >= 1);
  }
});
