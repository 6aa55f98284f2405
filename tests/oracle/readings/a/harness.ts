/**
 * Reader A's harness: the REAL root machine (machines/app), wired exactly as the app wires it
 * (`createAppMachine` from machines/app/provide.ts, which `.provide()`s every child), with scripted
 * calls and a simulated clock. Nothing here comes from tests/ or machines/testing/: the fixtures
 * below follow the shapes of the contract (contract/*.ts) only.
 */
import { createActor, SimulatedClock, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { APP_CALL_NAMES, createAppMachine, type AppCalls } from '../../../../machines/app/provide';
import type { AppInput } from '../../../../machines/app/context';
import type { AppEvent } from '../../../../machines/app/events';
import type { Suggestion } from '../../../../machines/address-picker/machine';
import type { ToastParams, TrackParams } from '../../../../machines/shared/effects';
import { withStreetNumber, type Location } from '../../../../contract/location';
import type { Service, ServiceList } from '../../../../contract/service';
import type { AvailableTime } from '../../../../contract/slot';
import type { User } from '../../../../contract/user';

export { withStreetNumber, type Location };

// ── Fixtures (contract shapes) ──────────────────────────────────────────────────────────────

export const TODAY = '2026-11-23';
export const TOMORROW = '2026-11-24';

const components = (route: string, streetNumber: string | undefined): Location['components'] => ({
  route,
  streetNumber,
  city: 'Torino',
  province: 'Torino',
  provinceCode: 'TO',
  region: 'Piemonte',
  postalCode: '10121',
  country: 'Italia',
  countryCode: 'IT',
});

/** A street the gazetteer knows without a number (the number is typed apart). */
export const VIA_ROMA: Location = {
  address: 'Via Roma, Torino',
  googlePlaceId: 'place-via-roma',
  coordinates: { lat: 45.0677, lng: 7.6824 },
  components: components('Via Roma', undefined),
};

/** As Google Places details answer a prediction with a number: formatted_address, not the description. */
export const VIA_ROMA_2_GOOGLE: Location = {
  address: 'Via Roma, 2, 10121 Torino TO, Italia',
  googlePlaceId: 'place-via-roma-2',
  coordinates: { lat: 45.0678, lng: 7.6825 },
  components: components('Via Roma', '2'),
};

export const VIA_ROMA_10: Location = {
  address: 'Via Roma, 10, Torino',
  googlePlaceId: 'place-via-roma-10',
  coordinates: { lat: 45.0679, lng: 7.6826 },
  components: components('Via Roma', '10'),
};

export const VIA_GARIBALDI_5: Location = {
  address: 'Via Garibaldi, 5, Torino',
  googlePlaceId: 'place-via-garibaldi-5',
  coordinates: { lat: 45.0735, lng: 7.6795 },
  components: components('Via Garibaldi', '5'),
};

export const SUG_VIA_ROMA: Suggestion = {
  placeId: VIA_ROMA.googlePlaceId,
  description: 'Via Roma, Torino',
  mainText: 'Via Roma',
  secondaryText: 'Torino',
  hasStreetNumber: false,
};

/** A Google prediction's description (the text the field shows once picked). */
export const SUG_VIA_ROMA_2_GOOGLE: Suggestion = {
  placeId: VIA_ROMA_2_GOOGLE.googlePlaceId,
  description: 'Via Roma, 2, Torino, TO, Italia',
  mainText: 'Via Roma, 2',
  secondaryText: 'Torino, TO, Italia',
  hasStreetNumber: true,
};

export const SUG_VIA_ROMA_10: Suggestion = {
  placeId: VIA_ROMA_10.googlePlaceId,
  description: 'Via Roma, 10, Torino',
  mainText: 'Via Roma, 10',
  secondaryText: 'Torino',
  hasStreetNumber: true,
};

export const SUG_VIA_GARIBALDI_5: Suggestion = {
  placeId: VIA_GARIBALDI_5.googlePlaceId,
  description: 'Via Garibaldi, 5, Torino',
  mainText: 'Via Garibaldi, 5',
  secondaryText: 'Torino',
  hasStreetNumber: true,
};

/** What resolveAddress answers for each place id. */
export const PLACES: Record<string, Location> = {
  [VIA_ROMA.googlePlaceId]: VIA_ROMA,
  [VIA_ROMA_2_GOOGLE.googlePlaceId]: VIA_ROMA_2_GOOGLE,
  [VIA_ROMA_10.googlePlaceId]: VIA_ROMA_10,
  [VIA_GARIBALDI_5.googlePlaceId]: VIA_GARIBALDI_5,
};

export const service = (id: string, name: string, price: number, groupId: string | null = null): Service => ({
  id,
  name,
  description: '',
  durationMM: 60,
  price,
  isManualFlow: false,
  priceStartingFrom: false,
  image: null,
  _group_id: groupId,
  excludeFromBooking: false,
  hasVariants: groupId !== null,
});

export const PIEGA = service('piega', 'Piega', 35, 'g-piega');
export const PIEGA_LUNGA = service('piega-lunga', 'Piega capelli lunghi', 45, 'g-piega');

export const HAIR_LIST: ServiceList = {
  mainServices: {
    title: 'Servizi principali',
    sections: [{ title: null, itemType: 'radio', items: [{ id: 'item-piega', services: [PIEGA, PIEGA_LUNGA] }] }],
  },
  secondaryServices: null,
};

export const SLOT_INSTANT: AvailableTime = {
  startTime: '10:00',
  endTime: '11:00',
  supplement: 0,
  toBeConfirmed: false,
  instantBooking: true,
  serviceFee: null,
};

export const USER: User = {
  id: 'user-anna',
  email: 'anna@example.it',
  firstName: 'Anna',
  lastName: 'Rossi',
  isProvider: false,
  createdAt: '2026-01-10T10:00:00.000Z',
  phoneNumber: '3331234567',
  roles: [],
  accountEmail: null,
  location: VIA_ROMA_10,
  allergies: null,
  fitToPlead: true,
  allowMarketing: false,
};

// ── Scripted calls ──────────────────────────────────────────────────────────────────────────

export type CallName = keyof AppCalls;
/** Each call's implementation; any call left out rejects ("not scripted"). */
export type Handlers = Partial<AppCalls>;

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

/** A reply the probe answers by hand (a slow network). */
export const deferred = <T>(): Deferred<T> => {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

/** How the gazetteer/Google answer by default: a query with a digit gives addresses with that number. */
export const defaultHandlers = (): Handlers => ({
  loadProfile: async () => USER,
  searchAddresses: async ({ query }) =>
    /garibaldi/i.test(query) ? [SUG_VIA_GARIBALDI_5] : /\d/.test(query) ? [SUG_VIA_ROMA_10] : [SUG_VIA_ROMA],
  resolveAddress: async ({ suggestion }) => {
    const place = PLACES[suggestion.placeId];
    if (!place) throw new Error('Indirizzo non trovato');
    return place;
  },
  // As the contract's helper writes a typed number into the address (contract/location.ts).
  lookupStreetNumber: async ({ location, streetNumber }) => withStreetNumber(location, streetNumber),
  checkLocation: async () => ({ canBeServed: true }),
  subscribeToList: async () => undefined,
  loadServices: async () => HAIR_LIST,
  loadAvailableTimes: async () => [SLOT_INSTANT],
  loadProviders: async () => [],
  holdSlot: async () => ({ held: true }),
  renewHold: async () => ({ renewed: true }),
  releaseHold: async () => undefined,
  askResetPassword: async () => undefined,
  updateProfile: async () => USER,
});

export interface Recorded {
  calls: { name: CallName; input: unknown }[];
  toasts: ToastParams[];
  tracks: TrackParams[];
}

const buildCalls = (handlers: Handlers, recorded: Recorded): AppCalls => {
  const out: Record<string, (input: unknown, signal: AbortSignal) => Promise<unknown>> = {};
  for (const name of APP_CALL_NAMES) {
    // Each handler has its own input type; here they are called generically with what the machine sends.
    const impl = handlers[name] as ((input: unknown, signal: AbortSignal) => Promise<unknown>) | undefined;
    out[name] = (input, signal) => {
      recorded.calls.push({ name, input });
      return impl ? impl(input, signal) : Promise.reject(new Error(`${name} not scripted`));
    };
  }
  // Every name of APP_CALL_NAMES is filled above: the record is the AppCalls object.
  return out as unknown as AppCalls;
};

// ── The app ────────────────────────────────────────────────────────────────────────────────

const appMachineFor = (calls: AppCalls, recorded: Recorded) =>
  createAppMachine({
    calls,
    actions: {
      showToast: (params) => recorded.toasts.push(params),
      track: (params) => recorded.tracks.push(params),
      storeCredential: () => {},
      clearCredential: () => {},
      resetQueryCache: () => {},
      storeToastMessage: () => {},
      forgetSavedDraft: () => {},
      storeUserCookie: () => {},
      redirect: () => {},
    },
  });

export type App = ActorRefFrom<ReturnType<typeof appMachineFor>>;
export type AppSnapshot = SnapshotFrom<ReturnType<typeof appMachineFor>>;

export interface Harness {
  actor: App;
  clock: SimulatedClock;
  recorded: Recorded;
  /** Sends an event, then lets the promises of the calls settle. */
  send: (event: AppEvent) => Promise<void>;
  /** Moves the simulated clock on, then lets the promises settle. */
  advance: (ms: number) => Promise<void>;
  settle: () => Promise<void>;
  snap: () => AppSnapshot;
}

export interface StartOptions {
  input?: Partial<AppInput>;
  handlers?: Handlers;
}

/** Lets resolved promises and the machine's reactions to them run (several rounds: chains of calls). */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
};

export const startApp = (options: StartOptions = {}): Harness => {
  const recorded: Recorded = { calls: [], toasts: [], tracks: [] };
  const calls = buildCalls({ ...defaultHandlers(), ...options.handlers }, recorded);
  const clock = new SimulatedClock();
  const actor = createActor(appMachineFor(calls, recorded), {
    clock,
    input: { today: TODAY, ...options.input },
  });
  actor.start();
  return {
    actor,
    clock,
    recorded,
    send: async (event) => {
      actor.send(event);
      await settle();
    },
    advance: async (ms) => {
      clock.increment(ms);
      await settle();
    },
    settle,
    snap: () => actor.getSnapshot(),
  };
};

// ── Reading the page ───────────────────────────────────────────────────────────────────────

export const route = (path: string, search = '', reload = false): AppEvent => ({
  type: 'route.changed',
  path,
  search,
  ...(reload ? { reload } : {}),
});

/** The state value as one line. */
export const stateOf = (snapshot: { value: unknown }): string => JSON.stringify(snapshot.value);

/** The location step's address picker: its state, the text of the field, and the address it holds. */
export const pickerOf = (h: Harness) => {
  const picker = h.snap().children.addressPicker;
  if (!picker) return { state: '(no picker)', query: '', number: undefined as string | undefined };
  const snapshot = picker.getSnapshot();
  return {
    state: stateOf(snapshot),
    query: snapshot.context.query,
    number: snapshot.context.location?.components.streetNumber,
  };
};

/** What the draft holds as the address, one line. */
export const draftAddress = (h: Harness): string => {
  const location = h.snap().context.draft.location;
  if (!location) return 'null';
  return `"${location.address}" (streetNumber=${JSON.stringify(location.components.streetNumber)})`;
};

/** Types a query and waits out the debounce and the search. */
export const typeAddress = async (h: Harness, value: string): Promise<void> => {
  await h.send({ type: 'address.type', value });
  await h.advance(500);
};

/** A visitor on the booking start (the page's first URL). */
export const onLocationStep = async (options: StartOptions = {}): Promise<Harness> => {
  const h = startApp(options);
  await h.send(route('/booking/location', '', true));
  return h;
};

/** From the booking start: picks the number-less street and types its house number (a served address). */
export const pickStreetAndTypeNumber = async (h: Harness, number = '2'): Promise<void> => {
  await h.send({ type: 'address.focus' });
  await typeAddress(h, 'Via Roma');
  await h.send({ type: 'address.select', suggestion: SUG_VIA_ROMA });
  await h.send({ type: 'address.streetNumber', value: number });
};

// ── Reporting ──────────────────────────────────────────────────────────────────────────────

export const line = (label: string, value: unknown): void => {
  console.log(`  ${label.padEnd(22)} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
};

export const header = (title: string, spec: string, world: string): void => {
  console.log(`== ${title}`);
  console.log(`  SPEC: ${spec}`);
  console.log(`  WORLD: ${world}`);
};

export const verdict = (expected: string, diverges: boolean): void => {
  console.log(`  SPEC expects: ${expected}`);
  console.log(`DIVERGES: ${diverges ? 'yes' : 'no'}`);
};
