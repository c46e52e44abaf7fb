import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/language/parse';
import { scheduleLens } from '../../src/language/scheduleLens';

/** The CodeLens title above `scheduling_details`, at a fixed instant and viewer zone. */

const NOW = Date.parse('2024-11-01T00:00:00Z');

function titleOf(sd: unknown, type = 'ONE_TIME', now = NOW): string | undefined {
  const parsed = parse(JSON.stringify({ channel: 'PUSH', campaign_delivery_type: type, scheduling_details: sd }, null, 2));
  return scheduleLens({ parsed, now, viewerZone: 'UTC' })?.title;
}

const rows: Array<{ name: string; sd: unknown; type?: string; now?: number; title: string | RegExp }> = [
  {
    name: 'a one-time send',
    sd: { delivery_type: 'AT_FIXED_TIME', start_time: '2024-12-03T09:00:00', timezone: 'Europe/Berlin' },
    title: 'next send: Tue 3 Dec 09:00 Europe/Berlin · 08:00 UTC',
  },
  {
    name: 'a one-time send already past',
    sd: { delivery_type: 'AT_FIXED_TIME', start_time: '2024-10-03T09:00:00', timezone: 'UTC' },
    title: 'no send ahead: every send is in the past',
  },
  { name: 'ASAP', sd: { delivery_type: 'ASAP' }, title: 'sends as soon as it is created' },
  {
    name: 'a periodic schedule',
    type: 'PERIODIC',
    sd: {
      delivery_type: 'AT_FIXED_TIME',
      start_time: '2024-12-02T09:00:00',
      timezone: 'UTC',
      periodic_details: { sending_frequency: 'DAILY', repeat_frequency: 1 },
    },
    title: 'next send: Mon 2 Dec 09:00 UTC · 09:00 UTC · then more',
  },
  {
    name: 'a triggered window',
    type: 'EVENT_TRIGGERED',
    sd: { delivery_type: 'ASAP', start_time: '2024-12-01T00:00:00', expiry_time: '2024-12-31T23:00:00', timezone: 'UTC' },
    title: 'active 1 Dec 2024 – 31 Dec 2024',
  },
  {
    name: 'user time zones',
    sd: {
      delivery_type: 'SEND_IN_USER_TIMEZONE',
      start_time: '2024-12-03T09:00:00',
      user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: false },
    },
    title: 'sends at 09:00 local time: Mon 2 Dec 19:00 UTC – Tue 3 Dec 21:00 UTC (26 h)',
  },
  { name: 'an incomplete schedule', sd: { delivery_type: 'AT_FIXED_TIME', timezone: 'UTC' }, title: /^schedule incomplete: `start_time`/ },
];

for (const row of rows) {
  test(`schedule lens: ${row.name}`, () => {
    const title = titleOf(row.sd, row.type, row.now);
    if (typeof row.title === 'string') assert.equal(title, row.title);
    else assert.match(title ?? '', row.title);
  });
}

test('schedule lens: on the scheduling_details key, none without it', () => {
  const parsed = parse('{\n  "channel": "PUSH",\n  "scheduling_details": { "delivery_type": "ASAP" }\n}');
  assert.deepEqual(scheduleLens({ parsed, now: NOW, viewerZone: 'UTC' })?.range, {
    start: { line: 2, character: 2 },
    end: { line: 2, character: 22 },
  });
  assert.equal(scheduleLens({ parsed: parse('{ "channel": "PUSH" }'), now: NOW, viewerZone: 'UTC' }), undefined);
});
