import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adminCall, basic, seed, useEmulator } from './helpers';

const t = useEmulator();
const path = () => `/v5/campaigns/${seed('Spring sale kickoff').id}`;

function assertEnvelope(body: Record<string, any>, code: string, requestId?: string): void {
  assert.deepEqual(Object.keys(body).sort(), ['error', 'response_id']);
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'details', 'message', 'request_id', 'target']);
  assert.equal(body.error.code, code);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.length > 10);
  assert.equal(typeof body.error.target, 'string');
  assert.ok(Array.isArray(body.error.details));
  assert.equal(body.error.request_id, body.response_id);
  if (requestId) assert.equal(body.response_id, requestId);
}

test('valid credentials and SVC-APPKEY are accepted', async () => {
  const r = await t.call(t.all, 'GET', path());
  assert.equal(r.status, 200);
});

test('no Authorization header: 401 UNAUTHORIZED in the error envelope', async () => {
  const r = await t.call(t.all, 'GET', path(), undefined, { auth: false, requestId: 'rid-1' });
  assert.equal(r.status, 401);
  assertEnvelope(r.body, 'UNAUTHORIZED', 'rid-1');
  assert.equal(r.body.error.target, 'Authorization');
  assert.match(String(r.headers['www-authenticate']), /^Basic realm=/);
});

test('a wrong API key, an unknown workspace, and malformed credentials are 401', async () => {
  for (const auth of [
    { user: t.all.id, key: 'wrong' },
    { user: 'NOSUCHWORKSPACE', key: t.all.apiKey },
    { user: t.none.id, key: t.all.apiKey },
  ]) {
    const r = await t.call(t.all, 'GET', path(), undefined, { auth });
    assert.equal(r.status, 401, JSON.stringify(auth));
    assertEnvelope(r.body, 'UNAUTHORIZED');
  }
  for (const header of ['Bearer abc', 'Basic !!!', `Basic ${Buffer.from('no-colon').toString('base64')}`]) {
    const r = await t.call(t.all, 'GET', path(), undefined, { headers: { Authorization: header } });
    assert.equal(r.status, 401, header);
    assertEnvelope(r.body, 'UNAUTHORIZED');
  }
});

test('SVC-APPKEY is required on every request and must equal the workspace id', async () => {
  let r = await t.call(t.all, 'GET', path(), undefined, { appKey: false });
  assert.equal(r.status, 401);
  assert.equal(r.body.error.target, 'SVC-APPKEY');
  r = await t.call(t.all, 'GET', path(), undefined, { appKey: t.none.id });
  assert.equal(r.status, 401);
  assert.equal(r.body.error.target, 'SVC-APPKEY');
  r = await t.call(t.all, 'POST', '/v5/campaigns/search', {}, { appKey: false });
  assert.equal(r.status, 401);
  r = await t.call(t.all, 'POST', '/core-services/v1/campaigns/meta', { request_id: 'm' }, { appKey: false, requestId: false });
  assert.equal(r.status, 401);
});

test('authentication comes before anything else: a wrong key never learns whether a campaign exists', async () => {
  const r = await t.call(t.all, 'GET', '/v5/campaigns/000000000000000000000000', undefined, { auth: { user: t.all.id, key: 'nope' } });
  assert.equal(r.status, 401);
});

test('workspaces are separate: a campaign of another workspace is 404 NOT_FOUND with no details', async () => {
  const theirs = seed('Author signing this Saturday');
  const r = await t.call(t.all, 'GET', `/v5/campaigns/${theirs.id}`, undefined, { requestId: 'iso-1' });
  assert.equal(r.status, 404);
  assertEnvelope(r.body, 'NOT_FOUND', 'iso-1');
  assert.deepEqual(r.body.error.details, []);
  const mine = await t.call(t.none, 'GET', `/v5/campaigns/${theirs.id}`);
  assert.equal(mine.status, 200);
  // Nor do writes, searches or the metadata listing reach across.
  const patch = await t.call(t.all, 'PATCH', `/v5/campaigns/${theirs.id}`, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: 'a@b.co',
  });
  assert.equal(patch.status, 404);
  const search = await t.call(t.all, 'POST', '/v5/campaigns/search', { campaign_fields: { ids: [theirs.id] } });
  assert.deepEqual(search.body.data, []);
  const meta = await t.call(t.all, 'POST', '/core-services/v1/campaigns/meta', { campaign_fields: { id: theirs.id } });
  assert.deepEqual(meta.body, []);
});

test('an unknown endpoint is 404 and a wrong method is 405 with Allow, both in the envelope', async () => {
  let r = await t.call(t.all, 'GET', '/v5/nothing-here');
  assert.equal(r.status, 404);
  assertEnvelope(r.body, 'NOT_FOUND');
  r = await t.call(t.all, 'GET', '/v5/campaigns/search');
  assert.equal(r.status, 405);
  assert.equal(r.headers.allow, 'POST');
  assertEnvelope(r.body, 'BAD_REQUEST');
  r = await t.call(t.all, 'DELETE', path());
  assert.equal(r.status, 405);
  assert.equal(r.headers.allow, 'GET, PATCH');
});

test('the admin endpoints need no service credentials, only the admin token', async () => {
  const r = await adminCall(t.emu, 'GET', '/__admin/workspaces');
  assert.equal(r.status, 200);
  assert.deepEqual(
    r.body.workspaces.map((w: { id: string }) => w.id),
    [t.all.id, t.none.id],
  );
  assert.equal(basic('a', 'b'), 'Basic YTpi');
});
