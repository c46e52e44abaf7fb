import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { describeComponentSummary, diffComponents } from '../../src/remote/componentDiff';
import { differingPaths } from '../../src/remote/json';

const base = {
  id: 'a',
  status: 'SCHEDULED',
  updated_at: '2025-01-01 00:00:00',
  channel: 'PUSH',
  campaign_delivery_type: 'ONE_TIME',
  basic_details: { name: 'N', tags: ['x'], platforms: ['IOS'] },
  scheduling_details: { delivery_type: 'ASAP' },
};

test('key order and read-only metadata never count as a change', () => {
  const reordered = {
    scheduling_details: { delivery_type: 'ASAP' },
    basic_details: { platforms: ['IOS'], tags: ['x'], name: 'N' },
    campaign_delivery_type: 'ONE_TIME',
    channel: 'PUSH',
    status: 'ACTIVE',
    updated_at: '2025-02-02 00:00:00',
    id: 'a',
  };
  const s = diffComponents(base, reordered);
  assert.deepEqual(s.changes, []);
  assert.deepEqual(s.readOnlyDiffering.sort(), ['status', 'updated_at']);
  assert.match(describeComponentSummary(s, 'the remote', 'the local file'), /No component differs .*only read-only metadata differs/);
});

test('changed, added and removed components, with the pointers that differ', () => {
  const local = {
    ...base,
    basic_details: { ...base.basic_details, name: 'M', tags: ['x', 'y'] },
    utm_params: { utm_source: 's', utm_medium: 'm' },
  } as Record<string, unknown>;
  delete local.scheduling_details;
  const s = diffComponents(base, local);
  assert.deepEqual(
    s.changes.map(c => [c.key, c.kind]),
    [
      ['basic_details', 'changed'],
      ['scheduling_details', 'removed'],
      ['utm_params', 'added'],
    ],
  );
  assert.deepEqual(s.changes[0].paths, ['/basic_details/name', '/basic_details/tags']);
  assert.deepEqual(s.unchanged, ['channel', 'campaign_delivery_type']);
  assert.equal(
    describeComponentSummary(s, 'base', 'local'),
    '3 components differ between base and local: `basic_details` changed (/basic_details/name, /basic_details/tags); `scheduling_details` only in base; `utm_params` only in local.',
  );
});

test('non-objects compare as empty documents', () => {
  assert.deepEqual(diffComponents(null, { channel: 'PUSH' }).changes, [{ key: 'channel', kind: 'added', paths: [] }]);
});

test('differingPaths ignores key order and escapes the pointers it returns', () => {
  assert.deepEqual(differingPaths({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] }), []);
  assert.deepEqual(differingPaths([1, 2], [2, 1]), ['/0', '/1']);
  assert.deepEqual(differingPaths({ a: null }, { a: 0 }), ['/a']);
  assert.deepEqual(differingPaths({ a: { 'x/y': 1, z: [1, 2] } }, { a: { 'x/y': 2, z: [1, 3] } }), ['/a/x~1y', '/a/z/1']);
  assert.deepEqual(differingPaths([1], [1, 2]), ['']);
});
