// The sandbox as a person uses it, over three `npm start`s on one sandbox folder and one browser:
//  1. it prints a URL that opens the example workspace with the extension at work; the person
//     signs in; the emulator, killed by its pid, comes back on the same URL with what was written
//     before, while code-server stays up; killed again in the middle of a push, it comes back and
//     the push is read back as applied, sent once; Ctrl-C stops everything, leaving no process
//     behind.
//  2. the next `npm start` resumes: the same emulator URL, the workspace settings not rewritten,
//     the person's user settings and sign-in kept, the campaign still there.
//  3. `npm start -- --fresh` starts over: user data, workspace and emulator data as new.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../../../scripts/ensure-env.mjs';
import { VIEWPORT } from '../../../../scripts/lib/browser.mjs';
import { descendants, killGroup, processAlive, withTimeout } from '../../../../scripts/lib/processes.mjs';
import { whenFileHolds } from '../../../../scripts/lib/watch.mjs';
import { workspaceEntries } from '../../../../scripts/lib/sandbox.mjs';

const MARKER_SETTING = 'campaignStudio.explorer.groupBy';

/** One `npm start`: its output, its ready line, the processes under it, Ctrl-C. */
class SandboxRun {
  output = '';
  processes = [];
  /** What `printed` waits for: each looks at the output again whenever more arrives. */
  #lookers = new Set();

  /** `viaNpm`: run as `npm start -- …`, so that the signal goes to npm's own process, as a supervisor's or `kill <pid>` would. */
  constructor(args, { viaNpm = false } = {}) {
    const own = ['--no-package', '--json', ...args];
    // Its own process group, so that the Ctrl-C below reaches start.mjs (or npm) alone, not its whole group as a terminal's would.
    this.child = viaNpm
      ? spawn('npm', ['start', '--', ...own], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, ['scripts/start.mjs', ...own], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const heard = d => {
      this.output += d;
      for (const look of [...this.#lookers]) look();
    };
    this.child.stdout.on('data', heard);
    this.child.stderr.on('data', heard);
    this.exited = new Promise(resolve => this.child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Resolves with the first match of `pattern` in the output (stdout and stderr) from `from` on, as soon as it is printed. */
  printed(pattern, what, { from = 0, timeoutMs = 30_000 } = {}) {
    let look;
    const found = new Promise((resolve, reject) => {
      look = () => {
        const m = pattern.exec(this.output.slice(from));
        if (m) resolve(m);
      };
      this.#lookers.add(look);
      look();
      void this.exited.then(({ code, signal }) => reject(new Error(`npm start exited (${signal ?? code}) before ${what}`)));
    });
    return withTimeout(found, timeoutMs, `npm start did not print ${what} within ${timeoutMs / 1000}s`).finally(() =>
      this.#lookers.delete(look),
    );
  }

  async ready() {
    const [line] = await this.printed(/^\{.*"processGroups".*\}$/m, 'its ready line', { timeoutMs: 120_000 });
    this.track();
    return JSON.parse(line);
  }

  /** Remembers every process under npm start now, to check that Ctrl-C ends them all. */
  track() {
    this.processes = [...new Set([...this.processes, ...descendants(this.child.pid)])];
  }

  /** SIGINT (or `sent`) to the process it started alone: npm start says it stopped, and none of the processes it started is left. */
  async interrupt(sent = 'SIGINT') {
    this.track();
    process.kill(this.child.pid, sent);
    const { code, signal } = await withTimeout(this.exited, 30_000, `npm start did not stop within 30s of ${sent}`);
    const left = this.processes.filter(processAlive);
    if (left.length) {
      const names = left.map(pid => {
        try {
          return `${pid} ${fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 120)}`;
        } catch {
          return String(pid);
        }
      });
      throw new Error(`after Ctrl-C these processes are still running:\n  ${names.join('\n  ')}`);
    }
    if (!/stopped; nothing left running/.test(this.output)) throw new Error('npm start did not say it stopped');
    return `${signal ?? code}, ${this.processes.length} processes`;
  }

  /** Whatever a failed check left running. */
  async kill() {
    await killGroup(this.child.pid, { graceMs: 1000 });
    for (const pid of this.processes.filter(processAlive)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }

  tail() {
    return this.output.trim().split('\n').slice(-30).join('\n');
  }
}

/** Runs `check` against one `npm start`, always ending it; a failure carries what npm start said. */
async function withSandbox(args, check, options) {
  const run = new SandboxRun(args, options);
  try {
    return await check(run, await run.ready());
  } catch (e) {
    e.message += `\n--- npm start said:\n${run.tail()}`;
    throw e;
  } finally {
    await run.kill();
  }
}

/** A call of the emulator's API with the credentials of its first workspace. */
async function api(ready, method, route, body) {
  const ws = ready.emulator.workspaces[0];
  const res = await fetch(`${ready.emulator.url}${route}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from(`${ws.id}:${ws.apiKey}`).toString('base64')}`,
      'SVC-APPKEY': ws.id,
      'X-SVC-Request-Id': `sandbox-check-${Date.now()}`,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

function userSettings(ready) {
  return JSON.parse(fs.readFileSync(path.join(ready.userData, 'User', 'settings.json'), 'utf8'));
}

async function screenshot(page, shots, name, say, what) {
  const file = path.join(shots, name);
  await page.screenshot({ path: file, animations: 'disabled' });
  say(`  ✔ ${what}  (${path.relative(ROOT, file)})`);
}

/**
 * Sign in as a person does: Command Palette, the environment, its API key. Done when the key is
 * in code-server's secret storage: sealed in the page's localStorage (with a key half kept in
 * the user data), written after the status bar already says "connected".
 */
async function signIn(page, workbench, environment, apiKey) {
  await workbench.command('Campaign Studio: Sign In');
  await workbench.pickLabel(environment);
  await workbench.answer(apiKey);
  await workbench.connectionStatus(`${environment}: connected`).waitFor({ state: 'visible', timeout: workbench.timeoutMs });
  await page.waitForFunction(() => localStorage.getItem('secrets.provider') !== null, undefined, { timeout: workbench.timeoutMs });
}

async function firstRun({ dir, page, Workbench, shots, say }) {
  return withSandbox(['--port', '0', '--emulator-port', '0', '--dir', dir], async (run, ready) => {
    say(`  npm start: ${ready.url} (${run.processes.length} processes under it)`);
    if (!run.output.includes(`Open   ${ready.url}`)) throw new Error('npm start did not print the URL to open');
    if (!run.output.includes(ready.emulator.admin)) throw new Error("npm start did not print the emulator's admin URL");
    if (!/Where to start: .*walkthrough "Start with Campaign Studio"/.test(run.output))
      throw new Error('npm start did not say where to start');
    await page.goto(ready.url);
    const workbench = new Workbench(page);
    await workbench.ready();
    await page
      .locator('.gettingStartedContainer')
      .getByText('Start with Campaign Studio', { exact: true })
      .first()
      .waitFor({ state: 'visible', timeout: workbench.timeoutMs })
      .catch(() => {
        throw new Error('the sandbox did not open on the walkthrough "Start with Campaign Studio"');
      });
    say('  ✔ the sandbox opens on the walkthrough');
    await workbench.openFile('drafts/black-friday.campaign.json');
    await workbench.squiggles('error').first().waitFor({ state: 'visible' });
    await screenshot(
      page,
      shots,
      '01-npm-start-opens-the-example-workspace.png',
      say,
      'the URL opens the example workspace with the extension at work',
    );
    await signIn(page, workbench, 'shopco', ready.emulator.workspaces[0].apiKey);
    // The person's own setting, in the user settings as the Settings editor writes it.
    fs.writeFileSync(
      path.join(ready.userData, 'User', 'settings.json'),
      JSON.stringify({ ...userSettings(ready), [MARKER_SETTING]: 'channel' }, null, 2),
    );
    run.track();

    const created = await api(ready, 'POST', '/v5/campaigns', {
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      created_by: 'sandbox@example.com',
    });
    if (created.status !== 201) throw new Error(`creating a draft answered ${created.status}`);
    const id = created.body.data.id;
    const from = run.output.length;
    process.kill(ready.emulator.pid, 'SIGKILL');
    const [, url, pid] = await run.printed(/emulator restarted on (\S+) \(pid (\d+)\)/, 'that it restarted the emulator', { from });
    if (url !== ready.emulator.url || Number(pid) === ready.emulator.pid)
      throw new Error(`the emulator came back as ${url} (pid ${pid}), not on ${ready.emulator.url} with a new pid`);
    const read = await api(ready, 'GET', `/v5/campaigns/${id}`);
    if (read.status !== 200) throw new Error(`the draft written before the kill answered ${read.status} after the restart`);
    if (!processAlive(ready.codeServer.pid)) throw new Error('code-server did not stay up while the emulator was restarted');
    if ((await fetch(ready.url)).status !== 200) throw new Error('the workbench page no longer loads after the emulator restarted');
    say(`  ✔ the emulator killed by its pid came back on ${url} with the draft written before; code-server stayed up`);
    await pushWhileTheEmulatorDies({ dir, page, workbench, ready, run, emulatorPid: Number(pid), shots, say });
    run.track();
    say(`  ✔ Ctrl-C stopped npm start (${await run.interrupt()})`);
    const settingsFile = path.join(ready.workspace, '.vscode', 'settings.json');
    return { ready, id, settings: { text: fs.readFileSync(settingsFile, 'utf8'), mtimeMs: fs.statSync(settingsFile).mtimeMs } };
  });
}

/** The id of the campaign named `name`, through the search API. */
async function campaignNamed(ready, name) {
  for (let page = 1; page < 20; page++) {
    const r = await api(ready, 'POST', '/v5/campaigns/search', {
      campaign_fields: { channels: ['PUSH', 'EMAIL', 'SMS'] },
      page,
      limit: 15,
    });
    const hit = r.body.data.find(c => c.basic_details?.name === name);
    if (hit) return hit.id;
    if (r.body.data.length < 15) break;
  }
  throw new Error(`the emulator has no campaign named "${name}"`);
}

/** A call of the emulator's admin endpoints with the token `npm start --json` printed (kept across the emulator's restarts). */
async function admin(ready, method, route, body) {
  const headers = { 'Content-Type': 'application/json', 'X-Emulator-Admin-Token': ready.emulator.adminToken };
  const res = await fetch(`${ready.emulator.admin}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${ready.emulator.admin}${route} answered ${res.status}`);
  return res.json();
}

/**
 * A push in flight when the emulator dies: the update is applied (and on disk) while its answer
 * is held back (`write-delay`), then the emulator is killed by its pid. The supervisor brings it
 * back on the same port; the extension, having lost the answer, reads the campaign again once the
 * service answers and says the push applied. Nothing is sent twice.
 */
async function pushWhileTheEmulatorDies({ dir, page, workbench, ready, run, emulatorPid, shots, say }) {
  const id = await campaignNamed(ready, 'Weekend flash deal');
  await workbench.command('Campaign Studio: Fetch Campaign into Workspace');
  await page.locator('.quick-input-widget', { hasText: 'Campaign id' }).waitFor({ state: 'visible', timeout: workbench.timeoutMs });
  await workbench.answer(id);
  await workbench.activeTab(`.${id}.campaign.json`).waitFor({ state: 'visible', timeout: workbench.timeoutMs });
  await workbench.replaceInEditor('Sneakers from $39', 'Sneakers from $29', { every: true });
  await workbench.save();
  await admin(ready, 'PUT', '/faults', { spec: 'write-delay=60000' });
  await workbench.command('Campaign Studio: Push Changes to the Service');
  const push = workbench.editorAction('Push');
  await push.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
  await push.click();
  // The emulator stores a write before it answers: the change on disk means applied, answer still held.
  await whenFileHolds(
    path.join(dir, 'emulator-data.json'),
    'Sneakers from $29',
    'the update stored by the emulator (its answer held back)',
    workbench.timeoutMs,
  );
  const from = run.output.length;
  process.kill(emulatorPid, 'SIGKILL');
  await run.printed(/emulator restarted on (\S+) \(pid (\d+)\)/, 'that it restarted the emulator after the kill mid-push', { from });
  await workbench.waitForNotification(
    'Pushed Content of “Weekend flash deal” to shopco: the answer was lost, but reading the campaign again confirmed it applied.',
  );
  const stored = await admin(ready, 'GET', `/campaigns/${id}`);
  if (!/Sneakers from \$29/.test(JSON.stringify(stored.components.campaign_content)))
    throw new Error('the service does not hold the pushed change');
  if ((await admin(ready, 'GET', '/requests')).requests.some(r => r.method === 'PATCH'))
    throw new Error('the restarted emulator logged another update: the push was sent twice');
  if (!processAlive(ready.codeServer.pid)) throw new Error('code-server did not stay up while the emulator was restarted mid-push');
  await screenshot(
    page,
    shots,
    '02-a-push-whose-emulator-died-is-confirmed-applied.png',
    say,
    'a push in flight when the emulator was killed: code-server stayed up, the emulator came back, and the push was read back as applied, sent once',
  );
}

async function secondRun({ dir, page, Workbench, shots, say }, before) {
  const port = new URL(before.ready.url).port;
  await withSandbox(
    ['--port', port, '--dir', dir],
    async (run, ready) => {
      if (ready.emulator.url !== before.ready.emulator.url)
        throw new Error(`the emulator moved from ${before.ready.emulator.url} to ${ready.emulator.url}`);
      const settingsFile = path.join(ready.workspace, '.vscode', 'settings.json');
      if (fs.readFileSync(settingsFile, 'utf8') !== before.settings.text || fs.statSync(settingsFile).mtimeMs !== before.settings.mtimeMs) {
        throw new Error('the workspace settings were rewritten although the emulator URL did not change');
      }
      if (userSettings(ready)[MARKER_SETTING] !== 'channel') throw new Error('the user settings of the last run are gone');
      if ((await api(ready, 'GET', `/v5/campaigns/${before.id}`)).status !== 200) throw new Error('the draft of the last run is gone');
      await page.goto(ready.url);
      const workbench = new Workbench(page);
      await workbench.ready();
      await workbench
        .connectionStatus('shopco: connected')
        .waitFor({ state: 'visible', timeout: workbench.timeoutMs })
        .catch(() => {
          throw new Error('the sign-in of the last run was not kept: the status bar does not say "shopco: connected"');
        });
      await screenshot(
        page,
        shots,
        '03-the-next-npm-start-resumes-signed-in.png',
        say,
        'the next npm start resumes: same emulator URL, settings not rewritten, user settings, sign-in and data kept',
      );
      say(`  ✔ SIGTERM to the npm process alone stopped it all (${await run.interrupt('SIGTERM')})`);
    },
    { viaNpm: true },
  );
}

async function freshRun({ dir, say }, before) {
  await withSandbox(
    ['--port', '0', '--emulator-port', '0', '--dir', dir, '--fresh'],
    async (run, ready) => {
      if (MARKER_SETTING in userSettings(ready)) throw new Error('--fresh kept the user settings');
      if ((await api(ready, 'GET', `/v5/campaigns/${before.id}`)).status !== 404) throw new Error("--fresh kept the emulator's data");
      if (JSON.stringify(fs.readdirSync(ready.workspace).sort()) !== JSON.stringify(workspaceEntries()))
        throw new Error('--fresh did not start from a copy of examples/');
      say(
        `  ✔ npm start -- --fresh starts over (user data, workspace, emulator data); SIGINT to the npm process alone: ${await run.interrupt()}`,
      );
    },
    { viaNpm: true },
  );
}

/**
 * @param {{ browser: import('playwright-core').Browser, Workbench: any, shots: string, say: (m: string) => void }} options
 */
export async function checkSandbox({ browser, Workbench, shots, say }) {
  fs.rmSync(shots, { recursive: true, force: true });
  fs.mkdirSync(shots, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-studio-start-'));
  // One browser profile for all three runs, as a person's own browser keeps its storage.
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const options = { dir, page, Workbench, shots, say };
    const first = await firstRun(options);
    await secondRun(options, first);
    await freshRun(options, first);
  } finally {
    await context.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
