import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  Diagnostic,
  DocumentDiagnosticReportKind,
  FileChangeType,
  FullDocumentDiagnosticReport,
  MessageType,
} from 'vscode-languageserver-protocol/node';
import { Editor, PULL_CAPABILITIES, PUSH_CAPABILITIES } from './editor';
import { RemoteStateNotification } from '@campaign-studio/core';
import { activePeriodicRecord, editedText, FetchedProject, writeFetched } from '../../../sync/test/helpers/fetchedProject';

/**
 * The built server finds a fetched file's base snapshot by itself, for an editor that has no
 * extension to tell it (Neovim, Helix, Emacs, or VS Code before the extension's notification):
 * the same remote state `campaign-lint` uses, read again when the sidecar changes; the
 * extension's own notification wins while it is given.
 */

const uriOf = (file: string): string => pathToFileURL(file).href;
/** `rule@path severity` of the errors, warnings and P/H findings. */
const notable = (ds: Diagnostic[]): string[] =>
  ds
    .filter(d => d.severity === 1 || d.severity === 2 || /^[HP]\d/.test(String(d.code)))
    .map(d => `${d.code}@${(d.data as { path: string }).path} ${['', 'error', 'warning', 'information', 'hint'][d.severity ?? 0]}`)
    .sort();

function workspace(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-protocol-base-')));
  fs.writeFileSync(
    path.join(dir, '.campaignrc.json'),
    JSON.stringify({ features: { audienceLimit: true, queuing: true, portfolio: false, versioning: false } }),
  );
  return dir;
}

/** Replaces the whole text of an open document. */
async function setText(ed: Editor, uri: string, before: string, after: string): Promise<number> {
  const lines = before.split('\n');
  return ed.edit(
    uri,
    { start: { line: 0, character: 0 }, end: { line: lines.length - 1, character: lines[lines.length - 1].length } },
    after,
  );
}

describe('a fetched file opened without the extension (push diagnostics over stdio)', () => {
  let ed: Editor;
  let dir: string;
  let p: FetchedProject;
  let uri: string;
  before(async () => {
    dir = workspace();
    p = writeFetched(dir);
    uri = uriOf(p.file);
    ed = await Editor.start('stdio', { capabilities: PUSH_CAPABILITIES, workspaceFolder: uriOf(dir) });
  });
  after(() => {
    ed.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('as fetched: nothing to report, the kept schedule included', async () => {
    await ed.open(uri, p.text);
    const got = await ed.published(uri, q => q.version === 1);
    assert.deepEqual(got.diagnostics, []);
  });

  test('the audience of the ACTIVE campaign edited: P1 from the base found beside the file', async () => {
    const edited = editedText(p, { segmentation_details: { is_all_user_campaign: true } });
    const v = await setText(ed, uri, p.text, edited);
    const got = await ed.published(uri, q => q.version === v);
    assert.deepEqual(notable(got.diagnostics), ['P1@/segmentation_details error']);
    p = { ...p, text: edited };
  });

  test("the extension's notification wins while given; forgotten, the base on disk applies again", async () => {
    await ed.connection.sendNotification(RemoteStateNotification.method, {
      entries: [{ uri, state: { status: 'DRAFT', base: p.document } }],
    } satisfies RemoteStateNotification.Params);
    let got = await ed.published(uri, q => !notable(q.diagnostics).some(s => s.startsWith('P1')));
    assert.deepEqual(notable(got.diagnostics), ['P4@/segmentation_details information']);
    await ed.connection.sendNotification(RemoteStateNotification.method, {
      entries: [{ uri, state: null }],
    } satisfies RemoteStateNotification.Params);
    got = await ed.published(uri, q => notable(q.diagnostics).some(s => s.startsWith('P1')));
    assert.deepEqual(notable(got.diagnostics), ['P1@/segmentation_details error']);
  });

  test('a base rewritten on disk (fetched again as a draft) is read again when the editor reports it', async () => {
    writeFetched(dir, activePeriodicRecord('DRAFT'));
    fs.writeFileSync(p.file, p.text);
    await ed.fileChanged(uriOf(p.sidecar));
    const got = await ed.published(uri, q => !notable(q.diagnostics).some(s => s.startsWith('P1')));
    assert.deepEqual(notable(got.diagnostics), ['P4@/segmentation_details information']);
  });

  test('a damaged base is logged once, saying what to do; the file is checked without it', async () => {
    fs.writeFileSync(p.sidecar, '[1, 2]');
    await ed.fileChanged(uriOf(p.sidecar));
    const got = await ed.published(uri, q => notable(q.diagnostics).some(s => s === 'H1@/scheduling_details/delivery_type error'));
    assert.ok(notable(got.diagnostics).includes('H5@/scheduling_details/schedule_time error'));
    const isWarning = (l: { type: number; message: string }) =>
      l.type === MessageType.Warning &&
      /base snapshot .* cannot be used: it is damaged: it is not a JSON object\. Fetch the campaign again to rebuild it\. The update rules \(P1–P5\) are not checked/.test(
        l.message,
      );
    const warned = await ed.until('the warning', () => {
      const w = ed.logs.filter(isWarning);
      return w.length ? w : undefined;
    });
    assert.equal(warned.length, 1);
    // Another check of the same file does not log it again.
    const v = await setText(ed, uri, p.text, p.text.replace('"Weekly digest"', '"Weekly digest!"'));
    await ed.published(uri, q => q.version === v);
    assert.equal(ed.logs.filter(isWarning).length, 1);
  });
});

describe('a fetched file opened without the extension (pull diagnostics)', () => {
  let ed: Editor;
  let dir: string;
  before(async () => {
    dir = workspace();
    ed = await Editor.start('stdio', { capabilities: PULL_CAPABILITIES, workspaceFolder: uriOf(dir) });
  });
  after(() => {
    ed.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the base is found on the first pull, and a changed base makes the next pull a full report', async () => {
    const p = writeFetched(dir);
    const text = editedText(p, { segmentation_details: { is_all_user_campaign: true } });
    fs.writeFileSync(p.file, text);
    const uri = uriOf(p.file);
    await ed.open(uri, text);
    const first = (await ed.pull(uri)) as FullDocumentDiagnosticReport;
    assert.equal(first.kind, DocumentDiagnosticReportKind.Full);
    assert.deepEqual(notable(first.items), ['P1@/segmentation_details error']);
    const refreshes = ed.refreshes;
    fs.rmSync(p.sidecar);
    await ed.fileChanged(uriOf(p.sidecar), FileChangeType.Deleted);
    await ed.until('a diagnostics refresh', () => ed.refreshes > refreshes);
    const second = (await ed.pull(uri, first.resultId)) as FullDocumentDiagnosticReport;
    assert.equal(second.kind, DocumentDiagnosticReportKind.Full, 'not "unchanged": the remote state changed');
    assert.ok(!notable(second.items).some(s => s.startsWith('P1')), 'no base, no P1');
    assert.ok(notable(second.items).includes('H1@/scheduling_details/delivery_type error'));
  });
});
