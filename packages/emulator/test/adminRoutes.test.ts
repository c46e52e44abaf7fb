import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SPEC_LIMITS } from '../src/rateLimit';
import { adminCall, seed, useEmulator } from './helpers';

/**
 * Every admin endpoint with each method it takes and some it does not, in one sequence over one
 * emulator: what each answers (status, and the part of the body that says what happened).
 */

const t = useEmulator();
const id = seed('Spring sale kickoff').id;
const none = (method: string, path: string) => ({ error: `There is no admin endpoint ${method} ${path}; GET /__admin lists them.` });

const rows: Array<{ method: string; path: string; body?: unknown; status: number; expect?: (body: any) => void }> = [
  { method: 'GET', path: '/__admin', status: 200, expect: b => assert.equal(b.endpoints.length, 7) },
  { method: 'GET', path: '/__admin/', status: 200, expect: b => assert.equal(b.endpoints[0], 'GET /__admin/workspaces') },
  { method: 'POST', path: '/__admin', status: 404, expect: b => assert.deepEqual(b, none('POST', '/__admin')) },
  {
    method: 'GET',
    path: '/__admin/workspaces',
    status: 200,
    expect: b =>
      assert.deepEqual(
        b.workspaces.map((w: { id: string }) => w.id),
        ['WKSPALLFEATURES01', 'WKSPNOFEATURES02'],
      ),
  },
  { method: 'POST', path: '/__admin/workspaces', status: 404, expect: b => assert.deepEqual(b, none('POST', '/__admin/workspaces')) },
  { method: 'GET', path: '/__admin/faults', status: 200, expect: b => assert.deepEqual(b, { spec: 'none', faults: {} }) },
  { method: 'PUT', path: '/__admin/faults', body: { spec: 'latency=1' }, status: 200, expect: b => assert.equal(b.spec, 'latency=1') },
  { method: 'POST', path: '/__admin/faults', body: { spec: 'latency=2' }, status: 200, expect: b => assert.equal(b.spec, 'latency=2') },
  { method: 'POST', path: '/__admin/faults', body: { spec: 'nonsense=1' }, status: 400, expect: b => assert.match(b.error, /nonsense/) },
  { method: 'DELETE', path: '/__admin/faults', status: 200, expect: b => assert.deepEqual(b, { spec: 'none', faults: {} }) },
  { method: 'PATCH', path: '/__admin/faults', body: {}, status: 404, expect: b => assert.deepEqual(b, none('PATCH', '/__admin/faults')) },
  { method: 'GET', path: '/__admin/faults/', status: 404, expect: b => assert.deepEqual(b, none('GET', '/__admin/faults/')) },
  { method: 'POST', path: '/__admin/reset', status: 200, expect: b => assert.deepEqual(b, { reset: true, campaigns: 75 }) },
  { method: 'GET', path: '/__admin/reset', status: 404, expect: b => assert.deepEqual(b, none('GET', '/__admin/reset')) },
  { method: 'GET', path: `/__admin/campaigns/${id}`, status: 200, expect: b => assert.equal(b.id, id) },
  { method: 'GET', path: '/__admin/campaigns/nope', status: 404, expect: b => assert.deepEqual(b, { error: 'No campaign nope.' }) },
  {
    method: 'PATCH',
    path: `/__admin/campaigns/${id}`,
    body: { updated_by: 'admin@example.com' },
    status: 200,
    expect: b => assert.equal(b.updated_by, 'admin@example.com'),
  },
  {
    method: 'PATCH',
    path: `/__admin/campaigns/${id}`,
    body: { name: 'x' },
    status: 400,
    expect: b => assert.match(b.error, /`name` cannot be edited/),
  },
  {
    method: 'DELETE',
    path: `/__admin/campaigns/${id}`,
    status: 404,
    expect: b => assert.deepEqual(b, none('DELETE', `/__admin/campaigns/${id}`)),
  },
  { method: 'GET', path: '/__admin/campaigns', status: 404, expect: b => assert.deepEqual(b, none('GET', '/__admin/campaigns')) },
  { method: 'GET', path: `/__admin/campaigns/${id}/more`, status: 404 },
  { method: 'GET', path: '/__admin/clock', status: 200, expect: b => assert.equal(b.frozen, false) },
  { method: 'POST', path: '/__admin/clock', body: {}, status: 400, expect: b => assert.match(b.error, /advanceMs/) },
  {
    method: 'PUT',
    path: '/__admin/clock',
    body: {},
    status: 405,
    expect: b => assert.deepEqual(b, { error: 'Use GET or POST on /__admin/clock.' }),
  },
  { method: 'DELETE', path: '/__admin/clock', status: 405 },
  { method: 'GET', path: '/__admin/rate-limits', status: 200, expect: b => assert.equal(b.limits, false) },
  {
    method: 'PUT',
    path: '/__admin/rate-limits',
    body: { perSecond: 0 },
    status: 400,
    expect: b => assert.deepEqual(b, { error: '`perSecond` is a positive integer.' }),
  },
  {
    method: 'PUT',
    path: '/__admin/rate-limits',
    body: { perMinute: 50 },
    status: 200,
    expect: b => assert.deepEqual(b.limits, { ...SPEC_LIMITS, perMinute: 50 }),
  },
  {
    method: 'POST',
    path: '/__admin/rate-limits',
    body: { enabled: false },
    status: 200,
    expect: b => assert.deepEqual(b, { limits: false }),
  },
  { method: 'DELETE', path: '/__admin/rate-limits', status: 200, expect: b => assert.deepEqual(b, { limits: false }) },
  { method: 'PATCH', path: '/__admin/rate-limits', body: {}, status: 404 },
  { method: 'GET', path: '/__admin/requests', status: 200, expect: b => assert.deepEqual(b, { requests: [] }) },
  { method: 'DELETE', path: '/__admin/requests', status: 200, expect: b => assert.deepEqual(b, { requests: [] }) },
  { method: 'POST', path: '/__admin/requests', status: 404 },
  { method: 'GET', path: '/__admin/nothing', status: 404, expect: b => assert.deepEqual(b, none('GET', '/__admin/nothing')) },
];

test('each admin endpoint answers its methods, and says which endpoints exist otherwise', async () => {
  for (const row of rows) {
    const r = await adminCall(t.emu, row.method, row.path, row.body);
    assert.equal(r.status, row.status, `${row.method} ${row.path}: ${r.text}`);
    row.expect?.(r.body);
  }
});
