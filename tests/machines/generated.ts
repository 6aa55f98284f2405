/**
 * The generated paths for a test file, made once at import. When the model cannot be played (a
 * machine broken so that a scenario throws, as a mutant can), the file still loads and its first
 * test fails with the reason: a file that fails to import counts as no test at all for Stryker's
 * vitest runner, which would score that mutant as survived (docs/testing.md, Stryker).
 */
import { it } from 'vitest';
import { generatePaths, type Generated } from '../../machines/paths';

const NONE: Generated = {
  paths: [],
  edges: [],
  coverage: {
    states: { covered: 0, total: 0, missing: [] },
    transitions: { covered: 0, total: 0, missing: [] },
    unreachable: [],
    unoffered: [],
  },
};

/** The paths, and a test that fails when they could not be generated. */
export function generatedPaths(): Generated {
  let generated = NONE;
  let failure: unknown = null;
  try {
    generated = generatePaths();
  } catch (error) {
    failure = error;
  }
  it('the model can be played and generates its paths', () => {
    if (failure !== null) throw failure;
  });
  return generated;
}
