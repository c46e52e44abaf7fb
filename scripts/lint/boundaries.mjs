// The package boundaries, as ESLint `no-restricted-imports` settings: imports flow one way,
// core ← sync ← server, cli, extension (and the emulator, which uses core and sync). A package
// reaches another only through its name (`@campaign-studio/core`), never into its folders, and
// only the packages named in its `may` list. `test/lint-boundaries.test.ts` proves a forbidden
// import fails the lint.

/** What each package may import of the others. */
export const PACKAGES = {
  core: { may: [], owns: 'parsing, pointers and ranges, settings from text, the rule set, the language features' },
  sync: { may: ['core'], owns: 'everything read from or sent to the service' },
  server: { may: ['core', 'sync'], owns: 'the LSP adapter' },
  cli: { may: ['core', 'sync'], owns: 'campaign-lint' },
  extension: { may: ['core', 'sync'], owns: 'the VS Code UI' },
  emulator: { may: ['core', 'sync'], owns: 'the local service' },
};

/** Editor and protocol libraries, and which packages may use them. */
const EDITOR_LIBRARIES = [
  { name: 'vscode', allowed: ['extension'], why: 'only the extension runs inside VS Code' },
  { name: 'vscode-languageclient', allowed: ['extension'], why: 'only the extension is a language client' },
  { name: 'vscode-languageserver', allowed: ['server'], why: 'only the server speaks LSP; core uses vscode-languageserver-types' },
  { name: 'vscode-languageserver-textdocument', allowed: ['server'], why: 'only the server keeps LSP text documents' },
];

function restrictionsFor(pkg, alsoMay) {
  const others = Object.keys(PACKAGES).filter(p => p !== pkg && !PACKAGES[pkg].may.includes(p) && !alsoMay.includes(p));
  const paths = [
    ...others.map(p => ({ name: `@campaign-studio/${p}`, message: `${pkg} may import only ${PACKAGES[pkg].may.map(m => `@campaign-studio/${m}`).join(', ') || 'no other package'} (imports flow core ← sync ← server, cli, extension).` })),
    ...EDITOR_LIBRARIES.filter(l => !l.allowed.includes(pkg)).map(l => ({ name: l.name, message: `${l.name} is not for ${pkg}: ${l.why}.` })),
  ];
  const patterns = [
    { group: ['@campaign-studio/*/*'], message: 'Import a package by its name only; what it exports from src/index.ts is its public interface.' },
    { regex: '^(\\.\\./)+(core|sync|server|cli|extension|emulator)/src(/|$)', message: 'Reach another package through its name (@campaign-studio/…), never through its folders.' },
    ...EDITOR_LIBRARIES.filter(l => !l.allowed.includes(pkg)).map(l => ({ group: [`${l.name}/*`], message: `${l.name} is not for ${pkg}: ${l.why}.` })),
  ];
  return ['error', { paths, patterns }];
}

/**
 * One ESLint config block per package for its sources, and one for its tests: tests may also
 * start the emulator (`@campaign-studio/emulator`), the service they run against.
 */
export function boundaryConfigs() {
  return Object.keys(PACKAGES).flatMap(pkg => [
    { files: [`packages/${pkg}/src/**/*.ts`], rules: { 'no-restricted-imports': restrictionsFor(pkg, []) } },
    { files: [`packages/${pkg}/test/**/*.ts`], rules: { 'no-restricted-imports': restrictionsFor(pkg, ['emulator']) } },
  ]);
}
