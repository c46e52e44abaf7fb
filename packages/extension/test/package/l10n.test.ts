import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The extension's own strings (`vscode.l10n.t`, and `@vscode/l10n` in its modules without VS
 * Code) are in l10n/bundle.l10n.json, the file a translation starts from: `npm run l10n` writes
 * it with Microsoft's extractor, and the manifest's `l10n` names its folder. A string added or
 * changed without running it again fails here.
 */

const root = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { l10n?: string; scripts: Record<string, string> };
const SOURCES = 'packages/extension/src';

test('the manifest names the bundles\' folder, and `npm run l10n` extracts the extension\'s strings into it', () => {
  assert.equal(manifest.l10n, './l10n');
  assert.equal(manifest.scripts.l10n, `vscode-l10n-dev export --outDir ${manifest.l10n} ./${SOURCES}`);
});

test('l10n/bundle.l10n.json holds exactly the strings the extension\'s code says (`npm run l10n` writes it)', t => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-studio-l10n-'));
  t.after(() => fs.rmSync(out, { recursive: true, force: true }));
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/@vscode/l10n-dev/dist/cli.js'), 'export', '--outDir', out, SOURCES], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  const extracted = JSON.parse(fs.readFileSync(path.join(out, 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
  const committed = JSON.parse(fs.readFileSync(path.join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
  assert.deepEqual(committed, extracted, 'l10n/bundle.l10n.json is stale: run `npm run l10n` and commit it');
  assert.ok(Object.keys(committed).length > 150, `the bundle holds ${Object.keys(committed).length} strings: the notifications, questions, views and documents of the extension are far more`);
});
