/**
 * Vitest global setup: the statechart's paths are generated once per run, in vitest's own process,
 * and handed to the test files that replay them (`inject('generatedPaths')`), instead of once at the
 * import of each of those files.
 *
 * Besides the time, this matters to mutation testing (docs/testing.md, Stryker): code a test file
 * runs while it loads counts as "static" for Stryker, which then runs every test against each such
 * mutant. Generating at import ran all of machines/ there, so every mutant was static. Here the
 * paths come from the machines as written, and the tests replay them on the machines under test;
 * the checks that need the machines under test to generate (coverage, every explored step) do so
 * inside their test (tests/machines/generated.ts). The paths are read from the cache of the machines'
 * sources (tests/machines/paths-cache.ts) when it is up to date: Playwright's run uses the same file.
 */
import type { TestProject } from 'vitest/node';
import type { GeneratedPath } from '../../machines/paths';
import { cachedPaths, PATHS_FROM_EXPLORED } from './paths-cache';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The generated paths, or none when the model could not be played (the tests say why). */
    generatedPaths: GeneratedPath[];
  }
}

export default function setup(project: TestProject): void {
  let paths: GeneratedPath[] = [];
  // The run that makes the paths (explored.test.ts alone, PATHS_FROM_EXPLORED: tests/machines/
  // generated.ts) needs none handed over: generating them here first would make them twice.
  if (PATHS_FROM_EXPLORED) {
    project.provide('generatedPaths', paths);
    return;
  }
  try {
    paths = cachedPaths().paths;
  } catch {
    // The test "the model can be played…" generates again inside the run and fails with the reason.
  }
  project.provide('generatedPaths', paths);
}
