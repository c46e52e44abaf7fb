import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { RateLimiter, SlotEstimate, sharedLimiter } from '../../src/remote/rateLimiter';
import { VirtualClock } from '../helpers/virtualClock';

/** What the progress notification says while a request waits: how long, and what holds it. */

function leaving(limiter: RateLimiter, clock: VirtualClock, start: number): { heard: SlotEstimate[]; acquire(): Promise<number> } {
  const heard: SlotEstimate[] = [];
  return {
    heard,
    acquire: () =>
      limiter
        .acquire(undefined, w => heard.push(w))
        .then(release => {
          release();
          return clock.now() - start;
        }),
  };
}

test('each queued request hears when it will leave, as the queue will play out', async () => {
  const clock = new VirtualClock();
  const limit = { limit: 2, windowMs: 1000 };
  const limiter = new RateLimiter({ clock, limits: [limit] });
  const start = clock.now();
  const w = leaving(limiter, clock, start);
  const left = await Promise.all([w.acquire(), w.acquire(), w.acquire(), w.acquire(), w.acquire()]);
  assert.deepEqual(left, [0, 0, 1000, 1000, 2000]);
  assert.deepEqual(
    w.heard,
    [
      { ms: 1000, reason: 'rateLimit', limit },
      { ms: 1000, reason: 'rateLimit', limit },
      { ms: 2000, reason: 'rateLimit', limit },
    ],
    'the two that leave at once hear nothing',
  );
});

test('the estimate names the limit that holds the request, not the first one that is full', async () => {
  const clock = new VirtualClock();
  const perSecond = { limit: 2, windowMs: 1000 };
  const perTenSeconds = { limit: 3, windowMs: 10_000 };
  const limiter = new RateLimiter({ clock, limits: [perSecond, perTenSeconds] });
  const start = clock.now();
  const w = leaving(limiter, clock, start);
  assert.deepEqual(await Promise.all([w.acquire(), w.acquire(), w.acquire()]), [0, 0, 1000]);
  assert.deepEqual(await w.acquire(), 10_000);
  assert.deepEqual(w.heard, [
    { ms: 1000, reason: 'rateLimit', limit: perSecond },
    { ms: 9000, reason: 'rateLimit', limit: perTenSeconds },
  ]);
});

test('a wait for a Retry-After says so, with no limit', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock });
  const start = clock.now();
  limiter.pauseUntil(start + 3000);
  const w = leaving(limiter, clock, start);
  assert.equal(await w.acquire(), 3000);
  assert.deepEqual(w.heard, [{ ms: 3000, reason: 'retryAfter', limit: undefined }]);
});

test('a limit that holds a request longer than a Retry-After is the reason given', async () => {
  const clock = new VirtualClock();
  const limit = { limit: 1, windowMs: 5000 };
  const limiter = new RateLimiter({ clock, limits: [limit] });
  const start = clock.now();
  (await limiter.acquire())();
  limiter.pauseUntil(start + 2000);
  const w = leaving(limiter, clock, start);
  assert.equal(await w.acquire(), 5000);
  assert.deepEqual(w.heard, [{ ms: 5000, reason: 'rateLimit', limit }]);
});

test('a request that can leave at once hears nothing', async () => {
  const clock = new VirtualClock();
  const w = leaving(new RateLimiter({ clock }), clock, clock.now());
  assert.equal(await w.acquire(), 0);
  assert.deepEqual(w.heard, []);
});

test('no margin: a place is free again exactly a window after the answer', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 1, windowMs: 1000 }] });
  const start = clock.now();
  const release = await limiter.acquire();
  await clock.elapse(40);
  release();
  assert.equal(limiter.delay(), 1000);
  (await limiter.acquire())();
  assert.equal(clock.now() - start, 1040);
});

test('usage() counts a request while it is out and until a window after its answer, not a moment longer', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({
    clock,
    limits: [
      { limit: 10, windowMs: 1000 },
      { limit: 20, windowMs: 2000 },
    ],
  });
  const first = await limiter.acquire();
  const second = await limiter.acquire();
  await clock.elapse(100);
  first();
  second();
  await clock.elapse(999);
  assert.deepEqual(limiter.usage(), [2, 2]);
  await clock.elapse(1);
  assert.deepEqual(limiter.usage(), [0, 2]);
  await clock.elapse(1000);
  assert.deepEqual(limiter.usage(), [0, 0]);
});

test('a full window frees one place per answer that leaves it, in the order they were answered', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 3, windowMs: 1000 }] });
  const start = clock.now();
  (await limiter.acquire())();
  await clock.elapse(200);
  (await limiter.acquire())();
  await clock.elapse(300);
  (await limiter.acquire())();
  assert.equal(limiter.delay(), 500, 'the first answer leaves the window at 1000');
  assert.equal(limiter.delay(2), 700, 'two places: the second answer leaves it at 1200');
  assert.equal(limiter.delay(3), 1000, 'three: the third leaves at 1500');
  assert.equal(limiter.delay(4), 1000, 'more than the limit asks no more than the limit');
  (await limiter.acquire())();
  assert.equal(clock.now() - start, 1000);
});

test('limits that mean nothing are refused', () => {
  for (const limit of [
    { limit: 0, windowMs: 1000 },
    { limit: 0.5, windowMs: 1000 },
    { limit: 2.5, windowMs: 1000 },
    { limit: NaN, windowMs: 1000 },
    { limit: 1, windowMs: 0 },
    { limit: 1, windowMs: NaN },
  ]) {
    assert.throws(() => new RateLimiter({ limits: [limit] }), /invalid rate limit/, JSON.stringify(limit));
  }
  assert.doesNotThrow(() => new RateLimiter({ limits: [{ limit: 1, windowMs: 1 }] }));
});

test('after thousands of sends, old ones are forgotten and the limits still hold', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 1500, windowMs: 10 }] });
  const start = clock.now();
  for (let round = 0; round < 3; round++) {
    await Promise.all(Array.from({ length: 1500 }, () => limiter.acquire().then(release => release())));
    assert.equal(clock.now() - start, round * 10);
    assert.deepEqual(limiter.usage(), [1500]);
    assert.equal(limiter.delay(), 10);
  }
});

test('one limiter per service client identity, made once', () => {
  let made = 0;
  const factory = () => {
    made++;
    return new RateLimiter({ clock: new VirtualClock() });
  };
  const a = sharedLimiter('test://a|workspace-1', factory);
  assert.equal(sharedLimiter('test://a|workspace-1', factory), a);
  const b = sharedLimiter('test://a|workspace-2', factory);
  assert.notEqual(b, a);
  assert.equal(made, 2);
  assert.ok(sharedLimiter('test://a|workspace-3') instanceof RateLimiter);
});

test('a request out is told the wait as if answered now, the soonest it can be', async () => {
  const clock = new VirtualClock();
  const limit = { limit: 2, windowMs: 1000 };
  const limiter = new RateLimiter({ clock, limits: [limit] });
  const start = clock.now();
  (await limiter.acquire())();
  await clock.elapse(950);
  const out = await limiter.acquire();
  const w = leaving(limiter, clock, start);
  const third = w.acquire();
  const fourth = w.acquire();
  assert.deepEqual(w.heard, [
    { ms: 50, reason: 'rateLimit', limit },
    { ms: 1000, reason: 'rateLimit', limit },
  ]);
  await clock.elapse(500);
  out();
  // Told 1950, as if the request out were answered at 950; it was answered at 1450, so the fourth takes the place of the third's answer at 1000.
  assert.deepEqual(await Promise.all([third, fourth]), [1000, 2000]);
});

test('a Retry-After that comes while others are told their waits is in what the next one is told', async () => {
  const clock = new VirtualClock();
  const limit = { limit: 1, windowMs: 1000 };
  const limiter = new RateLimiter({ clock, limits: [limit] });
  const start = clock.now();
  (await limiter.acquire())();
  const w = leaving(limiter, clock, start);
  const first = w.acquire();
  limiter.pauseUntil(start + 5000);
  const second = w.acquire();
  assert.deepEqual(await Promise.all([first, second]), [5000, 6000]);
  assert.deepEqual(w.heard, [
    { ms: 1000, reason: 'rateLimit', limit },
    { ms: 6000, reason: 'rateLimit', limit },
  ]);
});

test('a request still out is taken as answered when the next one asks, not when the one before asked', async () => {
  const clock = new VirtualClock();
  const limit = { limit: 1, windowMs: 1000 };
  const limiter = new RateLimiter({ clock, limits: [limit] });
  const start = clock.now();
  const out = await limiter.acquire();
  const w = leaving(limiter, clock, start);
  const first = w.acquire();
  await clock.elapse(400);
  const second = w.acquire();
  assert.deepEqual(w.heard, [
    { ms: 1000, reason: 'rateLimit', limit },
    { ms: 2000, reason: 'rateLimit', limit },
  ]);
  out();
  assert.deepEqual(await Promise.all([first, second]), [1400, 2400]);
});
