import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { imposedMs, RateLimit, RateLimiter, SERVICE_LIMITS, SlotEstimate } from '../../src/remote/rateLimiter';
import { VirtualClock } from '../helpers/virtualClock';
import { maxInWindow } from '../helpers/windows';

/**
 * The limiter's promises over random traffic on a virtual clock: several callers send bursts
 * through one limiter, each request out for a random time (some for seconds), some answered with
 * a Retry-After, some cancelled while queued, some a read that a write must follow at once. A
 * model service counts each request at a random moment between its send and its answer, as a
 * real one does when it reads it: no rolling window of any limit may ever hold more than the
 * limit, and requests leave in the order they asked. Under continuous demand with small latency
 * the limits are filled, within 5 %. The seed is fixed so a failure reproduces; `LIMITER_SEED`
 * explores others, `LIMITER_RUNS` runs more.
 */

const SEED = Number(process.env.LIMITER_SEED ?? 20261128);
const RUNS = Number(process.env.LIMITER_RUNS ?? 60);

const limitsArb = fc.array(fc.record({ limit: fc.integer({ min: 1, max: 6 }), windowMs: fc.integer({ min: 20, max: 2000 }) }), {
  minLength: 1,
  maxLength: 3,
});

interface Request {
  latencyMs: number;
  /** Where between its send (0) and its answer (1) the service counts it. */
  countedAt: number;
  /** The answer is a 429 with this Retry-After. */
  retryAfterMs: number | null;
  /** Cancelled this long after it asked, if it is still queued then. */
  cancelAfterMs: number | null;
  /** A read that a write must follow at once: it asks for room 2, and the write follows its answer. */
  thenWrite: boolean;
  /** It asks to hear how long it will wait. */
  listens: boolean;
}

const requestArb: fc.Arbitrary<Request> = fc.record({
  latencyMs: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 5000 })),
  // The edges most often: a service that counts at once, or only as it answers.
  countedAt: fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
  retryAfterMs: fc.option(fc.integer({ min: 1, max: 4000 }), { freq: 8 }),
  cancelAfterMs: fc.option(fc.integer({ min: 0, max: 3000 }), { freq: 8 }),
  thenWrite: fc.boolean(),
  listens: fc.boolean(),
});

/** A caller: bursts of requests, each after a pause; it does not wait for one burst before the next. */
const callerArb = fc.array(
  fc.record({ afterMs: fc.integer({ min: 0, max: 2000 }), requests: fc.array(requestArb, { minLength: 1, maxLength: 10 }) }),
  { minLength: 1, maxLength: 4 },
);

interface Traffic {
  /** When the model service counted each request. */
  counted: number[];
  /** The order in which requests asked, in the order they left. */
  left: number[];
  /** For each request that left and listened: when it asked, when it was told it would leave (if it had to wait), when it left. */
  waits: Array<{ asked: number; told?: number; left: number }>;
}

async function play(limits: readonly RateLimit[], callers: Array<Array<{ afterMs: number; requests: Request[] }>>): Promise<Traffic> {
  const clock = new VirtualClock(0);
  const limiter = new RateLimiter({ clock, limits });
  const traffic: Traffic = { counted: [], left: [], waits: [] };
  let asked = 0;
  const send = async (r: Request, room: number): Promise<void> => {
    const order = asked++;
    const cancel = new AbortController();
    if (r.cancelAfterMs !== null) void clock.sleep(r.cancelAfterMs).then(() => cancel.abort());
    const askedAt = clock.now();
    let told: number | undefined;
    const onWait = r.listens
      ? (wait: SlotEstimate) => {
          told = askedAt + wait.ms;
        }
      : undefined;
    const release = await limiter.acquire(cancel.signal, onWait, room).catch(() => undefined);
    if (!release) return;
    const sent = clock.now();
    traffic.left.push(order);
    if (r.listens) traffic.waits.push({ asked: askedAt, told, left: sent });
    await clock.sleep(r.latencyMs);
    traffic.counted.push(sent + r.countedAt * r.latencyMs);
    if (r.retryAfterMs !== null) limiter.pauseUntil(clock.now() + r.retryAfterMs);
    release();
    if (room === 2) await send({ ...r, cancelAfterMs: null, retryAfterMs: null }, 1);
  };
  await Promise.all(
    callers.map(async bursts => {
      const out: Array<Promise<void>> = [];
      for (const burst of bursts) {
        await clock.sleep(burst.afterMs);
        out.push(...burst.requests.map(r => send(r, r.thenWrite ? 2 : 1)));
      }
      await Promise.all(out);
    }),
  );
  traffic.counted.sort((a, b) => a - b);
  return traffic;
}

test(`random bursts, latencies and Retry-After pauses: no window of the service ever holds more than its limit, first in first out (seed ${SEED}, ${RUNS} runs)`, async () => {
  await fc.assert(
    fc.asyncProperty(limitsArb, fc.array(callerArb, { minLength: 1, maxLength: 4 }), async (limits, callers) => {
      const { counted, left } = await play(limits, callers);
      for (const l of limits) {
        const most = maxInWindow(counted, l.windowMs);
        assert.ok(most <= l.limit, `${most} counted within ${l.windowMs} ms, limit ${l.limit}`);
      }
      assert.deepEqual(
        left,
        [...left].sort((a, b) => a - b),
        'left in the order asked',
      );
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test(`what a waiting request is told is a lower bound of when it leaves, and exact when every answer comes at once (seed ${SEED}, ${RUNS} runs)`, async () => {
  const settled = fc.record({
    latencyMs: fc.integer({ min: 0, max: 3000 }),
    retryAfterMs: fc.option(fc.integer({ min: 1, max: 4000 }), { freq: 8 }),
    thenWrite: fc.boolean(),
    listens: fc.boolean(),
  });
  const at = (instant: boolean) =>
    settled.map(
      (r): Request => ({
        ...r,
        latencyMs: instant ? 0 : r.latencyMs,
        retryAfterMs: instant ? null : r.retryAfterMs,
        thenWrite: instant ? false : r.thenWrite,
        countedAt: 0,
        cancelAfterMs: null,
      }),
    );
  const callers = (instant: boolean) =>
    fc.array(
      fc.array(
        fc.record({ afterMs: fc.integer({ min: 0, max: 2000 }), requests: fc.array(at(instant), { minLength: 1, maxLength: 10 }) }),
        { minLength: 1, maxLength: 4 },
      ),
      { minLength: 1, maxLength: 4 },
    );
  await fc.assert(
    fc.asyncProperty(
      limitsArb,
      fc.boolean().chain(instant => fc.tuple(fc.constant(instant), callers(instant))),
      async (limits, [instant, traffic]) => {
        const { waits } = await play(limits, traffic);
        for (const w of waits) {
          const told = w.told ?? w.asked;
          assert.ok(told <= w.left, `told ${told - w.asked} ms, left after ${w.left - w.asked} ms`);
          if (instant) assert.equal(told, w.left, 'every answer at once: told exactly');
        }
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
});

/** `count` requests all asking at once, each out for a random time up to `maxLatencyMs`: when each left. */
async function continuous(limits: readonly RateLimit[], count: number, latency: () => number): Promise<number[]> {
  const clock = new VirtualClock(0);
  const limiter = new RateLimiter({ clock, limits });
  const left: number[] = [];
  await Promise.all(
    Array.from({ length: count }, async () => {
      const release = await limiter.acquire();
      left.push(clock.now());
      await clock.sleep(latency());
      release();
    }),
  );
  return left;
}

test(`continuous demand with small latency fills the limits within 5 % (seed ${SEED}, ${RUNS} runs)`, async () => {
  const scenario = limitsArb.chain(limits => {
    const shortest = Math.min(...limits.map(l => l.windowMs));
    // Small: at most 2 % of the shortest window, each request its own.
    return fc.record({
      limits: fc.constant(limits),
      count: fc.integer({ min: 1, max: 120 }),
      latencies: fc.array(fc.integer({ min: 0, max: Math.floor(shortest / 50) }), { minLength: 1, maxLength: 50 }),
    });
  });
  await fc.assert(
    fc.asyncProperty(scenario, async ({ limits, count, latencies }) => {
      let i = 0;
      const left = await continuous(limits, count, () => latencies[i++ % latencies.length]);
      const took = left[left.length - 1] - left[0];
      const best = imposedMs(count, limits);
      assert.ok(took <= best * 1.05, `${count} sends took ${took} ms; the limits allow ${best} ms`);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test("the service's limits under continuous demand for over an hour: 10 a second, 100 a minute, 6000 an hour, no more, within 5 % no less", async () => {
  const random = fc.sample(fc.integer({ min: 0, max: 20 }), { seed: SEED, numRuns: 1000 });
  let i = 0;
  const count = 6200;
  const left = await continuous(SERVICE_LIMITS, count, () => random[i++ % random.length]);
  assert.equal(left.length, count);
  for (const l of SERVICE_LIMITS) assert.equal(maxInWindow(left, l.windowMs), l.limit, `full, and no more, within ${l.windowMs} ms`);
  // The n-th send against the earliest the limits allow it: 10 at once, 100 in 9 s, the 101st at a minute, the 6001st at an hour.
  for (const n of [10, 11, 100, 101, 6000, 6001, count]) {
    const took = left[n - 1] - left[0];
    assert.ok(took <= imposedMs(n) * 1.05, `send ${n} left after ${took} ms; the limits allow ${imposedMs(n)} ms`);
  }
});
