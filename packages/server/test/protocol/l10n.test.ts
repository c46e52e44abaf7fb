import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { pathToFileURL } from 'url';
import { L10N_BUNDLE_VARIABLE, RemoteStateNotification } from '@campaign-studio/core';
import { Editor, PUSH_CAPABILITIES, SERVER } from './editor';

/**
 * The server's words and the rules' go through @vscode/l10n: started with a translation bundle
 * (VSCODE_L10N_BUNDLE_LOCATION, as VS Code's own language servers take it), it speaks the bundle.
 */

let dir: string;
let ed: Editor;
let env: NodeJS.ProcessEnv;
before(async () => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-l10n-server-')));
  const bundle = path.join(dir, 'bundle.l10n.qps.json');
  fs.writeFileSync(
    bundle,
    JSON.stringify({
      '{0}: no entries array, ignored': '{0} : pas de tableau « entries », ignoré',
      '`{0}` is read-only metadata from the service: it is never sent on push, and editing it has no effect.':
        '«{0}» est une métadonnée en lecture seule.',
      'The language server needs a transport.': "Le serveur de langage a besoin d'un transport.",
    }),
  );
  env = { ...process.env, [L10N_BUNDLE_VARIABLE]: pathToFileURL(bundle).href };
  ed = await Editor.start('stdio', { capabilities: PUSH_CAPABILITIES, workspaceFolder: pathToFileURL(dir).href, env });
});
after(() => {
  ed.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a rule's message comes from the bundle", async () => {
  const uri = pathToFileURL(path.join(dir, 'a.campaign.json')).href;
  await ed.open(uri, JSON.stringify({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', status: 'DRAFT' }));
  const d8 = (await ed.published(uri)).diagnostics.find(d => d.code === 'D8');
  assert.equal(d8?.message, '«status» est une métadonnée en lecture seule.');
});

test('a message the server logs comes from the bundle', async () => {
  await ed.connection.sendNotification(RemoteStateNotification.method, {});
  await ed.until('the warning', () => ed.logs.some(l => l.message.includes('pas de tableau')));
  assert.ok(
    ed.logs.some(l => l.message === `${RemoteStateNotification.method} : pas de tableau « entries », ignoré`),
    JSON.stringify(ed.logs),
  );
});

test('what the server says on the command line comes from the bundle', () => {
  const r = spawnSync(process.execPath, [SERVER], { encoding: 'utf8', env });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^Le serveur de langage a besoin d'un transport\.\n/);
});
