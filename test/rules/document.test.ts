import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, only, posOf } from '../helpers/lint';

test('D1: a trailing comma is reported once, at the comma, and the rest is still validated', () => {
  const text = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "chanel": 1,\n}';
  const got = lint(text);
  const d1 = only(got, 'D1');
  assert.equal(d1.length, 1);
  assert.equal(d1[0].path, '');
  assert.equal(d1[0].severity, 'error');
  assert.deepEqual(d1[0].range.start, posOf(text, '1,', 1));
  assert.equal(only(got, 'D7').length, 1, 'validation goes on after a recoverable syntax error');
});

test('D8: read-only metadata is an information diagnostic on the key', () => {
  const text = JSON.stringify({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', status: 'ACTIVE' }, null, 2);
  const d8 = only(lint(text), 'D8');
  assert.equal(d8.length, 1);
  assert.equal(d8[0].severity, 'information');
  assert.equal(d8[0].path, '/status');
  assert.deepEqual(d8[0].range.start, posOf(text, '"status"'));
});
