// The local emulator of the Campaign service, started the way `npm run emulator -- --port N`
// starts it, in its own process group; its one JSON line on stdout says where it listens. The
// sandbox runs it supervised: restarted on the same port with the same data when it dies.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../ensure-env.mjs';
import { killGroup, spawnGroup } from './processes.mjs';
import { Supervisor } from './supervise.mjs';

export const EMULATOR_MAIN = path.join(ROOT, 'packages', 'emulator', 'src', 'main.ts');
/** The environment variable that fixes the emulator's admin token (packages/emulator/src/access.ts). */
const ADMIN_TOKEN_ENV = 'CAMPAIGN_STUDIO_EMULATOR_ADMIN_TOKEN';

export function emulatorPresent() {
  return fs.existsSync(EMULATOR_MAIN);
}

/**
 * @typedef {{ url: string, adminToken: string, workspaces: Array<{ id: string, apiKey: string, features: object }>, line: string, pid: number, child: import('node:child_process').ChildProcess, stop(): Promise<void> }} Emulator
 * @param {{ port?: number, data?: string, faults?: string, seed?: boolean, adminToken?: string, timeoutMs?: number, onOutput?: (line: string) => void }} options
 *   `adminToken`: the one its admin endpoints require; by default it makes a new one.
 *   `seed: false`: the workspaces without their seed campaigns (`--no-seed`)
 * @returns {Promise<Emulator>}
 */
export function startEmulator({ port = 0, data, faults, seed = true, adminToken, timeoutMs = 60_000, onOutput } = {}) {
  if (!emulatorPresent()) return Promise.reject(new Error(`the emulator is missing: ${path.relative(ROOT, EMULATOR_MAIN)} does not exist`));
  const args = ['--import', 'tsx', EMULATOR_MAIN, '--port', String(port)];
  if (data) args.push('--data', data);
  if (faults) args.push('--faults', faults);
  if (!seed) args.push('--no-seed');
  const env = { ...process.env, NODE_OPTIONS: '', ...(adminToken ? { [ADMIN_TOKEN_ENV]: adminToken } : {}) };
  const child = spawnGroup(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    let ready = false;
    const fail = async message => {
      if (ready) return;
      ready = true;
      clearTimeout(timer);
      await killGroup(child.pid);
      reject(new Error(`${message}${stderr.trim() ? `\n${stderr.trim().split('\n').slice(-20).join('\n')}` : ''}`));
    };
    const timer = setTimeout(() => void fail(`the emulator printed no ready line within ${timeoutMs / 1000}s`), timeoutMs);
    child.stderr.on('data', d => {
      const text = d.toString();
      if (stderr.length < 20_000) stderr += text;
      if (onOutput) for (const l of text.split('\n')) if (l.trim()) onOutput(l);
    });
    child.stdout.on('data', d => {
      if (ready) {
        if (onOutput) for (const l of d.toString().split('\n')) if (l.trim()) onOutput(l);
        return;
      }
      stdout += d.toString();
      const nl = stdout.indexOf('\n');
      if (nl < 0) return;
      const line = stdout.slice(0, nl).trim();
      let info;
      try {
        info = JSON.parse(line);
      } catch {
        void fail(`the emulator's first line is not JSON: ${line.slice(0, 200)}`);
        return;
      }
      if (typeof info?.url !== 'string' || !Array.isArray(info.workspaces) || typeof info.adminToken !== 'string') {
        void fail(`the emulator's ready line lacks url, workspaces or adminToken: ${line.slice(0, 200)}`);
        return;
      }
      ready = true;
      clearTimeout(timer);
      resolve({ ...info, line, pid: child.pid, child, stop: () => killGroup(child.pid) });
    });
    child.on('exit', (code, signal) => void fail(`the emulator exited (${signal ?? code}) before it was ready`));
    child.on('error', err => void fail(`the emulator did not start: ${err.message}`));
  });
}

/**
 * The emulator under a Supervisor: when it dies it is started again on the port it first took,
 * with the same data file, the same admin token (the one already handed out keeps working) and
 * the same `faults` (faults set later through the admin endpoint are not carried over). Resolves
 * once the first one is ready.
 * @param {{ port?: number, data?: string, faults?: string, onOutput?: (line: string) => void }} options
 * @param {{ onEvent: (event: import('./supervise.mjs').SupervisorEvent) => void, limit?: { restarts: number, withinMs: number }, backoffMs?: (n: number) => number }} supervision
 * @returns {Promise<{ first: Emulator, supervisor: Supervisor }>}
 */
export async function superviseEmulator({ port = 0, ...options }, supervision) {
  let listening = port;
  let adminToken;
  const start = async () => {
    const emulator = await startEmulator({ ...options, port: listening, adminToken });
    listening = Number(new URL(emulator.url).port);
    adminToken = emulator.adminToken;
    return emulator;
  };
  const supervisor = new Supervisor({ start, ...supervision });
  return { first: await supervisor.run(), supervisor };
}
