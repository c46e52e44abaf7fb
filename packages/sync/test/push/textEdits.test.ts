import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyTopLevel, detectIndentation, writeNewId } from '../../src/push/textEdits';

const text =
  '{\n    "channel": "EMAIL", // comment kept\n    "campaign_delivery_type": "ONE_TIME",\n    "utm_params": {"utm_source": "a", "utm_medium": "b"},\n    "basic_details": { "name": "x" }\n}\n';

test('replacing one component leaves every other byte as it was', () => {
  const out = applyTopLevel(text, [{ key: 'utm_params', value: { utm_source: 'z', utm_medium: 'b' } }]);
  const before = text.split('"utm_params"');
  const after = out.split('"utm_params"');
  assert.equal(after[0], before[0]);
  assert.ok(out.endsWith('"basic_details": { "name": "x" }\n}\n'));
  assert.deepEqual(JSON.parse(out.replace(/\/\/.*$/m, '')).utm_params, { utm_source: 'z', utm_medium: 'b' });
});

test("removing a component and adding one, in the file's indentation", () => {
  const out = applyTopLevel(text, [
    { key: 'utm_params', value: undefined },
    { key: 'control_group_details', value: { is_campaign_control_group_enabled: false } },
  ]);
  const v = JSON.parse(out.replace(/\/\/.*$/m, ''));
  assert.equal('utm_params' in v, false);
  assert.deepEqual(v.control_group_details, { is_campaign_control_group_enabled: false });
  assert.match(out, /\n {4}"control_group_details": \{\n {8}"is_campaign_control_group_enabled": false\n {4}\}/);
  assert.ok(out.includes('// comment kept'));
});

test('the id of a new draft goes at the top, the rest unchanged', () => {
  const out = writeNewId(text, '65f1a2b3c4d5e6f708192a3b');
  assert.ok(out.startsWith('{\n    "id": "65f1a2b3c4d5e6f708192a3b",\n    "status": "DRAFT",\n    "channel": "EMAIL", // comment kept\n'));
  assert.ok(out.endsWith(text.slice(text.indexOf('"channel"') + '"channel": "EMAIL", // comment kept\n'.length)));
});

test('CRLF and tabs are kept', () => {
  const crlf = '{\r\n\t"channel": "PUSH",\r\n\t"campaign_delivery_type": "ONE_TIME"\r\n}';
  assert.deepEqual(detectIndentation(crlf), { insertSpaces: false, tabSize: 1, eol: '\r\n' });
  const out = writeNewId(crlf, 'abc');
  assert.equal(out, '{\r\n\t"id": "abc",\r\n\t"status": "DRAFT",\r\n\t"channel": "PUSH",\r\n\t"campaign_delivery_type": "ONE_TIME"\r\n}');
});
