import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import {
  DocumentDiagnosticRequest, CompletionRequest, HoverRequest, DocumentSymbolRequest, DocumentFormattingRequest,
  FoldingRangeRequest, CodeActionRequest, Diagnostic,
} from 'vscode-languageserver-protocol/node';
import { generateCampaign } from '../../../../bench/generate';
import { LspClient } from '../helpers/lspClient';
import { lint } from '../../../core/test/helpers/lint';
import { mutate, Random } from './mutate';
import { parse, toDiagnostics, validate } from '@campaign-studio/core';

/**
 * Random mutations of valid campaigns fed to the language service and to the real server:
 * nothing crashes, nothing is left unanswered, every diagnostic range lies inside its document.
 * A few seconds by default; `CAMPAIGN_FUZZ_SECONDS=120 npm run fuzz` for a longer run, and
 * `CAMPAIGN_FUZZ_SEED=<n>` to replay a failure.
 */

const SECONDS = Number(process.env.CAMPAIGN_FUZZ_SECONDS ?? 3);
const SEED = Number(process.env.CAMPAIGN_FUZZ_SEED ?? Date.now() % 1_000_000);

function seeds(): string[] {
  const out = [generateCampaign({ bytes: 3_000 }), generateCampaign({ bytes: 8_000, errors: true })];
  for (const dir of ['packages/core/test/fixtures/valid', 'examples']) {
    const abs = path.resolve(__dirname, '../../../..', dir);
    if (!fs.existsSync(abs)) continue;
    for (const f of fs.readdirSync(abs)) if (f.endsWith('.campaign.json')) out.push(fs.readFileSync(path.join(abs, f), 'utf8'));
  }
  return out;
}

function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map(l => l.length);
}

function assertInside(text: string, ranges: Array<{ start: { line: number; character: number }; end: { line: number; character: number } }>, what: string): void {
  const lens = lineLengths(text);
  for (const r of ranges) {
    for (const p of [r.start, r.end]) {
      assert.ok(p.line >= 0 && p.line < lens.length, `${what}: line ${p.line} outside 0..${lens.length - 1}`);
      assert.ok(p.character >= 0 && p.character <= lens[p.line], `${what}: character ${p.character} outside line ${p.line} of length ${lens[p.line]}`);
    }
    assert.ok(r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character), `${what}: range ends before it starts`);
  }
}

test(`fuzz: the language service survives mutants (seed ${SEED}, ${SECONDS}s)`, () => {
  const r = new Random(SEED);
  const base = seeds();
  const until = Date.now() + (SECONDS * 1000) / 2;
  let n = 0;
  while (Date.now() < until) {
    const text = mutate(r, r.pick(base));
    let got;
    try {
      got = lint(text);
    } catch (e) {
      assert.fail(`seed ${SEED}, mutant ${n}: the rule set threw on ${JSON.stringify(text.slice(0, 300))}: ${e instanceof Error ? e.stack : e}`);
    }
    assertInside(text, got.map(g => g.range), `seed ${SEED}, mutant ${n}`);
    n++;
  }
  assert.ok(n > 0);
});

test(`fuzz: the guided locator and the position tree give the same ranges (seed ${SEED})`, () => {
  const r = new Random(SEED + 2);
  const base = seeds();
  const until = Date.now() + (SECONDS * 1000) / 4;
  let compared = 0;
  while (Date.now() < until) {
    const text = mutate(r, r.pick(base));
    const fast = parse(text);
    if (!fast.strict) continue;
    const findings = validate(fast, { kind: 'campaign', settings: { features: {} } });
    const viaLocator = toDiagnostics(fast, findings).map(d => d.range);
    const slow = parse(text);
    slow.tree();
    const viaTree = toDiagnostics(slow, findings).map(d => d.range);
    assert.deepEqual(viaLocator, viaTree, `seed ${SEED + 2}: ${JSON.stringify(text.slice(0, 200))}`);
    compared++;
  }
  assert.ok(compared > 0);
});

test(`fuzz: the server answers every request about mutants (seed ${SEED}, ${SECONDS}s)`, async () => {
  const r = new Random(SEED + 1);
  const base = seeds();
  const client = await LspClient.start({ pull: true });
  const caps = client.initializeResult?.capabilities ?? {};
  const unhandled: string[] = [];
  client.child.on('exit', code => { if (code !== 0 && code !== null) unhandled.push(`server exited with ${code}`); });
  try {
    const uri = 'file:///fuzz/doc.campaign.json';
    let text = base[0];
    await client.open(uri, text);
    const until = Date.now() + (SECONDS * 1000) / 2;
    let n = 0;
    while (Date.now() < until) {
      text = mutate(r, r.pick(base));
      await client.replaceAll(uri, text);
      const report = await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
      const items = (report as { items?: Diagnostic[] }).items ?? [];
      assertInside(text, items.map(d => d.range), `seed ${SEED + 1}, mutant ${n}`);
      const lens = lineLengths(text);
      const line = r.int(lens.length);
      const position = { line, character: r.int(lens[line] + 1) };
      const pending: Array<Promise<unknown>> = [];
      if (caps.completionProvider) pending.push(client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position }));
      if (caps.hoverProvider) pending.push(client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position }));
      if (caps.documentSymbolProvider) pending.push(client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }));
      if (caps.foldingRangeProvider) pending.push(client.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } }));
      if (caps.documentFormattingProvider) pending.push(client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }));
      if (caps.codeActionProvider && items.length) pending.push(client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: items[0].range, context: { diagnostics: [items[0]] } }));
      await Promise.all(pending);
      n++;
    }
    assert.ok(n > 0);
    const stderr = client.stderr.join('');
    assert.doesNotMatch(stderr, /unhandled rejection|uncaught/i, stderr.slice(-2000));
  } finally {
    const code = await client.stop();
    assert.deepEqual(unhandled, []);
    assert.equal(code, 0, `the server must exit cleanly; stderr: ${client.stderr.join('').slice(-1000)}`);
  }
});
