import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seed, useEmulator } from './helpers';

const t = useEmulator();

test('GET returns the success envelope: response_id from the request id, type campaign, the record', async () => {
  const doc = seed('Spring sale kickoff');
  const r = await t.call(t.all, 'GET', `/v5/campaigns/${doc.id}`, undefined, { requestId: 'req-123' });
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.body), ['response_id', 'type', 'data']);
  assert.equal(r.body.response_id, 'req-123');
  assert.equal(r.headers['x-svc-request-id'], 'req-123');
  assert.equal(r.body.type, 'campaign');
  const d = r.body.data;
  assert.equal(d.id, doc.id);
  assert.equal(d.campaign_id, doc.campaign_id);
  assert.equal(d.version_number, 1);
  assert.equal(d.status, 'SENT');
  assert.equal(d.channel, 'PUSH');
  assert.equal(d.campaign_delivery_type, 'ONE_TIME');
  assert.match(d.created_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/);
  assert.match(d.updated_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/);
  assert.match(d.sent_time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  assert.equal(d.created_by, 'maya.chen@shopco.example');
  for (const c of [
    'basic_details',
    'campaign_content',
    'segmentation_details',
    'scheduling_details',
    'delivery_controls',
    'advanced',
    'conversion_goal_details',
    'control_group_details',
    'utm_params',
  ]) {
    assert.ok(c in d, c);
  }
  assert.deepEqual(d.basic_details, doc.components.basic_details);
});

test('without campaign versioning there is no version_number, and campaign_id equals id', async () => {
  const doc = seed('Author signing this Saturday');
  const r = await t.call(t.none, 'GET', `/v5/campaigns/${doc.id}`);
  assert.equal(r.status, 200);
  assert.equal('version_number' in r.body.data, false);
  assert.equal(r.body.data.campaign_id, r.body.data.id);
});

test('scheduling comes back in the response shape: SCHEDULED, schedule_time, time_zone', async () => {
  const r = await t.call(t.all, 'GET', `/v5/campaigns/${seed('Summer launch teaser').id}`);
  assert.deepEqual(r.body.data.scheduling_details, {
    delivery_type: 'SCHEDULED',
    schedule_time: '2027-05-20T10:00:00',
    time_zone: 'America/New_York',
  });
});

test('a periodic campaign shows the time of day as schedule_time, and frequency', async () => {
  const r = await t.call(t.all, 'GET', `/v5/campaigns/${seed('Weekly picks for you').id}`);
  const s = r.body.data.scheduling_details;
  assert.equal(s.delivery_type, 'SCHEDULED');
  assert.equal(s.schedule_time, '18:30:00');
  assert.equal(s.time_zone, 'Europe/London');
  assert.equal(s.frequency, 'WEEKLY');
  assert.equal(s.periodic_details.sending_frequency, 'WEEKLY');
  assert.equal('start_time' in s || 'timezone' in s, false);
});

test('other scheduling types keep their request value, with the response-side names', async () => {
  let r = await t.call(t.all, 'GET', `/v5/campaigns/${seed('Spring sale kickoff').id}`);
  assert.deepEqual(r.body.data.scheduling_details, { delivery_type: 'ASAP' });
  r = await t.call(t.all, 'GET', `/v5/campaigns/${seed('Weekend flash deal').id}`);
  const s = r.body.data.scheduling_details;
  assert.equal(s.delivery_type, 'SEND_IN_BTS');
  assert.equal(s.schedule_time, '2027-02-06T09:00:00');
  assert.equal(s.time_zone, 'Europe/Berlin');
  assert.equal(s.bts_details.send_in_bts, true);
});

test('X-SVC-Request-Id is required: 400 when missing', async () => {
  const r = await t.call(t.all, 'GET', `/v5/campaigns/${seed('Spring sale kickoff').id}`, undefined, { requestId: false });
  assert.equal(r.status, 400);
  assert.equal(r.body.error.code, 'BAD_REQUEST');
  assert.equal(r.body.error.target, 'X-SVC-Request-Id');
  assert.match(r.body.response_id, /^[0-9a-f-]{36}$/);
});

test('a request_id in a body stands in for the header; when both are given they must be equal', async () => {
  const id = seed('Spring sale kickoff').id;
  let r = await t.call(t.all, 'GET', `/v5/campaigns/${id}`, { request_id: 'from-body' }, { requestId: false });
  assert.equal(r.status, 200);
  assert.equal(r.body.response_id, 'from-body');
  r = await t.call(t.all, 'GET', `/v5/campaigns/${id}`, { request_id: 'same' }, { requestId: 'same' });
  assert.equal(r.status, 200);
  r = await t.call(t.all, 'GET', `/v5/campaigns/${id}`, { request_id: 'body-id' }, { requestId: 'header-id' });
  assert.equal(r.status, 400);
  assert.equal(r.body.error.target, 'request_id');
  assert.equal(r.body.response_id, 'header-id');
});

test('an id that is not a 24-character object id is 400; an unknown one is 404 with empty details', async () => {
  for (const bad of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz', '6b000f94a1c0ffee0100005', 'search-me']) {
    const r = await t.call(t.all, 'GET', `/v5/campaigns/${bad}`);
    assert.equal(r.status, 400, bad);
    assert.equal(r.body.error.code, 'VALIDATION_FAILED');
    assert.equal(r.body.error.target, 'campaign_id');
  }
  const r = await t.call(t.all, 'GET', '/v5/campaigns/0123456789abcdef01234567');
  assert.equal(r.status, 404);
  assert.equal(r.body.error.code, 'NOT_FOUND');
  assert.deepEqual(r.body.error.details, []);
});

test('SMS campaigns can be retrieved', async () => {
  const r = await t.call(t.all, 'GET', `/v5/campaigns/${seed('SMS: summer sale').id}`);
  assert.equal(r.status, 200);
  assert.equal(r.body.data.channel, 'SMS');
  assert.equal(r.body.data.sender_name, 'SHOPCO');
  assert.deepEqual(r.body.data.connector, { connector_type: 'TWILIO', connector_name: 'Twilio main' });
});

test('a child campaign names its parent; a flow node names its flow', async () => {
  const parent = seed('Weekly picks for you');
  const child = (await t.call(t.all, 'POST', `/v5/campaigns/${parent.id}/executions`, {})).body.data.executions[0];
  const r = await t.call(t.all, 'GET', `/v5/campaigns/${child.campaign_id}`);
  assert.equal(r.status, 200);
  assert.equal(r.body.data.parent_id, parent.campaign_id);
  const node = await t.call(t.all, 'GET', `/v5/campaigns/${seed('Onboarding 2: getting started').id}`);
  assert.equal(node.body.data.flow_name, 'Onboarding journey');
  assert.match(node.body.data.flow_id, /^[0-9a-f]{24}$/);
});

test('with versioning, the campaign id names the current revision and a document id names that revision', async () => {
  const v1 = seed('Abandoned cart nudge', 1);
  const v2 = seed('Abandoned cart nudge', 2);
  assert.equal(v1.campaign_id, v2.campaign_id);
  let r = await t.call(t.all, 'GET', `/v5/campaigns/${v1.campaign_id}`);
  assert.equal(r.body.data.id, v2.id);
  assert.equal(r.body.data.version_number, 2);
  r = await t.call(t.all, 'GET', `/v5/campaigns/${v1.id}`);
  assert.equal(r.body.data.id, v1.id);
  assert.equal(r.body.data.version_number, 1);
  assert.equal(r.body.data.campaign_id, v2.campaign_id);
});
