/**
 * The SPEC oracle along a random walk (machines/testing/walks.ts), and the shortest failing walk of a
 * seed: what tests/oracle/walks.test.ts reports and what `npm run e2e:paths -- --seed <n>` replays in
 * Chromium (e2e/paths/select.ts).
 */
import fc from 'fast-check';
import { playWalk, walkArbitrary, WALKS_PER_SEED, type Walk } from '../../machines/testing/walks';
import { answerOf, eventLabel, observeSystem } from './observe';
import { SpecOracle } from './oracle';

/** Every SPEC rule the walk breaks, with the step that broke it. */
export function walkProblems(walk: Walk): string[] {
  const oracle = new SpecOracle({ alongPath: true });
  const problems: string[] = [];
  walk.steps.forEach(({ from, event, to }, index) => {
    for (const problem of oracle.check(observeSystem(from), event, observeSystem(to), answerOf(from.effects, event)))
      problems.push(`step ${index + 1} (${eventLabel(event as { type: string })}): ${problem}`);
  });
  return problems;
}

/** The seed's walks checked; the first failing one shrunk by fast-check to its shortest form (null: none fails). */
export function shortestFailingWalk(seed: number, walks = WALKS_PER_SEED): Walk | null {
  const result = fc.check(
    fc.property(walkArbitrary, (plan) => walkProblems(playWalk(plan)).length === 0),
    { seed, numRuns: walks },
  );
  return result.failed ? playWalk(result.counterexample![0]) : null;
}
