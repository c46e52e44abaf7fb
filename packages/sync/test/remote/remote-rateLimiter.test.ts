import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { RateLimiter, SERVICE_LIMITS } from '../../src/remote/rateLimiter';
import { VirtualClock } from '../helpers/virtualClock';
import { maxInWindow } from '../helpers/windows';

test('a burst of 300 acquisitions never exceeds 10/s, 100/min, 6000/h, and is queued, not refused', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, marginMs: 0 });
  const start = clock.now();
  const times: number[] = [];
  await Promise.all(Array.from({ length: 300 }, () => limiter.acquire().then(() => times.push(clock.now()))));
  assert.equal(times.length, 300);
  assert.ok(maxInWindow(times, 1000) <= 10, `second window: ${maxInWindow(times, 1000)}`);
  assert.ok(maxInWindow(times, 60_000) <= 100, `minute window: ${maxInWindow(times, 60_000)}`);
  assert.ok(maxInWindow(times, 3_600_000) <= 6000);
  // 100 a minute: request 101 waits for the first minute to pass, request 201 for the second.
  assert.ok(times[100] - start >= 60_000 && times[200] - start >= 120_000, `${times[100] - start} ${times[200] - start}`);
  // And no slower than needed: 300 requests fit in a little over two minutes.
  assert.ok(times[299] - start < 130_000, `took ${times[299] - start} ms of service time`);
});

test('requests leave in the order they asked (first in, first out)', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 2, windowMs: 1000 }] });
  const order: number[] = [];
  await Promise.all([0, 1, 2, 3, 4, 5].map(i => limiter.acquire().then(() => order.push(i))));
  assert.deepEqual(order, [0, 1, 2, 3, 4, 5]);
});

test('the margin widens every window so arrivals at the server never bunch up', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 1, windowMs: 1000 }], marginMs: 100 });
  const t: number[] = [];
  await Promise.all([0, 1, 2].map(() => limiter.acquire().then(() => t.push(clock.now()))));
  assert.deepEqual([t[1] - t[0], t[2] - t[1]], [1100, 1100]);
});

test('a cancelled waiter leaves the queue and the others go on', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 1, windowMs: 1000 }] });
  await limiter.acquire();
  const ctrl = new AbortController();
  const cancelled = limiter.acquire(ctrl.signal);
  const next = limiter.acquire();
  assert.equal(limiter.pending, 2);
  ctrl.abort();
  await assert.rejects(cancelled, { name: 'CancelledError' });
  assert.equal(limiter.pending, 1);
  await next;
  assert.equal(limiter.pending, 0);
});

test('an already aborted signal is refused at once', async () => {
  const limiter = new RateLimiter({ clock: new VirtualClock() });
  const ctrl = new AbortController();
  ctrl.abort();
  await assert.rejects(limiter.acquire(ctrl.signal), { name: 'CancelledError' });
});

test('pauseUntil (a Retry-After) holds every caller until then', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock });
  const start = clock.now();
  limiter.pauseUntil(start + 5000);
  assert.equal(limiter.delay(), 5000);
  await limiter.acquire();
  assert.equal(clock.now() - start, 5000);
});

test('a shorter Retry-After after a longer one does not cut the longer pause short', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock });
  const start = clock.now();
  limiter.pauseUntil(start + 8000);
  limiter.pauseUntil(start + 3000);
  assert.equal(limiter.delay(), 8000);
  await limiter.acquire();
  assert.equal(clock.now() - start, 8000);
  assert.equal(limiter.delay(), 0, 'the pause is over once its time has come');
});

test('usage() counts the requests in each window; the spec limits are the defaults', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock });
  assert.deepEqual(limiter.limits, SERVICE_LIMITS);
  for (let i = 0; i < 5; i++) await limiter.acquire();
  assert.deepEqual(limiter.usage(), [5, 5, 5]);
  assert.throws(() => new RateLimiter({ limits: [{ limit: 0, windowMs: 1000 }] }), /invalid rate limit/);
});

test('a request that another must follow at once leaves only when both can go back to back', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 2, windowMs: 1000 }], marginMs: 0 });
  const start = clock.now();
  await limiter.acquire();
  await limiter.acquire(undefined, undefined, 2);
  const read = clock.now() - start;
  await limiter.acquire();
  const write = clock.now() - start;
  assert.deepEqual({ read, write }, { read: 1000, write: 1000 }, 'the wait comes before the first of the two, none between them');
  // A room larger than a limit asks for no more than the limit allows.
  await limiter.acquire(undefined, undefined, 5);
  assert.equal(clock.now() - start, 2000);
});
