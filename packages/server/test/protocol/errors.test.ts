import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { paramsProblem } from '../../src/guard';
import { rawServer } from '../helpers/rawServer';

/**
 * Requests the server cannot take get the protocol's error codes: ServerNotInitialized (-32002)
 * before `initialize`, InvalidParams (-32602) for params of the wrong shape; never InternalError
 * (-32603), which tells the client the server is broken.
 */

const INIT = { processId: null, rootUri: null, capabilities: {} };
const DOC = { uri: 'file:///errors/x.campaign.json' };
const POSITION = { line: 0, character: 1 };

describe('protocol errors', () => {
  test('a request before initialize gets ServerNotInitialized, and initialize still works after it', async () => {
    const server = rawServer();
    const early = await server.request('textDocument/hover', { textDocument: DOC, position: POSITION });
    assert.equal(early.error?.code, -32002, JSON.stringify(early));
    assert.match(early.error!.message, /initialize/);
    const init = await server.request('initialize', INIT);
    assert.ok(init.result, JSON.stringify(init));
    assert.equal((await server.request('textDocument/hover', { textDocument: DOC, position: POSITION })).error, undefined);
    assert.equal(await server.stop(), 0);
  });

  test('params of the wrong shape get InvalidParams, whatever the request', async () => {
    const server = rawServer();
    await server.request('initialize', INIT);
    server.notify('initialized', {});
    server.notify('textDocument/didOpen', {
      textDocument: { ...DOC, languageId: 'campaign-json', version: 1, text: '{ "channel": "PUSH" }' },
    });
    const cases: Array<[string, unknown]> = [
      ['textDocument/hover', 'a string'],
      ['textDocument/hover', null],
      ['textDocument/hover', {}],
      ['textDocument/hover', { textDocument: DOC, position: { line: -1, character: 0 } }],
      ['textDocument/completion', [DOC, POSITION]],
      ['textDocument/codeAction', { textDocument: DOC, range: { start: POSITION, end: POSITION } }],
      ['textDocument/documentSymbol', 'x'],
      ['textDocument/formatting', { textDocument: DOC }],
      ['textDocument/rangeFormatting', { textDocument: DOC, options: { tabSize: 2, insertSpaces: true } }],
      ['textDocument/foldingRange', null],
      ['textDocument/diagnostic', 42],
      ['campaign/preflight', 'x'],
      ['textDocument/codeLens', null],
      ['workspace/executeCommand', null],
      ['codeAction/resolve', 'x'],
    ];
    for (const [method, params] of cases) {
      const r = await server.request(method, params);
      assert.equal(r.error?.code, -32602, `${method} ${JSON.stringify(params)}: ${JSON.stringify(r)}`);
    }
    const ok = await server.request('textDocument/formatting', { textDocument: DOC, options: { tabSize: 2, insertSpaces: true } });
    assert.ok(Array.isArray(ok.result), JSON.stringify(ok));
    assert.equal(await server.stop(), 0);
  });

  test('the params checks name what is wrong', () => {
    assert.match(paramsProblem('textDocument/hover', null)!, /object as params, not null/);
    assert.match(paramsProblem('textDocument/hover', { textDocument: DOC })!, /valid position/);
    assert.equal(paramsProblem('textDocument/hover', { textDocument: DOC, position: POSITION }), undefined);
    assert.equal(paramsProblem('workspace/unknownToThisServer', 'x'), undefined);
  });
});
