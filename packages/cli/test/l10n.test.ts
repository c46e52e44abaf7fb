import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { L10N_BUNDLE_VARIABLE } from '@campaign-studio/core';

/**
 * The CLI's words go through @vscode/l10n: with a translation bundle named by
 * VSCODE_L10N_BUNDLE_LOCATION, a refusal, the help and a rule's message come from it.
 */

const CAMPAIGN = path.resolve(__dirname, '../../../dist/campaign.js');
let dir: string;
let env: NodeJS.ProcessEnv;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-l10n-cli-'));
  const bundle = path.join(dir, 'bundle.l10n.qps.json');
  fs.writeFileSync(
    bundle,
    JSON.stringify({
      '--format must be text or json, not "{0}". Run campaign {1} --help for the options.':
        '--format vaut text ou json, pas « {0} ». Voir campaign {1} --help.',
      'where each file stands: unchanged, modified, behind, diverged…': 'où en est chaque fichier',
      '`{0}` is read-only metadata from the service: it is never sent on push, and editing it has no effect.':
        '«{0}» est une métadonnée en lecture seule.',
    }),
  );
  fs.writeFileSync(
    path.join(dir, 'a.campaign.json'),
    JSON.stringify({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', status: 'DRAFT' }),
  );
  env = { ...process.env, NO_COLOR: '', [L10N_BUNDLE_VARIABLE]: bundle };
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function campaign(...args: string[]) {
  return spawnSync(process.execPath, [CAMPAIGN, ...args], { cwd: dir, encoding: 'utf8', env });
}

test('a refusal (CliError) comes from the bundle', () => {
  const r = campaign('status', '--format', 'xml');
  assert.equal(r.stderr, 'campaign status: --format vaut text ou json, pas « xml ». Voir campaign status --help.\n');
});

test('the help comes from the bundle', () => {
  assert.match(campaign('--help').stdout, /status {3}où en est chaque fichier\n/);
});

test("a rule's message in campaign lint comes from the bundle", () => {
  const r = campaign('lint', '--format', 'json', 'a.campaign.json');
  const [entry] = JSON.parse(r.stdout) as Array<{ diagnostics: Array<{ rule: string; message: string }> }>;
  assert.equal(entry.diagnostics.find(d => d.rule === 'D8')?.message, '«status» est une métadonnée en lecture seule.');
});
