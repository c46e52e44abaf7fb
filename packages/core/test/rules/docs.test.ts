import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lint } from '../helpers/lint';
import { RULE_GROUPS, RULES, ruleHref } from '../../src/rules/catalog';

/**
 * docs/rules.md is generated from the rule definitions, and kept in the repository: it must be
 * current, have a section for every rule at the anchor diagnostics link to, and every example in
 * it must really break its rule.
 */

const root = path.resolve(__dirname, '../../../..');

interface Generator {
  outputs(): Array<{ file: string; text: string }>;
}

async function load(): Promise<Generator> {
  return (await import(pathToFileURL(path.join(root, 'scripts/gen-rule-docs.mjs')).href)) as Generator;
}

test('the generated files are committed as the generator renders them', async () => {
  const gen = await load();
  for (const { file, text } of gen.outputs()) {
    const name = path.relative(root, file);
    const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    assert.ok(
      committed === text,
      `${name} is not what scripts/gen-rule-docs.mjs renders from the rules: run \`npm run generate\` and commit the result`,
    );
  }
});

test('docs/rules.md has a section for every rule, at the anchor diagnostics link to', () => {
  const text = fs.readFileSync(path.join(root, 'docs/rules.md'), 'utf8');
  const headings = new Set([...text.matchAll(/^## (\S+)$/gm)].map(m => m[1].toLowerCase()));
  for (const r of RULES) {
    const anchor = ruleHref(r.id).split('#')[1];
    assert.ok(headings.has(anchor), `no "## ${r.id}" section for ${ruleHref(r.id)}`);
  }
  assert.equal(headings.size, RULES.length);
});

test('every documented example breaks its rule', () => {
  const problems: string[] = [];
  for (const r of RULE_GROUPS.flatMap(g => g.rules)) {
    const d = r.docs;
    const got = lint(d.text ?? (d.doc as object), {
      kind: d.kind,
      settings: d.settings,
      remote: d.remote,
      purpose: d.purpose,
      now: d.now,
    }).filter(g => g.rule === r.id);
    if (got.length === 0) problems.push(`${r.id}: the example of its definition does not report ${r.id}`);
  }
  assert.deepEqual(problems, []);
});

test("docs/rules.md's tables list every rule with a link to its section", () => {
  const text = fs.readFileSync(path.join(root, 'docs/rules.md'), 'utf8');
  const tables = text.slice(0, text.indexOf('\n## '));
  for (const r of RULES) assert.ok(tables.includes(`| [${r.id}](#${r.id.toLowerCase()}) |`), r.id);
});
