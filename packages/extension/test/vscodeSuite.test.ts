import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runSuite, type Results } from './vscode/suite/index';

/** The real-VS-Code tier's mocha entry: a test that does not run fails the tier, naming it. */

/** Runs a suite file holding `source` as the tier runs its suites, and says how it ended. */
async function outcome(source: string): Promise<{ counts?: Results; error?: Error }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-studio-suite-'));
  const file = path.join(dir, 'probe.test.js');
  fs.writeFileSync(file, source);
  let counts: Results | undefined;
  try {
    await runSuite([file], {
      reporter: 'base',
      report: c => {
        counts = c;
      },
    });
    return { counts };
  } catch (e) {
    return { counts, error: e as Error };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a suite that skips itself when its emulator is missing fails the run, naming each test it skipped', async () => {
  const { counts, error } = await outcome(`
    suite('remote', () => {
      suiteSetup(function () { this.skip(); });
      test('fetch', () => undefined);
    });
    suite('local', () => { test('hover', () => undefined); });
  `);
  assert.ok(error, 'the run passed although a test was skipped');
  assert.match(error.message, /remote fetch/);
  assert.equal(counts?.passed, 1);
  assert.equal(counts?.skipped, 1);
  assert.deepEqual(
    counts?.failures.map(f => f.title),
    ['remote fetch'],
  );
  assert.match(counts!.failures[0].message, /must fail saying what is missing/);
});

test('a test skipped from its body fails the run too', async () => {
  const { error } = await outcome(`suite('s', () => { test('a', function () { this.skip(); }); test('b', () => undefined); });`);
  assert.match(error?.message ?? '(it passed)', /s a/);
});

test('.only left in a suite fails the run instead of narrowing it', async () => {
  const { error } = await outcome(`suite('s', () => { test.only('a', () => undefined); test('b', () => undefined); });`);
  assert.ok(error, 'the run passed with .only');
});

test('a suite whose tests all run and pass resolves with its counts', async () => {
  const { counts, error } = await outcome(`suite('s', () => { test('a', () => undefined); test('b', () => undefined); });`);
  assert.equal(error, undefined);
  assert.deepEqual(counts, { passed: 2, failed: 0, skipped: 0, failures: [] });
});
