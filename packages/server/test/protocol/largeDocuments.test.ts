import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  CompletionRequest,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  MessageType,
} from 'vscode-languageserver-protocol/node';
import { PreflightRequest, ServerStatsRequest } from '@campaign-studio/core';
import { MAX_DOCUMENT_CHARS } from '../../src/context';
import { Editor, PULL_CAPABILITIES, PUSH_CAPABILITIES } from './editor';

/**
 * A document past the size the server serves in time is kept but read by no feature: the editor
 * is told once (a warning and one diagnostic at its start), its requests get empty answers, and
 * every other document is served as before. An edit that takes it over the limit or back under
 * is followed.
 */

/** A trailing comma on line 2 (D1): a validation that ran would say so. */
const BROKEN = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n}\n';
const PAST_LIMIT = ' '.repeat(MAX_DOCUMENT_CHARS + 1);
const SMALL = 'file:///large/small.campaign.json';
const HUGE = 'file:///large/huge.campaign.json';
const START = { line: 1, character: 4 };

const capabilities = {
  ...PUSH_CAPABILITIES,
  textDocument: { ...PUSH_CAPABILITIES.textDocument, documentSymbol: { hierarchicalDocumentSymbolSupport: true } },
};
const codes = (ed: Editor, uri: string) => (ed.latest(uri)?.diagnostics ?? []).map(d => d.code);
const warnings = (ed: Editor) => ed.messages.filter(m => m.type === MessageType.Warning);

describe('a document past the size limit', () => {
  let ed: Editor;
  before(async () => {
    ed = await Editor.start('stdio', { capabilities });
  });
  after(() => ed.kill());

  test('is reported once, answered empty, and parsed by nothing, while a small document is served', async () => {
    await ed.open(HUGE, BROKEN.replace('}', `${PAST_LIMIT}}`));
    await ed.open(SMALL, BROKEN);
    const [warning] = await ed.until('the warning', () => warnings(ed).length > 0 && warnings(ed));
    assert.match(
      warning.message,
      /`\/large\/huge\.campaign\.json` is 10\.0 MB, over the 10\.0 MB .* campaign lint `\/large\/huge\.campaign\.json`/,
    );
    const published = await ed.published(HUGE);
    assert.deepEqual(
      published.diagnostics.map(d => [d.range.start, d.message]),
      [[{ line: 0, character: 0 }, warning.message]],
    );

    const small = { textDocument: { uri: SMALL } };
    assert.ok(await ed.connection.sendRequest(HoverRequest.type, { ...small, position: START }));
    assert.ok(await ed.connection.sendRequest(CompletionRequest.type, { ...small, position: START }));
    assert.equal((await ed.connection.sendRequest(DocumentSymbolRequest.type, small))?.length, 2);
    await ed.published(SMALL);
    assert.deepEqual(codes(ed, SMALL), ['D1']);

    const huge = { textDocument: { uri: HUGE } };
    assert.equal(await ed.connection.sendRequest(HoverRequest.type, { ...huge, position: START }), null);
    assert.equal(await ed.connection.sendRequest(CompletionRequest.type, { ...huge, position: START }), null);
    assert.deepEqual(await ed.connection.sendRequest(DocumentSymbolRequest.type, huge), []);
    assert.deepEqual(await ed.connection.sendRequest(FoldingRangeRequest.type, huge), []);
    assert.deepEqual(
      await ed.connection.sendRequest(DocumentFormattingRequest.type, { ...huge, options: { tabSize: 2, insertSpaces: true } }),
      [],
    );
    await assert.rejects(ed.connection.sendRequest(PreflightRequest.type, huge), (e: { code?: number }) => e.code === -32803);
    const version = await ed.edit(HUGE, { start: START, end: START }, ' ');
    await ed.published(HUGE, p => p.version === version);
    const stats = await ed.connection.sendRequest(ServerStatsRequest.type);
    assert.ok(stats.parseCacheBytes < MAX_DOCUMENT_CHARS, `nothing parsed the large document: ${stats.parseCacheBytes} bytes cached`);
    assert.equal(warnings(ed).length, 1, 'an edit of a document already reported says nothing more');
  });

  test('an edit that takes a document over the limit reports it; one that takes it back under brings its diagnostics back', async () => {
    const uri = 'file:///large/growing.campaign.json';
    await ed.open(uri, BROKEN);
    await ed.published(uri, p => p.diagnostics.some(d => d.code === 'D1'));
    const before = warnings(ed).length;
    const end = { line: 3, character: 0 };
    const grown = await ed.edit(uri, { start: end, end }, PAST_LIMIT);
    const [over] = (await ed.published(uri, p => p.version === grown)).diagnostics;
    assert.equal(over.code, undefined);
    assert.match(over.message, /growing\.campaign\.json` is 10\.0 MB/);
    assert.equal(warnings(ed).length, before + 1);
    const shrunk = await ed.edit(uri, { start: end, end: { line: 3, character: PAST_LIMIT.length } }, '');
    await ed.published(uri, p => p.version === shrunk);
    assert.deepEqual(codes(ed, uri), ['D1']);
    assert.equal((await ed.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }))?.length, 2);
  });
});

test('a client that pulls diagnostics gets the one diagnostic of a document past the limit', async () => {
  const ed = await Editor.start('stdio', { capabilities: PULL_CAPABILITIES });
  try {
    await ed.open(HUGE, BROKEN.replace('}', `${PAST_LIMIT}}`));
    const report = (await ed.pull(HUGE)) as { items: Array<{ code?: unknown; message: string }> };
    assert.deepEqual(
      report.items.map(d => [d.code, /campaign lint/.test(d.message)]),
      [[undefined, true]],
    );
  } finally {
    ed.kill();
  }
});
