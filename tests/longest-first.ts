import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Issue 41: vitest starts the files it has timed longest first, and on a fresh clone (no timings
 * cached: CI, a new user) the largest first. These are small files that run for minutes on 2 cores:
 * last by size, they ran alone at the end while the other worker stood idle (CI of 28 Nov 2026:
 * explored.test.ts, 119 s, was the 148th file of 148). They start first, longest first; the others
 * keep vitest's order.
 */
export const LONG_RUNNING_FILES = [
  'tests/oracle/explored.test.ts',
  'tests/bench/scale-world.test.ts',
  'tests/oracle/walks.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONG_RUNNING_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index < 0 ? LONG_RUNNING_FILES.length : index;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
