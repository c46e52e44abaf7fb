// The package boundaries, as ESLint `no-restricted-imports` settings: imports flow one way,
// core ← sync ← server, cli, extension (and the emulator, which uses core and sync). A package
// reaches another only through its name (`@campaign-studio/core`), never into its folders, and
// only the packages named in its `may` list. Inside core, its layers (`CORE_LAYERS`) flow one way
// too, model ← summary ← rules ← language, checked by the `campaign-studio/core-layers` rule.
// `scripts/lint/boundaries.test.ts` proves a forbidden import fails the lint.
import path from 'node:path';

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
    ...others.map(p => ({
      name: `@campaign-studio/${p}`,
      message: `${pkg} may import only ${PACKAGES[pkg].may.map(m => `@campaign-studio/${m}`).join(', ') || 'no other package'} (imports flow core ← sync ← server, cli, extension).`,
    })),
    ...EDITOR_LIBRARIES.filter(l => !l.allowed.includes(pkg)).map(l => ({
      name: l.name,
      message: `${l.name} is not for ${pkg}: ${l.why}.`,
    })),
  ];
  const patterns = [
    {
      group: ['@campaign-studio/*/*'],
      message: 'Import a package by its name only; what it exports from src/index.ts is its public interface.',
    },
    {
      regex: '^(\\.\\./)+(packages/)?(core|sync|server|cli|extension|emulator)/src(/|$)',
      message: 'Reach another package through its name (@campaign-studio/…), never through its folders.',
    },
    ...EDITOR_LIBRARIES.filter(l => !l.allowed.includes(pkg)).map(l => ({
      group: [`${l.name}/*`],
      message: `${l.name} is not for ${pkg}: ${l.why}.`,
    })),
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

/**
 * Core's layers, each a folder of `packages/core/src/`, and what each may import of the others
 * (besides itself and the compiled `generated/` data). The files beside them (`index.ts`,
 * `protocol.ts`, `l10n.ts`) sit on top and may import any layer; no layer imports them.
 */
export const CORE_LAYERS = {
  // The base layer: document types, JSON pointers, strings, JSON values, date-times and zones, file kinds.
  model: { may: [] },
  // What a campaign does in plain terms.
  summary: { may: ['model'] },
  // The rule set.
  rules: { may: ['model', 'summary'] },
  // The language features.
  language: { may: ['model', 'summary', 'rules'] },
};

const CORE_SRC = 'packages/core/src';
const FLOW = 'imports flow model ← summary ← rules ← language';

/** The layer, or the file beside them, that a path inside `packages/core/src/` (`''` for the folder itself) is in. */
function corePart(rel) {
  const first = rel.split('/')[0];
  if (Object.hasOwn(CORE_LAYERS, first) || first === 'generated') return first;
  return `${(first || 'index').replace(/\.[^.]*$/, '')}.ts`;
}

/** A path relative to the linted folder, with `/`; undefined when it is not inside core's src. */
function inCoreSrc(cwd, file) {
  const rel = path.relative(cwd, file).split(path.sep).join('/');
  if (rel === CORE_SRC) return '';
  return rel.startsWith(`${CORE_SRC}/`) ? rel.slice(CORE_SRC.length + 1) : undefined;
}

function listed(parts) {
  const folders = parts.map(p => `${p}/`);
  return folders.length > 1 ? `${folders.slice(0, -1).join(', ')} and ${folders[folders.length - 1]}` : folders[0];
}

/** Refuses a relative import from one of core's layers into a layer or file it may not import. */
const coreLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: "Core's layers import one way: model ← summary ← rules ← language" },
    schema: [],
    messages: {
      upward: "{{from}}/ may import only {{may}} of core ({{flow}}): '{{source}}' is in {{to}}.",
      nothing: "{{from}}/ is core's base layer and imports nothing of core outside it ({{flow}}): '{{source}}' is in {{to}}.",
    },
  },
  create(context) {
    const file = inCoreSrc(context.cwd, context.filename);
    const from = file === undefined ? undefined : corePart(file);
    if (from === undefined || !Object.hasOwn(CORE_LAYERS, from)) return {};
    const layer = CORE_LAYERS[from];
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = inCoreSrc(context.cwd, path.resolve(path.dirname(context.filename), source));
      if (target === undefined) return;
      const to = corePart(target);
      if (to === from || to === 'generated' || layer.may.includes(to)) return;
      const data = { from, to: Object.hasOwn(CORE_LAYERS, to) ? `${to}/` : to, source, flow: FLOW };
      if (layer.may.length === 0) context.report({ node, messageId: 'nothing', data });
      else context.report({ node, messageId: 'upward', data: { ...data, may: listed([...layer.may, from]) } });
    };
    const fromSource = node => check(node, node.source?.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: node => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
      TSImportType: node => check(node, node.argument?.literal?.value),
    };
  },
};

/**
 * Refuses `export *` in a package's front door (`src/index.ts`): what another package may import
 * is named there, one by one, so that a module's new export stays the package's own.
 */
const namedExportsRule = {
  meta: {
    type: 'problem',
    docs: { description: "A package's index.ts names each export" },
    schema: [],
    messages: {
      exportAll:
        "A package's index.ts names what it exports: write `export { name } from '{{source}}'` for each name other packages use, not `export *`.",
    },
  },
  create(context) {
    return { ExportAllDeclaration: node => context.report({ node, messageId: 'exportAll', data: { source: node.source.value } }) };
  },
};

/** The plugin that holds the layers' rule and the front doors' rule, one object for every config block that names it. */
const LAYERS_PLUGIN = { rules: { 'core-layers': coreLayersRule, 'named-exports': namedExportsRule } };

/** The ESLint config blocks that apply core's layers to its sources, and named exports to every package's index.ts. */
export function layerConfigs() {
  return [
    { files: [`${CORE_SRC}/**/*.ts`], plugins: { 'campaign-studio': LAYERS_PLUGIN }, rules: { 'campaign-studio/core-layers': 'error' } },
    {
      files: Object.keys(PACKAGES).map(p => `packages/${p}/src/index.ts`),
      plugins: { 'campaign-studio': LAYERS_PLUGIN },
      rules: { 'campaign-studio/named-exports': 'error' },
    },
  ];
}
