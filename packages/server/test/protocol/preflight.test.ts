import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  Diagnostic,
  DocumentDiagnosticReportKind,
  ErrorCodes,
  FullDocumentDiagnosticReport,
  ResponseError,
} from 'vscode-languageserver-protocol/node';
import { PreflightRequest, RuleDocRequest } from '@campaign-studio/core';
import { Editor, PULL_CAPABILITIES, PUSH_CAPABILITIES } from './editor';

/**
 * `campaign/preflight` answers from the server's live view: the open documents and the settings
 * the diagnostics use, so what a write checks is exactly what the Problems panel shows. Driven
 * over stdio as a plain LSP client (Neovim, Emacs, Helix) would, and as the extension does.
 */

const uriOf = (file: string): string => pathToFileURL(file).href;
const FIXTURE = path.resolve(__dirname, '../../../core/test/fixtures/valid/push-one-time.campaign.json');
const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];

type Comparable = { rule: string; severity: string; message: string; path: string; range: string };
const key = (f: Comparable): string => JSON.stringify(f);
const fromDiagnostics = (ds: Diagnostic[]): string[] =>
  ds
    .map(d =>
      key({
        rule: String(d.code),
        severity: SEVERITY[d.severity ?? 0],
        message: d.message,
        path: (d.data as { path: string }).path,
        range: JSON.stringify(d.range),
      }),
    )
    .sort();
const fromPreflight = (r: PreflightRequest.Result): string[] =>
  r.findings
    .map(f =>
      key({
        rule: f.rule,
        severity: f.severity,
        message: f.message,
        path: f.path,
        range: JSON.stringify(f.range),
      }),
    )
    .sort();
const rules = (r: PreflightRequest.Result): string[] => [...new Set(r.findings.map(f => `${f.rule} ${f.severity}`))].sort();

function workspace(): { dir: string; campaign: string; rc: string; text: string } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-protocol-preflight-')));
  const rc = path.join(dir, '.campaignrc.json');
  fs.writeFileSync(rc, JSON.stringify({ features: { audienceLimit: false, queuing: false, portfolio: false, versioning: false } }));
  const doc = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
  doc.campaign_audience_limit = { is_campaign_audience_limit_enabled: true, limit: 50000 };
  const text = JSON.stringify(doc, null, 2);
  const campaign = path.join(dir, 'limited.campaign.json');
  fs.writeFileSync(campaign, text);
  return { dir, campaign, rc, text };
}

const RC_ON = JSON.stringify({ features: { audienceLimit: true, queuing: false, portfolio: false, versioning: false } }, null, 2);

describe('campaign/preflight and the Problems panel agree (pull diagnostics over stdio)', () => {
  let ed: Editor;
  let w: ReturnType<typeof workspace>;
  const preflight = (params: PreflightRequest.Params) => ed.connection.sendRequest(PreflightRequest.type, params);
  const pulled = async (uri: string) => {
    const r = await ed.pull(uri);
    assert.equal(r.kind, DocumentDiagnosticReportKind.Full);
    return (r as FullDocumentDiagnosticReport).items;
  };

  before(async () => {
    w = workspace();
    ed = await Editor.start('stdio', { capabilities: PULL_CAPABILITIES, workspaceFolder: uriOf(w.dir) });
    await ed.open(uriOf(w.campaign), w.text);
  });
  after(() => {
    ed.kill();
    fs.rmSync(w.dir, { recursive: true, force: true });
  });

  test('the flag off on disk: L1 is an error, in both, with the same findings', async () => {
    const diagnostics = await pulled(uriOf(w.campaign));
    const answer = await preflight({ textDocument: { uri: uriOf(w.campaign) } });
    assert.deepEqual(rules(answer), ['L1 error']);
    assert.equal(answer.version, 1);
    assert.deepEqual(fromPreflight(answer), fromDiagnostics(diagnostics));
  });

  test('an unsaved .campaignrc.json turns the flag on: neither reports L1, and they still agree', async () => {
    await ed.open(uriOf(w.rc), RC_ON);
    const answer = await preflight({ textDocument: { uri: uriOf(w.campaign) } });
    assert.deepEqual(answer.findings, []);
    assert.deepEqual(fromPreflight(answer), fromDiagnostics(await pulled(uriOf(w.campaign))));
    assert.match(fs.readFileSync(w.rc, 'utf8'), /"audienceLimit":false/, 'the file on disk still has the flag off');
  });

  test('the settings buffer closed unsaved: the file on disk counts again, in both', async () => {
    await ed.close(uriOf(w.rc));
    const answer = await preflight({ textDocument: { uri: uriOf(w.campaign) } });
    assert.deepEqual(rules(answer), ['L1 error']);
    assert.deepEqual(fromPreflight(answer), fromDiagnostics(await pulled(uriOf(w.campaign))));
  });

  test('the text given is ignored for an open document: the server checks what it holds', async () => {
    const answer = await preflight({ textDocument: { uri: uriOf(w.campaign) }, text: '{}' });
    assert.deepEqual(rules(answer), ['L1 error']);
  });

  test('remote and purpose change what is checked: B8 for an inline test, P3 for a STOPPED campaign', async () => {
    const base = JSON.parse(w.text) as { basic_details: Record<string, unknown> };
    base.basic_details.name = 'As fetched, before the local edit';
    const stopped = await preflight({ textDocument: { uri: uriOf(w.campaign) }, remote: { status: 'STOPPED', base } });
    assert.ok(
      stopped.findings.some(f => f.rule === 'P3' && f.severity === 'error'),
      JSON.stringify(stopped.findings),
    );
    const email = path.join(w.dir, 'email.campaign.json');
    const text = JSON.stringify({ channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME', basic_details: { name: 'Newsletter' } });
    const inline = await preflight({ textDocument: { uri: uriOf(email) }, text, purpose: 'inlineTest' });
    assert.ok(
      inline.findings.some(f => f.rule === 'B8'),
      JSON.stringify(inline.findings),
    );
    assert.equal(inline.version, null, 'a document that is not open is checked from the text given');
  });

  test("settings given with the request replace the document's: a promotion checks with the target workspace's features", async () => {
    const on = await preflight({ textDocument: { uri: uriOf(w.campaign) }, settings: { features: { audienceLimit: true } } });
    assert.ok(!on.findings.some(f => f.rule === 'L1'), JSON.stringify(on.findings));
    const text = w.text;
    const elsewhere = uriOf(path.join(w.dir, 'promoted.campaign.json'));
    const off = await preflight({ textDocument: { uri: elsewhere }, text, settings: { features: { audienceLimit: false } } });
    assert.ok(rules(off).includes('L1 error'), JSON.stringify(off.findings));
    const unknown = await preflight({ textDocument: { uri: elsewhere }, text, settings: { features: {} } });
    assert.ok(!unknown.findings.some(f => f.rule === 'L1' && f.severity === 'error'), JSON.stringify(unknown.findings));
  });

  test('an unquoted word that names a built-in property: D1 in both, never an internal error or a clean file', async () => {
    const uri = uriOf(path.join(w.dir, 'constructor.campaign.json'));
    await ed.open(uri, '{"channel": constructor}');
    const answer = await preflight({ textDocument: { uri } });
    assert.ok(
      answer.findings.some(f => f.rule === 'D1' && f.severity === 'error' && f.message.includes('`constructor`')),
      JSON.stringify(answer.findings),
    );
    assert.deepEqual(fromPreflight(answer), fromDiagnostics(await pulled(uri)));
  });

  test('bad parameters are refused with InvalidParams, never answered as "no problems"', async () => {
    await assert.rejects(preflight({} as PreflightRequest.Params), (e: ResponseError<unknown>) => e.code === ErrorCodes.InvalidParams);
    await assert.rejects(
      preflight({ textDocument: { uri: uriOf(path.join(w.dir, 'not-open.campaign.json')) } }),
      (e: ResponseError<unknown>) => e.code === ErrorCodes.InvalidParams && /not open/.test(e.message),
    );
  });
});

describe('campaign/preflight for a client with push diagnostics', () => {
  test('the same findings as the published diagnostics', async () => {
    const w = workspace();
    const ed = await Editor.start('stdio', { capabilities: PUSH_CAPABILITIES, workspaceFolder: uriOf(w.dir) });
    try {
      await ed.open(uriOf(w.campaign), w.text);
      const published = await ed.published(uriOf(w.campaign), p => p.diagnostics.length > 0);
      const answer = await ed.connection.sendRequest(PreflightRequest.type, { textDocument: { uri: uriOf(w.campaign) } });
      assert.deepEqual(fromPreflight(answer), fromDiagnostics(published.diagnostics));
    } finally {
      ed.kill();
      fs.rmSync(w.dir, { recursive: true, force: true });
    }
  });
});

describe('campaign/ruleDoc', () => {
  test("a rule's documentation as Markdown, null for an unknown id, InvalidParams without one", async () => {
    const ed = await Editor.start('stdio', { capabilities: PULL_CAPABILITIES });
    try {
      const doc = await ed.connection.sendRequest(RuleDocRequest.type, { rule: 'H2' });
      assert.ok(doc);
      assert.equal(doc.id, 'H2');
      assert.equal(doc.severity, 'error');
      assert.match(doc.markdown, /^## H2\n\n\*\*.+\*\* · \*.+\*\n\n\*\*Rule\.\*\* .*`AT_FIXED_TIME` needs `start_time`/);
      assert.match(doc.markdown, /\*\*Breaks it\*\*:\n\n```json\n/);
      assert.match(doc.markdown, /\*\*Fix\.\*\* /);
      assert.ok(
        fs.readFileSync(path.resolve(__dirname, '../../../../docs/rules.md'), 'utf8').includes(doc.markdown),
        'the same text as the section of docs/rules.md',
      );
      assert.match(doc.href, /rules\.md#h2$/);
      assert.equal(await ed.connection.sendRequest(RuleDocRequest.type, { rule: 'Z9' }), null);
      await assert.rejects(
        ed.connection.sendRequest(RuleDocRequest.type, {} as RuleDocRequest.Params),
        (e: ResponseError<unknown>) => e.code === ErrorCodes.InvalidParams,
      );
    } finally {
      ed.kill();
    }
  });
});
