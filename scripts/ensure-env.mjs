// Installs what the real-editor tiers and the sandbox need on a fresh machine, and nothing more:
// for the vscode and ui tiers and `npm start`, Debian's Chromium (plus ripgrep, fonts and the
// headers code-server's native modules build against) and code-server, pinned and cached under
// .vscode-test/code-server; for the editors tier, Debian's Neovim and Emacs with Eglot. Node
// built-ins only, so it runs before anything else is installed. A second run finds everything and
// returns at once.
//
//   node scripts/ensure-env.mjs          what VS Code needs; exit 0 when ready, 1 with a message saying what to do
//   node scripts/ensure-env.mjs editors  what the editors tier needs (Debian packages only)
//
// code-server installs offline only with three fixes (see README, "Tests"): its nested ripgrep
// download is served from a pre-seeded cache holding Debian's `rg`, `npm_config_yes=true` lets
// node-pty's `npx node-gyp` run, and npm keeps the user's config (its `nodedir` points at the Node
// headers), so HOME is never overridden for npm.
import { spawn, spawnSync } from 'node:child_process';
import { installProgress } from './lib/progress.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CODE_SERVER_VERSION = '4.100.3';
/** code-server 4.100.x (VS Code 1.100) runs on Node 20; newer ones need Node 22 or 24. */
const CODE_SERVER_NODE_MAJOR = 20;
const RIPGREP_PACKAGE_VERSION = '1.15.11';
const RIPGREP_ASSET_VERSION = 'v13.0.0-10';

export const CACHE_DIR = path.join(ROOT, '.vscode-test');
export const CODE_SERVER_DIR = path.join(CACHE_DIR, 'code-server');
export const CODE_SERVER_ENTRY = path.join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const CHROMIUM = process.env.CAMPAIGN_STUDIO_CHROMIUM || '/usr/bin/chromium';
const MARKER = path.join(CODE_SERVER_DIR, 'installed.json');
const LOCK = path.join(CACHE_DIR, 'install.lock');

/** Debian packages, what needs each (`for`: the VS Code tiers and the sandbox, or the editors tier), and how to tell each is there. */
const DEBIAN_PACKAGES = [
  { name: 'chromium', for: 'vscode', why: 'the browser the tests drive', present: () => isExecutable(CHROMIUM) },
  {
    name: 'ripgrep',
    for: 'vscode',
    why: "VS Code's search, and the offline ripgrep for code-server's install",
    present: () => !!which('rg'),
  },
  { name: 'fonts-liberation', for: 'vscode', why: 'readable text in screenshots', present: () => dpkgInstalled('fonts-liberation') },
  { name: 'libkrb5-dev', for: 'vscode', why: "headers for code-server's kerberos module", present: () => dpkgInstalled('libkrb5-dev') },
  {
    name: 'libsecret-1-dev',
    for: 'vscode',
    why: "headers for code-server's keytar module",
    present: () => dpkgInstalled('libsecret-1-dev'),
  },
  {
    name: 'build-essential',
    for: 'vscode',
    why: "a C++ compiler and make for code-server's native modules",
    present: () => !!which('make') && !!which('g++'),
  },
  { name: 'python3', for: 'vscode', why: 'node-gyp, which builds those native modules', present: () => !!which('python3') },
  { name: 'neovim', for: 'editors', why: 'the Neovim setup of docs/other-editors.md runs in it', present: () => !!which('nvim') },
  { name: 'emacs-nox', for: 'editors', why: 'the Emacs setup of docs/other-editors.md runs in it', present: () => !!which('emacs') },
  { name: 'elpa-eglot', for: 'editors', why: "Eglot, Emacs's language client (built in from Emacs 29)", present: emacsHasEglot },
];

const log = message => console.log(`[env] ${message}`);

export class EnvError extends Error {}

function which(cmd) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const p = path.join(dir, cmd);
    if (dir && isExecutable(p)) return p;
  }
  return undefined;
}

function isExecutable(p) {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Whether Emacs loads Eglot once the installed packages are activated, as an interactive start does. */
function emacsHasEglot() {
  if (!which('emacs')) return false;
  return (
    spawnSync('emacs', ['--batch', '--eval', "(progn (package-activate-all) (require 'eglot))"], { stdio: 'ignore', timeout: 60_000 })
      .status === 0
  );
}

function dpkgInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${db:Status-Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() === 'installed';
}

/** Runs a command with its output in `logFile`; `onLine` hears each line of it too (for progress). */
function runLogged(cmd, args, { env, cwd, logFile, timeoutMs, onLine }) {
  return new Promise(resolve => {
    const out = fs.openSync(logFile, 'a');
    fs.writeSync(out, `\n$ ${cmd} ${args.join(' ')}\n`);
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let partial = '';
    const heard = chunk => {
      fs.writeSync(out, chunk);
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop();
      for (const line of lines) onLine?.(line);
    };
    child.stdout.on('data', heard);
    child.stderr.on('data', heard);
    const timer = setTimeout(() => {
      fs.writeSync(out, `\n(timed out after ${timeoutMs / 1000}s)\n`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    let settled = false;
    const settle = result => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fs.closeSync(out);
      resolve(result);
    };
    // 'close': the output is all heard (an install script may outlive npm's own exit for a moment).
    child.on('close', (code, signal) => settle(code ?? (signal ? 1 : 0)));
    child.on('error', err => settle(`${err.message}`));
  });
}

function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** The Debian packages that `group` needs ('vscode' or 'editors'), installed with apt-get when missing. */
async function ensureDebianPackages(group) {
  const wanted = DEBIAN_PACKAGES.filter(p => p.for === group);
  const missing = wanted.filter(p => !p.present());
  if (missing.length === 0) {
    log(`Debian packages present: ${wanted.map(p => p.name).join(', ')}`);
    return;
  }
  const names = missing.map(p => p.name);
  const list = missing.map(p => `  ${p.name}: ${p.why}`).join('\n');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!which('apt-get')) {
    throw new EnvError(
      `missing system packages (and no apt-get to install them):\n${list}\n` +
        'Install their equivalents with your package manager. A Chromium elsewhere than /usr/bin/chromium can be named with CAMPAIGN_STUDIO_CHROMIUM=/path/to/chromium.',
    );
  }
  if (!isRoot) {
    throw new EnvError(
      `missing Debian packages:\n${list}\nInstall them as root, then run this again:\n  sudo apt-get update && sudo apt-get install -y ${names.join(' ')}`,
    );
  }
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const logFile = path.join(CACHE_DIR, 'apt.log');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`installing Debian packages: ${names.join(', ')} (apt-get; log in ${path.relative(ROOT, logFile)})`);
  const started = Date.now();
  let code = await runLogged('apt-get', ['update'], { env, cwd: ROOT, logFile, timeoutMs: 300_000 });
  if (code === 0) code = await runLogged('apt-get', ['install', '-y', ...names], { env, cwd: ROOT, logFile, timeoutMs: 900_000 });
  if (code !== 0) throw new EnvError(`apt-get failed (${code}):\n${tail(logFile)}\nInstall by hand: apt-get install -y ${names.join(' ')}`);
  const still = missing.filter(p => !p.present());
  if (still.length) throw new EnvError(`apt-get finished but these are still missing: ${still.map(p => p.name).join(', ')}`);
  log(`Debian packages installed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
}

function ripgrepTarget() {
  const arch = { x64: 'x86_64', arm64: 'aarch64' }[process.arch];
  if (!arch || process.platform !== 'linux')
    throw new EnvError(`code-server's offline install is prepared for Linux x64 and arm64, not ${process.platform} ${process.arch}`);
  return `${arch}-unknown-linux-musl`;
}

/** Puts Debian's rg where @vscode/ripgrep's postinstall looks before downloading from GitHub. */
function seedRipgrepCache(tmpDir) {
  const rg = which('rg');
  if (!rg) throw new EnvError('ripgrep (rg) is missing: apt-get install -y ripgrep');
  const cache = path.join(tmpDir, `vscode-ripgrep-cache-${RIPGREP_PACKAGE_VERSION}`);
  const file = path.join(cache, `ripgrep-${RIPGREP_ASSET_VERSION}-${ripgrepTarget()}.tar.gz`);
  fs.mkdirSync(cache, { recursive: true });
  const stage = fs.mkdtempSync(path.join(tmpDir, 'rg-'));
  fs.copyFileSync(rg, path.join(stage, 'rg'));
  fs.chmodSync(path.join(stage, 'rg'), 0o755);
  const r = spawnSync('tar', ['-czf', file, '-C', stage, 'rg'], { encoding: 'utf8' });
  fs.rmSync(stage, { recursive: true, force: true });
  if (r.status !== 0) throw new EnvError(`could not pack ripgrep for the offline install: ${r.stderr || r.error?.message}`);
  log(`ripgrep cache seeded from ${rg}`);
}

function readMarker() {
  try {
    return JSON.parse(fs.readFileSync(MARKER, 'utf8'));
  } catch {
    return undefined;
  }
}

export function codeServerReady() {
  const m = readMarker();
  return !!m && m.version === CODE_SERVER_VERSION && m.nodeAbi === process.versions.modules && fs.existsSync(CODE_SERVER_ENTRY);
}

/** One installer at a time across processes: a lock directory holding the owner's pid. */
async function withLock(fn) {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      let owner = NaN;
      try {
        owner = Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8'));
      } catch {
        /* being written */
      }
      let alive = false;
      if (owner) {
        try {
          process.kill(owner, 0);
          alive = true;
        } catch {
          alive = false;
        }
      }
      const age = Date.now() - fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs;
      if (!alive && (owner || age > 10_000)) {
        fs.rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new EnvError(`another install (pid ${owner}) holds ${path.relative(ROOT, LOCK)}; remove it if no install is running`);
      log(`waiting for another install (pid ${owner}) to finish…`);
      await new Promise(r => setTimeout(r, 2000));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Runs code-server with its own HOME and XDG dirs, so nothing lands in the user's ~/.config. */
export function isolatedEnv(base) {
  fs.mkdirSync(path.join(base, 'home'), { recursive: true });
  return {
    ...process.env,
    HOME: path.join(base, 'home'),
    XDG_CONFIG_HOME: path.join(base, 'config'),
    XDG_DATA_HOME: path.join(base, 'data'),
    XDG_CACHE_HOME: path.join(base, 'cache'),
  };
}

async function ensureCodeServer() {
  if (codeServerReady()) {
    log(`code-server ${CODE_SERVER_VERSION} ready (cached in ${path.relative(ROOT, CODE_SERVER_DIR)})`);
    return;
  }
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== CODE_SERVER_NODE_MAJOR) {
    throw new EnvError(
      `code-server ${CODE_SERVER_VERSION} runs on Node ${CODE_SERVER_NODE_MAJOR}, and this is Node ${process.versions.node}. ` +
        `Run the tests with Node ${CODE_SERVER_NODE_MAJOR} (e.g. \`npx -y node@${CODE_SERVER_NODE_MAJOR} scripts/test.mjs\`).`,
    );
  }
  await withLock(async () => {
    if (codeServerReady()) return;
    const started = Date.now();
    fs.rmSync(CODE_SERVER_DIR, { recursive: true, force: true });
    fs.mkdirSync(CODE_SERVER_DIR, { recursive: true });
    fs.writeFileSync(
      path.join(CODE_SERVER_DIR, 'package.json'),
      JSON.stringify({ name: 'campaign-studio-code-server', private: true }, null, 2) + '\n',
    );
    const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-studio-install-'));
    const logFile = path.join(CACHE_DIR, 'code-server-install.log');
    fs.writeFileSync(logFile, '');
    try {
      seedRipgrepCache(tmpDir);
      log(
        `installing code-server ${CODE_SERVER_VERSION} into ${path.relative(ROOT, CODE_SERVER_DIR)} (npm, once: 4 to 6 minutes on 2 cores, ` +
          `about 400 packages, then native builds; log in ${path.relative(ROOT, logFile)})`,
      );
      const env = { ...process.env, TMPDIR: tmpDir, npm_config_yes: 'true' };
      const progress = installProgress('code-server');
      const code = await runLogged(
        'npm',
        [
          'install',
          `code-server@${CODE_SERVER_VERSION}`,
          '--unsafe-perm',
          '--no-audit',
          '--no-fund',
          '--no-update-notifier',
          '--loglevel=http',
          '--foreground-scripts',
        ],
        {
          env,
          cwd: CODE_SERVER_DIR,
          logFile,
          timeoutMs: 900_000,
          onLine: progress.line,
        },
      ).finally(progress.done);
      if (code !== 0 || !fs.existsSync(CODE_SERVER_ENTRY)) {
        throw new EnvError(`installing code-server failed (${code}); the end of ${path.relative(ROOT, logFile)}:\n${tail(logFile)}`);
      }
      const probe = spawnSync(process.execPath, [CODE_SERVER_ENTRY, '--version'], {
        env: isolatedEnv(path.join(tmpDir, 'probe')),
        encoding: 'utf8',
        timeout: 60_000,
      });
      if (probe.status !== 0 || !probe.stdout.includes(CODE_SERVER_VERSION)) {
        throw new EnvError(
          `code-server was installed but does not start: ${(probe.stderr || probe.stdout || probe.error?.message || '').trim()}`,
        );
      }
      fs.writeFileSync(
        MARKER,
        JSON.stringify(
          {
            version: CODE_SERVER_VERSION,
            nodeAbi: process.versions.modules,
            node: process.versions.node,
            installedAt: new Date().toISOString(),
          },
          null,
          2,
        ) + '\n',
      );
      const version = probe.stdout.split('\n').find(l => l.startsWith(CODE_SERVER_VERSION)) ?? CODE_SERVER_VERSION;
      log(`code-server ${version.trim()} installed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
    } finally {
      fs.rmSync(tmpDir, { recursive: true, force: true });
    }
  });
}

/**
 * `npm ci` on a fresh clone, or when package-lock.json changed since the last install (the same
 * check as the `deps` tier of scripts/test.mjs), for `npm start` on a fresh machine.
 */
export async function ensureNpmDeps() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  log('installing npm packages (npm ci)…');
  const code = await new Promise(resolve => {
    const child = spawn('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    child.on('error', err => resolve(err.message));
  });
  if (code !== 0) throw new EnvError(`npm ci failed (${code}): see its output above`);
}

/** Everything the vscode and ui tiers and `npm start` need. Throws EnvError with what to do. */
export async function ensureEnv() {
  await ensureDebianPackages('vscode');
  await ensureCodeServer();
}

/** The editors the editors tier runs the setups of docs/other-editors.md in. Throws EnvError with what to do. */
export async function ensureEditors() {
  await ensureDebianPackages('editors');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv[2] === 'editors') await ensureEditors();
    else await ensureEnv();
  } catch (e) {
    console.error(`[env] ${e instanceof EnvError ? e.message : (e?.stack ?? e)}`);
    process.exit(1);
  }
}
