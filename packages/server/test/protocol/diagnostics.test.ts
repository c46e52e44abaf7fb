import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { pathToFileURL } from 'url';
import {
  CancellationTokenSource,
  Diagnostic,
  DocumentDiagnosticReportKind,
  FileChangeType,
  FullDocumentDiagnosticReport,
  LSPErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
} from 'vscode-languageserver-protocol/node';
import { Editor, PULL_CAPABILITIES, PUSH_CAPABILITIES, SERVER } from './editor';
import { MAX_DOCUMENT_CHARS } from '../../src/context';

/**
 * The built language server driven over stdio and IPC as editors drive it: with and without pull
 * diagnostics, incremental edits, settings files on disk and in unsaved buffers, editor settings,
 * huge and absurdly deep documents, and a clean shutdown.
 */

function tmpdir(): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-protocol-')));
}

function uriOf(file: string): string {
  return pathToFileURL(file).href;
}

const rules = (ds: Diagnostic[]): string[] =>
  ds.map(d => `${d.code} ${['', 'error', 'warning', 'information', 'hint'][d.severity ?? 0]}`).sort();
const has = (ds: Diagnostic[], code: string, severity?: number): boolean =>
  ds.some(d => d.code === code && (severity === undefined || d.severity === severity));
const ERROR = 1,
  WARNING = 2,
  INFORMATION = 3;

/** A campaign that carries the flag-gated `campaign_audience_limit` (L1: error when the flag is off, information when unknown). */
const WITH_LIMIT = JSON.stringify(
  {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 1000 },
  },
  null,
  2,
);

/** A document with a missing comma on line 3 (0-based); `status` (D8) and `nonsense_key` (D7) follow it. */
const BROKEN = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "status": "DRAFT"\n  "nonsense_key": 1\n}\n';

describe('push diagnostics over stdio (a client without pull diagnostics or workspace/configuration)', () => {
  let ed: Editor;
  let dir: string;
  before(async () => {
    dir = tmpdir();
    ed = await Editor.start('stdio', { capabilities: PUSH_CAPABILITIES, workspaceFolder: uriOf(dir) });
  });
  after(() => {
    ed.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('initialize: incremental sync, diagnostics pushed (no diagnostic provider), the server names itself', () => {
    const caps = ed.initializeResult.capabilities;
    const sync = caps.textDocumentSync as { change: number; openClose: boolean };
    assert.equal(sync.change, TextDocumentSyncKind.Incremental);
    assert.equal(sync.openClose, true);
    assert.equal(caps.diagnosticProvider, undefined);
    assert.equal(ed.initializeResult.serverInfo?.name, 'campaign-studio');
  });

  test('a syntax error is reported at its position, with the rule identity, and the rest is still validated', async () => {
    const uri = uriOf(path.join(dir, 'broken.campaign.json'));
    await ed.open(uri, BROKEN);
    const p = await ed.published(uri);
    assert.equal(p.version, 1);
    const d1 = p.diagnostics.find(d => d.code === 'D1');
    assert.ok(d1, JSON.stringify(p.diagnostics));
    assert.equal(d1.source, 'campaign-studio');
    assert.equal(d1.severity, ERROR);
    assert.match(d1.codeDescription!.href, /#d1$/);
    assert.match(d1.message, /comma/);
    // The missing comma is noticed where the next property starts.
    assert.deepEqual(d1.range.start, { line: 4, character: 2 });
    // The parse recovers: the properties after the error are still checked.
    const d8 = p.diagnostics.find(d => d.code === 'D8');
    assert.ok(d8, 'D8 on `status`');
    assert.deepEqual(d8.range, { start: { line: 3, character: 2 }, end: { line: 3, character: 10 } });
    assert.match(d8.codeDescription!.href, /#d8$/);
    assert.ok(has(p.diagnostics, 'D7'), '`nonsense_key` is reported after the syntax error');
    for (const d of p.diagnostics) assert.equal(d.source, 'campaign-studio');
  });

  test('incremental edits: diagnostics follow the text, debounced, for the latest version only', async () => {
    const uri = uriOf(path.join(dir, 'broken.campaign.json'));
    const before = ed.publications.length;
    // Type the missing comma, then replace `nonsense_key` one keystroke at a time.
    await ed.edit(uri, { start: { line: 3, character: 19 }, end: { line: 3, character: 19 } }, ',');
    await ed.edit(uri, { start: { line: 4, character: 2 }, end: { line: 4, character: 16 } }, '"');
    await ed.edit(uri, { start: { line: 4, character: 3 }, end: { line: 4, character: 3 } }, 'n');
    await ed.edit(uri, { start: { line: 4, character: 4 }, end: { line: 4, character: 4 } }, 'a');
    await ed.edit(uri, { start: { line: 4, character: 5 }, end: { line: 4, character: 5 } }, 'm');
    const last = await ed.edit(uri, { start: { line: 4, character: 6 }, end: { line: 4, character: 6 } }, 'e"');
    const p = await ed.published(uri, q => q.version === last);
    assert.deepEqual(rules(p.diagnostics), ['D7 warning', 'D8 information'], JSON.stringify(p.diagnostics));
    const d7 = p.diagnostics.find(d => d.code === 'D7')!;
    assert.deepEqual(d7.range, { start: { line: 4, character: 2 }, end: { line: 4, character: 8 } });
    const pushed = ed.publications.slice(before).filter(q => q.uri === uri);
    assert.ok(pushed.length < 6, `six quick edits gave ${pushed.length} publications: the pushes are debounced`);
    for (const q of pushed) assert.ok(q.version! > 1, 'an older version is never published after an edit');
  });

  test('the document kind comes from the file name, not the language id', async () => {
    const search = uriOf(path.join(dir, 'q.search.json'));
    await ed.open(search, '{ "limit": 99, "page": 1 }', 'json');
    const s = await ed.published(search);
    assert.ok(
      s.diagnostics.some(d => d.code === 'R2' && d.severity === ERROR),
      JSON.stringify(s.diagnostics),
    );

    // Another name (an extra glob configured in the client) is a campaign document.
    const other = uriOf(path.join(dir, 'weird-name.json'));
    await ed.open(other, '{ "channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "status": "DRAFT" }', 'plaintext');
    const o = await ed.published(other);
    assert.ok(has(o.diagnostics, 'D8', INFORMATION), JSON.stringify(o.diagnostics));
  });

  test('an unsaved .campaignrc.json buffer counts: its own W1 errors, and a warning on the campaigns it governs', async () => {
    const folder = path.join(dir, 'buffer');
    fs.mkdirSync(folder);
    const rc = uriOf(path.join(folder, '.campaignrc.json'));
    const campaign = uriOf(path.join(folder, 'a.campaign.json'));
    await ed.open(campaign, WITH_LIMIT);
    let c = await ed.published(campaign);
    assert.ok(has(c.diagnostics, 'L1', INFORMATION), 'no settings file: the flag is unknown');

    // Opened in the editor, never saved: the file does not exist on disk.
    await ed.open(rc, '{\n  "features": { "audienceLimit": "yes" }\n}', 'json');
    const r = await ed.published(rc);
    assert.deepEqual(rules(r.diagnostics), ['W1 error']);
    assert.deepEqual(r.diagnostics[0].range.start, { line: 1, character: 33 });
    c = await ed.published(campaign, q => has(q.diagnostics, 'W1'));
    const w1 = c.diagnostics.find(d => d.code === 'W1')!;
    assert.equal(w1.severity, WARNING);
    assert.match(w1.message, /\.campaignrc\.json has errors \(line 2: /);
    assert.ok(has(c.diagnostics, 'L1', INFORMATION), 'the broken flag reads as unknown');

    // Typing the fix turns the flag on at once.
    await ed.edit(rc, { start: { line: 1, character: 33 }, end: { line: 1, character: 38 } }, 'false');
    c = await ed.published(campaign, q => !has(q.diagnostics, 'W1') && has(q.diagnostics, 'L1', ERROR));
    await ed.published(rc, q => q.diagnostics.length === 0);

    // Closed without saving: the file on disk (none) counts again.
    await ed.close(rc);
    c = await ed.published(campaign, q => has(q.diagnostics, 'L1', INFORMATION));
    assert.ok(!has(c.diagnostics, 'W1'));
    await ed.close(campaign);
  });

  test('a .campaignrc.json changed on disk is picked up (workspace/didChangeWatchedFiles)', async () => {
    const folder = path.join(dir, 'disk');
    fs.mkdirSync(path.join(folder, 'nested'), { recursive: true });
    const rcFile = path.join(folder, '.campaignrc.json');
    fs.writeFileSync(rcFile, JSON.stringify({ features: { audienceLimit: false } }));
    // The nearest settings file governs: here the parent folder's.
    const campaign = uriOf(path.join(folder, 'nested', 'c.campaign.json'));
    await ed.open(campaign, WITH_LIMIT);
    await ed.published(campaign, q => has(q.diagnostics, 'L1', ERROR));

    fs.writeFileSync(rcFile, JSON.stringify({ features: { audienceLimit: true } }));
    await ed.fileChanged(uriOf(rcFile));
    await ed.published(campaign, q => !has(q.diagnostics, 'L1'));

    fs.writeFileSync(rcFile, '{ "features": { "audienceLimit": true, } }');
    await ed.fileChanged(uriOf(rcFile));
    const broken = await ed.published(campaign, q => has(q.diagnostics, 'W1', WARNING));
    assert.match(broken.diagnostics.find(d => d.code === 'W1')!.message, /\.\.\/\.campaignrc\.json has errors \(line 1: Trailing comma/);

    fs.rmSync(rcFile);
    await ed.fileChanged(uriOf(rcFile), FileChangeType.Deleted);
    const gone = await ed.published(campaign, q => !has(q.diagnostics, 'W1'));
    assert.ok(has(gone.diagnostics, 'L1', INFORMATION));
    await ed.close(campaign);
  });

  test('editor settings (workspace/didChangeConfiguration) override the settings file, and null gives it back', async () => {
    const folder = path.join(dir, 'override');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, '.campaignrc.json'), JSON.stringify({ features: { audienceLimit: true } }));
    const campaign = uriOf(path.join(folder, 'c.campaign.json'));
    await ed.open(campaign, WITH_LIMIT);
    await ed.published(campaign, q => !has(q.diagnostics, 'L1'));
    await ed.settingsChanged({ campaignStudio: { features: { audienceLimit: false }, subscriptionCategories: null } });
    await ed.published(campaign, q => has(q.diagnostics, 'L1', ERROR));
    await ed.settingsChanged({ campaignStudio: { features: { audienceLimit: null } } });
    await ed.published(campaign, q => !has(q.diagnostics, 'L1'));
  });

  test('more than 1000 problems: the editor gets the 1000 most severe and a note; errors are never dropped', async () => {
    const uri = uriOf(path.join(dir, 'many.campaign.json'));
    const keys = Array.from({ length: 1500 }, (_, i) => `  "unknown_${i}": ${i}`).join(',\n');
    await ed.open(uri, `{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n${keys},\n}`);
    const p = await ed.published(uri);
    assert.equal(p.diagnostics.length, 1001);
    assert.ok(has(p.diagnostics, 'D1', ERROR), 'the trailing comma at the very end is kept');
    const note = p.diagnostics.find(d => d.code === undefined)!;
    assert.match(note.message, /^501 more problems are not shown/);
    assert.equal(note.severity, INFORMATION);
    await ed.close(uri);
  });

  test("10,000-deep nesting and a 10 MB document: a clear diagnostic, and the server keeps answering (their speed is the bench's)", async () => {
    const deep = uriOf(path.join(dir, 'deep.campaign.json'));
    await ed.open(deep, '{"channel": ' + '['.repeat(10_000) + ']'.repeat(10_000) + '}');
    const d = await ed.published(deep);
    const d1 = d.diagnostics.find(x => x.code === 'D1')!;
    assert.match(d1.message, /nests 10001 levels deep \(this bracket opens level 513\)/);
    // `{"channel": ` then brackets: the one that opens level 513 is the 512th.
    assert.deepEqual(d1.range, { start: { line: 0, character: 12 + 511 }, end: { line: 0, character: 12 + 512 } });

    const big = uriOf(path.join(dir, 'big.campaign.json'));
    const filters = Array.from({ length: 27_500 }, (_, i) => ({
      filter_type: 'user_attributes',
      data_type: 'string',
      category: 'Tracked Standard Attribute',
      name: `city_${i}`,
      operator: 'in',
      value: ['Berlin', 'Paris', `Town ${i}`],
      case_sensitive: false,
      negate: false,
    }));
    const text = JSON.stringify(
      {
        channel: 'PUSH',
        campaign_delivery_type: 'ONE_TIME',
        segmentation_details: { included_filters: { filter_operator: 'and', filters } },
        status: 'DRAFT',
      },
      null,
      2,
    );
    // Past 10 million characters, and under the size past which the server leaves a document alone.
    assert.ok(text.length > 10_000_000 && text.length <= MAX_DOCUMENT_CHARS, `${text.length} characters`);
    await ed.open(big, text);
    const b = await ed.published(big);
    assert.ok(has(b.diagnostics, 'D8'), JSON.stringify(b.diagnostics.slice(0, 3)));

    // An edit at the very end of the big document is applied incrementally and validated again.
    const lines = text.split('\n');
    const last = await ed.edit(
      big,
      { start: { line: lines.length - 2, character: 2 }, end: { line: lines.length - 2, character: 19 } },
      '"name_x": 1',
    );
    const again = await ed.published(big, q => q.version === last);
    assert.ok(!has(again.diagnostics, 'D8') && has(again.diagnostics, 'D7'), JSON.stringify(again.diagnostics));
    await ed.close(big);
    await ed.close(deep);
    await ed.published(big, q => q.diagnostics.length === 0);
  });

  test('closing a document clears its diagnostics', async () => {
    const uri = uriOf(path.join(dir, 'broken.campaign.json'));
    await ed.close(uri);
    const p = await ed.published(uri, q => q.diagnostics.length === 0);
    assert.equal(p.version, undefined);
  });

  test('shutdown and exit end the process with status 0', async () => {
    assert.equal(await ed.stop(), 0);
    assert.equal(ed.logs.filter(l => l.type === 1).length, 0, `errors logged: ${JSON.stringify(ed.logs)}`);
  });
});

describe('pull diagnostics over stdio (a client like VS Code)', () => {
  let ed: Editor;
  let dir: string;
  /** Folder → the editor's campaignStudio settings for resources in it. */
  const editorSettings = new Map<string, unknown>();
  before(async () => {
    dir = tmpdir();
    fs.mkdirSync(path.join(dir, 'a'));
    fs.mkdirSync(path.join(dir, 'b'));
    ed = await Editor.start('stdio', {
      capabilities: PULL_CAPABILITIES,
      workspaceFolder: uriOf(dir),
      configuration: (scopeUri, section) => {
        assert.equal(section, 'campaignStudio');
        for (const [folder, value] of editorSettings) if (scopeUri?.startsWith(uriOf(folder) + '/')) return value;
        return {
          features: { audienceLimit: null, queuing: null, portfolio: null, versioning: null },
          subscriptionCategories: null,
          files: [],
        };
      },
    });
  });
  after(() => {
    ed.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('initialize: a diagnostic provider; settings changes, settings files, base snapshots and campaign files are watched', async () => {
    const provider = ed.initializeResult.capabilities.diagnosticProvider as {
      interFileDependencies: boolean;
      workspaceDiagnostics: boolean;
    };
    assert.deepEqual([provider.interFileDependencies, provider.workspaceDiagnostics], [false, false]);
    await ed.until('registrations', () => ed.registrations.length >= 2);
    assert.deepEqual(ed.registrations.map(r => r.method).sort(), ['workspace/didChangeConfiguration', 'workspace/didChangeWatchedFiles']);
    const watch = ed.registrations.find(r => r.method === 'workspace/didChangeWatchedFiles')!;
    assert.deepEqual(watch.registerOptions, {
      watchers: [
        { globPattern: '**/.campaignrc.json' },
        { globPattern: '**/.campaigns/base/*.json' },
        { globPattern: '**/*.campaign.json' },
        { globPattern: '**/*.search.json' },
      ],
    });
  });

  test('pull: a full report, unchanged while nothing changed, full again after an edit', async () => {
    const uri = uriOf(path.join(dir, 'a', 'p.campaign.json'));
    await ed.open(uri, BROKEN);
    const first = (await ed.pull(uri)) as FullDocumentDiagnosticReport;
    assert.equal(first.kind, DocumentDiagnosticReportKind.Full);
    assert.deepEqual(rules(first.items), ['D1 error', 'D7 warning', 'D8 information']);
    assert.ok(first.resultId);
    const same = await ed.pull(uri, first.resultId);
    assert.equal(same.kind, DocumentDiagnosticReportKind.Unchanged);

    await ed.edit(uri, { start: { line: 3, character: 19 }, end: { line: 3, character: 19 } }, ',');
    const after = (await ed.pull(uri, first.resultId)) as FullDocumentDiagnosticReport;
    assert.equal(after.kind, DocumentDiagnosticReportKind.Full);
    assert.deepEqual(rules(after.items), ['D7 warning', 'D8 information']);
  });

  test('editor settings are read per resource (workspace/configuration) and override the settings file', async () => {
    fs.writeFileSync(path.join(dir, '.campaignrc.json'), JSON.stringify({ features: { audienceLimit: true } }));
    editorSettings.set(path.join(dir, 'a'), { features: { audienceLimit: false } });
    const a = uriOf(path.join(dir, 'a', 'limit.campaign.json'));
    const b = uriOf(path.join(dir, 'b', 'limit.campaign.json'));
    await ed.open(a, WITH_LIMIT);
    await ed.open(b, WITH_LIMIT);
    const ra = (await ed.pull(a)) as FullDocumentDiagnosticReport;
    const rb = (await ed.pull(b)) as FullDocumentDiagnosticReport;
    assert.ok(has(ra.items, 'L1', ERROR), 'folder a: the editor says the feature is off');
    assert.ok(!has(rb.items, 'L1'), 'folder b: the settings file says it is on');
    const scopes = ed.configurationRequests.flatMap(r => r.items.map(i => i.scopeUri));
    assert.ok(scopes.includes(a) && scopes.includes(b), JSON.stringify(scopes));
  });

  test('the Settings UI\'s values: a flag "off" overrides the settings file, "fromFile" gives it back', async () => {
    fs.mkdirSync(path.join(dir, 'c'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'c', '.campaignrc.json'), JSON.stringify({ features: { audienceLimit: true } }));
    editorSettings.set(path.join(dir, 'c'), {
      features: { audienceLimit: 'off', queuing: 'fromFile', portfolio: 'fromFile', versioning: 'fromFile' },
      subscriptionCategories: null,
    });
    const c = uriOf(path.join(dir, 'c', 'limit.campaign.json'));
    await ed.open(c, WITH_LIMIT);
    assert.ok(has(((await ed.pull(c)) as FullDocumentDiagnosticReport).items, 'L1', ERROR), '"off": the editor says the feature is off');
    const refreshes = ed.refreshes;
    editorSettings.set(path.join(dir, 'c'), { features: { audienceLimit: 'fromFile' } });
    await ed.settingsChanged();
    await ed.until('a refresh request', () => ed.refreshes > refreshes);
    assert.ok(!has(((await ed.pull(c)) as FullDocumentDiagnosticReport).items, 'L1'), '"fromFile": the settings file says it is on');
  });

  test('a change of editor settings: settings read again, then a diagnostics refresh', async () => {
    const b = uriOf(path.join(dir, 'b', 'limit.campaign.json'));
    const asked = ed.configurationRequests.length;
    const refreshes = ed.refreshes;
    editorSettings.set(path.join(dir, 'b'), { features: { audienceLimit: false } });
    await ed.settingsChanged();
    await ed.until('a refresh request', () => ed.refreshes > refreshes);
    const rb = (await ed.pull(b)) as FullDocumentDiagnosticReport;
    assert.ok(has(rb.items, 'L1', ERROR));
    assert.ok(ed.configurationRequests.length > asked);
  });

  test('a settings file changed on disk: a refresh, and the campaigns it governs show its problems', async () => {
    const a = uriOf(path.join(dir, 'a', 'limit.campaign.json'));
    const refreshes = ed.refreshes;
    const rcFile = path.join(dir, '.campaignrc.json');
    fs.writeFileSync(rcFile, '{ "features": { "audienceLimit": true }, "subscriptionCategories": "news" }');
    await ed.fileChanged(uriOf(rcFile));
    await ed.until('a refresh request', () => ed.refreshes > refreshes);
    const ra = (await ed.pull(a)) as FullDocumentDiagnosticReport;
    const w1 = ra.items.find(d => d.code === 'W1');
    assert.ok(w1, JSON.stringify(ra.items));
    assert.equal(w1.severity, WARNING);
    assert.match(w1.message, /subscriptionCategories/);
    fs.writeFileSync(rcFile, '{}');
    await ed.fileChanged(uriOf(rcFile));
    await ed.until('a refresh request', () => ed.refreshes > refreshes + 1);
    assert.ok(!has(((await ed.pull(a)) as FullDocumentDiagnosticReport).items, 'W1'));
  });

  test('a cancelled pull answers RequestCancelled', async () => {
    const uri = uriOf(path.join(dir, 'b', 'cancel.campaign.json'));
    await ed.open(uri, WITH_LIMIT);
    const source = new CancellationTokenSource();
    const pending = ed.pull(uri, undefined, source.token);
    source.cancel();
    await assert.rejects(pending, (e: unknown) => e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled);
    // The next pull is answered normally.
    assert.equal((await ed.pull(uri)).kind, DocumentDiagnosticReportKind.Full);
  });

  test('a document that is not open gets an empty report', async () => {
    const report = (await ed.pull(uriOf(path.join(dir, 'never-opened.campaign.json')))) as FullDocumentDiagnosticReport;
    assert.deepEqual(report.items, []);
  });

  test("an open document's diagnostics are never pushed to a pull client, only those of files not open; shutdown and exit end with status 0", async () => {
    assert.equal(await ed.stop(), 0);
    // The one file on disk, never opened: the settings file the tests above rewrote.
    assert.deepEqual([...new Set(ed.publications.map(p => p.uri))], [uriOf(path.join(dir, '.campaignrc.json'))]);
  });
});

describe('over Node IPC (the transport the VS Code client uses)', () => {
  test('initialize, open, diagnostics, shutdown', async () => {
    const dir = tmpdir();
    const ed = await Editor.start('ipc', { capabilities: PULL_CAPABILITIES, workspaceFolder: uriOf(dir) });
    try {
      assert.ok(ed.initializeResult.capabilities.diagnosticProvider);
      const uri = uriOf(path.join(dir, 'ipc.campaign.json'));
      await ed.open(uri, BROKEN);
      const report = (await ed.pull(uri)) as FullDocumentDiagnosticReport;
      assert.deepEqual(rules(report.items), ['D1 error', 'D7 warning', 'D8 information']);
      assert.equal(await ed.stop(), 0);
    } finally {
      ed.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('push diagnostics over IPC too', async () => {
    const ed = await Editor.start('ipc', { capabilities: PUSH_CAPABILITIES });
    try {
      const uri = 'untitled:Untitled-1';
      await ed.open(uri, '{ "channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "id": "x" }');
      const p = await ed.published(uri);
      assert.ok(has(p.diagnostics, 'D8', INFORMATION), JSON.stringify(p.diagnostics));
      assert.equal(await ed.stop(), 0);
    } finally {
      ed.kill();
    }
  });
});

describe('the server executable', () => {
  test('without a transport it explains how to start it and exits with status 2', () => {
    const r = spawnSync(process.execPath, [SERVER], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--stdio/);
    assert.equal(r.stdout, '');
  });

  test('--help prints the usage', () => {
    const r = spawnSync(process.execPath, [SERVER, '--help'], { encoding: 'utf8' });
    assert.equal(r.status, 0);
    assert.match(r.stdout, /usage: campaign-language-server --stdio/);
  });

  test('exit without shutdown ends with status 1, as the protocol says', async () => {
    const ed = await Editor.start('stdio', { capabilities: PUSH_CAPABILITIES });
    try {
      await ed.connection.sendNotification('exit');
      assert.equal(await ed.exited(), 1);
    } finally {
      ed.kill();
    }
  });
});
