/**
 * The tests Stryker runs against each mutant of machines/ (`npm run mutation`): the machine tests
 * and the SPEC oracle, nothing that needs a browser, a DOM or a database.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/machines/**/*.test.ts', 'tests/oracle/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/machines/provide-paths.ts'],
    testTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
