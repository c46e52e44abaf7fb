import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Every string of the manifest that a person reads (titles, descriptions, view names, welcome
 * texts, walkthrough steps) is a `%key%` of package.nls.json, so a translation is one file beside
 * it; and package.nls.json holds no key the manifest does not use.
 */

const root = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

const READ_FIELDS = new Set([
  'title',
  'shortTitle',
  'category',
  'description',
  'markdownDescription',
  'deprecationMessage',
  'markdownDeprecationMessage',
  'name',
  'contextualTitle',
  'contents',
  'label',
  'altText',
  'displayName',
]);
const READ_LISTS = new Set(['enumDescriptions', 'markdownEnumDescriptions']);
const NOT_TEXT = new Set(['when', 'default', 'examples', 'pattern', 'enablement']);

/** Each string a person reads under `node`, with where it is. */
function readStrings(node: unknown, where: string): Array<{ where: string; text: string }> {
  if (Array.isArray(node)) return node.flatMap((v, i) => readStrings(v, `${where}[${i}]`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => {
    if (typeof v === 'string' && READ_FIELDS.has(k)) return [{ where: `${where}.${k}`, text: v }];
    if (Array.isArray(v) && READ_LISTS.has(k)) return v.map((text: string, i) => ({ where: `${where}.${k}[${i}]`, text }));
    return NOT_TEXT.has(k) ? [] : readStrings(v, `${where}.${k}`);
  });
}

const contributes = manifest.contributes as Record<string, unknown>;
const strings = [
  ...readStrings({ displayName: manifest.displayName, description: manifest.description }, 'package.json'),
  ...['commands', 'configuration', 'viewsContainers', 'views', 'viewsWelcome', 'walkthroughs', 'submenus'].flatMap(area =>
    readStrings(contributes[area], `contributes.${area}`),
  ),
  ...readStrings(manifest.capabilities, 'capabilities'),
];

test('every string of the manifest a person reads comes from package.nls.json', () => {
  assert.ok(strings.length > 50, `found ${strings.length} strings: the walk reads the manifest`);
  const literal = strings.filter(s => !/^%[^%\s]+%$/.test(s.text)).map(s => `${s.where}: ${s.text}`);
  assert.deepEqual(literal, []);
});

test('every %key% of the manifest is in package.nls.json, and package.nls.json has no other key', () => {
  const used = new Set(strings.map(s => s.text.slice(1, -1)));
  assert.deepEqual(
    [...used].filter(k => !(k in nls)),
    [],
    'keys the manifest uses that package.nls.json lacks',
  );
  assert.deepEqual(
    Object.keys(nls).filter(k => !used.has(k)),
    [],
    'keys package.nls.json has that the manifest does not use',
  );
});
