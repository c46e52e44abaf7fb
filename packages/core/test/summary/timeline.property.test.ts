import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { scheduleInstants, sendTimeline } from '../../src/summary/timeline';

/**
 * The text-free path (`scheduleInstants`, what rules N1–N3 and the CodeLens read) and the text
 * path (`sendTimeline`, what the preview, hovers and `campaign show` print) say the same instants,
 * over random schedules, campaign zones, viewer zones and instants to count from; every ISO text
 * names the instant it stands for; and a daily series is what stepping days in the zone with
 * Luxon gives. A fixed seed, so a failure reproduces; `TIMELINE_SEED` explores others.
 */

const SEED = Number(process.env.TIMELINE_SEED ?? 20261128);
const RUNS = 400;

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/St_Johns',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'America/Santiago',
  'Mars/Olympus',
];
const TYPES = ['ONE_TIME', 'PERIODIC', 'EVENT_TRIGGERED', 'LOCATION_TRIGGERED', 'BROADCAST_LIVE_ACTIVITY'];
const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const FROM = Date.parse('2023-01-01T00:00:00Z');
const TO = Date.parse('2029-01-01T00:00:00Z');

/** A wall-clock date-time as campaigns write it, at whole or half hours (some fall in DST gaps and overlaps). */
const wallTime = fc
  .integer({ min: FROM / 1_800_000, max: TO / 1_800_000 })
  .map(halfHours => new Date(halfHours * 1_800_000).toISOString().slice(0, 19));

const periodicDetails = fc.record(
  {
    sending_frequency: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    repeat_frequency: fc.integer({ min: 1, max: 4 }),
    no_of_occurences: fc.integer({ min: 1, max: 30 }),
    repeat_on_days_of_week: fc.subarray(DAYS, { minLength: 1 }),
    repeat_on_date_of_month: fc.array(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 3 }),
    repeat_on_days_of_week_for_month: fc.array(
      fc.record({
        week_granularity: fc.constantFrom('FIRST', 'SECOND', 'LAST'),
        repeat_on_days_of_week: fc.subarray(DAYS, { minLength: 1 }),
      }),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: ['sending_frequency'] },
);

const schedule = fc.record(
  {
    delivery_type: fc.constantFrom('AT_FIXED_TIME', 'AT_FIXED_TIME', 'SEND_IN_BTS', 'SEND_IN_USER_TIMEZONE', 'ASAP', 'SOMETIME'),
    start_time: wallTime,
    expiry_time: wallTime,
    timezone: fc.constantFrom(...ZONES),
    periodic_details: periodicDetails,
    user_timezone_details: fc.record({ send_if_user_timezone_has_passed: fc.boolean() }),
    bts_details: fc.record({ window_end_time: fc.constantFrom('22:00', '06:30', 'late') }),
  },
  { requiredKeys: ['delivery_type', 'start_time'] },
);

const campaign = fc.record({ campaign_delivery_type: fc.constantFrom(...TYPES), scheduling_details: schedule });

const options = fc.record({
  now: fc.integer({ min: FROM, max: TO }),
  viewerZone: fc.constantFrom(...ZONES),
  limit: fc.integer({ min: 1, max: 12 }),
});

const at = (iso: string): number => DateTime.fromISO(iso, { setZone: true }).toMillis();

test('timeline property: the text path says the instants of the text-free path, and its texts name them', () => {
  fc.assert(
    fc.property(campaign, options, (doc, o) => {
      const words = sendTimeline(doc, o);
      const instants = scheduleInstants(structuredClone(doc), { now: o.now, limit: o.limit });
      assert.equal(words.kind, instants.kind);
      assert.equal(words.campaignZone, instants.zone);
      assert.deepEqual(
        words.sends.map(s => [s.number, s.at.epochMs]),
        instants.sends.map(s => [s.number, s.ms]),
      );
      for (const s of words.sends)
        for (const iso of [s.at.iso, s.at.campaign.iso, s.at.utc.iso, s.at.viewer.iso]) assert.equal(at(iso), s.at.epochMs, iso);
      assert.equal(words.more, instants.more);
      assert.equal(words.total, instants.total);
      assert.equal(words.never !== undefined, instants.never !== undefined);
      assert.equal(words.expiry?.epochMs, instants.expiryMs);
      if (words.kind !== 'once') {
        assert.equal(words.window?.start.epochMs, instants.window?.start);
        assert.equal(words.window?.end?.epochMs, instants.window?.end);
      }
      assert.equal(words.userTimezone?.first.epochMs, instants.userTimezone?.firstMs);
      assert.equal(words.userTimezone?.last.epochMs, instants.userTimezone?.lastMs);
      assert.equal(words.userTimezone?.skippedOffsets.length, instants.userTimezone?.skippedOffsets.length);
      assert.equal(words.missing.length, instants.missing.length);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test('timeline property: a daily series is the start stepped by days in the zone, as Luxon steps them', () => {
  const daily = fc.record({
    start: wallTime,
    zone: fc.constantFrom(...ZONES.filter(z => z !== 'Mars/Olympus')),
    every: fc.integer({ min: 1, max: 3 }),
    count: fc.integer({ min: 1, max: 40 }),
  });
  fc.assert(
    fc.property(daily, ({ start, zone, every, count }) => {
      const doc = {
        campaign_delivery_type: 'PERIODIC',
        scheduling_details: {
          delivery_type: 'AT_FIXED_TIME',
          start_time: start,
          timezone: zone,
          periodic_details: { sending_frequency: 'DAILY', repeat_frequency: every, no_of_occurences: count },
        },
      };
      const first = DateTime.fromISO(start, { zone });
      const expected = Array.from({ length: count }, (_, n) => first.plus({ days: n * every }).toMillis());
      const instants = scheduleInstants(doc, { now: 0, limit: count });
      assert.deepEqual(
        instants.sends.map(s => s.ms),
        expected,
      );
      assert.deepEqual(
        sendTimeline(doc, { now: 0, viewerZone: 'UTC', limit: count }).sends.map(s => s.at.epochMs),
        expected,
      );
    }),
    { seed: SEED, numRuns: RUNS / 4 },
  );
});
