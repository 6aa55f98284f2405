/**
 * Every generated path (machines/paths.ts, made once per run from the machines as written) replayed
 * once on the real app actor, and judged at every step by:
 * - the SPEC oracle (tests/oracle/oracle.ts), with what it remembers along the path: it judges the
 *   statechart, not the state the machine itself predicted;
 * - the popups SPEC §7 asks of each dialog that opens (tests/machines/popups.ts);
 * - what the shell shows, as the UI reads it with the selectors (tests/machines/selectors-check.ts,
 *   against tests/oracle/shell.ts);
 * - where the model said the app would be (the path's state after the step): under Stryker the
 *   machines are mutants and the paths are not.
 * One replay for the three keeps mutation testing affordable on 2 cores (docs/testing.md). Every
 * step the model explores (each reachable state × each event offered there) is judged in
 * tests/oracle/explored.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PATH_INPUTS } from '../../machines/paths';
import { providedPaths } from '../machines/generated';
import { createHarness, describeActor } from '../machines/harness';
import { openDialogs, popupProblems, SPEC_DIALOGS } from '../machines/popups';
import { selectorProblems } from '../machines/selectors-check';
import { answerOf, eventLabel, observe } from './observe';
import { SpecOracle } from './oracle';

const paths = providedPaths();

describe('every generated path keeps SPEC at every step', () => {
  const dialogsSeen = new Set<string>();

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    const harness = createHarness(PATH_INPUTS[path.input]);
    const oracle = new SpecOracle({ alongPath: true });
    let before = observe(harness, 0);
    let dialogsBefore = openDialogs(harness);
    const problems: string[] = [];
    for (const [index, step] of path.steps.entries()) {
      const where = `step ${index + 1} (${eventLabel(step.event as { type: string })})`;
      const answer = answerOf(harness.pending, step.event);
      const effectsFrom = harness.effects.length;
      await harness.play(step);
      const after = observe(harness, effectsFrom);
      for (const problem of oracle.check(before, step.event, after, answer)) problems.push(`${where}: ${problem}`);
      for (const problem of selectorProblems(harness, after)) problems.push(`${where}: ${problem}`);
      const dialogsAfter = openDialogs(harness);
      const popups = popupProblems(dialogsBefore, dialogsAfter, harness.effects.slice(effectsFrom));
      popups.opened.forEach((node) => dialogsSeen.add(node));
      for (const problem of popups.problems) problems.push(`${where}: ${problem}`);
      const state = describeActor(harness);
      if (state !== step.state) problems.push(`${where}: the app is at "${state}", the model said "${step.state}"`);
      before = after;
      dialogsBefore = dialogsAfter;
    }
    harness.actor.stop();
    expect(problems).toEqual([]);
  });

  it('reach every dialog SPEC names (the replays above checked its popup)', () => {
    expect([...dialogsSeen].sort()).toEqual(Object.keys(SPEC_DIALOGS).sort());
  });
});
