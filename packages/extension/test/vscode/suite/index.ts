import * as fs from 'fs';
import * as path from 'path';

/**
 * The extension-test entry that VS Code loads (`extensionTestsPath`): the standard `run()` that
 * @vscode/test-electron also uses, so one suite serves code-server and desktop VS Code.
 * Runs every `*.test.js` beside this file (compiled from test/vscode/suite/*.test.ts).
 *
 * Environment (set by test/vscode/run.mjs or electron.mjs):
 *   CAMPAIGN_STUDIO_RESULTS  a file to receive `{ passed, failed, skipped, failures }`
 *   CAMPAIGN_STUDIO_GREP     only the tests whose full title matches this regular expression
 */
export async function run(): Promise<void> {
  // Stack traces of failures point into the .ts sources (the bundles carry inline source maps).
  process.setSourceMapsEnabled(true);
  const files = fs
    .readdirSync(__dirname)
    .filter(f => f.endsWith('.test.js'))
    .sort()
    .map(f => path.join(__dirname, f));
  const grep = process.env.CAMPAIGN_STUDIO_GREP;
  await runSuite(files, { grep: grep ? new RegExp(grep) : undefined, report: writeResults });
}

export interface SuiteOptions {
  grep?: RegExp;
  /** Mocha's reporter (its console output); `spec` by default. */
  reporter?: string;
  /** Receives the counts once the run ends (or fails to load). */
  report?: (counts: Results) => void;
}

/**
 * Runs mocha (tdd) over `files`. Resolves when every test ran and passed; rejects otherwise. A
 * skipped test (`this.skip()`, `test.skip`) counts as failed: a suite that cannot run, because its
 * emulator or anything else it needs is missing, fails the tier and says why instead of passing
 * with nothing tested. `.only` fails the run too, so no commit narrows the tier by accident.
 */
export function runSuite(
  files: readonly string[],
  { grep, reporter = 'spec', report = () => undefined }: SuiteOptions = {},
): Promise<Results> {
  const mochaModule = require('mocha');
  const Mocha = mochaModule.default ?? mochaModule;
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 20_000, reporter, forbidOnly: true });
  if (grep) mocha.grep(grep);
  for (const f of files) mocha.addFile(f);

  return new Promise((resolve, reject) => {
    const counts: Results = { passed: 0, failed: 0, skipped: 0, failures: [] };
    let runner: any;
    try {
      runner = mocha.run(() => {
        report(counts);
        if (counts.failed > 0)
          reject(
            new Error(`${counts.failed} of ${counts.passed + counts.failed} tests failed: ${counts.failures.map(f => f.title).join('; ')}`),
          );
        else if (counts.passed === 0) reject(new Error('no test ran'));
        else resolve(counts);
      });
    } catch (e) {
      counts.failed++;
      counts.failures.push({ title: 'loading the suite', message: messageOf(e) });
      report(counts);
      reject(e);
      return;
    }
    runner.on('pass', () => counts.passed++);
    runner.on('fail', (test: { fullTitle(): string }, error: unknown) => {
      counts.failed++;
      counts.failures.push({ title: test.fullTitle(), message: messageOf(error) });
    });
    runner.on('pending', (test: { fullTitle(): string }) => {
      counts.skipped++;
      counts.failed++;
      counts.failures.push({
        title: test.fullTitle(),
        message:
          'skipped: every test of this tier must run; a suite whose prerequisite (the emulator, a fixture) is missing must fail saying what is missing, not skip',
      });
    });
  });
}

/**
 * What the runner reads back; `failures` names each failed test with its whole message, which the
 * closing summary of `npm test` prints on one line.
 */
export interface Results {
  passed: number;
  failed: number;
  skipped: number;
  failures: { title: string; message: string }[];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function writeResults(counts: Results): void {
  const file = process.env.CAMPAIGN_STUDIO_RESULTS;
  if (!file) return;
  try {
    fs.writeFileSync(file, JSON.stringify(counts));
  } catch (e) {
    console.error(`could not write the results to ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
