import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentLength, MAX_BODY_BYTES, takeFrames } from '../../src/framing';
import { frame, rawServer } from '../helpers/rawServer';

/**
 * The base protocol's framing: a message whose header is unusable is logged and skipped, and the
 * server answers the next one. (vscode-jsonrpc alone stayed alive but deaf after one.)
 */

const bodies = (input: Buffer, resyncing = false) => takeFrames(input, resyncing).bodies.map(b => b.toString('utf8'));

describe('splitting a byte stream into messages', () => {
  test('well-framed messages come out whole, other headers ignored, non-ASCII bodies counted in bytes', () => {
    const input = Buffer.concat([
      frame('{"a":"é€"}'),
      Buffer.from('Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n'),
      frame('{}'),
    ]);
    assert.deepEqual(bodies(input), ['{"a":"é€"}', '{}']);
  });

  test('a message cut anywhere waits for the rest and says how much it needs', () => {
    const whole = frame('{"jsonrpc":"2.0"}');
    for (let cut = 0; cut < whole.length; cut++) {
      const first = takeFrames(whole.subarray(0, cut), false);
      assert.deepEqual(first.bodies, [], `cut at ${cut}`);
      assert.ok(first.needed === 0 || first.needed === whole.length, `cut at ${cut}: needs ${first.needed}`);
      assert.deepEqual(bodies(Buffer.concat([first.rest, whole.subarray(cut)])), ['{"jsonrpc":"2.0"}']);
    }
  });

  const bad: Array<[string, string]> = [
    ['no Content-Length', 'Content-Type: application/json\r\n\r\n{"id":9}'],
    ['a negative Content-Length', 'Content-Length: -5\r\n\r\n{"id":9}'],
    ['a Content-Length that is not a number', 'Content-Length: abc\r\n\r\n{"id":9}'],
    ['a header line without a colon', 'garbage\r\n\r\n{"id":9}'],
    ['a Content-Length past the limit', `Content-Length: ${MAX_BODY_BYTES + 1}\r\n\r\n{"id":9}`],
    ['a header that never ends', 'x'.repeat(10_000)],
  ];
  for (const [name, junk] of bad) {
    test(`${name}: reported, skipped up to the next message`, () => {
      const scan = takeFrames(Buffer.concat([frame('{"id":1}'), Buffer.from(junk), frame('{"id":2}')]), false);
      assert.deepEqual(
        scan.bodies.map(b => b.toString()),
        ['{"id":1}', '{"id":2}'],
      );
      assert.equal(scan.problems.length, 1, scan.problems.join('\n'));
      assert.equal(scan.resyncing, false);
    });
  }

  test('skipping goes on across chunks, even when a chunk ends inside "Content-Length:"', () => {
    const junk = takeFrames(Buffer.from('Content-Length: -1\r\n\r\n{"id":9}Content-Len'), false);
    assert.equal(junk.resyncing, true);
    assert.deepEqual(bodies(Buffer.concat([junk.rest, Buffer.from('gth: 2\r\n\r\n{}')]), true), ['{}']);
  });

  test('Content-Length is read case-insensitively and must be a whole number of bytes', () => {
    assert.equal(contentLength('content-length: 12'), 12);
    assert.equal(contentLength('Content-Type: x\r\nContent-Length:7'), 7);
    for (const header of ['Content-Length: 1.5', 'Content-Length: ', 'Content-Length: 0x10', 'Content-Type: x'])
      assert.equal(typeof contentLength(header), 'string', header);
  });
});

describe('the server over stdio after a malformed message', () => {
  const hover = { textDocument: { uri: 'file:///x.campaign.json' }, position: { line: 0, character: 0 } };
  const cases: Array<[string, string]> = [
    ['no Content-Length', 'Content-Type: application/json\r\n\r\n{"jsonrpc":"2.0","id":999,"method":"shutdown"}'],
    ['Content-Length: -5', 'Content-Length: -5\r\n\r\n{"jsonrpc":"2.0","id":999,"method":"shutdown"}'],
  ];
  for (const [name, junk] of cases) {
    test(`${name}: logged on stderr, and the next request is answered`, { timeout: 60_000 }, async () => {
      const server = rawServer();
      await server.request('initialize', { processId: null, rootUri: null, capabilities: {} });
      server.write(junk);
      const answer = await server.request('textDocument/hover', hover);
      assert.equal(answer.error, undefined, JSON.stringify(answer));
      await server.whenStderr(/malformed message/);
      assert.equal(server.answered(999), false, 'the malformed message is not acted on');
      assert.equal(await server.stop(), 0);
    });
  }
});
