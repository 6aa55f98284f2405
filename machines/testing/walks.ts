/**
 * Seeded random walks of the model's person (issue 25): where the exhaustive paths stop telling
 * states apart (the whole browser history, every URL typed, a press at any moment of a wait), she
 * walks at random. A walk starts somewhere a named scenario goes (a prefix of one of
 * testing/scenarios.ts: the address given, the services chosen, a time picked, on checkout…) and goes
 * on with whatever the model offers there, typed URLs of every step of her flow included. Back,
 * Forward, reloads and impatient presses are among the offers at every step.
 *
 * A walk is drawn by fast-check (`walkArbitrary`), so a failing one shrinks to its shortest form; the
 * same seed draws the same walks (`walksOfSeed`), in vitest (tests/oracle/walks.test.ts) and in the
 * browser (`npm run e2e:paths -- --seed <n>`).
 */
import fc from 'fast-check';
import { PATH_INPUTS, runScenario, type GeneratedPath, type PathInput } from '../paths';
import { describeState } from '../paths';
import { booked } from './browser';
import { modelEvents } from './model';
import { SCENARIOS } from './scenarios';
import { initialSystem, step, type SystemEvent, type SystemSnapshot } from './system';

/** How many steps a walk takes after its scenario's prefix, at most. */
export const WALK_STEPS = 30;

export interface WalkPlan {
  /** The scenario whose first steps the walk starts with (an index of SCENARIOS). */
  scenario: number;
  /** How many of its steps (modulo its length + 1). */
  cut: number;
  /** Each next step: the offered event at this index (modulo how many are offered). */
  choices: number[];
}

export const walkArbitrary: fc.Arbitrary<WalkPlan> = fc.record({
  scenario: fc.nat({ max: SCENARIOS.length - 1 }),
  cut: fc.nat({ max: 200 }),
  choices: fc.array(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: WALK_STEPS }),
});

export interface WalkStep {
  from: SystemSnapshot;
  event: SystemEvent;
  to: SystemSnapshot;
}

export interface Walk {
  input: PathInput;
  /** The events of the scenario's prefix, then the random steps. */
  events: SystemEvent[];
  steps: WalkStep[];
}

const prefixes = new Map<number, SystemEvent[]>();
/** The events of a scenario (its effects and timers named as the system model names them). */
const scenarioEvents = (index: number): SystemEvent[] => {
  let events = prefixes.get(index);
  if (!events) {
    events = runScenario(SCENARIOS[index]!).path.steps.map((walked) => walked.event);
    prefixes.set(index, events);
  }
  return events;
};

/** Plays a plan on the pure system model. */
export function playWalk(plan: WalkPlan): Walk {
  const index = plan.scenario % SCENARIOS.length;
  const scenario = SCENARIOS[index]!;
  const head = scenarioEvents(index);
  const cut = plan.cut % (head.length + 1);
  let sys = initialSystem(PATH_INPUTS[scenario.input]);
  const steps: WalkStep[] = [];
  const events: SystemEvent[] = [];
  const take = (event: SystemEvent) => {
    const to = step(sys, event);
    steps.push({ from: sys, event, to });
    events.push(event);
    sys = to;
  };
  head.slice(0, cut).forEach(take);
  for (const choice of plan.choices) {
    // Booked: the browser is on its way to the address the server gave; the walk ends there.
    if (booked(sys.root)) break;
    const offered = modelEvents(sys, { walk: true });
    if (offered.length === 0) break;
    take(offered[choice % offered.length]!);
  }
  return { input: scenario.input, events, steps };
}

/** The plans a seed draws: the ones fast-check checks for that seed in vitest, in the same order. */
export const plansOfSeed = (seed: number, count: number): WalkPlan[] => {
  const plans: WalkPlan[] = [];
  fc.check(
    fc.property(walkArbitrary, (plan) => {
      plans.push(plan);
      return true;
    }),
    { seed, numRuns: count },
  );
  return plans;
};

/** The seeds `npm test` walks, and how many walks each (`.ci/run` walks more: WALK_SEEDS). */
export const QUICK_WALK_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
export const WALKS_PER_SEED = 25;

/** A walk as a generated path, for the browser replay (`npm run e2e:paths -- --seed <n>`). */
export const walkPath = (walk: Walk, name: string): GeneratedPath => ({
  name,
  title: `walk ${name}`,
  input: walk.input,
  steps: walk.steps.map(({ event, to }) => ({ event, state: describeState(to) })),
});

/** The walks of a seed as paths, named `walk-<seed>-<n>`. */
export const walkPathsOfSeed = (seed: number, count = WALKS_PER_SEED): GeneratedPath[] =>
  plansOfSeed(seed, count).map((plan, n) => walkPath(playWalk(plan), `walk-${seed}-${n + 1}`));
