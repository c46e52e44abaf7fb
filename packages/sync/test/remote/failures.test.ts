import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { CancelledError } from '../../src/remote/clock';
import { answerLost, mayHaveApplied, notAnswering, ServiceError } from '../../src/remote/errors';
import { Environment } from '../../src/remote/environments';
import { RateLimiter } from '../../src/remote/rateLimiter';
import { ServiceClient, ServiceClientOptions } from '../../src/remote/serviceClient';
import { VirtualClock } from '../helpers/virtualClock';

/**
 * What became of a failed call is data on the error: never sent, sent and cancelled, timed out
 * before or after sending, the Node code of a failed connection. Nothing reads it back from the
 * message, which a translation may change.
 */

after(() => l10n.config({ contents: {} }));

const ENV: Environment = { name: 'test', baseUrl: 'https://api.example.com', workspaceId: 'WS1', headerPrefix: 'SVC', production: false };
const ID = '65f0c1d2e3a4b5c6d7e8f901';

function client(fetchImpl: (init?: RequestInit) => Promise<Response>, extra: Partial<ServiceClientOptions> = {}) {
  const clock = new VirtualClock();
  const sent: string[] = [];
  const f = (async (_input: string | URL | Request, init?: RequestInit) => {
    sent.push(init?.method ?? 'GET');
    return fetchImpl(init);
  }) as typeof fetch;
  const c = new ServiceClient({
    environment: ENV,
    apiKey: 'secret-key-1234',
    fetch: f,
    clock,
    tryClock: clock,
    limiter: new RateLimiter({ clock }),
    maxRetries: 0,
    ...extra,
  });
  return { c, clock, sent };
}

/** A fetch that fails the way undici does: `TypeError: fetch failed`, the socket's error as its cause. */
function failsWith(code: string, message: string): () => Promise<Response> {
  return () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) }));
}

function hangs(init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
}

test('a write declined at its confirmation is never sent, and says so as data even when its message is translated', async () => {
  l10n.config({ contents: { 'Not sent: {0} was not confirmed.': 'Nicht gesendet: {0} wurde nicht bestätigt.' } });
  try {
    const { c, sent } = client(() => Promise.resolve(new Response('{}')), { confirmWrite: () => false });
    const e = await c.patch(ID, { channel: 'PUSH' }).catch(x => x);
    assert.ok(e instanceof CancelledError);
    assert.match(e.message, /^Nicht gesendet/, 'the translation is in use');
    assert.equal(e.sent, false);
    assert.equal(sent.length, 0);
    assert.equal(answerLost(e), false);
    assert.equal(mayHaveApplied(e), false, 'a write never sent did not apply');
  } finally {
    l10n.config({ contents: {} });
  }
});

const network: Array<{ name: string; code: string; message: string; sent: boolean }> = [
  { name: 'refused, in words no pattern knows', code: 'ECONNREFUSED', message: 'connexion refusée', sent: false },
  { name: 'no such host', code: 'ENOTFOUND', message: 'hôte inconnu', sent: false },
  { name: 'no connection within the connect timeout', code: 'UND_ERR_CONNECT_TIMEOUT', message: 'Connect Timeout Error', sent: false },
  { name: 'a certificate refused', code: 'CERT_HAS_EXPIRED', message: 'expired', sent: false },
  {
    name: 'reset after the request left, whatever the words say',
    code: 'ECONNRESET',
    message: 'ECONNREFUSED while checking the certificate',
    sent: true,
  },
  { name: 'the socket closed mid-answer', code: 'UND_ERR_SOCKET', message: 'other side closed', sent: true },
];

for (const row of network) {
  test(`a failed connection is classed by its Node code, not its message: ${row.name}`, async () => {
    const { c } = client(failsWith(row.code, row.message));
    const e = (await c.patch(ID, { channel: 'PUSH' }).catch(x => x)) as ServiceError;
    assert.ok(e instanceof ServiceError);
    assert.deepEqual(e.failure, { kind: 'network', code: row.code, sent: row.sent });
    assert.equal(mayHaveApplied(e), row.sent);
    assert.equal(notAnswering(e), true);
    assert.equal(e.code, 'NETWORK', 'the code the CLI and the advice show is unchanged');
  });
}

test('a write whose answer is lost (sent, then timed out) may have applied', async () => {
  const { c, sent } = client(hangs, { writeBudgetMs: 3_000 });
  const e = (await c.patch(ID, { channel: 'PUSH' }).catch(x => x)) as ServiceError;
  assert.deepEqual(e.failure, { kind: 'timeout', sent: true });
  assert.equal(sent.length, 1);
  assert.equal(answerLost(e), true);
  assert.equal(mayHaveApplied(e), true);
});

test('an action whose time ran out before the call could leave: a timeout, not sent, not applied', async () => {
  const { c, clock, sent } = client(() => Promise.resolve(new Response('{}')));
  const e = (await c
    .forAction({ deadline: clock.now() })
    .patch(ID, { channel: 'PUSH' })
    .catch(x => x)) as ServiceError;
  assert.deepEqual(e.failure, { kind: 'timeout', sent: false });
  assert.equal(sent.length, 0);
  assert.equal(mayHaveApplied(e), false);
});

test('a write cancelled in flight may have applied; one cancelled before it left did not', async () => {
  const inFlight = client(hangs);
  const ctrl = new AbortController();
  const p = inFlight.c.patch(ID, { channel: 'PUSH' }, { signal: ctrl.signal }).catch(x => x);
  setImmediate(() => ctrl.abort());
  const e = await p;
  assert.ok(e instanceof CancelledError);
  assert.equal(e.sent, true);
  assert.equal(mayHaveApplied(e), true);

  const before = client(hangs);
  const early = await before.c.patch(ID, { channel: 'PUSH' }, { signal: AbortSignal.abort() }).catch(x => x);
  assert.ok(early instanceof CancelledError);
  assert.equal(early.sent, false);
  assert.equal(before.sent.length, 0);
  assert.equal(mayHaveApplied(early), false);
});

test('no source decides on a failure by reading its message', () => {
  const root = path.resolve(__dirname, '../../..');
  const reading = [/\.test\([^)]*\.message/, /\/\^Not sent/, /\.message\)?\.(match|startsWith|endsWith)\(/];
  const found: string[] = [];
  for (const pkg of ['sync', 'cli', 'server', 'extension']) {
    for (const file of sources(path.join(root, pkg, 'src'))) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (reading.some(r => r.test(line)) && !ALLOWED.some(a => line.includes(a)))
            found.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
    }
  }
  assert.deepEqual(found, []);
});

/** Message texts read for what they are, not for what happened: a finding's own sentence, not an error. */
const ALLOWED = ['f.message.startsWith(opening)'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(d => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}
