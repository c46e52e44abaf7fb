import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULE_GROUPS, RULES, ruleDefinition } from '../../src/rules/catalog';

/**
 * The rule catalogue and the tests agree: every rule of the catalogue has a `ruleTests('<id>', …)`
 * table with at least one `breaks` and one `satisfies` case, and every rule id that a schema
 * (`x-rule`, `x-unknown-rule`) or a rule function declares is in the catalogue. The tables are
 * read from the source, so a rule cannot count as tested by a table that does not exist.
 */

const root = path.resolve(__dirname, '../../../..');
const CATALOG = new Set(RULES.map(r => r.id));

// ---- a small scanner for TypeScript source: enough to find balanced brackets past strings,
// template literals, comments and regular expression literals.

/** Index just past the string, template or regex literal starting at `i`. */
function skipLiteral(src: string, i: number): number {
  const q = src[i];
  let j = i + 1;
  if (q === '`') {
    while (j < src.length && src[j] !== '`') {
      if (src[j] === '\\') j += 2;
      else if (src[j] === '$' && src[j + 1] === '{') j = matchBracket(src, j + 1) + 1;
      else j++;
    }
    return j + 1;
  }
  if (q === '/') {
    let inClass = false;
    while (j < src.length && src[j] !== '\n') {
      if (src[j] === '\\') {
        j += 2;
        continue;
      }
      if (src[j] === '[') inClass = true;
      else if (src[j] === ']') inClass = false;
      else if (src[j] === '/' && !inClass) break;
      j++;
    }
    j++;
    while (/[a-z]/i.test(src[j] ?? '')) j++;
    return j;
  }
  while (j < src.length && src[j] !== q) j += src[j] === '\\' ? 2 : 1;
  return j + 1;
}

/** Whether a `/` at `i` starts a regex literal (rather than a division), from the character before it. */
function regexAt(src: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && /\s/.test(src[k])) k--;
  return k < 0 || '(,=:[!&|?{};'.includes(src[k]);
}

/** Index of the bracket that closes the one at `open`. */
function matchBracket(src: string, open: number): number {
  const stack: string[] = [];
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  let i = open;
  while (i < src.length) {
    const ch = src[i];
    if (ch === '/' && src[i + 1] === '/') {
      i = src.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (ch === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i) + 2;
      if (i < 2) break;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`' || (ch === '/' && regexAt(src, i))) {
      i = skipLiteral(src, i);
      continue;
    }
    if (pairs[ch]) stack.push(pairs[ch]);
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (stack.pop() !== ch) throw new Error(`unbalanced ${ch} at ${i}`);
      if (stack.length === 0) return i;
    }
    i++;
  }
  throw new Error(`no closing bracket for the one at ${open}`);
}

/** Whether an array literal (the text between its brackets) has at least one element. */
function hasElement(inner: string): boolean {
  return (
    inner
      .replace(/\/\/.*$/gm, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim().length > 0
  );
}

/** The top-level `key: value` (or shorthand `key`) of an object literal, as the text of the value. */
function property(objectText: string, key: string): string | undefined {
  const inner = objectText.slice(1, -1);
  let i = 0;
  while (i < inner.length) {
    const ch = inner[i];
    if (ch === '/' && inner[i + 1] === '/') {
      const e = inner.indexOf('\n', i);
      i = e < 0 ? inner.length : e;
      continue;
    }
    if (ch === '/' && inner[i + 1] === '*') {
      const e = inner.indexOf('*/', i + 2);
      i = e < 0 ? inner.length : e + 2;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`' || (ch === '/' && regexAt(inner, i))) {
      i = skipLiteral(inner, i);
      continue;
    }
    if (ch === '(' || ch === '[' || ch === '{') {
      i = matchBracket(inner, i) + 1;
      continue;
    }
    if (inner.startsWith(key, i) && !/[\w$]/.test(inner[i - 1] ?? '') && !/[\w$]/.test(inner[i + key.length] ?? '')) {
      let j = i + key.length;
      while (/\s/.test(inner[j] ?? '')) j++;
      if (inner[j] === ':') {
        j++;
        while (/\s/.test(inner[j] ?? '')) j++;
        const end = /[[{(]/.test(inner[j]) ? matchBracket(inner, j) + 1 : j + (/^[\w$.]+/.exec(inner.slice(j))?.[0].length ?? 0);
        return inner.slice(j, end);
      }
      if (inner[j] === ',' || j >= inner.length) return key;
    }
    i++;
  }
  return undefined;
}

/** The cases of a `breaks` / `satisfies` value: an array literal, or a `const` array of the same file. */
function nonEmptyCases(value: string | undefined, src: string): boolean {
  if (!value) return false;
  if (value.startsWith('[')) return hasElement(value.slice(1, -1));
  const decl = new RegExp(`(?:const|let)\\s+${value.replace(/[.$]/g, '\\$&')}\\s*(?::[^=]+)?=\\s*\\[`).exec(src);
  if (!decl) return false;
  const open = decl.index + decl[0].length - 1;
  return hasElement(src.slice(open + 1, matchBracket(src, open)));
}

interface Table {
  id: string;
  file: string;
  breaks: boolean;
  satisfies: boolean;
}

function ruleTables(file: string, src: string): Table[] {
  const out: Table[] = [];
  const call = /\bruleTests\(\s*(['"`])([^'"`]+)\1\s*,\s*/g;
  for (let m = call.exec(src); m; m = call.exec(src)) {
    const open = m.index + m[0].length;
    if (src[open] !== '{') {
      out.push({ id: m[2], file, breaks: false, satisfies: false });
      continue;
    }
    const obj = src.slice(open, matchBracket(src, open) + 1);
    out.push({
      id: m[2],
      file,
      breaks: nonEmptyCases(property(obj, 'breaks'), src),
      satisfies: nonEmptyCases(property(obj, 'satisfies'), src),
    });
  }
  return out;
}

function allTables(): Table[] {
  const dir = path.join(root, 'packages', 'core', 'test', 'rules');
  return fs
    .readdirSync(dir)
    .filter(f => f.endsWith('.test.ts') && f !== path.basename(__filename))
    .sort()
    .flatMap(f => ruleTables(`test/rules/${f}`, fs.readFileSync(path.join(dir, f), 'utf8')));
}

test('catalogue: the scanner reads tables the way they are written', () => {
  const src = [
    "const cases = [{ name: 'x', document: {} }];",
    "ruleTests('X1', { breaks: [{ name: 'a (', document: '{', expect: [{ severity: 'error', path: '', message: /\\(unclosed [(]/ }] }], satisfies: cases });",
    "ruleTests('X2', { breaks: [], satisfies: [/* none */] });",
    "ruleTests('X3', { satisfies: [{ name: `t ${'}'}`, document: {} }], breaks: nowhere });",
  ].join('\n');
  assert.deepEqual(
    ruleTables('t.ts', src).map(t => [t.id, t.breaks, t.satisfies]),
    [
      ['X1', true, true],
      ['X2', false, false],
      ['X3', false, true],
    ],
  );
});

test('catalogue: every rule has a ruleTests table with a breaking and a satisfying case', () => {
  const tables = allTables();
  const missing: string[] = [];
  for (const { id } of RULES) {
    const mine = tables.filter(t => t.id === id);
    if (!mine.length) missing.push(`${id}: no ruleTests('${id}', …) table`);
    else if (!mine.some(t => t.breaks)) missing.push(`${id}: no breaks case (${mine.map(t => t.file).join(', ')})`);
    else if (!mine.some(t => t.satisfies)) missing.push(`${id}: no satisfies case (${mine.map(t => t.file).join(', ')})`);
  }
  assert.deepEqual(missing, [], `rules without a complete table:\n${missing.join('\n')}`);
});

test('catalogue: every ruleTests table names a rule of the catalogue', () => {
  const unknown = allTables()
    .filter(t => !CATALOG.has(t.id))
    .map(t => `${t.id} in ${t.file}`);
  assert.deepEqual(unknown, []);
});

test('catalogue: every rule function reports rules defined in its own module', () => {
  const strays = RULE_GROUPS.flatMap(g =>
    g.checks
      .flatMap(c => c.ids)
      .filter(id => !g.rules.some(r => r.id === id))
      .map(id => `${id} (${g.section})`),
  );
  assert.deepEqual(strays, []);
});

test('catalogue: every x-rule of the compiled schemas is in the catalogue', () => {
  const file = path.join(root, 'packages', 'core', 'src', 'generated', 'ruleTable.json');
  assert.ok(fs.existsSync(file), 'packages/core/src/generated/ruleTable.json is missing: run `npm run build` first');
  const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { rule?: string; unknownRule?: string }>;
  const used = Object.entries(table).flatMap(([at, e]) =>
    [e.rule, e.unknownRule].filter((id): id is string => !!id).map(id => ({ at, id })),
  );
  assert.ok(used.length > 0, 'the rule table lists the x-rule annotations');
  const unknown = used.filter(u => !CATALOG.has(u.id)).map(u => `${u.id} at ${u.at}`);
  assert.deepEqual(unknown, []);
});

test('schemas: every x-messages names a message of its rule, and every rule message is named', () => {
  const dir = path.join(root, 'packages', 'core', 'schemas');
  const files = [
    ...fs.readdirSync(dir).map(f => path.join(dir, f)),
    ...fs.readdirSync(path.join(dir, 'components')).map(f => path.join(dir, 'components', f)),
  ].filter(f => f.endsWith('.schema.json'));
  const problems: string[] = [];
  const named = new Set<string>();
  // The rule of a node is its own x-rule or its nearest ancestor's, as schemaErrors.ts finds it.
  const walk = (node: unknown, at: string, rule: string | undefined): void => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => walk(n, `${at}/${i}`, rule));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    const own = typeof n['x-rule'] === 'string' ? n['x-rule'] : rule;
    for (const [keyword, name] of Object.entries((n['x-messages'] ?? {}) as Record<string, string>)) {
      if (own && ruleDefinition(own)?.messages?.[name] !== undefined) named.add(`${own}.${name}`);
      else problems.push(`${at}: x-messages.${keyword} names "${name}", which rule ${own} does not define`);
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples' || k === 'defaultSnippets' || k.startsWith('x-')) continue;
      walk(v, `${at}/${k}`, own);
    }
  };
  for (const f of files) walk(JSON.parse(fs.readFileSync(f, 'utf8')), `${path.relative(root, f)}#`, undefined);
  for (const r of RULE_GROUPS.flatMap(g => g.rules)) {
    for (const name of Object.keys(r.messages ?? {}))
      if (!named.has(`${r.id}.${name}`)) problems.push(`${r.id}: message "${name}" is named by no schema`);
  }
  assert.deepEqual(problems, [], problems.join('\n'));
});

test('catalogue: ids are unique and severities agree with the E / W / I column', () => {
  const ids = RULES.map(r => r.id);
  assert.deepEqual(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    [],
  );
  const word: Record<string, string> = { E: 'error', W: 'warning', I: 'information' };
  for (const r of RULES) {
    const first = r.sev.split('/')[0].trim();
    if (word[first]) assert.equal(r.severity, word[first], r.id);
  }
});

test('schemas: every property has a markdownDescription, every enum its enumDescriptions (hovers and completions read them)', () => {
  const dir = path.join(root, 'packages', 'core', 'schemas');
  const files = [
    ...fs.readdirSync(dir).map(f => path.join(dir, f)),
    ...fs.readdirSync(path.join(dir, 'components')).map(f => path.join(dir, 'components', f)),
  ].filter(f => f.endsWith('.schema.json'));
  const problems: string[] = [];
  // Conditions (`if`) and the branches that refine a property declared elsewhere (`then`, `else`)
  // are not where a property is documented; their enums still need descriptions.
  const walk = (node: unknown, at: string, refining = false): void => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => walk(n, `${at}/${i}`, refining));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (Array.isArray(n.enum)) {
      const d = n.enumDescriptions ?? n.markdownEnumDescriptions;
      if (!Array.isArray(d) || d.length !== n.enum.length) problems.push(`${at}: enum without one description per value`);
    }
    if (!refining && n.properties && typeof n.properties === 'object') {
      for (const [k, p] of Object.entries(n.properties as Record<string, unknown>)) {
        if (p && typeof p === 'object' && !(p as Record<string, unknown>).markdownDescription && !(p as Record<string, unknown>).$ref)
          problems.push(`${at}/properties/${k}: no markdownDescription`);
      }
    }
    for (const [k, v] of Object.entries(n)) {
      if (
        k === 'if' ||
        k === 'enum' ||
        k === 'const' ||
        k === 'default' ||
        k === 'examples' ||
        k === 'defaultSnippets' ||
        k.startsWith('x-')
      )
        continue;
      walk(v, `${at}/${k}`, refining || k === 'then' || k === 'else');
    }
  };
  for (const f of files) walk(JSON.parse(fs.readFileSync(f, 'utf8')), `${path.relative(root, f)}#`);
  assert.deepEqual(problems, [], problems.join('\n'));
});
