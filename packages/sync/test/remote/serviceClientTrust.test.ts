import { after, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { ServiceClient } from '../../src/remote/serviceClient';
import { CallLogEntry, formatCallLog } from '../../src/remote/callLog';
import { ServiceError } from '../../src/remote/errors';
import { RateLimiter } from '../../src/remote/rateLimiter';
import { Environment } from '../../src/remote/environments';
import { VirtualClock } from '../helpers/virtualClock';

/**
 * What the client refuses to trust: a base URL that would expose the key, a redirect to another
 * origin, an answer about another campaign; and what it never lets out: the key, raw or encoded.
 */

const ID = '65f0c1d2e3a4b5c6d7e8f901';
const ENV: Environment = { name: 'test', baseUrl: 'https://api.example.com', workspaceId: 'WS1', headerPrefix: 'SVC', production: false };

function clientWith(fetchImpl: typeof fetch, env: Partial<Environment> = {}, apiKey = 'secret-api-key-123') {
  const clock = new VirtualClock();
  const logs: CallLogEntry[] = [];
  const c = new ServiceClient({
    environment: { ...ENV, ...env },
    apiKey,
    fetch: fetchImpl,
    clock,
    limiter: new RateLimiter({ clock }),
    log: e => logs.push(e),
    maxRetries: 0,
  });
  return { c, logs };
}

const answering = (body: unknown) => (async () => new Response(JSON.stringify(body), { status: 200 })) as typeof fetch;

test('the client itself refuses plain http:// off this machine, before anything is sent', () => {
  let sent = 0;
  const fetchImpl = (async () => {
    sent++;
    return new Response('{}');
  }) as typeof fetch;
  assert.throws(
    () => clientWith(fetchImpl, { baseUrl: 'http://api.example.com' }),
    /`http:\/\/api\.example\.com` uses plain `http:\/\/`, which would send the API key unencrypted: use `https:\/\/`/,
  );
  assert.throws(() => clientWith(fetchImpl, { baseUrl: 'http://10.0.0.5:8080/' }), /unencrypted/);
  assert.throws(() => clientWith(fetchImpl, { baseUrl: 'https://ws:pw@api.example.com' }), /must not carry credentials/);
  assert.throws(() => clientWith(fetchImpl, { baseUrl: 'ftp://api.example.com' }), /reached over `https:\/\/`/);
  assert.equal(sent, 0);
  for (const ok of ['https://api.example.com', 'http://127.0.0.1:8080', 'http://localhost:9', 'http://[::1]:9']) {
    assert.doesNotThrow(() => clientWith(fetchImpl, { baseUrl: ok }), ok);
  }
});

test('an answer about another campaign than the one asked for is refused, naming both', async () => {
  const { c } = clientWith(answering({ data: { id: '65f0c1d2e3a4b5c6d7e8f999', channel: 'PUSH' } }));
  const e = (await c.getCampaign(ID).catch(x => x)) as ServiceError;
  assert.ok(e instanceof ServiceError, String(e));
  assert.equal(e.code, 'BAD_RESPONSE');
  assert.match(e.message, new RegExp(`campaign ${ID} was asked for, but the answer holds \`id\` "65f0c1d2e3a4b5c6d7e8f999"`));
  await assert.rejects(clientWith(answering({ data: { channel: 'PUSH' } })).c.getCampaign(ID), /the answer holds no campaign id/);
  // With campaign versioning, `id` names one revision and `campaign_id` the campaign asked for.
  const revision = await clientWith(answering({ data: { id: '65f0c1d2e3a4b5c6d7e8f902', campaign_id: ID } })).c.getCampaign(ID);
  assert.equal(revision.campaign_id, ID);
});

/** A local HTTP server that records each request and answers with `handle`. */
async function server(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }> = [];
  const s = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => handle(req, res));
  });
  await new Promise<void>(resolve => s.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>(resolve => s.close(() => resolve())));
  return { seen, url: `http://127.0.0.1:${(s.address() as AddressInfo).port}` };
}

const campaign = (res: http.ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ data: { id: ID } }));
};

test('a redirect to another origin is not followed: no credentials leave, and the error names where it led', async () => {
  const elsewhere = await server((_req, res) => campaign(res));
  const service = await server((req, res) => {
    res.writeHead(302, { Location: `${elsewhere.url}${req.url}` });
    res.end();
  });
  const c = new ServiceClient({
    environment: { ...ENV, baseUrl: service.url },
    apiKey: 'secret-api-key-123',
    limiter: new RateLimiter(),
    maxRetries: 0,
  });
  const e = (await c.getCampaign(ID).catch(x => x)) as ServiceError;
  assert.deepEqual(elsewhere.seen, [], 'the other origin received the call');
  assert.ok(e instanceof ServiceError, String(e));
  assert.equal(e.code, 'CROSS_ORIGIN_REDIRECT');
  assert.equal(e.status, 302);
  assert.ok(e.message.includes(`redirected the call to ${elsewhere.url}, another origin`), e.message);
  assert.match(e.message, /Check that the environment's base URL is the service's own address/);
  assert.equal(service.seen.length, 1, 'not retried');
});

test('a redirect within the same origin is followed with the same headers; a 303 turns a POST into a GET', async () => {
  const service = await server((req, res) => {
    if (req.url === `/v5/campaigns/${ID}`) return campaign(res);
    if (req.url?.startsWith('/old/')) {
      res.writeHead(307, { Location: `/v5/campaigns/${ID}` });
      return res.end();
    }
    res.writeHead(303, { Location: `/v5/campaigns/${ID}` });
    res.end();
  });
  const c = new ServiceClient({
    environment: { ...ENV, baseUrl: service.url },
    apiKey: 'secret-api-key-123',
    limiter: new RateLimiter(),
    maxRetries: 0,
    routes: { getCampaign: { path: '/old/campaigns/{campaign_id}' }, searchCampaigns: { path: '/moved/search' } },
  });
  assert.equal((await c.getCampaign(ID)).id, ID);
  assert.deepEqual(
    service.seen.map(r => `${r.method} ${r.url}`),
    [`GET /old/campaigns/${ID}`, `GET /v5/campaigns/${ID}`],
  );
  assert.equal(service.seen[1].headers['svc-appkey'], 'WS1');
  assert.match(String(service.seen[1].headers.authorization), /^Basic /);
  await c.request({ method: 'POST', path: '/moved/search', body: { page: 1 }, kind: 'read' });
  assert.deepEqual(
    service.seen.slice(2).map(r => `${r.method} ${r.url}`),
    ['POST /moved/search', `GET /v5/campaigns/${ID}`],
  );
});

// A key with the characters that URL encoding changes: its encoded form differs from it.
const SPECIAL_KEY = 'k3y+with/slash=and+plus==';
const ENCODED_KEY = encodeURIComponent(SPECIAL_KEY);

test('a key with +, / and = is redacted raw and URL-encoded from error messages and the log', async () => {
  assert.notEqual(ENCODED_KEY, SPECIAL_KEY);
  const echo = `rejected key ${SPECIAL_KEY}; the proxy saw ?key=${ENCODED_KEY}`;
  const fetchImpl = (async () =>
    new Response(
      JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: echo, details: [{ target: 'x', message: `got ${ENCODED_KEY}` }] } }),
      { status: 500 },
    )) as typeof fetch;
  const { c, logs } = clientWith(fetchImpl, {}, SPECIAL_KEY);
  const e = (await c.patch(ID, {}).catch(x => x)) as ServiceError;
  const text = [e.message, ...e.details.map(d => d.message), ...logs.map(formatCallLog)].join('\n');
  assert.ok(!text.includes(SPECIAL_KEY), text);
  assert.ok(!text.includes(ENCODED_KEY), text);
  assert.match(e.message, /rejected key \*\*\*; the proxy saw \?key=\*\*\*/);
});

test('a network failure whose text holds the key, raw or URL-encoded, is redacted', async () => {
  const fetchImpl = (async () => {
    throw Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error(`connect ECONNRESET for ${SPECIAL_KEY} (${ENCODED_KEY})`), { code: 'ECONNRESET' }),
    });
  }) as typeof fetch;
  const { c, logs } = clientWith(fetchImpl, {}, SPECIAL_KEY);
  const e = (await c.getCampaign(ID).catch(x => x)) as ServiceError;
  assert.equal(e.code, 'NETWORK');
  assert.match(e.message, /Could not reach https:\/\/api\.example\.com: ECONNRESET \(connect ECONNRESET for \*\*\* \(\*\*\*\)\)/);
  const text = [e.message, ...logs.map(formatCallLog)].join('\n');
  assert.ok(!text.includes(SPECIAL_KEY) && !text.includes(ENCODED_KEY), text);
});

test('a read marked thenWrite waits for room for the write too, so the PATCH follows it without queueing', async () => {
  const clock = new VirtualClock();
  const sentAt: Array<{ method: string; at: number }> = [];
  const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
    sentAt.push({ method: init?.method ?? 'GET', at: clock.now() });
    return new Response(JSON.stringify({ data: { id: ID } }), { status: 200 });
  }) as typeof fetch;
  const c = new ServiceClient({
    environment: ENV,
    apiKey: 'secret-api-key-123',
    fetch: fetchImpl,
    clock,
    limiter: new RateLimiter({ clock, limits: [{ limit: 2, windowMs: 1000 }] }),
  });
  await c.getCampaign(ID);
  await c.getCampaign(ID, { thenWrite: true });
  await c.patch(ID, { channel: 'PUSH' });
  const [first, read, write] = sentAt;
  assert.deepEqual([read.method, write.method], ['GET', 'PATCH']);
  assert.equal(read.at - first.at, 1000, 'the read waited for room for both');
  assert.equal(write.at - read.at, 0, 'nothing queued between the last read and the PATCH');
});
