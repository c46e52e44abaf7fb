import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  DidChangeWatchedFilesNotification,
  DidSaveTextDocumentNotification,
  DocumentDiagnosticReportKind,
  DocumentFormattingRequest,
  FullDocumentDiagnosticReport,
  HoverRequest,
  MarkupContent,
  FileChangeType,
  MessageType,
} from 'vscode-languageserver-protocol/node';
import { RemoteFindingsNotification } from '@campaign-studio/core';
import { Editor, PULL_CAPABILITIES, PUSH_CAPABILITIES } from './editor';

/**
 * The built server over stdio: what it logs and what it says of a document never holds a control
 * or bidi character from a file or a client, and a UTF-16 file gets one diagnostic that says so,
 * whether the editor decoded it (the file on disk tells) or sent its bytes as Latin-1 or UTF-8
 * text (its NULs tell).
 */

const EVIL = '\u001b]0;pwned\u0007\u001b[2J';
const EVIL_SHOWN = '\\u001b]0;pwned\\u0007\\u001b[2J';
const UNSEEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const CAMPAIGN = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: 'dev@example.com' };
const TEXT = JSON.stringify(CAMPAIGN, null, 2) + '\n';

function utf16le(text: string, bom: boolean): Buffer {
  return Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(text, 'utf16le')]);
}

let ed: Editor;
let dir: string;
before(async () => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-terminal-safe-')));
  ed = await Editor.start('stdio', { capabilities: PUSH_CAPABILITIES, workspaceFolder: pathToFileURL(dir).href });
});
after(() => {
  ed.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Opens `name` with `text` and waits for its diagnostics. */
async function opened(name: string, text: string) {
  const uri = pathToFileURL(path.join(dir, name)).href;
  await ed.open(uri, text);
  return { uri, diagnostics: (await ed.published(uri)).diagnostics };
}

describe('control characters', () => {
  test('a log line quoting what a client sent has its control characters written out', async () => {
    const uri = `file:///w/${EVIL}.campaign.json`;
    await ed.connection.sendNotification(RemoteFindingsNotification.method, { uri, findings: [{ rule: 'D2' }] });
    const line = await ed.until('the warning', () =>
      ed.logs.find(l => l.type === MessageType.Warning && l.message.includes('malformed finding')),
    );
    assert.doesNotMatch(line.message, UNSEEN);
    assert.ok(line.message.includes(`file:///w/${EVIL_SHOWN}.campaign.json`), line.message);
  });

  test('diagnostics and hovers quote a key written out', async () => {
    const { uri, diagnostics } = await opened('evil.campaign.json', JSON.stringify({ ...CAMPAIGN, [EVIL]: 1 }, null, 2));
    const d7 = diagnostics.find(d => d.code === 'D7');
    assert.equal(d7?.message, `\`${EVIL_SHOWN}\` is not a property of the document. Remove it, or check the spelling against the spec.`);
    const hover = await ed.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: d7!.range.start });
    const value = (hover?.contents as MarkupContent).value;
    assert.doesNotMatch(value, UNSEEN);
    assert.ok(value.includes(`\`${EVIL_SHOWN}\``), value);
  });
});

describe('UTF-16 files', () => {
  test('text read from UTF-16 as Latin-1 (BOM as ÿþ, NULs between characters): one diagnostic, D1, that says so', async () => {
    const { uri, diagnostics } = await opened('latin1.campaign.json', utf16le(TEXT, true).toString('latin1'));
    assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
    assert.equal(diagnostics[0].code, 'D1');
    assert.match(diagnostics[0].message, /^This file is UTF-16LE; save it as UTF-8/);
    assert.deepEqual(diagnostics[0].range.start, { line: 0, character: 0 });
    // Formatting would rewrite the NULs: nothing is offered.
    assert.deepEqual(
      await ed.connection.sendRequest(DocumentFormattingRequest.type, {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true },
      }),
      [],
    );
  });

  test('text read from UTF-16 as UTF-8 (BOM as two U+FFFD, NULs between characters): one diagnostic', async () => {
    const { diagnostics } = await opened('utf8.campaign.json', new TextDecoder('utf-8').decode(utf16le(TEXT, true)));
    assert.deepEqual(
      diagnostics.map(d => [d.code, d.message.slice(0, 45)]),
      [['D1', 'This file is UTF-16LE; save it as UTF-8: the ']],
    );
  });

  test('a UTF-16 file the editor decoded: its text is fine, the file on disk says UTF-16', async () => {
    fs.writeFileSync(path.join(dir, 'decoded.campaign.json'), utf16le(TEXT, false));
    const { diagnostics } = await opened('decoded.campaign.json', TEXT);
    assert.deepEqual(
      diagnostics.map(d => [d.code, d.message.slice(0, 45)]),
      [['D1', 'This file is UTF-16LE; save it as UTF-8: the ']],
    );
  });

  test('saved as UTF-8 (the text unchanged): the diagnostic goes at the save', async () => {
    const file = path.join(dir, 'resaved.campaign.json');
    fs.writeFileSync(file, utf16le(TEXT, true));
    const { uri, diagnostics } = await opened('resaved.campaign.json', TEXT);
    assert.deepEqual(
      diagnostics.map(d => d.code),
      ['D1'],
    );
    // An edit, and its diagnostics: nothing of the opening is pending any more.
    const version = await ed.edit(uri, { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, ' ');
    await ed.published(uri, p => p.version === version);
    fs.writeFileSync(file, TEXT);
    const before = ed.publications.length;
    await ed.connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
    const after = await ed.until('a publication after the save', () => ed.publications.slice(before).find(p => p.uri === uri));
    assert.deepEqual(after.diagnostics, []);
  });

  test('pulled: the report changes when the file is saved as UTF-8, though the version does not', async () => {
    const pulling = await Editor.start('stdio', { capabilities: PULL_CAPABILITIES, workspaceFolder: pathToFileURL(dir).href });
    try {
      const file = path.join(dir, 'pulled.campaign.json');
      fs.writeFileSync(file, utf16le(TEXT, false));
      const uri = pathToFileURL(file).href;
      await pulling.open(uri, TEXT);
      const first = (await pulling.pull(uri)) as FullDocumentDiagnosticReport;
      assert.deepEqual(
        first.items.map(d => d.code),
        ['D1'],
      );
      assert.equal((await pulling.pull(uri, first.resultId)).kind, DocumentDiagnosticReportKind.Unchanged);
      // Converted by another program: the editor's file watcher says so.
      fs.writeFileSync(file, TEXT);
      await pulling.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
        changes: [{ uri, type: FileChangeType.Changed }],
      });
      const second = await pulling.pull(uri, first.resultId);
      assert.equal(second.kind, DocumentDiagnosticReportKind.Full);
      assert.deepEqual((second as FullDocumentDiagnosticReport).items, []);
    } finally {
      pulling.kill();
    }
  });

  test('a UTF-8 file on disk with the same text: nothing to say', async () => {
    fs.writeFileSync(path.join(dir, 'plain.campaign.json'), TEXT);
    const { diagnostics } = await opened('plain.campaign.json', TEXT);
    assert.deepEqual(diagnostics, []);
  });
});
