/**
 * Issue 40, the team's board: its named scenarios (machines/testing/scenarios.ts) played on the
 * model's system and judged step by step by the SPEC oracle along the path, so the board's rules
 * (tests/oracle/oracle.ts `teamBoard`) are checked without generating every path. The generated
 * paths and every explored step are judged in paths.test.ts and explored.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PATH_INPUTS } from '../../machines/paths';
import { SCENARIOS } from '../../machines/testing/scenarios';
import { initialSystem, step, systemEvents, type SystemEvent } from '../../machines/testing/system';
import { answerOf, eventLabel, observeSystem } from './observe';
import { SpecOracle } from './oracle';

const BOARD_SCENARIOS = SCENARIOS.filter((s) => /\bboard\b/.test(s.name));

describe('the team’s board keeps the issue’s sentence at every step', () => {
  it('has its scenarios (its use, a professional turned away, the browser on it)', () =>
    expect(BOARD_SCENARIOS.length).toBe(3));

  it.each(BOARD_SCENARIOS.map((s) => [s.name, s] as const))('%s', (_name, scenario) => {
    let sys = initialSystem(PATH_INPUTS[scenario.input]);
    const oracle = new SpecOracle({ alongPath: true });
    const problems: string[] = [];
    for (const [index, s] of scenario.steps.entries()) {
      const event: SystemEvent | undefined =
        'settle' in s
          ? systemEvents(sys).find((e) => e.type === 'effect.settle' && e.src === s.settle && e.outcome === s.outcome)
          : (s as SystemEvent);
      if (!event) throw new Error(`step ${index + 1}: cannot settle ${'settle' in s ? s.settle : ''}`);
      const before = observeSystem(sys);
      const answer = answerOf(sys.effects, event);
      sys = step(sys, event);
      for (const problem of oracle.check(before, event, observeSystem(sys), answer))
        problems.push(`step ${index + 1} (${eventLabel(event as { type: string; src?: string })}): ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});
