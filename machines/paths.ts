/**
 * The flow paths generated from the statechart, for vitest (replayed against the machine) and
 * for Playwright (replayed in a browser), listed by `npm run paths`.
 *
 * 1. Targeted scenarios (testing/scenarios.ts): every flow end to end, with and without coupon,
 *    upsell, professional filter, confirmation modal and errors; URL changes.
 * 2. Shortest paths (xstate/graph TestModel.getShortestPaths) over the whole system (root machine +
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
  createAppTestModel,
  MODEL_INPUTS,
  modelEvents,
  serializeSystem,
  UNOFFERED_TRANSITIONS,
  UNSENT_EVENTS,
  isHoldTimer,
} from './testing/model';
import { SCENARIOS, type Scenario, type ScenarioStep } from './testing/scenarios';
import { initialSystem, inventory, step, systemEvents, type SystemEvent, type SystemSnapshot } from './testing/system';

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

const walk = (name: string, input: PathInput, events: (sys: SystemSnapshot) => SystemEvent | null): Walked => {
  let sys = initialSystem(PATH_INPUTS[input]);
  const states = new Set(sys.taken.states);
  const transitions = new Set(sys.taken.transitions);
  const steps: PathStep[] = [];
  for (let event = events(sys); event; event = events(sys)) {
    const waiting = (sys.effects.length > 0 || sys.timers.some((timer) => !isHoldTimer(timer))) && !isWorldEvent(event);
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

const replay = (name: string, input: PathInput, events: SystemEvent[]): Walked => {
  let index = 0;
  return walk(name, input, () => events[index++] ?? null);
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

export function generatePaths(): Generated {
  const { states: allStates, transitions: allTransitions, everyTransition } = countedKeys();
  const states = new Set<string>();
  const transitions = new Set<string>();
  const kept: (Walked & { scenario: boolean })[] = [];
  const explored: ExploredEdge[] = [];
  const keep = (walked: Walked, scenario = false) => {
    kept.push({ ...walked, scenario });
    walked.states.forEach((key) => states.add(key));
    walked.transitions.forEach((key) => transitions.add(key));
  };

  for (const scenario of SCENARIOS) keep(runScenario(scenario), true);

  for (const input of ['visitor', 'customer', 'professional', 'proVisitor'] as const) {
    const edges: ExploredEdge[] = [];
    const model = createAppTestModel(PATH_INPUTS[input], (from, event, to) => edges.push({ from, event, to }));
    const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
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
    // are the ones the shortest-path walk explored, in breadth-first order).
    for (const { from, event, to } of edges) {
      if (!to.taken.transitions.some((key) => !transitions.has(key))) continue;
      const head = bySerial.get(serializeSystem(from));
      if (!head) continue;
      const events = head.steps.map((s) => s.event).filter((e) => (e as { type: string }).type !== 'xstate.init');
      keep(replay(`${input}: ${describeState(from)} → ${event.type}`, input, [...events, event]));
    }
    explored.push(...edges);
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
