import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lint, LintOptions } from '../helpers/lint';
import { RULES, ruleHref } from '../../src/rules/catalog';

/**
 * docs/rules.md is generated from the catalogue and scripts/rule-docs-data.mjs, and kept in the
 * repository: it must be current, have a section for every rule at the anchor diagnostics link
 * to, and every example in it must really break its rule.
 */

const root = path.resolve(__dirname, '../../../..');

interface RuleDoc {
  doc?: unknown; text?: string; kind?: LintOptions['kind']; settings?: LintOptions['settings'];
  remote?: LintOptions['remote']; purpose?: LintOptions['purpose']; context?: string; fix: string;
}
interface Generator { render(): string; readmeSection(): string; DOCS_FILE: string }

async function load(): Promise<{ gen: Generator; docs: Record<string, RuleDoc> }> {
  const gen = await import(pathToFileURL(path.join(root, 'scripts/gen-rule-docs.mjs')).href) as Generator;
  const data = await import(pathToFileURL(path.join(root, 'scripts/rule-docs-data.mjs')).href) as { RULE_DOCS: Record<string, RuleDoc> };
  return { gen, docs: data.RULE_DOCS };
}

test('docs/rules.md is what the generator writes (run `npm run build` after changing rules)', async () => {
  const { gen } = await load();
  assert.equal(fs.readFileSync(path.join(root, 'docs/rules.md'), 'utf8'), gen.render());
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

test('every documented example breaks its rule', async () => {
  const { docs } = await load();
  const problems: string[] = [];
  for (const r of RULES) {
    const d = docs[r.id];
    const got = lint(d.text ?? (d.doc as object), { kind: d.kind, settings: d.settings, remote: d.remote, purpose: d.purpose }).filter(g => g.rule === r.id);
    if (got.length === 0) problems.push(`${r.id}: the example in scripts/rule-docs-data.mjs does not report ${r.id}`);
  }
  assert.deepEqual(problems, []);
});

test('the README lists every rule with a link to its documentation', async () => {
  const { gen } = await load();
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('<!-- section:rules -->'), readme.indexOf('<!-- /section:rules -->'));
  assert.ok(section.includes(gen.readmeSection()), 'README rules section is stale: run `node scripts/gen-rule-docs.mjs --readme`');
  for (const r of RULES) assert.ok(section.includes(`[${r.id}](docs/rules.md#${r.id.toLowerCase()})`), r.id);
});
