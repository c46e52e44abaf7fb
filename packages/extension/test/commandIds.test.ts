import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import ts from 'typescript';
import { COMMAND_IDS, FEATURE_COMMANDS, INTERNAL_COMMANDS } from '../src/commandIds';

/**
 * The command registry (`src/commandIds.ts`) against the manifest, as rust-analyzer checks its
 * settings against package.json: a command contributed but never registered, or registered under
 * a typo, fails here rather than in a person's palette. Which feature registers each id is checked
 * by the type check (`CommandTable`); that VS Code really has them, by the `commands` suite.
 */

const root = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const contributed: string[] = manifest.contributes.commands.map((c: { command: string }) => c.command);
const registry: string[] = Object.values(COMMAND_IDS);
const known = new Set(registry);
const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

test('the registry: each id once, in one feature, named after itself', () => {
  const byFeature = Object.values(FEATURE_COMMANDS).flatMap(group => Object.values(group) as string[]);
  assert.equal(byFeature.length, registry.length, "a name is in two features' groups: COMMAND_IDS keeps only one of them");
  assert.deepEqual(sorted(byFeature), sorted(registry));
  assert.equal(new Set(registry).size, registry.length, 'two names for one id');
  for (const [name, id] of Object.entries(COMMAND_IDS)) {
    const expected = id.replace(/^campaignStudio\./, '').replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
    assert.equal(name, expected, `${id} is named ${expected} in COMMAND_IDS`);
  }
});

test('every contributed command is in the registry, and every registry id is contributed or internal', () => {
  const internal = new Set<string>(INTERNAL_COMMANDS);
  assert.deepEqual(
    contributed.filter(id => !known.has(id)),
    [],
    "contributed in package.json but in no feature's group of src/commandIds.ts",
  );
  assert.deepEqual(
    registry.filter(id => !contributed.includes(id) && !internal.has(id)),
    [],
    'in src/commandIds.ts but neither contributed in package.json nor in INTERNAL_COMMANDS',
  );
  assert.deepEqual(
    contributed.filter(id => internal.has(id)),
    [],
    'internal commands stay out of package.json',
  );
  assert.equal(new Set(contributed).size, contributed.length, 'a command contributed twice');
});

test('the menus, keybindings and activation events name contributed commands only', () => {
  const inMenus = Object.entries(manifest.contributes.menus as Record<string, Array<{ command?: string; alt?: string }>>).flatMap(
    ([menu, entries]) =>
      entries.flatMap(e => [e.command, e.alt].filter((c): c is string => !!c).map(c => ({ where: `menus.${menu}`, command: c }))),
  );
  const inKeys = (manifest.contributes.keybindings ?? []).map((k: { command: string }) => ({
    where: `keybinding ${k.command}`,
    command: k.command.replace(/^-/, ''),
  }));
  const onCommand = (manifest.activationEvents ?? [])
    .filter((e: string) => e.startsWith('onCommand:'))
    .map((e: string) => ({ where: `activationEvents ${e}`, command: e.slice('onCommand:'.length) }));
  const named: Array<{ where: string; command: string }> = [...inMenus, ...inKeys, ...onCommand];
  assert.ok(named.length > 40, 'the menus were read');
  assert.deepEqual(
    named.filter(n => !contributed.includes(n.command)),
    [],
  );
});

test("the command links of the manifest's texts (welcome views, walkthrough) name registered commands", () => {
  const linked = Object.entries(nls).flatMap(([key, text]) =>
    [...text.matchAll(/\(command:(campaignStudio\.[\w.]+)/g)].map(m => ({ key, command: m[1] })),
  );
  const completions = manifest.contributes.walkthroughs.flatMap((w: { steps: Array<{ id: string; completionEvents: string[] }> }) =>
    w.steps.flatMap(s =>
      s.completionEvents
        .filter(e => e.startsWith('onCommand:campaignStudio.'))
        .map(e => ({ key: s.id, command: e.slice('onCommand:'.length) })),
    ),
  );
  assert.ok(linked.length >= 5, 'the links were read');
  assert.deepEqual(
    [...linked, ...completions].filter(l => !known.has(l.command)),
    [],
  );
});

/** Where a command id sits in source: a string there is a command id, never a setting or a state key. */
function literalCommandIds(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) => `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const isId = (node: ts.Node | undefined): node is ts.StringLiteralLike => !!node && ts.isStringLiteralLike(node) && known.has(node.text);
  const visit = (node: ts.Node): void => {
    // executeCommand('…'), registerCommand('…')
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      /^(execute|register)Command$/.test(node.expression.name.text) &&
      isId(node.arguments[0])
    )
      found.push(where(node));
    // { command: '…' }, { '…': factory }, x.command = '…', enabledCommands: ['…']
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'command' && isId(node.initializer))
      found.push(where(node));
    if (ts.isPropertyAssignment(node) && isId(node.name)) found.push(where(node));
    if (ts.isBinaryExpression(node) && ts.isPropertyAccessExpression(node.left) && node.left.name.text === 'command' && isId(node.right))
      found.push(where(node));
    if (
      ts.isArrayLiteralExpression(node) &&
      ts.isPropertyAssignment(node.parent) &&
      node.parent.name.getText() === 'enabledCommands' &&
      node.elements.some(isId)
    )
      found.push(where(node));
    if (ts.isReturnStatement(node) && isId(node.expression)) found.push(where(node));
    // a Markdown link, [Retry](command:campaignStudio.connection.retry)
    if (
      (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) &&
      /command:campaignStudio\./.test(node.text)
    )
      found.push(where(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test("the extension's sources name commands through the registry, never as a string", () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  walk(path.join(root, 'packages/extension/src'));
  const registryFile = path.join(root, 'packages/extension/src/commandIds.ts');
  assert.ok(files.length > 20 && files.includes(registryFile), 'the sources were read');
  assert.deepEqual(files.filter(f => f !== registryFile).flatMap(literalCommandIds), [], 'use COMMAND_IDS from src/commandIds.ts');
  assert.equal(literalCommandIds(registryFile).length, 0, 'the registry itself names ids as values only');
});
