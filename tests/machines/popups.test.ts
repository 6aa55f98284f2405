/**
 * The upsell box's popup names its variant group (SPEC §4, docs/analytics.md). Every other popup
 * rule (tests/machines/popups.ts) is checked along every generated path in tests/oracle/paths.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PATH_INPUTS } from '../../machines/paths';
import { providedPaths } from './generated';
import { createHarness } from './harness';
import { popupsOf } from './popups';

describe('popups of the statechart', () => {
  it('name the upsell box’s variant group', async () => {
    const path = providedPaths().find((candidate) =>
      candidate.steps.some((step) => step.event.type === 'upsell.open'),
    )!;
    const harness = createHarness(PATH_INPUTS[path.input]);
    for (const step of path.steps) {
      await harness.play(step);
      if (step.event.type === 'upsell.open') break;
    }
    const last = popupsOf(harness.effects).at(-1);
    const groupId = path.steps.find((step) => step.event.type === 'upsell.open')!.event as { groupId: string };
    expect(last).toEqual({ event: 'popup', label: 'upsell', fields: { upsell_group: groupId.groupId } });
    harness.actor.stop();
  });
});
