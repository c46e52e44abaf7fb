// `npm start`, the sandbox: packages the extension, starts the local emulator of the Campaign
// service, starts code-server with the VSIX installed and the example workspace (examples/)
// pointed at the emulator, and prints the URL to open. The emulator is supervised: when it dies
// it is started again on the same port with its data, while code-server and the open editors
// stay up. Everything is kept in the sandbox folder between runs (the workspace, the emulator's
// data, code-server's user data and extensions), so the next `npm start` resumes where the last
// one stopped. Ctrl-C stops everything: each server runs in its own process group, and every
// group is ended.
//
//   npm start [-- --port 8080] [--emulator-port 4010] [--faults SPEC] [--fresh] [--no-package] [--dir DIR] [--json]
//
//   --port N            code-server's port on 127.0.0.1 (default 8080, or a free one when 8080 is taken; 0 = any)
//   --emulator-port N   the emulator's port (default: the one the workspace's environments name,
//                       4010 in examples/, or a free one when that is taken; 0 = any)
//   --faults SPEC       the emulator's faults (see docs/emulator.md, "Fault injection"), kept across its restarts
//   --fresh             start over: a new copy of examples/, the emulator's seed data, new user data
//   --no-package        install the campaign-studio.vsix that is there instead of packaging anew
//   --dir DIR           where the sandbox keeps all that (default .vscode-test/sandbox)
//   --json              also print one JSON line when ready:
//                       { url, workspace, userData, codeServer: { pid }, emulator: { url, admin, adminToken, pid, workspaces }, processGroups }
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureEnv, ensureNpmDeps, EnvError, ROOT } from './ensure-env.mjs';
import { startCodeServer, workbenchUrl } from './lib/code-server.mjs';
import { emulatorPresent, EMULATOR_MAIN, superviseEmulator } from './lib/emulator.mjs';
import { onInterrupt } from './lib/processes.mjs';
import { numberedSteps } from './lib/progress.mjs';
import { copyExamples, emulatorUrlIn, EXAMPLES, openOnWalkthrough, pointAtEmulator } from './lib/sandbox.mjs';
import { commandLine } from './lib/args.mjs';

const { args, flag, option } = commandLine();
const say = message => console.log(`[start] ${message}`);
const shown = p => (p.startsWith(ROOT + path.sep) ? path.relative(ROOT, p) : p);

const KNOWN = new Set(['--port', '--emulator-port', '--faults', '--fresh', '--no-package', '--dir', '--json']);
for (const a of args) {
  if (a.startsWith('--') && !KNOWN.has(a.split('=')[0])) {
    console.error(`[start] unknown option ${a}; options: ${[...KNOWN].join(', ')}`);
    process.exit(2);
  }
}

const CODE_SERVER_PORT = 8080;
/** The port examples/.vscode/settings.json names, so a fresh copy needs no rewriting. */
const EMULATOR_PORT = 4010;
const sandbox = path.resolve(option('--dir') ?? path.join(ROOT, '.vscode-test', 'sandbox'));
const workspace = path.join(sandbox, 'workspace');
const emulatorData = path.join(sandbox, 'emulator-data.json');
const codeServerDir = path.join(sandbox, 'code-server');
const VSIX = path.join(ROOT, 'campaign-studio.vsix');

const running = [];
let stopping = false;
async function stopAll() {
  stopping = true;
  // All at once: each stop() first makes sure its server is not started again.
  const all = running.splice(0);
  await Promise.all(all.map(r => r.stop().catch(e => console.error(`[start] stopping ${r.name}: ${e.message}`))));
}
onInterrupt(async () => {
  console.log('');
  say('stopping…');
  await stopAll();
  say('stopped; nothing left running');
});

/**
 * The port given with `name`, or `preferred` when it is free; `undefined` means any free port.
 * A port given explicitly and taken is an error; the preferred one taken is a line of output.
 */
async function choosePort(name, preferred, what) {
  const raw = option(name);
  if (raw === undefined) {
    if (await portFree(preferred)) return preferred;
    say(`port ${preferred} is taken; ${what} takes another`);
    return undefined;
  }
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name} ${raw}: give a port number from 1 to 65535, or 0 for any free port`);
  if (port === 0) return undefined;
  if (!(await portFree(port))) throw new Error(`port ${port} on 127.0.0.1 is taken: stop what uses it, or pick another with ${name}`);
  return port;
}

async function portFree(port) {
  const net = await import('node:net');
  return new Promise(resolve => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function packageExtension() {
  const r = spawnSync('npm', ['run', '--silent', 'package'], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  if (r.status === 0) return true;
  console.error(`[start] npm run package failed:\n${`${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-30).join('\n')}`);
  return false;
}

/**
 * The workspace, the emulator's data and the user data: kept from the last run unless --fresh.
 * @returns {boolean} whether the workspace is the last run's
 */
function prepareSandbox() {
  fs.mkdirSync(sandbox, { recursive: true });
  if (flag('--fresh')) fs.rmSync(codeServerDir, { recursive: true, force: true });
  if (flag('--fresh') || !fs.existsSync(workspace)) {
    copyExamples(workspace, EXAMPLES);
    fs.rmSync(emulatorData, { force: true });
    say(`workspace: a fresh copy of examples/ in ${shown(workspace)}`);
    return false;
  }
  say(`workspace: ${shown(workspace)} (kept from the last run with the emulator's data and your editor's state; --fresh starts over)`);
  return true;
}

/** What `npm start` says about the emulator's life after its first start. */
function reportEmulator(event) {
  if (event.type === 'exited') say(`the emulator exited (${event.how}); starting it again on the same port with its data`);
  if (event.type === 'restarted')
    say(`emulator restarted on ${event.instance.url} (pid ${event.instance.pid}); its data is kept in ${shown(emulatorData)}`);
  if (event.type === 'failed') say(`the emulator did not start again: ${event.error.message}`);
  if (event.type === 'gave-up') {
    say(
      `the emulator was restarted ${event.restarts} times within ${event.withinMs / 1000} s and exited again; it stays down, code-server keeps running. ` +
        'Fix what it said above, then stop with Ctrl-C and run npm start again.',
    );
  }
}

/**
 * Starts the supervised emulator and points the workspace at it.
 * @param {string | undefined} previousUrl  where a kept workspace's environments point (its last
 *   run's emulator); undefined for a fresh copy of examples/, which names EMULATOR_PORT
 */
async function startEmulatorFor(previousUrl) {
  const previousPort = previousUrl ? Number(new URL(previousUrl).port) : EMULATOR_PORT;
  const port = await choosePort('--emulator-port', previousPort, 'the emulator');
  const { first, supervisor } = await superviseEmulator(
    { port, data: emulatorData, faults: option('--faults'), onOutput: l => console.log(`[emulator] ${l}`) },
    { onEvent: reportEmulator },
  );
  running.push({ name: 'the emulator', stop: () => supervisor.stop(), pid: first.pid });
  const environments = await pointAtEmulator(workspace, first);
  say(`emulator: ${first.url} (state kept in ${shown(emulatorData)})`);
  // A sign-in is stored per environment URL: a kept workspace whose emulator moved needs a new one.
  if (previousUrl && previousUrl !== first.url)
    say(`the workspace's environments now point at ${first.url} instead of ${previousUrl}: sign in again`);
  return { emulator: first, environments };
}

function printBanner({ url, emulator, environments }) {
  console.log('');
  console.log('  Campaign Studio sandbox is running.');
  console.log('');
  console.log(`  Open   ${url}`);
  console.log('');
  console.log('  Where to start: the browser opens on the walkthrough "Start with Campaign Studio"');
  console.log('  (or "Welcome: Open Walkthrough..." in the Command Palette). Then open');
  console.log('  drafts/black-friday.campaign.json: the Problems panel lists its 5 errors.');
  console.log('');
  if (emulator) {
    console.log(`  Service emulator   ${emulator.url}   (restarted with its data if it dies)`);
    for (const env of environments) console.log(`    environment "${env.name}": workspace ${env.workspaceId}, API key ${env.apiKey}`);
    console.log('  Sign in from the status bar (or "Campaign Studio: Sign In" in the Command Palette) with one of those keys.');
    console.log(
      `  Emulator admin     ${emulator.url}/__admin   faults now: ${option('--faults') ?? 'none'}   token: ${emulator.adminToken}`,
    );
    console.log(
      `    change them:  curl -X PUT ${emulator.url}/__admin/faults -H 'X-Emulator-Admin-Token: ${emulator.adminToken}' -H 'Content-Type: application/json' -d '{"spec":"latency=200-800"}'`,
    );
    console.log('    (clear: the same with -X DELETE and no body; the token stays the same when the emulator is restarted)');
  }
  console.log('');
  console.log(`  Your settings, unsaved files and sign-ins are kept in ${shown(codeServerDir)} (--fresh starts over).`);
  console.log('  Ctrl-C stops everything.');
  console.log('');
}

async function main() {
  const packaging = !flag('--no-package');
  const step = numberedSteps(packaging ? 5 : 4, say);
  try {
    await step('npm packages (npm ci, only when package-lock.json changed)', ensureNpmDeps);
    await step('Debian packages and code-server (the first time: 4 to 6 minutes)', ensureEnv);
  } catch (e) {
    console.error(`[start] ${e instanceof EnvError ? e.message : e.stack}`);
    return 1;
  }
  const port = await choosePort('--port', CODE_SERVER_PORT, 'code-server');
  if (packaging && !(await step('packaging the extension into campaign-studio.vsix (about a minute)', packageExtension))) return 1;
  if (!fs.existsSync(VSIX)) {
    console.error(`[start] ${path.relative(ROOT, VSIX)} is missing: run without --no-package`);
    return 1;
  }
  const { emulator, environments } = await step('the workspace and the service emulator', async () => {
    const kept = prepareSandbox();
    if (!kept) await openOnWalkthrough(workspace);
    if (emulatorPresent()) return startEmulatorFor(kept ? await emulatorUrlIn(workspace) : undefined);
    say(`the emulator is not there yet (${path.relative(ROOT, EMULATOR_MAIN)} is missing): the sandbox runs without a service to talk to`);
    return { emulator: undefined, environments: [] };
  });

  // The tests' 'none' keeps their screens still; here the extension opens the walkthrough (the workspace setting above).
  const server = await step('code-server with the extension installed', () =>
    startCodeServer({
      label: 'sandbox',
      dir: codeServerDir,
      vsix: VSIX,
      port,
      settings: { 'workbench.startupEditor': 'welcomePageInEmptyWorkbench' },
    }),
  );
  running.push({ name: 'code-server', stop: () => server.stop(), pid: server.pid });
  const url = workbenchUrl(server, { folder: workspace });
  printBanner({ url, emulator, environments });
  if (flag('--json')) {
    console.log(
      JSON.stringify({
        url,
        workspace,
        userData: server.userDataDir,
        codeServer: { pid: server.pid },
        emulator: emulator
          ? {
              url: emulator.url,
              admin: `${emulator.url}/__admin`,
              adminToken: emulator.adminToken,
              pid: emulator.pid,
              workspaces: emulator.workspaces,
            }
          : null,
        processGroups: running.map(r => r.pid),
      }),
    );
  }

  // Runs until Ctrl-C; the emulator is restarted when it dies, code-server's end ends everything.
  return new Promise(resolve => {
    server.child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`[start] code-server exited (${signal ?? code}); stopping everything`);
      void stopAll().then(() => resolve(1));
    });
  });
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`[start] ${e.message ?? e}`);
}
await stopAll();
process.exit(code);
