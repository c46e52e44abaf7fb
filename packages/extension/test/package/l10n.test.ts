import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * The extension's strings (`vscode.l10n.t`, and `@vscode/l10n` in its modules without VS Code and
 * in the sync and core packages it bundles, which `activate` gives the same bundle) are in
 * l10n/bundle.l10n.json, the file a translation starts from: `npm run l10n` writes it with
 * Microsoft's extractor, and the manifest's `l10n` names its folder. A string added or
 * changed without running it again fails here. The lint refuses a literal where a person reads
 * it, so that a new string cannot bypass `vscode.l10n.t`.
 */

const root = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { l10n?: string; scripts: Record<string, string> };
/** The extension's code, and the packages bundled into it whose words reach its notifications and views. */
const SOURCES = ['packages/extension/src', 'packages/sync/src', 'packages/core/src'];

test("the manifest names the bundles' folder, and `npm run l10n` extracts the extension's strings into it", () => {
  assert.equal(manifest.l10n, './l10n');
  assert.equal(manifest.scripts.l10n, `vscode-l10n-dev export --outDir ${manifest.l10n} ${SOURCES.map(s => `./${s}`).join(' ')}`);
});

test("l10n/bundle.l10n.json holds exactly the strings the extension's code says (`npm run l10n` writes it)", t => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-studio-l10n-'));
  t.after(() => fs.rmSync(out, { recursive: true, force: true }));
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/@vscode/l10n-dev/dist/cli.js'), 'export', '--outDir', out, ...SOURCES],
    { cwd: root, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  const extracted = JSON.parse(fs.readFileSync(path.join(out, 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
  const committed = JSON.parse(fs.readFileSync(path.join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
  assert.deepEqual(committed, extracted, 'l10n/bundle.l10n.json is stale: run `npm run l10n` and commit it');
  // The extractor numbers only the first value of a tagged template (`l10n.t\`… ${a} … ${b}\``): such a key is never the one looked up.
  const unmatched = Object.keys(committed).filter(k => k.includes('${'));
  assert.deepEqual(
    unmatched,
    [],
    "write these with placeholders, `l10n.t('… {0} … {1}', a, b)`, so that their keys are the ones looked up",
  );
  assert.ok(
    Object.keys(committed).length > 150,
    `the bundle holds ${Object.keys(committed).length} strings: the notifications, questions, views and documents of the extension are far more`,
  );
});

/** The lint errors of `source` standing in `file`, with the guard of eslint.config.mjs (without its type information). */
async function guardErrors(source: string, file = 'packages/extension/src/x.ts'): Promise<string[]> {
  const config = ((await import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href)) as { default: Linter.Config[] }).default;
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } },
      ...config.filter(c => c.rules?.['no-restricted-syntax']),
    ],
  });
  const [result] = await eslint.lintText(`import * as vscode from 'vscode';\n${source}\n`, { filePath: path.join(root, file) });
  return result.messages.filter(m => m.severity === 2).map(m => `${m.ruleId}: ${m.message}`);
}

const REFUSED = [
  "void vscode.window.showInformationMessage('Fetched.');",
  'void vscode.window.showErrorMessage(`Could not save ${name}.`, retry);',
  "void vscode.window.showQuickPick(items, { title: 'Filter campaigns' });",
  'void vscode.window.showQuickPick(items, { placeHolder: `Which ${what}?` });',
  "void vscode.window.showInputBox({ prompt: 'The workspace id' });",
  "item.tooltip = 'Load the next page';",
  'const lens = { title: `$(cloud-upload) Push to ${where}` };',
];

for (const source of REFUSED) {
  test(`the l10n lint refuses in the extension: ${source}`, async () => {
    const errors = await guardErrors(source);
    assert.ok(
      errors.some(e => /^no-restricted-syntax: .*vscode\.l10n\.t/.test(e)),
      `expected the l10n error, got: ${errors.join(' | ') || 'none'}`,
    );
  });
}

/** Values from files, settings and the service may hold control characters, which a notification must not show raw. */
const UNESCAPED = [
  "void vscode.window.showWarningMessage(vscode.l10n.t('Signed in to {0}.', env.name), signIn);",
  'void vscode.window.showErrorMessage(e.message);',
  "void vscode.window.showInformationMessage(vscode.l10n.t('Fetched {0} of {1}.', plainText(name), `${count}`));",
];

for (const source of UNESCAPED) {
  test(`the escaping lint refuses a raw value in a notification: ${source}`, async () => {
    const errors = await guardErrors(source);
    assert.equal(errors.length, 1, `expected one error, got: ${errors.join(' | ') || 'none'}`);
    assert.match(errors[0], /^no-restricted-syntax: .*plainText/);
  });
}

const ALLOWED: Array<[string, string]> = [
  ['packages/extension/src/x.ts', "void vscode.window.showWarningMessage(vscode.l10n.t('Signed in to {0}.', plainText(name)), signIn);"],
  ['packages/extension/src/x.ts', "void vscode.window.showErrorMessage(plainText(e.message), vscode.l10n.t('Retry'));"],
  [
    'packages/extension/src/x.ts',
    "void vscode.window.showInformationMessage(vscode.l10n.t('{0} is not part of a flow.', nameOf(record)));",
  ],
  [
    'packages/extension/src/x.ts',
    "const lens = { title: `$(cloud-upload) ${vscode.l10n.t('Push to {0}', where)}`, tooltip: words.tooltip };",
  ],
  ['packages/extension/src/x.ts', 'item.tooltip = `${env.name}: ${words.short}`;'],
  ['packages/extension/test/x.test.ts', "void vscode.window.showInformationMessage('a test may say anything');"],
];

for (const [file, source] of ALLOWED) {
  test(`the l10n lint allows in ${file}: ${source}`, async () => {
    assert.deepEqual(await guardErrors(source, file), []);
  });
}
