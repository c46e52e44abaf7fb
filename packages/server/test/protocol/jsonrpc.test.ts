import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { frame, rawServer, RawServer } from '../helpers/rawServer';

/**
 * JSON-RPC 2.0 as the base protocol uses it: a body that is not JSON gets ParseError (-32700), a
 * body that is not a request, a notification or a response gets InvalidRequest (-32600), with
 * id null when its id cannot be read; after `shutdown` every request gets InvalidRequest, as the
 * Language Server Protocol asks. A batch (an array of messages) gets one InvalidRequest: LSP never
 * sends one, and the connection cannot process one.
 */

const INIT = { processId: null, rootUri: null, capabilities: {} };
const HOVER = { textDocument: { uri: 'file:///jsonrpc/x.campaign.json' }, position: { line: 0, character: 0 } };

async function started(): Promise<RawServer> {
  const server = rawServer();
  await server.request('initialize', INIT);
  server.notify('initialized', {});
  return server;
}

/** Writes `body` as it is, then a hover, whose answer comes after anything `body` was answered with. */
async function afterBody(server: RawServer, body: string): Promise<void> {
  server.write(frame(body));
  const hover = await server.request('textDocument/hover', HOVER);
  assert.equal(hover.error, undefined, `the server answers on after ${body}: ${JSON.stringify(hover)}`);
}

describe('JSON-RPC 2.0 conformance', () => {
  test('a body that is not JSON gets ParseError with id null, and the server reads on', async () => {
    const server = await started();
    await afterBody(server, '{"jsonrpc":"2.0","id":9001,"method":"textDocument/hover",');
    assert.deepEqual(
      server.unidentified.map(r => r.error?.code),
      [-32700],
    );
    assert.equal(server.answered(9001), false);
    await server.whenStderr(/not JSON/);
    assert.equal(await server.stop(), 0);
  });

  const invalid: Array<[string, string, number | null]> = [
    ['a number', '42', null],
    ['null', 'null', null],
    ['a string', '"textDocument/hover"', null],
    ['an empty batch', '[]', null],
    [
      'a batch of requests',
      `[${JSON.stringify({ jsonrpc: '2.0', id: 9101, method: 'textDocument/hover', params: HOVER })},${JSON.stringify({ jsonrpc: '2.0', id: 9102, method: 'shutdown' })}]`,
      null,
    ],
    ['an object as id', JSON.stringify({ jsonrpc: '2.0', id: {}, method: 'textDocument/hover', params: HOVER }), null],
    ['null as id', JSON.stringify({ jsonrpc: '2.0', id: null, method: 'textDocument/hover', params: HOVER }), null],
    ['a numeric method, no id', JSON.stringify({ jsonrpc: '2.0', method: 5 }), null],
    ['neither a method nor a result', JSON.stringify({ jsonrpc: '2.0', id: 9103 }), null],
    ['a numeric method', JSON.stringify({ jsonrpc: '2.0', id: 9104, method: 5 }), 9104],
    ['jsonrpc 1.0', JSON.stringify({ jsonrpc: '1.0', id: 9105, method: 'textDocument/hover', params: HOVER }), 9105],
    ['no jsonrpc', JSON.stringify({ id: 9106, method: 'shutdown' }), 9106],
    ['a notification of jsonrpc 1.0', JSON.stringify({ jsonrpc: '1.0', method: 'exit' }), null],
  ];
  test('a body that is not a JSON-RPC 2.0 message gets one InvalidRequest, with its id when it has a usable one', async () => {
    const server = await started();
    for (const [name, body, id] of invalid) {
      const before = server.unidentified.length;
      await afterBody(server, body);
      if (id === null) {
        assert.deepEqual(
          server.unidentified.slice(before).map(r => r.error?.code),
          [-32600],
          name,
        );
      } else {
        assert.equal(server.unidentified.length, before, name);
        assert.equal(server.response(id)?.error?.code, -32600, `${name}: ${JSON.stringify(server.response(id))}`);
      }
    }
    for (const id of [9101, 9102, 9103]) assert.equal(server.answered(id), false, `${id} is not acted on`);
    assert.equal(await server.stop(), 0, 'neither the batch nor the request without jsonrpc shut the server down');
  });

  test('after shutdown a request gets InvalidRequest, and exit exits with 0', async () => {
    const server = await started();
    assert.equal((await server.request('shutdown')).error, undefined);
    for (const method of ['textDocument/hover', 'shutdown']) {
      const late = await server.request(method, HOVER);
      assert.equal(late.error?.code, -32600, `${method}: ${JSON.stringify(late)}`);
      assert.match(late.error!.message, /shut/);
    }
    server.notify('exit');
    assert.equal(await server.exited, 0);
  });

  test('exit without shutdown exits with 1', async () => {
    const server = await started();
    server.notify('exit');
    assert.equal(await server.exited, 1);
  });

  test("the editor closing the server's input ends it, with 0 only after shutdown", async () => {
    const left = await started();
    left.closeInput();
    assert.equal(await left.exited, 1);
    const stopped = await started();
    await stopped.request('shutdown');
    stopped.closeInput();
    assert.equal(await stopped.exited, 0);
  });

  test('a didOpen whose uri is not a string is ignored with one line on stderr, no stack', async () => {
    const server = await started();
    server.notify('textDocument/didOpen', { textDocument: { uri: 5, languageId: 'campaign-json', version: 1, text: '{}' } });
    assert.equal((await server.request('textDocument/hover', HOVER)).error, undefined);
    await server.whenStderr(/didOpen/);
    const stderr = server.stderr.join('');
    assert.equal(stderr.trim().split('\n').length, 1, stderr);
    assert.doesNotMatch(stderr, /\n\s+at /);
    assert.equal(await server.stop(), 0);
  });
});
