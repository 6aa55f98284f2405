/**
 * The flow paths generated from the statechart, for vitest (replayed against the machine) and
 * for Playwright (replayed in a browser), listed by `npm run paths`.
 *
 * 1. Targeted scenarios (testing/scenarios.ts): every flow end to end, with and without coupon,
 *    upsell, professional filter, confirmation modal and errors; URL changes.
 * 2. Shortest paths (xstate/graph getShortestPaths) over the whole system (root machine +
 *    invoked children + pending effects and timers), for a visitor and a returning customer; the
 *    fewest are kept that reach every state node not reached yet.
 * 3. For a transition still not taken (a guarded refusal, a no-op), the shortest path to a state
 *    where it is enabled, plus that event.
 * Coverage counts the state nodes and transitions of every machine, and must be 100%.
 */
import type { AnyStateMachine } from 'xstate';
import type { AppInput } from './app/context';
import { appMachine } from './app/machine';
import { INSTANT_BOOKING_EXPERIMENT } from '../contract/constants';
import {
  shortestPathsOf,
  MODEL_INPUTS,
  modelEvents,
  serializeSystem,
  UNOFFERED_TRANSITIONS,
  UNSENT_EVENTS,
  isHoldTimer,
} from './testing/model';
import { SCENARIOS, type Scenario, type ScenarioStep } from './testing/scenarios';
import {
  initialSystem,
  inventory,
  outcomesOf,
  step,
  systemEvents,
  type SystemEvent,
  type SystemSnapshot,
} from './testing/system';

export type PathInput = keyof typeof PATH_INPUTS;

export const PATH_INPUTS = {
  ...MODEL_INPUTS,
  autoSelect: { ...MODEL_INPUTS.visitor, autoSelectAddress: true },
  experiment14: {
    ...MODEL_INPUTS.visitor,
    abTest: { experimentID: INSTANT_BOOKING_EXPERIMENT.experimentID, variantID: INSTANT_BOOKING_EXPERIMENT.variantID },
  },
  /** The same experiment's other variant, and another experiment's variant 2: instant booking stays. */
  experiment14Variant1: {
    ...MODEL_INPUTS.visitor,
    abTest: { experimentID: INSTANT_BOOKING_EXPERIMENT.experimentID, variantID: '1' },
  },
  otherExperimentVariant2: {
    ...MODEL_INPUTS.visitor,
    abTest: { experimentID: '15', variantID: INSTANT_BOOKING_EXPERIMENT.variantID },
  },
} satisfies Record<string, AppInput>;

export interface PathStep {
  /** The event sent (user events) or what happened (`effect.settle`, `timer.elapse`). */
  event: SystemEvent;
  /** Sent by the person while a call or a timer was still pending (an impatient press). */
  impatient?: true;
  /** Where the app is after it: regions and children, e.g. `session.signedOut.booking | wizard.hair-flow.service.ready | upsell.closed`. */
  state: string;
}

export interface GeneratedPath {
  /** ASCII slug, unique and stable between runs: `hair-booked`, `visitor-reach-…` (`--grep` it). */
  name: string;
  /** The readable name: the scenario's title, or where the generated path goes. */
  title: string;
  input: PathInput;
  steps: PathStep[];
}

export interface CoverageFigure {
  covered: number;
  total: number;
  missing: string[];
}

export interface PathCoverage {
  states: CoverageFigure;
  /** Transitions on events a person (or the world) can cause. */
  transitions: CoverageFigure;
  /** Transitions on events no screen sends (UNSENT_EVENTS): not counted, listed. */
  unreachable: string[];
  /** Transitions whose guard asks for a state the page never sends the event in (UNOFFERED_TRANSITIONS). */
  unoffered: string[];
}

const valuePaths = (value: unknown, prefix: string): string[] => {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => valuePaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
};

/** A readable name for where the system is. */
export const describeState = (sys: SystemSnapshot): string =>
  [
    ...valuePaths(sys.root.value, ''),
    ...Object.keys(sys.kids)
      .sort()
      .map((id) => `${id}: ${valuePaths(sys.kids[id]!.snapshot.value, '').join(', ')}`),
  ].join(' | ');

/** An ASCII slug of a readable name: 'hair: booked' → 'hair-booked'. */
export const slugOf = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\bsession\.|\bwizard\./g, '')
    .replace(/→/g, ' then ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Every machine of the app: the root and each child machine it invokes. */
export const allMachines = (): AnyStateMachine[] => {
  const root = appMachine as unknown as AnyStateMachine;
  const children = Object.values(root.implementations.actors).filter(
    (logic): logic is AnyStateMachine => typeof logic === 'object' && logic !== null && 'getStateNodeById' in logic,
  );
  return [root, ...children];
};

const toSystemEvent = (sys: SystemSnapshot, scenarioStep: ScenarioStep, name: string): SystemEvent => {
  if ('settle' in scenarioStep) {
    const effect = sys.effects.find((e) => e.src === scenarioStep.settle);
    if (!effect) throw new Error(`${name}: nothing pending to settle as ${scenarioStep.settle}`);
    return { type: 'effect.settle', actor: effect.actor, src: effect.src, outcome: scenarioStep.outcome };
  }
  if ('elapse' in scenarioStep) {
    const event = systemEvents(sys).find((e) => e.type === 'timer.elapse' && e.delay === scenarioStep.elapse);
    if (!event) throw new Error(`${name}: no timer ${scenarioStep.elapse} pending`);
    return event;
  }
  return scenarioStep;
};

const isWorldEvent = (event: SystemEvent) => event.type === 'effect.settle' || event.type === 'timer.elapse';

/**
 * How often the paths send each event of the person (issue 25): the browser's own (`browser.back`,
 * `browser.forward`, `browser.reload`, `browser.open` a typed URL), and the presses made while the app
 * waits (`impatient <type>`).
 */
export const personEvents = (paths: GeneratedPath[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const path of paths)
    for (const { event, impatient } of path.steps) {
      const key = impatient ? `impatient ${event.type}` : event.type.startsWith('browser.') ? event.type : null;
      if (key) counts[key] = (counts[key] ?? 0) + 1;
    }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
};

interface Walked {
  path: GeneratedPath;
  states: Set<string>;
  transitions: Set<string>;
}

/** A press of the person while a call or a timer of the app is still pending (the hold's minutes aside). */
const isImpatient = (sys: SystemSnapshot, event: SystemEvent) =>
  (sys.effects.length > 0 || sys.timers.some((timer) => !isHoldTimer(timer))) && !isWorldEvent(event);

const walk = (name: string, input: PathInput, events: (sys: SystemSnapshot) => SystemEvent | null): Walked => {
  let sys = initialSystem(PATH_INPUTS[input]);
  const states = new Set(sys.taken.states);
  const transitions = new Set(sys.taken.transitions);
  const steps: PathStep[] = [];
  for (let event = events(sys); event; event = events(sys)) {
    const waiting = isImpatient(sys, event);
    sys = step(sys, event);
    sys.taken.states.forEach((key) => states.add(key));
    sys.taken.transitions.forEach((key) => transitions.add(key));
    steps.push({ event, state: describeState(sys), ...(waiting ? { impatient: true as const } : {}) });
  }
  return { path: { name: slugOf(name), title: name, input, steps }, states, transitions };
};

/** Runs a scenario; each of its steps must be something the system can do at that point. */
export const runScenario = (scenario: Scenario): Walked => {
  let index = 0;
  return walk(scenario.name, scenario.input, (sys) => {
    const next = scenario.steps[index++];
    return next ? toSystemEvent(sys, next, scenario.name) : null;
  });
};

/**
 * Whether the world can still settle as `event` says. The state's serialization leaves out the texts
 * answered earlier in the tab (SystemSnapshot.answeredSearches: telling them apart everywhere runs the
 * walk out of memory), so a shortest path built from another state of the same serialization may ask a
 * search the tab has answered to fail: such a path stops before that step.
 */
const canSettle = (sys: SystemSnapshot, event: SystemEvent): boolean => {
  if (event.type !== 'effect.settle') return true;
  const effect = sys.effects.find((e) => e.actor === event.actor && e.src === event.src);
  return effect !== undefined && outcomesOf(sys, effect).includes(event.outcome);
};

const replay = (name: string, input: PathInput, events: SystemEvent[]): Walked => {
  let index = 0;
  return walk(name, input, (sys) => {
    const event = events[index++];
    return event && canSettle(sys, event) ? event : null;
  });
};

export interface ExploredEdge {
  from: SystemSnapshot;
  event: SystemEvent;
  to: SystemSnapshot;
}

export interface Generated {
  paths: GeneratedPath[];
  coverage: PathCoverage;
  /** Every step the model explored (each reachable state × each event offered there), for oracles. */
  edges: ExploredEdge[];
}

const unsent = (key: string) => UNSENT_EVENTS.includes(key.split('|')[2] ?? '');
const unoffered = (key: string) => key in UNOFFERED_TRANSITIONS;

/**
 * What the coverage counts: every state node of every machine, and every transition on an event a
 * person (or the world) can cause where the page offers it; `everyTransition` also holds the others.
 */
export function countedKeys(): { states: string[]; transitions: string[]; everyTransition: string[] } {
  const machines = allMachines();
  const everyTransition = machines.flatMap((machine) => inventory(machine).transitions);
  return {
    states: machines.flatMap((machine) => inventory(machine).states),
    transitions: everyTransition.filter((key) => !unsent(key) && !unoffered(key)),
    everyTransition,
  };
}

/**
 * Issue 41: how far a generated path goes on to take more transitions. A path's replay costs a page
 * load and a walk to its screen (~3 s on 2 cores) before its own steps (~0.2 s each): a transition
 * a few steps away from where a path lands is cheaper taken there than from the start.
 */
export const CHAIN = {
  /** The most steps between one transition taken and the next one a path goes on to. */
  reach: 6,
  /** The most steps of a path that goes on (its replay's time limit grows with them). */
  steps: 48,
  /** The most times picked in one path: a time to be confirmed is scarce on the path's own day. */
  timesPicked: 2,
  /** The most bookings one path makes (each takes a real time of its day). */
  bookings: 1,
} as const;

const isBooking = (event: SystemEvent) =>
  event.type === 'effect.settle' && event.src === 'createBooking' && event.outcome === 'ok';

/**
 * What a path goes on through: the person's presses on the pages she is on and the answers that
 * succeed. Its replay prepares the world from the whole path before the first step
 * (e2e/paths/links.ts reads its URLs and the first answer of an appointment, a waitlist offer or a
 * sign-in) and fails a call ahead of the page's prefetch by the path's next answer of it
 * (e2e/paths/replay.ts), so a URL typed, changed or walked by Back and Forward, those answers, a
 * forced failure and a press while the app waits stay in paths of their own, as each is written.
 */
const LINKED_CALLS = ['loadAppointment', 'loadWaitlistOffer', 'loginWithToken', 'completeSignup', 'login'];
const goesOnThrough = ({ from, event }: ExploredEdge) => {
  if (event.type === 'route.changed' || event.type.startsWith('browser.')) return false;
  if (event.type === 'effect.settle') return !LINKED_CALLS.includes(event.src) && event.outcome !== 'failed';
  return !isImpatient(from, event);
};

/**
 * `events` (ending in `at`), gone on to the nearest transitions of `counted` not in `taken`, one after
 * another (breadth-first over the explored steps `outOf`), within CHAIN's limits. Only counted ones:
 * a transition the page never offers (UNOFFERED_TRANSITIONS: APPLICA with no code) is never sought.
 */
function chainOn(
  input: PathInput,
  events: SystemEvent[],
  at: SystemSnapshot,
  outOf: Map<string, ExploredEdge[]>,
  taken: Set<string>,
  counted: Set<string>,
): SystemEvent[] {
  const path = [...events];
  // Where the path really is: two states the model tells apart by less than their key (which time
  // was picked, the tab's history…) share their explored steps, so each step gone on through is
  // checked to land where the explored one did, and the path stops going on where it would not.
  let actual = initialSystem(PATH_INPUTS[input]);
  for (const event of events) actual = step(actual, event);
  const follows = (route: ExploredEdge[]): SystemSnapshot | null => {
    let sys = actual;
    try {
      for (const edge of route) {
        sys = step(sys, edge.event);
        if (serializeSystem(sys) !== serializeSystem(edge.to)) return null;
      }
    } catch {
      return null;
    }
    return sys;
  };
  const covered = new Set([...taken, ...at.taken.transitions]);
  const count = (test: (event: SystemEvent) => boolean) => path.filter(test).length;
  let here = at;
  // (Where the page loads anew at the professionals' side the model offers nothing: no step goes on.)
  for (;;) {
    const start = serializeSystem(here);
    const seen = new Set([start]);
    let frontier: { key: string; via: ExploredEdge[] }[] = [{ key: start, via: [] }];
    let found: ExploredEdge[] | null = null;
    for (let depth = 0; depth < CHAIN.reach && !found && frontier.length > 0; depth++) {
      const next: typeof frontier = [];
      for (const { key, via } of frontier) {
        for (const edge of outOf.get(key) ?? []) {
          if (!goesOnThrough(edge)) continue;
          const route = [...via, edge];
          if (edge.to.taken.transitions.some((transition) => counted.has(transition) && !covered.has(transition))) {
            const added = route.map((step) => step.event);
            const times = added.filter((event) => event.type === 'time.set').length;
            const bookings = added.filter(isBooking).length;
            if (
              path.length + added.length <= CHAIN.steps &&
              count((event) => event.type === 'time.set') + times <= CHAIN.timesPicked &&
              count(isBooking) + bookings <= CHAIN.bookings
            ) {
              found = route;
              break;
            }
          }
          const toKey = serializeSystem(edge.to);
          if (seen.has(toKey)) continue;
          seen.add(toKey);
          next.push({ key: toKey, via: route });
        }
        if (found) break;
      }
      frontier = next;
    }
    if (!found) return path;
    const landed = follows(found);
    if (!landed) return path;
    for (const edge of found) {
      path.push(edge.event);
      edge.to.taken.transitions.forEach((transition) => covered.add(transition));
    }
    actual = landed;
    here = found[found.length - 1]!.to;
  }
}

export function generatePaths(): Generated {
  const { states: allStates, transitions: allTransitions, everyTransition } = countedKeys();
  const states = new Set<string>();
  const transitions = new Set<string>();
  const kept: (Walked & { scenario: boolean })[] = [];
  const explored: ExploredEdge[] = [];
  const countedTransitions = new Set(allTransitions);
  const keep = (walked: Walked, scenario = false) => {
    kept.push({ ...walked, scenario });
    walked.states.forEach((key) => states.add(key));
    walked.transitions.forEach((key) => transitions.add(key));
  };

  for (const scenario of SCENARIOS) keep(runScenario(scenario), true);

  // Issue 43: and the start with the address picker's auto-select option (explored on its address step).
  for (const input of ['visitor', 'customer', 'professional', 'proVisitor', 'autoSelect'] as const) {
    const edges: ExploredEdge[] = [];
    const shortest = shortestPathsOf(PATH_INPUTS[input], (from, event, to) => edges.push({ from, event, to }));
    const bySerial = new Map(shortest.map((path) => [serializeSystem(path.state), path]));
    // The longest first: one long path reaches what many short ones would.
    const byLength = [...shortest].sort((a, b) => b.steps.length - a.steps.length);
    for (const path of byLength) {
      const target = path.state.taken.states.some((key) => !states.has(key));
      if (!target) continue;
      const events = path.steps
        .map((s) => s.event)
        .filter((event) => (event as { type: string }).type !== 'xstate.init');
      keep(replay(`${input}: reach ${describeState(path.state)}`, input, events));
    }
    // Transitions no path took yet: from the nearest state where they are enabled (the edges
    // are the ones the shortest-path walk explored, in breadth-first order), then on from where
    // that one lands to the nearest transition still not taken, and so on (`chainOn`): one page
    // load and one walk to the screen serve several transitions (issue 41).
    const outOf = new Map<string, ExploredEdge[]>();
    for (const edge of edges) {
      const key = serializeSystem(edge.from);
      const list = outOf.get(key);
      if (list) list.push(edge);
      else outOf.set(key, [edge]);
    }
    for (const { from, event, to } of edges) {
      if (!to.taken.transitions.some((key) => !transitions.has(key))) continue;
      const head = bySerial.get(serializeSystem(from));
      if (!head) continue;
      const events = head.steps.map((s) => s.event).filter((e) => (e as { type: string }).type !== 'xstate.init');
      const chained = chainOn(input, [...events, event], to, outOf, transitions, countedTransitions);
      keep(replay(`${input}: ${describeState(from)} → ${event.type}`, input, chained));
    }
    // One by one: a model's edges outnumber what a spread may pass as arguments.
    for (const edge of edges) explored.push(edge);
  }

  // Drop generated paths whose every state and transition another kept path also covers.
  const uses = new Map<string, number>();
  const keysOf = (walked: Walked) => [...walked.states, ...[...walked.transitions].map((key) => `t:${key}`)];
  for (const walked of kept) for (const key of keysOf(walked)) uses.set(key, (uses.get(key) ?? 0) + 1);
  for (const walked of [...kept].reverse()) {
    if (walked.scenario || keysOf(walked).some((key) => uses.get(key) === 1)) continue;
    for (const key of keysOf(walked)) uses.set(key, uses.get(key)! - 1);
    kept.splice(kept.indexOf(walked), 1);
  }
  const seenNames = new Map<string, number>();
  const paths = kept.map(({ path }) => {
    const count = (seenNames.get(path.name) ?? 0) + 1;
    seenNames.set(path.name, count);
    return count === 1 ? path : { ...path, name: `${path.name}-${count}`, title: `${path.title} (${count})` };
  });

  const figure = (all: string[], covered: Set<string>): CoverageFigure => ({
    covered: all.filter((key) => covered.has(key)).length,
    total: all.length,
    missing: all.filter((key) => !covered.has(key)),
  });
  return {
    paths,
    coverage: {
      states: figure(allStates, states),
      transitions: figure(allTransitions, transitions),
      unreachable: everyTransition.filter(unsent),
      unoffered: everyTransition.filter(unoffered),
    },
    edges: explored,
  };
}

export { modelEvents };
