// Compiles schemas/ ahead of time into standalone ajv validators, so the server compiles nothing
// at start-up, and extracts the rule annotations (x-rule, x-severity, x-messages) and the known
// property names of closed objects into a table the validation pipeline reads. `x-messages` maps
// a keyword to the name of a message of the node's rule; the text lives in the rule's definition
// (packages/core/src/rules/<group>.ts), where schemaErrors.ts looks it up.
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaDir = path.join(root, 'packages', 'core', 'schemas');
const outDir = path.join(root, 'packages', 'core', 'src', 'generated');

/** The top-level schemas and the export name of each validator. */
export const ENTRIES = {
  campaign: 'campaign.schema.json',
  search: 'search.schema.json',
  campaignrc: 'campaignrc.schema.json',
};

/** Annotation keywords: documentation for hovers and completions, rule identity for diagnostics. */
export const ANNOTATIONS = [
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'defaultSnippets',
  'x-rule',
  'x-severity',
  'x-messages',
  'x-channels',
  'x-delivery-types',
  'x-read-only',
  'x-limits',
  'x-order',
  'x-doc',
  'x-fix',
  'x-unknown-rule',
];

/**
 * Tests and the emulator load these files while another process may be rebuilding them: write
 * a temporary file and rename it, so a reader sees the old file or the new one, never half.
 * Unchanged content is not rewritten at all.
 */
function writeAtomic(file, content) {
  try {
    if (fs.readFileSync(file, 'utf8') === content) return;
  } catch {
    // Not there yet.
  }
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, file);
}

function listSchemaFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSchemaFiles(p));
    else if (entry.name.endsWith('.schema.json')) out.push(p);
  }
  return out.sort();
}

function walk(node, pointer, visit) {
  if (!node || typeof node !== 'object') return;
  visit(node, pointer);
  for (const [k, v] of Object.entries(node)) {
    if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples' || k === 'defaultSnippets' || k.startsWith('x-')) continue;
    const seg = String(k).replace(/~/g, '~0').replace(/\//g, '~1');
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${pointer}/${seg}/${i}`, visit));
    else if (v && typeof v === 'object') walk(v, `${pointer}/${seg}`, visit);
  }
}

/**
 * ajv reports `schemaPath` relative to the `$ref` target it was in (`#/type` inside any
 * component), which loses the file and the pointer of that target. Every compiled function
 * validates one schema node, so we find that node by identity in the loaded files and rewrite
 * the function's schema paths to `<file>#<pointer of the node>/...`: the rule table lookup then
 * lands on the right `x-rule` in the right file.
 */
function anchorSchemaPaths(ajv, schemas) {
  const where = new Map();
  for (const { base, schema } of schemas) {
    walk(schema, '', (node, pointer) => {
      if (!where.has(node)) where.set(node, `${base}#${pointer}`);
    });
  }
  const fns = new Set();
  const values = ajv.scope._values ?? {};
  for (const prefix of ['validate', 'root', 'wrapper']) {
    for (const name of values[prefix]?.values() ?? []) {
      const ref = name.value?.ref;
      const fn = typeof ref === 'function' ? ref : ref?.validate;
      if (typeof fn === 'function' && fn.source) fns.add(fn);
    }
  }
  for (const fn of fns) {
    const at = where.get(fn.schema);
    if (!at || fn.source.anchored) continue;
    fn.source.validateCode = fn.source.validateCode.replace(/schemaPath:"#/g, () => `schemaPath:${JSON.stringify(at).slice(0, -1)}`);
    fn.source.anchored = true;
  }
}

export function loadSchemas() {
  return listSchemaFiles(schemaDir).map(file => ({ file, base: path.basename(file), schema: JSON.parse(fs.readFileSync(file, 'utf8')) }));
}

export function compile() {
  const schemas = loadSchemas();
  const ajv = new Ajv({
    allErrors: true,
    code: { source: true, esm: false, optimize: true },
    strict: true,
    strictTypes: false,
    strictRequired: false,
    discriminator: true,
    inlineRefs: false,
    messages: false,
  });
  ajv.addVocabulary(ANNOTATIONS);
  const table = {};
  const problems = [];
  for (const { base, schema } of schemas) {
    if (!schema.$id) problems.push(`${base}: no $id`);
    if (!schema['x-rule']) problems.push(`${base}: the root has no x-rule (every error needs a rule id)`);
    ajv.addSchema(schema);
    walk(schema, '', (node, pointer) => {
      const entry = {};
      if (node['x-rule']) entry.rule = node['x-rule'];
      if (node['x-severity']) entry.severity = node['x-severity'];
      if (node['x-messages']) entry.messages = node['x-messages'];
      if (node['x-unknown-rule']) entry.unknownRule = node['x-unknown-rule'];
      if (node.properties && node.additionalProperties === false) entry.known = Object.keys(node.properties);
      // A discriminator's values, for "did you mean" on a wrong one (ajv's error does not list them).
      const tagEnum = node.discriminator && node.properties?.[node.discriminator.propertyName]?.enum;
      if (tagEnum) entry.tagValues = tagEnum;
      if (Object.keys(entry).length) table[`${base}#${pointer}`] = entry;
    });
  }
  if (problems.length) throw new Error('Schema problems:\n' + problems.join('\n'));
  const refs = {};
  for (const [name, file] of Object.entries(ENTRIES)) {
    const s = schemas.find(x => x.base === file);
    if (!s) throw new Error(`missing packages/core/schemas/${file}`);
    refs[name] = s.schema.$id;
  }
  for (const id of Object.values(refs)) ajv.getSchema(id);
  anchorSchemaPaths(ajv, schemas);
  const code = standaloneCode(ajv, refs);
  fs.mkdirSync(outDir, { recursive: true });
  writeAtomic(
    path.join(outDir, 'validators.js'),
    `/* Generated by scripts/compile-schemas.mjs from packages/core/schemas/: do not edit. */\n${code}\n`,
  );
  writeAtomic(path.join(outDir, 'ruleTable.json'), JSON.stringify(table));
  const dts = `/* Generated by scripts/compile-schemas.mjs: do not edit. */
export interface AjvError { instancePath: string; schemaPath: string; keyword: string; params: Record<string, any>; }
export interface CompiledValidator { (data: unknown): boolean; errors?: AjvError[] | null; }
${Object.keys(ENTRIES)
  .map(n => `export declare const ${n}: CompiledValidator;`)
  .join('\n')}
`;
  writeAtomic(path.join(outDir, 'validators.d.ts'), dts);
  // The whole schema set, for hovers and completions (bundled into the server as JSON).
  const bundle = {};
  for (const { base, schema } of schemas) bundle[base] = schema;
  writeAtomic(path.join(outDir, 'schemas.json'), JSON.stringify(bundle));
  return { files: schemas.length, bytes: code.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const r = compile();
  console.log(`compiled ${r.files} schema files (${Math.round(r.bytes / 1024)} KB of validator code)`);
}
