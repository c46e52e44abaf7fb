import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { baseSnapshotPath } from '@campaign-studio/sync';
import { pushCampaign, requests } from '../../../sync/test/push/harness';
import { cliWorld, CliWorld, edit, fileOf, onService } from './harness';

/**
 * Where the sync commands write: never through a symbolic link out of the working folder (a
 * campaign file, `.campaigns/base` or anything below it), and `pull --out` only inside it.
 */

/** A folder beside the working folder, with a file whose text must survive every test. */
function outsideFolder(w: CliWorld, t: { after(fn: () => void): void }): { dir: string; victim: string } {
  const dir = `${fs.realpathSync(w.root)}-outside`;
  fs.mkdirSync(dir, { recursive: true });
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const victim = path.join(dir, 'victim.json');
  fs.writeFileSync(victim, 'not yours\n');
  return { dir, victim };
}

/** What a folder holds, file by file, to show nothing was written there. */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[path.relative(dir, path.join(e.parentPath, e.name))] = fs.readFileSync(path.join(e.parentPath, e.name), 'utf8');
  }
  return out;
}

test('pull refuses a campaign file that is a link to a file outside the working folder, and writes nothing through it', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  const { dir, victim } = outsideFolder(w, t);
  fs.mkdirSync(path.join(w.root, 'campaigns'));
  const link = path.join(w.root, 'campaigns', `spring-sale.${id}.campaign.json`);
  fs.symlinkSync(victim, link);
  const r = await w.run(['pull', id]);
  assert.equal(r.code, 1, r.stdout);
  assert.match(
    r.stdout,
    new RegExp(
      `^error {2}campaign ${id} \\(emu\\): .*spring-sale\\.${id}\\.campaign\\.json is a symbolic link .* that leads to .*victim\\.json, outside the working folder .*: nothing was written\\. Replace the link`,
    ),
  );
  assert.deepEqual(contents(dir), { 'victim.json': 'not yours\n' });
  assert.ok(!fs.existsSync(baseSnapshotPath(w.root, id)), 'not even the base');
});

test('pull refuses .campaigns/base as a link to a folder outside, and a dangling link out, writing nothing there', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  const { dir } = outsideFolder(w, t);
  fs.mkdirSync(path.join(w.root, '.campaigns'));
  fs.symlinkSync(dir, path.join(w.root, '.campaigns', 'base'), 'dir');
  const viaBase = await w.run(['pull', id]);
  assert.equal(viaBase.code, 1);
  assert.match(
    viaBase.stdout,
    new RegExp(`base.${id}\\.json is a symbolic link .* that leads to .*-outside.${id}\\.json, outside the working folder`),
  );
  assert.ok(!fs.existsSync(path.join(w.root, 'campaigns')), 'the campaign file is not written either');

  fs.rmSync(path.join(w.root, '.campaigns', 'base'));
  fs.mkdirSync(path.join(w.root, 'campaigns'));
  fs.symlinkSync(path.join(dir, 'planted.json'), path.join(w.root, 'campaigns', `spring-sale.${id}.campaign.json`));
  const dangling = await w.run(['pull', id]);
  assert.equal(dangling.code, 1);
  assert.match(dangling.stdout, /leads to .*planted\.json, outside the working folder/);
  assert.deepEqual(contents(dir), { 'victim.json': 'not yours\n' });
});

test('links that stay inside the working folder keep working: pull and push through them', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  fs.mkdirSync(path.join(w.root, 'kept-bases'));
  fs.mkdirSync(path.join(w.root, '.campaigns'));
  fs.symlinkSync(path.join(w.root, 'kept-bases'), path.join(w.root, '.campaigns', 'base'), 'dir');
  assert.equal((await w.run(['pull', id])).code, 0);
  assert.ok(fs.existsSync(path.join(w.root, 'kept-bases', `${id}.json`)));
  edit(fileOf(w, id), d => {
    d.basic_details.name = 'Through a link';
  });
  const pushed = await w.run(['push', '--yes']);
  assert.equal(pushed.code, 0, pushed.stderr);
  assert.equal(requests(w, 'PATCH').length, 1);
});

test('push does not write the merge into a campaign file whose folder is a link out of the working folder', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  assert.equal((await w.run(['pull', id])).code, 0);
  const { dir } = outsideFolder(w, t);
  const file = fileOf(w, id);
  edit(file, d => {
    d.basic_details.name = 'Mine';
  });
  fs.renameSync(path.join(w.root, 'campaigns'), path.join(dir, 'campaigns'));
  fs.symlinkSync(path.join(dir, 'campaigns'), path.join(w.root, 'campaigns'), 'dir');
  w.emu.admin.editCampaign(id, { utm_params: { utm_source: 'email', utm_medium: 'push' } }, 'colleague@example.com');
  const before = contents(dir);
  const r = await w.run(['push', '--yes', '--format', 'json']);
  assert.equal(r.code, 1);
  const [result] = w.json<{ results: Array<{ outcome: string; message: string }> }>(r, 'push').results;
  assert.match(result.message, /is a symbolic link .* that leads to .*-outside.campaigns.* outside the working folder/);
  assert.deepEqual(contents(dir), before);
  assert.equal(requests(w, 'PATCH').length, 0);
});

test('pull --out with an absolute folder: inside the working folder it is that folder; outside it is refused like ../x', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  const inside = await w.run(['pull', id, '--out', path.join(w.root, 'live', 'push')]);
  assert.equal(inside.code, 0, inside.stdout);
  assert.match(inside.stdout, /^created {2}live\/push\/spring-sale\.[0-9a-f]+\.campaign\.json \(emu\)\n$/);

  const other = await onService(w, pushCampaign());
  const { dir } = outsideFolder(w, t);
  const outside = await w.run(['pull', other, '--out', path.join(dir, 'x')]);
  const dotdot = await w.run(['pull', other, '--out', '../x']);
  for (const r of [outside, dotdot]) {
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^error {2}campaign [0-9a-f]+ \(emu\): The fetch folder .*x leaves the workspace: use a folder inside it/);
  }
  assert.ok(!fs.existsSync(path.join(w.root, dir.slice(1))), 'never under the working folder as a relative path');
  assert.deepEqual(contents(dir), { 'victim.json': 'not yours\n' });
});
