// Lint: the package boundaries (scripts/lint/boundaries.mjs), and the few rules that catch real bugs here. Promises are either awaited or marked
// deliberate with `void`; type checking itself is `tsc --noEmit`.
import tseslint from 'typescript-eslint';
import { boundaryConfigs } from './scripts/lint/boundaries.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', '.vscode-test/**', 'node_modules/**', 'packages/core/src/generated/**', 'packages/extension/test/ui/screenshots/**', '**/*.mjs', '**/*.js'] },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', {
        // node:test's test() and describe() return promises the runner itself awaits.
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }],
      }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      'no-debugger': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  ...boundaryConfigs(),
);
