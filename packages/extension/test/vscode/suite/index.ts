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
export function run(): Promise<void> {
  // Stack traces of failures point into the .ts sources (the bundles carry inline source maps).
  process.setSourceMapsEnabled(true);
  const mochaModule = require('mocha');
  const Mocha = mochaModule.default ?? mochaModule;
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 20_000, reporter: 'spec' });
  if (process.env.CAMPAIGN_STUDIO_GREP) mocha.grep(new RegExp(process.env.CAMPAIGN_STUDIO_GREP));

  const files = fs.readdirSync(__dirname).filter(f => f.endsWith('.test.js')).sort();
  for (const f of files) mocha.addFile(path.join(__dirname, f));

  return new Promise((resolve, reject) => {
    const counts: Results = { passed: 0, failed: 0, skipped: 0, failures: [] };
    let runner: any;
    try {
      runner = mocha.run((failures: number) => {
        writeResults(counts);
        if (failures > 0) reject(new Error(`${failures} of ${counts.passed + counts.failed} tests failed`));
        else if (counts.passed === 0) reject(new Error('no test ran'));
        else resolve();
      });
    } catch (e) {
      counts.failed++;
      counts.failures.push({ title: 'loading the suite', message: messageOf(e) });
      writeResults(counts);
      reject(e);
      return;
    }
    runner.on('pass', () => counts.passed++);
    runner.on('fail', (test: { fullTitle(): string }, error: unknown) => {
      counts.failed++;
      counts.failures.push({ title: test.fullTitle(), message: messageOf(error) });
    });
    runner.on('pending', () => counts.skipped++);
  });
}

/**
 * What the runner reads back; `failures` names each failed test with its whole message, which the
 * closing summary of `npm test` prints on one line.
 */
interface Results {
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
