// code-server in isolation: its own HOME and XDG dirs, user-data and extensions dirs (fresh per
// run for the test tiers, kept in the sandbox's folder for `npm start`), a free port on 127.0.0.1,
// its own process group. Used by the test tiers and `npm start`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODE_SERVER_ENTRY, codeServerReady, isolatedEnv } from '../ensure-env.mjs';
import { freePort, killGroup, spawnGroup, waitForHttp } from './processes.mjs';

/** User settings that keep the workbench quiet and its screens stable from run to run. */
export const STABLE_USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.editor.enablePreview': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'git.enabled': false,
  'git.autoRepositoryDetection': false,
  'security.workspace.trust.enabled': false,
  'chat.commandCenter.enabled': false,
  'editor.minimap.enabled': false,
  'editor.stickyScroll.enabled': false,
  'files.autoSave': 'off',
  'window.restoreWindows': 'none',
};

/** Lines of code-server's and the workbench's own output that say nothing about the extension. */
export const NOISE = [
  /connection token/i,
  /open-vsx|marketplace|gallery/i,
  /vsda_bg\.wasm|vsda\.js/i,
  /Creating a socket \(renderer-/,
  /New connection established/,
  /\[Service Worker\]/,
  /ChatSessionStore/,
  /Updating additional builtin extensions cache/,
  /(Started|Completed) initializing default profile extensions/,
  /ComputeTargetPlatform/,
  /a socket was left hanging/,
  /File Watcher \(universal\)/,
];

export function isNoise(line) {
  return NOISE.some(re => re.test(line));
}

function codeServerArgs({ port, userDataDir, extensionsDir, configFile }) {
  return [
    CODE_SERVER_ENTRY,
    '--config',
    configFile,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
  ];
}

/**
 * Starts code-server.
 * @param {object} options
 * @param {string} options.label          names the temporary directory
 * @param {string} [options.dir]          keep user data (settings, backups of unsaved files, the key
 *                                        half of the secret storage), extensions and logs in this
 *                                        folder across runs instead of a temporary one that stop() removes
 * @param {string} [options.vsix]         a VSIX to install (over any installed version) first
 * @param {object} [options.settings]     user settings on top of STABLE_USER_SETTINGS, written only when
 *                                        the user data has no settings file yet: a kept `dir` that has
 *                                        one keeps it as it is, and these are ignored
 * @param {object} [options.env]          more environment for code-server (the extension host inherits it)
 * @param {number} [options.port]         a fixed port (default: a free one)
 * @param {(line: string) => void} [options.onOutput]  code-server's own output, line by line
 */
export async function startCodeServer({ label, dir, vsix, settings = {}, env = {}, port, onOutput } = {}) {
  if (!codeServerReady()) throw new Error('code-server is not installed: run `node scripts/ensure-env.mjs`');
  const base = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), `campaign-studio-${label ?? 'code-server'}-`));
  const userDataDir = path.join(base, 'user-data');
  const extensionsDir = path.join(base, 'extensions');
  const configFile = path.join(base, 'config.yaml');
  const logFile = path.join(base, 'code-server.log');
  const userSettings = path.join(userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(userSettings), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  // A kept folder keeps the person's own settings too; the stable ones go into a new folder only.
  if (!dir || !fs.existsSync(userSettings))
    fs.writeFileSync(userSettings, JSON.stringify({ ...STABLE_USER_SETTINGS, ...settings }, null, 2));
  fs.writeFileSync(configFile, 'auth: none\ncert: false\n');
  fs.rmSync(logFile, { force: true });
  // Its own TMPDIR too: the server and the extension host leave sockets there (a kept folder's
  // are from a run that is over).
  const tmp = path.join(base, 'tmp');
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  const childEnv = { ...isolatedEnv(base), TMPDIR: tmp, ...env };
  // Not inherited: a parent's debugger or loader flags would reach the extension host.
  delete childEnv.NODE_OPTIONS;
  delete childEnv.VSCODE_IPC_HOOK_CLI;

  const cleanup = () => {
    if (!dir) fs.rmSync(base, { recursive: true, force: true });
  };
  try {
    if (vsix) {
      const r = spawnSync(
        process.execPath,
        [CODE_SERVER_ENTRY, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsix, '--force'],
        {
          env: childEnv,
          encoding: 'utf8',
          timeout: 120_000,
        },
      );
      const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
      if (r.status !== 0 || !/successfully installed/i.test(out))
        throw new Error(`installing ${vsix} into code-server failed:\n${out || r.error?.message}`);
    }

    for (let attempt = 1; ; attempt++) {
      const p = port ?? (await freePort());
      const log = fs.openSync(logFile, 'a');
      const child = spawnGroup(process.execPath, codeServerArgs({ port: p, userDataDir, extensionsDir, configFile }), {
        env: childEnv,
        cwd: base,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      let partial = '';
      const onData = chunk => {
        const text = chunk.toString();
        fs.writeSync(log, text);
        if (output.length < 20_000) output += text;
        partial += text;
        const lines = partial.split('\n');
        partial = lines.pop();
        if (onOutput) for (const l of lines) if (/\S/.test(l.replace(/^\[[^\]]*\]/, '')) && !isNoise(l)) onOutput(l);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', () => {
        try {
          fs.closeSync(log);
        } catch {
          /* closed */
        }
      });
      const url = `http://127.0.0.1:${p}`;
      try {
        await waitForHttp(`${url}/healthz`, { timeoutMs: 60_000, child, what: 'code-server' });
      } catch (e) {
        await killGroup(child.pid);
        // Another process took the port between our probe and code-server's bind: try another.
        if (!port && attempt < 3 && /EADDRINUSE/.test(output)) continue;
        throw new Error(`${e.message}\n${output.trim().split('\n').slice(-20).join('\n')}`);
      }
      return {
        url,
        port: p,
        base,
        userDataDir,
        extensionsDir,
        logFile,
        pid: child.pid,
        child,
        /** Ends code-server with its extension host and language server, then removes its dirs (unless kept in `dir`). */
        async stop({ keep = false } = {}) {
          await killGroup(child.pid);
          if (!keep) cleanup();
        },
      };
    }
  } catch (e) {
    cleanup();
    throw e;
  }
}

/** `vscode-remote://` URI for a path on the code-server machine; host and port must match the page's. */
export function remoteUri(server, absPath) {
  return `vscode-remote://127.0.0.1:${server.port}${absPath.split(path.sep).map(encodeURIComponent).join('/')}`;
}

/**
 * The workbench URL: a folder to open and, for the extension test model, the `payload` that
 * VS Code's browser integration tests use (extensionDevelopmentPath, extensionTestsPath).
 */
export function workbenchUrl(server, { folder, extensionDevelopmentPath, extensionTestsPath } = {}) {
  const params = new URLSearchParams();
  if (folder) params.set('folder', folder);
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remoteUri(server, extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remoteUri(server, extensionTestsPath)]);
  if (payload.length) {
    payload.push(['skipWelcome', 'true']);
    params.set('payload', JSON.stringify(payload));
  }
  const query = params.toString();
  return `${server.url}/${query ? `?${query}` : ''}`;
}
