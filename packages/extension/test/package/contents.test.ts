import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/**
 * What the extension ships: the client bundle asks the language server for everything the rules
 * decide, so the rule engine is in dist/server.js only; the VSIX holds what the extension runs
 * and shows, and neither campaign-lint nor the schema sources.
 */

const root = path.resolve(__dirname, '../../../..');

async function bundleInputs(name: string): Promise<string[]> {
  const { BUNDLES, COMMON_OPTIONS } = (await import(pathToFileURL(path.join(root, 'scripts/lib/bundles.mjs')).href)) as {
    BUNDLES: Record<string, esbuild.BuildOptions>;
    COMMON_OPTIONS: esbuild.BuildOptions;
  };
  const result = await esbuild.build({
    ...COMMON_OPTIONS,
    ...BUNDLES[name],
    absWorkingDir: root,
    write: false,
    metafile: true,
    outfile: `${name}.js`,
  });
  // Every file esbuild read is an input; what the bundle holds is what has bytes in the output.
  const [output] = Object.values(result.metafile.outputs);
  return Object.entries(output.inputs)
    .filter(([, i]) => i.bytesInOutput > 0)
    .map(([f]) => f);
}

test('the client bundle holds no rule engine: no rules, schemas, validators or language features', async () => {
  const inputs = await bundleInputs('client');
  const engine = inputs.filter(
    f =>
      /^packages\/core\/src\/(rules|generated)\//.test(f) ||
      /^packages\/core\/src\/language\/(validate|schemaErrors|schemaWalk|completion|hover|codeActions|settings|languageService)\.ts$/.test(
        f,
      ) ||
      /node_modules\/ajv\//.test(f),
  );
  assert.deepEqual(engine, []);
  assert.ok(inputs.includes('packages/extension/src/extension.ts'), 'the metafile lists the client entry');
  assert.ok(
    inputs.some(f => f.startsWith('packages/sync/src/push/')),
    'the write flows are in the client',
  );
});

test("the conflict view's webview script holds the vscode-elements components it uses, lit, and nothing of the extension", async () => {
  const inputs = await bundleInputs('conflictsView');
  const components = new Set(inputs.map(f => /@vscode-elements\/elements\/dist\/([^/]+)\//.exec(f)?.[1]).filter(Boolean));
  // vscode-icon comes with vscode-button, which draws its icons with it.
  assert.deepEqual([...components].sort(), [
    'includes',
    'vscode-button',
    'vscode-checkbox',
    'vscode-icon',
    'vscode-radio',
    'vscode-radio-group',
    'vscode-textarea',
  ]);
  const ours = inputs.filter(f => f.startsWith('packages/'));
  assert.deepEqual(
    ours,
    ['packages/extension/src/webview/conflicts.ts'],
    'the script draws and posts; the session, the sync package and core stay in the extension',
  );
  assert.deepEqual(
    inputs.filter(f => !f.startsWith('packages/') && !/node_modules\/(@vscode-elements|lit|lit-html|lit-element|@lit|@lit-labs)\//.test(f)),
    [],
  );
});

test("the campaign preview's webview script holds vscode-badge, lit, and only the message types of the extension", async () => {
  const inputs = await bundleInputs('previewView');
  const components = new Set(inputs.map(f => /@vscode-elements\/elements\/dist\/([^/]+)\//.exec(f)?.[1]).filter(Boolean));
  assert.deepEqual([...components].sort(), ['includes', 'vscode-badge']);
  const ours = inputs.filter(f => f.startsWith('packages/'));
  assert.deepEqual(ours, ['packages/extension/src/webview/preview.ts'], 'the script draws and posts; the model is built in the extension');
  assert.deepEqual(
    inputs.filter(f => !f.startsWith('packages/') && !/node_modules\/(@vscode-elements|lit|lit-html|lit-element|@lit|@lit-labs)\//.test(f)),
    [],
  );
});

test('the VSIX lists exactly what the extension runs and shows', () => {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/@vscode/vsce/vsce'), 'ls', '--no-dependencies'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const files = r.stdout
    .trim()
    .split('\n')
    .map(l => l.trim())
    .filter(Boolean)
    .sort();
  assert.deepEqual(files, [
    'CHANGELOG.md',
    'LICENSE',
    'README.md',
    'dist/client.js',
    'dist/server.js',
    'dist/webview/conflicts.js',
    'dist/webview/preview.js',
    'docs/rules.md',
    'l10n/bundle.l10n.json',
    'language-configuration.json',
    'media/campaign.svg',
    'media/campaigns-activity.svg',
    'media/icon.png',
    'media/walkthrough/connect.md',
    'media/walkthrough/create.md',
    'media/walkthrough/fetch.md',
    'media/walkthrough/problems.md',
    'media/walkthrough/promote.md',
    'media/walkthrough/push.md',
    'package.json',
    'package.nls.json',
    'syntaxes/campaign-json.tmLanguage.json',
    'syntaxes/campaign-review.tmLanguage.json',
  ]);
});

test('vsce packages the VSIX without a warning, with the marketplace icon as a PNG', t => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-studio-vsix-'));
  t.after(() => fs.rmSync(out, { recursive: true, force: true }));
  const vsix = path.join(out, 'campaign-studio.vsix');
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', vsix],
    {
      // Under GitHub Actions vsce writes its warnings as `::warning::` annotations instead.
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, GITHUB_ACTIONS: '' },
    },
  );
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stdout + r.stderr, /WARNING/, 'vsce printed a warning');
  assert.ok(fs.statSync(vsix).size > 0);
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { icon?: string };
  assert.match(manifest.icon ?? '', /\.png$/);
  const png = fs.readFileSync(path.join(root, manifest.icon!));
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  assert.ok(
    [128, 256].includes(png.readUInt32BE(16)) && png.readUInt32BE(16) === png.readUInt32BE(20),
    'a square icon of 128 or 256 pixels',
  );
});
