import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adminCall, call, seed, useEmulator } from './helpers';
import { DEFAULT_ROUTES, ServiceOperation } from '@campaign-studio/sync';
import { budgetOperations, rateBudget, RateLimiter, SPEC_LIMITS } from '../src/rateLimit';
import { startEmulator } from '../src/server';

const t = useEmulator({ rateLimits: { ...SPEC_LIMITS } });
const T = Date.parse('2026-11-21T10:00:00Z');
const get = (ws = t.all) =>
  t.call(ws, 'GET', `/v5/campaigns/${ws === t.all ? seed('Spring sale kickoff').id : seed('Author signing this Saturday').id}`);

async function burst(n: number, fn: () => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await fn()).status);
  return out;
}

test('10 requests a second per client: the 11th gets 429 RATE_LIMITED with Retry-After', async () => {
  t.emu.admin.clock.set(T);
  assert.deepEqual(await burst(10, get), Array(10).fill(200));
  const r = await get();
  assert.equal(r.status, 429);
  assert.equal(r.headers['retry-after'], '1');
  assert.equal(r.body.error.code, 'RATE_LIMITED');
  assert.deepEqual(Object.keys(r.body.error).sort(), ['code', 'details', 'message', 'request_id', 'target']);
  // Refused requests do not count: after the second has passed, requests go through again.
  t.emu.admin.clock.advance(999);
  assert.equal((await get()).status, 429);
  t.emu.admin.clock.advance(1);
  assert.equal((await get()).status, 200);
});

test('100 a minute, rolling: Retry-After says when the oldest request leaves the window', async () => {
  t.emu.admin.clock.set(T);
  for (let s = 0; s < 10; s++) {
    assert.deepEqual(await burst(10, get), Array(10).fill(200), `second ${s}`);
    t.emu.admin.clock.advance(1000);
  }
  const r = await get();
  assert.equal(r.status, 429);
  assert.equal(r.headers['retry-after'], '50');
  t.emu.admin.clock.advance(49_999);
  assert.equal((await get()).status, 429);
  t.emu.admin.clock.advance(1);
  assert.equal((await get()).status, 200);
});

const search = (ws = t.all) => t.call(ws, 'POST', '/v5/campaigns/search', { limit: 1 });
const meta = () => t.call(t.all, 'POST', '/core-services/v1/campaigns/meta', { request_id: 'm', limit: 1 }, { requestId: false });

test('limits are per client; the metadata call has its own budget', async () => {
  t.emu.admin.clock.set(T);
  await burst(10, get);
  assert.equal((await get()).status, 429);
  assert.equal((await get(t.none)).status, 200, 'another client has its own budget');
  assert.equal((await meta()).status, 200, 'the metadata call has its own budget');
  const validate = await burst(11, () => t.call(t.all, 'POST', `/v5/campaigns/${seed('Holiday gift guide').id}/validate`, {}));
  assert.equal(validate.filter(s => s === 429).length, 1, 'validate has its own budget, limited the same way');
  assert.equal(validate.at(-1), 429);
});

test('get campaign and search share one budget: 10 gets then a search in the second is 429', async () => {
  t.emu.admin.clock.set(T);
  assert.deepEqual(await burst(10, get), Array(10).fill(200));
  const r = await search();
  assert.equal(r.status, 429);
  assert.equal(r.body.error.code, 'RATE_LIMITED');
  assert.equal(r.headers['retry-after'], '1');
  assert.match(r.body.error.message, /at most 10 requests a second in the `reads` budget \(getCampaign and searchCampaigns together\)/);
  assert.equal((await search(t.none)).status, 200, 'per client still');
  assert.equal((await meta()).status, 200, 'metadata is not a read of this budget');
  t.emu.admin.clock.advance(1000);
  assert.equal((await search()).status, 200);
});

test('a search counts against gets: the shared count runs over both, per second and per minute', async () => {
  t.emu.admin.clock.set(T);
  assert.deepEqual(await burst(4, search), Array(4).fill(200));
  assert.deepEqual(await burst(7, get), [...Array(6).fill(200), 429]);
  // The minute: 10 a second for 10 s, alternating, is 100 reads; the 101st of either kind waits.
  t.emu.admin.clock.set(T + 3_600_000);
  for (let s = 0; s < 10; s++) {
    assert.deepEqual(await burst(10, () => (s % 2 ? get() : search())), Array(10).fill(200), `second ${s}`);
    t.emu.admin.clock.advance(1000);
  }
  const g = await get();
  assert.equal(g.status, 429);
  assert.equal(g.headers['retry-after'], '50');
  assert.match(g.body.error.message, /100 requests a minute in the `reads` budget/);
  assert.equal((await search()).status, 429);
});

test('a 429 from another budget names that budget', async () => {
  t.emu.admin.clock.set(T);
  assert.deepEqual(await burst(10, meta), Array(10).fill(200));
  const r = await meta();
  assert.equal(r.status, 429);
  assert.match(r.body.error.message, /at most 10 requests a second in the `campaignMeta` budget\./);
  assert.equal((await get()).status, 200, 'reads are untouched');
});

test('rateBudget: get and search are `reads`, every other operation is its own', () => {
  assert.equal(rateBudget('getCampaign'), 'reads');
  assert.equal(rateBudget('searchCampaigns'), 'reads');
  for (const op of Object.keys(DEFAULT_ROUTES) as ServiceOperation[]) {
    if (op !== 'getCampaign' && op !== 'searchCampaigns') assert.equal(rateBudget(op), op);
  }
  assert.deepEqual(budgetOperations('reads'), ['getCampaign', 'searchCampaigns']);
  assert.deepEqual(budgetOperations('campaignMeta'), ['campaignMeta']);
});

test('6000 an hour, rolling (the limiter with the spec limits)', () => {
  let now = T;
  const limiter = new RateLimiter({ ...SPEC_LIMITS }, () => now);
  // As fast as the second and minute limits allow: 10 a second for the first 10 s of each minute.
  for (let minute = 0; minute < 60; minute++) {
    for (let second = 0; second < 10; second++) {
      now = T + minute * 60_000 + second * 1000;
      for (let i = 0; i < 10; i++) assert.equal(limiter.take('c').ok, true, `minute ${minute} second ${second}`);
    }
  }
  const refused = limiter.take('c');
  assert.equal(refused.ok, false);
  if (refused.ok) return;
  // 6000 in the hour is also 100 in the last minute: both windows open again together.
  assert.ok(refused.window === 'hour' || refused.window === 'minute');
  assert.equal(refused.retryAfterMs, T + 3_600_000 - now);
  now += refused.retryAfterMs - 1;
  assert.equal(limiter.take('c').ok, false);
  now += 1;
  assert.equal(limiter.take('c').ok, true);
  assert.equal(limiter.take('other client').ok, true);
});

test('the hour window on its own: 6000 over the last hour, rolling', () => {
  let now = T;
  const limiter = new RateLimiter({ perSecond: 1e9, perMinute: 1e9, perHour: SPEC_LIMITS.perHour }, () => now);
  for (let i = 0; i < 6000; i++) {
    now = T + i * 100;
    assert.equal(limiter.take('c').ok, true);
  }
  const refused = limiter.take('c');
  assert.deepEqual(refused, { ok: false, window: 'hour', limit: 6000, retryAfterMs: T + 3_600_000 - now });
  now = T + 3_600_000;
  assert.equal(limiter.take('c').ok, true, 'the first request has left the hour');
  assert.equal(limiter.take('c').ok, false, 'one out, one in');
});

test('rate limits can be changed or switched off through the admin endpoint', async () => {
  t.emu.admin.clock.set(T);
  let r = await adminCall(t.emu, 'PUT', '/__admin/rate-limits', { perSecond: 2 });
  assert.deepEqual(r.body.limits, { perSecond: 2, perMinute: 100, perHour: 6000 });
  assert.deepEqual(await burst(3, get), [200, 200, 429]);
  r = await adminCall(t.emu, 'PUT', '/__admin/rate-limits', { enabled: false });
  assert.equal(r.body.limits, false);
  assert.deepEqual(await burst(15, get), Array(15).fill(200));
});

test('malformed JSON is 400 BAD_REQUEST; a body that is not an object too', async () => {
  for (const raw of ['{"limit": 5,', '{"limit": 5,}', '{/* c */}', 'limit=5', '[1, 2]', '"text"', '12']) {
    const r = await t.call(t.all, 'POST', '/v5/campaigns/search', undefined, { raw, requestId: 'bad-json' });
    assert.equal(r.status, 400, raw);
    assert.equal(r.body.error.code, 'BAD_REQUEST');
    assert.equal(r.body.error.target, 'body');
    assert.equal(r.body.error.request_id, 'bad-json');
  }
  const patch = await t.call(t.all, 'PATCH', `/v5/campaigns/${seed('Holiday gift guide').id}`, undefined, { raw: '{"channel": "PUSH"' });
  assert.equal(patch.status, 400);
  assert.equal(patch.body.error.code, 'BAD_REQUEST');
});

test('request_id in a body must be a non-empty string, and agree with the header', async () => {
  let r = await t.call(t.all, 'POST', '/v5/campaigns/search', { request_id: 42 });
  assert.equal(r.status, 400);
  assert.equal(r.body.error.target, 'request_id');
  r = await t.call(t.all, 'POST', '/v5/campaigns/search', { request_id: 'a' }, { requestId: 'b' });
  assert.equal(r.status, 400);
  r = await t.call(t.all, 'POST', '/v5/campaigns/search', { request_id: 'same' }, { requestId: 'same' });
  assert.equal(r.status, 200);
  assert.equal(r.body.response_id, 'same');
});

test('a body over the size limit is refused with 413 and the envelope', async () => {
  const big = JSON.stringify({ campaign_fields: { name: 'x'.repeat(1024 * 1024 + 10) } });
  const r = await t.call(t.all, 'POST', '/v5/campaigns/search', undefined, { raw: big });
  assert.equal(r.status, 413);
  assert.equal(r.body.error.code, 'BAD_REQUEST');
  assert.equal(r.body.error.target, 'body');
  // The emulator keeps serving.
  assert.equal((await get()).status, 200);
});

test('the size limit is configurable', async () => {
  const emu = await startEmulator({ bodyLimitBytes: 100, rateLimits: false });
  try {
    const ws = emu.workspaces[0];
    const empty = JSON.stringify({ campaign_fields: { name: '' } }).length;
    const fits = JSON.stringify({ campaign_fields: { name: 'x'.repeat(100 - empty) } });
    assert.equal(Buffer.byteLength(fits), 100);
    assert.equal((await call(emu.url, ws, 'POST', '/v5/campaigns/search', undefined, { raw: fits })).status, 200);
    assert.equal((await call(emu.url, ws, 'POST', '/v5/campaigns/search', undefined, { raw: fits + ' ' })).status, 413);
  } finally {
    await emu.close();
  }
});
