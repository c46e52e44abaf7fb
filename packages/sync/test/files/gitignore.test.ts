import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { GitIgnores, rerooted } from '../../src/files/gitignore';

/** A repository whose .gitignore ignores the folder that holds `sandbox/workspace`, with files in it. */
function repository(t: { after(fn: () => void): void }, gitignore: string): { repo: string; folder: string } {
  const repo = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'gitignore-')));
  t.after(() => fs.rmSync(repo, { recursive: true, force: true }));
  fs.mkdirSync(path.join(repo, '.git'));
  fs.writeFileSync(path.join(repo, '.gitignore'), gitignore);
  const folder = path.join(repo, 'out', 'sandbox', 'workspace');
  fs.mkdirSync(path.join(folder, 'drafts'), { recursive: true });
  fs.mkdirSync(path.join(folder, 'build'));
  return { repo, folder };
}

test('a folder an enclosing repository ignores as a whole is checked when it is the folder being checked', t => {
  const { repo, folder } = repository(t, 'out/\n');
  const file = path.join(folder, 'drafts', 'a.campaign.json');
  const ignores = new GitIgnores(repo);
  assert.equal(ignores.ignores(file, false), true, 'from the repository root the folder is ignored, as git says');
  assert.equal(ignores.ignores(file, false, folder), false);
  assert.equal(new GitIgnores(folder).ignores(file, false), false, 'the working folder is the folder checked by default');
});

test("the enclosing repository's rules still apply to the entries inside the checked folder", t => {
  const { folder } = repository(t, '/out/\n*.draft.campaign.json\nout/sandbox/workspace/build/\nout/*/workspace/drafts/old/\n');
  const ignores = new GitIgnores(folder);
  const inFolder = (rel: string, isDir = false): boolean => ignores.ignores(path.join(folder, rel), isDir);
  assert.equal(inFolder('drafts/a.campaign.json'), false);
  assert.equal(inFolder('drafts/a.draft.campaign.json'), true, 'a pattern without a slash matches at any depth');
  assert.equal(inFolder('build', true), true, 'an anchored pattern reaching into the folder');
  assert.equal(inFolder('build/a.campaign.json'), true);
  assert.equal(inFolder('drafts/old/a.campaign.json'), true, 'a glob segment on the way to the folder');
});

test("the folder's own .gitignore and its own repository decide inside it", t => {
  const { folder } = repository(t, 'out/\n*.draft.campaign.json\n');
  fs.writeFileSync(path.join(folder, '.gitignore'), 'build/\n!keep.draft.campaign.json\n');
  const ignores = new GitIgnores(folder);
  assert.equal(ignores.ignores(path.join(folder, 'build', 'a.campaign.json'), false), true);
  assert.equal(ignores.ignores(path.join(folder, 'keep.draft.campaign.json'), false), false);
  assert.equal(ignores.ignores(path.join(folder, 'other.draft.campaign.json'), false), true);
  fs.mkdirSync(path.join(folder, '.git'));
  const own = new GitIgnores(folder);
  assert.equal(own.ignores(path.join(folder, 'other.draft.campaign.json'), false), false, 'a repository of its own: the outer rules stop');
});

test('rerooted keeps what reaches into the folder and drops what names the folder or its parents', () => {
  const rules = rerooted(
    '# a comment\nout/\n/out/sandbox/\n!out/sandbox/workspace/keep/\nout/sandbox/workspace/gen/\n**/tmp\nother/x/\n',
    'out/sandbox/workspace',
  );
  assert.equal(rules.ignores('a.campaign.json'), false);
  assert.equal(rules.ignores('gen/'), true);
  assert.equal(rules.ignores('deep/tmp'), true);
  assert.equal(rules.ignores('other/x/'), false);
  assert.equal(rules.ignores('out/a.json'), true, 'a name without a slash still matches inside');
  assert.equal(rules.test('keep/').unignored, true);
});
