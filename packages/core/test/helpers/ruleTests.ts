import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, LintOptions, Got } from './lint';

/**
 * The table form every rule test uses:
 *
 *   ruleTests('H2', {
 *     breaks: [{ name, document, expect: [{ severity, path, range?: [line, ch, line, ch], message?: /re/ }] }],
 *     satisfies: [{ name, document }],
 *   });
 *
 * A `breaks` case asserts that the rule reports exactly the expected diagnostics (rule id,
 * severity, pointer, and the range when given). A `satisfies` case asserts the rule reports
 * nothing. `test/rules/catalog.test.ts` checks that every rule of the catalogue has both.
 */

export interface Expected {
  severity: Got['severity'];
  path: string;
  /** 0-based [startLine, startChar, endLine, endChar]. */
  range?: [number, number, number, number];
  message?: RegExp;
}

export interface BreakCase extends LintOptions {
  name: string;
  document: string | object;
  expect: Expected[];
}
export interface PassCase extends LintOptions {
  name: string;
  document: string | object;
}

export function ruleTests(rule: string, cases: { breaks: BreakCase[]; satisfies: PassCase[] }): void {
  for (const c of cases.breaks) {
    test(`${rule} breaks: ${c.name}`, () => {
      const got = lint(c.document, c).filter(g => g.rule === rule);
      const show = JSON.stringify(
        got.map(g => ({ severity: g.severity, path: g.path, range: g.range, message: g.message })),
        null,
        1,
      );
      assert.equal(got.length, c.expect.length, `expected ${c.expect.length} ${rule} diagnostics, got ${got.length}: ${show}`);
      const sorted = [...got].sort((a, b) => a.path.localeCompare(b.path) || a.severity.localeCompare(b.severity));
      const want = [...c.expect].sort((a, b) => a.path.localeCompare(b.path) || a.severity.localeCompare(b.severity));
      want.forEach((w, i) => {
        const g = sorted[i];
        assert.equal(g.path, w.path, `path; got ${show}`);
        assert.equal(g.severity, w.severity, `severity of ${w.path}`);
        if (w.range)
          assert.deepEqual(
            [g.range.start.line, g.range.start.character, g.range.end.line, g.range.end.character],
            w.range,
            `range of ${w.path}`,
          );
        if (w.message) assert.match(g.message, w.message);
      });
    });
  }
  for (const c of cases.satisfies) {
    test(`${rule} satisfies: ${c.name}`, () => {
      const got = lint(c.document, c).filter(g => g.rule === rule);
      assert.deepEqual(
        got.map(g => `${g.path}: ${g.message}`),
        [],
      );
    });
  }
}
