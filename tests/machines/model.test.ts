import { describe, expect, it } from 'vitest';
import { generatePaths, PATH_INPUTS } from '../../machines/paths';
import { createHarness, describeActor } from './harness';

// One generation for the file: the paths are the test cases.
const generated = generatePaths();

describe('generated paths', () => {
  it('cover every state node and every transition of every machine', () => {
    expect(generated.coverage.states.missing).toEqual([]);
    expect(generated.coverage.transitions.missing).toEqual([]);
    expect(generated.coverage.states.covered).toBe(generated.coverage.states.total);
    expect(generated.coverage.transitions.covered).toBe(generated.coverage.transitions.total);
  });

  it('have unique names', () => {
    const names = generated.paths.map((path) => path.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(['hair', 'beauty', 'make-up', 'salotto'])('include %s booked end to end', (flow) => {
    const booked = generated.paths.filter(
      (path) =>
        path.name.startsWith(`${flow}:`) &&
        path.steps.some((step) => step.state.includes(`${flow}-flow.checkout.completed`)),
    );
    expect(booked.length).toBeGreaterThan(0);
  });
});

describe('the machine, replayed along every generated path, is where the model says', () => {
  it.each(generated.paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    const harness = createHarness(PATH_INPUTS[path.input]);
    for (const [index, step] of path.steps.entries()) {
      await harness.play(step);
      expect(describeActor(harness), `after step ${index + 1} (${step.event.type})`).toBe(step.state);
    }
    harness.actor.stop();
  });
});
