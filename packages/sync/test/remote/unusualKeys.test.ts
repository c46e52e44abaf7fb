import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fetchIntoWorkspace } from '../../src/remote/fetch';
import { pullIntoWorkspace } from '../../src/remote/pull';
import { denormalizeCampaign, normalizeCampaign, schedulingToRequest, schedulingToResponse } from '../../src/remote/normalize';
import { readBaseSnapshot } from '../../src/remote/baseSnapshots';
import { ServiceClient } from '../../src/remote/serviceClient';
import { RateLimiter } from '../../src/remote/rateLimiter';
import { differingPaths } from '../../src/remote/json';
import { fieldChanges } from '../../src/push/fieldPaths';
import { previewText } from '../../src/push/patch';

/**
 * A member named `__proto__` is data like any other: the service may hold one, and fetch writes
 * it to the file and the base snapshot instead of turning it into the object's prototype.
 */

const ID = '65f0c1d2e3a4b5c6d7e8f901';
const ANSWER =
  `{"data": {"id": "${ID}", "campaign_id": "${ID}", "channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "status": "DRAFT",` +
  ` "created_by": "dev@example.com", "__proto__": {"polluted": true}, "basic_details": {"name": "Odd keys", "__proto__": {"nested": 1}},` +
  ` "advanced": {"constructor": "c", "prototype": "p"}}}`;

function serving(text: string | (() => string)): ServiceClient {
  const fetchImpl = (async () => new Response(typeof text === 'string' ? text : text(), { status: 200 })) as typeof fetch;
  return new ServiceClient({
    environment: { name: 'test', baseUrl: 'https://api.example.com', workspaceId: 'WS1', headerPrefix: 'SVC', production: false },
    apiKey: 'secret-api-key-123',
    fetch: fetchImpl,
    limiter: new RateLimiter(),
  });
}

const own = (o: unknown, k: string) => Object.prototype.hasOwnProperty.call(o, k);

test('fetch keeps `__proto__` members in the written file and in the base snapshot', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'i18-client-keys-'));
  try {
    const res = await fetchIntoWorkspace(ID, {
      client: serving(ANSWER),
      workspaceRoot: root,
      folder: 'campaigns',
      ask: async () => 'cancel',
    });
    assert.equal(res.outcome, 'written');
    const written = JSON.parse(fs.readFileSync(res.file, 'utf8'));
    assert.ok(own(written, '__proto__'), fs.readFileSync(res.file, 'utf8'));
    assert.deepEqual(written.__proto__, { polluted: true });
    assert.deepEqual(written.basic_details.__proto__, { nested: 1 });
    assert.deepEqual(written.advanced, { constructor: 'c', prototype: 'p' });
    const base = await readBaseSnapshot(root, ID);
    assert.ok(base && own(base.campaign, '__proto__'), 'the base snapshot lost it');
    assert.deepEqual(base.campaign.__proto__, { polluted: true });
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype was touched');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('normalizing and back keeps a `__proto__` member as an own member', () => {
  const record = JSON.parse(ANSWER).data;
  const n = normalizeCampaign(record);
  assert.ok(own(n.document, '__proto__'));
  assert.equal(Object.getPrototypeOf(n.document), Object.prototype);
  assert.deepEqual(denormalizeCampaign(n.document, n.aside), record);
});

test('pull merges a `__proto__` member the service added into a file with local edits', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'i18-client-keys-'));
  try {
    let answer = ANSWER.replace(' "__proto__": {"polluted": true},', '');
    assert.notEqual(answer, ANSWER);
    const client = serving(() => answer);
    const first = await fetchIntoWorkspace(ID, { client, workspaceRoot: root, folder: 'campaigns', ask: async () => 'cancel' });
    const mine = JSON.parse(fs.readFileSync(first.file, 'utf8'));
    mine.basic_details.name = 'Mine';
    fs.writeFileSync(first.file, JSON.stringify(mine, null, 2) + '\n');
    // The service now holds a top-level `__proto__` member as well.
    answer = ANSWER;
    const pulled = await pullIntoWorkspace(ID, { client, workspaceRoot: root, folder: 'campaigns' });
    assert.equal(pulled.decision.action, 'merge', JSON.stringify(pulled.decision));
    const text = fs.readFileSync(first.file, 'utf8');
    const merged = JSON.parse(text);
    assert.ok(own(merged, '__proto__'), text);
    assert.deepEqual(merged.__proto__, { polluted: true });
    assert.equal(merged.basic_details.name, 'Mine');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a `__proto__` member added on one side is one difference at its own pointer, not the members of the prototype below it', () => {
  const before = JSON.parse('{"basic_details": {"name": "a"}}');
  const after = JSON.parse('{"basic_details": {"name": "a", "__proto__": {"x": 1}, "constructor": {"y": 2}}}');
  assert.deepEqual(differingPaths(before, after), ['/basic_details/__proto__', '/basic_details/constructor']);
  assert.deepEqual(differingPaths(after, before), ['/basic_details/__proto__', '/basic_details/constructor']);
  assert.deepEqual(fieldChanges(before, after), [
    { path: ['basic_details', '__proto__'], before: undefined, after: { x: 1 } },
    { path: ['basic_details', 'constructor'], before: undefined, after: { y: 2 } },
  ]);
});

test('a schedule with a `__proto__` member converts to the request shape and back exactly, the member kept', () => {
  const response = JSON.parse(
    '{"delivery_type": "SCHEDULED", "schedule_time": "2026-03-01T10:00:00", "time_zone": "Europe/Berlin", "__proto__": {"x": 1}}',
  );
  const request = schedulingToRequest(response, false);
  assert.equal(request.exact, true, JSON.stringify(request));
  assert.ok(own(request.value, '__proto__'));
  assert.deepEqual(
    request.value,
    JSON.parse(
      '{"delivery_type": "AT_FIXED_TIME", "start_time": "2026-03-01T10:00:00", "timezone": "Europe/Berlin", "__proto__": {"x": 1}}',
    ),
  );
  const back = schedulingToResponse(request.value, false);
  assert.ok(own(back, '__proto__'));
  assert.deepEqual(back, response);
});

test('the push preview shows a `__proto__` member the body sends', () => {
  const body = JSON.parse('{"basic_details": {"name": "Odd keys", "__proto__": {"nested": 1}}}');
  assert.equal(
    previewText(body),
    '{\n  "basic_details": {\n    "__proto__": {\n      "nested": 1\n    },\n    "name": "Odd keys"\n  }\n}\n',
  );
});
