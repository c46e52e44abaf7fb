import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'child_process';
import { takeFrames } from '../../src/framing';
import { paramsProblem } from '../../src/guard';
import { SERVER } from './editor';

/**
 * Requests the server cannot take get the protocol's error codes: ServerNotInitialized (-32002)
 * before `initialize`, InvalidParams (-32602) for params of the wrong shape; never InternalError
 * (-32603), which tells the client the server is broken.
 */

interface Response { id: number; result?: unknown; error?: { code: number; message: string } }

/** The built server over stdio, spoken to in raw JSON-RPC so that any params can be sent. */
function rawServer() {
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const responses = new Map<number, Response>();
  const waiting = new Map<number, (r: Response) => void>();
  let rest = Buffer.alloc(0);
  child.stdout.on('data', (d: Buffer) => {
    const scan = takeFrames(Buffer.concat([rest, d]), false);
    rest = Buffer.from(scan.rest);
    for (const body of scan.bodies) {
      const message = JSON.parse(body.toString('utf8')) as Response & { method?: string };
      if (message.method !== undefined || typeof message.id !== 'number') continue;
      responses.set(message.id, message);
      waiting.get(message.id)?.(message);
    }
  });
  let nextId = 1;
  const send = (message: object) => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  };
  return {
    request(method: string, params?: unknown): Promise<Response> {
      const id = nextId++;
      send(params === undefined ? { id, method } : { id, method, params });
      return new Promise(resolve => {
        const have = responses.get(id);
        if (have) resolve(have); else waiting.set(id, resolve);
      });
    },
    notify(method: string, params?: unknown): void { send({ method, params }); },
    async stop(): Promise<number | null> {
      const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
      await this.request('shutdown');
      this.notify('exit');
      return exited;
    },
  };
}

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
    server.notify('textDocument/didOpen', { textDocument: { ...DOC, languageId: 'campaign-json', version: 1, text: '{ "channel": "PUSH" }' } });
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
