import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { pushCampaign, requests } from '../../../sync/test/push/harness';
import { cliWorld, edit, fileOf, onService, writeEnvironments } from './harness';

/**
 * Every way a sync command refuses or fails, with its exit status and its one line: no
 * confirmation, production without its name, bad configuration, no key, a service that is not
 * there or loses the answer to a write, a stale or foreign plan, garbage files.
 */

const CAMPAIGN = path.resolve(__dirname, '../../../../dist/campaign.js');

async function editedCampaign(t: Parameters<typeof cliWorld>[0], o: { production?: boolean } = {}) {
  const w = await cliWorld(t, o);
  const id = await onService(w, pushCampaign());
  assert.equal((await w.run(['pull', id])).code, 0);
  edit(fileOf(w, id), d => {
    d.basic_details.name = 'Edited';
  });
  return { w, id };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>(resolve => server.close(() => resolve()));
  return port;
}

test('push without a terminal and without --yes refuses before reading anything (exit 1)', async t => {
  const { w } = await editedCampaign(t);
  w.emu.admin.clearRequests();
  const r = await w.run(['push']);
  assert.equal(r.code, 1);
  assert.equal(
    r.stderr,
    'campaign push: nothing was sent: there is no terminal to ask for confirmation. Add --yes to push without asking (for a production environment, --yes --env NAME).\n',
  );
  assert.equal(requests(w).length, 0, 'not even a read');
});

test('on a terminal, push asks: "n" sends nothing (exit 1), "y" pushes', async t => {
  const { w, id } = await editedCampaign(t);
  const no = await w.run(['push'], { ask: ['n'] });
  assert.deepEqual([no.code, no.asked, no.stderr], [1, ['Push 1 change to emu? [y/N] '], 'campaign push: nothing was sent.\n']);
  assert.equal(requests(w, 'PATCH').length, 0);
  const yes = await w.run(['push'], { ask: ['y'] });
  assert.equal(yes.code, 0, yes.stderr);
  assert.equal((w.emu.admin.campaign(id)!.components.basic_details as { name: string }).name, 'Edited');
});

test('production needs --yes --env NAME spelled out, or its name typed on the terminal', async t => {
  const { w, id } = await editedCampaign(t, { production: true });
  const bare = await w.run(['push', '--yes']);
  assert.equal(bare.code, 1);
  assert.match(
    bare.stderr,
    /^campaign push: nothing was sent: prod is a production environment; pushing to it without a question needs --yes --env prod spelled out\.\n$/,
  );
  const typo = await w.run(['push'], { ask: ['y', 'staging'] });
  assert.deepEqual([typo.code, typo.asked.length, typo.stderr], [1, 2, 'campaign push: nothing was sent: "staging" is not prod.\n']);
  assert.equal(requests(w, 'PATCH').length, 0);
  const named = await w.run(['push', '--yes', '--env', 'prod']);
  assert.equal(named.code, 0, named.stderr);
  assert.equal((w.emu.admin.campaign(id)!.components.basic_details as { name: string }).name, 'Edited');
});

test('the answer to the write is lost: the push reads the campaign back, finds it applied, exits 0, and sent it once', async t => {
  const { w, id } = await editedCampaign(t);
  w.emu.admin.setFaults('write-drop');
  const r = await w.run(['push', '--yes', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(w.json<{ results: Array<{ outcome: string }> }>(r, 'push').results[0].outcome, 'pushed-after-timeout');
  assert.equal(requests(w, 'PATCH').length, 1, 'never sent twice');
  assert.equal((w.emu.admin.campaign(id)!.components.basic_details as { name: string }).name, 'Edited');
});

test('the service fails on the write: the push reads the campaign back, says it was not applied (exit 1), and the file stays', async t => {
  const { w, id } = await editedCampaign(t);
  const before = fs.readFileSync(fileOf(w, id), 'utf8');
  w.emu.admin.setFaults('fail=PATCH:/v5/campaigns/*');
  const r = await w.run(['push', '--yes']);
  assert.equal(r.code, 1);
  assert.match(
    r.stdout,
    /^not-applied {2}campaigns\/.* \(emu\): The service failed while handling the update .* Reading campaign [0-9a-f]+ again shows that it was not applied.* Push again to send it\.$/m,
  );
  assert.equal(requests(w, 'PATCH').length, 1, 'not sent again');
  assert.equal(fs.readFileSync(fileOf(w, id), 'utf8'), before);
});

test('configuration problems are one line and exit 1: unknown environment, broken file, plain http, no key', async t => {
  const { w } = await editedCampaign(t);
  const unknown = await w.run(['pull', 'abc', '--env', 'nope']);
  assert.deepEqual(
    [unknown.code, unknown.stderr],
    [1, 'campaign pull: unknown environment "nope": campaign.environments.json defines emu.\n'],
  );
  const status = await w.run(['status', '--env', 'nope']);
  assert.deepEqual(
    [status.code, status.stdout, status.stderr],
    [1, '', 'campaign status: unknown environment "nope": campaign.environments.json defines emu.\n'],
    'said once, not once per file',
  );

  const http = await w.run(['status', '--base-url', 'http://example.com', '--workspace-id', 'W1']);
  assert.equal(http.code, 1);
  assert.match(
    http.stderr,
    /^campaign status: the environment given on the command line: http:\/\/example\.com uses plain http:\/\/, which would send the API key unencrypted/,
  );

  const noKey = await w.run(['pull', 'abc'], { env: { CAMPAIGN_API_KEY: undefined } });
  assert.deepEqual(
    [noKey.code, noKey.stderr],
    [
      1,
      'campaign pull: no API key for environment "emu": set CAMPAIGN_API_KEY (or CAMPAIGN_API_KEY_EMU), or give --api-key-file FILE. The dashboard shows the key in the workspace settings.\n',
    ],
  );

  fs.writeFileSync(path.join(w.root, 'campaign.environments.json'), '{ "environments": [ { "name": "x" } ] }');
  const broken = await w.run(['pull', 'abc']);
  assert.equal(broken.code, 1);
  assert.match(broken.stderr, /^campaign pull: campaign\.environments\.json: environment x: baseUrl is required; workspaceId is required/);
  fs.writeFileSync(path.join(w.root, 'campaign.environments.json'), '{ not json');
  assert.match((await w.run(['pull', 'abc'])).stderr, /^campaign pull: campaign\.environments\.json is not a JSON object/);
});

test('--api-key-file and CAMPAIGN_API_KEY_<ENV> give the key; an empty key file is refused', async t => {
  const { w } = await editedCampaign(t);
  fs.writeFileSync(path.join(w.root, 'key.txt'), `${w.ws.apiKey}\n`);
  assert.equal((await w.run(['status', '--api-key-file', 'key.txt'], { env: { CAMPAIGN_API_KEY: undefined } })).code, 0);
  assert.equal((await w.run(['status'], { env: { CAMPAIGN_API_KEY: undefined, CAMPAIGN_API_KEY_EMU: w.ws.apiKey } })).code, 0);
  fs.writeFileSync(path.join(w.root, 'empty.txt'), '\n');
  const empty = await w.run(['pull', 'x', '--api-key-file', 'empty.txt']);
  assert.deepEqual(
    [empty.code, empty.stderr],
    [1, "campaign pull: --api-key-file empty.txt is empty: put the workspace's API key in it.\n"],
  );
});

test('an unreachable service: status exits 1 saying so, and the key appears nowhere', async t => {
  const { w } = await editedCampaign(t);
  writeEnvironments(w.root, [
    {
      name: 'emu',
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      workspaceId: w.ws.id,
      email: 'me@example.com',
      readTimeoutSeconds: 1,
    },
  ]);
  const r = await w.run(['status']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^error {2}campaigns\/.* \(emu\): campaign [0-9a-f]+ could not be read from emu: /);
  assert.ok(!`${r.stdout}${r.stderr}`.includes(w.ws.apiKey), 'the key is never printed');
  const plan = await w.run(['plan']);
  assert.equal(plan.code, 1);
});

test('stale, foreign and garbled plans are refused (exit 1) before anything is sent', async t => {
  const { w } = await editedCampaign(t);
  assert.equal((await w.run(['plan', '--out', 'plan.json'])).code, 2);
  const plan = JSON.parse(fs.readFileSync(path.join(w.root, 'plan.json'), 'utf8'));
  fs.writeFileSync(path.join(w.root, 'v9.json'), JSON.stringify({ ...plan, version: 9 }));
  assert.match(
    (await w.run(['push', '--plan', 'v9.json', '--yes'])).stderr,
    /^campaign push: --plan v9\.json is a version 9 plan; this campaign .* reads version 1\./,
  );
  fs.writeFileSync(path.join(w.root, 'other.json'), '{"entries": []}');
  assert.match(
    (await w.run(['push', '--plan', 'other.json', '--yes'])).stderr,
    /is not a plan: give a file written by campaign plan --out/,
  );
  assert.match(
    (await w.run(['push', '--plan', 'missing.json', '--yes'])).stderr,
    /^campaign push: --plan missing\.json: cannot read it \(ENOENT\)/,
  );
  assert.match(
    (await w.run(['push', 'elsewhere.campaign.json', '--plan', 'plan.json', '--yes'])).stderr,
    /elsewhere\.campaign\.json is not in plan\.json: plan it first/,
  );
  assert.equal(requests(w, 'PATCH').length, 0);
});

test('a plan made for another address, workspace or production flag than the environment has here is refused (exit 1), naming both', async t => {
  const { w } = await editedCampaign(t);
  assert.equal((await w.run(['plan', '--out', 'plan.json'])).code, 2);
  const plan = JSON.parse(fs.readFileSync(path.join(w.root, 'plan.json'), 'utf8'));
  const here = `emu (${w.emu.url}, workspace ${w.ws.id})`;
  const elsewhere = [
    {
      baseUrl: 'https://api-02.example.com',
      workspaceId: w.ws.id,
      production: false,
      made: `emu (https://api-02.example.com, workspace ${w.ws.id})`,
    },
    { baseUrl: w.emu.url, workspaceId: 'WSPROD', production: false, made: `emu (${w.emu.url}, workspace WSPROD)` },
    { baseUrl: w.emu.url, workspaceId: w.ws.id, production: true, made: `emu (${w.emu.url}, workspace ${w.ws.id}, production)` },
  ];
  for (const { made, ...recorded } of elsewhere) {
    fs.writeFileSync(
      path.join(w.root, 'foreign.json'),
      JSON.stringify({ ...plan, environments: [{ ...plan.environments[0], ...recorded }] }),
    );
    const r = await w.run(['push', '--plan', 'foreign.json', '--yes']);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(
      r.stderr,
      `campaign push: nothing was sent: the plan was made for ${made}, and here campaign.environments.json defines ${here}. Push from where the plan was made (its folder and environment settings), or run campaign plan here and review it.\n`,
    );
  }
  fs.writeFileSync(path.join(w.root, 'unrecorded.json'), JSON.stringify({ ...plan, environments: [] }));
  assert.match(
    (await w.run(['push', '--plan', 'unrecorded.json', '--yes'])).stderr,
    /nothing was sent: the plan was made for emu, which the plan does not describe, and here/,
  );
  assert.equal(requests(w, 'PATCH').length, 0);
  assert.equal((await w.run(['push', '--plan', 'plan.json', '--yes'])).code, 0, 'the plan itself still applies');
});

test('garbage and empty input: a file that is not JSON is blocked; a folder without campaigns, a missing path and a bad option are one line', async t => {
  const { w } = await editedCampaign(t);
  fs.mkdirSync(path.join(w.root, 'junk'));
  fs.writeFileSync(path.join(w.root, 'junk', 'x.campaign.json'), '\u0000\u0001 garbage');
  const plan = await w.run(['plan', 'junk']);
  assert.equal(plan.code, 1);
  assert.match(plan.stdout, /^blocked {2}junk\/x\.campaign\.json: junk\/x\.campaign\.json does not hold a JSON object/);
  assert.match((await w.run(['status', 'junk'])).stdout, /^error {2}junk\/x\.campaign\.json: not a JSON object/);
  fs.mkdirSync(path.join(w.root, 'empty'));
  assert.deepEqual(Object.values(await w.run(['status', 'empty'])).slice(0, 3), [
    1,
    '',
    'campaign status: empty: no *.campaign.json files in it. Give a directory, file or glob that holds campaigns.\n',
  ]);
  assert.equal(
    (await w.run(['diff', 'nowhere'])).stderr,
    'campaign diff: nowhere: cannot read: no such file (or a broken link). Check the path.\n',
  );
  assert.equal(
    (await w.run(['plan', 'nothing/**/*.campaign.json'])).stderr,
    'campaign plan: nothing/**/*.campaign.json: no files match it. Check the pattern, and quote it so the shell does not expand it.\n',
  );
  assert.match((await w.run(['status', '-'])).stderr, /^campaign status: - \(stdin\) is for campaign lint/);
  assert.equal(
    (await w.run(['plan', '--frobnicate'])).stderr,
    'campaign plan: unknown option --frobnicate. Run campaign plan --help for the options.\n',
  );
  assert.equal(
    (await w.run(['status', '--format', 'xml'])).stderr,
    'campaign status: --format must be text or json, not "xml". Run campaign status --help for the options.\n',
  );
  const nothing = await w.run(['pull'], { cwd: path.join(w.root, 'empty') });
  assert.match(nothing.stderr, /^campaign pull: nothing to pull: give campaign ids, or --search NAME/);
});

test('the real binary: --version, a one-line error without a stack trace, and the exit status', t => {
  const version = spawnSync(process.execPath, [CAMPAIGN, '--version'], { encoding: 'utf8' });
  assert.match(version.stdout, /^campaign \d+\.\d+\.\d+\n$/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-bin-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const r = spawnSync(process.execPath, [CAMPAIGN, 'pull', 'abc'], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH } });
  assert.equal(r.status, 1);
  assert.equal(
    r.stderr,
    'campaign pull: no environment is defined: add a campaign.environments.json (see docs/cli.md, "Campaigns as code"), or give --base-url URL --workspace-id ID.\n',
  );
  const unknown = spawnSync(process.execPath, [CAMPAIGN, 'frobnicate'], { encoding: 'utf8' });
  assert.equal(unknown.status, 2);
});

test('a wait the service asks for (429, Retry-After) is said on stderr, then the command goes on', async t => {
  const { w } = await editedCampaign(t);
  w.emu.admin.setFaults('throttle=1,retry-after=2');
  const throttled = w.emu.admin.whenRequest(r => r.status === 429, 'the first 429');
  const running = w.run(['status']);
  await throttled;
  w.emu.admin.clearFaults();
  const r = await running;
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^modified {2}campaigns\//);
  assert.match(r.stderr, /^campaign status: Waiting 2 seconds: the service asked to slow down \(Retry-After\)\.\n$/);
});
