import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adminCall, call, Reply, seed, useEmulator } from './helpers';
import { faultConfigFromJson, FaultSpecError, Faults, formatFaultSpec, parseFaultSpec, PreFault } from '../src/faults';
import { startEmulator } from '../src/server';

const t = useEmulator();
const who = 'dev@example.com';
const getPath = () => `/v5/campaigns/${seed('Spring sale kickoff').id}`;

/** The statuses of 30 reads of one campaign under `spec`. */
async function statusesUnder(spec: string): Promise<number[]> {
  t.emu.admin.setFaults(spec);
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push((await t.call(t.all, 'GET', getPath())).status);
  return statuses;
}

/** The drafts `author` has, once the faults are cleared: what the faulty calls really stored. */
async function draftsBy(author: string): Promise<unknown[]> {
  t.emu.admin.clearFaults();
  return (await t.call(t.all, 'POST', '/v5/campaigns/search', { campaign_fields: { status: ['DRAFT'], created_by: [author] } })).body.data;
}

function faultName(pre: PreFault): string {
  return pre?.kind === 'answer' ? pre.fault : (pre?.kind ?? 'ok');
}

// ---- the spec syntax -----------------------------------------------------------------------------------

test('fault specs parse into a fault set and print back', () => {
  const c = parseFaultSpec(
    'latency=50-150, error-rate=0.1,drop-rate=5%,fail=/v5/campaigns/search,fail=patch:/v5/campaigns/*,write-delay=3000,write-drop,seed=7',
  );
  assert.deepEqual(c, {
    latencyMs: [50, 150],
    errorRate: 0.1,
    dropRate: 0.05,
    fail: [{ path: '/v5/campaigns/search' }, { method: 'PATCH', path: '/v5/campaigns/*' }],
    writeDelayMs: 3000,
    writeDrop: true,
    seed: 7,
  });
  assert.equal(
    formatFaultSpec(c),
    'latency=50-150,error-rate=0.1,drop-rate=0.05,fail=/v5/campaigns/search,fail=PATCH:/v5/campaigns/*,write-delay=3000,write-drop,seed=7',
  );
  assert.deepEqual(parseFaultSpec(formatFaultSpec(c)), c);
  assert.deepEqual(parseFaultSpec('latency=20'), { latencyMs: [20, 20] });
  assert.deepEqual(parseFaultSpec(''), {});
  assert.deepEqual(parseFaultSpec('none'), {});
  assert.deepEqual(parseFaultSpec('write-drop=false'), { writeDrop: false });
});

test('bad fault specs say what is wrong', () => {
  const cases: Array<[string, RegExp]> = [
    ['latency', /needs a value/],
    ['latency=fast', /not a number/],
    ['latency=200-100', /low to high/],
    ['error-rate=2', /between 0 and 1/],
    ['error-rate=150%', /between 0 and 100/],
    ['fail=v5/campaigns', /starting with `\/`/],
    ['seed=1.5', /integer/],
    ['explode=1', /Unknown fault `explode`/],
    ['write-drop=maybe', /write-drop/],
  ];
  for (const [spec, message] of cases) {
    assert.throws(
      () => parseFaultSpec(spec),
      (e: Error) => e instanceof FaultSpecError && message.test(e.message),
      spec,
    );
  }
});

test('hang, throttle, retry-after and status parse, print back, and say what is wrong', () => {
  const c = parseFaultSpec('hang=0.25,hang=PATCH:/v5/campaigns/*,throttle=50%,retry-after=7,status=503');
  assert.deepEqual(c, {
    hangRate: 0.25,
    hang: [{ method: 'PATCH', path: '/v5/campaigns/*' }],
    throttleRate: 0.5,
    retryAfterSeconds: 7,
    status: 503,
  });
  assert.equal(formatFaultSpec(c), 'hang=0.25,hang=PATCH:/v5/campaigns/*,throttle=0.5,retry-after=7,status=503');
  assert.deepEqual(parseFaultSpec(formatFaultSpec(c)), c);
  assert.deepEqual(parseFaultSpec('hang'), { hangRate: 1 });
  assert.equal(formatFaultSpec({ hangRate: 1 }), 'hang');
  assert.deepEqual(parseFaultSpec('hang=/v5/campaigns/search'), { hang: [{ path: '/v5/campaigns/search' }] });
  assert.deepEqual(parseFaultSpec('throttle=1'), { throttleRate: 1 });
  assert.deepEqual(parseFaultSpec('throttle'), { throttleRate: 1 });
  assert.deepEqual(parseFaultSpec('status=429,retry-after=0'), { status: 429, retryAfterSeconds: 0 });
  const cases: Array<[string, RegExp]> = [
    ['hang=2', /between 0 and 1/],
    ['hang=v5/campaigns', /not a number/],
    ['throttle=fast', /not a number/],
    ['retry-after=1.5', /integer/],
    ['retry-after=3', /give it with `throttle=P`/],
    ['status', /needs a value, e.g. `status=503`/],
    ['status=200', /between 400 and 599/],
  ];
  for (const [spec, message] of cases) {
    assert.throws(
      () => parseFaultSpec(spec),
      (e: Error) => e instanceof FaultSpecError && message.test(e.message),
      spec,
    );
  }
});

test('the admin object takes the new faults by their field names', () => {
  const c = { hangRate: 0.5, hang: [{ path: '/v5/campaigns/search' }], throttleRate: 1, retryAfterSeconds: 4, status: 502 };
  assert.deepEqual(faultConfigFromJson({ ...c, hang: ['/v5/campaigns/search'] }), c);
  for (const bad of [
    { hangRate: 2 },
    { hang: 'x' },
    { throttleRate: -1 },
    { status: 99 },
    { retryAfterSeconds: 2 },
    { throttleRate: 1, retryAfterSeconds: 1.5 },
  ]) {
    assert.throws(() => faultConfigFromJson(bad), FaultSpecError, JSON.stringify(bad));
  }
});

test('random faults are reproducible: the same seed draws the same sequence', () => {
  const draw = (seed: number) => {
    const f = new Faults({ errorRate: 0.5, seed });
    return Array.from({ length: 40 }, () => faultName(f.before('GET', '/v5/x'))).join(',');
  };
  assert.equal(draw(3), draw(3));
  assert.notEqual(draw(3), draw(4));
  assert.ok(draw(3).includes('error') && draw(3).includes('ok'));
});

// ---- behaviour over HTTP -----------------------------------------------------------------------------

test('latency: each API request waits at least the added delay', async () => {
  t.emu.admin.setFaults('latency=120');
  const started = Date.now();
  const r = await t.call(t.all, 'GET', getPath());
  assert.equal(r.status, 200);
  assert.ok(Date.now() - started >= 115, `took ${Date.now() - started} ms`);
});

test('error-rate=1: every API request is answered 500 INTERNAL_ERROR, and nothing is applied', async () => {
  t.emu.admin.setFaults('error-rate=1');
  const r = await t.call(
    t.all,
    'POST',
    '/v5/campaigns',
    { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: who },
    { requestId: 'e-1' },
  );
  assert.equal(r.status, 500);
  assert.equal(r.body.error.code, 'INTERNAL_ERROR');
  assert.equal(r.body.response_id, 'e-1');
  assert.deepEqual(await draftsBy(who), []);
});

test('error-rate=0.5 with a seed: some requests fail, the rest succeed', async () => {
  const statuses = await statusesUnder('error-rate=0.5,seed=11');
  assert.ok(statuses.includes(500) && statuses.includes(200), statuses.join(','));
  assert.ok(statuses.every(s => s === 500 || s === 200));
});

test('drop-rate=1: the connection is dropped without a response', async () => {
  t.emu.admin.setFaults('drop-rate=1');
  await assert.rejects(
    t.call(t.all, 'GET', getPath()),
    (e: NodeJS.ErrnoException) => e.code === 'ECONNRESET' || /socket hang up/.test(e.message),
  );
  const log = t.emu.admin.requests();
  assert.equal(log[log.length - 1].fault, 'drop');
});

test('fail=PATH: 500 for that path only; a method limits it further', async () => {
  t.emu.admin.setFaults('fail=/v5/campaigns/search');
  assert.equal((await t.call(t.all, 'POST', '/v5/campaigns/search', {})).status, 500);
  assert.equal((await t.call(t.all, 'GET', getPath())).status, 200);
  t.emu.admin.setFaults('fail=PATCH:/v5/campaigns/*');
  const id = seed('Holiday gift guide').id;
  assert.equal((await t.call(t.all, 'GET', `/v5/campaigns/${id}`)).status, 200);
  const r = await t.call(t.all, 'PATCH', `/v5/campaigns/${id}`, { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: who });
  assert.equal(r.status, 500);
  assert.match(r.body.error.message, /injected fault/);
});

test('write-delay ("timeout but applied"): the write is applied, then the response comes too late for the client', async () => {
  t.emu.admin.setFaults({ writeDelayMs: 5000 });
  const doc = seed('Holiday gift guide');
  const body = {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: who,
    utm_params: { utm_source: 'late', utm_medium: 'push' },
  };
  await assert.rejects(t.call(t.all, 'PATCH', `/v5/campaigns/${doc.id}`, body, { timeoutMs: 200 }), /timed out/);
  // The write happened: a re-read shows it (reads are not delayed).
  const r = await t.call(t.all, 'GET', `/v5/campaigns/${doc.id}`);
  assert.deepEqual(r.body.data.utm_params, { utm_source: 'late', utm_medium: 'push' });
  const entry = t.emu.admin.requests().find(e => e.method === 'PATCH');
  assert.equal(entry?.applied, true);
  assert.equal(entry?.fault, 'write-delay');
});

test('write-drop: the write is applied, then the connection is dropped', async () => {
  t.emu.admin.setFaults('write-drop');
  await assert.rejects(
    t.call(t.all, 'POST', '/v5/campaigns', { channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME', created_by: 'dropped@example.com' }),
  );
  assert.equal((await draftsBy('dropped@example.com')).length, 1, 'the draft was created');
  // A refused write is answered normally: nothing was applied to lose.
  t.emu.admin.setFaults('write-drop');
  const refused = await t.call(t.all, 'POST', '/v5/campaigns', { channel: 'SMS' });
  assert.equal(refused.status, 400);
  // Reads are not affected.
  assert.equal((await t.call(t.all, 'GET', getPath())).status, 200);
});

/** A request that records whether it has been answered (or failed) yet. */
function watched(reply: Promise<Reply>): { settled: () => boolean; outcome: Promise<Reply | Error> } {
  let done = false;
  const outcome = reply
    .then(
      r => r,
      (e: Error) => e,
    )
    .finally(() => {
      done = true;
    });
  return { settled: () => done, outcome };
}

/** Resolves once the emulator holds a request (the `hang` fault has taken it). */
function held(
  emu: { admin: { whenRequest(match: (e: { fault?: string }) => boolean, what?: string): Promise<unknown> } },
  what: string,
): Promise<unknown> {
  return emu.admin.whenRequest(e => e.fault === 'hang', what);
}

test('hang: the request is held open and never answered; clearing the faults releases it', async () => {
  t.emu.admin.setFaults('hang');
  const reply = watched(t.call(t.all, 'GET', getPath()));
  await held(t.emu, 'the request to be held');
  assert.equal(reply.settled(), false, 'not answered while the fault holds');
  assert.equal((await adminCall(t.emu, 'GET', '/__admin/faults')).body.spec, 'hang', 'admin calls are never held');
  t.emu.admin.clearFaults();
  const outcome = await reply.outcome;
  assert.ok(outcome instanceof Error, 'released without an answer: the client sees the connection end');
  assert.equal(t.emu.admin.requests().find(e => e.fault === 'hang')?.status, undefined);
  assert.equal((await t.call(t.all, 'GET', getPath())).status, 200, 'served again');
});

test('hang=[METHOD:]PATH holds the matching requests only; a new fault set releases them', async () => {
  await adminCall(t.emu, 'PUT', '/__admin/faults', { spec: 'hang=POST:/v5/campaigns/search' });
  const reply = watched(t.call(t.all, 'POST', '/v5/campaigns/search', {}));
  await held(t.emu, 'the search to be held');
  assert.equal((await t.call(t.all, 'GET', getPath())).status, 200, 'another path is served meanwhile');
  assert.equal(reply.settled(), false);
  await adminCall(t.emu, 'PUT', '/__admin/faults', { spec: 'latency=1' });
  assert.ok((await reply.outcome) instanceof Error);
});

test('hang=P with a seed holds a share of requests', () => {
  const f = new Faults({ hangRate: 0.5, seed: 5 });
  const kinds = Array.from({ length: 40 }, () => faultName(f.before('GET', '/v5/x')));
  assert.ok(kinds.includes('hang') && kinds.includes('ok'), kinds.join(','));
});

test('closing the emulator ends the requests it holds', async () => {
  const emu = await startEmulator({ faults: 'hang', rateLimits: false });
  const reply = watched(call(emu.url, emu.workspaces[0], 'GET', getPath()));
  await held(emu, 'the request to be held');
  await emu.close();
  assert.ok((await reply.outcome) instanceof Error);
});

test('throttle=1: every API request is answered 429 RATE_LIMITED with Retry-After, and nothing is applied', async () => {
  t.emu.admin.setFaults('throttle=1');
  const r = await t.call(
    t.all,
    'POST',
    '/v5/campaigns',
    { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: who },
    { requestId: 't-1' },
  );
  assert.equal(r.status, 429);
  assert.equal(r.headers['retry-after'], '1');
  assert.deepEqual(Object.keys(r.body).sort(), ['error', 'response_id']);
  assert.deepEqual(
    { ...r.body.error, message: undefined },
    { code: 'RATE_LIMITED', message: undefined, target: 'request', details: [], request_id: 't-1' },
  );
  assert.match(r.body.error.message, /Retry after 1 s/);
  assert.equal(t.emu.admin.requests().at(-1)?.fault, 'throttle');
  t.emu.admin.setFaults('throttle=1,retry-after=7');
  assert.equal((await t.call(t.all, 'GET', getPath())).headers['retry-after'], '7');
  assert.deepEqual(await draftsBy(who), []);
});

test('throttle=P with a seed: some requests are throttled, the rest served', async () => {
  const statuses = await statusesUnder('throttle=0.5,seed=2');
  assert.ok(statuses.includes(429) && statuses.includes(200), statuses.join(','));
});

test('status=CODE: every API request gets that status in the error envelope; 429 carries Retry-After', async () => {
  t.emu.admin.setFaults({ status: 503 });
  const r = await t.call(t.all, 'GET', getPath());
  assert.equal(r.status, 503);
  assert.equal(r.body.error.code, 'INTERNAL_ERROR');
  assert.match(r.body.error.message, /injected fault: status=503/);
  assert.equal(r.headers['retry-after'], undefined);
  t.emu.admin.setFaults('status=429,retry-after=3');
  const limited = await t.call(t.all, 'GET', getPath());
  assert.equal(limited.body.error.code, 'RATE_LIMITED');
  assert.equal(limited.headers['retry-after'], '3');
  t.emu.admin.setFaults('status=403');
  assert.equal((await t.call(t.all, 'GET', getPath())).body.error.code, 'FORBIDDEN');
});

test('faults at run time through the admin endpoint; admin calls are never faulted', async () => {
  let r = await adminCall(t.emu, 'PUT', '/__admin/faults', { spec: 'error-rate=1' });
  assert.equal(r.status, 200);
  assert.equal(r.body.spec, 'error-rate=1');
  assert.equal((await t.call(t.all, 'GET', getPath())).status, 500);
  r = await adminCall(t.emu, 'GET', '/__admin/faults');
  assert.deepEqual(r.body.faults, { errorRate: 1 });
  r = await adminCall(t.emu, 'PUT', '/__admin/faults', { latencyMs: [0, 5], fail: ['POST:/v5/campaigns/test'] });
  assert.equal(r.body.spec, 'latency=0-5,fail=POST:/v5/campaigns/test');
  r = await adminCall(t.emu, 'DELETE', '/__admin/faults');
  assert.equal(r.body.spec, 'none');
  assert.equal((await t.call(t.all, 'GET', getPath())).status, 200);
  for (const bad of [{ spec: 'boom' }, { errorRate: 3 }, { colour: 'red' }, { fail: [{ path: 'x' }] }]) {
    r = await adminCall(t.emu, 'PUT', '/__admin/faults', bad);
    assert.equal(r.status, 400, JSON.stringify(bad));
    assert.ok(r.body.error.length > 10);
  }
});

test('faults given at start (the --faults option of the programmatic interface)', async () => {
  const emu = await startEmulator({ faults: 'fail=/v5/campaigns/search', rateLimits: false });
  try {
    assert.equal((await call(emu.url, emu.workspaces[0], 'POST', '/v5/campaigns/search', {})).status, 500);
    assert.deepEqual(emu.admin.faults(), { fail: [{ path: '/v5/campaigns/search' }] });
  } finally {
    await emu.close();
  }
  await assert.rejects(startEmulator({ faults: 'nonsense=1' }), FaultSpecError);
});

test('the admin endpoint edits a campaign as another client would, for conflict tests', async () => {
  const doc = seed('Weekly picks for you');
  const before = (await t.call(t.all, 'GET', `/v5/campaigns/${doc.id}`)).body.data;
  const r = await adminCall(t.emu, 'PATCH', `/__admin/campaigns/${doc.campaign_id}`, {
    utm_params: { utm_source: 'other', utm_medium: 'push' },
    updated_by: 'colleague@shopco.example',
  });
  assert.equal(r.status, 200, r.text);
  const after = (await t.call(t.all, 'GET', `/v5/campaigns/${doc.id}`)).body.data;
  assert.deepEqual(after.utm_params, { utm_source: 'other', utm_medium: 'push' });
  assert.equal(after.updated_by, 'colleague@shopco.example');
  assert.ok(after.updated_at > before.updated_at);
  // Status too (no validation: the point is to set up any situation).
  await adminCall(t.emu, 'PATCH', `/__admin/campaigns/${doc.id}`, { status: 'STOPPED' });
  assert.equal(t.emu.admin.campaign(doc.id)!.status, 'STOPPED');
  assert.equal((await adminCall(t.emu, 'PATCH', `/__admin/campaigns/${doc.id}`, { status: 'GONE' })).status, 400);
  assert.equal((await adminCall(t.emu, 'PATCH', `/__admin/campaigns/${doc.id}`, { name: 'x' })).status, 400);
  assert.equal((await adminCall(t.emu, 'PATCH', '/__admin/campaigns/0123456789abcdef01234567', {})).status, 404);
  await adminCall(t.emu, 'PATCH', `/__admin/campaigns/${doc.id}`, { utm_params: null });
  assert.equal('utm_params' in t.emu.admin.campaign(doc.id)!.components, false, 'null removes a component');
  // And the admin reset brings the seed back.
  assert.equal((await adminCall(t.emu, 'POST', '/__admin/reset')).status, 200);
  assert.equal(t.emu.admin.campaign(doc.id)!.status, 'ACTIVE');
});

test('request log listeners hear what is learned about a request as it is learned, its duration last', async () => {
  const learned = (field: 'operation' | 'workspace' | 'requestId') =>
    t.emu.admin.whenRequest(e => e[field] !== undefined && e.status === undefined, `the request's ${field} before its answer`);
  const heard = [
    learned('operation'),
    learned('workspace'),
    learned('requestId'),
    t.emu.admin.whenRequest(e => e.ms !== undefined, 'its duration'),
  ];
  assert.equal((await t.call(t.all, 'GET', getPath(), undefined, { requestId: 'heard-1' })).status, 200);
  const [operation, workspace, requestId, timed] = await Promise.all(heard);
  assert.equal(operation.operation, 'getCampaign');
  assert.equal(workspace.workspace, t.all.id);
  assert.equal(requestId.requestId, 'heard-1');
  assert.equal(timed.status, 200);
});

test('the admin clock, request log and index', async () => {
  let r = await adminCall(t.emu, 'POST', '/__admin/clock', { set: '2030-05-01T12:00:00Z' });
  assert.equal(r.body.now, '2030-05-01T12:00:00.000Z');
  assert.equal(r.body.frozen, true);
  r = await adminCall(t.emu, 'POST', '/__admin/clock', { advanceMs: 1500 });
  assert.equal(r.body.now, '2030-05-01T12:00:01.500Z');
  const created = await t.call(t.all, 'POST', '/v5/campaigns', { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: who });
  assert.equal(created.body.data.created_at, '2030-05-01 12:00:01.500');
  assert.equal((await adminCall(t.emu, 'POST', '/__admin/clock', { set: 'yesterday' })).status, 400);
  r = await adminCall(t.emu, 'POST', '/__admin/clock', { reset: true });
  assert.equal(r.body.frozen, false);
  r = await adminCall(t.emu, 'GET', '/__admin/requests');
  const last = r.body.requests[r.body.requests.length - 1];
  assert.equal(last.method, 'POST');
  assert.equal(last.operation, 'createCampaign');
  assert.equal(last.status, 201);
  assert.equal(last.applied, true);
  assert.equal(last.workspace, t.all.id);
  assert.equal((await adminCall(t.emu, 'DELETE', '/__admin/requests')).body.requests.length, 0);
  r = await adminCall(t.emu, 'GET', '/__admin');
  assert.ok(r.body.endpoints.length >= 6);
  assert.equal((await adminCall(t.emu, 'GET', '/__admin/nothing')).status, 404);
  assert.equal((await adminCall(t.emu, 'POST', '/__admin/reset', undefined)).status, 200);
  assert.equal((await adminCall(t.emu, 'PUT', '/__admin/faults', undefined, { raw: '{bad' })).status, 400);
});

test('the emulator listens on loopback addresses only', async () => {
  await assert.rejects(startEmulator({ host: '0.0.0.0' }), /loopback/);
  assert.match(t.emu.url, /^http:\/\/127\.0\.0\.1:\d+$/);
});
