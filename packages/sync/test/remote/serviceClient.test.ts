import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ServiceClient, ServiceClientOptions, parseRetryAfter } from '../../src/remote/serviceClient';
import { CallLogEntry, formatCallLog, redact } from '../../src/remote/callLog';
import { adviceFor, ServiceError } from '../../src/remote/errors';
import { RateLimiter } from '../../src/remote/rateLimiter';
import { Environment } from '../../src/remote/environments';
import { VirtualClock } from '../helpers/virtualClock';

const ENV: Environment = { name: 'test', baseUrl: 'https://api.example.com', workspaceId: 'WS1', headerPrefix: 'SVC', production: false };
const KEY = 'secret-api-key-123';
const ID = '65f0c1d2e3a4b5c6d7e8f901';
const BASIC = Buffer.from(`WS1:${KEY}`).toString('base64');

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** A scripted service: each call takes the next answer. */
function scripted(answers: Array<{ status: number; body?: unknown; headers?: Record<string, string> } | 'network' | 'hang'>) {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    seen.push({ method: init?.method ?? 'GET', url: String(input), headers, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const a = answers.shift() ?? { status: 200, body: {} };
    if (a === 'network')
      throw Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    if (a === 'hang') {
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }
    return new Response(a.body === undefined ? null : typeof a.body === 'string' ? a.body : JSON.stringify(a.body), {
      status: a.status,
      headers: a.headers,
    });
  }) as typeof fetch;
  return { seen, fetchImpl };
}

function client(fetchImpl: typeof fetch, extra: Partial<ServiceClientOptions> = {}) {
  const clock = new VirtualClock();
  const logs: CallLogEntry[] = [];
  const c = new ServiceClient({
    environment: ENV,
    apiKey: KEY,
    fetch: fetchImpl,
    clock,
    limiter: new RateLimiter({ clock }),
    log: e => logs.push(e),
    random: () => 0.5,
    ...extra,
  });
  return { c, clock, logs };
}

test('every call carries Basic auth, the app key header and a request id (header, and body for V1 calls)', async () => {
  const s = scripted([
    { status: 200, body: { data: { id: ID } } },
    { status: 200, body: [] },
  ]);
  const { c } = client(s.fetchImpl, { newRequestId: () => 'rid-1' });
  await c.getCampaign('65f0c1d2e3a4b5c6d7e8f901');
  await c.meta({ campaign_fields: { channels: ['PUSH'] } });
  assert.equal(s.seen[0].url, 'https://api.example.com/v5/campaigns/65f0c1d2e3a4b5c6d7e8f901');
  assert.equal(s.seen[0].headers.Authorization, `Basic ${BASIC}`);
  assert.equal(s.seen[0].headers['SVC-APPKEY'], 'WS1');
  assert.equal(s.seen[0].headers['X-SVC-Request-Id'], 'rid-1');
  assert.equal(s.seen[0].body, undefined);
  assert.equal(s.seen[1].url, 'https://api.example.com/core-services/v1/campaigns/meta');
  assert.deepEqual(s.seen[1].body, { campaign_fields: { channels: ['PUSH'] }, limit: 15, page: 1, request_id: 'rid-1' });
});

test('the header prefix is configurable', async () => {
  const s = scripted([{ status: 200, body: { data: [] } }]);
  const { c } = client(s.fetchImpl, { environment: { ...ENV, headerPrefix: 'MOE' } });
  await c.search({});
  assert.ok(s.seen[0].headers['MOE-APPKEY'] && s.seen[0].headers['X-MOE-Request-Id']);
});

test('search pages: limit clamped to 15; hasMore while pages are full', async () => {
  const full = Array.from({ length: 15 }, (_, i) => ({ id: `c${i}` }));
  const s = scripted([
    { status: 200, body: { data: full } },
    { status: 200, body: { data: full.slice(0, 3) } },
  ]);
  const { c } = client(s.fetchImpl);
  const all = await c.searchAll({ campaign_fields: {}, limit: 99 });
  assert.equal(all.length, 18);
  assert.deepEqual(
    s.seen.map(x => x.body as { page: number; limit: number }),
    [
      { campaign_fields: {}, limit: 15, page: 1, request_id: s.seen[0].headers['X-SVC-Request-Id'] },
      { campaign_fields: {}, limit: 15, page: 2, request_id: s.seen[1].headers['X-SVC-Request-Id'] },
    ],
  );
});

test('429: waits as long as Retry-After says, pausing the shared limiter, then succeeds', async () => {
  const s = scripted([
    { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'slow down' } }, headers: { 'Retry-After': '7' } },
    { status: 200, body: { data: { id: ID } } },
  ]);
  const { c, clock, logs } = client(s.fetchImpl);
  const t0 = clock.now();
  await c.getCampaign('65f0c1d2e3a4b5c6d7e8f901');
  assert.ok(clock.now() - t0 >= 7000, `waited ${clock.now() - t0} ms`);
  assert.equal(s.seen.length, 2);
  assert.equal(s.seen[0].headers['X-SVC-Request-Id'], s.seen[1].headers['X-SVC-Request-Id']);
  assert.deepEqual(
    logs.map(l => [l.status, l.attempt, l.retryInMs]),
    [
      [429, 1, 7000],
      [200, 2, undefined],
    ],
  );
});

test('429 on a write is retried too (the service refused it without applying it)', async () => {
  const s = scripted([
    { status: 429, body: {}, headers: { 'Retry-After': '1' } },
    { status: 200, body: {} },
  ]);
  const { c } = client(s.fetchImpl);
  await c.patch('65f0c1d2e3a4b5c6d7e8f901', { channel: 'PUSH' });
  assert.equal(s.seen.length, 2);
});

test('a Retry-After too long to wait out fails at once and says how long to wait', async () => {
  const s = scripted([
    { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Hourly limit reached.' } }, headers: { 'Retry-After': '1800' } },
  ]);
  const { c } = client(s.fetchImpl);
  const e = (await c.getCampaign('65f0c1d2e3a4b5c6d7e8f901').catch(x => x)) as ServiceError;
  assert.equal(e.status, 429);
  assert.equal(e.retryAfterMs, 1_800_000);
  assert.match(adviceFor(e).message, /allows the next call in 30 minutes; try again then/);
  assert.deepEqual(adviceFor(e).actions, ['retry', 'showLog']);
});

test('5xx: reads are retried with backoff; writes never are', async () => {
  let s = scripted([
    { status: 500, body: {} },
    { status: 503, body: {} },
    { status: 200, body: { data: { id: ID } } },
  ]);
  let r = client(s.fetchImpl);
  await r.c.getCampaign('65f0c1d2e3a4b5c6d7e8f901');
  assert.equal(s.seen.length, 3);
  assert.deepEqual(
    r.logs.map(l => l.retryInMs),
    [500, 1000, undefined],
  );

  s = scripted([{ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'boom' } } }]);
  r = client(s.fetchImpl);
  const e = (await r.c.patch('65f0c1d2e3a4b5c6d7e8f901', { channel: 'PUSH' }).catch(x => x)) as ServiceError;
  assert.equal(s.seen.length, 1);
  assert.equal(e.code, 'INTERNAL_ERROR');
  assert.match(adviceFor(e).message, /request id/);
});

test('reads give up after the last retry with the last error', async () => {
  const s = scripted(Array.from({ length: 10 }, () => ({ status: 502, body: 'Bad gateway' })));
  const { c } = client(s.fetchImpl, { maxRetries: 2 });
  const e = (await c.search({}).catch(x => x)) as ServiceError;
  assert.equal(s.seen.length, 3);
  assert.equal(e.status, 502);
  assert.equal(e.attempts, 3);
  assert.match(e.message, /Bad gateway/);
});

test('connection failures: reads retried, writes not, and the message names the host', async () => {
  let s = scripted(['network', { status: 200, body: { data: [] } }]);
  let r = client(s.fetchImpl);
  await r.c.search({});
  assert.equal(s.seen.length, 2);
  s = scripted(['network']);
  r = client(s.fetchImpl);
  const e = (await r.c
    .createDraft({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: 'a@b.co' })
    .catch(x => x)) as ServiceError;
  assert.equal(e.code, 'NETWORK');
  assert.match(e.message, /ECONNREFUSED/);
  assert.match(adviceFor(e, { environment: 'test' }).message, /base URL of environment `test`/);
});

test('timeouts: a hanging read is abandoned and retried; a hanging write is not retried and says it may have applied', async () => {
  let s = scripted(['hang', { status: 200, body: { data: [] } }]);
  let r = client(s.fetchImpl, { timeoutMs: 30 });
  await r.c.search({});
  assert.equal(s.seen.length, 2);
  s = scripted(['hang']);
  r = client(s.fetchImpl, { timeoutMs: 30 });
  const e = (await r.c.patch('65f0c1d2e3a4b5c6d7e8f901', {}).catch(x => x)) as ServiceError;
  assert.equal(e.code, 'TIMEOUT');
  assert.equal(s.seen.length, 1);
  assert.match(e.message, /may or may not have been applied/);
});

test('cancellation: in flight, while waiting to retry, and before sending', async () => {
  let s = scripted(['hang']);
  let r = client(s.fetchImpl);
  const ctrl = new AbortController();
  const p = r.c.search({}, { signal: ctrl.signal });
  setImmediate(() => ctrl.abort());
  await assert.rejects(p, { name: 'CancelledError' });

  s = scripted([{ status: 503, body: {} }]);
  let retryWaitStarted!: () => void;
  const waiting = new Promise<void>(resolve => {
    retryWaitStarted = resolve;
  });
  // The wait before a retry ends only when cancelled; the test cancels once it has begun.
  const sleep = (_ms: number, signal?: AbortSignal) =>
    new Promise<void>((_, reject) => {
      signal?.addEventListener('abort', () => reject(Object.assign(new Error('c'), { name: 'CancelledError' })));
      retryWaitStarted();
    });
  r = client(s.fetchImpl, { backoffMs: 60_000, readBudgetMs: 600_000, clock: { now: () => Date.now(), sleep } });
  const c2 = new AbortController();
  const p2 = r.c.search({}, { signal: c2.signal });
  await waiting;
  c2.abort();
  await assert.rejects(p2, { name: 'CancelledError' });
  assert.equal(s.seen.length, 1, 'cancelled while waiting to retry, after the one try');

  const c3 = new AbortController();
  c3.abort();
  s = scripted([]);
  r = client(s.fetchImpl);
  await assert.rejects(r.c.search({}, { signal: c3.signal }), { name: 'CancelledError' });
  assert.equal(s.seen.length, 0);
});

test('the error envelope becomes one readable sentence: code, target, details', async () => {
  const s = scripted([
    {
      status: 400,
      body: {
        response_id: 'r',
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Audience limit is not enabled.',
          target: 'campaign_audience_limit',
          details: [
            { target: 'campaign_audience_limit', message: 'Audience limit is not enabled.' },
            { target: 'utm_params.utm_x', message: 'Unknown key.' },
          ],
          request_id: 'r',
        },
      },
    },
  ]);
  const { c } = client(s.fetchImpl);
  const e = (await c.patch('65f0c1d2e3a4b5c6d7e8f901', {}).catch(x => x)) as ServiceError;
  assert.equal(
    e.message,
    'VALIDATION_FAILED (HTTP 400) on `campaign_audience_limit`: Audience limit is not enabled. Details: `utm_params.utm_x`: Unknown key.',
  );
  assert.equal(e.target, 'campaign_audience_limit');
  assert.equal(e.details.length, 2);
});

test('401 and 404 say what to do', async () => {
  const s = scripted([
    { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Bad credentials.' } } },
    { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No campaign.', target: 'campaign_id', details: [] } } },
  ]);
  const { c } = client(s.fetchImpl);
  const e401 = await c.search({}).catch(x => x);
  assert.match(adviceFor(e401, { environment: 'staging' }).message, /Sign in again/);
  assert.deepEqual(adviceFor(e401).actions, ['signIn']);
  const e404 = await c.getCampaign('65f0c1d2e3a4b5c6d7e8f901').catch(x => x);
  assert.match(adviceFor(e404, { environment: 'staging' }).message, /no longer exists, or it belongs to another workspace/);
});

test('an answer that is not what the spec says is a clear error, not a crash', async () => {
  const s = scripted([
    { status: 200, body: 'hello' },
    { status: 200, body: { data: 'nope' } },
  ]);
  const { c } = client(s.fetchImpl);
  await assert.rejects(c.search({}), /BAD_RESPONSE.*not a list of campaigns/);
  await assert.rejects(c.getCampaign('65f0c1d2e3a4b5c6d7e8f901'), /no campaign under `data`/);
});

test('credentials never reach the log, even when the service echoes them', async () => {
  const echo = `Authorization: Basic ${BASIC} rejected for key ${KEY}`;
  const s = scripted([
    { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: echo, details: [{ target: 'x', message: `api_key=${KEY}` }] } } },
  ]);
  const { c, logs } = client(s.fetchImpl);
  const e = (await c.patch('65f0c1d2e3a4b5c6d7e8f901', {}).catch(x => x)) as ServiceError;
  const text = [e.message, ...logs.map(formatCallLog), JSON.stringify(logs)].join('\n');
  assert.ok(!text.includes(KEY), text);
  assert.ok(!text.includes(BASIC), text);
  assert.match(
    formatCallLog(logs[0]),
    /^test PATCH \/v5\/campaigns\/65f0c1d2e3a4b5c6d7e8f901 → 500 in \d+ ms \[request [0-9a-f-]{36}\]: INTERNAL_ERROR$/,
  );
});

test('redact() removes given secrets and anything shaped like credentials', () => {
  assert.equal(redact(`key ${KEY} and ${BASIC}`, [KEY, BASIC]), 'key *** and ***');
  assert.equal(redact('Authorization: Basic dXNlcjpwYXNzd29yZA=='), 'Authorization: Basic ***');
  assert.equal(redact('{"apiKey":"abc123"}'), '{"apiKey":"***"}');
  assert.equal(redact('https://ws:pw@host/x'), 'https://***@host/x');
});

test('every write asks confirmWrite first; a refusal sends nothing; `confirmed` skips the question', async () => {
  const s = scripted([
    { status: 200, body: {} },
    { status: 200, body: {} },
    { status: 200, body: { data: [] } },
    { status: 200, body: {} },
  ]);
  const asked: string[] = [];
  let answer = false;
  const { c } = client(s.fetchImpl, {
    confirmWrite: i => {
      asked.push(i.description);
      return answer;
    },
  });
  await assert.rejects(c.setStatus('PAUSE', ['65f0c1d2e3a4b5c6d7e8f901']), /was not confirmed/);
  assert.equal(s.seen.length, 0);
  answer = true;
  await c.publishV1('65f0c1d2e3a4b5c6d7e8f901', {});
  await c.testSend({ channel: 'PUSH' }, { confirmed: true });
  await c.search({});
  await c.validate('65f0c1d2e3a4b5c6d7e8f901');
  assert.deepEqual(asked, ['PAUSE campaign 65f0c1d2e3a4b5c6d7e8f901', 'publish campaign 65f0c1d2e3a4b5c6d7e8f901 through V1']);
});

test('Retry-After as seconds or as an HTTP date', () => {
  assert.equal(parseRetryAfter('3'), 3000);
  assert.equal(parseRetryAfter('0.5'), 500);
  assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4000), 6000);
  assert.equal(parseRetryAfter('soon'), undefined);
  assert.equal(parseRetryAfter(undefined), undefined);
});
