/**
 * The SPEC oracle (tests/oracle/oracle.ts) judges the statechart, not the state the machine itself
 * predicted: (1) every generated path (machines/paths.ts) replayed on the real app actor, judged at
 * every step with what the oracle remembers along the path; (2) every step the model explored while
 * generating them (each reachable state × each event offered there), judged one by one.
 */
import { describe, expect, it } from 'vitest';
import { PATH_INPUTS } from '../../machines/paths';
import { generatedPaths } from '../machines/generated';
import { createHarness } from '../machines/harness';
import { answerOf, observe, observeSystem } from './observe';
import { SpecOracle } from './oracle';

const generated = generatedPaths();

const label = (event: { type: string; src?: string }) => `${event.type}${event.src ? ` ${event.src}` : ''}`;

describe('every generated path keeps SPEC at every step', () => {
  it.each(generated.paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
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
        problems.push(`step ${index + 1} (${label(step.event as { type: string })}): ${problem}`);
      }
      before = after;
    }
    harness.actor.stop();
    expect(problems).toEqual([]);
  });
});

describe('every step the model explored keeps SPEC', () => {
  it(`${generated.edges.length} steps`, () => {
    const problems = new Map<string, string>();
    for (const { from, event, to } of generated.edges) {
      const oracle = new SpecOracle({ alongPath: false });
      const answer = answerOf(from.effects, event);
      for (const problem of oracle.check(observeSystem(from), event, observeSystem(to), answer)) {
        // One example per rule broken: the same rule usually breaks on many steps.
        if (!problems.has(problem))
          problems.set(problem, `${label(event as { type: string })} from ${JSON.stringify(from.root.value)}`);
      }
    }
    expect([...problems].map(([problem, where]) => `${problem} — e.g. ${where}`)).toEqual([]);
  });
});
