import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { DocumentDiagnosticRequest, Diagnostic } from 'vscode-languageserver-protocol/node';
import { generateCampaign } from '../../../../bench/generate';
import { LspClient } from '../helpers/lspClient';
import { lint, only, posOf } from '../../../core/test/helpers/lint';

/**
 * Inputs that break naive tools: huge, absurdly deep, badly encoded, BOM, CRLF, a settings file
 * that is not JSON. Each must give a clear result in bounded time, in process, through the
 * server and through the CLI. (The time limits below only catch hangs; speed is `npm run bench`.)
 */

const CLI = path.resolve(__dirname, '../../../../dist/cli.js');
const HANG = { timeout: 120_000 };

function tmpdir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-pathological-'));
}

async function serverDiagnostics(text: string, name = 'doc.campaign.json'): Promise<Diagnostic[]> {
  const client = await LspClient.start({ pull: true });
  try {
    const uri = `file:///pathological/${name}`;
    await client.open(uri, text);
    const report = await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
    return (report as { items: Diagnostic[] }).items;
  } finally {
    assert.equal(await client.stop(), 0);
  }
}

test('a 10 MB campaign is validated in process and through the server', HANG, async () => {
  const text = generateCampaign({ bytes: 10_000_000, errors: true });
  assert.ok(text.length >= 9_500_000);
  const inProcess = lint(text);
  assert.ok(inProcess.length > 0, 'the mistakes in it are found');
  const viaServer = await serverDiagnostics(text);
  assert.equal(viaServer.length, inProcess.length);
});

test('100,000-deep arrays give one clear D1 diagnostic, no crash', HANG, async () => {
  const deep = '['.repeat(100_000) + ']'.repeat(100_000);
  for (const text of [deep, '{"channel": ' + deep + '}', '['.repeat(100_000)]) {
    const got = lint(text);
    const d1 = only(got, 'D1');
    assert.ok(
      d1.some(d => /levels deep/.test(d.message)),
      JSON.stringify(got.slice(0, 3)),
    );
    const viaServer = await serverDiagnostics(text);
    assert.ok(viaServer.some(d => d.code === 'D1' && /levels deep/.test(d.message)));
  }
  const dir = tmpdir();
  fs.writeFileSync(path.join(dir, 'deep.campaign.json'), deep);
  const r = spawnSync(process.execPath, [CLI, '--format', 'json', path.join(dir, 'deep.campaign.json')], { encoding: 'utf8' });
  assert.equal(r.status, 1, r.stderr);
  assert.match(JSON.parse(r.stdout)[0].diagnostics[0].message, /levels deep/);
});

test('a byte order mark does not shift ranges', () => {
  const body = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "status": "SENT"\n}';
  const got = only(lint('\ufeff' + body), 'D8');
  assert.equal(got.length, 1);
  // Positions count the BOM as the editor does: one character on the first line only.
  assert.deepEqual(got[0].range.start, posOf(body, '"status"'));
});

test('CRLF line ends give the same lines and characters as LF', () => {
  const lf = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "status": "SENT",\n  "chanel": 1\n}';
  const crlf = lf.replace(/\n/g, '\r\n');
  const a = lint(lf).map(d => [d.rule, d.range]);
  const b = lint(crlf).map(d => [d.rule, d.range]);
  assert.deepEqual(b, a);
  assert.ok(a.length >= 2);
});

test('invalid UTF-8 in a file does not crash the CLI and is reported', () => {
  const dir = tmpdir();
  const file = path.join(dir, 'latin1.campaign.json');
  // "Café" written in Latin-1: the é is the lone byte 0xE9, invalid as UTF-8.
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.from('{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "basic_details": { "name": "Caf'),
      Buffer.from([0xe9]),
      Buffer.from('" }\n}\n'),
    ]),
  );
  const r = spawnSync(process.execPath, [CLI, '--format', 'json', file], { encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}: ${r.stderr}`);
  const diags = JSON.parse(r.stdout)[0].diagnostics as Array<{ rule: string; message: string; range: { start: { line: number } } }>;
  const enc = diags.find(d => /UTF-8/.test(d.message));
  assert.ok(enc, JSON.stringify(diags));
  assert.equal(enc.range.start.line, 3);
});

test('a .campaignrc.json that is not JSON is reported on itself and on the campaigns it governs', () => {
  const dir = tmpdir();
  fs.writeFileSync(path.join(dir, '.campaignrc.json'), 'features: audienceLimit = yes\n');
  fs.writeFileSync(path.join(dir, 'a.campaign.json'), JSON.stringify({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME' }));
  const r = spawnSync(process.execPath, [CLI, '--format', 'json', path.join(dir, 'a.campaign.json'), path.join(dir, '.campaignrc.json')], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 1, r.stderr);
  const out = JSON.parse(r.stdout) as Array<{ file: string; diagnostics: Array<{ rule: string; severity: string; message: string }> }>;
  const campaign = out.find(f => f.file.endsWith('a.campaign.json'))!;
  assert.ok(
    campaign.diagnostics.some(d => d.rule === 'W1' && d.severity === 'warning' && /\.campaignrc\.json/.test(d.message)),
    JSON.stringify(campaign),
  );
  const rc = out.find(f => f.file.endsWith('.campaignrc.json'))!;
  assert.ok(
    rc.diagnostics.some(d => d.rule === 'W1' && d.severity === 'error'),
    JSON.stringify(rc),
  );
});

test('keys named like Object.prototype methods never break validation', async () => {
  // Found by the fuzz test: the compiled validators compare array items with a library that
  // calls valueOf / toString on them.
  const text = '{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"platforms":["IOS",{"valueOf":1},{"valueOf":1}]}}';
  const got = lint(text);
  const hit = got.find(d => d.path === '/basic_details/platforms/1/valueOf');
  assert.ok(hit && hit.severity === 'error' && /valueOf/.test(hit.message), JSON.stringify(got));
  for (const key of ['toString', 'hasOwnProperty', 'constructor', '__proto__']) {
    const doc = `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"tags":[{"${key}":1},{"${key}":1}]},"${key}":{"${key}":2}}`;
    assert.doesNotThrow(() => lint(doc), key);
    const viaServer = await serverDiagnostics(doc);
    assert.ok(viaServer.length > 0, key);
  }
});

test('keys written with escapes are located like plain ones', () => {
  const text =
    '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "basic_d\\u0065tails": { "pl\\u0061tforms": ["IOS", "ios"] }\n}';
  const got = lint(text).filter(d => d.path.startsWith('/basic_details/platforms'));
  assert.ok(got.length > 0, JSON.stringify(lint(text)));
  const line = text.split('\n')[3];
  assert.equal(got[0].range.start.line, 3);
  assert.equal(got[0].range.start.character, line.indexOf('"ios"'));
});
