import { test } from 'node:test';
import assert from 'node:assert/strict';
import { searchAll, seed, useEmulator } from './helpers';
import { transition } from '../src/service';
import { CampaignDoc, DELIVERY_TYPES, STATUSES } from '../src/model';

const t = useEmulator();
const who = 'dev@example.com';

// ---- test sends ---------------------------------------------------------------------------------

test('test send by id (draft mode): a result per recipient', async () => {
  const doc = seed('Holiday gift guide');
  const r = await t.call(t.all, 'POST', '/v5/campaigns/test', {
    campaign_id: doc.id,
    test_campaign_meta: { identifier: 'EMAIL', identifier_values: ['jane@example.com', 'not-an-address', 'unknown.user@example.com'] },
  });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.type, 'test');
  assert.deepEqual(r.body.data, {
    'jane@example.com': { status: 'success' },
    'not-an-address': { status: 'failed', failure_reason: 'Not a valid email address' },
    'unknown.user@example.com': { status: 'failed', failure_reason: 'User not found' },
  });
  assert.match(r.body.message, /2 of 3 recipients failed/);
});

test('test send with inline content (Push)', async () => {
  const s = seed('Spring sale kickoff');
  const r = await t.call(t.all, 'POST', '/v5/campaigns/test', {
    channel: 'PUSH',
    basic_details: s.components.basic_details,
    campaign_content: s.components.campaign_content,
    test_campaign_meta: { identifier: 'ID', identifier_values: ['u1', 'u2'] },
  });
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.body.data, { u1: { status: 'success' }, u2: { status: 'success' } });
});

test('inline email tests need name, content_type, user_attribute_identifier and subscription_category (B8)', async () => {
  const s = seed('June newsletter');
  const meta = { identifier: 'EMAIL', identifier_values: ['a@example.com'] };
  const ok = await t.call(t.all, 'POST', '/v5/campaigns/test', {
    channel: 'EMAIL',
    basic_details: s.components.basic_details,
    campaign_content: s.components.campaign_content,
    connector: s.components.connector,
    test_campaign_meta: meta,
  });
  assert.equal(ok.status, 200, ok.text);
  const r = await t.call(t.all, 'POST', '/v5/campaigns/test', {
    channel: 'EMAIL',
    basic_details: { team: 'x' },
    campaign_content: s.components.campaign_content,
    test_campaign_meta: meta,
  });
  assert.equal(r.status, 400);
  assert.deepEqual(
    r.body.error.details.map((d: { target: string }) => d.target),
    ['basic_details.name', 'basic_details.content_type', 'basic_details.user_attribute_identifier', 'basic_details.subscription_category'],
  );
  // A draft-mode test of an email campaign needs none of them.
  const d = await t.call(t.all, 'POST', '/v5/campaigns', { channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME', created_by: who });
  await t.call(t.all, 'PATCH', `/v5/campaigns/${d.body.data.id}`, {
    channel: 'EMAIL',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    campaign_content: s.components.campaign_content,
  });
  const byId = await t.call(t.all, 'POST', '/v5/campaigns/test', { campaign_id: d.body.data.id, test_campaign_meta: meta });
  assert.equal(byId.status, 200, byId.text);
});

test('inline content is checked with the shared rule set', async () => {
  const r = await t.call(t.all, 'POST', '/v5/campaigns/test', {
    channel: 'PUSH',
    basic_details: { name: 'x', platforms: ['ANDROID', 'FAX'] },
    campaign_content: { content: { push: {} } },
    test_campaign_meta: { identifier: 'ID', identifier_values: ['u1'] },
  });
  assert.equal(r.status, 400);
  assert.ok(
    r.body.error.details.some((d: { target: string }) => d.target.startsWith('basic_details.platforms')),
    r.text,
  );
});

test('at most 10 recipients; identifier and recipients are checked', async () => {
  const id = seed('Holiday gift guide').id;
  const eleven = Array.from({ length: 11 }, (_, i) => `user${i}`);
  const cases: Array<[unknown, string]> = [
    [{ identifier: 'ID', identifier_values: eleven }, 'test_campaign_meta.identifier_values'],
    [{ identifier: 'ID', identifier_values: [] }, 'test_campaign_meta.identifier_values'],
    [{ identifier: 'CARRIER_PIGEON', identifier_values: ['x'] }, 'test_campaign_meta.identifier'],
    [undefined, 'test_campaign_meta'],
  ];
  for (const [meta, target] of cases) {
    const r = await t.call(t.all, 'POST', '/v5/campaigns/test', { campaign_id: id, test_campaign_meta: meta });
    assert.equal(r.status, 400, JSON.stringify(meta));
    assert.equal(r.body.error.target, target);
  }
  const ten = await t.call(t.all, 'POST', '/v5/campaigns/test', {
    campaign_id: id,
    test_campaign_meta: { identifier: 'ID', identifier_values: eleven.slice(0, 10) },
  });
  assert.equal(ten.status, 200);
  assert.equal(Object.keys(ten.body.data).length, 10);
});

test('test send refusals: unknown id 404, SMS 403, a draft without content 400, an unknown locale 400', async () => {
  const meta = { identifier: 'ID', identifier_values: ['u1'] };
  assert.equal(
    (await t.call(t.all, 'POST', '/v5/campaigns/test', { campaign_id: '0123456789abcdef01234567', test_campaign_meta: meta })).status,
    404,
  );
  assert.equal(
    (await t.call(t.all, 'POST', '/v5/campaigns/test', { campaign_id: seed('SMS: summer sale').id, test_campaign_meta: meta })).status,
    403,
  );
  const empty = await t.call(t.all, 'POST', '/v5/campaigns/test', {
    campaign_id: seed('First-Saturday restock alert').id,
    test_campaign_meta: meta,
  });
  assert.equal(empty.status, 400);
  assert.equal(empty.body.error.target, 'campaign_content');
  const locale = await t.call(t.all, 'POST', '/v5/campaigns/test', {
    campaign_id: seed('New year, new gear').id,
    test_campaign_meta: { ...meta, locale_name: 'es' },
  });
  assert.equal(locale.status, 400);
  assert.equal(locale.body.error.target, 'test_campaign_meta.locale_name');
  const fr = await t.call(t.all, 'POST', '/v5/campaigns/test', {
    campaign_id: seed('New year, new gear').id,
    test_campaign_meta: { ...meta, locale_name: 'fr', variation: 'variation_2' },
  });
  assert.equal(fr.status, 200);
});

// ---- status ---------------------------------------------------------------------------------------

async function status(action: string, ids: string[]) {
  return t.call(t.all, 'POST', '/v5/campaigns/status', { action, campaign_ids: ids });
}

test('PAUSE then RESUME returns a campaign to where it was; STOP ends it', async () => {
  const weekly = seed('Weekly picks for you');
  let r = await status('PAUSE', [weekly.campaign_id]);
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.body.data, [{ id: weekly.id, campaign_id: weekly.campaign_id, previous_status: 'ACTIVE', status: 'PAUSED' }]);
  assert.equal((await t.call(t.all, 'GET', `/v5/campaigns/${weekly.id}`)).body.data.status, 'PAUSED');
  r = await status('RESUME', [weekly.id]);
  assert.equal(r.body.data[0].status, 'ACTIVE');
  const scheduled = seed('Order delivered: rate us');
  await status('PAUSE', [scheduled.id]);
  r = await status('RESUME', [scheduled.id]);
  assert.equal(r.body.data[0].status, 'SCHEDULED', 'back to SCHEDULED, where it was paused from');
  r = await status('STOP', [scheduled.id]);
  assert.equal(r.body.data[0].status, 'STOPPED');
  // A stopped campaign takes no action and no update.
  assert.equal((await status('RESUME', [scheduled.id])).status, 422);
  assert.equal(
    (
      await t.call(t.all, 'PATCH', `/v5/campaigns/${scheduled.id}`, {
        channel: 'PUSH',
        campaign_delivery_type: 'EVENT_TRIGGERED',
        updated_by: who,
      })
    ).status,
    422,
  );
});

test('the state machine, for every status and delivery type', () => {
  const doc = (status: string, type: string, paused_from?: 'ACTIVE' | 'SCHEDULED') =>
    ({ status, campaign_delivery_type: type, paused_from }) as CampaignDoc;
  const outcome = (d: CampaignDoc, a: 'PAUSE' | 'RESUME' | 'STOP') => {
    const r = transition(d, a);
    if (typeof r !== 'string') assert.ok(r.reason.length > 10, 'a refusal says why');
    return typeof r === 'string' ? r : undefined;
  };
  for (const type of DELIVERY_TYPES) {
    for (const s of STATUSES) {
      const pausable = !['ONE_TIME', 'BROADCAST_LIVE_ACTIVITY'].includes(type) && (s === 'ACTIVE' || s === 'SCHEDULED');
      assert.equal(outcome(doc(s, type), 'PAUSE'), pausable ? 'PAUSED' : undefined, `PAUSE ${type} ${s}`);
      assert.equal(outcome(doc(s, type), 'RESUME'), s === 'PAUSED' ? 'ACTIVE' : undefined, `RESUME ${type} ${s}`);
      const stoppable = s === 'SCHEDULED' || s === 'PAUSED' || (s === 'ACTIVE' && type !== 'ONE_TIME');
      assert.equal(outcome(doc(s, type), 'STOP'), stoppable ? 'STOPPED' : undefined, `STOP ${type} ${s}`);
    }
  }
  assert.equal(transition(doc('PAUSED', 'PERIODIC', 'SCHEDULED'), 'RESUME'), 'SCHEDULED');
  assert.equal(transition(doc('PAUSED', 'PERIODIC'), 'RESUME'), 'ACTIVE');
});

test('actions are all or nothing: one campaign that cannot take it leaves every campaign unchanged', async () => {
  const a = seed('Weekly picks for you');
  const oneTime = seed('Summer launch teaser');
  const r = await status('PAUSE', [a.id, oneTime.id]);
  assert.equal(r.status, 422);
  assert.equal(r.body.error.code, 'UNPROCESSABLE_ENTITY');
  assert.equal(r.body.error.target, 'campaign_ids[1]');
  assert.equal(t.emu.admin.campaign(a.id)!.status, 'ACTIVE');
  const missing = await status('PAUSE', [a.id, '0123456789abcdef01234567']);
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error.details[0].target, 'campaign_ids[1]');
  const sms = await status('PAUSE', [seed('SMS: weekly code').id]);
  assert.equal(sms.status, 403);
  const sending = await status('STOP', [seed('Black Friday early access').id]);
  assert.equal(sending.status, 422);
  const oneTimeActive = await status('PAUSE', [seed('Spring sale kickoff').id]);
  assert.equal(oneTimeActive.status, 422);
});

test('status bodies are checked: action, 1 to 10 distinct ids', async () => {
  const id = seed('Weekly picks for you').id;
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ action: 'ARCHIVE', campaign_ids: [id] }, 'action'],
    [{ campaign_ids: [id] }, 'action'],
    [{ action: 'PAUSE' }, 'campaign_ids'],
    [{ action: 'PAUSE', campaign_ids: [] }, 'campaign_ids'],
    [{ action: 'PAUSE', campaign_ids: Array.from({ length: 11 }, () => id) }, 'campaign_ids'],
    [{ action: 'PAUSE', campaign_ids: [id, id] }, 'campaign_ids'],
  ];
  for (const [body, target] of cases) {
    const r = await t.call(t.all, 'POST', '/v5/campaigns/status', body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(r.body.error.target, target);
  }
});

// ---- executions --------------------------------------------------------------------------------------

test('executions of a periodic parent: child ids, sent times, statuses, total count; paged', async () => {
  const parent = seed('Monthly member perks');
  const r = await t.call(t.all, 'POST', `/v5/campaigns/${parent.id}/executions`, { limit: 3, page: 1 });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.type, 'executions');
  assert.equal(r.body.data.total_instances, 4);
  assert.equal(r.body.data.executions.length, 3);
  for (const e of r.body.data.executions) {
    assert.match(e.campaign_id, /^[0-9a-f]{24}$/);
    assert.match(e.sent_time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.equal(e.status, 'SENT');
  }
  const times = r.body.data.executions.map((e: { sent_time: string }) => e.sent_time);
  assert.deepEqual(times, [...times].sort().reverse(), 'newest first');
  const p2 = await t.call(t.all, 'POST', `/v5/campaigns/${parent.campaign_id}/executions`, { limit: 3, page: 2 });
  assert.equal(p2.body.data.executions.length, 1);
  const bet = await t.call(t.all, 'POST', `/v5/campaigns/${seed('Back in stock').id}/executions`);
  assert.equal(bet.body.data.total_instances, 2);
  const none = await t.call(t.all, 'POST', `/v5/campaigns/${seed('Weekly deals roundup').id}/executions`, {});
  assert.deepEqual(none.body.data, { executions: [], total_instances: 0 });
});

test('executions refusals: not a periodic or business-event parent 422, unknown 404, bad paging 400', async () => {
  assert.equal((await t.call(t.all, 'POST', `/v5/campaigns/${seed('Spring sale kickoff').id}/executions`, {})).status, 422);
  assert.equal((await t.call(t.all, 'POST', '/v5/campaigns/0123456789abcdef01234567/executions', {})).status, 404);
  const r = await t.call(t.all, 'POST', `/v5/campaigns/${seed('Monthly member perks').id}/executions`, { limit: 20 });
  assert.equal(r.status, 400);
  assert.equal(r.body.error.target, 'limit');
});

// ---- V1 publish and versioning ------------------------------------------------------------------------

const PUBLISH = (id: string) => `/core-services/v1/campaigns/${id}`;

async function completeDraft(ws = t.all, start = '2030-03-01T09:00:00') {
  const s = seed('Spring sale kickoff');
  const d = await t.call(ws, 'POST', '/v5/campaigns', { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: who });
  const id = d.body.data.id as string;
  const r = await t.call(ws, 'PATCH', `/v5/campaigns/${id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    basic_details: s.components.basic_details,
    campaign_content: s.components.campaign_content,
    segmentation_details: s.components.segmentation_details,
    delivery_controls: s.components.delivery_controls,
    scheduling_details:
      start === 'ASAP' ? { delivery_type: 'ASAP' } : { delivery_type: 'AT_FIXED_TIME', start_time: start, timezone: 'Europe/Paris' },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.data as Record<string, any>;
}

test('V1 publish moves a complete draft to SCHEDULED (start ahead) or ACTIVE', async () => {
  t.emu.admin.clock.set('2029-01-01T00:00:00Z');
  const later = await completeDraft();
  let r = await t.call(t.all, 'PATCH', PUBLISH(later.id), { request_id: 'pub-1', updated_by: who }, { requestId: false });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.data.status, 'SCHEDULED');
  assert.equal(r.body.data.version_number, 1);
  assert.equal(r.body.data.id, later.id);
  const now = await completeDraft(t.all, 'ASAP');
  r = await t.call(t.all, 'PATCH', PUBLISH(now.id), { request_id: 'pub-2', updated_by: who }, { requestId: false });
  assert.equal(r.body.data.status, 'ACTIVE');
  const past = await completeDraft(t.all, '2028-01-01T00:00:00');
  r = await t.call(t.all, 'PATCH', PUBLISH(past.id), { updated_by: who });
  assert.equal(r.body.data.status, 'ACTIVE');
});

test('V1 publish refuses an incomplete draft with the validation envelope, and needs request_id and updated_by', async () => {
  const d = await t.call(t.all, 'POST', '/v5/campaigns', { channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME', created_by: who });
  const id = d.body.data.id;
  let r = await t.call(t.all, 'PATCH', PUBLISH(id), { updated_by: who });
  assert.equal(r.status, 400);
  assert.equal(r.body.error.code, 'VALIDATION_FAILED');
  assert.ok(r.body.error.details.length >= 5);
  assert.equal(t.emu.admin.campaign(id)!.status, 'DRAFT');
  r = await t.call(t.all, 'PATCH', PUBLISH(id), { updated_by: who }, { requestId: false });
  assert.equal(r.status, 400);
  assert.equal(r.body.error.target, 'request_id');
  const full = await completeDraft();
  r = await t.call(t.all, 'PATCH', PUBLISH(full.id), {});
  assert.equal(r.status, 400);
  assert.equal(r.body.error.target, 'updated_by');
  r = await t.call(t.all, 'PATCH', PUBLISH(seed('Spring sale kickoff').id), { updated_by: who });
  assert.equal(r.status, 422, 'a SENT campaign has nothing to publish');
  r = await t.call(t.all, 'PATCH', PUBLISH(seed('SMS: store closure notice').id), { updated_by: who });
  assert.equal(r.status, 403);
});

test('with versioning, publishing an edit makes a new document: a higher version_number, the same campaign_id', async () => {
  t.emu.admin.clock.set('2029-01-01T00:00:00Z');
  const draft = await completeDraft();
  const first = (await t.call(t.all, 'PATCH', PUBLISH(draft.id), { updated_by: who })).body.data;
  assert.equal(first.version_number, 1);
  // Publishing again with no edit changes nothing.
  const same = await t.call(t.all, 'PATCH', PUBLISH(first.campaign_id), { updated_by: who });
  assert.equal(same.body.data.id, first.id);
  // Edit the live campaign, then publish the edit.
  const edited = await t.call(t.all, 'PATCH', `/v5/campaigns/${first.campaign_id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: 'editor@example.com',
    utm_params: { utm_source: 'v2', utm_medium: 'push' },
  });
  assert.equal(edited.status, 200, edited.text);
  const v2 = (await t.call(t.all, 'PATCH', PUBLISH(first.campaign_id), { updated_by: 'editor@example.com' })).body.data;
  assert.equal(v2.version_number, 2);
  assert.equal(v2.campaign_id, first.campaign_id);
  assert.notEqual(v2.id, first.id);
  assert.equal(v2.status, 'SCHEDULED');
  assert.deepEqual(v2.utm_params, { utm_source: 'v2', utm_medium: 'push' });
  // The first revision is kept as it was published, and is no longer the current one.
  const old = (await t.call(t.all, 'GET', `/v5/campaigns/${first.id}`)).body.data;
  assert.equal(old.version_number, 1);
  assert.equal(old.utm_params, undefined);
  assert.equal(old.updated_at, first.updated_at);
  assert.equal((await t.call(t.all, 'GET', `/v5/campaigns/${first.campaign_id}`)).body.data.id, v2.id);
  // Writes to the superseded revision are refused; search lists the current one.
  const stale = await t.call(t.all, 'PATCH', `/v5/campaigns/${first.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
  });
  assert.equal(stale.status, 422);
  assert.equal(stale.body.error.target, 'campaign_id');
  const listed = await searchAll(t, t.all, { campaign_fields: { ids: [first.campaign_id] } });
  assert.deepEqual(
    listed.map(x => [x.id, x.version_number]),
    [[v2.id, 2]],
  );
  const both = await searchAll(t, t.all, { campaign_fields: { ids: [first.campaign_id], version_number: [1, 2] } });
  assert.equal(both.length, 2);
  // A change of status alone is not an edit: publishing after it makes no new version.
  t.emu.admin.editCampaign(v2.id, { status: 'ACTIVE' });
  const same2 = (await t.call(t.all, 'PATCH', PUBLISH(v2.campaign_id), { updated_by: who })).body.data;
  assert.equal(same2.id, v2.id);
  assert.equal(same2.version_number, 2);
  // A third publish after another edit: version 3.
  await t.call(t.all, 'PATCH', `/v5/campaigns/${v2.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    utm_params: { utm_source: 'v3', utm_medium: 'push' },
  });
  const v3 = (await t.call(t.all, 'PATCH', PUBLISH(v2.id), { updated_by: who })).body.data;
  assert.equal(v3.version_number, 3);
});

test('without versioning, publishing a published campaign changes nothing: edits apply in place', async () => {
  const draft = await completeDraft(t.none, 'ASAP');
  const first = (await t.call(t.none, 'PATCH', PUBLISH(draft.id), { updated_by: who })).body.data;
  assert.equal(first.status, 'ACTIVE');
  await t.call(t.none, 'PATCH', `/v5/campaigns/${first.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    utm_params: { utm_source: 'x', utm_medium: 'y' },
  });
  const again = (await t.call(t.none, 'PATCH', PUBLISH(first.id), { updated_by: who })).body.data;
  assert.equal(again.id, first.id);
  assert.equal('version_number' in again, false);
  assert.deepEqual(again.utm_params, { utm_source: 'x', utm_medium: 'y' });
});

test('V1 publish may carry components, validated like a V5 update', async () => {
  const draft = await completeDraft();
  const bad = await t.call(t.all, 'PATCH', PUBLISH(draft.id), { updated_by: who, scheduling_details: { delivery_type: 'AT_FIXED_TIME' } });
  assert.equal(bad.status, 400);
  assert.equal(t.emu.admin.campaign(draft.id)!.status, 'DRAFT');
  const ok = await t.call(t.all, 'PATCH', PUBLISH(draft.id), {
    updated_by: who,
    control_group_details: { is_campaign_control_group_enabled: false, is_global_control_group_enabled: true },
  });
  assert.equal(ok.status, 200, ok.text);
  assert.deepEqual(ok.body.data.control_group_details, { is_campaign_control_group_enabled: false, is_global_control_group_enabled: true });
});
