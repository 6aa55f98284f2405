/**
 * The generated paths for the test files.
 *
 * - `providedPaths()`: the paths made once per run by the global setup (provide-paths.ts), from the
 *   machines as written; the test cases of the replays.
 * - `exploredModel()`: the model generated again from the machines as they are now, inside a test,
 *   for the checks that need it (every state and transition covered, every explored step). Under
 *   Stryker the mutant is active then, so those checks see it. Made once per file.
 */
import { inject } from 'vitest';
import { generatePaths, type Generated, type GeneratedPath } from '../../machines/paths';
import { keepPaths, PATHS_FROM_EXPLORED } from './paths-cache';

export const providedPaths = (): GeneratedPath[] => inject('generatedPaths');

let explored: Generated | undefined;

/** Call it inside a test: it throws the reason when the model cannot be played. */
export function exploredModel(): Generated {
  if (!explored) {
    explored = generatePaths();
    if (PATHS_FROM_EXPLORED) keepPaths(explored);
  }
  return explored;
}
