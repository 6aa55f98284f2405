// @ts-check
/** A part of `npm run mutation` (scripts/mutation.mjs) keeps its own results; a plain run, reports/mutation/. */
const out = process.env.MUTATION_PART ? `reports/mutation/parts/${process.env.MUTATION_PART}` : 'reports/mutation';

/**
 * Mutation testing of machines/ (`npm run mutation`, docs/testing.md): Stryker changes the machines'
 * code one mutant at a time and runs the machine tests and the SPEC oracle (vitest.mutation.config.ts)
 * against it; a mutant no test notices survives. Sized for 2 cores: two test processes, only the
 * tests that cover each mutant (perTest), and incremental (a rerun tests only what changed since
 * the last run). `npm run mutation` runs it in parts (scripts/mutation.mjs); narrow it with
 * `npm run mutation -- --mutate <glob>`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: ['machines/**/*.ts', '!machines/testing/**', '!machines/paths.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  incremental: true,
  incrementalFile: `${out}/stryker-incremental.json`,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `${out}/mutation.json` },
  htmlReporter: { fileName: `${out}/mutation.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // The sandbox needs the machines, the contract and the tests it runs, not the server or the build.
  ignorePatterns: [
    'dist',
    'dist-server',
    '.data*',
    'test-results',
    'playwright-report',
    'bench',
    'e2e',
    'server',
    'public',
    'docs',
    'web-server',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
  timeoutMS: 60_000,
};
