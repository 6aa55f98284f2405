/**
 * The generated paths themselves: named once each, and every flow booked end to end. Each path is
 * replayed on the app actor, and checked at every step, in tests/oracle/paths.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { providedPaths } from './generated';

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
