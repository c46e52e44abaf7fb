import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { parseIsoDateTime, wallOrder } from '../src/dateTime';

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
