import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { wallAt, wallDate, wallInstant, wallMonthLength, wallMonthStart, wallPlusYears, zoneOf } from '../src/model/dateTime';

/**
 * `zoneOf` remembers a zone's offsets by UTC day and asks ICU only on the days they change: it
 * must give ICU's offset at every instant, above all around the changes. For random zones of the
 * platform and years, each day whose offset changes is read every five minutes, with the day
 * before and after. A fixed seed, so a failure reproduces; `ZONE_SEED` explores others.
 */

const SEED = Number(process.env.ZONE_SEED ?? 20261128);
const DAY = 24 * 3600 * 1000;
const ZONES = Intl.supportedValuesOf('timeZone');

test('zoneOf property: the offsets remembered by day are ICU offsets at every instant around each change', () => {
  fc.assert(
    fc.property(fc.constantFrom(...ZONES), fc.integer({ min: 1950, max: 2040 }), (zone, year) => {
      const icu = IANAZone.create(zone);
      const from = Date.UTC(year, 0, 1);
      const changes: number[] = [];
      for (let day = from; day < Date.UTC(year + 1, 0, 1); day += DAY) if (icu.offset(day) !== icu.offset(day + DAY)) changes.push(day);
      for (const day of changes)
        for (let ts = day - DAY; ts < day + 2 * DAY; ts += 5 * 60_000)
          assert.equal(DateTime.fromMillis(ts, { zone: zoneOf(zone) }).offset, icu.offset(ts), `${zone} at ${new Date(ts).toISOString()}`);
    }),
    { seed: SEED, numRuns: 60 },
  );
});

test('zoneOf property: a wall time reads as the same instant with remembered offsets as with ICU', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...ZONES),
      fc.integer({ min: Date.UTC(1970, 0, 1) / 60_000, max: Date.UTC(2040, 0, 1) / 60_000 }),
      (zone, minute) => {
        const wall = minute * 60_000;
        const icu = DateTime.fromMillis(wall, { zone: 'UTC' }).setZone(zone, { keepLocalTime: true }).toMillis();
        assert.equal(wallInstant(wall, zone), icu);
      },
    ),
    { seed: SEED, numRuns: 2_000 },
  );
});

test('zoneOf: names Luxon reads otherwise stay names', () => {
  for (const name of ['UTC', 'utc', 'local', 'UTC+5', 'Mars/Olympus']) assert.equal(zoneOf(name), name);
  assert.equal(zoneOf('Europe/Berlin'), zoneOf('Europe/Berlin'));
  assert.equal(DateTime.fromMillis(0, { zone: zoneOf('Europe/Berlin') }).zoneName, 'Europe/Berlin');
});

const WALLS = fc.integer({ min: Date.UTC(1900, 0, 1) / 60_000, max: Date.UTC(2200, 0, 1) / 60_000 }).map(m => m * 60_000);

test("wall calendar property: a wall time's fields, month steps and years later are Luxon's in UTC", () => {
  fc.assert(
    fc.property(WALLS, fc.integer({ min: -30, max: 130 }), fc.integer({ min: 0, max: 20 }), (wall, months, years) => {
      const luxon = DateTime.fromMillis(wall, { zone: 'UTC' });
      const d = wallDate(wall);
      assert.deepEqual([d.year, d.month, d.day, d.weekday], [luxon.year, luxon.month, luxon.day, luxon.weekday]);
      assert.equal(d.midnight, luxon.startOf('day').toMillis());
      assert.equal(wallMonthStart(wall, months), luxon.startOf('month').plus({ months }).toMillis());
      assert.equal(wallMonthLength(wall), luxon.daysInMonth);
      assert.equal(wallPlusYears(wall, years), luxon.plus({ years }).toMillis(), new Date(wall).toISOString());
    }),
    { seed: SEED, numRuns: 3_000 },
  );
  assert.equal(new Date(wallPlusYears(Date.UTC(2028, 1, 29, 9), 10)).toISOString(), '2038-02-28T09:00:00.000Z');
});

test('wallAt property: the wall time of an instant in a zone is the one Luxon shows there', () => {
  fc.assert(
    fc.property(fc.constantFrom(...ZONES, 'UTC', 'UTC+5'), WALLS, (zone, ms) => {
      const shown = DateTime.fromMillis(ms, { zone });
      assert.equal(wallAt(ms, zone), shown.setZone('UTC', { keepLocalTime: true }).toMillis(), `${zone} at ${new Date(ms).toISOString()}`);
    }),
    { seed: SEED, numRuns: 2_000 },
  );
});
