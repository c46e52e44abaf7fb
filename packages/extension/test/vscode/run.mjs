// `npm run test:vscode`: the extension's integration suite inside a real VS Code extension host,
// served by code-server and opened in headless Chromium. The extension is loaded from source
// (extensionDevelopmentPath) and the mocha suite from test/vscode/suite (extensionTestsPath),
// through the `payload` URL parameter of VS Code's web client. The extension host's log streams
// to the terminal; the exit code is the result.
//
//   node test/vscode/run.mjs [--no-build] [--grep REGEX] [--keep] [--timeout SECONDS]   (or --grep=REGEX, …)
//
//   --no-build   use dist/ as it is (scripts/test.mjs has just built it)
//   --grep       only the tests whose full title matches REGEX
//   --keep       keep the temporary workspace and code-server's logs, and print where they are
// Environment: CAMPAIGN_STUDIO_RESULTS names a file to receive { passed, failed, skipped, failures }.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';
import { ensureEnv, EnvError, ROOT } from '../../../../scripts/ensure-env.mjs';
import { launchChromium, VIEWPORT } from '../../../../scripts/lib/browser.mjs';
import { isNoise, startCodeServer, workbenchUrl } from '../../../../scripts/lib/code-server.mjs';
import { onInterrupt, withTimeout } from '../../../../scripts/lib/processes.mjs';
import { messageOf, oneLine, writeResults } from '../../../../scripts/lib/results.mjs';
import { prepareSuiteRun } from './compile.mjs';
import { commandLine } from '../../../../scripts/lib/args.mjs';

const { args, flag, option } = commandLine();
const timeoutSec = Number(option('--timeout') ?? process.env.CAMPAIGN_STUDIO_VSCODE_TIMEOUT ?? 600);
const started = Date.now();
const say = message => console.log(`[vscode] ${message}`);

const resources = [];
async function cleanup() {
  while (resources.length) {
    const r = resources.pop();
    try {
      await r();
    } catch (e) {
      console.error(`[vscode] cleanup: ${e.message}`);
    }
  }
}
onInterrupt(cleanup);

/** The workbench hands over console calls as their arguments: `["  %d passing (%s)", 3, "2s"]`. */
function formatLog(message) {
  if (Array.isArray(message)) return format(...message);
  return typeof message === 'string' ? message : JSON.stringify(message);
}

/**
 * VS Code's warning that something was added to an owner already disposed (a listener, a logger,
 * a channel's parts): the added object leaks. Each one fails the run, as the extension's own
 * disposables must never come late.
 */
const LEAK = /Trying to add a disposable to a DisposableStore that has already been disposed/;

/** The failure that `leaks` warnings of LEAK in the extension host's log make, if any. */
function leakFailure(leaks) {
  if (leaks === 0) return [];
  return [
    {
      title: 'the extension host log',
      message: `${leaks} × "Trying to add a disposable to a DisposableStore that has already been disposed of": something was registered on an owner already disposed; the traces are in the log above`,
    },
  ];
}

/**
 * A failure of the run itself (not of a test), a message or an error: said now (an error with its
 * stack), and reported as one failed test with its message.
 */
function fail(problem) {
  console.error(`[vscode] ${problem?.stack ?? problem}`);
  writeResults({ passed: 0, failed: 1, skipped: 0, failures: [{ title: 'the runner', message: messageOf(problem) }] });
  return 1;
}

async function main() {
  try {
    await ensureEnv();
  } catch (e) {
    return fail(e instanceof EnvError ? e.message : e);
  }
  if (!flag('--no-build')) {
    const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
    if (b.status !== 0) return fail('the build failed');
  }
  const { workspace, innerResults, env, suite } = await prepareSuiteRun({
    prefix: 'campaign-studio-vscode-run-',
    resources,
    grep: option('--grep'),
    keep: flag('--keep'),
    say,
  });

  let leaks = 0;
  const server = await startCodeServer({
    label: 'vscode',
    env,
    onOutput: line => {
      if (LEAK.test(line)) leaks += 1;
      console.log(`[code-server] ${line}`);
    },
  });
  resources.push(() => server.stop({ keep: flag('--keep') }));
  say(`code-server at ${server.url} (${((Date.now() - started) / 1000).toFixed(1)}s)`);

  const browser = await launchChromium();
  resources.push(() => browser.close());
  const page = await browser.newPage({ viewport: VIEWPORT });
  let resolveExit;
  const exited = new Promise(r => {
    resolveExit = r;
  });
  await page.exposeFunction('codeAutomationLog', (type, message) => {
    const text = formatLog(message);
    if (LEAK.test(text)) leaks += 1;
    if (isNoise(text)) return;
    if (type === 'error') console.error(text);
    else console.log(text);
  });
  await page.exposeFunction('codeAutomationExit', code => resolveExit(code));
  page.on('pageerror', e => console.error(`[page] ${e.message}`));

  const url = workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: suite.extensionPath, extensionTestsPath: suite.index });
  await page.goto(url);
  let code;
  try {
    code = await withTimeout(exited, timeoutSec * 1000, `the suite did not finish within ${timeoutSec}s`);
  } catch (e) {
    const shot = path.join(ROOT, 'out', `vscode-timeout-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    return fail(`${e.message}; the workbench at that moment: ${path.relative(ROOT, shot)}; code-server's log: ${server.logFile}`);
  }

  let counts;
  try {
    counts = JSON.parse(fs.readFileSync(innerResults, 'utf8'));
  } catch {
    counts = undefined;
  }
  if (!counts)
    return fail(`the suite ended (exit ${code}) without reporting results: the extension host failed to load it (see the log above)`);
  if (code !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.failures = [{ title: 'the suite', message: `exited ${code} with no failed test (see the log above)` }];
  }
  const leaked = leakFailure(leaks);
  counts.failed += leaked.length;
  counts.failures = [...(counts.failures ?? []), ...leaked];
  writeResults(counts);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  say(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''} in ${secs}s`);
  for (const f of counts.failures ?? []) say(`✘ ${f.title}: ${oneLine(f.message)}`);
  return code === 0 && counts.failed === 0 ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (e) {
  exitCode = fail(e);
} finally {
  await cleanup();
}
process.exit(exitCode);
