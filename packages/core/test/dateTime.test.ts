import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { parseIsoDateTime, serviceTimeText, wallInstant, wallOrder } from '../src/model/dateTime';

const at = (iso: string) => Date.parse(iso);

test('wallOrder: a wall time more than two days from an instant is before or after it in every zone', () => {
  const now = at('2026-03-20T12:00:00Z');
  assert.equal(wallOrder(parseIsoDateTime('2026-03-18T11:59:59')!.wall, now), -1);
  assert.equal(wallOrder(parseIsoDateTime('2026-03-22T12:00:01')!.wall, now), 1);
  // Within two days the zone decides: 2026-03-21T02:00 is 11:59 UTC on the 20th at UTC+14 (Pacific/Kiritimati).
  assert.equal(wallOrder(parseIsoDateTime('2026-03-21T01:59:00')!.wall, now), undefined);
  assert.ok(DateTime.fromISO('2026-03-21T01:59:00', { zone: 'Pacific/Kiritimati' }).toMillis() < now);
});

test('wallOrder agrees with the instant in the zones furthest from UTC, just past two days', () => {
  const now = at('2026-03-20T12:00:00Z');
  for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12', 'Asia/Kathmandu', 'America/St_Johns']) {
    for (const wall of ['2026-03-18T11:59:00', '2026-03-22T12:01:00']) {
      const instant = DateTime.fromISO(wall, { zone }).toMillis();
      assert.equal(wallOrder(parseIsoDateTime(wall)!.wall, now), Math.sign(instant - now), `${wall} in ${zone}`);
    }
  }
});

/** The instant, as ISO text in UTC, of a wall-clock time in `zone`. */
const instant = (wall: string, zone: string) => new Date(wallInstant(parseIsoDateTime(wall)!.wall, zone)).toISOString();

test('wallInstant: 01:30 in Berlin on the day the clocks go forward is still CET, 00:30 UTC (its offset is read at the wall time in the zone, not at the wall time taken as UTC)', () => {
  // 01:30 UTC is 03:30 CEST: an offset read there would give 23:30 UTC the day before.
  assert.equal(instant('2025-03-30T01:30:00', 'Europe/Berlin'), '2025-03-30T00:30:00.000Z');
  assert.equal(instant('2025-03-30T03:30:00', 'Europe/Berlin'), '2025-03-30T01:30:00.000Z');
  assert.equal(instant('2025-10-26T01:30:00', 'Europe/Berlin'), '2025-10-25T23:30:00.000Z');
  assert.equal(instant('2025-10-26T03:30:00', 'Europe/Berlin'), '2025-10-26T02:30:00.000Z');
});

test('wallInstant: a time in the spring gap, 02:30 in Berlin on 30 March 2025, moves forward by the gap, to 03:30 CEST (01:30 UTC)', () => {
  assert.equal(instant('2025-03-30T02:30:00', 'Europe/Berlin'), '2025-03-30T01:30:00.000Z');
});

test('wallInstant: an ambiguous time, 02:30 in Berlin on 26 October 2025, is the later one, 02:30 CET (01:30 UTC), not 02:30 CEST (00:30 UTC)', () => {
  assert.equal(instant('2025-10-26T02:30:00', 'Europe/Berlin'), '2025-10-26T01:30:00.000Z');
  // Luxon takes the offset in force at the wall time read as UTC: west of UTC that is the earlier
  // one, so 01:30 in New York on 2 November 2025 is EDT (05:30 UTC), not EST (06:30 UTC).
  assert.equal(instant('2025-11-02T01:30:00', 'America/New_York'), '2025-11-02T05:30:00.000Z');
});

test("serviceTimeText: the service's UTC times, in either form it writes, read in the reader's zone and locale, the zone named", () => {
  const cases: Array<{ text: string; locale: string; zone: string; expected: string }> = [
    { text: '2026-11-28T05:34:47.884000', locale: 'en-US', zone: 'Europe/Berlin', expected: 'Nov 28, 2026, 6:34 AM GMT+1' },
    { text: '2026-11-28 05:34:47', locale: 'en-GB', zone: 'Europe/London', expected: '28 Nov 2026, 05:34 GMT' },
    { text: '2026-07-01 23:30:00', locale: 'de-DE', zone: 'Europe/Berlin', expected: '2. Juli 2026, 01:30 MESZ' },
    { text: '2026-03-08 10:15:00', locale: 'en-US', zone: 'America/New_York', expected: 'Mar 8, 2026, 6:15 AM EDT' },
    // An explicit offset is honoured, not read as UTC.
    { text: '2026-11-28T05:34:47+01:00', locale: 'en-US', zone: 'UTC', expected: 'Nov 28, 2026, 4:34 AM UTC' },
  ];
  // ICU puts a narrow no-break space before AM in some versions and a space in others.
  for (const c of cases) assert.equal(serviceTimeText(c.text, { locale: c.locale, zone: c.zone }).replace(/\s/g, ' '), c.expected, c.text);
});

test('serviceTimeText: text that is not a time stays as the service wrote it', () => {
  for (const text of ['', 'yesterday', '2026-13-01 00:00:00', '28/11/2026'])
    assert.equal(serviceTimeText(text, { locale: 'en-US', zone: 'UTC' }), text);
});
