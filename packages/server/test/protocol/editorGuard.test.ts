import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'child_process';
import { once } from 'events';
import * as path from 'path';
import { createProtocolConnection, HoverRequest, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { Editor, PUSH_CAPABILITIES } from './editor';

/**
 * The scripted editor never waits forever: a request whose server is gone, or that stays
 * unanswered, fails the test with what the server wrote on stderr (a hang would stall the suite).
 */

test('a server that dies while starting fails Editor.start, quoting its stderr', { timeout: 60_000 }, async () => {
  const missing = path.join(__dirname, 'no-such-preload.js');
  await assert.rejects(
    Editor.start('stdio', { capabilities: PUSH_CAPABILITIES, env: { ...process.env, NODE_OPTIONS: `--require ${missing}` } }),
    (e: Error) => /the server exited \(status 1\) before answering; stderr: .*no-such-preload/s.test(e.message),
  );
});

test('a request a live server leaves unanswered fails after the request timeout, naming its method', { timeout: 60_000 }, async () => {
  const silent = spawn(process.execPath, ['-e', "process.stderr.write('listening, never answering'); setInterval(() => {}, 1000)"], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const ed = new Editor(
    createProtocolConnection(new StreamMessageReader(silent.stdout), new StreamMessageWriter(silent.stdin)),
    { capabilities: PUSH_CAPABILITIES, requestTimeoutMs: 300 },
    silent,
  );
  try {
    await once(silent.stderr, 'data');
    await assert.rejects(
      ed.connection.sendRequest(HoverRequest.type, {
        textDocument: { uri: 'file:///w/a.campaign.json' },
        position: { line: 0, character: 0 },
      }),
      /^Error: textDocument\/hover went unanswered for 300 ms; stderr: listening, never answering$/,
    );
  } finally {
    ed.kill();
  }
});
