/**
 * Runs the real root actor (children included) with fake calls that wait to be settled and a
 * clock whose timers fire one by one, so a generated path can be replayed step by step against
 * the machine exactly as the app runs it.
 */
import { createActor, type Actor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import {
  APP_CALL_NAMES,
  createAppMachine,
  PRO_CALL_NAMES,
  type AppActions,
  type AppCalls,
  type ProCalls,
} from '../../machines/app/provide';
import { PRO_MACHINES } from '../../machines/testing/pro-side';
import type { AppInput } from '../../machines/app/context';
import type { AppEvent } from '../../machines/app/events';
import type { PathStep } from '../../machines/paths';
import { OUTCOMES, outcomeError } from '../../machines/testing/fixtures';
import {
  currentEntry,
  EMPTY_HISTORY,
  followMachine,
  inputAfterLoad,
  isBrowserEvent,
  machinePath,
  navigate,
  reportRoute,
  type BrowserHistory,
} from '../../machines/testing/browser';
import {
  ADDRESS_FIELDS,
  NO_MEMORY,
  rememberFields,
  type Moment,
  type PersonMemory,
} from '../../machines/testing/person';

interface Pending {
  src: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Timer {
  id: number;
  fn: () => void;
  timeout: number;
}

/** A clock whose pending timers fire one at a time, chosen by their delay. */
export class StepClock {
  private timers: Timer[] = [];
  private nextId = 1;
  setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = this.nextId++;
    this.timers.push({ id, fn, timeout });
    return id;
  }
  clearTimeout(id: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== id);
  }
  fire(timeout: number): void {
    const timer = this.timers.find((t) => t.timeout === timeout);
    if (!timer) throw new Error(`No timer of ${timeout} ms pending`);
    this.timers = this.timers.filter((t) => t !== timer);
    timer.fn();
  }
}

const CALLS = [...APP_CALL_NAMES, ...PRO_CALL_NAMES];

export const DELAY_MS: Record<string, number> = {
  searchDebounce: 500,
  slotsMinimumLoading: 1000,
  upsellCloseReopen: 100,
  logoutLoader: 2000,
  logoutLoaderHide: 500,
  passwordResetConfirmation: 500,
  // Issue 28: a hold lasts 10 minutes; its last one is announced.
  holdWarning: 9 * 60_000,
  holdLastMinute: 60_000,
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export interface Harness {
  /** The app's actor in the tab now (a reload or a typed URL starts a new one). */
  readonly actor: Actor<ReturnType<typeof createAppMachine>>;
  readonly clock: StepClock;
  /** The tab's history (machines/testing/browser.ts), walked as the model walks it. */
  readonly history: BrowserHistory;
  pending: Pending[];
  /** Every call the app made, answered or not (`pending` holds only the ones still waited for). */
  asked: { src: string; input: unknown }[];
  effects: { type: keyof AppActions; params: unknown }[];
  send(event: AppEvent): Promise<void>;
  settle(src: string, outcome: string): Promise<void>;
  /** Answers the pending call `src` with an output the fixtures do not name. */
  answer(src: string, output: unknown): Promise<void>;
  elapse(delay: string): Promise<void>;
  play(step: PathStep): Promise<void>;
  child(id: string): AnyActorRef | undefined;
  /** What she remembers of the address fields, as the model keeps it (machines/testing/person.ts). */
  readonly person: PersonMemory;
}

export function createHarness(input: AppInput): Harness {
  const pending: Pending[] = [];
  const asked: Harness['asked'] = [];
  const effects: Harness['effects'] = [];
  const calls = Object.fromEntries(
    CALLS.map((src) => [
      src,
      (callInput: unknown, signal?: AbortSignal) =>
        new Promise((resolve, reject) => {
          const call = { src, input: callInput, resolve, reject };
          pending.push(call);
          asked.push({ src, input: callInput });
          // A call whose state was left is no longer waited for (as the model drops its effect).
          signal?.addEventListener('abort', () => {
            const index = pending.indexOf(call);
            if (index >= 0) pending.splice(index, 1);
          });
        }),
    ]),
  ) as unknown as AppCalls & ProCalls;
  const record =
    (type: keyof AppActions) =>
    (params?: unknown): void => {
      effects.push({ type, params });
    };
  const actions: AppActions = {
    showToast: record('showToast'),
    track: record('track'),
    storeCredential: record('storeCredential'),
    clearCredential: record('clearCredential'),
    resetQueryCache: record('resetQueryCache'),
    storeToastMessage: record('storeToastMessage'),
    forgetSavedDraft: record('forgetSavedDraft'),
    storeUserCookie: record('storeUserCookie'),
    redirect: record('redirect'),
  };
  /** The oldest pending call of `src`, taken off the list. */
  const take = (src: string): Pending => {
    const index = pending.findIndex((p) => p.src === src);
    if (index < 0) throw new Error(`No call to ${src} pending`);
    return pending.splice(index, 1)[0]!;
  };
  let clock = new StepClock();
  const start = (appInput: AppInput) => {
    // The professionals' side is there when the page loaded it (issue 27), as in the app.
    const proSide = appInput.proSide ? { machines: PRO_MACHINES, calls } : undefined;
    const started = createActor(createAppMachine({ calls, actions }, proSide), { input: appInput, clock });
    started.start();
    return started;
  };
  let actor = start(input);
  let history = EMPTY_HISTORY;
  let person = NO_MEMORY;
  /** A page load: the old app is gone with its calls and timers; a new one starts from what the tab keeps. */
  const load = (path: string) => {
    const nextInput = inputAfterLoad(input, actor.getSnapshot(), path);
    actor.stop();
    pending.length = 0;
    clock = new StepClock();
    actor = start(nextInput);
  };
  const harness: Harness = {
    get actor() {
      return actor;
    },
    get clock() {
      return clock;
    },
    get history() {
      return history;
    },
    get person() {
      return person;
    },
    pending,
    asked,
    effects,
    async send(event) {
      if (event.type === 'route.changed') history = reportRoute(history, event);
      const machineBefore = machinePath(actor.getSnapshot());
      actor.send(event);
      await flush();
      history = followMachine(history, machineBefore, actor.getSnapshot(), event.type === 'route.changed');
    },
    async settle(src, outcome) {
      const call = take(src);
      const answer = OUTCOMES[src]!(call.input)[outcome];
      if (!answer) throw new Error(`No outcome ${outcome} for ${src}`);
      if ('output' in answer) call.resolve(answer.output);
      else call.reject(outcomeError(answer));
      await flush();
    },
    async answer(src, output) {
      take(src).resolve(output);
      await flush();
    },
    async elapse(delay) {
      clock.fire(DELAY_MS[delay]!);
      await flush();
    },
    async play(step) {
      const { event } = step;
      const before = moment();
      const loads = history.loads;
      const search =
        event.type === 'effect.settle' && event.src === 'searchAddresses'
          ? pending.find((call) => call.src === event.src)
          : undefined;
      const outcome = search
        ? OUTCOMES.searchAddresses!(search.input)[(event as { outcome: string }).outcome]
        : undefined;
      await playEvent(step);
      const answered =
        search && outcome && 'output' in outcome
          ? { actor: (event as { actor: string }).actor, query: (search.input as { query: string }).query }
          : null;
      person = rememberFields(person, event, before, moment(), answered, history.loads !== loads);
    },
    // A child of the root, or of one of its children (the profile dialog's address picker).
    child: (id) => {
      const find = (children: Record<string, unknown>): AnyActorRef | undefined => {
        const found = children[id] as AnyActorRef | undefined;
        if (found) return found;
        for (const ref of Object.values(children)) {
          const kids = (ref as AnyActorRef | undefined)?.getSnapshot()?.children as Record<string, unknown> | undefined;
          const inner = kids ? find(kids) : undefined;
          if (inner) return inner;
        }
        return undefined;
      };
      return find(actor.getSnapshot().children);
    },
  };
  /** The root's snapshot and the ones the person's memory reads (active children only). */
  const moment = (): Moment => {
    const kids = new Map<string, AnyMachineSnapshot>();
    for (const id of [...ADDRESS_FIELDS, 'profileDialog']) {
      const snapshot = harness.child(id)?.getSnapshot() as AnyMachineSnapshot | undefined;
      if (snapshot?.status === 'active') kids.set(id, snapshot);
    }
    return { root: actor.getSnapshot() as AnyMachineSnapshot, kid: (id) => kids.get(id) };
  };
  async function playEvent({ event }: PathStep): Promise<void> {
    if (isBrowserEvent(event)) {
      const navigation = navigate(history, event);
      if (!navigation) return;
      if (navigation.load) load(currentEntry(navigation.history)?.path ?? '/');
      history = navigation.history;
      actor.send(navigation.route);
      await flush();
      history = followMachine(history, null, actor.getSnapshot(), true);
      return;
    }
    const machineBefore = machinePath(actor.getSnapshot());
    if (event.type === 'effect.settle') await harness.settle(event.src, event.outcome);
    else if (event.type === 'timer.elapse') await harness.elapse(event.delay);
    else return harness.send(event);
    history = followMachine(history, machineBefore, actor.getSnapshot(), false);
  }
  return harness;
}

const valuePaths = (value: unknown, prefix: string): string[] => {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => valuePaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
};

/** The running actor described like a path step's `state`. */
export const describeActor = (harness: Harness): string => {
  const snapshot = harness.actor.getSnapshot();
  // Every machine the root runs, its children's children included (the profile dialog's picker).
  const machinesOf = (children: Record<string, unknown>): (readonly [string, unknown])[] =>
    Object.entries(children)
      // A child that reached its final state has finished: the model no longer lists it.
      .filter(([, ref]) => ref && 'getStateNodeById' in ((ref as { logic?: object }).logic ?? {}))
      .map(([id, ref]) => [id, (ref as AnyActorRef).getSnapshot()] as const)
      .filter(([, kid]) => kid.status === 'active')
      .flatMap(([id, kid]) => [[id, kid.value] as const, ...machinesOf(kid.children ?? {})]);
  const kids = machinesOf(snapshot.children)
    // In code-unit order, as the model lists them (machines/paths.ts describeState).
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, value]) => `${id}: ${valuePaths(value, '').join(', ')}`);
  return [...valuePaths(snapshot.value, ''), ...kids].join(' | ');
};
