import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  denormalizeCampaign,
  isResponseScheduling,
  normalizeCampaign,
  schedulingToRequest,
  schedulingToResponse,
} from '../../src/remote/normalize';
import { serializeCampaign } from '../../src/remote/format';

const record = (extra: Record<string, unknown> = {}) => ({
  id: '65f0c1d2e3a4b5c6d7e8f901',
  campaign_id: '65f0c1d2e3a4b5c6d7e8f901',
  status: 'SCHEDULED',
  channel: 'PUSH',
  campaign_delivery_type: 'ONE_TIME',
  created_by: 'ana@example.com',
  updated_by: 'bo@example.com',
  created_at: '2025-01-02 10:00:00.000',
  updated_at: '2025-01-03 11:00:00.000',
  basic_details: { name: 'Spring sale', platforms: ['ANDROID'] },
  scheduling_details: { delivery_type: 'SCHEDULED', schedule_time: '2025-03-01T09:30:00', time_zone: 'Europe/Berlin' },
  ...extra,
});

test('a fixed-time schedule comes back in the request shape exactly', () => {
  const n = normalizeCampaign(record());
  assert.deepEqual(n.document.scheduling_details, {
    delivery_type: 'AT_FIXED_TIME',
    start_time: '2025-03-01T09:30:00',
    timezone: 'Europe/Berlin',
  });
  assert.deepEqual(n.notes, []);
  assert.deepEqual(denormalizeCampaign(n.document, n.aside), record());
});

test('read-only metadata the editor needs stays; the rest is set aside and restored', () => {
  const n = normalizeCampaign(record({ sent_time: '2025-03-01 09:30:00', flow_id: 'f1', flow_name: 'Welcome', parent_id: 'p' }));
  assert.deepEqual(Object.keys(n.document).slice(0, 6), ['id', 'campaign_id', 'status', 'updated_at', 'channel', 'campaign_delivery_type']);
  for (const k of ['created_at', 'created_by', 'updated_by', 'sent_time', 'flow_id', 'flow_name', 'parent_id']) {
    assert.ok(!(k in n.document), `${k} should not be in the file`);
    assert.ok(k in n.aside, `${k} should be set aside`);
  }
  assert.deepEqual(
    denormalizeCampaign(n.document, n.aside),
    record({ sent_time: '2025-03-01 09:30:00', flow_id: 'f1', flow_name: 'Welcome', parent_id: 'p' }),
  );
});

test('a periodic time of day cannot be converted: kept as it came, with a note saying why', () => {
  const sched = {
    delivery_type: 'SCHEDULED',
    schedule_time: '09:30:00',
    time_zone: 'Asia/Kolkata',
    frequency: 'WEEKLY',
    periodic_details: { sending_frequency: 'WEEKLY', repeat_frequency: 1 },
  };
  const r = record({ campaign_delivery_type: 'PERIODIC', scheduling_details: sched });
  const n = normalizeCampaign(r);
  assert.deepEqual(n.document.scheduling_details, sched);
  assert.equal(n.notes.length, 1);
  assert.equal(n.notes[0].path, '/scheduling_details');
  assert.match(n.notes[0].message, /time of day/);
  assert.match(n.notes[0].message, /09:30:00/);
  assert.match(n.notes[0].message, /not sent on push/);
  assert.deepEqual(denormalizeCampaign(n.document, n.aside), r);
});

test('a periodic schedule without a time converts exactly (frequency is derived from periodic_details)', () => {
  const sched = { delivery_type: 'SCHEDULED', frequency: 'DAILY', periodic_details: { sending_frequency: 'DAILY' } };
  const r = record({ campaign_delivery_type: 'PERIODIC', scheduling_details: sched });
  const n = normalizeCampaign(r);
  assert.deepEqual(n.document.scheduling_details, { delivery_type: 'AT_FIXED_TIME', periodic_details: { sending_frequency: 'DAILY' } });
  assert.deepEqual(n.notes, []);
  assert.deepEqual(denormalizeCampaign(n.document, n.aside), r);
});

test('a frequency that contradicts periodic_details is kept, with a note', () => {
  const sched = { delivery_type: 'SCHEDULED', frequency: 'DAILY', periodic_details: { sending_frequency: 'WEEKLY' } };
  const n = normalizeCampaign(record({ campaign_delivery_type: 'PERIODIC', scheduling_details: sched }));
  assert.deepEqual(n.document.scheduling_details, sched);
  assert.match(n.notes[0].message, /does not match/);
});

test('SCHEDULED with bts or user time zone details is ambiguous: kept, with a note', () => {
  for (const extra of [{ bts_details: { send_in_bts: true } }, { user_timezone_details: { send_in_user_timezone: true } }]) {
    const sched = { delivery_type: 'SCHEDULED', schedule_time: '2025-03-01T09:30:00', ...extra };
    const n = normalizeCampaign(record({ scheduling_details: sched }));
    assert.deepEqual(n.document.scheduling_details, sched);
    assert.match(n.notes[0].message, /could stand for/);
  }
});

test('a schedule_time that is not ISO 8601, or both forms at once, is kept with a note', () => {
  let n = normalizeCampaign(record({ scheduling_details: { delivery_type: 'SCHEDULED', schedule_time: '2025-03-01 09:30:00' } }));
  assert.match(n.notes[0].message, /not an ISO 8601 date-time/);
  n = normalizeCampaign(
    record({ scheduling_details: { delivery_type: 'SCHEDULED', schedule_time: '2025-03-01T09:30:00', start_time: '2025-03-01T09:30:00' } }),
  );
  assert.match(n.notes[0].message, /both the response and the request form/);
});

test('schedules the service returns in the request vocabulary (ASAP, BTS, user time zone) keep their type', () => {
  const cases: Array<[Record<string, unknown>, Record<string, unknown>]> = [
    [{ delivery_type: 'ASAP' }, { delivery_type: 'ASAP' }],
    [
      { delivery_type: 'SEND_IN_BTS', schedule_time: '2025-03-01T09:30:00', time_zone: 'UTC', bts_details: { send_in_bts: true } },
      { delivery_type: 'SEND_IN_BTS', start_time: '2025-03-01T09:30:00', timezone: 'UTC', bts_details: { send_in_bts: true } },
    ],
    [
      {
        delivery_type: 'SEND_IN_USER_TIMEZONE',
        schedule_time: '2025-03-01T09:30:00',
        user_timezone_details: { send_in_user_timezone: true },
      },
      { delivery_type: 'SEND_IN_USER_TIMEZONE', start_time: '2025-03-01T09:30:00', user_timezone_details: { send_in_user_timezone: true } },
    ],
  ];
  for (const [response, request] of cases) {
    const n = normalizeCampaign(record({ scheduling_details: response }));
    assert.deepEqual(n.document.scheduling_details, request);
    assert.deepEqual(n.notes, []);
    assert.deepEqual(denormalizeCampaign(n.document, n.aside), record({ scheduling_details: response }));
  }
});

test('schedulingToResponse mirrors the service; response-shaped input is left alone', () => {
  assert.deepEqual(
    schedulingToResponse(
      {
        delivery_type: 'AT_FIXED_TIME',
        start_time: '2025-03-01T09:30:00',
        timezone: 'UTC',
        periodic_details: { sending_frequency: 'MONTHLY' },
      },
      true,
    ),
    {
      delivery_type: 'SCHEDULED',
      schedule_time: '09:30:00',
      time_zone: 'UTC',
      periodic_details: { sending_frequency: 'MONTHLY' },
      frequency: 'MONTHLY',
    },
  );
  const resp = { delivery_type: 'SCHEDULED', schedule_time: '09:30:00' };
  assert.deepEqual(schedulingToResponse(resp, true), resp);
  assert.equal(isResponseScheduling({ delivery_type: 'ASAP' }), false);
  assert.equal(isResponseScheduling({ time_zone: 'UTC' }), true);
  assert.deepEqual(schedulingToRequest('odd', false), { value: 'odd', exact: true });
});

test('anything but an object is refused with a sentence; odd members survive', () => {
  assert.throws(() => normalizeCampaign([1, 2]), /not a JSON object/);
  assert.throws(() => denormalizeCampaign(null), /must be a JSON object/);
  const n = normalizeCampaign({ id: 'x', surprise: { a: 1 } });
  assert.deepEqual(n.document, { id: 'x', surprise: { a: 1 } });
});

test('the file text: canonical top-level order, two-space indent, final newline', () => {
  const text = serializeCampaign({ utm_params: { utm_source: 'a' }, channel: 'PUSH', id: 'x', basic_details: { name: 'n' } });
  assert.equal(
    text,
    '{\n  "id": "x",\n  "channel": "PUSH",\n  "basic_details": {\n    "name": "n"\n  },\n  "utm_params": {\n    "utm_source": "a"\n  }\n}\n',
  );
});
