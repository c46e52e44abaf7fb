import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { CallEvent, ServiceClient, ServiceClientOptions } from '../../src/remote/serviceClient';
import { adviceFor, ServiceError } from '../../src/remote/errors';
import { RateLimiter } from '../../src/remote/rateLimiter';
import { Environment } from '../../src/remote/environments';
import { WaitNotice, waitText } from '../../src/remote/waits';
import { VirtualClock } from '../helpers/virtualClock';

/**
 * Every call has a time budget, retries included; waits longer than a second are announced with
 * their reason; every answer and failure is observed. Time is virtual: the service's "hang" is a
 * fetch that never settles until aborted, and the clock moves only while everything waits.
 */

const ENV: Environment = { name: 'test', baseUrl: 'https://api.example.com', workspaceId: 'WS1', headerPrefix: 'SVC', production: false };
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network' | 'hang';

function world(answers: Answer[] | (() => Answer), extra: Partial<ServiceClientOptions> = {}) {
  const clock = new VirtualClock();
  const sent: number[] = [];
  const events: CallEvent[] = [];
  const waits: WaitNotice[] = [];
  const next = typeof answers === 'function' ? answers : () => answers.shift() ?? { status: 200, body: { data: [] } };
  const fetchImpl = (async (_input: string | URL | Request, init?: RequestInit) => {
    sent.push(clock.now());
    const a = next();
    if (a === 'network')
      throw Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      });
    if (a === 'hang') {
      // A hung service: time passes (the virtual clock jumps) until the client gives up.
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status, headers: a.headers });
  }) as typeof fetch;
  const client = new ServiceClient({
    environment: ENV,
    apiKey: 'secret-key-1234',
    fetch: fetchImpl,
    clock,
    tryClock: clock,
    limiter: new RateLimiter({ clock }),
    random: () => 0.5,
    observe: e => events.push(e),
    ...extra,
  });
  return { clock, client, fetchImpl, sent, events, waits, onWait: (w: WaitNotice) => waits.push(w) };
}

test('connection refused: a read retries with backoff inside its 15 s budget, then fails once with Retry and Open Settings', async () => {
  const w = world(() => 'network', { maxRetries: 100 });
  const start = w.clock.now();
  const e = (await w.client.search({}, { onWait: w.onWait }).catch(x => x)) as ServiceError;
  const took = w.clock.now() - start;
  assert.equal(e.code, 'NETWORK');
  assert.ok(took <= 15_000, `the read outlived its budget: ${took} ms`);
  assert.ok(w.sent.length >= 4, `only ${w.sent.length} tries`);
  assert.equal(e.attempts, w.sent.length);
  const advice = adviceFor(e, { environment: 'test' });
  assert.deepEqual(advice.actions, ['retry', 'openSettings']);
  assert.match(advice.message, new RegExp(`tried ${w.sent.length} times within its 15 seconds budget`));
  assert.ok(
    w.waits.every(x => x.reason === 'retry' && x.ms >= 1000),
    'only waits over a second are announced',
  );
  assert.ok(w.events.every(x => x.kind === 'unanswered'));
});

test('a hung service: a read gives up within its budget, trying twice, and says no answer came', async () => {
  const w = world(() => 'hang');
  const start = w.clock.now();
  const e = (await w.client.getCampaign('65f0c1d2e3a4b5c6d7e8f901').catch(x => x)) as ServiceError;
  assert.equal(e.code, 'TIMEOUT');
  assert.ok(w.clock.now() - start <= 15_000);
  assert.equal(w.sent.length, 2);
  assert.match(e.message, /No answer from https:\/\/api\.example\.com within/);
  assert.equal(w.events.filter(x => x.kind === 'unanswered').length, w.sent.length);
  assert.match(adviceFor(e).message, /a longer `readTimeoutSeconds`/);
});

test('the per-environment budget is what the call gets: a write has its own, and is never retried', async () => {
  const w = world(() => 'hang', { readBudgetMs: 2_000, writeBudgetMs: 3_000, timeoutMs: 50 });
  assert.equal(w.client.budgetFor('read'), 2_000);
  assert.equal(w.client.budgetFor('write'), 3_000);
  const e = (await w.client.patch('65f0c1d2e3a4b5c6d7e8f901', { channel: 'PUSH' }).catch(x => x)) as ServiceError;
  assert.equal(e.code, 'TIMEOUT');
  assert.equal(w.sent.length, 1);
  assert.match(adviceFor(e).message, /a longer `writeTimeoutSeconds`/, 'the advice names the setting that governs writes');
});

test('a Retry-After that fits the budget is obeyed and announced; the next try waits exactly that long', async () => {
  const w = world([
    { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Slow down.' } }, headers: { 'Retry-After': '3' } },
    { status: 200, body: { data: [] } },
  ]);
  await w.client.search({}, { onWait: w.onWait });
  assert.equal(w.sent.length, 2);
  assert.equal(w.sent[1] - w.sent[0], 3000);
  assert.equal(w.waits.length, 1);
  assert.equal(w.waits[0].reason, 'retryAfter');
  assert.equal(waitText(w.waits[0]), 'Waiting 3 seconds: the service asked to slow down (Retry-After).');
  const limited = w.events.find(x => x.kind === 'answered' && x.status === 429);
  assert.ok(limited && limited.kind === 'answered' && limited.retryAfterMs === 3000);
});

test('two calls told to wait 8 s and then 3 s: neither tries again before the 8 s are over', async () => {
  const w = world([
    { status: 429, body: {}, headers: { 'Retry-After': '8' } },
    { status: 429, body: {}, headers: { 'Retry-After': '3' } },
  ]);
  const start = w.clock.now();
  await Promise.all([w.client.search({}), w.client.search({})]);
  assert.deepEqual(
    w.sent.map(t => t - start),
    [0, 0, 8000, 8000],
  );
});

test('a Retry-After beyond the budget fails at once, saying when the next call is allowed', async () => {
  const w = world([{ status: 429, body: {}, headers: { 'Retry-After': '40' } }]);
  const start = w.clock.now();
  const e = (await w.client.search({}).catch(x => x)) as ServiceError;
  assert.equal(w.clock.now(), start, 'no time was spent waiting for a retry that could not fit');
  assert.equal(e.retryAfterMs, 40_000);
  assert.match(adviceFor(e).message, /allows the next call in 40 seconds/);
});

test("a call behind another call's Retry-After longer than its budget fails at once, as that call did, and is not sent", async () => {
  const w = world([{ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Slow down.' } }, headers: { 'Retry-After': '40' } }]);
  const first = (await w.client.search({}).catch(x => x)) as ServiceError;
  assert.equal(first.retryAfterMs, 40_000);
  const start = w.clock.now();
  const second = (await w.client.getCampaign('68173014a1c0ffee01000001').catch(x => x)) as ServiceError;
  assert.equal(w.clock.now(), start, 'it did not wait');
  assert.equal(w.sent.length, 1, 'it was not sent');
  assert.equal(second.status, 429);
  assert.equal(second.method, 'GET');
  assert.match(adviceFor(second).message, /allows the next call in 40 seconds/);
});

test('100% 429 with a short Retry-After: retries stop before the budget would be outlived', async () => {
  const w = world(() => ({ status: 429, body: {}, headers: { 'Retry-After': '2' } }), { maxRetries: 100 });
  const start = w.clock.now();
  const e = (await w.client.search({}).catch(x => x)) as ServiceError;
  assert.equal(e.status, 429);
  assert.ok(w.clock.now() - start <= 15_000, `${w.clock.now() - start} ms`);
  assert.ok(w.sent.length >= 5);
});

test('a read that waits its turn after a 429 longer than its whole budget is still sent, and gets its whole time', async () => {
  // The first try's place is held until a window after its answer: the retry waits 20 s in our own queue.
  const limits = [{ limit: 1, windowMs: 20_000 }];
  const tooMany = { status: 429, body: {}, headers: { 'Retry-After': '1' } };
  const w = world([tooMany, { status: 200, body: { data: [] } }]);
  const c = new ServiceClient({
    environment: ENV,
    apiKey: 'secret-key-1234',
    fetch: w.fetchImpl,
    clock: w.clock,
    tryClock: w.clock,
    limiter: new RateLimiter({ clock: w.clock, limits }),
    random: () => 0.5,
  });
  const page = await c.search({});
  assert.deepEqual(page.items, []);
  assert.deepEqual(
    w.sent.map(t => t - w.sent[0]),
    [0, 20_000],
  );
  // Held 14.5 s: before, the retry got the 0.5 s left of its budget and timed out "within 1 second".
  const hung = world([tooMany, 'hang']);
  const c2 = new ServiceClient({
    environment: ENV,
    apiKey: 'secret-key-1234',
    fetch: hung.fetchImpl,
    clock: hung.clock,
    tryClock: hung.clock,
    limiter: new RateLimiter({ clock: hung.clock, limits: [{ limit: 1, windowMs: 14_500 }] }),
    random: () => 0.5,
    maxRetries: 1,
  });
  const e = (await c2.search({}).catch(x => x)) as ServiceError;
  assert.equal(e.code, 'TIMEOUT');
  assert.deepEqual(e.failure, { kind: 'timeout', sent: true });
  assert.deepEqual(
    hung.sent.map(t => t - hung.sent[0]),
    [0, 14_500],
  );
  assert.equal(hung.clock.now() - hung.sent[1], 7_500, "the retry had the try's whole share of the 15 s budget");
  assert.match(e.message, /within 8 seconds/);
});

test("an action's deadline stays a moment: a retry whose turn comes after it is not sent", async () => {
  const w = world([{ status: 429, body: {}, headers: { 'Retry-After': '1' } }]);
  const c = new ServiceClient({
    environment: ENV,
    apiKey: 'secret-key-1234',
    fetch: w.fetchImpl,
    clock: w.clock,
    tryClock: w.clock,
    limiter: new RateLimiter({ clock: w.clock, limits: [{ limit: 1, windowMs: 20_000 }] }),
  });
  const start = w.clock.now();
  const e = (await c
    .forAction({ deadline: start + 10_000 })
    .search({})
    .catch(x => x)) as ServiceError;
  assert.equal(e.code, 'TIMEOUT');
  assert.deepEqual(e.failure, { kind: 'timeout', sent: false });
  assert.equal(w.sent.length, 1);
});

test('every try gives its place back however it ends: an answer, an error, a timeout, a failed connection, a cancel', async () => {
  const ctrl = new AbortController();
  const w = world([{ status: 200, body: { data: [] } }, { status: 500, body: {} }, 'hang', 'network', 'hang'], {
    maxRetries: 0,
    timeoutMs: 100,
  });
  const limiter = new RateLimiter({ clock: w.clock, limits: [{ limit: 1, windowMs: 1000 }] });
  const c = new ServiceClient({
    environment: ENV,
    apiKey: 'secret-key-1234',
    fetch: w.fetchImpl,
    clock: w.clock,
    tryClock: w.clock,
    limiter,
    maxRetries: 0,
    timeoutMs: 100,
  });
  const outcomes: string[] = [];
  for (let i = 0; i < 5; i++) {
    const call = c.search({}, { signal: i === 4 ? ctrl.signal : undefined });
    if (i === 4) setImmediate(() => ctrl.abort());
    outcomes.push(
      await call.then(
        () => 'answer',
        (e: ServiceError) => e.code ?? e.name,
      ),
    );
    assert.deepEqual(limiter.usage(), [1], `after ${outcomes[i]}: answered, in the window for a second, not out`);
    assert.ok(limiter.delay() <= 1000, `after ${outcomes[i]}: ${limiter.delay()} ms`);
  }
  assert.deepEqual(outcomes, ['answer', 'INTERNAL_ERROR', 'TIMEOUT', 'NETWORK', 'CancelledError']);
});

test("paceFor: how long until n more calls could all have left through the client's limiter", async () => {
  const w = world([]);
  assert.deepEqual(await Promise.all([1, 10, 11, 101].map(n => w.client.paceFor(n))), [0, 0, 1000, 60_000]);
  await Promise.all(Array.from({ length: 10 }, () => w.client.search({})));
  assert.equal(await w.client.paceFor(1), 1000);
});

test('a call queued by the rate limit announces its wait and reason, and is charged nothing for it', async () => {
  const clock = new VirtualClock();
  const limiter = new RateLimiter({ clock, limits: [{ limit: 2, windowMs: 60_000 }] });
  const c = new ServiceClient({
    environment: ENV,
    apiKey: 'secret-key-1234',
    fetch: (async () => new Response('{"data":[]}', { status: 200 })) as typeof fetch,
    clock,
    limiter,
    readBudgetMs: 1_000,
  });
  const waits: WaitNotice[] = [];
  await Promise.all([0, 1, 2].map(() => c.search({}, { onWait: x => waits.push(x) })));
  assert.equal(waits.length, 1);
  assert.equal(waits[0].reason, 'rateLimit');
  assert.equal(waits[0].ms, 60_000);
  assert.equal(waitText(waits[0]), "Waiting 60 seconds: the service's rate limit of 2 calls a minute.");
});

test('an action scope: one Cancel aborts every call of the action, and an overall deadline holds', async () => {
  const w = world(() => 'hang');
  const ctrl = new AbortController();
  const action = w.client.forAction({ signal: ctrl.signal, onWait: w.onWait });
  const p = Promise.all([action.search({}), action.getCampaign('65f0c1d2e3a4b5c6d7e8f901')]);
  setImmediate(() => ctrl.abort());
  await assert.rejects(p, { name: 'CancelledError' });
  const w2 = world(() => 'network', { maxRetries: 100 });
  const deadline = w2.clock.now() + 3_000;
  const e = (await w2.client
    .forAction({ deadline })
    .search({})
    .catch(x => x)) as ServiceError;
  assert.equal(e.code, 'NETWORK');
  assert.ok(w2.clock.now() <= deadline);
});

test('answers are observed with their latency; 5xx and 401 too', async () => {
  const w = world([
    { status: 200, body: { data: [] } },
    { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Bad key.' } } },
  ]);
  await w.client.search({});
  await w.client.search({}).catch(() => undefined);
  assert.deepEqual(
    w.events.map(e => (e.kind === 'answered' ? e.status : e.kind)),
    [200, 401],
  );
  const e401 = w.events[1];
  assert.ok(e401.kind === 'answered' && /Bad key/.test(e401.message ?? ''));
});
