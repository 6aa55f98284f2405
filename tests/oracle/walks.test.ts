/**
 * Seeded random walks of the model's person (machines/testing/walks.ts), judged at every step by the
 * SPEC oracle with its memory along the walk, as the generated paths are. She starts where a named
 * scenario goes and then does anything the model offers: Back and Forward through the whole history,
 * reloads, every step's URL typed, presses while the app waits.
 *
 * A failure names the seed and the shortest walk fast-check shrank it to (its events, and the rules
 * broken); `npm run e2e:paths -- --seed <n>` replays that walk in Chromium. `npm test` walks the fixed
 * seeds QUICK_WALK_SEEDS; `.ci/run` walks more (WALK_SEEDS=<first>-<last>).
 */
import { describe, expect, it } from 'vitest';
import { QUICK_WALK_SEEDS } from '../../machines/testing/walks';
import { eventLabel } from './observe';
import { shortestFailingWalk, walkProblems } from './walk-problems';

const seedsFrom = (text: string | undefined): number[] => {
  const range = /^(\d+)-(\d+)$/.exec(text ?? '');
  if (!range) return QUICK_WALK_SEEDS;
  const [first, last] = [Number(range[1]), Number(range[2])];
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
};

describe('random walks of a person with a browser keep SPEC at every step', () => {
  it.each(seedsFrom(process.env.WALK_SEEDS))('seed %i', (seed) => {
    const walk = shortestFailingWalk(seed);
    if (!walk) return;
    const report = [
      `seed ${seed} fails; its shortest walk (npm run e2e:paths -- --seed ${seed}), from ${walk.input}:`,
      ...walk.events.map((event, index) => `  ${index + 1}. ${eventLabel(event as { type: string })}`),
      'breaks:',
      ...walkProblems(walk).map((problem) => `  ${problem}`),
    ].join('\n');
    expect.fail(report);
  });
});
