import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adminCall, call, useEmulator } from './helpers';
import { startEmulator } from '../src/server';

/**
 * The admin clock stays within dates every timestamp form can write (1970 to 9999), and nothing
 * a request does, admin or API, leaves the emulator unable to answer the next one.
 */

const t = useEmulator();
const LIST = '/v5/campaigns/search';
const search = { campaign_fields: {}, limit: 1, page: 1 };

const refused: Array<{ name: string; body: Record<string, unknown> }> = [
  { name: 'advanced by 1e300 ms', body: { advanceMs: 1e300 } },
  { name: 'advanced past 9999', body: { advanceMs: 8.64e15 } },
  { name: 'moved back before 1970', body: { advanceMs: -1e14 } },
  { name: 'set to the last instant a Date holds', body: { set: 8.64e15 } },
  { name: 'set to a year past 9999', body: { set: '+010000-01-01T00:00:00Z' } },
  { name: 'set before 1970', body: { set: '1969-12-31T23:59:59Z' } },
];

for (const row of refused) {
  test(`the clock refuses to be ${row.name}, saying the allowed range, and the service keeps answering`, async () => {
    const before = (await adminCall(t.emu, 'GET', '/__admin/clock')).body.ms;
    const r = await adminCall(t.emu, 'POST', '/__admin/clock', row.body, { timeoutMs: 2000 });
    assert.equal(r.status, 400);
    assert.match(r.body.error, /1970-01-01T00:00:00\.000Z.*9999-12-31T23:59:59\.999Z/);
    assert.ok((await adminCall(t.emu, 'GET', '/__admin/clock')).body.ms - before < 60_000, 'the clock did not move');
    assert.equal((await t.call(t.all, 'POST', LIST, search, { timeoutMs: 2000 })).status, 200);
  });
}

test('the clock may be set to the ends of the range', async () => {
  for (const set of ['1970-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
    const r = await adminCall(t.emu, 'POST', '/__admin/clock', { set });
    assert.equal(r.status, 200);
    assert.equal(r.body.now, set);
    assert.equal((await t.call(t.all, 'POST', LIST, search, { timeoutMs: 2000 })).status, 200);
  }
});

test('a request whose handling throws answers 500, and the requests after it are served', async () => {
  let broken = true;
  const emu = await startEmulator({ rateLimits: false, now: () => (broken ? NaN : Date.now()) });
  try {
    const ws = emu.workspaces[0];
    const api = await call(emu.url, ws, 'POST', LIST, search, { timeoutMs: 2000 });
    assert.equal(api.status, 500);
    assert.equal(api.body.error.code, 'INTERNAL_ERROR');
    assert.equal((await adminCall(emu, 'GET', '/__admin/clock', undefined, { timeoutMs: 2000 })).status, 500);
    broken = false;
    assert.equal((await call(emu.url, ws, 'POST', LIST, search, { timeoutMs: 2000 })).status, 200);
  } finally {
    await emu.close();
  }
});
