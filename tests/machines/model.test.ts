import { describe, expect, it } from 'vitest';
import { PATH_INPUTS } from '../../machines/paths';
import { providedPaths } from './generated';
import { createHarness, describeActor } from './harness';

const paths = providedPaths();

describe('generated paths', () => {
  it('have unique names', () => {
    const names = paths.map((path) => path.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(['hair', 'beauty', 'make-up', 'salotto'])('include %s booked end to end', (flow) => {
    const booked = paths.filter(
      (path) =>
        path.name.startsWith(`${flow}-`) &&
        path.steps.some((step) => step.state.includes(`${flow}-flow.checkout.completed`)),
    );
    expect(booked.length).toBeGreaterThan(0);
  });
});

describe('the machine, replayed along every generated path, is where the model says', () => {
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    const harness = createHarness(PATH_INPUTS[path.input]);
    for (const [index, step] of path.steps.entries()) {
      await harness.play(step);
      expect(describeActor(harness), `after step ${index + 1} (${step.event.type})`).toBe(step.state);
    }
    harness.actor.stop();
  });
});
