import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  DocumentDiagnosticReportKind,
  FullDocumentDiagnosticReport,
  MessageType,
  ResponseError,
} from 'vscode-languageserver-protocol/node';
import {
  DocumentSettings,
  LanguageService,
  LanguageServiceOptions,
  RemoteFindingsNotification,
  RULE_CHECKS,
  RuleCheck,
  TextDocumentLike,
} from '@campaign-studio/core';
import { inProcess as inProcessServer } from '../helpers/inProcess';
import { Editor, EditorOptions, PULL_CAPABILITIES, PUSH_CAPABILITIES } from './editor';

/**
 * Failures inside the server, provoked in process (the server's own code with a language service
 * that can be made to throw): the file's diagnostics are cleared, never left stale, and the log
 * says what failed for which file.
 */

class FailingService extends LanguageService {
  readonly failing = new Set<string>();
  constructor(hooks: LanguageServiceOptions) {
    super(hooks);
  }
  override diagnostics(doc: TextDocumentLike, settings: DocumentSettings) {
    if (this.failing.has(doc.uri)) throw new Error('a rule blew up');
    return super.diagnostics(doc, settings);
  }
}

async function inProcess(options: Omit<EditorOptions, 'processId'>): Promise<{ ed: Editor; service: FailingService; stop: () => void }> {
  let service!: FailingService;
  const { ed, stop } = await inProcessServer(options, { createService: hooks => (service = new FailingService(hooks)), pushDelayMs: 20 });
  return { ed, service, stop };
}

const TEXT = '{ "channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "status": "DRAFT" }';
const errors = (ed: Editor) => ed.logs.filter(l => l.type === MessageType.Error).map(l => l.message);

describe('push: validation that throws', () => {
  let dir: string;
  let ctx: Awaited<ReturnType<typeof inProcess>>;
  before(async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-faults-')));
    ctx = await inProcess({ capabilities: PUSH_CAPABILITIES });
  });
  after(async () => {
    await ctx.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("clears the file's diagnostics and logs what failed for which file and version", async () => {
    const { ed, service } = ctx;
    const uri = pathToFileURL(path.join(dir, 'x.campaign.json')).href;
    await ed.open(uri, TEXT);
    await ed.published(uri, p => p.diagnostics.length > 0);
    service.failing.add(uri);
    const v = await ed.edit(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, ' ');
    const p = await ed.published(uri, q => q.version === v);
    assert.deepEqual(p.diagnostics, [], 'no stale diagnostics');
    const logged = await ed.until('the error in the log', () => errors(ed).find(m => m.includes(uri)));
    assert.match(logged, new RegExp(`^diagnostics failed for ${uri.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(version ${v}\\)`));
    assert.match(logged, /a rule blew up/);

    // Once validation works again, so do the diagnostics.
    service.failing.delete(uri);
    const v2 = await ed.edit(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, '');
    assert.ok((await ed.published(uri, q => q.version === v2)).diagnostics.length > 0);
  });

  test('a rule function that throws is logged with its rule ids and file; the other rules still report', async () => {
    const { ed } = ctx;
    const broken: RuleCheck = {
      ids: ['X9'],
      kinds: ['campaign'],
      check: () => {
        throw new TypeError('cannot read properties of undefined');
      },
    };
    RULE_CHECKS.push(broken);
    try {
      const uri = pathToFileURL(path.join(dir, 'rule.campaign.json')).href;
      await ed.open(uri, TEXT);
      const p = await ed.published(uri);
      assert.ok(
        p.diagnostics.some(d => d.code === 'D8'),
        'the other rules ran',
      );
      const logged = await ed.until('the rule error in the log', () => errors(ed).find(m => m.startsWith('rule X9 failed on ' + uri)));
      assert.match(logged, /version 1/);
      assert.match(logged, /cannot read properties of undefined/);
    } finally {
      RULE_CHECKS.splice(RULE_CHECKS.indexOf(broken), 1);
    }
  });

  test('malformed custom notifications are ignored with a warning, never a crash', async () => {
    const { ed } = ctx;
    await ed.connection.sendNotification(RemoteFindingsNotification.method, { uri: 42 });
    await ed.connection.sendNotification(RemoteFindingsNotification.method, { uri: 'file:///r.campaign.json', findings: [{ rule: 'D2' }] });
    const warned = await ed.until('two warnings', () => {
      const w = ed.logs.filter(l => l.type === MessageType.Warning && l.message.startsWith(RemoteFindingsNotification.method));
      return w.length >= 2 ? w : undefined;
    });
    assert.match(warned[1].message, /1 malformed finding/);
    // Still serving.
    const uri = pathToFileURL(path.join(dir, 'after.campaign.json')).href;
    await ed.open(uri, TEXT);
    await ed.published(uri);
  });
});

describe('pull: validation that throws, and editor settings that cannot be read', () => {
  let ctx: Awaited<ReturnType<typeof inProcess>>;
  let dir: string;
  before(async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-faults-')));
    ctx = await inProcess({
      capabilities: PULL_CAPABILITIES,
      configuration: scopeUri => {
        if (scopeUri?.includes('unreadable-settings')) throw new ResponseError(-32603, 'the editor could not read its settings');
        return null;
      },
    });
  });
  after(async () => {
    await ctx.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the pull answers an empty full report (clearing what was shown) and the log says why', async () => {
    const { ed, service } = ctx;
    const uri = pathToFileURL(path.join(dir, 'y.campaign.json')).href;
    await ed.open(uri, TEXT);
    const ok = (await ed.pull(uri)) as FullDocumentDiagnosticReport;
    assert.ok(ok.items.length > 0);
    service.failing.add(uri);
    const v = await ed.edit(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, ' ');
    const failed = (await ed.pull(uri, ok.resultId)) as FullDocumentDiagnosticReport;
    assert.equal(failed.kind, DocumentDiagnosticReportKind.Full);
    assert.deepEqual(failed.items, [], 'what was shown for the previous version is cleared');
    assert.ok(
      errors(ed).some(m => m.startsWith(`diagnostics failed for ${uri} (version ${v}): Error: a rule blew up`)),
      JSON.stringify(ed.logs),
    );
  });

  test('editor settings that cannot be read: logged, and the settings file alone applies', async () => {
    const { ed } = ctx;
    const folder = path.join(dir, 'unreadable-settings');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, '.campaignrc.json'), JSON.stringify({ features: { audienceLimit: false } }));
    const uri = pathToFileURL(path.join(folder, 'z.campaign.json')).href;
    await ed.open(
      uri,
      JSON.stringify({
        channel: 'PUSH',
        campaign_delivery_type: 'ONE_TIME',
        campaign_audience_limit: { is_campaign_audience_limit_enabled: false },
      }),
    );
    const report = (await ed.pull(uri)) as FullDocumentDiagnosticReport;
    assert.ok(
      report.items.some(d => d.code === 'L1' && d.severity === 1),
      JSON.stringify(report.items),
    );
    assert.ok(
      ed.logs.some(l => l.type === MessageType.Warning && l.message.startsWith(`reading the editor settings for ${uri} failed`)),
      JSON.stringify(ed.logs),
    );
  });
});
