// `npm test`: builds, type-checks and runs every test tier that exists, in order, then prints one
// closing line "N passed, N failed". `node scripts/test.mjs unit` runs one tier.
// A tier whose prerequisites are missing fails with a message; nothing is skipped silently.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { oneLine } from './lib/results.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

/**
 * Every package's tests run in the unit tier under node:test, except the suites that need a real
 * editor: VS Code (the vscode and ui tiers), Neovim and Emacs (the editors tier).
 */
const PACKAGES = fs.readdirSync(path.join(root, 'packages')).sort();
const EDITOR_SETUP_TESTS = path.join('packages', 'server', 'test', 'editors');
const IN_EDITOR_SUITES = new Set([
  path.join('packages', 'extension', 'test', 'vscode'),
  path.join('packages', 'extension', 'test', 'ui'),
  EDITOR_SETUP_TESTS,
]);

function findTests(dir, skip, out = []) {
  if (!fs.existsSync(dir) || skip.has(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) findTests(p, skip, out);
    else if (e.name.endsWith('.test.ts')) out.push(path.relative(root, p));
  }
  return out.sort();
}

/** `npm ci` on a fresh clone, or when package-lock.json changed since the last install. */
export async function ensureDeps() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return 0;
  console.log('installing npm packages (npm ci)…');
  return run('npm', ['ci', '--no-audit', '--no-fund']);
}

function run(cmd, args, opts = {}) {
  return new Promise(resolve => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...opts.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', err => {
      console.error(err.message);
      resolve(1);
    });
  });
}

/** Counts, and the failed tests with their error messages, from a TAP file written by node's test runner. */
function tapCounts(file) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const num = k => {
    const m = text.match(new RegExp(`^# ${k} (\\d+)`, 'm'));
    return m ? Number(m[1]) : 0;
  };
  return {
    passed: num('pass'),
    failed: num('fail') + num('cancelled'),
    skipped: num('skipped') + num('todo'),
    failures: tapFailures(text),
  };
}

/** Each `not ok` test whose own error is not just "N subtests failed" (a parent of the failed one). */
function tapFailures(text) {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    const title = line.match(/^\s*not ok \d+ - (.*)$/)?.[1];
    if (title === undefined) return [];
    const details = lines.slice(i + 1, i + 40);
    const field = key => {
      const at = details.findIndex(l => l.trim().startsWith(`${key}: `));
      const value = at < 0 ? '' : details[at].trim().slice(key.length + 2);
      if (!value.startsWith('|')) return value.replace(/^'|'$/g, '');
      // A block scalar (`|-`): its text is on the lines below, indented deeper than the key.
      const indent = details[at].search(/\S/);
      const below = details.slice(at + 1);
      const end = below.findIndex(l => l.trim() !== '' && l.search(/\S/) <= indent);
      return (end < 0 ? below : below.slice(0, end)).map(l => l.trim()).join('\n');
    };
    const error = field('error');
    if (/subtests? failed/.test(error)) return [];
    const location = field('location').replace(root + path.sep, '');
    return [{ title: location ? `${title} (${location})` : title, message: error }];
  });
}

/** Counts from a JSON results file `{ passed, failed, skipped, failures }` written by the other tiers. */
function jsonCounts(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A test, or a test file, that runs longer than this fails (node:test's own timeout): a test that
 * hangs, or a file that never exits (a handle left open), is a failure that names it, never a wait.
 */
const TEST_TIMEOUT_MS = 5 * 60_000;

/** node:test over `files`, its counts and failures read from the TAP file it writes. */
async function nodeTests(name, files, extra) {
  const tap = path.join(tmp, `${name}.tap`);
  const code = await run(process.execPath, [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    `--test-timeout=${TEST_TIMEOUT_MS}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...extra,
    ...files,
  ]);
  return { code, counts: tapCounts(tap) };
}

/** Chromium and code-server for the real-VS-Code tiers (scripts/ensure-env.mjs), checked once per run. */
let envResult;
function ensureEnv() {
  envResult ??= run('node', ['scripts/ensure-env.mjs']);
  return envResult;
}

/** A tier that runs in code-server and Chromium: its runner writes `{ passed, failed, skipped, failures }` to a JSON file. */
function realVsCodeTier(describe, runner, args) {
  return {
    describe,
    requires: runner,
    async run(extra) {
      const env = await ensureEnv();
      if (env !== 0) return { code: env, message: 'prerequisites missing (see [env] above)' };
      const results = path.join(tmp, `${path.basename(path.dirname(runner))}.json`);
      const code = await run('node', [runner, ...args, ...extra], { env: { CAMPAIGN_STUDIO_RESULTS: results } });
      return { code, counts: jsonCounts(results) };
    },
  };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-studio-test-'));
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));

const TIERS = {
  deps: {
    describe: 'npm packages (npm ci when node_modules is missing or older than package-lock.json)',
    async run() {
      return { code: await ensureDeps() };
    },
  },
  build: {
    describe: 'bundle with esbuild',
    async run() {
      return { code: await run('node', ['scripts/build.mjs']) };
    },
  },
  typecheck: {
    describe: 'tsc: each package against its project references, then the tests, bench and scripts',
    async run() {
      const tsc = 'node_modules/typescript/bin/tsc';
      const packages = await run(process.execPath, [tsc, '-b', 'tsconfig.packages.json']);
      return { code: packages || (await run(process.execPath, [tsc, '--noEmit', '-p', '.'])) };
    },
  },
  lint: {
    describe: 'biome (the format: `npm run format` applies it), then eslint (package boundaries, no floating promises)',
    async run() {
      const format = await run(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'format', '--max-diagnostics=20', '.']);
      if (format !== 0) return { code: format, message: 'files above are not formatted: `npm run format` formats them' };
      return { code: await run(process.execPath, ['node_modules/eslint/bin/eslint.js', '.']) };
    },
  },
  unit: {
    describe: 'unit, rule, protocol, CLI and emulator tests (node:test)',
    async run(extra) {
      const files = [
        ...PACKAGES.flatMap(p => findTests(path.join('packages', p, 'test'), IN_EDITOR_SUITES)),
        ...findTests('scripts', IN_EDITOR_SUITES),
      ];
      if (files.length === 0) return { code: 1, message: 'no test files found under packages/*/test/' };
      return nodeTests('unit', files, extra);
    },
  },
  editors: {
    describe: "the setups of docs/other-editors.md: Neovim and Emacs with Eglot run for real, Helix's languages.toml parsed",
    requires: EDITOR_SETUP_TESTS,
    async run(extra) {
      const env = await run('node', ['scripts/ensure-env.mjs', 'editors']);
      if (env !== 0) return { code: env, message: 'prerequisites missing (see [env] above)' };
      return nodeTests('editors', findTests(EDITOR_SETUP_TESTS, new Set()), extra);
    },
  },
  vscode: realVsCodeTier('integration suite inside a real VS Code (code-server)', 'packages/extension/test/vscode/run.mjs', ['--no-build']),
  ui: realVsCodeTier('browser journeys with screenshots (Playwright + code-server)', 'packages/extension/test/ui/run.mjs', []),
};

const requested = process.argv.slice(2).filter(a => !a.startsWith('-'));
const extra = process.argv.slice(2).filter(a => a.startsWith('-'));
const names = requested.length ? requested : Object.keys(TIERS);
for (const n of names)
  if (!TIERS[n]) {
    console.error(`unknown tier "${n}"; tiers: ${Object.keys(TIERS).join(', ')}`);
    process.exit(2);
  }
// A single test tier still needs a fresh build.
if (requested.length && !requested.includes('build')) names.unshift('build');
if (requested.length && !requested.includes('deps')) names.unshift('deps');

let passed = 0,
  failed = 0,
  skipped = 0;
const summary = [];
/** The failed tests, named again in the summary: CI shows the end of the output. */
const failures = [];
for (const name of names) {
  const tier = TIERS[name];
  if (tier.requires && !fs.existsSync(tier.requires)) {
    failed += 1;
    summary.push(`${name}: FAILED — ${tier.requires} is missing`);
    failures.push(`${name}: ✘ ${tier.requires} is missing: the tier cannot run, so it fails`);
    continue;
  }
  console.log(`\n=== ${name}: ${tier.describe}`);
  const started = Date.now();
  const r = await tier.run(extra);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.counts) {
    passed += r.counts.passed ?? 0;
    failed += r.counts.failed ?? 0;
    skipped += r.counts.skipped ?? 0;
  }
  for (const f of r.counts?.failures ?? []) failures.push(`${name}: ✘ ${f.title}${f.message ? `\n    ${oneLine(f.message)}` : ''}`);
  if (r.code !== 0 && !(r.counts && r.counts.failed > 0)) failed += 1;
  const c = r.counts ? ` (${r.counts.passed ?? 0} passed, ${r.counts.failed ?? 0} failed)` : '';
  summary.push(`${name}: ${r.code === 0 ? 'ok' : 'FAILED'}${c} in ${secs}s${r.message ? ' — ' + r.message : ''}`);
  if (r.code !== 0 && (name === 'build' || name === 'deps')) break;
}
console.log('\n=== summary');
for (const s of summary) console.log(s);
if (failures.length) console.log(`\nfailed:\n${failures.map(f => `  ${f}`).join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
