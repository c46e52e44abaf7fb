// Debian's Chromium driven by playwright-core, headless, with its own HOME (Chromium writes to
// ~/.config too). Flags that work as root, no GPU, nothing phoning home.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../ensure-env.mjs';

export const VIEWPORT = { width: 1400, height: 860 };

export async function launchChromium({ headless = true } = {}) {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: run \`node scripts/ensure-env.mjs\``);
  const { chromium } = await import('playwright-core');
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-studio-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
    timeout: 60_000,
  });
  const close = browser.close.bind(browser);
  browser.close = async () => {
    try {
      await close();
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  };
  return browser;
}
