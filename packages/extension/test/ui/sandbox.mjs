// The sandbox as a person uses it: `npm start` prints a URL, the URL opens the example workspace
// with the extension installed, and Ctrl-C stops everything, leaving no process behind.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../../../scripts/ensure-env.mjs';
import { VIEWPORT } from '../../../../scripts/lib/browser.mjs';
import { descendants, killGroup, processAlive, withTimeout } from '../../../../scripts/lib/processes.mjs';

/**
 * @param {{ browser: import('playwright-core').Browser, Workbench: any, shots: string, say: (m: string) => void }} options
 */
export async function checkSandbox({ browser, Workbench, shots, say }) {
  fs.rmSync(shots, { recursive: true, force: true });
  fs.mkdirSync(shots, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-studio-start-'));
  // Its own process group, so that the Ctrl-C below reaches start.mjs alone, as a terminal's would.
  const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0', '--no-package', '--dir', dir, '--json'], {
    cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', d => { output += d; });
  child.stderr.on('data', d => { output += d; });
  const exited = new Promise(resolve => child.on('exit', (code, signal) => resolve({ code, signal })));
  let context;
  let processes = [];
  try {
    const ready = await withTimeout(new Promise((resolve, reject) => {
      const look = () => {
        const line = output.split('\n').find(l => l.startsWith('{') && l.includes('"processGroups"'));
        if (line) resolve(JSON.parse(line));
      };
      child.stdout.on('data', look);
      void exited.then(({ code, signal }) => reject(new Error(`npm start exited (${signal ?? code}) before it was ready`)));
    }), 120_000, 'npm start did not print its URL within 120s');
    processes = descendants(child.pid);
    say(`  npm start: ${ready.url} (${processes.length} processes under it)`);
    if (!output.includes(`Open   ${ready.url}`)) throw new Error(`npm start did not print the URL to open:\n${output}`);

    context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(ready.url);
    const workbench = new Workbench(page);
    await workbench.ready();
    await workbench.openFile('drafts/black-friday.campaign.json');
    await workbench.squiggles('error').first().waitFor({ state: 'visible' });
    const file = path.join(shots, '01-npm-start-opens-the-example-workspace.png');
    await page.screenshot({ path: file, animations: 'disabled' });
    say(`  ✔ the URL opens the example workspace with the extension at work  (${path.relative(ROOT, file)})`);
    // Now the extension host and the language server run too: everything under npm start.
    processes = [...new Set([...processes, ...descendants(child.pid)])];
    await context.close();
    context = undefined;

    process.kill(child.pid, 'SIGINT');
    const { code, signal } = await withTimeout(exited, 30_000, 'npm start did not stop within 30s of Ctrl-C');
    const left = processes.filter(processAlive);
    if (left.length) {
      const names = left.map(pid => { try { return `${pid} ${fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 120)}`; } catch { return String(pid); } });
      throw new Error(`after Ctrl-C these processes are still running:\n  ${names.join('\n  ')}`);
    }
    if (!/stopped; nothing left running/.test(output)) throw new Error(`npm start did not say it stopped:\n${output.slice(-2000)}`);
    say(`  ✔ Ctrl-C stopped npm start (${signal ?? code}) and all ${processes.length} processes under it`);
  } catch (e) {
    e.message += `\n--- npm start said:\n${output.trim().split('\n').slice(-30).join('\n')}`;
    throw e;
  } finally {
    await context?.close().catch(() => undefined);
    await killGroup(child.pid, { graceMs: 1000 });
    for (const pid of processes.filter(processAlive)) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
