import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentSettings, Finding, LanguageService } from '@campaign-studio/core';
import { SettingsStore } from '@campaign-studio/sync';
import { DocumentRegistry } from '../../src/documentRegistry';
import { inProcess } from '../helpers/inProcess';
import { PUSH_CAPABILITIES } from '../protocol/editor';

/**
 * The registry of what the server knows per document: a new version makes a document's parse,
 * findings and fixes again and leaves the other documents' alone; `forget` drops everything held
 * for the document; and a closed document leaves nothing behind, also when the workspace check
 * reads its file again right after.
 */

/** An unknown key (D7, with a fix) and an unknown channel (D2). */
const BROKEN = '{\n  "channel": "FAX",\n  "campaign_delivery_type": "ONE_TIME",\n  "colour": 1\n}\n';
const FIXED = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "colour": 1\n}\n';
/** A trailing comma (D1). */
const TRAILING_COMMA = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n}\n';

/** A registry over a real language service and settings store, with the open documents it is told of. */
function registry(): {
  registry: DocumentRegistry;
  service: LanguageService;
  open: (doc: TextDocument, settingsFile?: string) => void;
  settingsOf: (uri: string) => Promise<DocumentSettings>;
  forgotten: string[];
} {
  const documents = new Map<string, TextDocument>();
  const forgotten: string[] = [];
  const store: SettingsStore = new SettingsStore({
    editorSettings: async () => undefined,
    openSettingsBuffer: file => reg.settingsBuffer(file),
    fallbackFolder: () => undefined,
    log: () => undefined,
  });
  const reg = new DocumentRegistry({
    documents,
    settings: {
      get: uri => store.get(uri),
      forget: uri => {
        forgotten.push(uri);
        store.forget(uri);
      },
    },
    service: hooks => new LanguageService(hooks),
  });
  const open = (doc: TextDocument, settingsFile?: string) => {
    documents.set(doc.uri, doc);
    reg.opened(doc.uri, settingsFile);
  };
  return { registry: reg, service: reg.service, open, settingsOf: uri => store.get(uri), forgotten };
}

const rules = (findings: Finding[] | undefined) => (findings ?? []).map(f => f.rule).sort();

describe('the document registry', () => {
  let dir: string;
  before(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-registry-')));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const uriOf = (name: string) => pathToFileURL(path.join(dir, name)).href;

  test('a new version makes the parse, findings and fixes of that document again, and of no other', async () => {
    const { registry: r, service, open, settingsOf } = registry();
    const a = TextDocument.create(uriOf('a.campaign.json'), 'campaign-json', 1, BROKEN);
    const b = TextDocument.create(uriOf('b.campaign.json'), 'campaign-json', 1, BROKEN);
    open(a);
    open(b);
    const settings = await settingsOf(a.uri);
    const before = {
      a: { parsed: r.parsed(a), findings: r.findings(a, settings), fixes: r.fixes(a, settings) },
      b: { parsed: r.parsed(b), findings: r.findings(b, settings), fixes: r.fixes(b, settings) },
    };
    assert.deepEqual(rules(before.a.findings), ['D2', 'D7']);
    assert.equal(r.findings(a, settings), before.a.findings, 'made once per version');
    assert.equal(r.fixes(a, settings), before.a.fixes, 'made once per version');
    assert.equal(r.fixes(a, settings).findings, before.a.findings, 'the fixes are of the same findings');
    const parses = service.cache.parses;

    TextDocument.update(a, [{ text: FIXED }], 2);
    assert.equal(r.lastFindings(a.uri), before.a.findings, 'completion still has the last findings made, of version 1');
    assert.notEqual(r.parsed(a), before.a.parsed);
    const findings = r.findings(a, settings);
    assert.notEqual(findings, before.a.findings);
    assert.deepEqual(rules(findings), ['D7']);
    assert.notEqual(r.fixes(a, settings), before.a.fixes);
    assert.equal(r.fixes(a, settings).findings, findings);
    assert.equal(r.lastFindings(a.uri), findings);
    assert.equal(service.cache.parses, parses + 1, 'the new version parsed once');

    assert.equal(r.parsed(b), before.b.parsed, 'the other document keeps its parse');
    assert.equal(r.findings(b, settings), before.b.findings, 'its findings');
    assert.equal(r.fixes(b, settings), before.b.fixes, 'and its fixes');
    assert.equal(service.cache.parses, parses + 1);
  });

  test('a change of what documents are checked against makes the findings and fixes again, not the parse', async () => {
    const { registry: r, service, open, settingsOf } = registry();
    const a = TextDocument.create(uriOf('c.campaign.json'), 'campaign-json', 1, BROKEN);
    open(a);
    const settings = await settingsOf(a.uri);
    const parsed = r.parsed(a);
    const findings = r.findings(a, settings);
    const fixes = r.fixes(a, settings);
    const state = r.stateOf(a);
    const parses = service.cache.parses;
    r.stateChanged();
    assert.notEqual(r.stateOf(a), state, 'a pull answers in full');
    assert.notEqual(r.findings(a, settings), findings);
    assert.notEqual(r.fixes(a, settings), fixes);
    assert.equal(r.parsed(a), parsed);
    assert.equal(service.cache.parses, parses);
  });

  test('forget drops everything held for the document, and only for it', async t => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { registry: r, service, open, settingsOf, forgotten } = registry();
    // A UTF-16 file on disk that the editor decoded: the encoding is the document's too.
    const file = path.join(dir, 'utf16.campaign.json');
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(BROKEN, 'utf16le')]));
    const a = TextDocument.create(pathToFileURL(file).href, 'campaign-json', 1, BROKEN);
    const rcFile = path.join(dir, '.campaignrc.json');
    const rc = TextDocument.create(pathToFileURL(rcFile).href, 'json', 1, '{}');
    const b = TextDocument.create(uriOf('d.campaign.json'), 'campaign-json', 1, BROKEN);
    open(a);
    open(rc, rcFile);
    open(b);
    const settings = await settingsOf(a.uri);
    r.findings(a, settings);
    r.fixes(a, settings);
    r.findings(b, settings);
    assert.match(r.stateOf(a), /UTF-16LE$/);
    assert.ok(
      r.findings(a, settings).some(f => f.rule === 'D1' && /UTF-16LE/.test(f.message)),
      'the encoding is one of its findings',
    );
    let asked = 0;
    const ask = async () => {
      asked++;
      return { tabSize: 3 };
    };
    await r.indentation(a.uri, ask);
    await r.indentation(a.uri, ask);
    assert.equal(asked, 1, 'asked once while open');
    let ran = 0;
    r.schedule(a.uri, 100, () => ran++);
    r.schedule(b.uri, 100, () => ran++);
    assert.ok(r.settingsBuffer(rcFile), 'the open settings file counts with its text');
    assert.equal(r.firstContent(a.uri), true);
    r.newlyOversized(a.uri, true);
    r.setRemoteState(a.uri, { status: 'DRAFT' });

    r.forget(a.uri);
    r.forget(rc.uri);
    assert.equal(r.isOpen(a.uri), false);
    assert.equal(r.lastFindings(a.uri), undefined, 'no findings');
    assert.equal(service.cache.has(a.uri), false, 'no parse');
    assert.equal(service.cache.has(rc.uri), false);
    assert.deepEqual(forgotten, [a.uri, rc.uri], "their resolved settings, and no other document's");
    assert.equal(r.stateOf(a), `${a.version}:0:`, 'no encoding on disk');
    assert.equal(r.settingsBuffer(rcFile), undefined, 'the settings file counts from disk again');
    assert.equal(r.firstContent(a.uri), false);
    t.mock.timers.tick(100);
    assert.equal(ran, 1, "its pending run is called off, the other document's runs");
    await r.indentation(a.uri, ask);
    assert.equal(asked, 2, 'a closed document keeps no indentation');
    assert.equal(r.newlyOversized(a.uri, true), true, 'reopened past the limit, the editor is told again');

    assert.ok(r.isOpen(b.uri), 'the other document is untouched');
    assert.ok(service.cache.has(b.uri));
    assert.deepEqual(rules(r.lastFindings(b.uri)), ['D2', 'D7']);
    // Told by the extension, which takes it back itself: it also governs the closed file's diagnostics.
    assert.deepEqual(r.remoteState(a.uri), { status: 'DRAFT' }, 'the remote state outlives the document');
  });

  test('a document that is not open leaves nothing behind', async () => {
    const { registry: r, service, open, forgotten } = registry();
    const closed = TextDocument.create(uriOf('e.campaign.json'), 'campaign-json', 0, BROKEN);
    const settings = await r.settingsOnce(closed.uri);
    assert.deepEqual(forgotten, [closed.uri], 'its settings are read for one check');
    const findings = r.transient(closed, () => r.findings(closed, settings));
    assert.deepEqual(rules(findings), ['D2', 'D7']);
    assert.equal(r.isOpen(closed.uri), false);
    assert.equal(r.lastFindings(closed.uri), undefined);
    assert.equal(service.cache.has(closed.uri), false);
    assert.throws(() =>
      r.transient(closed, () => {
        r.parsed(closed);
        throw new Error('a rule blew up');
      }),
    );
    assert.equal(service.cache.has(closed.uri), false, 'nor when what it made failed');

    const opened = TextDocument.create(uriOf('f.campaign.json'), 'campaign-json', 1, BROKEN);
    open(opened);
    r.transient(opened, () => r.parsed(opened));
    assert.equal(service.cache.has(opened.uri), true, 'an open document keeps its parse');
  });
});

describe('the registry of a running server', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof inProcess>>;
  before(async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-registry-server-')));
    fs.writeFileSync(path.join(dir, 'scanned.campaign.json'), TRAILING_COMMA);
    server = await inProcess({ capabilities: PUSH_CAPABILITIES, workspaceFolder: pathToFileURL(dir).href }, { pushDelayMs: 20 });
  });
  after(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const held = (uri: string) => ({
    open: server.ctx.registry.isOpen(uri),
    findings: server.ctx.registry.lastFindings(uri) !== undefined,
    parse: server.ctx.service.cache.has(uri),
  });
  const nothing = { open: false, findings: false, parse: false };
  const codes = (p: { diagnostics: Array<{ code?: unknown }> }) => p.diagnostics.map(d => String(d.code));

  test("a closed document's entry is gone", async () => {
    const { ed } = server;
    const uri = 'untitled:Untitled-1.campaign.json';
    await ed.open(uri, BROKEN);
    await ed.published(uri, p => codes(p).includes('D2'));
    assert.deepEqual(held(uri), { open: true, findings: true, parse: true });
    await ed.close(uri);
    await ed.published(uri, p => p.diagnostics.length === 0);
    assert.deepEqual(held(uri), nothing);
  });

  test('a closed document whose file the workspace check reads again leaves nothing either', async () => {
    const { ed } = server;
    const uri = pathToFileURL(path.join(dir, 'scanned.campaign.json')).href;
    await ed.published(uri, p => codes(p).includes('D1'));
    assert.deepEqual(held(uri), nothing, 'the background check keeps nothing of the file');
    await ed.open(uri, BROKEN);
    await ed.published(uri, p => codes(p).includes('D2'));
    assert.deepEqual(held(uri), { open: true, findings: true, parse: true });
    await ed.close(uri);
    // Closed, the file's own diagnostics come back from the background check.
    await ed.published(uri, p => codes(p).includes('D1'));
    assert.deepEqual(held(uri), nothing);
  });
});
