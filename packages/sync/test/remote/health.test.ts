import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ConnectionStatus, describeStatus, HealthMonitor, nextStatus, settled } from '../../src/remote/health';
import { CallEvent } from '../../src/remote/serviceClient';
import { VirtualClock } from '../helpers/virtualClock';

/** The connection state follows what calls meet; a background check brings it back. */

const T0 = 1_000_000;
const connected: ConnectionStatus = { state: 'connected' };
const ok = (ms: number): CallEvent => ({ kind: 'answered', status: 200, ms, requestId: 'r' });
const refused: CallEvent = { kind: 'unanswered', code: 'NETWORK', message: 'Could not reach http://127.0.0.1:1: ECONNREFUSED.' };

const table: Array<{ name: string; from: ConnectionStatus; event: CallEvent; to: ConnectionStatus }> = [
  {
    name: 'a quick answer is connected, with its latency',
    from: { state: 'connecting' },
    event: ok(120),
    to: { state: 'connected', latencyMs: 120 },
  },
  { name: 'a slow answer is slow, with the latency seen', from: connected, event: ok(4200), to: { state: 'slow', latencyMs: 4200 } },
  {
    name: 'a quick answer after slow ones is connected again',
    from: { state: 'slow', latencyMs: 4200 },
    event: ok(80),
    to: { state: 'connected', latencyMs: 80 },
  },
  {
    name: 'a 4xx is an answer: the service is reachable',
    from: connected,
    event: { kind: 'answered', status: 404, ms: 50, requestId: 'r' },
    to: { state: 'connected', latencyMs: 50 },
  },
  {
    name: 'no connection: unreachable since now, with the error',
    from: connected,
    event: refused,
    to: { state: 'unreachable', since: T0, lastError: refused.kind === 'unanswered' ? refused.message : '' },
  },
  {
    name: 'still unreachable keeps the first "since"',
    from: { state: 'unreachable', since: T0 - 5000, lastError: 'x' },
    event: refused,
    to: { state: 'unreachable', since: T0 - 5000, lastError: 'Could not reach http://127.0.0.1:1: ECONNREFUSED.' },
  },
  {
    name: '5xx answers: unreachable, saying what it answers',
    from: connected,
    event: { kind: 'answered', status: 503, ms: 5, requestId: 'r', message: 'Down.' },
    to: { state: 'unreachable', since: T0, lastError: 'The service answers HTTP 503: Down.' },
  },
  {
    name: '401: credentials rejected',
    from: connected,
    event: { kind: 'answered', status: 401, ms: 5, requestId: 'r', message: 'Bad key.' },
    to: { state: 'credentialsRejected', message: 'Bad key.' },
  },
  {
    name: '429: rate-limited until Retry-After',
    from: connected,
    event: { kind: 'answered', status: 429, ms: 5, requestId: 'r', retryAfterMs: 7000 },
    to: { state: 'rateLimited', until: T0 + 7000, why: 'the service refused a call for its rate limit (429)' },
  },
  {
    name: 'a limiter wait over a second: rate-limited with its reason',
    from: connected,
    event: { kind: 'waiting', wait: { reason: 'rateLimit', ms: 42_000, at: T0, why: "the service's rate limit of 100 calls a minute" } },
    to: { state: 'rateLimited', until: T0 + 42_000, why: "the service's rate limit of 100 calls a minute" },
  },
  {
    name: 'the limiter pacing calls by less than a second is not rate limiting',
    from: connected,
    event: { kind: 'waiting', wait: { reason: 'rateLimit', ms: 400, at: T0, why: 'w' } },
    to: connected,
  },
  {
    name: 'a retry backoff does not change the state',
    from: connected,
    event: { kind: 'waiting', wait: { reason: 'retry', ms: 2000, at: T0, why: 'x' } },
    to: connected,
  },
  {
    name: 'an answer while still rate-limited keeps the countdown',
    from: { state: 'rateLimited', until: T0 + 1000, why: 'w' },
    event: ok(10),
    to: { state: 'rateLimited', until: T0 + 1000, why: 'w' },
  },
  { name: 'signed out ignores stray events', from: { state: 'signedOut' }, event: refused, to: { state: 'signedOut' } },
];

for (const row of table) {
  test(`state: ${row.name}`, () => assert.deepEqual(nextStatus(row.from, row.event, T0), row.to));
}

test('a rate-limited state whose time has come is connected', () => {
  assert.deepEqual(settled({ state: 'rateLimited', until: T0, why: 'w' }, T0), { state: 'connected' });
  assert.deepEqual(settled({ state: 'rateLimited', until: T0 + 1, why: 'w' }, T0).state, 'rateLimited');
});

test('every state has words: short for the status bar, a sentence for the tooltip and the view', () => {
  const at = (ms: number) => new Date(ms).toISOString().slice(11, 19);
  const words = (s: ConnectionStatus) => describeStatus(s, T0, at);
  assert.equal(words({ state: 'slow', latencyMs: 4200 }).short, 'slow (4.2 s)');
  assert.equal(words({ state: 'rateLimited', until: T0 + 41_200, why: 'w' }).short, 'rate-limited (42 s)');
  assert.match(
    words({ state: 'rateLimited', until: T0 + 41_200, why: "the service's rate limit of 100 calls a minute" }).detail,
    /next call is allowed in 42 seconds/,
  );
  assert.equal(words({ state: 'unreachable', since: T0, lastError: 'E.' }).short, `unreachable since ${at(T0)}`);
  assert.match(
    words({ state: 'unreachable', since: T0, lastError: 'ECONNREFUSED.' }).detail,
    /Last error: ECONNREFUSED\. Checking again in the background\./,
  );
  assert.equal(words({ state: 'credentialsRejected', message: 'Bad key.' }).short, 'credentials rejected');
  for (const s of ['signedOut', 'connecting', 'connected'] as const) assert.ok(words({ state: s }).detail.length > 10);
});

function monitor(probeAnswers: Array<'ok' | 'fail'>) {
  const clock = new VirtualClock(T0);
  const checks: number[] = [];
  const seen: ConnectionStatus[] = [];
  const waiters: Array<{ state: string; resolve(): void }> = [];
  const m: HealthMonitor = new HealthMonitor({
    clock,
    onChange: s => {
      seen.push(s);
      for (const w of waiters.filter(x => x.state === s.state)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    },
    probe: async () => {
      checks.push(clock.now());
      const a = probeAnswers.shift() ?? 'ok';
      // The probe's own call reports to the monitor, as the client's observer does.
      m.observe(a === 'ok' ? ok(30) : refused);
      if (a === 'fail') throw new Error('refused');
    },
  });
  /** Resolves when the state becomes `state` (an onChange event), or at once when it is. */
  const reached = (state: string) =>
    new Promise<void>(resolve => {
      if (m.status.state === state) resolve();
      else waiters.push({ state, resolve });
    });
  return { clock, checks, seen, m, reached };
}

test('answers while connected are no change, whatever their latency; a slow one is when the seconds shown change', () => {
  const w = monitor([]);
  w.m.set({ state: 'connecting' });
  w.m.observe(ok(120));
  w.m.observe(ok(80));
  assert.deepEqual(w.seen, [{ state: 'connecting' }, { state: 'connected', latencyMs: 120 }], 'the second answer is no change');
  assert.deepEqual(w.m.status, { state: 'connected', latencyMs: 80 }, 'the newest latency is kept for whoever asks');
  w.m.observe(ok(4200));
  w.m.observe(ok(4230));
  w.m.observe(ok(5100));
  assert.deepEqual(
    w.seen.slice(2),
    [
      { state: 'slow', latencyMs: 4200 },
      { state: 'slow', latencyMs: 5100 },
    ],
    '4.2 s twice is one change',
  );
  assert.deepEqual(w.m.status, { state: 'slow', latencyMs: 5100 });
  w.m.dispose();
});

test('after a failure the background check backs off (2, 4, 8 s) and brings the state back to connected by itself', async () => {
  const w = monitor(['fail', 'fail', 'ok']);
  w.m.set({ state: 'connected' });
  w.m.observe(refused);
  assert.equal(w.m.status.state, 'unreachable');
  await w.reached('connected');
  assert.deepEqual(
    w.checks.map(t => t - T0),
    [2000, 6000, 14000],
  );
  assert.deepEqual(
    w.seen.map(s => s.state),
    ['connected', 'unreachable', 'connected'],
  );
  w.m.dispose();
});

test('after a recovery the back-off starts again: the next outage is checked first at +2 s', async () => {
  const w = monitor(['fail', 'fail', 'ok', 'fail', 'ok']);
  w.m.set({ state: 'connected' });
  w.m.observe(refused);
  await w.reached('connected');
  const recovered = w.clock.now();
  w.m.observe(refused);
  await w.reached('connected');
  assert.deepEqual(
    w.checks.map(t => t - T0),
    [2000, 6000, 14000, 16000, 20000],
  );
  assert.equal(w.checks[3] - recovered, 2000, 'the first check of the second outage');
  w.m.dispose();
});

test('Retry checks at once; a rate-limited state turns connected when its time comes; signing out stops the checks', async () => {
  const w = monitor(['ok']);
  w.m.set({ state: 'connected' });
  w.m.observe(refused);
  await w.m.checkNow();
  assert.equal(w.m.status.state, 'connected');
  assert.deepEqual(
    w.checks.map(t => t - T0),
    [0],
  );

  w.m.observe({ kind: 'waiting', wait: { reason: 'retryAfter', ms: 5000, at: w.clock.now(), why: 'w' } });
  const limitedAt = w.clock.now();
  await w.reached('connected');
  assert.equal(w.clock.now() - limitedAt, 5000);

  w.m.observe(refused);
  w.m.set({ state: 'signedOut' });
  const checks = w.checks.length;
  await w.clock.elapse(120_000);
  assert.equal(w.checks.length, checks, 'no check after signing out');
  w.m.dispose();
});
