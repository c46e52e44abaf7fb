import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computePatch, isEmptyPatch, PatchError, PatchPlan } from '../../src/push/patch';

/** The whole plan of a push, field by field: the exact PATCH body and every note beside it. */

const BASE = {
  id: '65f000000000000000000001',
  status: 'DRAFT',
  updated_at: '2025-01-01 10:00:00',
  created_by: 'ann@example.com',
  channel: 'PUSH',
  campaign_delivery_type: 'ONE_TIME',
  basic_details: { name: 'Spring' },
  utm_params: { utm_source: 'x' },
  advanced: { ttl: 1 },
  x_note: 'kept from the fetch',
};

const NOTHING: Omit<PatchPlan, 'body'> = { changed: [], removedLocally: [], unknownKeys: [], readOnlyEdits: [], identityChanges: [] };

test('an unchanged file: a body with the identity fields and the author only, nothing to push', () => {
  const plan = computePatch(structuredClone(BASE), BASE, 'me@example.com');
  assert.deepEqual(plan, { ...NOTHING, body: { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: 'me@example.com' } });
  assert.equal(isEmptyPatch(plan), true);
});

test('changed and added components go in the order of the file, after the identity fields and the author', () => {
  const local = {
    advanced: { ttl: 2 },
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    control_group_details: { is_campaign_control_group_enabled: false },
    basic_details: { name: 'Spring' },
    utm_params: { utm_source: 'x' },
    x_note: 'kept from the fetch',
  };
  const plan = computePatch(local, BASE, 'me@example.com');
  assert.deepEqual(plan, {
    ...NOTHING,
    changed: ['advanced', 'control_group_details'],
    body: {
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      updated_by: 'me@example.com',
      advanced: { ttl: 2 },
      control_group_details: { is_campaign_control_group_enabled: false },
    },
  });
  assert.deepEqual(Object.keys(plan.body), ['channel', 'campaign_delivery_type', 'updated_by', 'advanced', 'control_group_details']);
  assert.equal(isEmptyPatch(plan), false);
});

test("components deleted locally are listed in the campaign's component order, and never sent", () => {
  const local = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', x_note: 'kept from the fetch' };
  const plan = computePatch(local, BASE, 'me@example.com');
  assert.deepEqual(plan, {
    ...NOTHING,
    removedLocally: ['basic_details', 'advanced', 'utm_params'],
    body: { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: 'me@example.com' },
  });
  assert.equal(isEmptyPatch(plan), true, 'a deletion alone sends nothing');
});

test('a component the base holds as undefined is not a deletion', () => {
  const base = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', utm_params: undefined };
  assert.deepEqual(computePatch({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME' }, base, 'me').removedLocally, []);
});

test('unknown keys: only those that differ from the base are reported, none is sent', () => {
  const local = { ...structuredClone(BASE), x_note: 'edited', x_new: 1 };
  const plan = computePatch(local, BASE, 'me@example.com');
  assert.deepEqual(plan, {
    ...NOTHING,
    unknownKeys: ['x_note', 'x_new'],
    body: { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: 'me@example.com' },
  });
  assert.equal(isEmptyPatch(plan), true);
});

test('read-only metadata: an edit is reported only for fields the base has; authorship is neither sent nor reported', () => {
  const local = {
    ...structuredClone(BASE),
    status: 'ACTIVE',
    id: BASE.id,
    sent_time: '2025-02-02 10:00:00',
    created_by: 'bob@example.com',
    updated_by: 'bob@example.com',
  };
  const plan = computePatch(local, BASE, 'me@example.com');
  assert.deepEqual(plan, {
    ...NOTHING,
    readOnlyEdits: ['status'],
    body: { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: 'me@example.com' },
  });
});

test("a changed channel is an identity change; the body carries the file's value", () => {
  const local = { ...structuredClone(BASE), channel: 'EMAIL' };
  const plan = computePatch(local, BASE, 'me');
  assert.deepEqual(plan.identityChanges, [{ field: 'channel', from: 'PUSH', to: 'EMAIL' }]);
  assert.deepEqual(plan.body, { channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME', updated_by: 'me' });
});

test("identity fields missing from the file are changes, and the body keeps the base's values", () => {
  const { channel: _c, campaign_delivery_type: _t, ...local } = structuredClone(BASE);
  const plan = computePatch(local, BASE, 'me');
  assert.deepEqual(plan.identityChanges, [
    { field: 'channel', from: 'PUSH', to: undefined },
    { field: 'campaign_delivery_type', from: 'ONE_TIME', to: undefined },
  ]);
  assert.deepEqual(plan.body, { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: 'me' });
});

test('identity fields the base does not have are not changes', () => {
  const plan = computePatch({ channel: 'SMS', campaign_delivery_type: 'PERIODIC' }, {}, 'me');
  assert.deepEqual(plan.identityChanges, []);
  assert.deepEqual(plan.body, { channel: 'SMS', campaign_delivery_type: 'PERIODIC', updated_by: 'me' });
});

test('a file or base that is not a JSON object: an error that says what to do', () => {
  for (const local of [[], null, 'text', 3]) {
    assert.throws(
      () => computePatch(local, BASE, 'me'),
      (e: unknown) => e instanceof PatchError && /does not hold a JSON object.*Fix the file first/.test(e.message),
    );
  }
  for (const base of [[], null, undefined]) {
    assert.throws(
      () => computePatch(BASE, base, 'me'),
      (e: unknown) => e instanceof PatchError && /base snapshot.*Fetch the campaign again/.test(e.message),
    );
  }
});
