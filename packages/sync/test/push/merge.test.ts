import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeComponents, resolveConflicts } from '../../src/push/merge';

const base = {
  id: 'x', updated_at: '1', channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME',
  basic_details: { name: 'A' }, utm_params: { utm_source: 's', utm_medium: 'm' }, delivery_controls: { bypass_dnd: false },
};

test('changes on one side merge by themselves, each from its side', () => {
  const local = { ...base, basic_details: { name: 'Mine' } };
  const remote = { ...base, updated_at: '2', utm_params: { utm_source: 'theirs', utm_medium: 'm' } };
  const m = mergeComponents(base, local, remote);
  assert.deepEqual(m.conflicts, []);
  assert.deepEqual(m.keptLocal, ['basic_details']);
  assert.deepEqual(m.takenFromRemote, ['utm_params']);
  assert.deepEqual(m.merged.basic_details, { name: 'Mine' });
  assert.deepEqual(m.merged.utm_params, { utm_source: 'theirs', utm_medium: 'm' });
  assert.equal('updated_at' in m.merged, false, 'metadata is not merged');
});

test('the same change on both sides is not a conflict; key order does not matter', () => {
  const local = { ...base, utm_params: { utm_source: 'n', utm_medium: 'm' } };
  const remote = { ...base, utm_params: { utm_medium: 'm', utm_source: 'n' } };
  const m = mergeComponents(base, local, remote);
  assert.deepEqual(m.conflicts, []);
  assert.deepEqual(m.convergent, ['utm_params']);
});

test('different changes to one component are a conflict; the choices resolve it', () => {
  const local = { ...base, basic_details: { name: 'Mine' }, delivery_controls: { bypass_dnd: true } };
  const remote = { ...base, basic_details: { name: 'Theirs' }, utm_params: { utm_source: 'r', utm_medium: 'm' } };
  const m = mergeComponents(base, local, remote);
  assert.deepEqual(m.conflicts.map(c => c.key), ['basic_details']);
  assert.deepEqual(m.conflicts[0].remote, { name: 'Theirs' });
  assert.throws(() => resolveConflicts(m, {}), /No choice/);
  const theirs = resolveConflicts(m, { basic_details: 'remote' });
  assert.deepEqual(theirs.merged.basic_details, { name: 'Theirs' });
  assert.deepEqual(theirs.fromRemote.sort(), ['basic_details', 'utm_params']);
  const mine = resolveConflicts(m, { basic_details: 'local' });
  assert.deepEqual(mine.merged.basic_details, { name: 'Mine' });
  assert.deepEqual(mine.fromRemote, ['utm_params']);
});

test('a component deleted on one side and unchanged on the other is deleted; deleted vs edited conflicts', () => {
  const localDel: Record<string, unknown> = { ...base };
  delete localDel.utm_params;
  const m1 = mergeComponents(base, localDel, { ...base });
  assert.equal('utm_params' in m1.merged, false);
  const remoteEdit = { ...base, utm_params: { utm_source: 'z', utm_medium: 'm' } };
  const m2 = mergeComponents(base, localDel, remoteEdit);
  assert.deepEqual(m2.conflicts.map(c => c.key), ['utm_params']);
  assert.equal(m2.conflicts[0].local, undefined);
});
