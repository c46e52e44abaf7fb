// `npm run test:electron`: the same suite as `npm run test:vscode`, in desktop VS Code through
// @vscode/test-electron, for machines that have (or can download) VS Code.
//
//   node test/vscode/electron.mjs [--no-build] [--grep REGEX] [--vscode PATH] [--version 1.100.3]
//
//   --vscode PATH   an installed VS Code executable (also CAMPAIGN_STUDIO_VSCODE_EXECUTABLE);
//                   without it, @vscode/test-electron downloads --version (default: stable)
//                   into .vscode-test/, which needs internet access.
// On Linux without a display, run it under `xvfb-run -a`.
// Environment: CAMPAIGN_STUDIO_RESULTS names a file to receive { passed, failed, skipped, failures }.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../../../scripts/ensure-env.mjs';
import { onInterrupt } from '../../../../scripts/lib/processes.mjs';
import { prepareSuiteRun } from './compile.mjs';
import { commandLine } from '../../../../scripts/lib/args.mjs';
import { messageOf, oneLine, writeResults } from '../../../../scripts/lib/results.mjs';

const { args, option } = commandLine();
const say = message => console.log(`[electron] ${message}`);

const resources = [];
async function cleanup() {
  while (resources.length) {
    try {
      await resources.pop()();
    } catch (e) {
      console.error(`[electron] cleanup: ${e.message}`);
    }
  }
}
onInterrupt(cleanup);

async function main() {
  if (!args.includes('--no-build')) {
    const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
    if (b.status !== 0) throw new Error('the build failed');
  }
  const { runTests } = await import('@vscode/test-electron');
  const { base, workspace, innerResults, env, suite } = await prepareSuiteRun({
    prefix: 'campaign-studio-electron-',
    resources,
    grep: option('--grep'),
    say,
  });
  const vscodeExecutablePath = option('--vscode') ?? process.env.CAMPAIGN_STUDIO_VSCODE_EXECUTABLE;
  let code;
  try {
    code = await runTests({
      ...(vscodeExecutablePath ? { vscodeExecutablePath } : { version: option('--version') ?? 'stable' }),
      extensionDevelopmentPath: suite.extensionPath,
      extensionTestsPath: suite.index,
      extensionTestsEnv: env,
      launchArgs: [
        workspace,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--user-data-dir',
        path.join(base, 'user-data'),
      ],
    });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (!vscodeExecutablePath && /download|ENOTFOUND|EAI_AGAIN|getaddrinfo|ECONNREFUSED|fetch/i.test(msg)) {
      throw new Error(
        `could not download VS Code (${msg}). Without internet access, pass an installed VS Code: --vscode /path/to/code, or use \`npm run test:vscode\` (code-server).`,
      );
    }
    // runTests rejects when the suite fails; the results file says how many.
    code = 1;
    console.error(`[electron] ${msg}`);
  }
  let counts;
  try {
    counts = JSON.parse(fs.readFileSync(innerResults, 'utf8'));
  } catch {
    counts = {
      passed: 0,
      failed: 1,
      skipped: 0,
      failures: [{ title: 'the suite', message: 'it ended without reporting results (see the log above)' }],
    };
  }
  if (code !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.failures = [{ title: 'the suite', message: `exited ${code} with no failed test (see the log above)` }];
  }
  writeResults(counts);
  say(`${counts.passed} passed, ${counts.failed} failed`);
  for (const f of counts.failures ?? []) say(`✘ ${f.title}: ${oneLine(f.message)}`);
  return code === 0 && counts.failed === 0 ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (e) {
  console.error(`[electron] ${e.message ?? e}`);
  writeResults({ passed: 0, failed: 1, skipped: 0, failures: [{ title: 'the runner', message: messageOf(e) }] });
} finally {
  await cleanup();
}
process.exit(exitCode);
