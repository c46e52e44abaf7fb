import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/language/parse';
import { validate } from '../../src/language/validate';
import { rangesFor } from '../../src/language/ranges';
import { applyTextEdits, codeActions, FIX_ALL_KIND, FixAllData, findingsInRange, resolveFixAll } from '../../src/language/codeActions';
import { bodyText, expandSnippet, SKELETON_SNIPPETS } from '../../src/language/snippets';
import { Finding, WorkspaceSettings } from '../../src/model/types';

/**
 * A code action request at one line computes the fixes of the diagnostics there and nothing
 * else: a file with a thousand unknown keys answers as fast as a file with one.
 */

const URI = 'file:///w/keys.campaign.json';
const SETTINGS = { features: {} } as WorkspaceSettings;

/** A valid one-time push campaign with `n` unknown keys in `basic_details` (rule D7, each with a fix). */
function unknownKeys(n: number): string {
  const doc = JSON.parse(expandSnippet(bodyText(SKELETON_SNIPPETS.find(s => s.name === 'Push campaign: one-time')!)));
  for (let i = 0; i < n; i++) doc.basic_details[`unknown_${i}`] = i;
  return JSON.stringify(doc, null, 2);
}

function lineOf(text: string, needle: string): { start: { line: number; character: number }; end: { line: number; character: number } } {
  const lines = text.split('\n');
  const line = lines.findIndex(l => l.includes(needle));
  return { start: { line, character: 0 }, end: { line, character: lines[line].length } };
}

/** The findings, each counting how often its own fixes are read (the first step of computing its fixes). */
function counted(findings: Finding[]): { findings: Finding[]; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const wrapped = findings.map(f => {
    const { fixes, ...rest } = f;
    return Object.defineProperty({ ...rest }, 'fixes', {
      enumerable: true,
      get: () => {
        reads.set(f.path, (reads.get(f.path) ?? 0) + 1);
        return fixes;
      },
    }) as Finding;
  });
  return { findings: wrapped, reads };
}

test('findingsInRange keeps the findings whose diagnostics overlap the range, in order', () => {
  const text = unknownKeys(50);
  const parsed = parse(text);
  const findings = validate(parsed, { kind: 'campaign', settings: SETTINGS });
  const here = findingsInRange(parsed, findings, lineOf(text, '"unknown_17"'));
  assert.deepEqual(
    here.map(f => f.path),
    ['/basic_details/unknown_17'],
  );
  const lines = { start: lineOf(text, '"unknown_3"').start, end: { line: lineOf(text, '"unknown_5"').start.line, character: 5 } };
  assert.deepEqual(
    findingsInRange(parsed, findings, lines, rangesFor(parsed, findings)).map(f => f.path),
    ['/basic_details/unknown_3', '/basic_details/unknown_4', '/basic_details/unknown_5'],
  );
  assert.deepEqual(findingsInRange(parsed, findings, lineOf(text, '"channel"')), []);
});

test('a quick-fix request at one line of 1,600 unknown keys computes the fixes of that line only', () => {
  const text = unknownKeys(1600);
  const parsed = parse(text);
  const { findings, reads } = counted(validate(parsed, { kind: 'campaign', settings: SETTINGS }));
  assert.equal(findings.filter(f => f.rule === 'D7').length, 1600);
  const actions = codeActions({
    uri: URI,
    parsed,
    kind: 'campaign',
    settings: SETTINGS,
    findings,
    range: lineOf(text, '"unknown_800"'),
    resolveLater: true,
    version: 3,
  });
  assert.deepEqual([...reads.keys()], ['/basic_details/unknown_800'], 'only the fixes of the finding at that line were computed');
  assert.deepEqual(
    actions.map(a => a.title),
    ['Remove `unknown_800`'],
  );
  const after = JSON.parse(applyTextEdits(parsed, actions[0].edit!.changes![URI]));
  assert.equal(after.basic_details.unknown_800, undefined);
  assert.equal(after.basic_details.unknown_799, 799);
});

/** Unknown keys, and two filter operators in capitals (rule F1, whose fix is preferred). */
function twoOperators(): string {
  const doc = JSON.parse(unknownKeys(30));
  doc.segmentation_details = {
    included_filters: { filter_operator: 'AND', filters: [{ filter_type: 'custom_segments', name: 'A', id: '1' }] },
    excluded_filters: { filter_operator: 'OR', filters: [{ filter_type: 'custom_segments', name: 'B', id: '2' }] },
  };
  return JSON.stringify(doc, null, 2);
}

test('fix-all is offered with data for resolve, and resolving fixes every finding', () => {
  const text = twoOperators();
  const parsed = parse(text);
  const findings = validate(parsed, { kind: 'campaign', settings: SETTINGS });
  const input = { uri: URI, parsed, kind: 'campaign' as const, settings: SETTINGS, findings };
  const [lazy] = codeActions({ ...input, range: lineOf(text, '"channel"'), only: ['source'], resolveLater: true, version: 7 });
  assert.equal(lazy.kind, FIX_ALL_KIND);
  assert.equal(lazy.edit, undefined);
  assert.deepEqual(lazy.data, { uri: URI, version: 7 });
  const fixed = JSON.parse(applyTextEdits(parsed, resolveFixAll(input, lazy.data as FixAllData)));
  assert.deepEqual(
    [fixed.segmentation_details.included_filters.filter_operator, fixed.segmentation_details.excluded_filters.filter_operator],
    ['and', 'or'],
  );
  assert.equal(fixed.basic_details.unknown_3, 3, "a removal is the author's choice, never made by fix-all");
  const quick = codeActions({ ...input, range: lineOf(text, '"AND"'), resolveLater: true, version: 7 });
  const rule = quick.find(a => a.title === 'Fix all F1 problems in this file');
  assert.deepEqual(rule?.data, { uri: URI, version: 7, rule: 'F1' });
  assert.equal(rule?.edit, undefined);
  const ruleFixed = JSON.parse(applyTextEdits(parsed, resolveFixAll(input, rule.data as FixAllData)));
  assert.equal(ruleFixed.segmentation_details.excluded_filters.filter_operator, 'or');
  const [eager] = codeActions({ ...input, range: lineOf(text, '"channel"'), only: ['source.fixAll'] });
  assert.deepEqual(eager.edit?.changes?.[URI], resolveFixAll(input, {}), 'a client without resolve gets the same edit at once');
  assert.deepEqual(
    codeActions({ ...input, range: lineOf(text, '"AND"') }).map(a => a.title),
    ['Change to `and`'],
    'without resolve, no whole-file action among the quick fixes',
  );
});

test('a fix on a value deep in the file gives the edit the whole text would give', () => {
  const text = unknownKeys(5).replace(/\n/g, '\r\n');
  const parsed = parse(text);
  const findings = validate(parsed, { kind: 'campaign', settings: SETTINGS });
  const [removal] = codeActions({ uri: URI, parsed, kind: 'campaign', settings: SETTINGS, findings, range: lineOf(text, '"unknown_2"') });
  const after = applyTextEdits(parsed, removal.edit!.changes![URI]);
  const expected = JSON.parse(text);
  delete expected.basic_details.unknown_2;
  assert.equal(after, JSON.stringify(expected, null, 2).replace(/\n/g, '\r\n'));
});

test("ranges of many findings in one object are each its own key's, an escaped key's included", () => {
  const doc = JSON.parse(unknownKeys(20));
  doc.basic_details['un\u00e9scaped "q"'] = 1;
  const text = JSON.stringify(doc, null, 2);
  const parsed = parse(text);
  const findings = validate(parsed, { kind: 'campaign', settings: SETTINGS }).filter(f => f.rule === 'D7');
  assert.equal(findings.length, 21);
  const lines = text.split('\n');
  rangesFor(parsed, findings).forEach((r, i) => {
    const key = JSON.stringify(findings[i].path.split('/').pop()!.replace(/~1/g, '/').replace(/~0/g, '~'));
    assert.equal(lines[r.start.line].slice(r.start.character, r.end.character), key);
  });
});
