import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decidePull } from '../../src/remote/pull';

/** Pull's decision: fetch's where fetch would not ask, the merge where it would. */

const base = { channel: 'PUSH', basic_details: { name: 'Spring', tags: ['a'] } };
const text = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

test("as fetch: a new file, a file without edits, a file already holding the service's version", () => {
  const remote = { ...base, basic_details: { name: 'Spring', tags: ['a', 'b'] } };
  assert.deepEqual(decidePull(undefined, base, remote), { action: 'write', reason: 'new-file' });
  assert.deepEqual(decidePull(text(base), base, remote), { action: 'write', reason: 'no-local-edits' });
  assert.deepEqual(decidePull(text(remote), base, remote), { action: 'base-only', reason: 'same-as-remote' });
});

test('edits and an unchanged service: the edits stay, only the base moves', () => {
  const mine = { ...base, basic_details: { name: 'Mine', tags: ['a'] } };
  assert.deepEqual(decidePull(text(mine), base, base), { action: 'base-only', reason: 'remote-unchanged' });
});

test('edits and service changes in other fields merge; the same field changed differently conflicts', () => {
  const mine = { ...base, basic_details: { name: 'Mine', tags: ['a'] } };
  const theirs = { ...base, basic_details: { name: 'Spring', tags: ['a', 'b'] } };
  const merged = decidePull(text(mine), base, theirs);
  assert.equal(merged.action, 'merge');
  assert.deepEqual(merged.action === 'merge' && [merged.merged.basic_details, merged.takenFromRemote, merged.keptLocal], [
    { name: 'Mine', tags: ['a', 'b'] },
    ['basic_details.tags'],
    ['basic_details.name'],
  ]);
  const conflict = decidePull(text(mine), base, { ...base, basic_details: { name: 'Theirs', tags: ['a'] } });
  assert.deepEqual(conflict.action === 'conflict' && conflict.conflicts.map(c => c.path), ['basic_details.name']);
});

test('refused: a file that is not a JSON object, and a differing file without a base', () => {
  assert.equal(decidePull('{ not json', base, base).action, 'refuse');
  assert.equal(decidePull('[1, 2]', base, base).action, 'refuse');
  const noBase = decidePull(text({ ...base, channel: 'EMAIL' }), undefined, base);
  assert.deepEqual(noBase.action === 'refuse' && noBase.reason, 'no-base');
});
