import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { globSync } from 'tinyglobby';
import {
  CodeAction,
  Diagnostic,
  DocumentSymbol,
  FoldingRange,
  LSPErrorCodes,
  Range,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { generateCampaign } from '../../../../bench/generate';
import { rawServer, RawServer, Response } from '../helpers/rawServer';
import { MAX_DOCUMENT_CHARS } from '../../src/context';
import { lint } from '../../../core/test/helpers/lint';
import { mutate, Random } from './mutate';
import { badFrame, special, SpecialInput } from './special';
import { parse, PARSE_CACHE_BYTES, ServerStatsRequest, toDiagnostics, validate } from '@campaign-studio/core';

/**
 * Random mutations of valid campaigns, and inputs that broke language servers before (special.ts),
 * fed to the language service and to the real server: nothing crashes, every request is answered
 * without an error, every range lies inside its document, the server stays within a heap ceiling,
 * and badly framed bytes between messages cost those bytes only.
 *
 * The work is set by iteration counts and the randomness by a seed, both printed in each test's
 * name: `CAMPAIGN_FUZZ_SEED=<n>` replays a failure, `CAMPAIGN_FUZZ_ITERATIONS=<n>` sets the count.
 * `npm test` runs a fast subset; `npm run fuzz` runs 50 times as many.
 */

const LONG = process.env.npm_lifecycle_event === 'fuzz';
const ITERATIONS = Number(process.env.CAMPAIGN_FUZZ_ITERATIONS ?? (LONG ? 2_000 : 40));
const SEED = Number(process.env.CAMPAIGN_FUZZ_SEED ?? 20_261_127);
/** The server's heap limit: far above what it needs for these documents, far below a runaway. */
const HEAP_CEILING_MB = 384;

const ROOT = path.resolve(__dirname, '../../../..');

/** The campaign files the mutants start from, relative to the repository: the valid fixtures and the examples, subfolders included. */
function seedFiles(): string[] {
  return globSync(['packages/core/test/fixtures/valid/**/*.campaign.json', 'examples/**/*.campaign.json'], { cwd: ROOT }).sort();
}

function seeds(): string[] {
  const files = seedFiles().map(f => fs.readFileSync(path.join(ROOT, f), 'utf8'));
  return [generateCampaign({ bytes: 3_000 }), generateCampaign({ bytes: 8_000, errors: true }), ...files];
}

test('fuzz: the seeds include the campaigns in the subfolders of examples/', () => {
  const folders = new Set(seedFiles().map(f => path.posix.dirname(f)));
  for (const folder of ['examples/campaigns', 'examples/drafts', 'packages/core/test/fixtures/valid'])
    assert.ok(folders.has(folder), `no seed from ${folder}: ${[...folders].join(', ')}`);
});

function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map(l => l.length);
}

function assertInside(
  text: string,
  ranges: Array<{ start: { line: number; character: number }; end: { line: number; character: number } }>,
  what: string,
): void {
  const lens = lineLengths(text);
  for (const r of ranges) {
    for (const p of [r.start, r.end]) {
      assert.ok(p.line >= 0 && p.line < lens.length, `${what}: line ${p.line} outside 0..${lens.length - 1}`);
      assert.ok(
        p.character >= 0 && p.character <= lens[p.line],
        `${what}: character ${p.character} outside line ${p.line} of length ${lens[p.line]}`,
      );
    }
    assert.ok(
      r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character),
      `${what}: range ends before it starts`,
    );
  }
}

/** A mutant of one of the seeds, or, one time in three, a special input built on one. */
function input(r: Random, base: string[]): SpecialInput {
  if (r.int(3) === 0) return special(r, r.int(2) ? mutate(r, r.pick(base)) : r.pick(base));
  return { name: 'mutant', text: mutate(r, r.pick(base)) };
}

test(`fuzz: the language service survives mutants and special inputs (seed ${SEED}, ${ITERATIONS * 5} inputs)`, () => {
  const r = new Random(SEED);
  const base = seeds();
  for (let n = 0; n < ITERATIONS * 5; n++) {
    const { name, text } = input(r, base);
    let got;
    try {
      got = lint(text);
    } catch (e) {
      assert.fail(
        `seed ${SEED}, input ${n} (${name}): the rule set threw on ${JSON.stringify(text.slice(0, 300))}: ${e instanceof Error ? e.stack : e}`,
      );
    }
    assertInside(
      text,
      got.map(g => g.range),
      `seed ${SEED}, input ${n} (${name})`,
    );
  }
});

test(`fuzz: the guided locator and the position tree give the same ranges (seed ${SEED + 2}, ${ITERATIONS * 5} mutants)`, () => {
  const r = new Random(SEED + 2);
  const base = seeds();
  let compared = 0;
  for (let n = 0; n < ITERATIONS * 5; n++) {
    const text = mutate(r, r.pick(base));
    const fast = parse(text);
    if (!fast.strict) continue;
    const findings = validate(fast, { kind: 'campaign', settings: { features: {} } });
    const viaLocator = toDiagnostics(fast, findings).map(d => d.range);
    const slow = parse(text);
    slow.tree();
    const viaTree = toDiagnostics(slow, findings).map(d => d.range);
    assert.deepEqual(viaLocator, viaTree, `seed ${SEED + 2}, mutant ${n}: ${JSON.stringify(text.slice(0, 200))}`);
    compared++;
  }
  assert.ok(compared > 0);
});

/** A random range of the text, start before end. */
function randomRange(r: Random, text: string): Range {
  const lens = lineLengths(text);
  const at = () => {
    const line = r.int(lens.length);
    return { line, character: r.int(lens[line] + 1) };
  };
  const [a, b] = [at(), at()];
  return a.line < b.line || (a.line === b.line && a.character <= b.character) ? { start: a, end: b } : { start: b, end: a };
}

function symbolRanges(symbols: DocumentSymbol[]): Range[] {
  return symbols.flatMap(s => [s.range, s.selectionRange, ...symbolRanges(s.children ?? [])]);
}

function editRanges(edit: WorkspaceEdit | undefined): Range[] {
  const changes = [
    ...Object.values(edit?.changes ?? {}),
    ...(edit?.documentChanges ?? []).map(c => ('edits' in c ? c.edits : []) as TextEdit[]),
  ];
  return changes.flat().map(e => e.range);
}

/** Preflight answers, or, for a document past the size the server checks, refuses it as documented (RequestFailed): a push must not go ahead unchecked. */
function preflightAnswered(res: Response, text: string, what: string): void {
  if (text.length > MAX_DOCUMENT_CHARS)
    assert.equal(
      res.error?.code,
      LSPErrorCodes.RequestFailed,
      `${what}: preflight of ${text.length} characters answered ${JSON.stringify(res.error ?? res.result)}`,
    );
  else assert.equal(res.error, undefined, `${what}: preflight failed: ${JSON.stringify(res.error)}`);
}

/** Every request the server answers about one document, each checked: no error, ranges inside the text. */
async function askEverything(server: RawServer, uri: string, input: SpecialInput, r: Random, what: string): Promise<void> {
  const { text } = input;
  const answered = (res: Response, method: string): unknown => {
    assert.equal(res.error, undefined, `${what}: ${method} failed: ${JSON.stringify(res.error)}`);
    return res.result;
  };
  const textDocument = { uri };
  const report = answered(await server.request('textDocument/diagnostic', { textDocument }), 'diagnostics') as { items?: Diagnostic[] };
  const items = report.items ?? [];
  assertInside(
    text,
    items.map(d => d.range),
    `${what}: diagnostics`,
  );
  const position = randomRange(r, text).start;
  const formatting = { tabSize: r.pick([2, 4]), insertSpaces: r.int(2) === 0 };
  const range = randomRange(r, text);
  const [, , symbols, folding, edits, rangeEdits, actions] = await Promise.all([
    server.request('textDocument/completion', { textDocument, position }).then(res => answered(res, 'completion')),
    server.request('textDocument/hover', { textDocument, position }).then(res => answered(res, 'hover')),
    server.request('textDocument/documentSymbol', { textDocument }).then(res => answered(res, 'symbols') as DocumentSymbol[] | null),
    server.request('textDocument/foldingRange', { textDocument }).then(res => answered(res, 'folding') as FoldingRange[] | null),
    server
      .request('textDocument/formatting', { textDocument, options: formatting })
      .then(res => answered(res, 'formatting') as TextEdit[] | null),
    server
      .request('textDocument/rangeFormatting', { textDocument, range, options: formatting })
      .then(res => answered(res, 'range formatting') as TextEdit[] | null),
    server
      .request('textDocument/codeAction', { textDocument, range: items[0]?.range ?? range, context: { diagnostics: items.slice(0, 1) } })
      .then(res => answered(res, 'code actions') as CodeAction[] | null),
    server.request('campaign/preflight', { textDocument }).then(res => preflightAnswered(res, text, what)),
  ]);
  assertInside(text, symbolRanges(symbols ?? []), `${what}: symbols`);
  const lines = lineLengths(text).length;
  for (const f of folding ?? [])
    assert.ok(
      f.startLine >= 0 && f.startLine <= f.endLine && f.endLine < lines,
      `${what}: folding ${JSON.stringify(f)} outside ${lines} lines`,
    );
  assertInside(
    text,
    [...(edits ?? []), ...(rangeEdits ?? [])].map(e => e.range),
    `${what}: formatting edits`,
  );
  assertInside(
    text,
    (actions ?? []).flatMap(a => editRanges(a.edit)),
    `${what}: code action edits`,
  );
}

test(`fuzz: the server answers every request about mutants and special inputs, under a ${HEAP_CEILING_MB} MB heap (seed ${SEED + 1}, ${ITERATIONS} inputs)`, {
  timeout: LONG ? Infinity : 300_000,
}, async () => {
  const r = new Random(SEED + 1);
  const base = seeds();
  const server = rawServer([`--max-old-space-size=${HEAP_CEILING_MB}`]);
  try {
    await server.request('initialize', {
      processId: null,
      rootUri: null,
      capabilities: { textDocument: { diagnostic: {}, documentSymbol: { hierarchicalDocumentSymbolSupport: true } } },
    });
    server.notify('initialized', {});
    const uri = 'file:///fuzz/doc.campaign.json';
    server.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'campaign-json', version: 1, text: base[0] } });
    for (let n = 0; n < ITERATIONS; n++) {
      const next = input(r, base);
      const frame = n % 4 === 3 ? badFrame(r) : undefined;
      const what = `seed ${SEED + 1}, input ${n} (${next.name}${frame ? `, after ${frame.name}` : ''})`;
      if (frame) server.write(frame.bytes);
      server.notify('textDocument/didChange', { textDocument: { uri, version: n + 2 }, contentChanges: [{ text: next.text }] });
      await askEverything(server, uri, next, r, what).catch(e => assert.fail(`${what}: ${e instanceof Error ? e.message : e}`));
    }
    const stats = (await server.request(ServerStatsRequest.method)).result as ServerStatsRequest.Result;
    assert.equal(
      stats.heapLimit <= (HEAP_CEILING_MB + 64) * 1024 * 1024,
      true,
      `the server ran under the ceiling: its heap limit is ${stats.heapLimit}`,
    );
    assert.ok(stats.parseCacheBytes <= PARSE_CACHE_BYTES, `the parse cache holds ${stats.parseCacheBytes} bytes`);
    assert.equal(server.answered(999_999), false, 'a badly framed message is never acted on');
    assert.doesNotMatch(server.stderr.join(''), /unhandled rejection|uncaught/i, server.stderr.join('').slice(-2000));
  } finally {
    const code = await server.stop();
    assert.equal(code, 0, `the server must exit cleanly; stderr: ${server.stderr.join('').slice(-1000)}`);
  }
});
