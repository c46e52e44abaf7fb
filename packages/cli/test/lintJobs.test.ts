import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { writeFetched } from '../../sync/test/helpers/fetchedProject';
import { Bin, run } from './helpers/bins';

/**
 * `campaign lint` on many files checks them on several threads (`--jobs`, by default one per core
 * from 200 files): through the built bins, the output, the messages on stderr and the exit status
 * are exactly those of one thread, whatever the number of threads and the format.
 */

const EXAMPLES = path.resolve(__dirname, '../../../examples');
const FILES = 260;

let root: string;
before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-lint-jobs-')));
  const examples = ['campaigns', 'drafts'].flatMap(d =>
    fs.readdirSync(path.join(EXAMPLES, d)).map(f => fs.readFileSync(path.join(EXAMPLES, d, f), 'utf8')),
  );
  fs.writeFileSync(path.join(root, '.campaignrc.json'), fs.readFileSync(path.join(EXAMPLES, '.campaignrc.json')));
  for (let i = 0; i < FILES; i++) {
    const team = path.join(root, 'campaigns', `team-${i % 7}`);
    fs.mkdirSync(team, { recursive: true });
    // Every fifth file is cut short (a syntax error), the others are the examples with and without their mistakes.
    const text = examples[i % examples.length];
    fs.writeFileSync(path.join(team, `c-${i}.campaign.json`), i % 5 === 0 ? text.slice(0, text.length / 2) : text);
  }
  // A team with settings of its own, broken (rule W1, and the files it governs say so), and one
  // with a fetched file whose base snapshot is damaged (said once on stderr, exit 2).
  fs.writeFileSync(path.join(root, 'campaigns', 'team-3', '.campaignrc.json'), '{ "features": { "queuing": "yes" } }');
  const fetched = writeFetched(path.join(root, 'campaigns', 'team-5'));
  fs.writeFileSync(fetched.sidecar, '{ "format": "campaign-studio-base", ');
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

function lintWith(bin: Bin, ...args: string[]) {
  return run(root, args, { bin });
}

describe('campaign lint --jobs', () => {
  for (const format of ['text', 'json', 'sarif']) {
    test(`--format ${format}: three threads print what one prints, and exit the same`, () => {
      const one = lintWith('campaign lint', '--format', format, '--jobs', '1', 'campaigns');
      const three = lintWith('campaign lint', '--format', format, '--jobs', '3', 'campaigns');
      assert.equal(one.status, 2, one.stderr);
      assert.match(one.stderr, /base snapshot .*cannot read/);
      assert.deepEqual(three, one);
    });
  }

  test('by default (260 files, more than 200) the output is the same as one thread’s, for both bins', () => {
    const one = lintWith('campaign-lint', '--jobs', '1', 'campaigns');
    assert.match(one.stdout, new RegExp(`${FILES + 2} files checked`));
    assert.deepEqual(lintWith('campaign-lint', 'campaigns'), one);
    assert.deepEqual(lintWith('campaign lint', 'campaigns'), { ...one, stderr: one.stderr.replaceAll('campaign-lint:', 'campaign lint:') });
  });

  test('--jobs takes a whole number from 1 to 64: anything else is a usage error (exit 2)', () => {
    for (const bad of ['0', '65', 'two', '-1', '1.5']) {
      const r = lintWith('campaign lint', `--jobs=${bad}`, 'campaigns');
      assert.equal(r.status, 2, bad);
      assert.match(r.stderr, new RegExp(`--jobs must be a whole number from 1 to 64, not "${bad.replace('.', '\\.')}"`));
      assert.equal(r.stdout, '');
    }
  });
});
