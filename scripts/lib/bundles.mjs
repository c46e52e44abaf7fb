// The bundles and their esbuild options, shared by the build and by the test that checks
// what each bundle contains.

/**
 * Packages whose ESM build cannot run inside a CommonJS bundle (fdir's calls
 * `createRequire(import.meta.url)`, and `import.meta` is empty there): they are resolved as
 * `require()` resolves them, to their CommonJS build.
 */
const REQUIRED_AS_COMMONJS = /^(tinyglobby|fdir)$/;

const commonJsBuilds = {
  name: 'commonjs-builds',
  setup(build) {
    build.onResolve({ filter: REQUIRED_AS_COMMONJS }, args =>
      args.kind === 'require-call'
        ? undefined
        : build.resolve(args.path, { kind: 'require-call', resolveDir: args.resolveDir, importer: args.importer }),
    );
  },
};

export const COMMON_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  // jsonc-parser's UMD build hides its requires from the bundler; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
  plugins: [commonJsBuilds],
};

/**
 * The VS Code client (`vscode` comes from the host), the language server, campaign-lint, and the
 * scripts of the "Resolve conflicts" and campaign preview webviews (for the browser: the vscode-elements components it
 * uses, nothing of the extension).
 */
export const BUNDLES = {
  client: { entryPoints: ['packages/extension/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
  server: { entryPoints: ['packages/server/src/server.ts'], outfile: 'dist/server.js', banner: { js: '#!/usr/bin/env node' } },
  cli: { entryPoints: ['packages/cli/src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  campaign: { entryPoints: ['packages/cli/src/campaign.ts'], outfile: 'dist/campaign.js', banner: { js: '#!/usr/bin/env node' } },
  conflictsView: {
    entryPoints: ['packages/extension/src/webview/conflicts.ts'],
    outfile: 'dist/webview/conflicts.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    mainFields: ['browser', 'module', 'main'],
  },
  previewView: {
    entryPoints: ['packages/extension/src/webview/preview.ts'],
    outfile: 'dist/webview/preview.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    mainFields: ['browser', 'module', 'main'],
  },
};
