import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as jsonc from 'jsonc-parser';
import { formatHunks } from '../../src/language/streamedFormat';
import { generateCampaign } from '../../../../bench/generate';

/**
 * The streamed formatter gives jsonc-parser's `format` text, rule for rule: on random text made
 * of JSON's pieces (broken strings, comments, stray brackets, CR and CRLF) and on a campaign,
 * whole or a range, with spaces or tabs, with or without a final new line. The seed is fixed so
 * a failure reproduces; `FORMATTER_SEED` explores others.
 */

const SEED = Number(process.env.FORMATTER_SEED ?? 20261127);
const RUNS = 3_000;
const PIECES = [
  '{',
  '}',
  '[',
  ']',
  '"a"',
  '"b":',
  '"',
  '\\',
  ',',
  ':',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '1',
  '-2.5',
  'true',
  'null',
  'x',
  '// c\n',
  '/* c */',
  '/*',
  '//',
];
const UNLIMITED = { maxLength: Infinity, maxTokens: Infinity };

interface Options {
  tabSize: number;
  insertSpaces: boolean;
  eol: string;
  insertFinalNewline: boolean;
}

function ours(text: string, range: jsonc.Range | undefined, o: Options): string {
  const { hunks } = formatHunks(text, range, { ...o, ...UNLIMITED });
  return jsonc.applyEdits(
    text,
    hunks.map(h => ({ offset: h.start, length: h.end - h.start, content: h.newText })),
  );
}

function theirs(text: string, range: jsonc.Range | undefined, o: Options): string {
  return jsonc.applyEdits(text, jsonc.format(text, range, { ...o, keepLines: false }));
}

const options = fc.record({
  tabSize: fc.integer({ min: 1, max: 8 }),
  insertSpaces: fc.boolean(),
  eol: fc.constantFrom('\n', '\r\n'),
  insertFinalNewline: fc.boolean(),
});
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map(p => p.join(''));

test(`the streamed formatter gives jsonc-parser's text on random pieces (seed ${SEED}, ${RUNS} runs)`, () => {
  fc.assert(
    fc.property(text, options, fc.nat(), fc.nat(), (t, o, a, b) => {
      assert.equal(ours(t, undefined, o), theirs(t, undefined, o), 'whole text');
      const start = t.length ? a % t.length : 0;
      const range = { offset: start, length: t.length ? b % (t.length - start + 1) : 0 };
      assert.equal(ours(t, range, o), theirs(t, range, o), `range ${JSON.stringify(range)}`);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test("the streamed formatter gives jsonc-parser's text on a campaign, minified, indented or in part", () => {
  const pretty = generateCampaign({ bytes: 30_000 });
  const o = { tabSize: 4, insertSpaces: true, eol: '\n', insertFinalNewline: true };
  for (const t of [
    pretty,
    JSON.stringify(JSON.parse(pretty)),
    pretty.replace(/\n/g, '\r\n'),
    pretty.replace('"channel"', '// note\n"channel"'),
  ]) {
    assert.equal(ours(t, undefined, o), theirs(t, undefined, o));
    const range = { offset: 500, length: 2_000 };
    assert.equal(ours(t, range, o), theirs(t, range, o));
  }
});
