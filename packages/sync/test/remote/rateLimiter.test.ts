import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { imposedMs, RateLimit, RateLimiter, SERVICE_LIMITS } from '../../src/remote/rateLimiter';
import { VirtualClock } from '../helpers/virtualClock';
import { fastestSchedule, maxInWindow } from '../helpers/windows';

/** A send answered at once: it leaves, and its answer frees its place the same instant. */
const sendNow = (limiter: RateLimiter) => limiter.acquire().then(release => release());

test('a burst of 300 acquisitions never exceeds 10/s, 100/min, 6000/h, and is queued, not refused', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock });
  const start = clock.now();
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: 300 }, () =>
      limiter.acquire().then(release => {
        times.push(clock.now());
        release();
      }),
    ),
  );
  assert.equal(times.length, 300);
  assert.ok(maxInWindow(times, 1000) <= 10, `second window: ${maxInWindow(times, 1000)}`);
  assert.ok(maxInWindow(times, 60_000) <= 100, `minute window: ${maxInWindow(times, 60_000)}`);
  assert.ok(maxInWindow(times, 3_600_000) <= 6000);
  // 100 a minute: request 101 waits for the first minute to pass, request 201 for the second; answered at once, no later.
  assert.deepEqual(
    [times[99], times[100], times[200], times[299]].map(t => t - start),
    [9000, 60_000, 120_000, 129_000],
  );
});

test('requests leave in the order they asked (first in, first out)', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 2, windowMs: 1000 }] });
  const order: number[] = [];
  await Promise.all(
    [0, 1, 2, 3, 4, 5].map(i =>
      limiter.acquire().then(release => {
        order.push(i);
        release();
      }),
    ),
  );
  assert.deepEqual(order, [0, 1, 2, 3, 4, 5]);
});

test('a request holds its place from its send until a window after its answer, however long it is out', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 1, windowMs: 1000 }] });
  const start = clock.now();
  const release = await limiter.acquire();
  const next = limiter.acquire().then(r => {
    r();
    return clock.now() - start;
  });
  await clock.elapse(2500);
  assert.equal(limiter.delay(), Infinity, 'out for 2.5 s: the service may count it at any moment until its answer');
  assert.deepEqual(limiter.usage(), [1]);
  release();
  assert.equal(limiter.delay(), 1000);
  assert.equal(await next, 3500, 'the answer came at 2500: the next one leaves a window later');
});

test('answers out of order: a place frees by the answers, whichever request was sent first', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 2, windowMs: 1000 }] });
  const start = clock.now();
  const first = await limiter.acquire();
  const second = await limiter.acquire();
  const third = limiter.acquire().then(r => {
    r();
    return clock.now() - start;
  });
  await clock.elapse(100);
  second();
  await clock.elapse(800);
  first();
  assert.equal(await third, 1100, 'one place is free once the answer at 100 is a window old, though the first request was answered at 900');
});

test('a release counts once, however often it is called', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 2, windowMs: 1000 }] });
  const release = await limiter.acquire();
  release();
  release();
  assert.deepEqual(limiter.usage(), [1]);
  const other = await limiter.acquire();
  assert.equal(limiter.delay(), 1000, 'two places held: the answer, a window long, and the request out');
  other();
});

test('a cancelled waiter leaves the queue and the others go on', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 1, windowMs: 1000 }] });
  await sendNow(limiter);
  const ctrl = new AbortController();
  const cancelled = limiter.acquire(ctrl.signal);
  const next = limiter.acquire();
  assert.equal(limiter.pending, 2);
  ctrl.abort();
  await assert.rejects(cancelled, { name: 'CancelledError' });
  assert.equal(limiter.pending, 1);
  (await next)();
  assert.equal(limiter.pending, 0);
});

test('cancelling the first in the queue lets the next go as soon as it could alone', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 2, windowMs: 1000 }] });
  const start = clock.now();
  await sendNow(limiter);
  const ctrl = new AbortController();
  // Two places wanted: it waits for the answer a window old; the one behind it needs only the free one.
  const pair = limiter.acquire(ctrl.signal, undefined, 2);
  const single = limiter.acquire().then(r => {
    r();
    return clock.now() - start;
  });
  await clock.elapse(10);
  ctrl.abort();
  await assert.rejects(pair, { name: 'CancelledError' });
  assert.equal(await single, 10);
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
  await sendNow(limiter);
  assert.equal(clock.now() - start, 5000);
});

test('a shorter Retry-After after a longer one does not cut the longer pause short', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock });
  const start = clock.now();
  limiter.pauseUntil(start + 8000);
  limiter.pauseUntil(start + 3000);
  assert.equal(limiter.delay(), 8000);
  await sendNow(limiter);
  assert.equal(clock.now() - start, 8000);
  assert.equal(limiter.delay(), 0, 'the pause is over once its time has come');
});

test('usage() counts the requests in each window; the spec limits are the defaults', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock });
  assert.deepEqual(limiter.limits, SERVICE_LIMITS);
  const out = [];
  for (let i = 0; i < 5; i++) out.push(await limiter.acquire());
  assert.deepEqual(limiter.usage(), [5, 5, 5]);
  for (const release of out.slice(0, 2)) release();
  await clock.elapse(1000);
  assert.deepEqual(limiter.usage(), [3, 5, 5], "answered a second ago: out of the second's window; still out: in every one");
  assert.throws(() => new RateLimiter({ limits: [{ limit: 0, windowMs: 1000 }] }), /invalid rate limit/);
});

test('a request that another must follow at once leaves only when both can go back to back', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 2, windowMs: 1000 }] });
  const start = clock.now();
  await sendNow(limiter);
  const read = await limiter.acquire(undefined, undefined, 2);
  const readAt = clock.now() - start;
  read();
  await sendNow(limiter);
  const writeAt = clock.now() - start;
  assert.deepEqual({ readAt, writeAt }, { readAt: 1000, writeAt: 1000 }, 'the wait comes before the first of the two, none between them');
  // A room larger than a limit asks for no more than the limit allows.
  (await limiter.acquire(undefined, undefined, 5))();
  assert.equal(clock.now() - start, 2000);
});

test('imposedMs: the time the limits put between the first and the last of n sends', () => {
  assert.equal(imposedMs(0), 0);
  assert.equal(imposedMs(1), 0);
  assert.equal(imposedMs(10), 0, 'ten go at once');
  assert.equal(imposedMs(11), 1000);
  assert.equal(imposedMs(100), 9000, 'ten a second for the first hundred');
  assert.equal(imposedMs(101), 60_000, 'the 101st waits for the minute');
  assert.equal(imposedMs(6000), 59 * 60_000 + 9000);
  assert.equal(imposedMs(6001), 3_600_000, 'the 6001st waits for the hour');
  // 16 full hours, then 39 minutes and 9 seconds into the 17th; played forward in O(calls).
  assert.equal(imposedMs(100_000), 16 * 3_600_000 + 39 * 60_000 + 9000);
  const odd: RateLimit[] = [
    { limit: 3, windowMs: 700 },
    { limit: 5, windowMs: 2000 },
  ];
  for (const n of [1, 3, 4, 5, 6, 17, 100]) assert.equal(imposedMs(n, odd), fastestSchedule(n, odd), `${n} calls`);
  assert.throws(() => imposedMs(5, [{ limit: 0, windowMs: 1000 }]), /invalid rate limit/);
});

test('timeFor: from now until n more could all have left, behind the queue and after a pause', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock });
  assert.deepEqual(
    [0, 1, 10, 11, 100, 101].map(n => limiter.timeFor(n)),
    [0, 0, 0, 1000, 9000, 60_000],
  );
  const out = await Promise.all(Array.from({ length: 4 }, () => limiter.acquire()));
  for (let i = 0; i < 6; i++) await sendNow(limiter);
  assert.equal(limiter.timeFor(1), 1000, 'ten in the last second; the four still out taken as answered now');
  await clock.elapse(400);
  const queued = Array.from({ length: 3 }, () => limiter.acquire());
  assert.equal(limiter.pending, 3);
  assert.equal(limiter.timeFor(3), 600, 'the three queued and three more take the six places answered at 0, free at 1000');
  assert.equal(limiter.timeFor(4), 1000, 'the four out, answered now at the soonest, free theirs a second from now');
  limiter.pauseUntil(clock.now() + 5000);
  assert.equal(limiter.timeFor(1), 5000);
  for (const release of out) release();
  for (const release of await Promise.all(queued)) release();
});
