// `node scripts/render-icon.mjs`: renders the marketplace icon, media/icon.png (256×256), from the
// language icon media/campaign.svg: its 16×16 drawing scaled up on a rounded tile, drawn by the
// Chromium the real-editor tests use. The PNG is committed; run this again after changing either.
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from './lib/browser.mjs';
import { ROOT } from './ensure-env.mjs';

const SIZE = 256;
const TILE = '#1F2937';
/** The drawing's share of the tile: its 16 units become 12 × 16 = 192 pixels, with a margin of 32. */
const SCALE = 12;

function iconSvg() {
  const source = fs.readFileSync(path.join(ROOT, 'media/campaign.svg'), 'utf8');
  const drawing = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(source)[1];
  const margin = (SIZE - 16 * SCALE) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<rect width="${SIZE}" height="${SIZE}" rx="${SIZE * 0.18}" fill="${TILE}"/>` +
    `<g transform="translate(${margin} ${margin}) scale(${SCALE})">${drawing}</g></svg>`
  );
}

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
  await page.setContent(`<html><body style="margin:0">${iconSvg()}</body></html>`);
  const out = path.join(ROOT, 'media/icon.png');
  fs.writeFileSync(out, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } }));
  console.log(`${path.relative(ROOT, out)} ${SIZE}×${SIZE}`);
} finally {
  await browser.close();
}
