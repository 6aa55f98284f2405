/**
 * A pure, synchronous model of the running app actor: the root machine plus the child machines
 * it invokes, their pending effects (HTTP, maps) and their timers. XState's graph tools explore
 * one machine's `transition()`; this logic lets them explore the whole system, so generated paths
 * go end to end through children (coupon, upsell, slots…). Effects and time are explicit events:
 * `effect.settle` (an effect answers with a named outcome) and `timer.elapse` (a delay passes).
 * It also records every state node entered and transition taken, for coverage.
 */
import {
  createEmptyActor,
  type ActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { appMachine } from '../app/machine';
import { PRO_MACHINES } from './pro-side';
import type { AppContext, AppInput } from '../app/context';
import type { AppEvent } from '../app/events';
import { OUTCOMES, outcomeError, outcomeFits } from './fixtures';
import { NO_MEMORY, rememberFields, type Answered, type Moment, type PersonMemory } from './person';
import {
  currentEntry,
  EMPTY_HISTORY,
  followMachine,
  inputAfterLoad,
  isBrowserEvent,
  machinePath,
  navigate,
  reportRoute,
  type BrowserEvent,
  type BrowserHistory,
} from './browser';

/**
 * The root as the model explores it: with the professionals' machines (issue 27), which the app
 * provides only on their pages (the root's `proSide` says whether they are there).
 */
const MODEL_MACHINE = appMachine.provide({
  actors: {
    proAgenda: PRO_MACHINES.agenda,
    proRequests: PRO_MACHINES.requests,
    proRequest: PRO_MACHINES.request,
    proTimeOff: PRO_MACHINES.timeOff,
    proTeamBoard: PRO_MACHINES.teamBoard,
    proHours: PRO_MACHINES.hours,
  },
});

export const ROOT = 'app';

export interface Effect {
  actor: string;
  id: string;
  src: string;
  input: unknown;
}

export interface Timer {
  actor: string;
  /** The delayed event's type (xstate.after.<delay>.<state>), also its send id. */
  id: string;
  event: EventObject;
}

export interface Kid {
  logic: AnyStateMachine;
  snapshot: AnyMachineSnapshot;
  /** The actor that invoked it: the root, or a child (the profile dialog's address picker). */
  parent: string;
}

export interface SystemSnapshot {
  status: 'active';
  output: undefined;
  error: undefined;
  root: AnyMachineSnapshot;
  kids: Record<string, Kid>;
  effects: Effect[];
  timers: Timer[];
  /**
   * The service lists the app holds in its query cache (keys of `serviceListKey`). SPEC §7 keeps a
   * list 2 s fresh and the app answers a list it holds at once, refreshing it behind (src/app/effects.ts
   * loadServiceList): asked again, a list loaded before cannot fail.
   */
  cachedLists: string[];
  /**
   * SPEC §9: the suggestions answered for a text in this tab, by the text as the app keys it
   * (`addressSearchKey`) and the answer ('results' or 'none'). The app keeps them in session storage
   * (src/app/geocoder.ts withSearchCache), so they outlive a page load in the tab: the same text asked
   * again gets the same answer at once, and cannot fail. (The 24 h they are kept is longer than a path.)
   */
  answeredSearches: Record<string, string>;
  /** The tab's history (machines/testing/browser.ts): Back, Forward, reload and typed URLs walk it. */
  browser: BrowserHistory;
  /** How the app was started in this tab (a reload starts it again alike). */
  input: AppInput;
  /**
   * What the person remembers of the address fields and what the geocoder last answered in them
   * (person.ts): hers and the world's, not the machines'.
   */
  person: PersonMemory;
  /** Effect actions the last event caused (toasts, analytics, storage…), for assertions. */
  emitted: { actor: string; type: string; params: unknown }[];
  /** State nodes active and transitions taken by the last event (coverage keys). */
  taken: { states: string[]; transitions: string[] };
}

export type SystemEvent =
  | AppEvent
  | BrowserEvent
  | { type: 'effect.settle'; actor: string; src: string; outcome: string }
  | { type: 'timer.elapse'; actor: string; delay: string; timer: string };

interface Coverage {
  states: Set<string>;
  transitions: Set<string>;
}

interface ExecutableAction {
  type: string;
  params?: unknown;
}

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'getStateNodeById' in logic;

/** The delay's name in an after event type: xstate.after.<delay>.<state id>. */
export const delayName = (timerId: string): string => timerId.split('.')[2] ?? timerId;

export const machineOf = (sys: SystemSnapshot, actor: string): AnyStateMachine | undefined =>
  actor === ROOT ? (MODEL_MACHINE as unknown as AnyStateMachine) : sys.kids[actor]?.logic;

export const snapshotOf = (sys: SystemSnapshot, actor: string): AnyMachineSnapshot | undefined =>
  actor === ROOT ? sys.root : sys.kids[actor]?.snapshot;

const transitionKey = (machineId: string, sourceId: string, eventType: string, index: number) =>
  `${machineId}|${sourceId}|${eventType}|${index}`;

/** Every state node and transition of a machine, as coverage keys. */
export const inventory = (machine: AnyStateMachine): { states: string[]; transitions: string[] } => {
  const states: string[] = [];
  const transitions: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    if (node !== machine.root) states.push(`${machine.id}|${node.id}`);
    for (const [eventType, list] of node.transitions) {
      list.forEach((_, index) => transitions.push(transitionKey(machine.id, node.id, eventType, index)));
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return { states, transitions };
};

const recordStates = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot, coverage?: Coverage) => {
  if (!coverage) return;
  for (const node of snapshot._nodes) {
    if (node !== machine.root) coverage.states.add(`${machine.id}|${node.id}`);
  }
};

const recordTransitions = (
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
  coverage?: Coverage,
) => {
  if (!coverage) return;
  const taken = machine.getTransitionData(snapshot, event) ?? [];
  for (const transition of taken) {
    const list = transition.source.transitions.get(transition.eventType) ?? [];
    coverage.transitions.add(
      transitionKey(machine.id, transition.source.id, transition.eventType, list.indexOf(transition)),
    );
  }
};

/**
 * The inert stand-in a child's `sendParent` resolves to, one per parent actor id, and the reverse
 * lookup: an event sent to a stand-in is delivered to the parent it stands for.
 */
const parentRefs = new Map<string, AnyActorRef>();
const parentIds = new WeakMap<object, string>();
const parentRef = (parent: string): AnyActorRef => {
  const known = parentRefs.get(parent);
  if (known) return known;
  const ref = createEmptyActor();
  parentRefs.set(parent, ref);
  parentIds.set(ref, parent);
  return ref;
};

const scopes = new Map<string, { scope: object; collected: ExecutableAction[] }>();

/**
 * One inert actor scope per actor id, reused: creating actors is the costly part of a step. An id
 * always has the same parent (each child is invoked by one state of one machine).
 */
const scopeFor = (actor: string, parent?: string): { scope: object; collected: ExecutableAction[] } => {
  const cached = scopes.get(actor);
  if (cached) {
    cached.collected.length = 0;
    return cached;
  }
  const collected: ExecutableAction[] = [];
  const self = createEmptyActor() as AnyActorRef & { _parent?: AnyActorRef };
  if (parent !== undefined) self._parent = parentRef(parent);
  const entry = {
    collected,
    scope: {
      self,
      defer: () => {},
      id: actor,
      logger: () => {},
      sessionId: actor,
      stopChild: () => {},
      system: self.system,
      emit: () => {},
      actionExecutor: (action: ExecutableAction) => {
        collected.push(action);
      },
    },
  };
  scopes.set(actor, entry);
  return entry;
};

type Delivery = { actor: string; event: EventObject };

const refId = (value: unknown): string | undefined =>
  typeof value === 'object' && value !== null && 'id' in value ? String((value as { id: unknown }).id) : undefined;

function handleActions(
  sys: SystemSnapshot,
  actor: string,
  actions: ExecutableAction[],
  queue: Delivery[],
  coverage?: Coverage,
) {
  for (const action of actions) {
    const params = (action.params ?? {}) as Record<string, unknown>;
    switch (action.type) {
      case 'xstate.spawnChild': {
        const ref = params.actorRef as { logic: unknown; id: string; src?: unknown };
        const id = String(params.id ?? ref.id);
        if (isMachine(ref.logic)) {
          const { scope, collected } = scopeFor(id, actor);
          const snapshot = ref.logic.getInitialSnapshot(scope as never, params.input) as AnyMachineSnapshot;
          sys.kids[id] = { logic: ref.logic, snapshot, parent: actor };
          recordStates(ref.logic, snapshot, coverage);
          handleActions(sys, id, [...collected], queue, coverage);
        } else {
          sys.effects.push({ actor, id, src: String(params.src ?? ref.src), input: params.input });
        }
        break;
      }
      case 'xstate.stopChild': {
        const id = refId(params.actorRef) ?? refId(action.params);
        if (!id) break;
        if (sys.kids[id]?.parent === actor) removeKid(sys, id);
        sys.effects = sys.effects.filter((effect) => !(effect.actor === actor && effect.id === id));
        break;
      }
      case 'xstate.sendTo': {
        const to = params.to;
        const event = params.event as EventObject;
        const parent = typeof to === 'object' && to !== null ? parentIds.get(to) : undefined;
        if (parent !== undefined) queue.push({ actor: parent, event });
        // Sent to itself (the root's hold region telling its steps): delivered after this step, as the mailbox does.
        else if (to === (scopes.get(actor)?.scope as { self?: unknown } | undefined)?.self)
          queue.push({ actor, event });
        else {
          const id = refId(to) ?? String(params.targetId);
          queue.push({ actor: id, event });
        }
        break;
      }
      case 'xstate.raise': {
        if (params.delay !== undefined) {
          const event = params.event as EventObject;
          const id = String(params.id ?? event.type);
          sys.timers = [...sys.timers.filter((t) => !(t.actor === actor && t.id === id)), { actor, id, event }];
        }
        break;
      }
      case 'xstate.cancel': {
        sys.timers = sys.timers.filter((t) => !(t.actor === actor && t.id === params.sendId));
        break;
      }
      default:
        if (!action.type.startsWith('xstate.')) sys.emitted.push({ actor, type: action.type, params: action.params });
    }
  }
}

/** A stopped or finished child goes, with the children it invoked. */
function removeKid(sys: SystemSnapshot, id: string) {
  for (const [kid, { parent }] of Object.entries(sys.kids)) if (parent === id) removeKid(sys, kid);
  sys.kids = Object.fromEntries(Object.entries(sys.kids).filter(([kid]) => kid !== id));
  sys.effects = sys.effects.filter((effect) => effect.actor !== id);
  sys.timers = sys.timers.filter((timer) => timer.actor !== id);
}

function deliver(sys: SystemSnapshot, first: Delivery, coverage?: Coverage) {
  const queue: Delivery[] = [first];
  while (queue.length > 0) {
    const { actor, event } = queue.shift()!;
    const machine = machineOf(sys, actor);
    const snapshot = snapshotOf(sys, actor);
    if (!machine || !snapshot || snapshot.status !== 'active') continue;
    recordTransitions(machine, snapshot, event, coverage);
    const parent = actor === ROOT ? undefined : sys.kids[actor]!.parent;
    const { scope, collected: raw } = scopeFor(actor, parent);
    const next = machine.transition(snapshot, event, scope as never) as AnyMachineSnapshot;
    const collected = [...raw];
    recordStates(machine, next, coverage);
    if (parent === undefined) sys.root = next;
    else sys.kids[actor] = { logic: machine, snapshot: next, parent };
    handleActions(sys, actor, collected, queue, coverage);
    if (parent !== undefined && next.status === 'done') {
      removeKid(sys, actor);
      queue.push({
        actor: parent,
        event: { type: `xstate.done.actor.${actor}`, output: next.output, actorId: actor } as EventObject,
      });
    }
  }
}

/** Which service list an effect asks for: the salotto's categories, else the category's list at the address. */
export const serviceListKey = (input: unknown): string => {
  const { draft, flow } = input as {
    flow: string;
    draft: {
      category: string | null;
      hair: string | null;
      salottoCategories: readonly string[];
      location: { coordinates: unknown } | null;
    };
  };
  return JSON.stringify(
    flow === 'salotto'
      ? [flow, [...draft.salottoCategories].sort()]
      : [flow, draft.category, draft.hair, draft.location?.coordinates ?? null],
  );
};

const clone = (sys: SystemSnapshot): SystemSnapshot => ({
  ...sys,
  kids: { ...sys.kids },
  effects: [...sys.effects],
  timers: [...sys.timers],
  emitted: [],
  taken: { states: [], transitions: [] },
});

const withTaken = (sys: SystemSnapshot, coverage: Coverage): SystemSnapshot => {
  recordStates(MODEL_MACHINE as unknown as AnyStateMachine, sys.root, coverage);
  for (const kid of Object.values(sys.kids)) recordStates(kid.logic, kid.snapshot, coverage);
  sys.taken = { states: [...coverage.states], transitions: [...coverage.transitions] };
  return sys;
};

/** The system's reaction to one event (pure: the given snapshot is not changed). */
export function step(sys: SystemSnapshot, event: SystemEvent): SystemSnapshot {
  const coverage: Coverage = { states: new Set(), transitions: new Set() };
  const next = react(sys, event, coverage);
  next.person = rememberFields(
    sys.person,
    event,
    momentOf(sys),
    momentOf(next),
    answeredBy(sys, event),
    next.browser.loads !== sys.browser.loads,
  );
  return withTaken(next, coverage);
}

const momentOf = (sys: SystemSnapshot): Moment => ({ root: sys.root, kid: (id) => sys.kids[id]?.snapshot });

/** The search `event` answers with a list (the field that asked, the text it asked for), else null. */
const answeredBy = (sys: SystemSnapshot, event: SystemEvent): Answered | null => {
  if (event.type !== 'effect.settle' || event.src !== 'searchAddresses') return null;
  const effect = sys.effects.find((e) => e.actor === event.actor && e.src === event.src);
  const outcome = effect ? OUTCOMES.searchAddresses?.(effect.input)[event.outcome] : undefined;
  return effect && outcome && 'output' in outcome
    ? { actor: effect.actor, query: (effect.input as { query: string }).query }
    : null;
};

function react(sys: SystemSnapshot, event: SystemEvent, coverage: Coverage): SystemSnapshot {
  if (isBrowserEvent(event)) return browse(sys, event, coverage);
  // The app follows the machine's URL after whatever moved it (machines/testing/browser.ts).
  const next = deliverEvent(sys, event, coverage);
  next.browser = followMachine(next.browser, machinePath(sys.root), next.root, event.type === 'route.changed');
  return next;
}

function deliverEvent(
  sys: SystemSnapshot,
  event: Exclude<SystemEvent, BrowserEvent>,
  coverage: Coverage,
): SystemSnapshot {
  const next = clone(sys);
  if (event.type === 'effect.settle') {
    const effect = sys.effects.find((e) => e.actor === event.actor && e.src === event.src);
    if (!effect) return next;
    const outcome = OUTCOMES[effect.src]?.(effect.input)[event.outcome];
    if (!outcome) throw new Error(`No outcome '${event.outcome}' for effect ${effect.src}`);
    next.effects = next.effects.filter((e) => e !== effect);
    if (effect.src === 'loadServices' && 'output' in outcome)
      next.cachedLists = [...new Set([...sys.cachedLists, serviceListKey(effect.input)])];
    if (effect.src === 'searchAddresses' && 'output' in outcome)
      next.answeredSearches = { ...sys.answeredSearches, [addressSearchKey(effect.input)]: event.outcome };
    const settled =
      'output' in outcome
        ? { type: `xstate.done.actor.${effect.id}`, output: outcome.output, actorId: effect.id }
        : { type: `xstate.error.actor.${effect.id}`, error: outcomeError(outcome), actorId: effect.id };
    deliver(next, { actor: effect.actor, event: settled }, coverage);
    return next;
  }
  if (event.type === 'timer.elapse') {
    const timer = sys.timers.find((t) => t.actor === event.actor && t.id === event.timer);
    if (!timer) return next;
    next.timers = next.timers.filter((t) => t !== timer);
    deliver(next, { actor: timer.actor, event: timer.event }, coverage);
    return next;
  }
  if (event.type === 'route.changed') next.browser = reportRoute(sys.browser, event);
  deliver(next, { actor: ROOT, event }, coverage);
  return next;
}

/** Back, Forward, a reload or a typed URL: the URL the browser reports, in this page or a new one. */
function browse(sys: SystemSnapshot, event: BrowserEvent, coverage: Coverage): SystemSnapshot {
  const navigation = navigate(sys.browser, event);
  if (!navigation) return clone(sys);
  // A page load: the app starts anew from what the tab keeps (browser.ts inputAfterLoad).
  const loaded = currentEntry(navigation.history)?.path ?? '/';
  const page = navigation.load ? initialSystem(inputAfterLoad(sys.input, sys.root, loaded)) : clone(sys);
  page.browser = navigation.history;
  // Session storage is the tab's: the suggestions answered before the load are still there.
  page.answeredSearches = sys.answeredSearches;
  page.emitted = [];
  deliver(page, { actor: ROOT, event: navigation.route }, coverage);
  page.browser = followMachine(page.browser, null, page.root, true);
  return page;
}

export function initialSystem(input: AppInput): SystemSnapshot {
  const coverage: Coverage = { states: new Set(), transitions: new Set() };
  const { scope, collected: raw } = scopeFor(ROOT);
  const root = MODEL_MACHINE.getInitialSnapshot(scope as never, input) as AnyMachineSnapshot;
  const collected = [...raw];
  const sys: SystemSnapshot = {
    status: 'active',
    output: undefined,
    error: undefined,
    root,
    kids: {},
    effects: [],
    timers: [],
    cachedLists: [],
    answeredSearches: {},
    browser: EMPTY_HISTORY,
    input,
    person: NO_MEMORY,
    emitted: [],
    taken: { states: [], transitions: [] },
  };
  recordStates(MODEL_MACHINE as unknown as AnyStateMachine, root, coverage);
  const queue: Delivery[] = [];
  handleActions(sys, ROOT, collected, queue, coverage);
  for (const delivery of queue) deliver(sys, delivery, coverage);
  return withTaken(sys, coverage);
}

/** The system as actor logic, so the path generators of xstate/graph can walk it. */
export type EdgeListener = (from: SystemSnapshot, event: SystemEvent, to: SystemSnapshot) => void;

export const createSystemLogic = (input: AppInput, onEdge?: EdgeListener) =>
  ({
    config: {},
    transition: (snapshot: SystemSnapshot, event: SystemEvent) => {
      const next = step(snapshot, event);
      onEdge?.(snapshot, event, next);
      return next;
    },
    getInitialSnapshot: () => initialSystem(input),
    getPersistedSnapshot: (snapshot: SystemSnapshot) => snapshot,
  }) as unknown as ActorLogic<SystemSnapshot, SystemEvent, AppInput>;

export const isCachedList = (sys: SystemSnapshot, effect: Effect): boolean =>
  effect.src === 'loadServices' && sys.cachedLists.includes(serviceListKey(effect.input));

/** The text a search is kept under in the tab (src/app/geocoder.ts: trimmed, case folded). */
export const addressSearchKey = (input: unknown): string => (input as { query: string }).query.trim().toLowerCase();

/**
 * The outcomes a pending effect may still settle with: a service list held in the cache cannot fail,
 * and a text searched before in the tab gets its first answer again.
 */
export const outcomesOf = (sys: SystemSnapshot, effect: Effect): string[] => {
  const outcomes = Object.keys(OUTCOMES[effect.src]?.(effect.input) ?? {});
  if (isCachedList(sys, effect)) return outcomes.filter((outcome) => outcome !== 'failed');
  const answered = effect.src === 'searchAddresses' ? sys.answeredSearches[addressSearchKey(effect.input)] : undefined;
  return answered ? outcomes.filter((outcome) => outcome === answered) : outcomes;
};

/** The events the system can settle now: each pending effect's outcomes, each pending timer. */
export const systemEvents = (sys: SystemSnapshot): SystemEvent[] => [
  ...sys.effects.flatMap((effect) =>
    outcomesOf(sys, effect)
      .filter((outcome) => outcomeFits(effect.src, outcome, (sys.root.context as AppContext).user))
      .map((outcome): SystemEvent => ({
        type: 'effect.settle',
        actor: effect.actor,
        src: effect.src,
        outcome,
      })),
  ),
  ...sys.timers.map((timer): SystemEvent => ({
    type: 'timer.elapse',
    actor: timer.actor,
    delay: delayName(timer.id),
    timer: timer.id,
  })),
];

export type { Coverage };
