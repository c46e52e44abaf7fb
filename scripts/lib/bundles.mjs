// The three bundles and their esbuild options, shared by the build and by the test that checks
// what each bundle contains.
export const COMMON_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  // jsonc-parser's UMD build hides its requires from the bundler; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
};

/** The VS Code client (`vscode` comes from the host), the language server, and campaign-lint. */
export const BUNDLES = {
  client: { entryPoints: ['packages/extension/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
  server: { entryPoints: ['packages/server/src/server.ts'], outfile: 'dist/server.js', banner: { js: '#!/usr/bin/env node' } },
  cli: { entryPoints: ['packages/cli/src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
};
