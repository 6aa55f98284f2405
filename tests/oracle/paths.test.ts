/**
 * The SPEC oracle (tests/oracle/oracle.ts) judges the statechart, not the state the machine itself
 * predicted: every generated path (machines/paths.ts) replayed on the real app actor, judged at
 * every step with what the oracle remembers along the path. Every step the model explores (each
 * reachable state × each event offered there) is judged in tests/machines/explored.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PATH_INPUTS } from '../../machines/paths';
import { providedPaths } from '../machines/generated';
import { createHarness } from '../machines/harness';
import { answerOf, eventLabel, observe } from './observe';
import { SpecOracle } from './oracle';

const paths = providedPaths();

describe('every generated path keeps SPEC at every step', () => {
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    const harness = createHarness(PATH_INPUTS[path.input]);
    const oracle = new SpecOracle({ alongPath: true });
    let before = observe(harness, 0);
    const problems: string[] = [];
    for (const [index, step] of path.steps.entries()) {
      const answer = answerOf(harness.pending, step.event);
      const effectsFrom = harness.effects.length;
      await harness.play(step);
      const after = observe(harness, effectsFrom);
      for (const problem of oracle.check(before, step.event, after, answer)) {
        problems.push(`step ${index + 1} (${eventLabel(step.event as { type: string })}): ${problem}`);
      }
      before = after;
    }
    harness.actor.stop();
    expect(problems).toEqual([]);
  });
});
