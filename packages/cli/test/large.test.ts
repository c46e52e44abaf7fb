import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { planText } from '../src/plan/text';
import { makePlan } from '../src/plan/planFile';
import { PlanEntry } from '../src/plan/format';
import { MAX_STDIN_BYTES } from '../src/lint/check';

/**
 * Large inputs and crashes: a body of 200,000 tags (2.3 MB) is printed, not a stack overflow; a plan
 * or stdin past 64 MB stops being read there; and a problem nobody foresaw exits 3, never 2
 * ("changes pending" to `campaign plan`'s CI job) or 1.
 */

const CAMPAIGN = path.resolve(__dirname, '../../../dist/campaign.js');
const TAGS = Array.from({ length: 200_000 }, (_, i) => `tag-${String(i).padStart(6, '0')}`);

function bigEntry(file: string): PlanEntry {
  const body = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', basic_details: { name: 'Big', tags: TAGS } };
  return {
    file,
    fileSha256: '0'.repeat(64),
    campaignId: '6ad88294a1c0ffee0100000f',
    environment: 'staging',
    action: 'update',
    requests: [{ method: 'PATCH', path: '/v5/campaigns/6ad88294a1c0ffee0100000f', body }],
    changes: [{ path: 'basic_details.tags', before: [], after: TAGS, overridesRemote: false }],
    remote: { status: 'DRAFT', updatedAt: '2026-10-22 09:52:00', contentSha256: '0'.repeat(64) },
    fileTakes: [],
    conflicts: [],
    problems: [],
    notes: [],
  };
}

test('the plan of a 200,000-tag body is printed whole: every tag on its line, the summary last', () => {
  const text = planText(makePlan([bigEntry('big.campaign.json')], []), false);
  assert.ok(JSON.stringify(TAGS).length > 2_000_000);
  assert.match(text, /^update {2}big\.campaign\.json \(campaign 6ad88294a1c0ffee0100000f on staging\)\n/);
  assert.ok(text.includes(`\n                "tag-199999"\n`), 'the last tag, indented under its request');
  assert.match(text, /\nPlan: 1 to update, 0 to create, 0 unchanged\.\n$/);
});

test('the real binary: push --plan of a 200,000-tag plan prints it and refuses the missing file (exit 1, not 2)', t => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-large-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const environments = [{ name: 'staging', baseUrl: 'http://127.0.0.1:9', workspaceId: 'WS1', production: false }];
  fs.writeFileSync(path.join(dir, 'campaign.environments.json'), JSON.stringify({ environments }));
  fs.writeFileSync(path.join(dir, 'plan.json'), JSON.stringify({ ...makePlan([bigEntry('big.campaign.json')], []), environments }));
  const r = spawnSync(process.execPath, [CAMPAIGN, 'push', '--plan', 'plan.json', '--yes'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    env: { PATH: process.env.PATH, CAMPAIGN_API_KEY: 'k' },
  });
  assert.equal(
    r.stderr,
    'campaign push: nothing was sent: big.campaign.json is gone since the plan was made. Run campaign plan again and review it.\n',
  );
  assert.equal(r.status, 1);
  assert.ok(r.stdout.includes('"tag-199999"'));
});

test('push --plan /dev/zero stops reading at 64 MB and says so (exit 1), instead of filling the memory', t => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-large-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const r = spawnSync(process.execPath, [CAMPAIGN, 'push', '--plan', '/dev/zero', '--yes'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH },
  });
  assert.deepEqual(
    [r.status, r.stderr],
    [
      1,
      'campaign push: --plan /dev/zero holds more than 64 MB, far more than any plan, so reading stopped there: give a file written by campaign plan --out.\n',
    ],
  );
});

test('campaign lint - stops reading stdin past 64 MB and says so (exit 2); 64 MB itself is read', t => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-large-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const lint = (input: Buffer) =>
    spawnSync(process.execPath, [CAMPAIGN, 'lint', '--format', 'json', '-'], {
      cwd: dir,
      input,
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 << 20,
      env: { PATH: process.env.PATH },
    });
  const over = lint(Buffer.alloc(MAX_STDIN_BYTES + 1, ' '));
  assert.deepEqual(
    [over.status, over.stderr],
    [
      2,
      "campaign lint: <stdin>: cannot read: it holds more than 64 MB, far more than any campaign (they are 3–400 KB), so reading stopped there. Check what is piped in, or give the file's path instead of -.\n",
    ],
  );
  const at = lint(Buffer.concat([Buffer.from('{}'), Buffer.alloc(MAX_STDIN_BYTES - 2, ' ')]));
  assert.equal(at.stderr, '');
  assert.equal((JSON.parse(at.stdout) as Array<{ file: string }>)[0].file, '<stdin>');
});

/** Runs `startCli` with a command that fails as `fail` says, in a process of its own. */
function crash(fail: string): ReturnType<typeof spawnSync> {
  const script = `require(${JSON.stringify(path.resolve(__dirname, '../src/process'))}).startCli('campaign', ${fail});`;
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } });
}

test('an internal error exits 3 with one line, whether the command rejects or a callback throws', () => {
  const rejected = crash(`async () => { throw new RangeError('Maximum call stack size exceeded'); }`);
  assert.deepEqual(
    [rejected.status, rejected.stderr],
    [3, 'campaign: internal error, please report it: Maximum call stack size exceeded (set CAMPAIGN_DEBUG=1 for the details)\n'],
  );
  const thrown = crash(`() => new Promise(() => setTimeout(() => { throw new Error('boom'); }, 1))`);
  assert.deepEqual(
    [thrown.status, thrown.stderr],
    [3, 'campaign: internal error, please report it: boom (set CAMPAIGN_DEBUG=1 for the details)\n'],
  );
});
