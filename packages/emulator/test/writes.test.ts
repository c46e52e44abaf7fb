import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorDetails, ruleFindings } from '../src/ruleBridge';
import { patchBody, seed, useEmulator } from './helpers';
import { WORKSPACES } from '../src/seed';

const t = useEmulator();
const who = 'dev@example.com';

async function create(ws = t.all, channel = 'PUSH', type = 'ONE_TIME') {
  const r = await t.call(ws, 'POST', '/v5/campaigns', { channel, campaign_delivery_type: type, created_by: who });
  assert.equal(r.status, 201, r.text);
  return r.body.data as Record<string, any>;
}

const pushComponents = () => {
  const s = seed('Spring sale kickoff');
  return {
    basic_details: s.components.basic_details,
    campaign_content: s.components.campaign_content,
    segmentation_details: s.components.segmentation_details,
    scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2030-01-01T10:00:00', timezone: 'Europe/Paris' },
    delivery_controls: s.components.delivery_controls,
  };
};

// ---- create ----------------------------------------------------------------------------------

test('create makes a draft from channel, delivery type and created_by', async () => {
  const d = await create();
  assert.match(d.id, /^[0-9a-f]{24}$/);
  assert.match(d.campaign_id, /^[0-9a-f]{24}$/);
  assert.notEqual(d.campaign_id, d.id, 'with versioning the campaign id is its own');
  assert.equal(d.version_number, 1);
  assert.equal(d.status, 'DRAFT');
  assert.equal(d.created_by, who);
  assert.equal(d.updated_by, who);
  assert.equal(d.created_at, d.updated_at);
  assert.equal('basic_details' in d, false);
  const got = await t.call(t.all, 'GET', `/v5/campaigns/${d.id}`);
  assert.deepEqual(got.body.data, d);
  const plain = await create(t.none, 'EMAIL', 'EVENT_TRIGGERED');
  assert.equal(plain.campaign_id, plain.id);
  assert.equal('version_number' in plain, false);
  // The new draft is found by a search for drafts.
  const s = await t.call(t.all, 'POST', '/v5/campaigns/search', { campaign_fields: { status: ['DRAFT'], ids: [d.id] } });
  assert.equal(s.body.data.length, 1);
});

test('create refuses SMS, BROADCAST_LIVE_ACTIVITY, missing or wrong fields, and components', async () => {
  const cases: Array<[Record<string, unknown>, string[]]> = [
    [{ channel: 'SMS', campaign_delivery_type: 'ONE_TIME', created_by: who }, ['channel']],
    [{ channel: 'PUSH', campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY', created_by: who }, ['campaign_delivery_type']],
    [{ channel: 'EMAIL', campaign_delivery_type: 'LOCATION_TRIGGERED', created_by: who }, ['campaign_delivery_type']],
    [{}, ['channel', 'campaign_delivery_type', 'created_by']],
    [
      { channel: 'FAX', campaign_delivery_type: 'SOMETIMES', created_by: 'not-an-email' },
      ['channel', 'campaign_delivery_type', 'created_by'],
    ],
    [
      { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: who, basic_details: { name: 'x' }, colour: 'red' },
      ['basic_details', 'colour'],
    ],
  ];
  for (const [body, targets] of cases) {
    const r = await t.call(t.all, 'POST', '/v5/campaigns', body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(r.body.error.code, 'VALIDATION_FAILED');
    assert.deepEqual(r.body.error.details.map((d: { target: string }) => d.target).sort(), targets.sort(), JSON.stringify(body));
    assert.equal(r.body.error.target, r.body.error.details[0].target);
  }
});

test('campaign_audience_limit on a workspace without the feature: 400, target campaign_audience_limit, one detail', async () => {
  const expectGate = (r: { status: number; body: any }) => {
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'VALIDATION_FAILED');
    assert.equal(r.body.error.target, 'campaign_audience_limit');
    assert.equal(r.body.error.details.length, 1);
    assert.equal(r.body.error.details[0].target, 'campaign_audience_limit');
  };
  const limit = { is_campaign_audience_limit_enabled: true, limit: 1000 };
  expectGate(
    await t.call(t.none, 'POST', '/v5/campaigns', {
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      created_by: who,
      campaign_audience_limit: limit,
    }),
  );
  const d = await create(t.none);
  // Even together with other mistakes, the gate answers alone.
  expectGate(
    await t.call(t.none, 'PATCH', `/v5/campaigns/${d.id}`, {
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      updated_by: who,
      campaign_audience_limit: limit,
      scheduling_details: { delivery_type: 'SOON' },
    }),
  );
  expectGate(await t.call(t.none, 'POST', `/v5/campaigns/${d.id}/validate`, { campaign_audience_limit: limit }));
  // The same body is fine where the feature is on.
  const e = await create(t.all);
  const ok = await t.call(t.all, 'PATCH', `/v5/campaigns/${e.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    campaign_audience_limit: limit,
  });
  assert.equal(ok.status, 200, ok.text);
});

// ---- patch -------------------------------------------------------------------------------------

test('PATCH stores the submitted components and updates updated_at and updated_by', async () => {
  const d = await create();
  t.emu.admin.clock.set(Date.parse('2030-01-01T00:00:00Z'));
  const r = await t.call(t.all, 'PATCH', `/v5/campaigns/${d.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: 'editor@example.com',
    ...pushComponents(),
  });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.type, 'campaign');
  assert.equal(r.body.data.updated_by, 'editor@example.com');
  assert.equal(r.body.data.updated_at, '2030-01-01 00:00:00.000');
  assert.equal(r.body.data.status, 'DRAFT');
  assert.deepEqual(r.body.data.basic_details, pushComponents().basic_details);
  // Stored in request shape, returned in response shape.
  assert.deepEqual(r.body.data.scheduling_details, {
    delivery_type: 'SCHEDULED',
    schedule_time: '2030-01-01T10:00:00',
    time_zone: 'Europe/Paris',
  });
  assert.deepEqual(t.emu.admin.campaign(d.id)!.components.scheduling_details, pushComponents().scheduling_details);
  // Another update in the same millisecond still moves updated_at forward.
  const again = await t.call(t.all, 'PATCH', `/v5/campaigns/${d.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    utm_params: { utm_source: 'a', utm_medium: 'b' },
  });
  assert.equal(again.body.data.updated_at, '2030-01-01 00:00:00.001');
  assert.deepEqual(again.body.data.basic_details, pushComponents().basic_details, 'components not sent are kept');
});

test('PATCH requires channel, campaign_delivery_type and updated_by, and they must match the campaign', async () => {
  const d = await create();
  let r = await t.call(t.all, 'PATCH', `/v5/campaigns/${d.id}`, { utm_params: { utm_source: 'a', utm_medium: 'b' } });
  assert.equal(r.status, 400);
  assert.deepEqual(
    r.body.error.details.map((x: { target: string }) => x.target),
    ['channel', 'campaign_delivery_type', 'updated_by'],
  );
  r = await t.call(t.all, 'PATCH', `/v5/campaigns/${d.id}`, { channel: 'EMAIL', campaign_delivery_type: 'PERIODIC', updated_by: 'nobody' });
  assert.deepEqual(
    r.body.error.details.map((x: { target: string }) => x.target),
    ['channel', 'campaign_delivery_type', 'updated_by'],
  );
  r = await t.call(t.all, 'PATCH', `/v5/campaigns/${d.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    basic_details: 'Spring',
    wat: 1,
  });
  assert.deepEqual(r.body.error.details.map((x: { target: string }) => x.target).sort(), ['basic_details', 'wat']);
});

test('PATCH validates each submitted component in full with the shared rule set', async () => {
  const d = await create();
  const body = {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    scheduling_details: { delivery_type: 'AT_FIXED_TIME' },
    segmentation_details: { included_filters: { filter_operator: 'AND', filters: [] } },
  };
  const r = await t.call(t.all, 'PATCH', `/v5/campaigns/${d.id}`, body);
  assert.equal(r.status, 400);
  assert.equal(r.body.error.code, 'VALIDATION_FAILED');
  // Exactly the rule set's errors on the submitted components, as targets and messages.
  const expected = errorDetails(
    ruleFindings(body, WORKSPACES[0]),
    new Set(['scheduling_details', 'segmentation_details', 'channel', 'campaign_delivery_type', 'updated_by']),
  );
  assert.ok(expected.length >= 2, 'the rule set reports these mistakes');
  assert.deepEqual(r.body.error.details, expected);
  assert.ok(r.body.error.details.some((x: { target: string }) => x.target.startsWith('scheduling_details')));
  assert.ok(r.body.error.details.some((x: { target: string }) => x.target.startsWith('segmentation_details')));
  assert.equal(r.body.error.target, r.body.error.details[0].target);
  // Nothing was stored.
  assert.deepEqual(t.emu.admin.campaign(d.id)!.components, {});
});

test('only the submitted components are judged: a draft built in parts is accepted', async () => {
  const d = await create(t.all, 'PUSH', 'EVENT_TRIGGERED');
  // No trigger_condition yet (required for the type): not an error while it is not submitted.
  const r = await t.call(t.all, 'PATCH', `/v5/campaigns/${d.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'EVENT_TRIGGERED',
    updated_by: who,
    basic_details: { name: 'Part one', platforms: ['ANDROID'] },
  });
  assert.equal(r.status, 200, r.text);
});

test('queuing fields on a workspace without queuing are a validation error', async () => {
  const d = await create(t.none);
  const r = await t.call(t.none, 'PATCH', `/v5/campaigns/${d.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    delivery_controls: { bypass_dnd: false, queuing_enabled: true, queue_duration: 4 },
  });
  assert.equal(r.status, 400);
  assert.equal(r.body.error.code, 'VALIDATION_FAILED');
  assert.equal(r.body.error.target, 'delivery_controls.queuing_enabled');
  assert.ok(r.body.error.details.some((x: { target: string }) => x.target === 'delivery_controls.queue_duration'));
  const e = await create(t.all);
  const ok = await t.call(t.all, 'PATCH', `/v5/campaigns/${e.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    delivery_controls: { bypass_dnd: false, queuing_enabled: true, queue_duration: 4 },
  });
  assert.equal(ok.status, 200, ok.text);
});

test('read-only fields in a body are ignored', async () => {
  const d = await create();
  const r = await t.call(t.all, 'PATCH', `/v5/campaigns/${d.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    id: 'x',
    status: 'ACTIVE',
    version_number: 9,
    created_at: 'then',
  });
  assert.equal(r.status, 200);
  assert.equal(r.body.data.status, 'DRAFT');
  assert.equal(r.body.data.id, d.id);
  assert.equal(r.body.data.version_number, 1);
});

test('SMS campaigns cannot be updated through V5: 403 FORBIDDEN', async () => {
  const sms = seed('SMS: store closure notice');
  const r = await t.call(t.all, 'PATCH', `/v5/campaigns/${sms.id}`, {
    channel: 'SMS',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
  });
  assert.equal(r.status, 403);
  assert.equal(r.body.error.code, 'FORBIDDEN');
  assert.equal(r.body.error.target, 'channel');
});

test('PATCH of an unknown campaign is 404; of a malformed id 400', async () => {
  assert.equal((await t.call(t.all, 'PATCH', '/v5/campaigns/0123456789abcdef01234567', { channel: 'PUSH' })).status, 404);
  assert.equal((await t.call(t.all, 'PATCH', '/v5/campaigns/nope', { channel: 'PUSH' })).status, 400);
});

// ---- state rules P1–P3 ---------------------------------------------------------------------------

test('P3: STOPPED and ARCHIVED campaigns accept no update (422 UNPROCESSABLE_ENTITY)', async () => {
  for (const name of ['Store opening Lyon', 'App update 4.2', 'Survey: shopping habits']) {
    const doc = seed(name);
    const r = await t.call(t.all, 'PATCH', `/v5/campaigns/${doc.id}`, { ...patchBody(doc), basic_details: doc.components.basic_details });
    assert.equal(r.status, 422, name);
    assert.equal(r.body.error.code, 'UNPROCESSABLE_ENTITY');
    assert.equal(r.body.error.target, 'status');
  }
});

test('P1: an ACTIVE campaign refuses changes to trigger, audience, goals, scheduling type and start time', async () => {
  const doc = seed('Abandoned cart email');
  const base = { channel: 'EMAIL', campaign_delivery_type: 'EVENT_TRIGGERED', updated_by: who };
  const c = doc.components as Record<string, any>;
  const refused: Array<[string, Record<string, unknown>]> = [
    ['trigger_condition', { trigger_condition: { ...c.trigger_condition, trigger_delay_value: 8 } }],
    ['segmentation_details', { segmentation_details: { ...c.segmentation_details, send_campaign_to_opt_out_users: true } }],
    ['conversion_goal_details', { conversion_goal_details: { ...c.conversion_goal_details, attribution_window_in_hours: 12 } }],
    [
      'scheduling_details.delivery_type',
      {
        scheduling_details: {
          delivery_type: 'AT_FIXED_TIME',
          start_time: '2030-01-01T00:00:00',
          timezone: 'UTC',
          expiry_time: '2031-01-01T00:00:00',
        },
      },
    ],
    ['scheduling_details.start_time', { scheduling_details: { ...c.scheduling_details, start_time: '2030-01-01T00:00:00Z' } }],
  ];
  for (const [target, change] of refused) {
    const r = await t.call(t.all, 'PATCH', `/v5/campaigns/${doc.id}`, { ...base, ...change });
    assert.equal(r.status, 422, target);
    assert.equal(r.body.error.code, 'UNPROCESSABLE_ENTITY');
    assert.equal(r.body.error.target, target);
  }
  // The whole component sent unchanged is not a change; other components and fields may change.
  const ok = await t.call(t.all, 'PATCH', `/v5/campaigns/${doc.id}`, {
    ...base,
    trigger_condition: c.trigger_condition,
    segmentation_details: c.segmentation_details,
    scheduling_details: { ...c.scheduling_details, expiry_time: '2028-06-30T00:00:00Z' },
    campaign_content: { content: { email: { ...c.campaign_content.content.email, subject: 'New subject' } } },
  });
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.data.campaign_content.content.email.subject, 'New subject');
  assert.equal(ok.body.data.status, 'ACTIVE');
});

test('P1 applies to PAUSED campaigns too (they have started sending)', async () => {
  const doc = seed('Review request');
  const c = doc.components as Record<string, any>;
  const r = await t.call(t.all, 'PATCH', `/v5/campaigns/${doc.id}`, {
    channel: 'EMAIL',
    campaign_delivery_type: 'EVENT_TRIGGERED',
    updated_by: who,
    segmentation_details: {
      ...c.segmentation_details,
      is_all_user_campaign: false,
      included_filters: { filter_operator: 'and', filters: [{ filter_type: 'custom_segments', name: 'x', id: 'y' }] },
    },
  });
  assert.equal(r.status, 422);
});

test('P2: a SCHEDULED campaign refuses a new scheduling type and accepts everything else', async () => {
  const doc = seed('Summer launch teaser');
  const base = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: who };
  const r = await t.call(t.all, 'PATCH', `/v5/campaigns/${doc.id}`, { ...base, scheduling_details: { delivery_type: 'ASAP' } });
  assert.equal(r.status, 422);
  assert.equal(r.body.error.target, 'scheduling_details.delivery_type');
  const ok = await t.call(t.all, 'PATCH', `/v5/campaigns/${doc.id}`, {
    ...base,
    scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2027-06-01T10:00:00', timezone: 'America/New_York' },
    segmentation_details: { is_all_user_campaign: true, send_campaign_to_opt_out_users: false },
  });
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.data.scheduling_details.schedule_time, '2027-06-01T10:00:00');
});

test('state rules come before the rule set: a refused change is 422 even when it is also invalid', async () => {
  const doc = seed('Store opening Lyon');
  const r = await t.call(t.all, 'PATCH', `/v5/campaigns/${doc.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    scheduling_details: { delivery_type: 'SOON' },
  });
  assert.equal(r.status, 422);
});

// ---- validate ------------------------------------------------------------------------------------

test('validate: a complete campaign is valid (200); nothing is stored', async () => {
  const doc = seed('Summer launch teaser');
  const before = JSON.stringify(t.emu.admin.campaign(doc.id));
  const r = await t.call(t.all, 'POST', `/v5/campaigns/${doc.id}/validate`, {});
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.body.data, { id: doc.id, campaign_id: doc.campaign_id, valid: true });
  assert.equal(r.body.type, 'validation');
  const dry = await t.call(t.all, 'POST', `/v5/campaigns/${doc.id}/validate`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    utm_params: { utm_source: 'x', utm_medium: 'y' },
  });
  assert.equal(dry.status, 200, dry.text);
  assert.equal(JSON.stringify(t.emu.admin.campaign(doc.id)), before);
});

test('validate: a draft missing components gets the error envelope with one detail per missing part', async () => {
  const d = await create(t.all, 'EMAIL', 'EVENT_TRIGGERED');
  const r = await t.call(t.all, 'POST', `/v5/campaigns/${d.id}/validate`);
  assert.equal(r.status, 400);
  assert.equal(r.body.error.code, 'VALIDATION_FAILED');
  const targets = r.body.error.details.map((x: { target: string }) => x.target);
  for (const c of [
    'basic_details',
    'campaign_content',
    'segmentation_details',
    'scheduling_details',
    'delivery_controls',
    'connector',
    'trigger_condition',
  ])
    assert.ok(targets.includes(c), c);
  assert.equal(r.body.error.target, 'basic_details');
});

test('validate judges the whole campaign with the rule set, including proposed components', async () => {
  const doc = seed('Holiday gift guide');
  const r = await t.call(t.all, 'POST', `/v5/campaigns/${doc.id}/validate`, {
    segmentation_details: { is_all_user_campaign: true },
    scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2030-01-01T10:00:00' },
    delivery_controls: { bypass_dnd: false },
  });
  assert.equal(r.status, 400);
  const targets = r.body.error.details.map((x: { target: string }) => x.target);
  assert.ok(
    targets.some((x: string) => x.startsWith('scheduling_details')),
    JSON.stringify(targets),
  );
  const fixed = await t.call(t.all, 'POST', `/v5/campaigns/${doc.id}/validate`, {
    segmentation_details: { is_all_user_campaign: true },
    scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2030-01-01T10:00:00', timezone: 'UTC' },
    delivery_controls: { bypass_dnd: false },
  });
  assert.equal(fixed.status, 200, fixed.text);
});

test('validate: unknown campaign 404; SMS 403', async () => {
  assert.equal((await t.call(t.all, 'POST', '/v5/campaigns/0123456789abcdef01234567/validate', {})).status, 404);
  assert.equal((await t.call(t.all, 'POST', `/v5/campaigns/${seed('SMS: summer sale').id}/validate`, {})).status, 403);
});
