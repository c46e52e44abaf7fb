import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { redact } from '../../src/remote/callLog';

// What reaches the output channel and error messages: credentials in the shapes that service
// errors, proxies and HTTP traces write them. Tokens here hold `.`, `-` or fewer than 12
// characters where a case is about the header's shape, so that only the header pattern hides them.
const SHAPES: Array<{ name: string; text: string; expected: string }> = [
  { name: 'a header line', text: 'Authorization: Bearer tok.en-1', expected: 'Authorization: Bearer ***' },
  { name: 'a header with no space after the colon', text: 'authorization:basic dXNl.cjE', expected: 'authorization:basic ***' },
  { name: 'a header with spaces around `=`', text: 'authorization = bearer tok.en', expected: 'authorization = bearer ***' },
  { name: 'a header with two spaces before the token', text: 'Authorization: Bearer  tok.en', expected: 'Authorization: Bearer  ***' },
  { name: 'a header as a JSON member', text: '{"authorization": "Bearer tok.en"}', expected: '{"authorization": "Bearer ***"}' },
  {
    name: 'a header as a JSON member, space inside the quotes',
    text: "{'Authorization':' Basic tok.en'}",
    expected: "{'Authorization':' Basic ***'}",
  },
  { name: 'Basic credentials in prose, no padding', text: 'sent basic dXNlcjpwYXNzd29y twice', expected: 'sent basic *** twice' },
  { name: 'a Bearer token after two spaces', text: 'got Bearer  abcdefghijklmnop back', expected: 'got Bearer *** back' },
  { name: 'an api_key query parameter', text: '/v5/campaigns?page=2&api_key=s3cr3t', expected: '/v5/campaigns?page=2&api_key=***' },
  { name: 'an apiKey with a space before the colon', text: 'apikey : s3cr3t', expected: 'apikey : ***' },
  { name: 'an API-Key JSON member', text: '{"API-Key":"s3cr3t","page":2}', expected: '{"API-Key":"***","page":2}' },
];

for (const { name, text, expected } of SHAPES) {
  test(`redact() hides credentials in ${name}`, () => {
    assert.equal(redact(text), expected);
  });
}

test('redact() hides a secret of exactly four characters, wherever it appears', () => {
  assert.equal(redact('pin abcd, again abcd', ['abcd']), 'pin ***, again ***');
});

test('redact() leaves text alone for secrets too short to mean anything (empty, or under four characters)', () => {
  assert.equal(redact('a campaign named abc', ['', 'abc']), 'a campaign named abc');
});

test('redact() leaves text without credentials unchanged', () => {
  assert.equal(redact('GET /v5/campaigns/42 → 404 in 12 ms'), 'GET /v5/campaigns/42 → 404 in 12 ms');
});
