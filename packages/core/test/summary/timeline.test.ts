import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sendTimeline, SendTimeline, TimelineOptions } from '../../src/summary/timeline';

/** Every expected instant below is written out by hand, in UTC. */

const NOW = Date.parse('2024-01-01T00:00:00Z');
const OPTIONS: TimelineOptions = { now: NOW, viewerZone: 'UTC' };

function periodic(sd: Record<string, unknown>, pd: Record<string, unknown>): unknown {
  return {
    channel: 'PUSH',
    campaign_delivery_type: 'PERIODIC',
    scheduling_details: { delivery_type: 'AT_FIXED_TIME', timezone: 'UTC', ...sd, periodic_details: pd },
  };
}

function oneTime(sd: Record<string, unknown>, type = 'ONE_TIME'): unknown {
  return { channel: 'PUSH', campaign_delivery_type: type, scheduling_details: sd };
}

const sendsOf = (t: SendTimeline): string[] => t.sends.map(s => s.at.iso);

interface Row {
  name: string;
  doc: unknown;
  options?: Partial<TimelineOptions>;
  sends: string[];
  total?: number;
  more?: boolean;
}

const rows: Row[] = [
  // Daylight saving: the wall time stays, the UTC time moves.
  {
    name: 'Europe/Berlin in March: daily at 09:00 across the change to summer time',
    doc: periodic(
      { start_time: '2025-03-29T09:00:00', timezone: 'Europe/Berlin' },
      { sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 3 },
    ),
    sends: ['2025-03-29T08:00:00Z', '2025-03-30T07:00:00Z', '2025-03-31T07:00:00Z'],
    total: 3,
    more: false,
  },
  {
    name: 'Europe/Berlin in October: weekly on Monday at 09:00 across the change to winter time',
    doc: periodic(
      { start_time: '2025-10-20T09:00:00', timezone: 'Europe/Berlin' },
      { sending_frequency: 'WEEKLY', repeat_frequency: 1, no_of_occurences: 2, repeat_on_days_of_week: ['MONDAY'] },
    ),
    sends: ['2025-10-20T07:00:00Z', '2025-10-27T08:00:00Z'],
    total: 2,
  },
  {
    name: 'America/New_York in March: daily at 09:00 across the change to daylight time',
    doc: periodic(
      { start_time: '2025-03-08T09:00:00', timezone: 'America/New_York' },
      { sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 2 },
    ),
    sends: ['2025-03-08T14:00:00Z', '2025-03-09T13:00:00Z'],
    total: 2,
  },
  {
    name: 'America/New_York in November: daily at 09:00 across the change back',
    doc: periodic(
      { start_time: '2025-11-01T09:00:00', timezone: 'America/New_York' },
      { sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 2 },
    ),
    sends: ['2025-11-01T13:00:00Z', '2025-11-02T14:00:00Z'],
    total: 2,
  },
  // Months without the day are skipped (an assumption: the spec is silent).
  {
    name: 'monthly on the 31st skips the months of 30 days and February',
    doc: periodic(
      { start_time: '2025-01-31T10:00:00' },
      { sending_frequency: 'MONTHLY', repeat_frequency: 1, no_of_occurences: 4, repeat_on_date_of_month: [31] },
    ),
    sends: ['2025-01-31T10:00:00Z', '2025-03-31T10:00:00Z', '2025-05-31T10:00:00Z', '2025-07-31T10:00:00Z'],
    total: 4,
  },
  {
    name: 'monthly on the 30th skips February',
    doc: periodic(
      { start_time: '2025-01-30T10:00:00' },
      { sending_frequency: 'MONTHLY', repeat_frequency: 1, no_of_occurences: 3, repeat_on_date_of_month: [30] },
    ),
    sends: ['2025-01-30T10:00:00Z', '2025-03-30T10:00:00Z', '2025-04-30T10:00:00Z'],
    total: 3,
  },
  {
    name: 'monthly on the 29th skips February in a common year',
    doc: periodic(
      { start_time: '2025-01-29T10:00:00' },
      { sending_frequency: 'MONTHLY', repeat_frequency: 1, no_of_occurences: 3, repeat_on_date_of_month: [29] },
    ),
    sends: ['2025-01-29T10:00:00Z', '2025-03-29T10:00:00Z', '2025-04-29T10:00:00Z'],
    total: 3,
  },
  {
    name: 'monthly on the 29th sends on 29 February in a leap year',
    doc: periodic(
      { start_time: '2024-01-29T10:00:00' },
      { sending_frequency: 'MONTHLY', repeat_frequency: 1, no_of_occurences: 3, repeat_on_date_of_month: [29] },
    ),
    sends: ['2024-01-29T10:00:00Z', '2024-02-29T10:00:00Z', '2024-03-29T10:00:00Z'],
    total: 3,
  },
  {
    name: 'daily across 28 February and 1 March of a leap year',
    doc: periodic({ start_time: '2028-02-28T23:30:00' }, { sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 3 }),
    sends: ['2028-02-28T23:30:00Z', '2028-02-29T23:30:00Z', '2028-03-01T23:30:00Z'],
    total: 3,
  },
  {
    name: 'the LAST Friday of each month',
    doc: periodic(
      { start_time: '2025-01-01T09:00:00' },
      {
        sending_frequency: 'MONTHLY',
        repeat_frequency: 1,
        no_of_occurences: 3,
        repeat_on_days_of_week_for_month: [{ week_granularity: 'LAST', repeat_on_days_of_week: ['FRIDAY'] }],
      },
    ),
    sends: ['2025-01-31T09:00:00Z', '2025-02-28T09:00:00Z', '2025-03-28T09:00:00Z'],
    total: 3,
  },
  {
    name: 'the FIRST Monday and the THIRD Wednesday of each month',
    doc: periodic(
      { start_time: '2025-02-01T09:00:00' },
      {
        sending_frequency: 'MONTHLY',
        repeat_frequency: 1,
        no_of_occurences: 4,
        repeat_on_days_of_week_for_month: [
          { week_granularity: 'FIRST', repeat_on_days_of_week: ['MONDAY'] },
          { week_granularity: 'THIRD', repeat_on_days_of_week: ['WEDNESDAY'] },
        ],
      },
    ),
    sends: ['2025-02-03T09:00:00Z', '2025-02-19T09:00:00Z', '2025-03-03T09:00:00Z', '2025-03-19T09:00:00Z'],
    total: 4,
  },
  {
    name: 'repeat_frequency 2: every other day',
    doc: periodic({ start_time: '2025-06-01T08:00:00' }, { sending_frequency: 'DAILY', repeat_frequency: 2, no_of_occurences: 3 }),
    sends: ['2025-06-01T08:00:00Z', '2025-06-03T08:00:00Z', '2025-06-05T08:00:00Z'],
    total: 3,
  },
  {
    name: 'repeat_frequency 3: every third week, on Monday',
    doc: periodic(
      { start_time: '2025-06-02T08:00:00' },
      { sending_frequency: 'WEEKLY', repeat_frequency: 3, no_of_occurences: 3, repeat_on_days_of_week: ['MONDAY'] },
    ),
    sends: ['2025-06-02T08:00:00Z', '2025-06-23T08:00:00Z', '2025-07-14T08:00:00Z'],
    total: 3,
  },
  {
    name: 'repeat_frequency 2: every other month, on the 15th',
    doc: periodic(
      { start_time: '2025-01-15T08:00:00' },
      { sending_frequency: 'MONTHLY', repeat_frequency: 2, no_of_occurences: 3, repeat_on_date_of_month: [15] },
    ),
    sends: ['2025-01-15T08:00:00Z', '2025-03-15T08:00:00Z', '2025-05-15T08:00:00Z'],
    total: 3,
  },
  {
    name: 'weekly on two days, sends before the start in its first week left out',
    doc: periodic(
      { start_time: '2025-06-04T08:00:00' },
      { sending_frequency: 'WEEKLY', repeat_frequency: 1, no_of_occurences: 3, repeat_on_days_of_week: ['MONDAY', 'FRIDAY'] },
    ),
    sends: ['2025-06-06T08:00:00Z', '2025-06-09T08:00:00Z', '2025-06-13T08:00:00Z'],
    total: 3,
  },
  {
    name: 'no_of_occurences counts the sends already made: 5 from 1 June, looked at on 3 June',
    doc: periodic({ start_time: '2025-06-01T08:00:00' }, { sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 5 }),
    options: { now: Date.parse('2025-06-03T00:00:00Z') },
    sends: ['2025-06-03T08:00:00Z', '2025-06-04T08:00:00Z', '2025-06-05T08:00:00Z'],
    total: 5,
    more: false,
  },
  {
    name: 'the limit lists the first sends and says more follow',
    doc: periodic({ start_time: '2025-06-01T08:00:00' }, { sending_frequency: 'DAILY', repeat_frequency: 1 }),
    options: { limit: 2 },
    sends: ['2025-06-01T08:00:00Z', '2025-06-02T08:00:00Z'],
    more: true,
  },
  {
    name: 'expiry_time cuts the series before no_of_occurences',
    doc: periodic(
      { start_time: '2025-06-01T08:00:00', expiry_time: '2025-06-03T12:00:00' },
      { sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 10 },
    ),
    sends: ['2025-06-01T08:00:00Z', '2025-06-02T08:00:00Z', '2025-06-03T08:00:00Z'],
    total: 3,
    more: false,
  },
  {
    name: 'Asia/Kolkata: a 30-minute offset',
    doc: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2025-06-01T09:00:00', timezone: 'Asia/Kolkata' }),
    sends: ['2025-06-01T03:30:00Z'],
    total: 1,
  },
  {
    name: 'Asia/Kathmandu: a 45-minute offset',
    doc: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2025-06-01T09:00:00', timezone: 'Asia/Kathmandu' }),
    sends: ['2025-06-01T03:15:00Z'],
    total: 1,
  },
  {
    name: 'Asia/Kathmandu weekly: the offset holds all year',
    doc: periodic(
      { start_time: '2025-03-28T09:00:00', timezone: 'Asia/Kathmandu' },
      { sending_frequency: 'WEEKLY', repeat_frequency: 1, no_of_occurences: 2 },
    ),
    sends: ['2025-03-28T03:15:00Z', '2025-04-04T03:15:00Z'],
    total: 2,
  },
  {
    name: 'an explicit offset in start_time wins over timezone',
    doc: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2025-06-01T09:00:00+02:00', timezone: 'Asia/Kolkata' }),
    sends: ['2025-06-01T07:00:00Z'],
    total: 1,
  },
  {
    name: 'no timezone: start_time is read in UTC, as the spec says',
    doc: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2025-06-01T09:00:00' }),
    sends: ['2025-06-01T09:00:00Z'],
    total: 1,
  },
  {
    name: 'a one-time send in the past lists nothing',
    doc: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2023-06-01T09:00:00', timezone: 'UTC' }),
    sends: [],
    total: 1,
  },
];

for (const row of rows) {
  test(`timeline: ${row.name}`, () => {
    const t = sendTimeline(row.doc, { ...OPTIONS, ...row.options });
    assert.deepEqual(sendsOf(t), row.sends, t.summary);
    if ('total' in row) assert.equal(t.total, row.total);
    if (row.more !== undefined) assert.equal(t.more, row.more);
  });
}

test('timeline: the sends read in the campaign zone, UTC and the viewer zone, with texts', () => {
  const doc = oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2024-12-03T09:00:00', timezone: 'Europe/Berlin' });
  const [send] = sendTimeline(doc, { now: NOW, viewerZone: 'Asia/Kathmandu' }).sends;
  assert.deepEqual(send.at.campaign, {
    zone: 'Europe/Berlin',
    iso: '2024-12-03T09:00:00+01:00',
    offset: '+01:00',
    text: 'Tue 3 Dec 2024, 09:00 Europe/Berlin',
    short: 'Tue 3 Dec 09:00 Europe/Berlin',
    time: '09:00 Europe/Berlin',
    date: '3 Dec 2024',
  });
  assert.equal(send.at.utc.time, '08:00 UTC');
  assert.equal(send.at.iso, '2024-12-03T08:00:00Z');
  assert.equal(send.at.viewer.text, 'Tue 3 Dec 2024, 13:45 Asia/Kathmandu');
  assert.equal(send.dst, undefined);
});

test('timeline: a send next to a DST change says which way the clocks go and what stays', () => {
  const doc = periodic(
    { start_time: '2025-03-29T09:00:00', timezone: 'Europe/Berlin' },
    { sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 2 },
  );
  const [first, second] = sendTimeline(doc, OPTIONS).sends;
  assert.deepEqual(
    { ...first.dst, text: undefined },
    { direction: 'forward', relation: 'after', changeIso: '2025-03-30T01:00:00Z', day: 'Sun 30 Mar 2025', text: undefined },
  );
  assert.match(
    first.dst!.text,
    /Clocks go forward on Sun 30 Mar 2025 in Europe\/Berlin: later sends stay at 09:00 Europe\/Berlin, 07:00 UTC instead of 08:00 UTC/,
  );
  assert.equal(second.dst?.relation, 'before');
  assert.match(second.dst!.text, /the send stays at 09:00 Europe\/Berlin, now 07:00 UTC instead of 08:00 UTC/);
  const october = periodic(
    { start_time: '2025-10-27T09:00:00', timezone: 'Europe/Berlin' },
    { sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 1 },
  );
  const dst = sendTimeline(october, OPTIONS).sends[0].dst;
  assert.equal(dst?.direction, 'back');
  assert.equal(dst?.changeIso, '2025-10-26T01:00:00Z');
  assert.match(dst!.text, /now 08:00 UTC instead of 07:00 UTC/);
});

test('timeline: a daily series running for years numbers its next send by every send before it; a send at now is still to come', () => {
  // 2020-01-01 to 2026-03-29 is 2,279 days (2,192 to 2026-01-01, then 31 + 28 + 28), so the send of 29 March is the 2,280th.
  const doc = periodic(
    { start_time: '2020-01-01T09:00:00', timezone: 'Europe/Berlin' },
    { sending_frequency: 'DAILY', repeat_frequency: 1 },
  );
  // 29 March 2026 is the day Berlin moves to summer time: 09:00 there is 07:00 UTC.
  const at = sendTimeline(doc, { now: Date.parse('2026-03-29T07:00:00Z'), viewerZone: 'UTC', limit: 2 }).sends;
  assert.deepEqual(
    at.map(s => [s.number, s.at.iso]),
    [
      [2280, '2026-03-29T07:00:00Z'],
      [2281, '2026-03-30T07:00:00Z'],
    ],
  );
  const after = sendTimeline(doc, { now: Date.parse('2026-03-29T07:00:01Z'), viewerZone: 'UTC', limit: 1 }).sends;
  assert.deepEqual(
    after.map(s => [s.number, s.at.iso]),
    [[2281, '2026-03-30T07:00:00Z']],
  );
});

test('timeline: a send at the very instant of expiry_time is the last one', () => {
  const doc = periodic(
    { start_time: '2025-03-29T09:00:00', expiry_time: '2025-03-31T09:00:00', timezone: 'Europe/Berlin' },
    { sending_frequency: 'DAILY', repeat_frequency: 1 },
  );
  const t = sendTimeline(doc, OPTIONS);
  assert.deepEqual(sendsOf(t), ['2025-03-29T08:00:00Z', '2025-03-30T07:00:00Z', '2025-03-31T07:00:00Z']);
  assert.equal(t.total, 3);
});

test('timeline: a month without the chosen day is an assumption the notes say', () => {
  const t = sendTimeline(
    periodic(
      { start_time: '2025-01-31T10:00:00' },
      { sending_frequency: 'MONTHLY', repeat_frequency: 1, no_of_occurences: 2, repeat_on_date_of_month: [31] },
    ),
    OPTIONS,
  );
  assert.ok(
    t.notes.some(n => /Assumption.*skipped/.test(n)),
    t.notes.join('\n'),
  );
});

test('timeline: an expiry before the first send means it never sends', () => {
  const t = sendTimeline(
    periodic(
      { start_time: '2025-04-01T09:00:00', expiry_time: '2025-04-30T00:00:00' },
      { sending_frequency: 'MONTHLY', repeat_frequency: 1, repeat_on_date_of_month: [31] },
    ),
    OPTIONS,
  );
  assert.deepEqual(t.sends, []);
  assert.match(t.never ?? '', /`expiry_time` Wed 30 Apr 2025, 00:00 UTC comes before the first send/);
});

test('timeline: a schedule that never matches ends its search and says so', () => {
  const t = sendTimeline(
    periodic({ start_time: '2025-02-01T09:00:00' }, { sending_frequency: 'MONTHLY', repeat_frequency: 12, repeat_on_date_of_month: [30] }),
    OPTIONS,
  );
  assert.deepEqual(t.sends, []);
  assert.match(t.never ?? '', /no day within 10 years/);
  assert.ok(t.notes.some(n => /stopped 10 years/.test(n)));
});

test('timeline: SEND_IN_USER_TIMEZONE spreads 26 hours from UTC+14 to UTC-12', () => {
  const doc = oneTime({
    delivery_type: 'SEND_IN_USER_TIMEZONE',
    start_time: '2025-06-01T09:00:00',
    user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: false },
  });
  const t = sendTimeline(doc, { now: Date.parse('2025-05-01T00:00:00Z'), viewerZone: 'UTC' });
  assert.equal(t.kind, 'userTimezone');
  assert.equal(t.userTimezone?.first.iso, '2025-05-31T19:00:00Z');
  assert.equal(t.userTimezone?.last.iso, '2025-06-01T21:00:00Z');
  assert.equal(t.userTimezone?.hours, 26);
  assert.deepEqual(t.userTimezone?.skippedOffsets, []);
});

test('timeline: SEND_IN_USER_TIMEZONE names the zones skipped once 09:00 passed there', () => {
  const sd = {
    delivery_type: 'SEND_IN_USER_TIMEZONE',
    start_time: '2025-06-01T09:00:00',
    user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: false },
  };
  // At 04:00 UTC, 09:00 has passed from UTC+14 to UTC+05:30 (03:30 UTC); at UTC+05:00 it is just due.
  const now = Date.parse('2025-06-01T04:00:00Z');
  const t = sendTimeline(oneTime(sd), { now, viewerZone: 'UTC' });
  assert.deepEqual(t.userTimezone?.skippedOffsets, [
    'UTC+14:00',
    'UTC+13:45',
    'UTC+13:00',
    'UTC+12:45',
    'UTC+12:00',
    'UTC+11:00',
    'UTC+10:30',
    'UTC+10:00',
    'UTC+09:30',
    'UTC+09:00',
    'UTC+08:45',
    'UTC+08:00',
    'UTC+07:00',
    'UTC+06:30',
    'UTC+06:00',
    'UTC+05:45',
    'UTC+05:30',
  ]);
  assert.match(t.userTimezone?.skippedText ?? '', /UTC\+14:00 to UTC\+05:30/);
  const sendsAnyway = sendTimeline(
    oneTime({ ...sd, user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: true } }),
    { now, viewerZone: 'UTC' },
  );
  assert.deepEqual(sendsAnyway.userTimezone?.skippedOffsets, []);
});

test('timeline: SEND_IN_BTS shows its window', () => {
  const doc = oneTime({
    delivery_type: 'SEND_IN_BTS',
    start_time: '2025-06-01T09:00:00',
    timezone: 'Europe/Berlin',
    bts_details: { send_in_bts: true, window_end_time: '2025-06-01T21:00:00' },
  });
  const t = sendTimeline(doc, OPTIONS);
  assert.equal(t.kind, 'bestTime');
  assert.equal(t.window?.start.iso, '2025-06-01T07:00:00Z');
  assert.equal(t.window?.end?.iso, '2025-06-01T19:00:00Z');
  const byTime = sendTimeline(
    oneTime({
      delivery_type: 'SEND_IN_BTS',
      start_time: '2025-06-01T09:00:00',
      timezone: 'Europe/Berlin',
      bts_details: { send_in_bts: true, window_end_time: '21:00' },
    }),
    OPTIONS,
  );
  assert.equal(byTime.window?.end?.iso, '2025-06-01T19:00:00Z');
});

test('timeline: a triggered campaign is active from start to expiry', () => {
  const doc = oneTime(
    { delivery_type: 'ASAP', start_time: '2025-12-01T00:00:00', expiry_time: '2025-12-31T23:00:00', timezone: 'Europe/Berlin' },
    'EVENT_TRIGGERED',
  );
  const t = sendTimeline(doc, OPTIONS);
  assert.equal(t.kind, 'triggered');
  assert.equal(t.window?.start.iso, '2025-11-30T23:00:00Z');
  assert.equal(t.window?.end?.iso, '2025-12-31T22:00:00Z');
  assert.match(t.summary, /from Mon 1 Dec 2025, 00:00 Europe\/Berlin to Wed 31 Dec 2025, 23:00 Europe\/Berlin/);
});

test('timeline: a triggered campaign without scheduling_details is active from its creation, with no end', () => {
  const t = sendTimeline({ campaign_delivery_type: 'EVENT_TRIGGERED', trigger_condition: {} }, OPTIONS);
  assert.equal(t.kind, 'triggered');
  assert.equal(t.summary, 'Sends when triggered, from its creation, with no end.');
  assert.deepEqual(t.missing, []);
});

test('timeline: LOCATION_TRIGGERED with LIMITED_TIME lists its time bounds', () => {
  const doc = oneTime(
    {
      delivery_type: 'ASAP',
      timezone: 'Asia/Kolkata',
      geo_fence_timelimit: {
        notification_schedule: 'LIMITED_TIME',
        timebounds: [{ start_time: '2025-06-01T10:00:00', end_time: '2025-06-01T18:00:00' }],
      },
    },
    'LOCATION_TRIGGERED',
  );
  const t = sendTimeline(doc, OPTIONS);
  assert.deepEqual(
    t.timebounds?.map(b => [b.start.iso, b.end?.iso]),
    [['2025-06-01T04:30:00Z', '2025-06-01T12:30:00Z']],
  );
});

test('timeline: ASAP sends as soon as it is created', () => {
  const t = sendTimeline(oneTime({ delivery_type: 'ASAP' }), OPTIONS);
  assert.equal(t.kind, 'asap');
  assert.equal(t.summary, 'Sends as soon as it is created.');
});

const incompleteRows: Array<{ name: string; doc: unknown; missing: RegExp }> = [
  { name: 'no scheduling_details', doc: { campaign_delivery_type: 'ONE_TIME' }, missing: /`scheduling_details`/ },
  { name: 'not an object at all', doc: 42, missing: /`scheduling_details`/ },
  { name: 'AT_FIXED_TIME without start_time', doc: oneTime({ delivery_type: 'AT_FIXED_TIME', timezone: 'UTC' }), missing: /`start_time`/ },
  {
    name: 'a start_time that is not ISO',
    doc: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '20/03/2026', timezone: 'UTC' }),
    missing: /ISO 8601/,
  },
  {
    name: 'a zone that does not exist',
    doc: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2025-06-01T09:00:00', timezone: 'Mars/Olympus' }),
    missing: /IANA/,
  },
  {
    name: 'PERIODIC without periodic_details',
    doc: { campaign_delivery_type: 'PERIODIC', scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2025-06-01T09:00:00' } },
    missing: /`periodic_details`/,
  },
  {
    name: 'an unknown delivery_type',
    doc: oneTime({ delivery_type: 'SCHEDULED', start_time: '2025-06-01T09:00:00' }),
    missing: /`delivery_type`/,
  },
];

for (const row of incompleteRows) {
  test(`timeline: incomplete, never a throw: ${row.name}`, () => {
    const t = sendTimeline(row.doc, OPTIONS);
    assert.equal(t.kind, 'incomplete');
    assert.match(t.missing.join(' '), row.missing);
  });
}

test('timeline: the result is plain JSON', () => {
  const t = sendTimeline(
    periodic(
      { start_time: '2025-03-29T09:00:00', timezone: 'Europe/Berlin' },
      { sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 3 },
    ),
    OPTIONS,
  );
  assert.deepEqual(JSON.parse(JSON.stringify(t)), t);
});
