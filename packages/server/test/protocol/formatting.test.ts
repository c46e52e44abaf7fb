import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import {
  DocumentFormattingRequest,
  DocumentRangeFormattingRequest,
  ShowMessageNotification,
  ShowMessageParams,
  MessageType,
  TextEdit,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { generateCampaign } from '../../../../bench/generate';
import { Editor, PUSH_CAPABILITIES } from './editor';

/**
 * Formatting through the built server as an editor asks for it: bounded answers for documents
 * that used to exhaust its memory (a runaway nesting after an unterminated string, a huge tab
 * size, a formatted text too large to hold), and the fewest edits for ordinary ones. Sizes and
 * edit counts are checked, never times (those are `npm run bench`'s).
 */

const HANG = { timeout: 120_000 };
let ed: Editor;
const shown: ShowMessageParams[] = [];
let n = 0;

before(async () => {
  ed = await Editor.start('stdio', { capabilities: { ...PUSH_CAPABILITIES, window: { showMessage: {} } } });
  ed.connection.onNotification(ShowMessageNotification.type, p => {
    shown.push(p);
  });
});
after(async () => {
  assert.equal(await ed.stop(), 0);
});

async function opened(text: string): Promise<string> {
  const uri = `file:///formatting/doc-${n++}.campaign.json`;
  await ed.open(uri, text);
  return uri;
}

function formatDocument(uri: string, tabSize = 2, insertSpaces = true): Promise<TextEdit[]> {
  return ed.connection.sendRequest(DocumentFormattingRequest.type, {
    textDocument: { uri },
    options: { tabSize, insertSpaces },
  }) as Promise<TextEdit[]>;
}

function apply(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 1, text), edits);
}

/** The largest resident set the server process has had, from the kernel. */
function peakRssMB(): number {
  const status = fs.readFileSync(`/proc/${ed.child!.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The warning the server shows next, once it has arrived. */
function nextWarning(from: number): Promise<ShowMessageParams> {
  return ed.until('a warning shown to the user', () => shown.slice(from).find(m => m.type === MessageType.Warning));
}

test('an unterminated string before 20,000 `[`: no edits, the reason shown, the server stays small', HANG, async () => {
  const uri = await opened('{"a": "x\n' + '['.repeat(20_000));
  const before = shown.length;
  const edits = await formatDocument(uri);
  assert.deepEqual(edits, []);
  assert.match((await nextWarning(before)).message, /Not formatted: the document nests too deep/);
  const ranged = await ed.connection.sendRequest(DocumentRangeFormattingRequest.type, {
    textDocument: { uri },
    range: { start: { line: 1, character: 0 }, end: { line: 1, character: 20_000 } },
    options: { tabSize: 2, insertSpaces: true },
  });
  assert.deepEqual(ranged, []);
  assert.ok(peakRssMB() < 300, `peak RSS ${peakRssMB().toFixed(0)} MB`);
});

test('range formatting of a document nested past the depth guard: no edits, and the reason formatting all of it gives', HANG, async () => {
  const text = '{"a": ' + '['.repeat(600) + ']'.repeat(600) + '}';
  const uri = await opened(text);
  const before = shown.length;
  const ranged = await ed.connection.sendRequest(DocumentRangeFormattingRequest.type, {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: text.length } },
    options: { tabSize: 2, insertSpaces: true },
  });
  assert.deepEqual(ranged, []);
  assert.match((await nextWarning(before)).message, /Not formatted: the document nests too deep/);
});

test('a formatted text that would outgrow memory is declined with the reason', HANG, async () => {
  const uri = await opened('['.repeat(500) + '0,'.repeat(200_000) + '0' + ']'.repeat(500));
  const before = shown.length;
  assert.deepEqual(await formatDocument(uri, 16), []);
  assert.match((await nextWarning(before)).message, /Not formatted: the formatted text would grow past 48 MB/);
});

test('tabSize 1e9 and 1e6 are taken as 16: a small answer, the server alive', HANG, async () => {
  const text = '{"channel":"PUSH","scheduling_details":{"delivery_type":"ASAP"}}';
  const uri = await opened(text);
  for (const tabSize of [1e9, 1e6]) {
    const edits = await formatDocument(uri, tabSize);
    assert.ok(JSON.stringify(edits).length < 1_000, `${tabSize}: ${JSON.stringify(edits).length} characters`);
    assert.equal(
      apply(text, edits),
      JSON.stringify(JSON.parse(text), null, 2).replace(/^ +/gm, s => s.repeat(8)),
      'two spaces a level, eight times',
    );
  }
  const tabs = await formatDocument(uri, 1e9, false);
  assert.equal(apply(text, tabs), JSON.stringify(JSON.parse(text), null, '\t'));
});

test('a 3 MB minified campaign gets one replace; formatted text gets none; one changed line gets one edit', HANG, async () => {
  const minified = JSON.stringify(JSON.parse(generateCampaign({ bytes: 6_000_000 })));
  assert.ok(minified.length > 2_500_000, `${minified.length}`);
  const pretty = JSON.stringify(JSON.parse(minified), null, 2);
  const uri = await opened(minified);
  const edits = await formatDocument(uri);
  assert.equal(edits.length, 1);
  assert.ok(JSON.stringify(edits).length < pretty.length * 1.2, `response ${JSON.stringify(edits).length} for ${pretty.length} characters`);
  assert.equal(apply(minified, edits), pretty);
  assert.deepEqual(await formatDocument(await opened(pretty)), []);
  const oneLine = pretty.replace('"channel": "PUSH"', '"channel" :   "PUSH"');
  const one = await formatDocument(await opened(oneLine));
  assert.equal(one.length, 1);
  assert.equal(one[0].range.start.line, one[0].range.end.line);
  assert.equal(apply(oneLine, one), pretty);
  assert.ok(peakRssMB() < 600, `peak RSS ${peakRssMB().toFixed(0)} MB`);
});
