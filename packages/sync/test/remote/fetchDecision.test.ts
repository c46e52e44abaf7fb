import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { decideFetch } from '../../src/remote/fetch';
import { serializeCampaign } from '../../src/remote/format';

const remote = { id: 'a', status: 'ACTIVE', channel: 'PUSH', basic_details: { name: 'New name' } };
const base = { id: 'a', status: 'SCHEDULED', channel: 'PUSH', basic_details: { name: 'Old name' } };

test('no file: write it', () => {
  assert.deepEqual(decideFetch({}, remote), { action: 'write', reason: 'new-file' });
});

test('the file is the base (no local edits): write over it without asking', () => {
  assert.deepEqual(decideFetch({ diskText: serializeCampaign(base), base }, remote), { action: 'write', reason: 'no-local-edits' });
  // Formatting and key order are not edits.
  assert.deepEqual(
    decideFetch(
      { diskText: JSON.stringify({ basic_details: { name: 'Old name' }, channel: 'PUSH', status: 'SCHEDULED', id: 'a' }), base },
      remote,
    ).action,
    'write',
  );
});

test('the file already holds the remote: only the base is refreshed', () => {
  assert.deepEqual(decideFetch({ diskText: JSON.stringify(remote), base }, remote), { action: 'base-only', reason: 'same-as-remote' });
  assert.deepEqual(decideFetch({ diskText: JSON.stringify(remote) }, remote).action, 'base-only');
});

test('local edits since the fetch: ask, naming the edited components', () => {
  const local = { ...base, utm_params: { utm_source: 'x', utm_medium: 'y' } };
  const d = decideFetch({ diskText: JSON.stringify(local), base }, remote);
  assert.equal(d.action, 'ask');
  assert.equal(d.action === 'ask' && d.reason, 'local-edits');
  assert.match(d.action === 'ask' ? d.message : '', /`utm_params`/);
  assert.deepEqual(d.action === 'ask' && d.localChanges?.changes.map(c => c.key), ['utm_params']);
});

test('unsaved edits in an editor: always ask, whatever is on disk', () => {
  const d = decideFetch({ diskText: serializeCampaign(base), unsavedText: '{"typing": ', base }, remote);
  assert.equal(d.action === 'ask' && d.reason, 'unsaved-edits');
});

test('a file without a base that differs from the remote: ask', () => {
  const d = decideFetch({ diskText: JSON.stringify(base) }, remote);
  assert.equal(d.action === 'ask' && d.reason, 'no-base');
});

test('a file that does not parse: ask (its edits cannot be compared)', () => {
  const d = decideFetch({ diskText: '{ "id": "a", ', base }, remote);
  assert.equal(d.action === 'ask' && d.reason, 'unparsable');
});
