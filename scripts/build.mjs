// One build script: schemas first (ahead-of-time validators), then one esbuild entry per bundle.
// Committed generated files (docs/rules.md, the README's rules table) are written only by
// `npm run generate`: a build never rewrites them, so their test sees a stale copy.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from './compile-schemas.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const s = compile();
console.log(`schemas: ${s.files} files compiled`);

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  absWorkingDir: root,
  // jsonc-parser's UMD build hides its requires from the bundler; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
};

const builds = [
  { entryPoints: ['packages/extension/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
  { entryPoints: ['packages/server/src/server.ts'], outfile: 'dist/server.js' },
  { entryPoints: ['packages/cli/src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
];

if (watch) {
  for (const b of builds) {
    const ctx = await esbuild.context({ ...common, ...b });
    await ctx.watch();
  }
  console.log('watching…');
} else {
  await Promise.all(builds.map(b => esbuild.build({ ...common, ...b })));
  fs.chmodSync(path.join(root, 'dist/cli.js'), 0o755);
  for (const b of builds) {
    const size = fs.statSync(path.join(root, b.outfile)).size;
    console.log(`${b.outfile} ${(size / 1024).toFixed(0)} KB`);
  }
}
