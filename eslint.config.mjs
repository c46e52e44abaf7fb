// Lint: the package boundaries and core's layers (scripts/lint/boundaries.mjs), and the few rules
// that catch real bugs here. Promises are either awaited or marked deliberate with `void`; type
// checking itself is `tsc --noEmit`. The format is Biome's (biome.json), checked before this.
import tseslint from 'typescript-eslint';
import { boundaryConfigs, layerConfigs } from './scripts/lint/boundaries.mjs';

/**
 * The extension's words go through `vscode.l10n.t` (CONTRIBUTING.md, "A user-facing string"): a
 * string literal where a person reads it is refused, and so is a template with words of its own
 * (an icon such as `$(cloud)` before a localized text is fine). `%s` is the literal's place.
 */
const READ_AT = [
  'CallExpression[callee.property.name=/^show(Information|Warning|Error)Message$/] > %s:first-child',
  'Property[key.name=/^(title|placeHolder|prompt|tooltip)$/] > %s.value',
  'AssignmentExpression[left.property.name=/^(title|placeHolder|prompt|tooltip)$/] > %s.right',
];
const WORDY_TEMPLATE = String.raw`TemplateLiteral:has(TemplateElement[value.raw=/^(?:[^A-Za-z$]|\$\([\w~-]+\)|\$(?!\())*[A-Za-z]/])`;
const UNLOCALIZED = READ_AT.flatMap(at =>
  ['Literal', WORDY_TEMPLATE].map(literal => ({
    selector: at.replace('%s', literal),
    message:
      'A person reads this: write it through vscode.l10n.t (a literal first argument, values as {0}, {1}, …) so that `npm run l10n` extracts it.',
  })),
);

/**
 * A notification shows a value from a file, a setting or the service only through `plainText`,
 * which writes out control characters (and drops Markdown backticks a notification cannot show).
 */
const NOTIFICATION = 'CallExpression[callee.property.name=/^show(Information|Warning|Error)Message$/]';
const UNESCAPED = [
  {
    selector: `${NOTIFICATION} > :first-child:not(CallExpression[callee.name='plainText'], CallExpression[callee.property.name='t'], Literal)`,
    message: 'A notification shows this value as it is: pass plainText(value), which writes out control characters.',
  },
  {
    selector: `${NOTIFICATION} > CallExpression:first-child[callee.property.name='t'] > :not(:first-child, MemberExpression[property.name='t'], CallExpression[callee.name=/^(plainText|nameOf)$/], CallExpression[callee.property.name='t'], Literal)`,
    message: 'A value in a notification: pass plainText(value), which writes out control characters.',
  },
];

/**
 * `npm run l10n`'s extractor numbers only the first value of a tagged `l10n.t` template, so a
 * template with two or more values would ship under a key that is never looked up.
 */
const TAGGED_WITH_VALUES = {
  selector: "TaggedTemplateExpression[tag.object.name='l10n'][tag.property.name='t'] > TemplateLiteral[expressions.length>1]",
  message: "Two or more values: write l10n.t('… {0} … {1}', a, b), whose key the bundle extractor gets right.",
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      '.vscode-test/**',
      'node_modules/**',
      'packages/core/src/generated/**',
      'packages/extension/test/ui/screenshots/**',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's test() and describe() return promises the runner itself awaits.
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      'no-debugger': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  ...boundaryConfigs(),
  ...layerConfigs(),
  { files: ['packages/core/src/**/*.ts', 'packages/sync/src/**/*.ts'], rules: { 'no-restricted-syntax': ['error', TAGGED_WITH_VALUES] } },
  {
    files: ['packages/extension/src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...UNLOCALIZED, ...UNESCAPED, TAGGED_WITH_VALUES] },
  },
);
