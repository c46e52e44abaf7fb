import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_TOKEN_HEADER } from '../src/access';
import { startEmulator } from '../src/server';
import { adminCall, Reply, seed, useEmulator } from './helpers';

/**
 * Who may reach the emulator: requests addressed to it by a loopback Host only, and the admin
 * endpoints with this run's token and JSON bodies only, so that a web page (or a DNS name
 * rebound to 127.0.0.1) can neither steer it nor read its API keys.
 */

const t = useEmulator();

/** No API key of any workspace anywhere in an answer. */
function assertNoKey(r: Reply, what: string): void {
  for (const w of t.emu.workspaces) assert.ok(!r.text.includes(w.apiKey), `${what} answered a key: ${r.text}`);
}

test('a request whose Host is not a loopback name with this port is refused with 421 and says why, the API and the admin endpoints alike; the loopback names are served', async () => {
  const port = t.emu.port;
  const get = `/v5/campaigns/${seed('Spring sale kickoff').id}`;
  for (const host of [`evil.example:${port}`, `rebound.attacker.test:${port}`, `127.0.0.1:${port + 1}`, 'localhost']) {
    const api = await t.call(t.all, 'GET', get, undefined, { headers: { Host: host }, requestId: 'from-a-page' });
    assert.equal(api.status, 421, `${host}: ${api.text}`);
    assert.equal(api.body.error.target, 'Host');
    assert.equal(api.body.error.request_id, 'from-a-page');
    assert.match(api.body.error.message, new RegExp(`127\\.0\\.0\\.1:${port}`));
    assert.doesNotMatch(api.text, /Spring sale kickoff/);

    const admin = await adminCall(t.emu, 'GET', '/__admin/workspaces', undefined, { headers: { Host: host } });
    assert.equal(admin.status, 421, `${host}: ${admin.text}`);
    assert.match(admin.body.error, /answers only requests addressed to/);
    assertNoKey(admin, host);
  }
  assert.equal(t.emu.admin.requests().length, 0, 'a refused request never reaches the service');

  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`, `[::1]:${port}`]) {
    assert.equal((await t.call(t.all, 'GET', get, undefined, { headers: { Host: host } })).status, 200, host);
    assert.equal((await adminCall(t.emu, 'GET', '/__admin/faults', undefined, { headers: { Host: host } })).status, 200, host);
  }
});

test('an admin request without the token, or with a wrong one, is refused with 403, changes nothing and holds no key; with the token it answers', async () => {
  const id = seed('Spring sale kickoff').id;
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/__admin'],
    ['GET', '/__admin/workspaces'],
    ['GET', `/__admin/campaigns/${id}`],
    ['PUT', '/__admin/faults', { spec: 'status=503' }],
    ['PATCH', `/__admin/campaigns/${id}`, { status: 'STOPPED' }],
    ['POST', '/__admin/reset'],
  ];
  for (const token of [undefined, 'not-the-token-of-this-run', `${t.emu.adminToken}x`]) {
    for (const [method, path, body] of calls) {
      const r = await adminCall(t.emu, method, path, body, { headers: { [ADMIN_TOKEN_HEADER]: token } });
      const what = `${method} ${path} with ${token === undefined ? 'no token' : `token ${token}`}`;
      assert.equal(r.status, 403, `${what}: ${r.text}`);
      assert.match(r.body.error, new RegExp(`${ADMIN_TOKEN_HEADER}.*adminToken|adminToken.*${ADMIN_TOKEN_HEADER}`), what);
      assertNoKey(r, what);
    }
  }
  assert.deepEqual(t.emu.admin.faults(), {}, 'the faults are unchanged');
  assert.equal(t.emu.admin.campaign(id)?.status, seed('Spring sale kickoff').status, 'the campaign is unchanged');

  const r = await adminCall(t.emu, 'GET', '/__admin/workspaces');
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(
    r.body.workspaces.map((w: { apiKey: string }) => w.apiKey),
    t.emu.workspaces.map(w => w.apiKey),
  );
  assert.equal((await adminCall(t.emu, 'PUT', '/__admin/faults', { spec: 'latency=1' })).body.spec, 'latency=1');
});

test('an admin write whose body is not declared JSON is refused with 415 and changes nothing', async () => {
  const cases: Array<[string, string, string | undefined, string]> = [
    ['PUT', '/__admin/faults', 'text/plain', '{"spec":"status=503"}'],
    ['POST', '/__admin/faults', 'application/x-www-form-urlencoded', '{"spec":"status=503"}'],
    ['PUT', '/__admin/faults', undefined, '{"spec":"status=503"}'],
    ['POST', '/__admin/reset', 'text/plain', ''],
    ['POST', '/__admin/clock', 'multipart/form-data; boundary=x', '{"advanceMs":86400000}'],
  ];
  const clock = t.emu.admin.clock.now();
  t.emu.admin.setFaults('latency=1');
  for (const [method, path, type, raw] of cases) {
    const r = await adminCall(t.emu, method, path, undefined, { raw, headers: { 'Content-Type': type } });
    assert.equal(r.status, 415, `${method} ${path} as ${type ?? 'no type'}: ${r.text}`);
    assert.match(r.body.error, /Content-Type: application\/json/);
  }
  assert.deepEqual(t.emu.admin.faults(), { latencyMs: [1, 1] }, 'the faults are unchanged');
  assert.ok(t.emu.admin.clock.now() - clock < 86_400_000, 'the clock did not move a day');
  const json = await adminCall(t.emu, 'PUT', '/__admin/faults', undefined, {
    raw: '{"spec":"none"}',
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
  assert.equal(json.status, 200, json.text);
  assert.equal((await adminCall(t.emu, 'POST', '/__admin/reset')).status, 200, 'a write without a body needs no content type');
});

test('each start makes a new admin token, unless one is given; a weak one is refused', async () => {
  const given = 'fixed-token-for-the-restart-0123456789';
  const a = await startEmulator({ rateLimits: false });
  const b = await startEmulator({ rateLimits: false, adminToken: given });
  try {
    assert.match(a.adminToken, /^[A-Za-z0-9_-]{32}$/);
    assert.notEqual(a.adminToken, t.emu.adminToken);
    assert.equal(b.adminToken, given);
    assert.equal((await adminCall(b, 'GET', '/__admin/faults')).status, 200);
    assert.equal((await adminCall({ url: b.url, adminToken: a.adminToken }, 'GET', '/__admin/faults')).status, 403, "another run's token");
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
  await assert.rejects(startEmulator({ adminToken: 'short' }), /16 to 256 visible ASCII characters/);
  await assert.rejects(startEmulator({ adminToken: 'has spaces in the middle of it' }), /16 to 256 visible ASCII characters/);
});
