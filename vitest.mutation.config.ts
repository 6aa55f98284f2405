/**
 * The tests Stryker runs against each mutant of machines/ (`npm run mutation`): the machine tests
 * and the SPEC oracle, nothing that needs a browser, a DOM or a database.
 *
 * Stryker stops at a mutant's first failing test, so the order is the one that kills soonest: the
 * replay of every generated path first (it reaches every machine), the small machine tests next,
 * and last the check of every explored step, which generates the model again (seconds) and is
 * needed only by the mutants the replays miss.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const rank = (spec: TestSpecification): number =>
  spec.moduleId.endsWith('tests/oracle/paths.test.ts')
    ? 0
    : spec.moduleId.endsWith('tests/oracle/explored.test.ts')
      ? 2
      : 1;

class KillSoonest extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId)));
  }
}

export default defineConfig({
  test: {
    include: ['tests/machines/**/*.test.ts', 'tests/oracle/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/machines/provide-paths.ts'],
    sequence: { sequencer: KillSoonest },
    testTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
