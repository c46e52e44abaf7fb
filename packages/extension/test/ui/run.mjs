// `npm run test:ui`: journeys a person takes, in headless Chromium against code-server with the
// packaged VSIX installed. Each journey (test/ui/journeys/*.ts) gets a fresh code-server, a fresh
// copy of examples/ and, when it needs one, a fresh emulator; every step ends in a screenshot
// under test/ui/screenshots/<journey>/. Last, the sandbox check: `npm start` serves the example
// workspace, and Ctrl-C leaves no process behind.
//
//   node test/ui/run.mjs [--journey NAME] [--no-package] [--readme-screenshots] [--headed]
//
//   --journey NAME          only the journeys whose file name contains NAME (`sandbox`: the npm start check)
//   --no-package            install the campaign-studio.vsix that is there instead of packaging anew
//   --readme-screenshots    write the steps marked `readme` to docs/screenshots/ (for the README),
//                           cropped to the elements their `crop` names
// Environment: CAMPAIGN_STUDIO_RESULTS names a file to receive { passed, failed, skipped, failures }.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureEnv, EnvError, ROOT } from '../../../../scripts/ensure-env.mjs';
import { launchChromium, VIEWPORT } from '../../../../scripts/lib/browser.mjs';
import { startCodeServer, workbenchUrl } from '../../../../scripts/lib/code-server.mjs';
import { emulatorPresent, EMULATOR_MAIN, startEmulator } from '../../../../scripts/lib/emulator.mjs';
import { onInterrupt, withTimeout } from '../../../../scripts/lib/processes.mjs';
import { messageOf, oneLine, writeResults } from '../../../../scripts/lib/results.mjs';
import { copyExamples, openOnWalkthrough, pointAtEmulator } from '../../../../scripts/lib/sandbox.mjs';
import { checkSandbox } from './sandbox.mjs';
import { commandLine } from '../../../../scripts/lib/args.mjs';

const UI_DIR = path.join(ROOT, 'packages', 'extension', 'test', 'ui');
const JOURNEYS_DIR = path.join(UI_DIR, 'journeys');
const SCREENSHOTS = path.join(UI_DIR, 'screenshots');
const README_SCREENSHOTS = path.join(ROOT, 'docs', 'screenshots');
const VSIX = path.join(ROOT, 'campaign-studio.vsix');

const { args, flag, option } = commandLine();
const say = message => console.log(`[ui] ${message}`);
const started = Date.now();

const resources = [];
async function release(list) {
  while (list.length) {
    try {
      await list.pop()();
    } catch (e) {
      console.error(`[ui] cleanup: ${e.message}`);
    }
  }
}
onInterrupt(() => release(resources));

const slug = text =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** The rectangle around `locators` (each visible now), with a margin, inside the window. */
async function cropBox(page, locators, step) {
  const margin = 6;
  const boxes = [];
  for (const [i, l] of locators.entries()) {
    // The step has just waited for what it shows: an element of it is there now or not at all.
    const box = await l.boundingBox({ timeout: 5_000 }).catch(() => null);
    if (!box || box.width === 0 || box.height === 0) throw new Error(`step "${step}": crop element ${i + 1} (${l}) is not on screen`);
    boxes.push(box);
  }
  if (boxes.length === 0) throw new Error(`step "${step}": \`crop\` names no element`);
  const x = Math.max(0, Math.floor(Math.min(...boxes.map(b => b.x)) - margin));
  const y = Math.max(0, Math.floor(Math.min(...boxes.map(b => b.y)) - margin));
  const right = Math.min(VIEWPORT.width, Math.ceil(Math.max(...boxes.map(b => b.x + b.width)) + margin));
  const bottom = Math.min(VIEWPORT.height, Math.ceil(Math.max(...boxes.map(b => b.y + b.height)) + margin));
  return { x, y, width: right - x, height: bottom - y };
}

/** `npm run package` makes the VSIX people install; the journeys install exactly that file. */
function packageVsix(dest) {
  if (!flag('--no-package')) {
    say('packaging the extension (npm run package)…');
    const r = spawnSync('npm', ['run', '--silent', 'package'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    if (r.status !== 0) throw new Error(`npm run package failed:\n${`${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-30).join('\n')}`);
  }
  if (!fs.existsSync(VSIX)) throw new Error(`${path.relative(ROOT, VSIX)} is missing: run \`npm run package\``);
  // A private copy: another packaging run cannot change it under us.
  fs.copyFileSync(VSIX, dest);
  say(`VSIX ${(fs.statSync(dest).size / 1024).toFixed(0)} KB`);
  return dest;
}

/** The sandbox check (`npm start`, then Ctrl-C) runs after the journeys, under the name `sandbox`. */
function sandboxSelected() {
  const filter = option('--journey');
  return !filter || 'sandbox'.includes(filter);
}

async function loadJourneys() {
  // Journeys are TypeScript, loaded through tsx's require hook so stack traces name their files.
  const { register } = await import('tsx/cjs/api');
  register();
  const load = createRequire(import.meta.url);
  const filter = option('--journey');
  const files = fs
    .readdirSync(JOURNEYS_DIR)
    .filter(f => f.endsWith('.ts'))
    .sort()
    .filter(f => !filter || f.includes(filter));
  if (files.length === 0 && !sandboxSelected())
    throw new Error(filter ? `no journey matches "${filter}" (test/ui/journeys/*.ts, or sandbox)` : 'no journeys in test/ui/journeys/');
  const out = [];
  for (const f of files) {
    const mod = load(path.join(JOURNEYS_DIR, f));
    const journey = mod.journey ?? mod.default?.journey;
    if (!journey || typeof journey.run !== 'function' || typeof journey.title !== 'string') {
      throw new Error(`test/ui/journeys/${f} must export \`journey: Journey\` (see test/ui/journey.ts)`);
    }
    out.push({ id: f.replace(/\.ts$/, ''), journey });
  }
  const { Workbench } = load(path.join(UI_DIR, 'workbench.ts'));
  return { journeys: out, Workbench };
}

/**
 * The journey's copy of examples/: in a folder of its own, or (`workspaceIn: 'sandbox'`) where
 * `npm start` keeps it, `.vscode-test/sandbox/workspace` inside a git repository that ignores
 * `.vscode-test/`, set to open on the walkthrough as a fresh sandbox is.
 */
async function journeyWorkspace(journey, dir) {
  if (journey.workspaceIn !== 'sandbox') return copyExamples(path.join(dir, 'workspace'));
  const repository = path.join(dir, 'repository');
  fs.mkdirSync(repository, { recursive: true });
  const init = spawnSync('git', ['init', '--quiet'], { cwd: repository, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`git init in ${repository} failed: ${init.stderr || init.error?.message}`);
  fs.writeFileSync(path.join(repository, '.gitignore'), fs.readFileSync(path.join(ROOT, '.gitignore')));
  const workspace = copyExamples(path.join(repository, '.vscode-test', 'sandbox', 'workspace'));
  // As npm start makes a fresh sandbox: it opens on the walkthrough.
  await openOnWalkthrough(workspace);
  return workspace;
}

async function runJourney({ id, journey }, { browser, vsix, Workbench, base }) {
  const own = [];
  const shots = path.join(SCREENSHOTS, id);
  fs.rmSync(shots, { recursive: true, force: true });
  fs.mkdirSync(shots, { recursive: true });
  const readme = [];
  let page;
  try {
    const workspace = await journeyWorkspace(journey, path.join(base, id));
    let emulator;
    const env = {};
    if (journey.needs?.includes('emulator')) {
      if (!emulatorPresent()) throw new Error(`this journey needs the emulator, and ${path.relative(ROOT, EMULATOR_MAIN)} does not exist`);
      const emu = await startEmulator({ onOutput: l => console.log(`[emulator] ${l}`) });
      own.push(() => emu.stop());
      const environments = await pointAtEmulator(workspace, emu);
      emulator = { url: emu.url, adminToken: emu.adminToken, workspaces: emu.workspaces, environments };
      env.CAMPAIGN_STUDIO_EMULATOR = emu.line;
    }
    const server = await startCodeServer({ label: `ui-${id}`, vsix, settings: journey.settings ?? {}, env });
    own.push(() => server.stop());
    const context = await browser.newContext({ viewport: VIEWPORT });
    own.push(() => context.close());
    page = await context.newPage();
    page.on('pageerror', e => console.error(`[page] ${e.message}`));
    await page.goto(workbenchUrl(server, { folder: workspace }));
    const workbench = new Workbench(page, journey.stepTimeoutMs);
    if (journey.stepTimeoutMs) page.setDefaultTimeout(journey.stepTimeoutMs);
    await workbench.ready();
    await workbench.extensionActive();

    let n = 0;
    const ctx = {
      page,
      workbench,
      workspace,
      emulator,
      log: message => say(`  ${message}`),
      async step(name, action, options = {}) {
        const file = path.join(shots, `${String(++n).padStart(2, '0')}-${slug(name)}.png`);
        const t = Date.now();
        await action();
        await page.screenshot({ path: file, animations: 'disabled' });
        say(`  ✔ ${name}  (${((Date.now() - t) / 1000).toFixed(1)}s, ${path.relative(ROOT, file)})`);
        if (options.readme) {
          // The crop is measured on every run, so a README image that would come out wrong fails the journey.
          const clip = options.crop ? await cropBox(page, options.crop, name) : undefined;
          const out = clip ? file.replace(/\.png$/, '.readme.png') : file;
          if (clip && flag('--readme-screenshots')) await page.screenshot({ path: out, clip, animations: 'disabled' });
          readme.push({ file: out, name: options.readme });
        }
      },
    };
    const timeoutMs = journey.timeoutMs ?? 120_000;
    await withTimeout(journey.run(ctx), timeoutMs, `the journey did not finish within ${timeoutMs / 1000}s`);
    if (flag('--readme-screenshots')) {
      fs.mkdirSync(README_SCREENSHOTS, { recursive: true });
      for (const r of readme) {
        fs.copyFileSync(r.file, path.join(README_SCREENSHOTS, `${r.name}.png`));
        say(`  → docs/screenshots/${r.name}.png`);
      }
    }
    return undefined;
  } catch (e) {
    if (page) {
      const file = path.join(shots, 'failed.png');
      await page.screenshot({ path: file }).catch(() => undefined);
      say(`  the screen when it failed: ${path.relative(ROOT, file)}`);
    }
    return e;
  } finally {
    await release(own);
  }
}

async function main() {
  try {
    await ensureEnv();
  } catch (e) {
    console.error(`[ui] ${e instanceof EnvError ? e.message : e.stack}`);
    return { passed: 0, failed: 1, skipped: 0, failures: [{ title: 'the environment check', message: messageOf(e) }] };
  }
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-studio-ui-'));
  resources.push(async () => fs.rmSync(base, { recursive: true, force: true }));
  const { journeys, Workbench } = await loadJourneys();
  const vsix = packageVsix(path.join(base, 'campaign-studio.vsix'));
  const browser = await launchChromium({ headless: !flag('--headed') });
  resources.push(() => browser.close());

  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const j of journeys) {
    const t = Date.now();
    say(`${j.id}: ${j.journey.title}`);
    const error = await runJourney(j, { browser, vsix, Workbench, base });
    const secs = ((Date.now() - t) / 1000).toFixed(1);
    if (error) {
      counts.failed++;
      counts.failures.push({ title: j.id, message: messageOf(error) });
      console.error(`[ui] ✘ ${j.id} failed after ${secs}s: ${error.stack ?? error}`);
    } else {
      counts.passed++;
      say(`✔ ${j.id} (${secs}s)`);
    }
  }
  if (sandboxSelected()) {
    const t = Date.now();
    say('sandbox: npm start, open the URL, Ctrl-C');
    try {
      await checkSandbox({ browser, Workbench, shots: path.join(SCREENSHOTS, 'sandbox'), say });
      counts.passed++;
      say(`✔ sandbox (${((Date.now() - t) / 1000).toFixed(1)}s)`);
    } catch (e) {
      counts.failed++;
      counts.failures.push({ title: 'sandbox', message: messageOf(e) });
      console.error(`[ui] ✘ sandbox failed: ${e.stack ?? e}`);
    }
  }
  return counts;
}

let counts;
try {
  counts = await main();
} catch (e) {
  console.error(`[ui] ${e.stack ?? e}`);
  counts = { passed: 0, failed: 1, skipped: 0, failures: [{ title: 'the runner', message: messageOf(e) }] };
} finally {
  await release(resources);
}
writeResults(counts);
say(`${counts.passed} passed, ${counts.failed} failed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
for (const f of counts.failures) say(`✘ ${f.title}: ${oneLine(f.message)}`);
process.exit(counts.failed === 0 && counts.passed > 0 ? 0 : 1);
