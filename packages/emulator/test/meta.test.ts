import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seed, seedDocs, useEmulator } from './helpers';

const t = useEmulator();
const META = '/core-services/v1/campaigns/meta';

async function metaAll(body: Record<string, unknown> = {}): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  for (let page = 1; page < 50; page++) {
    const r = await t.call(t.all, 'POST', META, { request_id: `m-${page}`, ...body, limit: 15, page }, { requestId: false });
    assert.equal(r.status, 200, r.text);
    out.push(...r.body);
    if (r.body.length < 15) return out;
  }
  throw new Error('never ended');
}

test('the metadata listing answers a bare array of metadata records', async () => {
  const r = await t.call(t.all, 'POST', META, { request_id: 'm1', limit: 3 }, { requestId: false });
  assert.equal(r.status, 200);
  assert.ok(Array.isArray(r.body));
  assert.equal(r.body.length, 3);
  for (const m of r.body) {
    for (const k of [
      'campaign_id',
      'channel',
      'platform',
      'created_by',
      'campaign_delivery_type',
      'campaign_name',
      'campaign_team',
      'campaign_tags',
      'campaign_status',
      'campaign_start_time',
    ])
      assert.ok(k in m, k);
    assert.match(m.campaign_start_time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  }
});

test('statuses are capitalised as in the sample; SENDING shows as Active and a finished recurring campaign as Retired', async () => {
  const all = await metaAll();
  const status = (name: string) => all.find(m => m.campaign_name === name)?.campaign_status;
  assert.equal(status('Summer launch teaser'), 'Scheduled');
  assert.equal(status('Weekly picks for you'), 'Active');
  assert.equal(status('Black Friday early access'), 'Active');
  assert.equal(status('Monthly member perks'), 'Retired');
  assert.equal(status('Spring sale kickoff'), 'Sent');
  assert.equal(status('Store opening Lyon'), 'Stopped');
  assert.equal(status('App update 4.2'), 'Archived');
  assert.equal(status('Daily streak reminder'), 'Paused');
  assert.ok(all.every(m => /^[A-Z][a-z]+$/.test(m.campaign_status)));
  const retired = await metaAll({ campaign_fields: { status: ['RETIRED'] } });
  assert.ok(retired.length >= 1 && retired.every(m => m.campaign_status === 'Retired'));
});

test('drafts are never listed; SMS is; platform is filled for Push only', async () => {
  const all = await metaAll();
  const names = new Set(all.map(m => m.campaign_name));
  for (const d of seedDocs().filter(x => x.workspace === t.all.id && x.status === 'DRAFT')) {
    assert.equal(names.has((d.components.basic_details as { name?: string } | undefined)?.name ?? '<unnamed>'), false);
  }
  assert.ok(all.some(m => m.channel === 'SMS'));
  for (const m of all) {
    if (m.channel === 'PUSH') assert.ok(m.platform.length >= 1);
    else assert.deepEqual(m.platform, []);
  }
});

test('campaign_start_time is the start in UTC', async () => {
  const [m] = await metaAll({ campaign_fields: { name: 'Summer launch teaser' } });
  // 10:00 in New York in May is 14:00 UTC.
  assert.equal(m.campaign_start_time, '2027-05-20T14:00:00');
});

test('request_id is required (a V1 call): 400 when neither the body nor the header has one', async () => {
  const r = await t.call(t.all, 'POST', META, { limit: 5 }, { requestId: false });
  assert.equal(r.status, 400);
  assert.equal(r.body.error.target, 'request_id');
  const ok = await t.call(t.all, 'POST', META, { limit: 5 }, { requestId: 'hdr' });
  assert.equal(ok.status, 200);
});

test('reachability is filled for scheduled one-time, business-event and event-triggered campaigns only', async () => {
  const all = await metaAll();
  const withReach = all.filter(m => m.reachability_details);
  assert.ok(withReach.length >= 3);
  for (const m of withReach) {
    assert.equal(m.campaign_status, 'Scheduled');
    assert.ok(['ONE_TIME', 'BUSINESS_EVENT_TRIGGERED', 'EVENT_TRIGGERED'].includes(m.campaign_delivery_type));
    assert.equal(typeof m.reachability_details.count, 'number');
    assert.match(m.reachability_details.last_updated_time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
  }
  assert.ok(
    all.filter(m => m.campaign_status === 'Scheduled' && m.campaign_delivery_type === 'PERIODIC').every(m => !m.reachability_details),
  );
  assert.ok(all.filter(m => m.campaign_status !== 'Scheduled').every(m => !m.reachability_details));
});

test('reachability is computed once a day and cached: the same figure all day, a new one the next day', async () => {
  t.emu.admin.clock.set('2026-11-21T08:00:00Z');
  const read = async () => (await metaAll({ campaign_fields: { name: 'Summer launch teaser' } }))[0].reachability_details;
  const morning = await read();
  assert.equal(morning.last_updated_time, '2026-11-21T08:00:00.000000');
  t.emu.admin.clock.advance(15 * 3_600_000);
  assert.deepEqual(await read(), morning, 'later the same day: the cached value');
  t.emu.admin.clock.advance(2 * 3_600_000);
  const next = await read();
  assert.equal(next.last_updated_time, '2026-11-22T01:00:00.000000');
  assert.notEqual(next.count, morning.count);
  t.emu.admin.clock.set('2026-11-21T23:00:00Z');
  const again = await read();
  assert.equal(again.count, morning.count, 'the estimate of a day is the same whenever it is computed');
});

test('periodic parents carry the child count; children are listed with the parent id on request', async () => {
  const all = await metaAll();
  const weekly = all.find(m => m.campaign_name === 'Weekly picks for you')!;
  assert.equal(weekly.total_child_campiagns, 3);
  assert.equal(all.find(m => m.campaign_name === 'Spring sale kickoff')!.total_child_campiagns, undefined);
  assert.ok(all.every(m => !m.parent_campaign_id));
  const withChildren = await metaAll({ include_child_campaigns: true });
  const kids = withChildren.filter(m => m.parent_campaign_id === seed('Weekly picks for you').campaign_id);
  assert.equal(kids.length, 3);
});

test("the legacy call reads V1's keys: id (one id) and delivery_type", async () => {
  const target = seed('Weekend flash deal');
  const byId = await metaAll({ campaign_fields: { id: target.campaign_id } });
  assert.deepEqual(
    byId.map(m => m.campaign_id),
    [target.campaign_id],
  );
  const periodic = await metaAll({ campaign_fields: { delivery_type: ['PERIODIC'] } });
  assert.ok(periodic.length >= 3 && periodic.every(m => m.campaign_delivery_type === 'PERIODIC'));
  const bet = await metaAll({ campaign_fields: { delivery_type: ['BUSINESS_TRIGGERED'], channels: ['EMAIL'] } });
  assert.ok(bet.length >= 2 && bet.every(m => m.campaign_delivery_type === 'BUSINESS_EVENT_TRIGGERED' && m.channel === 'EMAIL'));
});

test('paging and bad bodies as in search', async () => {
  const all = await metaAll();
  const expected = seedDocs().filter(
    d => d.workspace === t.all.id && d.current && !d.parent_id && !d.flow_id && d.status !== 'DRAFT',
  ).length;
  assert.equal(all.length, expected);
  for (const [body, target] of [
    [{ limit: 16 }, 'limit'],
    [{ page: 0 }, 'page'],
    [{ campaign_fields: { status: ['DRAFT'] } }, 'campaign_fields.status'],
  ] as const) {
    const r = await t.call(t.all, 'POST', META, { request_id: 'x', ...body }, { requestId: false });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.target, target);
  }
});
