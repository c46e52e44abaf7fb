// The mutation check (`npm run mutation`, CONTRIBUTING.md "Mutation check"): how much of what the
// tests claim to cover would they notice breaking. It mutates the five modules users depend on
// most and runs, for each mutant, only the test files that reach the mutated code (Stryker's
// per-test coverage, where a "test" is a file run as `node --import tsx`).

/** The modules scored, each with the test files written for it. A line range narrows a file to one function. */
const MODULES = {
  merge: {
    mutate: ['packages/sync/src/push/merge.ts'],
    tests: [
      'packages/sync/test/push/mergeOutcome.test.ts',
      'packages/sync/test/push/merge.test.ts',
      'packages/sync/test/push/merge.property.test.ts',
    ],
  },
  patchPlanner: {
    mutate: ['packages/sync/src/push/patch.ts:32-67'],
    tests: ['packages/sync/test/push/patchPlan.test.ts', 'packages/sync/test/push/patch.test.ts', 'packages/sync/test/push/merge.test.ts'],
  },
  rangeMapper: {
    mutate: ['packages/core/src/language/ranges.ts'],
    tests: [
      'packages/core/test/language/ranges.test.ts',
      'packages/core/test/language/languageService.test.ts',
      'packages/core/test/rules/document.test.ts',
    ],
  },
  rateLimiter: {
    mutate: ['packages/sync/src/remote/rateLimiter.ts'],
    tests: [
      'packages/sync/test/remote/rateLimiterWaits.test.ts',
      'packages/sync/test/remote/rateLimiter.test.ts',
      'packages/sync/test/remote/rateLimiter.property.test.ts',
      'packages/sync/test/remote/deadlines.test.ts',
      'packages/sync/test/remote/serviceClient.test.ts',
    ],
  },
  redaction: {
    mutate: ['packages/sync/src/remote/callLog.ts:26-47'],
    tests: [
      'packages/sync/test/remote/redaction.test.ts',
      'packages/sync/test/remote/serviceClient.test.ts',
      'packages/sync/test/remote/serviceClientTrust.test.ts',
    ],
  },
};

/** `MUTATION_MODULES=merge,redaction npm run mutation` scores some modules only, with their tests only. */
function chosen(names = process.env.MUTATION_MODULES) {
  if (!names) return Object.values(MODULES);
  return names.split(',').map(name => {
    if (!MODULES[name]) throw new Error(`MUTATION_MODULES: no module ${name}; the modules are ${Object.keys(MODULES).join(', ')}`);
    return MODULES[name];
  });
}

const modules = chosen();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'tap',
  tap: {
    testFiles: [...new Set(modules.flatMap(m => m.tests))],
    nodeArgs: ['--import', 'tsx', '--test-reporter=tap', '-r', '{{hookFile}}', '{{testFile}}'],
    forceBail: true,
  },
  checkers: ['typescript'],
  tsconfigFile: 'packages/sync/tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: modules.flatMap(m => m.mutate),
  // Two cores, shared: one sandbox per core at most.
  concurrency: 2,
  timeoutMS: 10_000,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: 'out/stryker-tmp',
  cleanTempDir: 'always',
  // Only what the scored modules' tests load is copied into the sandboxes.
  ignorePatterns: [
    '/dist',
    '/out',
    '/bench',
    '/docs',
    '/media',
    '/examples',
    '/l10n',
    '/packages/extension',
    '/packages/server',
    '/packages/cli',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'out/mutation/index.html' },
  jsonReporter: { fileName: 'out/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, reportMutants: false, reportTests: false },
};
