import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import * as l10n from '@vscode/l10n';
import { L10N_BUNDLE_VARIABLE, loadL10nBundle } from '@campaign-studio/core';
import { serverEnvironment } from '../src/serverEnv';

/** The language server is started with the editor's translation bundle, as the server reads it. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-server-env-'));
after(() => {
  l10n.config({ contents: {} });
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the editor's bundle (vscode.l10n.uri) reaches the server, which translates with it", () => {
  const file = path.join(dir, 'bundle.l10n.qps.json');
  fs.writeFileSync(file, JSON.stringify({ 'Add a comma': 'Ajouter une virgule' }));
  const env = serverEnvironment({ PATH: '/bin' }, pathToFileURL(file).href);
  assert.equal(env.PATH, '/bin', "the extension's environment is kept");
  assert.equal(loadL10nBundle(env), undefined);
  assert.equal(l10n.t('Add a comma'), 'Ajouter une virgule');
});

test('English (no bundle): the variable is left out, and the base environment is not changed', () => {
  const base: NodeJS.ProcessEnv = { PATH: '/bin' };
  const env = serverEnvironment(base, undefined);
  assert.notEqual(env, base, "a copy: the extension's own environment is never changed");
  assert.equal(L10N_BUNDLE_VARIABLE in env, false);
  assert.deepEqual(env, { PATH: '/bin' });
});
