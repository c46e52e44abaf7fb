import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OutsideFolderError, refuseLinkOut } from '../../src/files/insideFolder';

/** A working folder and a folder beside it, both real, in a fresh temporary directory. */
function folders(t: { after(fn: () => void): void }): { root: string; outside: string } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inside-folder-')));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'work');
  const outside = path.join(dir, 'elsewhere');
  fs.mkdirSync(path.join(root, 'campaigns'), { recursive: true });
  fs.mkdirSync(outside);
  return { root, outside };
}

function refusal(root: string, target: string): OutsideFolderError {
  try {
    refuseLinkOut(root, target);
  } catch (e) {
    assert.ok(e instanceof OutsideFolderError, String(e));
    return e;
  }
  assert.fail(`${target} was let through`);
}

test('a campaign file that is a link to a file outside the folder is refused, saying where it leads', t => {
  const { root, outside } = folders(t);
  fs.writeFileSync(path.join(outside, 'theirs.json'), '{}');
  const file = path.join(root, 'campaigns', 'a.x1.campaign.json');
  fs.symlinkSync(path.join(outside, 'theirs.json'), file);
  const e = refusal(root, file);
  assert.deepEqual([e.file, e.leadsTo, e.folder], [file, path.join(outside, 'theirs.json'), root]);
  assert.match(
    e.message,
    /is a symbolic link .* that leads to .*theirs\.json, outside the working folder .*work: nothing was written\. Replace the link/,
  );
});

test('.campaigns/base as a link to a folder outside: a base below it is refused, whether it exists or not', t => {
  const { root, outside } = folders(t);
  fs.mkdirSync(path.join(root, '.campaigns'));
  fs.symlinkSync(outside, path.join(root, '.campaigns', 'base'), 'dir');
  assert.equal(refusal(root, path.join(root, '.campaigns', 'base', 'x1.json')).leadsTo, path.join(outside, 'x1.json'));
  assert.equal(refusal(root, path.join(root, '.campaigns', 'base', 'deeper', 'x1.json')).leadsTo, path.join(outside, 'deeper', 'x1.json'));
});

test('a dangling link to a place outside is refused: writing it would create the file there', t => {
  const { root, outside } = folders(t);
  const file = path.join(root, 'campaigns', 'a.x1.campaign.json');
  fs.symlinkSync(path.join(outside, 'not-yet', 'x.json'), file);
  assert.equal(refusal(root, file).leadsTo, path.join(outside, 'not-yet', 'x.json'));
});

test('links that stay inside the folder, plain paths, and paths outside as written are let through', t => {
  const { root, outside } = folders(t);
  fs.mkdirSync(path.join(root, 'real-bases'));
  fs.mkdirSync(path.join(root, '.campaigns'));
  fs.symlinkSync(path.join(root, 'real-bases'), path.join(root, '.campaigns', 'base'), 'dir');
  fs.symlinkSync('missing.json', path.join(root, 'campaigns', 'dangling.x1.campaign.json'));
  for (const target of [
    path.join(root, '.campaigns', 'base', 'x1.json'),
    path.join(root, 'campaigns', 'dangling.x1.campaign.json'),
    path.join(root, 'campaigns', 'new', 'b.x2.campaign.json'),
    path.join(outside, 'named-outright.json'),
  ])
    assert.doesNotThrow(() => refuseLinkOut(root, target), target);
});

test('a working folder reached through a link is compared by where it leads', t => {
  const { root } = folders(t);
  const alias = `${root}-alias`;
  fs.symlinkSync(root, alias, 'dir');
  t.after(() => fs.rmSync(alias, { force: true }));
  assert.doesNotThrow(() => refuseLinkOut(alias, path.join(alias, 'campaigns', 'a.x1.campaign.json')));
});
