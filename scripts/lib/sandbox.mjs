// The example workspace (examples/) as the sandbox and the browser journeys open it: a copy, so
// the repository's files never change, with its environments pointed at the running emulator.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../ensure-env.mjs';

export const EXAMPLES = path.join(ROOT, 'examples');
const SETTINGS = path.join('.vscode', 'settings.json');

/** examples/ci/ holds CI configurations for a campaigns repository, not part of the workspace. */
const NOT_IN_WORKSPACE = path.join(EXAMPLES, 'ci');

/** The top-level names of examples/ that the workspace gets: all but examples/ci/. */
export function workspaceEntries(from = EXAMPLES) {
  return fs
    .readdirSync(from)
    .filter(name => path.join(from, name) !== NOT_IN_WORKSPACE)
    .sort();
}

/** Copies examples/ (or `from`) to `dest`, replacing what is there. */
export function copyExamples(dest, from = EXAMPLES) {
  fs.rmSync(dest, { recursive: true, force: true });
  fs.cpSync(from, dest, { recursive: true, filter: src => src !== NOT_IN_WORKSPACE });
  return dest;
}

async function readSettings(file) {
  const { parse } = await import('jsonc-parser');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '{}\n';
  const errors = [];
  const settings = parse(text, errors, { allowTrailingComma: true }) ?? {};
  if (errors.length) throw new Error(`${file} is not valid JSON with comments; fix it or remove it`);
  const environments = Array.isArray(settings['campaignStudio.environments']) ? settings['campaignStudio.environments'] : [];
  return { text, environments };
}

/** The workspace setting that opens the walkthrough "Start with Campaign Studio" when the window opens. */
export const OPEN_WALKTHROUGH_SETTING = 'campaignStudio.walkthrough.openOnStartup';

/** Makes the sandbox's workspace open on the walkthrough (a fresh copy only: a kept workspace's settings are the user's). */
export async function openOnWalkthrough(workspaceDir) {
  const { modify, applyEdits } = await import('jsonc-parser');
  const file = path.join(workspaceDir, SETTINGS);
  const { text } = await readSettings(file);
  const format = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, applyEdits(text, modify(text, [OPEN_WALKTHROUGH_SETTING], true, format)));
}

/**
 * The emulator URL the workspace's environments point at: the `baseUrl` they all share when it
 * is on this machine, else undefined.
 */
export async function emulatorUrlIn(workspaceDir) {
  const { environments } = await readSettings(path.join(workspaceDir, SETTINGS));
  const urls = new Set(environments.map(env => env?.baseUrl));
  const [url] = urls;
  return urls.size === 1 && typeof url === 'string' && /^http:\/\/127\.0\.0\.1:\d+$/.test(url) ? url : undefined;
}

/**
 * Points every `campaignStudio.environments` entry of the workspace settings at the emulator:
 * `baseUrl` becomes the emulator's URL; an entry whose `workspaceId` the emulator does not hold
 * gets its first workspace. Comments and layout of the file are kept, and a file that already
 * says all that is not written at all (its time stamp stays as it was).
 * @returns {Promise<Array<{ name: string, workspaceId: string, apiKey: string }>>} the environments and their API keys
 */
export async function pointAtEmulator(workspaceDir, emulator) {
  const { modify, applyEdits } = await import('jsonc-parser');
  const file = path.join(workspaceDir, SETTINGS);
  const { text: before, environments } = await readSettings(file);
  let text = before;
  let envs = environments;
  const format = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };
  if (envs.length === 0) {
    envs = emulator.workspaces.map((ws, i) => ({
      name: `emulator-${i + 1}`,
      baseUrl: emulator.url,
      workspaceId: ws.id,
      email: 'you@example.com',
    }));
    text = applyEdits(text, modify(text, ['campaignStudio.environments'], envs, format));
  }
  const known = new Map(emulator.workspaces.map(ws => [ws.id, ws]));
  const out = [];
  envs.forEach((env, i) => {
    const ws = known.get(env?.workspaceId) ?? emulator.workspaces[0];
    text = applyEdits(text, modify(text, ['campaignStudio.environments', i, 'baseUrl'], emulator.url, format));
    if (env?.workspaceId !== ws.id) text = applyEdits(text, modify(text, ['campaignStudio.environments', i, 'workspaceId'], ws.id, format));
    out.push({ name: env?.name ?? `environment ${i + 1}`, workspaceId: ws.id, apiKey: ws.apiKey });
  });
  if (text !== before) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return out;
}
