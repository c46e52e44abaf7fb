import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { campaign } from '../src/campaign';

/**
 * An environment field holding a control character is refused at once, where it is read (the
 * environment variables, campaign.environments.json), naming the field and the character; nothing
 * is sent, so it never becomes a retried "Could not reach …".
 */

async function run(argv: string[], env: Record<string, string>, cwd: string): Promise<{ code: number; stderr: string; calls: number }> {
  let stderr = '';
  let calls = 0;
  const code = await campaign(argv, {
    stdout: () => undefined,
    stderr: s => {
      stderr += s;
    },
    isTTY: false,
    cwd,
    env: { CAMPAIGN_API_KEY: 'key', ...env },
    fetch: async () => {
      calls++;
      throw new Error('nothing should be sent');
    },
  });
  return { code, stderr, calls };
}

test('CAMPAIGN_WORKSPACE_ID and campaign.environments.json with an ESC: exit 1 at once, the field and the character named', async t => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-env-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const fromVariables = await run(
    ['pull', '6ad88294a1c0ffee0100000f'],
    { CAMPAIGN_BASE_URL: 'https://api-01.example.com', CAMPAIGN_WORKSPACE_ID: 'WS\u001b[2J' },
    dir,
  );
  assert.deepEqual(fromVariables, {
    code: 1,
    calls: 0,
    stderr:
      "campaign pull: the environment given on the command line: workspaceId holds U+001B at character 3, which the SVC-APPKEY header that carries the workspace id cannot hold: copy the id again from the dashboard's workspace settings.\n",
  });
  fs.writeFileSync(
    path.join(dir, 'campaign.environments.json'),
    JSON.stringify({
      environments: [{ name: 'staging', baseUrl: 'https://api-01.example.com\n', workspaceId: 'WS1', headerPrefix: 'S\u0007VC' }],
    }),
  );
  const fromFile = await run(['pull', '6ad88294a1c0ffee0100000f'], {}, dir);
  assert.deepEqual(fromFile, {
    code: 1,
    calls: 0,
    stderr:
      'campaign pull: campaign.environments.json: environment staging: headerPrefix holds U+0007 at character 2, which a header name cannot hold.\n',
  });
});
