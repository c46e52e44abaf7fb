// `npm start`, the sandbox: packages the extension, starts the local emulator of the Campaign
// service with its seed data, starts code-server with the VSIX installed and the example
// workspace (examples/) pointed at the emulator, and prints the URL to open. Ctrl-C stops
// everything: each server runs in its own process group, and every group is ended.
//
//   npm start [-- --port 8080] [--fresh] [--no-package] [--dir DIR] [--json]
//
//   --port N       code-server's port on 127.0.0.1 (default 8080, or a free one when 8080 is taken; 0 = any)
//   --fresh        start over: a new copy of examples/ and the emulator's seed data
//   --no-package   install the campaign-studio.vsix that is there instead of packaging anew
//   --dir DIR      where the sandbox keeps its workspace and emulator data (default .vscode-test/sandbox)
//   --json         also print one JSON line when ready: { url, workspace, emulator, processGroups }
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureEnv, ensureNpmDeps, EnvError, ROOT } from './ensure-env.mjs';
import { startCodeServer, workbenchUrl } from './lib/code-server.mjs';
import { emulatorPresent, EMULATOR_MAIN, startEmulator } from './lib/emulator.mjs';
import { onInterrupt } from './lib/processes.mjs';
import { copyExamples, EXAMPLES, pointAtEmulator } from './lib/sandbox.mjs';
import { commandLine } from './lib/args.mjs';

const { args, flag, option } = commandLine();
const say = message => console.log(`[start] ${message}`);
const shown = p => (p.startsWith(ROOT + path.sep) ? path.relative(ROOT, p) : p);

const KNOWN = new Set(['--port', '--fresh', '--no-package', '--dir', '--json']);
for (const a of args) {
  if (a.startsWith('--') && !KNOWN.has(a.split('=')[0])) {
    console.error(`[start] unknown option ${a}; options: ${[...KNOWN].join(', ')}`);
    process.exit(2);
  }
}

const sandbox = path.resolve(option('--dir') ?? path.join(ROOT, '.vscode-test', 'sandbox'));
const workspace = path.join(sandbox, 'workspace');
const emulatorData = path.join(sandbox, 'emulator-data.json');
const VSIX = path.join(ROOT, 'campaign-studio.vsix');

const running = [];
let stopping = false;
async function stopAll() {
  stopping = true;
  while (running.length) {
    const r = running.pop();
    try { await r.stop(); } catch (e) { console.error(`[start] stopping ${r.name}: ${e.message}`); }
  }
}
onInterrupt(async () => {
  console.log('');
  say('stopping…');
  await stopAll();
  say('stopped; nothing left running');
});

async function choosePort() {
  const raw = option('--port');
  if (raw === undefined) {
    const preferred = 8080;
    const free = await portFree(preferred);
    if (!free) say(`port ${preferred} is taken; using another`);
    return free ? preferred : undefined;
  }
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port ${raw}: give a port number from 1 to 65535, or 0 for any free port`);
  if (port === 0) return undefined;
  if (!(await portFree(port))) throw new Error(`port ${port} on 127.0.0.1 is taken: stop what uses it, or pick another with --port`);
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

async function main() {
  try {
    await ensureNpmDeps();
    await ensureEnv();
  } catch (e) {
    console.error(`[start] ${e instanceof EnvError ? e.message : e.stack}`);
    return 1;
  }
  const port = await choosePort();

  if (!flag('--no-package')) {
    say('building and packaging the extension (npm run package)…');
    const r = spawnSync('npm', ['run', '--silent', 'package'], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
    if (r.status !== 0) {
      console.error(`[start] npm run package failed:\n${`${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-30).join('\n')}`);
      return 1;
    }
  }
  if (!fs.existsSync(VSIX)) {
    console.error(`[start] ${path.relative(ROOT, VSIX)} is missing: run without --no-package`);
    return 1;
  }

  fs.mkdirSync(sandbox, { recursive: true });
  if (flag('--fresh') || !fs.existsSync(workspace)) {
    copyExamples(workspace, EXAMPLES);
    fs.rmSync(emulatorData, { force: true });
    say(`workspace: a fresh copy of examples/ in ${shown(workspace)}`);
  } else {
    say(`workspace: ${shown(workspace)} (kept from the last run; --fresh starts over)`);
  }

  let emulator;
  let environments = [];
  if (emulatorPresent()) {
    emulator = await startEmulator({ data: emulatorData, onOutput: l => console.log(`[emulator] ${l}`) });
    running.push({ name: 'the emulator', stop: emulator.stop, pid: emulator.pid });
    environments = await pointAtEmulator(workspace, emulator);
    say(`emulator: ${emulator.url} (state kept in ${shown(emulatorData)})`);
  } else {
    say(`the emulator is not there yet (${path.relative(ROOT, EMULATOR_MAIN)} is missing): the sandbox runs without a service to talk to`);
  }

  const server = await startCodeServer({ label: 'sandbox', vsix: VSIX, port });
  running.push({ name: 'code-server', stop: () => server.stop(), pid: server.pid });
  const url = workbenchUrl(server, { folder: workspace });

  console.log('');
  console.log('  Campaign Studio sandbox is running.');
  console.log('');
  console.log(`  Open   ${url}`);
  if (emulator) {
    console.log(`  Service emulator   ${emulator.url}`);
    for (const env of environments) console.log(`    environment "${env.name}": workspace ${env.workspaceId}, API key ${env.apiKey}`);
    console.log('  Sign in from the status bar (or "Campaign Studio: Sign In" in the Command Palette) with one of those keys.');
  }
  console.log('');
  console.log('  Ctrl-C stops everything.');
  console.log('');
  if (flag('--json')) {
    console.log(JSON.stringify({
      url, workspace, emulator: emulator ? { url: emulator.url, workspaces: emulator.workspaces } : null,
      processGroups: running.map(r => r.pid),
    }));
  }

  // Runs until Ctrl-C; if a server dies on its own, everything stops with a message.
  return new Promise(resolve => {
    const died = name => (code, signal) => {
      if (stopping) return;
      console.error(`[start] ${name} exited (${signal ?? code}); stopping everything`);
      void stopAll().then(() => resolve(1));
    };
    server.child.on('exit', died('code-server'));
    emulator?.child.on('exit', died('the emulator'));
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
