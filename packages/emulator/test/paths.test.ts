import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_ROUTES, expandPath, headerNames, matchRoute, routesWith, WRITE_OPERATIONS } from '@campaign-studio/sync';
import { call, seed } from './helpers';
import { startEmulator } from '../src/server';

test('the default routes are the spec paths, and the natural ones where it gives none', () => {
  assert.deepEqual(DEFAULT_ROUTES, {
    getCampaign: { method: 'GET', path: '/v5/campaigns/{campaign_id}' },
    searchCampaigns: { method: 'POST', path: '/v5/campaigns/search' },
    campaignMeta: { method: 'POST', path: '/core-services/v1/campaigns/meta' },
    createCampaign: { method: 'POST', path: '/v5/campaigns' },
    updateCampaign: { method: 'PATCH', path: '/v5/campaigns/{campaign_id}' },
    validateCampaign: { method: 'POST', path: '/v5/campaigns/{campaign_id}/validate' },
    testCampaign: { method: 'POST', path: '/v5/campaigns/test' },
    changeStatus: { method: 'POST', path: '/v5/campaigns/status' },
    executions: { method: 'POST', path: '/v5/campaigns/{campaign_id}/executions' },
    publishCampaign: { method: 'PATCH', path: '/core-services/v1/campaigns/{campaign_id}' },
  });
  assert.deepEqual([...WRITE_OPERATIONS].sort(), ['changeStatus', 'createCampaign', 'publishCampaign', 'testCampaign', 'updateCampaign']);
  assert.deepEqual(headerNames(), { appKey: 'SVC-APPKEY', requestId: 'X-SVC-Request-Id' });
  assert.deepEqual(headerNames('ACME'), { appKey: 'ACME-APPKEY', requestId: 'X-ACME-Request-Id' });
});

test('expandPath fills and encodes the campaign id, and says when one is missing', () => {
  assert.equal(expandPath(DEFAULT_ROUTES.getCampaign, { campaign_id: 'abc' }), '/v5/campaigns/abc');
  assert.equal(expandPath(DEFAULT_ROUTES.getCampaign, { campaign_id: 'a/b c' }), '/v5/campaigns/a%2Fb%20c');
  assert.equal(expandPath(DEFAULT_ROUTES.searchCampaigns), '/v5/campaigns/search');
  assert.throws(() => expandPath(DEFAULT_ROUTES.executions), /needs a campaign id/);
});

test('matchRoute: literal segments win over the id; a wrong method lists the allowed ones', () => {
  const r = routesWith();
  assert.deepEqual(matchRoute(r, 'POST', '/v5/campaigns/search'), { operation: 'searchCampaigns', params: {} });
  assert.deepEqual(matchRoute(r, 'GET', '/v5/campaigns/abc'), { operation: 'getCampaign', params: { campaign_id: 'abc' } });
  assert.deepEqual(matchRoute(r, 'patch', '/v5/campaigns/abc'), { operation: 'updateCampaign', params: { campaign_id: 'abc' } });
  assert.deepEqual(matchRoute(r, 'POST', '/v5/campaigns/abc/executions'), { operation: 'executions', params: { campaign_id: 'abc' } });
  assert.deepEqual(matchRoute(r, 'PATCH', '/core-services/v1/campaigns/abc'), {
    operation: 'publishCampaign',
    params: { campaign_id: 'abc' },
  });
  assert.deepEqual(matchRoute(r, 'POST', '/v5/campaigns'), { operation: 'createCampaign', params: {} });
  assert.deepEqual(matchRoute(r, 'GET', '/v5/campaigns/search'), { allowed: ['POST'] });
  assert.deepEqual(matchRoute(r, 'DELETE', '/v5/campaigns/abc'), { allowed: ['GET', 'PATCH'] });
  assert.equal(matchRoute(r, 'GET', '/v6/campaigns/abc'), undefined);
  assert.equal(matchRoute(r, 'GET', '/v5/campaigns/abc/extra'), undefined);
});

test('routes are configurable, and the emulator serves the same table the client is given', async () => {
  const routes = { searchCampaigns: { path: '/api/v5/find' }, getCampaign: { path: '/api/v5/c/{campaign_id}' } };
  assert.equal(routesWith(routes).searchCampaigns.method, 'POST');
  const emu = await startEmulator({ routes, rateLimits: false, headerPrefix: 'ACME' });
  try {
    const ws = emu.workspaces[0];
    const headers = { 'SVC-APPKEY': undefined, 'X-SVC-Request-Id': undefined, 'ACME-APPKEY': ws.id, 'X-ACME-Request-Id': 'r1' };
    const found = await call(emu.url, ws, 'POST', '/api/v5/find', { limit: 1 }, { headers });
    assert.equal(found.status, 200);
    assert.equal(found.body.response_id, 'r1');
    const one = await call(
      emu.url,
      ws,
      'GET',
      expandPath(routesWith(routes).getCampaign, { campaign_id: seed('Spring sale kickoff').id }),
      undefined,
      { headers },
    );
    assert.equal(one.status, 200);
    // The old search path is gone; what is left there is the update route.
    const old = await call(emu.url, ws, 'POST', '/v5/campaigns/search', {}, { headers });
    assert.equal(old.status, 405);
    assert.equal(old.headers.allow, 'PATCH');
    assert.equal((await call(emu.url, ws, 'GET', `/v5/campaigns/${seed('Spring sale kickoff').id}`, undefined, { headers })).status, 405);
    // The SVC header names are not the ones this service uses.
    assert.equal((await call(emu.url, ws, 'POST', '/api/v5/find', {})).status, 401);
  } finally {
    await emu.close();
  }
});
