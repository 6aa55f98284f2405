/**
 * Reader B's probe harness: drives the REAL root machine (machines/app) with every call stubbed
 * through createAppMachine (machines/app/provide.ts), a SimulatedClock for timers, and replies the
 * probe settles by hand when it wants them slow. Imports nothing from tests/.
 */
import { createActor, SimulatedClock, type Actor, type StateValue } from 'xstate';
import { APP_CALL_NAMES, createAppMachine, type AppActions, type AppCalls } from '../../../../machines/app/provide';
import type { AppInput } from '../../../../machines/app/context';
import type { AppEvent } from '../../../../machines/app/events';
import { routeEvent, pathOf } from '../../../../machines/app/routing';
import { validateStep, type Draft } from '../../../../machines/shared/draft';
import type { Suggestion } from '../../../../machines/address-picker/machine';
import type { Location } from '../../../../contract/location';
import type { Service, ServiceList } from '../../../../contract/service';
import type { AvailableTime } from '../../../../contract/slot';
import type { User } from '../../../../contract/user';

export { routeEvent, pathOf, validateStep };
export type { Draft, AppEvent };

// ── data (the reader's own, in the contract's shapes) ──

export const TODAY = '2030-03-11';
export const TOMORROW = '2030-03-12';

const torino = (streetNumber: string | undefined) => ({
  route: 'Via Roma',
  streetNumber,
  city: 'Torino',
  province: 'Torino',
  provinceCode: 'TO',
  region: 'Piemonte',
  postalCode: '10121',
  country: 'Italia',
  countryCode: 'IT',
});

/** The street as the geocoder gives it without a house number. */
export const STREET: Location = {
  address: 'Via Roma, Torino',
  googlePlaceId: 'place-via-roma',
  coordinates: { lat: 45.0677, lng: 7.6824 },
  components: torino(undefined),
};

/** The same street with number 2, as the embedded gazetteer writes it. */
export const ROMA_2: Location = {
  address: 'Via Roma, 2, Torino',
  googlePlaceId: 'place-via-roma-2',
  coordinates: { lat: 45.0678, lng: 7.6825 },
  components: torino('2'),
};

/** The same place as Google's place details format it (formatted_address). */
export const ROMA_2_GOOGLE: Location = { ...ROMA_2, address: 'Via Roma, 2, 10121 Torino TO, Italia' };

export const SUGGEST_STREET: Suggestion = {
  placeId: 'place-via-roma',
  description: 'Via Roma, Torino',
  mainText: 'Via Roma',
  secondaryText: 'Torino',
  hasStreetNumber: false,
};

export const SUGGEST_ROMA_2: Suggestion = {
  placeId: 'place-via-roma-2',
  description: 'Via Roma, 2, Torino',
  mainText: 'Via Roma, 2',
  secondaryText: 'Torino',
  hasStreetNumber: true,
};

/** Google autocomplete's description of the same place ('…, TO, Italia'). */
export const SUGGEST_ROMA_2_GOOGLE: Suggestion = {
  ...SUGGEST_ROMA_2,
  description: 'Via Roma, 2, Torino, TO, Italia',
  secondaryText: 'Torino, TO, Italia',
};

export const SUGGEST_GARIBALDI_5: Suggestion = {
  placeId: 'place-garibaldi-5',
  description: 'Via Garibaldi, 5, Torino',
  mainText: 'Via Garibaldi, 5',
  secondaryText: 'Torino',
  hasStreetNumber: true,
};

const service = (id: string, name: string, price: number, group: string | null = null): Service => ({
  id,
  name,
  description: '',
  durationMM: 45,
  price,
  isManualFlow: false,
  priceStartingFrom: false,
  image: null,
  _group_id: group,
  excludeFromBooking: false,
  hasVariants: group !== null,
});

export const PIEGA = service('piega', 'Piega', 35, 'g-piega');
export const PIEGA_LUNGA = service('piega-lunga', 'Piega lunga', 45, 'g-piega');
export const MANICURE = service('manicure', 'Manicure', 25);

export const HAIR_LIST: ServiceList = {
  mainServices: {
    title: 'Servizi',
    sections: [{ title: null, itemType: 'radio', items: [{ id: 'i-piega', services: [PIEGA, PIEGA_LUNGA] }] }],
  },
  secondaryServices: null,
};

export const BEAUTY_LIST: ServiceList = {
  mainServices: null,
  secondaryServices: {
    title: 'Estetica',
    sections: [{ title: null, itemType: 'checkbox', items: [{ id: 'i-mani', services: [MANICURE] }] }],
  },
};

export const SLOT_TO_CONFIRM: AvailableTime = {
  startTime: '18:00',
  endTime: '19:00',
  supplement: 0,
  toBeConfirmed: true,
  instantBooking: false,
  serviceFee: null,
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
  id: 'u-1',
  email: 'giulia@example.it',
  firstName: 'Giulia',
  lastName: 'Verdi',
  isProvider: false,
  createdAt: '2029-01-01T10:00:00.000Z',
  phoneNumber: '3331112222',
  roles: [],
  accountEmail: null,
  location: ROMA_2,
  allergies: null,
  fitToPlead: true,
  allowMarketing: false,
};

/** A draft complete up to the beauty flow's data step, with a day and a time chosen. */
export const beautyDraftAtData = (): Partial<Draft> => ({
  location: ROMA_2,
  participants: 'default',
  category: 'beauty',
  date: TOMORROW,
  availableTime: SLOT_INSTANT,
  services: { includedService: null, primaryService: null, secondaryServices: [MANICURE], services: [MANICURE] },
});

// ── the world: calls and effects ──

export type CallName = keyof AppCalls;
/** What a stubbed call answers: a value, an error message, or nothing yet (the probe settles it). */
export type Reply = { ok: unknown } | { error: string } | 'pending';
export type Handler = (input: unknown) => Reply;

interface Pending {
  name: CallName;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const DEFAULT_HANDLERS: Partial<Record<CallName, Handler>> = {
  holdSlot: () => ({ ok: { held: true } }),
  renewHold: () => ({ ok: { renewed: true } }),
  releaseHold: () => ({ ok: {} }),
  loadProfile: () => ({ ok: USER }),
  loadServices: (input) => ({
    ok: (input as { flow: string }).flow === 'hair' ? HAIR_LIST : BEAUTY_LIST,
  }),
  loadAvailableTimes: () => ({ ok: [SLOT_INSTANT, SLOT_TO_CONFIRM] }),
  loadProviders: () => ({ ok: [] }),
  checkLocation: () => ({ ok: { canBeServed: true } }),
};

export class World {
  readonly calls: { name: CallName; input: unknown }[] = [];
  readonly pending: Pending[] = [];
  readonly toasts: string[] = [];
  readonly tracks: string[] = [];
  readonly effects: string[] = [];
  private readonly handlers: Partial<Record<CallName, Handler>>;

  constructor(handlers: Partial<Record<CallName, Handler>>) {
    this.handlers = { ...DEFAULT_HANDLERS, ...handlers };
  }

  setHandler(name: CallName, handler: Handler): void {
    this.handlers[name] = handler;
  }

  callCount(name: CallName): number {
    return this.calls.filter((call) => call.name === name).length;
  }

  private call(name: CallName, input: unknown): Promise<unknown> {
    this.calls.push({ name, input });
    const handler = this.handlers[name];
    const reply: Reply = handler ? handler(input) : 'pending';
    if (reply === 'pending') {
      return new Promise((resolve, reject) => this.pending.push({ name, input, resolve, reject }));
    }
    return 'ok' in reply ? Promise.resolve(reply.ok) : Promise.reject(new Error(reply.error));
  }

  /** Answers the oldest pending call of `name`. */
  settle(name: CallName, reply: { ok: unknown } | { error: string }): void {
    const index = this.pending.findIndex((p) => p.name === name);
    if (index < 0) throw new Error(`nothing pending for ${name}`);
    const [call] = this.pending.splice(index, 1);
    if ('ok' in reply) call!.resolve(reply.ok);
    else call!.reject(new Error(reply.error));
  }

  appCalls(): AppCalls {
    const entries = APP_CALL_NAMES.map((name) => [name, (input: unknown) => this.call(name, input)] as const);
    // Every name of AppCalls is in APP_CALL_NAMES; each stub takes the call's input as it comes.
    return Object.fromEntries(entries) as unknown as AppCalls;
  }

  appActions(): AppActions {
    return {
      showToast: (p) => this.toasts.push(`${p.type}: ${p.title}`),
      track: (p) => this.tracks.push(`${p.event}${p.label ? `:${p.label}` : ''}`),
      storeCredential: () => this.effects.push('storeCredential'),
      clearCredential: () => this.effects.push('clearCredential'),
      resetQueryCache: () => this.effects.push('resetQueryCache'),
      storeToastMessage: (p) => this.effects.push(`storeToastMessage:${p.message}`),
      forgetSavedDraft: () => this.effects.push('forgetSavedDraft'),
      storeUserCookie: (p) => this.effects.push(`storeUserCookie:${p.userId}`),
      redirect: (p) => this.effects.push(`redirect:${p.url}`),
    };
  }
}

// ── the probe ──

const flat = (value: StateValue): string => {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  if (entries.length === 1) {
    const [key, child] = entries[0]!;
    return child === undefined ? key : `${key}.${flat(child)}`;
  }
  return `{${entries.map(([key, child]) => `${key}.${child === undefined ? '' : flat(child)}`).join(' | ')}}`;
};

export interface ProbeOptions {
  input?: Partial<AppInput>;
  handlers?: Partial<Record<CallName, Handler>>;
}

const makeActor = (world: World, clock: SimulatedClock, input: AppInput) =>
  createActor(createAppMachine({ calls: world.appCalls(), actions: world.appActions() }), { input, clock });

export type AppActor = ReturnType<typeof makeActor>;

export class Probe {
  readonly clock = new SimulatedClock();
  readonly world: World;
  readonly actor: AppActor;
  private step = 0;

  constructor(
    readonly title: string,
    options: ProbeOptions = {},
  ) {
    this.world = new World(options.handlers ?? {});
    this.actor = makeActor(this.world, this.clock, { today: TODAY, ...options.input });
    this.actor.start();
    console.log(`PROBE ${title}`);
  }

  /** Lets promise replies reach the machine. */
  async flush(): Promise<void> {
    for (let i = 0; i < 6; i++) await new Promise((resolve) => setImmediate(resolve));
  }

  async send(event: AppEvent, note = ''): Promise<void> {
    this.step += 1;
    this.actor.send(event);
    await this.flush();
    const shown = JSON.stringify(event).slice(0, 110);
    console.log(`  ${this.step}. ${note ? `${note} ` : ''}→ ${shown}`);
  }

  /** The page's first URL (a load or a reload, a typed URL). */
  async open(path: string, search = ''): Promise<void> {
    await this.send(routeEvent(path, search, true), `open ${path}`);
  }

  /** An in-app navigation or the browser's Back/Forward. */
  async go(path: string, note = 'navigate'): Promise<void> {
    await this.send(routeEvent(path), `${note} ${path}`);
  }

  async advance(ms: number): Promise<void> {
    this.clock.increment(ms);
    await this.flush();
    console.log(`     (+${ms} ms)`);
  }

  async settle(name: CallName, reply: { ok: unknown } | { error: string }, note = ''): Promise<void> {
    this.world.settle(name, reply);
    await this.flush();
    console.log(`     ${name} answers ${'ok' in reply ? 'ok' : `error '${reply.error}'`} ${note}`);
  }

  get snapshot() {
    return this.actor.getSnapshot();
  }

  get draft(): Draft {
    return this.snapshot.context.draft;
  }

  session(): string {
    const value = this.snapshot.value as Record<string, StateValue>;
    return flat(value['session'] ?? '');
  }

  wizard(): string {
    const value = this.snapshot.value as Record<string, StateValue>;
    return flat(value['wizard'] ?? '');
  }

  url(): string | null {
    return pathOf(this.snapshot);
  }

  /** The state of an invoked child (undefined when it is not running). */
  child(id: string): string | undefined {
    const children = this.snapshot.children as Record<string, Actor<never> | undefined>;
    const ref = children[id];
    if (!ref) return undefined;
    const snap = ref.getSnapshot() as { value?: StateValue; status: string };
    return snap.value === undefined ? snap.status : flat(snap.value);
  }

  /** The address picker's context (the location step's). */
  pickerContext(): { query: string; suggestions: Suggestion[]; location: Location | null } | undefined {
    const ref = this.snapshot.children.addressPicker;
    return ref?.getSnapshot().context;
  }

  show(label: string, fields: Record<string, unknown>): void {
    console.log(`     ${label}: ${JSON.stringify(fields)}`);
  }

  /** The probe's last line: what SPEC expects, what the machine did, and the verdict. */
  verdict(expected: string, actual: string, diverges: boolean): void {
    console.log(`  SPEC expects: ${expected}`);
    console.log(`  Machine does: ${actual}`);
    console.log(`DIVERGES: ${diverges ? 'yes' : 'no'}`);
    this.actor.stop();
  }

  /** One case of a probe with several (the probe prints its own DIVERGES line at the end). */
  caseVerdict(expected: string, actual: string, diverges: boolean): boolean {
    console.log(`  SPEC expects: ${expected}`);
    console.log(`  Machine does: ${actual}`);
    console.log(`  case diverges: ${diverges ? 'yes' : 'no'}`);
    this.actor.stop();
    return diverges;
  }
}

/** Street number of the draft's location ('' when none). */
export const numberOf = (draft: Draft): string => draft.location?.components.streetNumber ?? '';

/** What AVANTI on the location step would answer (null: it moves on). */
export const locationRefusal = (draft: Draft): string | null => validateStep('location', draft, null);
