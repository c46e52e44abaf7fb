import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computePatch, isEmptyPatch, PatchError, planNotes, planRefusals, previewBefore, previewText } from '../../src/push/patch';

const base = {
  id: '65f000000000000000000001',
  status: 'DRAFT',
  updated_at: '2025-01-01 10:00:00',
  channel: 'PUSH',
  campaign_delivery_type: 'ONE_TIME',
  basic_details: { name: 'Spring', tags: ['a'], platforms: ['ANDROID'] },
  segmentation_details: { included_filters: { filter_operator: 'and', filters: [{ filter_type: 'custom_segments', name: 's', id: '1' }] } },
  utm_params: { utm_source: 'x', utm_medium: 'y' },
};

test('P4: a change deep inside a component sends that whole component, and nothing else', () => {
  const local = structuredClone(base);
  (local.segmentation_details.included_filters.filters[0] as { name: string }).name = 'vip';
  const plan = computePatch(local, base, 'me@example.com');
  assert.deepEqual(plan.changed, ['segmentation_details']);
  assert.deepEqual(plan.body, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: 'me@example.com',
    segmentation_details: local.segmentation_details,
  });
});

test('key order and read-only fields are not changes; read-only fields are never sent', () => {
  const local = {
    utm_params: { utm_medium: 'y', utm_source: 'x' },
    basic_details: { platforms: ['ANDROID'], tags: ['a'], name: 'Spring' },
    campaign_delivery_type: 'ONE_TIME',
    channel: 'PUSH',
    segmentation_details: base.segmentation_details,
    id: base.id,
    status: 'ACTIVE',
    updated_at: '2030-01-01 00:00:00',
    version_number: 4,
  };
  const plan = computePatch(local, base, 'me@example.com');
  assert.ok(isEmptyPatch(plan));
  assert.deepEqual(Object.keys(plan.body).sort(), ['campaign_delivery_type', 'channel', 'updated_by']);
  assert.deepEqual(plan.readOnlyEdits, ['status', 'updated_at']);
});

test('array order is a change (filters, goals and tags are ordered)', () => {
  const local = structuredClone(base);
  local.basic_details.tags = ['a', 'b'];
  assert.deepEqual(computePatch(local, base, 'me@example.com').changed, ['basic_details']);
});

test('an added component is sent; a deleted one is reported, not sent', () => {
  const local: Record<string, unknown> = structuredClone(base);
  delete local.utm_params;
  local.control_group_details = { is_campaign_control_group_enabled: false };
  const plan = computePatch(local, base, 'me@example.com');
  assert.deepEqual(plan.changed, ['control_group_details']);
  assert.deepEqual(plan.removedLocally, ['utm_params']);
  assert.equal('utm_params' in plan.body, false);
  assert.match(planNotes(plan).join(' '), /`utm_params` was deleted from the file but stay/);
});

test('unknown top-level keys are not sent, and said so', () => {
  const local: Record<string, unknown> = { ...structuredClone(base), segmentation_detail: {} };
  const plan = computePatch(local, base, 'me@example.com');
  assert.deepEqual(plan.unknownKeys, ['segmentation_detail']);
  assert.equal('segmentation_detail' in plan.body, false);
  assert.match(planNotes(plan).join(' '), /D7/);
});

test('a changed channel or delivery type is refused with rule D6 on that field', () => {
  const local = { ...structuredClone(base), campaign_delivery_type: 'PERIODIC' };
  const r = planRefusals(computePatch(local, base, 'me@example.com'));
  assert.equal(r.length, 1);
  assert.equal(r[0].path, '/campaign_delivery_type');
  assert.equal(r[0].severity, 'error');
  assert.match(r[0].message, /cannot change its delivery type/);
});

test('not an object, or no base: a clear error', () => {
  assert.throws(() => computePatch([], base, 'me@example.com'), PatchError);
  assert.throws(() => computePatch(base, undefined, 'me@example.com'), /Fetch the campaign again/);
});

test('the preview shows the body with sorted keys, and the remote side of the same keys', () => {
  const local = structuredClone(base);
  local.basic_details.name = 'Summer';
  const plan = computePatch(local, base, 'me@example.com');
  const text = previewText(plan.body);
  assert.ok(text.indexOf('"basic_details"') < text.indexOf('"channel"'));
  assert.ok(text.indexOf('"name"') < text.indexOf('"platforms"'));
  const before = previewBefore(plan.body, { ...base, updated_by: 'other@example.com' });
  assert.deepEqual(before, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: 'other@example.com',
    basic_details: base.basic_details,
  });
});
