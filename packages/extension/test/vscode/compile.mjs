// Compiles the extension-host suite (test/vscode/suite/*.ts) to JavaScript: VS Code loads the
// tests with `require`, so each test file is bundled with what it imports (helpers, client code),
// leaving out `vscode` (given by the extension host) and `mocha` (loaded from node_modules).
// Each run gets its own folder under out/vscode-suite/, holding a snapshot of the built extension
// (what the VSIX would hold, from dist/ as just built) with the compiled tests inside it: the
// extension host gives `require('vscode')` from there the extension's own API object, and a
// rebuild of dist/ while the suite runs cannot swap the language server under its feet.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../../../scripts/ensure-env.mjs';

export const SUITE_DIR = path.join(ROOT, 'packages', 'extension', 'test', 'vscode', 'suite');
export const WORKSPACE_FIXTURE = path.join(ROOT, 'packages', 'extension', 'test', 'vscode', 'workspace');

/** What the extension needs at run time: the VSIX's contents, less the docs. */
const EXTENSION_FILES = [
  'package.json',
  'package.nls.json',
  'dist',
  'schemas',
  'snippets',
  'syntaxes',
  'media',
  'language-configuration.json',
];

function snapshot(src, dest) {
  const stamp = p => fs.statSync(p, { throwIfNoEntry: false })?.mtimeMs;
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = listStamps(src);
    fs.rmSync(dest, { recursive: true, force: true });
    fs.cpSync(src, dest, { recursive: true });
    if (JSON.stringify(before) === JSON.stringify(listStamps(src))) return;
  }
  throw new Error(`${path.relative(ROOT, src)} kept changing while it was copied (a build running at the same time?)`);
  function listStamps(p) {
    const st = fs.statSync(p);
    if (!st.isDirectory()) return [[p, stamp(p), st.size]];
    return fs
      .readdirSync(p)
      .sort()
      .flatMap(e => listStamps(path.join(p, e)));
  }
}

/**
 * Snapshots the built extension and compiles the suite into it.
 * @returns {{ extensionPath: string, index: string, remove(): void }}
 */
export async function prepareExtension() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'client.js'))) throw new Error('dist/client.js is missing: run `npm run build`');
  const parent = path.join(ROOT, 'out', 'vscode-suite');
  // Folders left by runs that were killed outright (their pid is gone).
  for (const old of fs.existsSync(parent) ? fs.readdirSync(parent) : []) {
    const pid = Number(old.split('-')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(path.join(parent, old), { recursive: true, force: true });
  }
  const runDir = path.join(parent, `${process.pid}-${Date.now().toString(36)}`);
  const extensionPath = path.join(runDir, 'extension');
  fs.mkdirSync(extensionPath, { recursive: true });
  for (const f of EXTENSION_FILES) {
    if (fs.existsSync(path.join(ROOT, f))) snapshot(path.join(ROOT, f), path.join(extensionPath, f));
  }
  const outDir = path.join(extensionPath, 'out', 'suite');
  const entries = fs
    .readdirSync(SUITE_DIR)
    .filter(f => f === 'index.ts' || f.endsWith('.test.ts'))
    .map(f => path.join(SUITE_DIR, f));
  if (!entries.some(e => e.endsWith('.test.ts'))) throw new Error(`no *.test.ts files in ${path.relative(ROOT, SUITE_DIR)}`);
  await esbuild.build({
    entryPoints: entries,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    mainFields: ['module', 'main'],
    absWorkingDir: ROOT,
    logLevel: 'error',
  });
  return { extensionPath, index: path.join(outDir, 'index.js'), remove: () => fs.rmSync(runDir, { recursive: true, force: true }) };
}

/** A copy of the test workspace, so that tests may write files without touching the repository. */
export function copyWorkspace(base) {
  const dest = path.join(base, 'workspace');
  fs.cpSync(WORKSPACE_FIXTURE, dest, { recursive: true });
  return dest;
}

/**
 * Everything a suite run needs besides the editor itself, the same for code-server and for
 * desktop VS Code: the extension snapshot and compiled suite, a temporary folder with a copy of
 * the workspace fixture and the results file (each suite that talks to the service starts an
 * emulator of its own). Each thing is pushed onto `resources` for the caller's cleanup.
 */
export async function prepareSuiteRun({ prefix, resources, grep, keep = false, say }) {
  const suite = await prepareExtension();
  resources.push(async () => suite.remove());
  const base = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  resources.push(async () => {
    if (keep) say(`kept ${base}`);
    else fs.rmSync(base, { recursive: true, force: true });
  });
  const workspace = copyWorkspace(base);
  const innerResults = path.join(base, 'results.json');
  const env = { CAMPAIGN_STUDIO_RESULTS: innerResults };
  if (grep) env.CAMPAIGN_STUDIO_GREP = grep;
  return { suite, base, workspace, innerResults, env };
}
