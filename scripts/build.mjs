// One build script: schemas first (ahead-of-time validators), then one esbuild entry per bundle.
// Committed generated files (docs/rules.md) are written only by
// `npm run generate`: a build never rewrites them, so their test sees a stale copy.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from './compile-schemas.mjs';
import { BUNDLES, COMMON_OPTIONS } from './lib/bundles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const s = compile();
console.log(`schemas: ${s.files} files compiled`);

const common = {
  ...COMMON_OPTIONS,
  sourcemap: production ? false : 'linked',
  minify: production,
  absWorkingDir: root,
};

const builds = Object.values(BUNDLES);

if (watch) {
  for (const b of builds) {
    const ctx = await esbuild.context({ ...common, ...b });
    await ctx.watch();
  }
  console.log('watching…');
} else {
  await Promise.all(builds.map(b => esbuild.build({ ...common, ...b })));
  for (const bin of ['dist/campaign.js', 'dist/cli.js', 'dist/server.js']) fs.chmodSync(path.join(root, bin), 0o755);
  for (const b of builds) {
    const size = fs.statSync(path.join(root, b.outfile)).size;
    console.log(`${b.outfile} ${(size / 1024).toFixed(0)} KB`);
  }
}
