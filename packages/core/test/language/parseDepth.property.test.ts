import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as jsonc from 'jsonc-parser';
import { parse } from '../../src/language/parse';

/**
 * The nesting guard measures depth on the tokens jsonc-parser's scanner reads, the scanner the
 * formatter and the recovering parser run on: random text around a run of 520 `[` is too deep
 * exactly when the scanner meets more than 512 open brackets. The seed is fixed so a failure
 * reproduces; `PARSE_DEPTH_SEED` explores others.
 */

const SEED = Number(process.env.PARSE_DEPTH_SEED ?? 20261127);
const RUNS = 2_000;
const PIECES = ['{', '}', '[', ']', '"', '\\', '\\"', '\n', '\r', '\r\n', '//', '/*', '*/', '/', ',', ':', 'a', ' ', '1'];

/** The deepest nesting jsonc-parser's scanner meets, a close never going below the top level. */
function scannerDepth(text: string): number {
  const scanner = jsonc.createScanner(text, true);
  let depth = 0;
  let max = 0;
  for (let t = scanner.scan(); t !== jsonc.SyntaxKind.EOF; t = scanner.scan()) {
    if (t === jsonc.SyntaxKind.OpenBraceToken || t === jsonc.SyntaxKind.OpenBracketToken) max = Math.max(max, ++depth);
    else if (t === jsonc.SyntaxKind.CloseBraceToken || t === jsonc.SyntaxKind.CloseBracketToken) depth = Math.max(0, depth - 1);
  }
  return max;
}

const around = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map(p => p.join(''));

test(`the depth guard agrees with jsonc-parser's scanner (seed ${SEED}, ${RUNS} runs)`, () => {
  fc.assert(
    fc.property(around, around, (before, after) => {
      const text = before + '['.repeat(520) + after;
      assert.equal(parse(text).tooDeep, scannerDepth(text) > 512, JSON.stringify(before + '[…' + after));
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test('an unterminated string ends at its line, so the brackets on the next line count', () => {
  for (const eol of ['\n', '\r\n', '\r']) {
    const parsed = parse(`{"a": "x${eol}${'['.repeat(20_000)}`);
    assert.equal(parsed.tooDeep, true, JSON.stringify(eol));
    assert.match(parsed.syntax[0].message, /nests 20001 levels deep/);
  }
  assert.equal(parse(`{"a": "x\\\n${'['.repeat(600)}`).tooDeep, false, 'an escaped line break continues the string');
  assert.equal(parse(`{// note\r${'['.repeat(600)}`).tooDeep, true, 'a line comment ends at a lone \\r');
});
