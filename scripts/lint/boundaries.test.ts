import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * The package boundaries are enforced by lint: a forbidden import must fail `npm test`. These
 * cases lint one-line files as if they stood in each package, with the very configuration
 * `eslint.config.mjs` uses.
 */

const root = path.resolve(__dirname, '../..');

interface Boundaries {
  boundaryConfigs(): Linter.Config[];
  layerConfigs(): Linter.Config[];
}

async function boundaries(): Promise<Boundaries> {
  return (await import(pathToFileURL(path.join(root, 'scripts/lint/boundaries.mjs')).href)) as Boundaries;
}

async function boundaryConfigs(): Promise<Linter.Config[]> {
  return (await boundaries()).boundaryConfigs();
}

async function errorsFor(file: string, source: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } },
      ...(await boundaryConfigs()),
      ...(await boundaries()).layerConfigs(),
    ],
  });
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result.messages.filter(m => m.severity === 2).map(m => `${m.ruleId}: ${m.message}`);
}

const FORBIDDEN: Array<[string, string, RegExp]> = [
  ['packages/core/src/language/x.ts', "import * as vscode from 'vscode';", /vscode is not for core/],
  [
    'packages/core/src/rules/x.ts',
    "import { createConnection } from 'vscode-languageserver/node';",
    /vscode-languageserver is not for core/,
  ],
  ['packages/core/src/x.ts', "import { ServiceClient } from '@campaign-studio/sync';", /core may import only no other package/],
  ['packages/sync/src/push/x.ts', "import { startServer } from '@campaign-studio/server';", /sync may import only @campaign-studio\/core/],
  ['packages/sync/src/remote/x.ts', "import type { Uri } from 'vscode';", /vscode is not for sync/],
  ['packages/extension/src/push/x.ts', "import { validate } from '../../../core/src/language/validate';", /never through its folders/],
  ['packages/extension/src/x.ts', "import { validate } from '@campaign-studio/core/src/language/validate';", /by its name only/],
  [
    'packages/extension/src/x.ts',
    "import { createConnection } from 'vscode-languageserver';",
    /vscode-languageserver is not for extension/,
  ],
  ['packages/extension/src/x.ts', "export { main } from '@campaign-studio/cli';", /extension may import only/],
  ['packages/server/src/x.ts', "import { LanguageClient } from 'vscode-languageclient/node';", /vscode-languageclient is not for server/],
  ['packages/cli/src/x.ts', "import { startEmulator } from '@campaign-studio/emulator';", /cli may import only/],
  ['packages/server/test/x.test.ts', "import { parse } from '../../../packages/core/src/language/parse';", /never through its folders/],
];

for (const [file, source, expected] of FORBIDDEN) {
  test(`boundary lint refuses in ${file}: ${source}`, async () => {
    const errors = await errorsFor(file, source);
    assert.equal(errors.length, 1, `expected one error, got: ${errors.join(' | ') || 'none'}`);
    assert.match(errors[0], /^no-restricted-imports: /);
    assert.match(errors[0], expected);
  });
}

const ALLOWED: Array<[string, string]> = [
  ['packages/sync/src/x.ts', "import { parse } from '@campaign-studio/core';"],
  [
    'packages/server/src/x.ts',
    "import { LanguageService } from '@campaign-studio/core';\nimport { BaseSnapshotStore } from '@campaign-studio/sync';\nimport { createConnection } from 'vscode-languageserver/node';",
  ],
  [
    'packages/extension/src/x.ts',
    "import * as vscode from 'vscode';\nimport { ServiceClient } from '@campaign-studio/sync';\nimport { LanguageClient } from 'vscode-languageclient/node';",
  ],
  [
    'packages/sync/test/x.test.ts',
    "import { startEmulator } from '@campaign-studio/emulator';\nimport { lint } from '../../../core/test/helpers/lint';",
  ],
  ['packages/core/src/language/x.ts', "import { parse } from './parse';\nimport { RULE_CHECKS } from '../rules';"],
];

for (const [file, source] of ALLOWED) {
  test(`boundary lint allows in ${file}: ${source.split('\n')[0]}`, async () => {
    assert.deepEqual(await errorsFor(file, source), []);
  });
}

/**
 * Core's layers: model ← summary ← rules ← language. A layer imports only those before it, so
 * no import circle can come back between rules and the language features.
 */
const LAYER_FORBIDDEN: Array<[string, string, RegExp]> = [
  [
    'packages/core/src/rules/x.ts',
    "import { editContext } from '../language/editingContext';",
    /^rules\/ may import only model\/, summary\/ and rules\/ of core \(imports flow model ← summary ← rules ← language\): '\.\.\/language\/editingContext' is in language\/\.$/,
  ],
  [
    'packages/core/src/rules/x.ts',
    "import type { ParsedDocument } from '../language/parse';",
    /rules\/ may import only .* is in language\//,
  ],
  ['packages/core/src/rules/x.ts', "export * from '../language/hover';", /rules\/ may import only/],
  ['packages/core/src/rules/x.ts', "import { parse } from '..';", /rules\/ may import only .*: '\.\.' is in index\.ts/],
  ['packages/core/src/rules/x.ts', "const m = import('../language/completion');", /rules\/ may import only/],
  [
    'packages/core/src/model/x.ts',
    "import { Segment } from '../language/schemaWalk';",
    /^model\/ is core's base layer and imports nothing of core outside it \(imports flow model ← summary ← rules ← language\): '\.\.\/language\/schemaWalk' is in language\/\.$/,
  ],
  ['packages/core/src/model/x.ts', "import { RULES } from '../rules/catalog';", /model\/ is core's base layer .* is in rules\//],
  [
    'packages/core/src/model/x.ts',
    "import { sendTimeline } from '../summary/timeline';",
    /model\/ is core's base layer .* is in summary\//,
  ],
  ['packages/core/src/model/sub/x.ts', "import { RuleGroup } from '../../rules/define';", /model\/ is core's base layer .* is in rules\//],
  ['packages/core/src/summary/x.ts', "import { isObj } from '../rules/util';", /summary\/ may import only model\/ and summary\/ of core/],
];

for (const [file, source, expected] of LAYER_FORBIDDEN) {
  test(`layer lint refuses in ${file}: ${source}`, async () => {
    const errors = await errorsFor(file, source);
    assert.equal(errors.length, 1, `expected one error, got: ${errors.join(' | ') || 'none'}`);
    assert.match(errors[0], /^campaign-studio\/core-layers: /);
    assert.match(errors[0].replace(/^campaign-studio\/core-layers: /, ''), expected);
  });
}

const LAYER_ALLOWED: Array<[string, string]> = [
  ['packages/core/src/model/x.ts', "import { join } from './pointer';\nimport { DateTime } from 'luxon';"],
  ['packages/core/src/summary/x.ts', "import { isObject } from '../model/json';\nimport { instantOf } from '../model/dateTime';"],
  [
    'packages/core/src/rules/x.ts',
    "import { Finding } from '../model/types';\nimport { sendTimeline } from '../summary/timeline';\nimport { RULE_GROUPS } from './catalog';",
  ],
  [
    'packages/core/src/language/x.ts',
    "import { join } from '../model/pointer';\nimport { RULES } from '../rules/catalog';\nimport { sendTimeline } from '../summary/timeline';\nimport schemas from '../generated/schemas.json';",
  ],
  ['packages/core/src/index.ts', "export { validate } from './language/validate';\nexport { RULES } from './rules/catalog';"],
  ['packages/core/src/protocol.ts', "import type { Severity } from './model/types';"],
];

for (const [file, source] of LAYER_ALLOWED) {
  test(`layer lint allows in ${file}: ${source.split('\n')[0]}`, async () => {
    assert.deepEqual(await errorsFor(file, source), []);
  });
}

test("a package's index.ts that exports a module whole fails the lint, naming what to write instead", async () => {
  for (const pkg of ['core', 'sync', 'emulator', 'cli']) {
    const errors = await errorsFor(`packages/${pkg}/src/index.ts`, "export * from './x';\nexport { y } from './y';");
    assert.equal(errors.length, 1, `expected one error in ${pkg}, got: ${errors.join(' | ') || 'none'}`);
    assert.match(errors[0], /^campaign-studio\/named-exports: .*`export \{ name \} from '\.\/x'`/);
  }
  assert.deepEqual(await errorsFor('packages/core/src/language/x.ts', "export * from './hover';"), []);
});

test('eslint.config.mjs applies the boundaries to every package', async () => {
  const config = ((await import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href)) as { default: Linter.Config[] }).default;
  for (const block of await boundaryConfigs()) {
    assert.ok(
      config.some(c => JSON.stringify(c.files) === JSON.stringify(block.files) && c.rules?.['no-restricted-imports']),
      `no boundary block for ${String(block.files)}`,
    );
  }
});

test("eslint.config.mjs applies core's layers to core's sources", async () => {
  const config = ((await import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href)) as { default: Linter.Config[] }).default;
  for (const block of (await boundaries()).layerConfigs()) {
    assert.ok(
      config.some(
        c => JSON.stringify(c.files) === JSON.stringify(block.files) && Object.keys(block.rules ?? {}).every(r => c.rules?.[r] === 'error'),
      ),
      `no layer block for ${String(block.files)}`,
    );
  }
});
