/**
 * Targeted paths: each flow end to end, with and without coupon, upsell, professional filter,
 * confirmation modal and errors, plus URL changes. Written as the user would act; effects and
 * timers are named by what answers (`settle('loadServices', 'list')`, `elapse('slotsMinimumLoading')`).
 */
import type { AppEvent } from '../app/events';
import type { BrowserEvent } from './browser';
import {
  BLANK_TIME_OFF_FORM,
  DAYS_OFF,
  DAYS_OFF_FORM,
  SICK_DAY_FORM,
  TO_PLACE,
  NEW_WEEK_FORM,
  OTHER_MAKE_UP,
  OUTSIDE,
  REVERSED_WEEK_FORM,
  REQUEST as PRO_REQUEST,
  SALOTTO as PRO_SALOTTO,
} from './pro-fixtures';
import { pathOfStep, FLOW_STEPS, type StepId } from '../shared/draft';
import type { Flow } from '../../contract/constants';
import {
  APPOINTMENT_ID,
  EMPTY_CHECKOUT_FORM,
  MANAGE_TOKEN,
  INVALID_PROFILE_FORM,
  PRO_USER,
  SERVICES,
  SLOT_INSTANT,
  SLOT_TO_CONFIRM,
  SUGGESTION_FULL,
  SUGGESTION_NO_NUMBER,
  TO_RATE,
  TOMORROW,
  VALID_CHECKOUT_FORM,
  VALID_PROFILE_FORM,
  WAITLIST_ENTRY,
} from './fixtures';
import type { MODEL_INPUTS } from './model';

export type ScenarioStep = AppEvent | BrowserEvent | { settle: string; outcome: string } | { elapse: string };

export interface Scenario {
  name: string;
  input: keyof typeof MODEL_INPUTS | 'experiment14' | 'experiment14Variant1' | 'otherExperimentVariant2' | 'autoSelect';
  steps: ScenarioStep[];
}

const settle = (src: string, outcome: string): ScenarioStep => ({ settle: src, outcome });
const elapse = (delay: string): ScenarioStep => ({ elapse: delay });
const route = (path: string, search = ''): AppEvent => ({ type: 'route.changed', path, search });
const next: AppEvent = { type: 'step.next' };

const start: ScenarioStep[] = [route('/booking/location')];

/** The browser's own buttons, its reload and a URL typed in its address bar (machines/testing/browser.ts). */
const browserBack: BrowserEvent = { type: 'browser.back' };
const browserForward: BrowserEvent = { type: 'browser.forward' };
const browserReload: BrowserEvent = { type: 'browser.reload' };
const typed = (path: string, search = ''): BrowserEvent => ({ type: 'browser.open', path, search });

/** Issue 40: the team signs in on the requests (where it lands) and follows BACHECA DEL TEAM to its board. */
const teamOnBoard: ScenarioStep[] = [
  route('/pro/requests'),
  settle('loadProfile', 'team'),
  settle('loadProRequests', 'ok'),
  route('/pro/team'),
  settle('loadTeamBoard', 'ok'),
];

/** Typed in the address field, the pause waited and the suggestions answered. */
const typeAndSearch = (value: string): ScenarioStep[] => [
  { type: 'address.type', value },
  elapse('searchDebounce'),
  settle('searchAddresses', 'results'),
];

const pickAddress: ScenarioStep[] = [
  { type: 'address.focus' },
  ...typeAndSearch('Via Roma 2 Torino'),
  { type: 'address.select', suggestion: SUGGESTION_FULL },
  settle('resolveAddress', 'ok'),
  settle('checkLocation', 'served'),
  next,
];

const toCategory = (category: 'hair' | 'beauty' | 'make-up'): ScenarioStep[] => [
  ...start,
  ...pickAddress,
  { type: 'participants.set', participants: 'default' },
  next,
  { type: 'category.set', category },
  next,
];

const slotsLoaded: ScenarioStep[] = [settle('loadAvailableTimes', 'slots'), elapse('slotsMinimumLoading')];

/** Issue 16: an appointment's manage link (from its e-mail), and a move's times answered. */
const manageLink = route(`/appointments/${APPOINTMENT_ID}`, `?token=${MANAGE_TOKEN}`);
const waitlistLink = route(`/waitlist/${WAITLIST_ENTRY.entryId}`, `?token=${WAITLIST_ENTRY.token}`);
/** Issue 27: a declined request's 'Prenota di nuovo'. */
const rebookLink = route(`/appointments/${APPOINTMENT_ID}/rebook`, `?token=${MANAGE_TOKEN}`);
/** Issue 29: the invitation to rate it, and Giulia (who came). */
const ratingLink = route(`/appointments/${APPOINTMENT_ID}/rating`, `?token=${MANAGE_TOKEN}`);
const giulia = TO_RATE.professionals[0]!._id;

const submit: ScenarioStep[] = [{ type: 'checkout.submit', form: VALID_CHECKOUT_FORM }, settle('createBooking', 'ok')];

/** The services list of each flow shown: the steps before it, with the list answered. */
const toService: Record<Flow, ScenarioStep[]> = {
  hair: [...toCategory('hair'), { type: 'hair.set', hair: 'long' }, next, settle('loadServices', 'list')],
  beauty: [...toCategory('beauty'), settle('loadServices', 'list')],
  'make-up': [...toCategory('make-up'), settle('loadServices', 'list')],
  salotto: [
    ...start,
    ...pickAddress,
    { type: 'participants.set', participants: 'salotto' },
    next,
    next,
    { type: 'salottoCategory.toggle', category: 'beauty' },
    next,
    settle('loadServices', 'list'),
  ],
};

/** Issue 28: a time picked, and held for her. */
const pickHeld = (availableTime = SLOT_INSTANT): ScenarioStep[] => [
  { type: 'time.set', availableTime },
  settle('holdSlot', 'held'),
];

/** The day's times answered and the first, instant, one (held for her) taken to the checkout. */
const instantSlotToCheckout: ScenarioStep[] = [...slotsLoaded, ...pickHeld(), next];

/** The hair flow's Piega chosen: the day's times answered. */
const hairToData: ScenarioStep[] = [
  ...toService.hair,
  { type: 'service.selectMain', service: SERVICES.piega },
  next,
  ...slotsLoaded,
];

const hairToCheckout: ScenarioStep[] = [...hairToData, ...pickHeld(), next];

/** The beauty list's manicure chosen, its details step passed: the day's times asked. */
const beautyToData: ScenarioStep[] = [
  ...toService.beauty,
  {
    type: 'service.pickSecondary',
    service: SERVICES.manicure,
    group: [SERVICES.manicure.id, SERVICES.manicureSemi.id],
  },
  next,
  next,
];

/** Beauty and make-up have a details step between the service and the day. */
const beautyToCheckout: ScenarioStep[] = [...beautyToData, ...instantSlotToCheckout];

const makeUpToCheckout: ScenarioStep[] = [
  ...toService['make-up'],
  { type: 'service.selectMain', service: SERVICES.trucco },
  next,
  next,
  ...instantSlotToCheckout,
];

const salottoToCheckout: ScenarioStep[] = [
  ...start,
  ...pickAddress,
  { type: 'participants.set', participants: 'salotto' },
  next,
  { type: 'participantsCount.increment' },
  next,
  { type: 'salottoCategory.toggle', category: 'hair' },
  { type: 'salottoCategory.toggle', category: 'beauty' },
  next,
  settle('loadServices', 'list'),
  { type: 'service.toggleSecondary', service: SERVICES.piega },
  { type: 'service.toggleSecondary', service: SERVICES.manicure },
  next,
  { type: 'details.notes', notes: 'Addio al nubilato' },
  next,
  ...slotsLoaded,
  { type: 'time.set', availableTime: SLOT_TO_CONFIRM },
  next,
  { type: 'confirmation.continue' },
];

const TO_CHECKOUT: Record<Flow, ScenarioStep[]> = {
  hair: hairToCheckout,
  beauty: beautyToCheckout,
  'make-up': makeUpToCheckout,
  salotto: salottoToCheckout,
};

/** From the checkout, the browser's back through every earlier step of the flow, by URL. */
const backByUrl = (flow: Flow): ScenarioStep[] => {
  const steps = FLOW_STEPS[flow];
  const [checkout, data] = [...steps].reverse() as [StepId, StepId];
  return [
    route(pathOfStep(data)),
    route(pathOfStep(checkout)),
    ...[...steps]
      .slice(0, -1)
      .reverse()
      .map((step: StepId) => route(pathOfStep(step))),
  ];
};

/**
 * Every choice the service step of each flow offers (the draft actions of SPEC §4), with the
 * services of that flow's list only (fixtures.ts SERVICE_LISTS): what a person can press there.
 */
const everyServiceChoice: Record<Flow, ScenarioStep[]> = {
  hair: [
    { type: 'service.selectMain', service: SERVICES.piega },
    { type: 'service.toggleSecondary', service: SERVICES.maschera },
    { type: 'service.toggleSecondary', service: SERVICES.maschera },
    {
      type: 'service.pickSecondary',
      service: SERVICES.frangia,
      group: [SERVICES.frangia.id, SERVICES.frangiaTendina.id],
    },
    { type: 'upsell.open', groupId: 'g-piega' },
    { type: 'upsell.open', groupId: 'g-frangia' },
    elapse('upsellCloseReopen'),
    { type: 'upsell.choose', groupId: 'g-frangia', service: SERVICES.frangiaTendina },
    { type: 'upsell.open', groupId: 'g-piega' },
    { type: 'upsell.choose', groupId: 'g-piega', service: SERVICES.piegaLunga },
    { type: 'upsell.open', groupId: 'g-piega' },
    { type: 'upsell.close' },
  ],
  beauty: [
    {
      type: 'service.pickSecondary',
      service: SERVICES.manicure,
      group: [SERVICES.manicure.id, SERVICES.manicureSemi.id],
    },
    { type: 'upsell.open', groupId: 'g-mani' },
    { type: 'upsell.choose', groupId: 'g-mani', service: SERVICES.manicureSemi },
    { type: 'upsell.open', groupId: 'g-mani' },
    { type: 'upsell.close' },
  ],
  'make-up': [{ type: 'service.selectMain', service: SERVICES.trucco }],
  salotto: [
    { type: 'service.toggleSecondary', service: SERVICES.manicure },
    { type: 'service.toggleSecondary', service: SERVICES.manicure },
    { type: 'service.toggleSecondary', service: SERVICES.manicure },
  ],
};

/** Signed in as the demo customer, the profile dialog open. */
const profileOpen: ScenarioStep[] = [
  route('/login'),
  { type: 'session.login', email: 'demo@musa.example', password: 'Musa2026!' },
  settle('login', 'ok'),
  { type: 'profile.open' },
];

/** Typing in the profile dialog's address field, until its suggestions show. */
const profileSearch = (value: string): ScenarioStep[] => [
  { type: 'profile.address.type', value },
  elapse('searchDebounce'),
  settle('searchAddresses', 'results'),
];

/**
 * Issue 25: what a person does with the browser, where SPEC's rules must hold whatever led there
 * (each found by the model on 9a1faa2's machines, kept as the paths that replay them in Chromium).
 */
/** The promo box ticked, the welcome code typed and APPLICA pressed (its check still to answer). */
const applyWelcomeCode: ScenarioStep[] = [
  { type: 'coupon.enable' },
  { type: 'coupon.input', code: 'BENVENUTA10' },
  { type: 'coupon.apply' },
];

/**
 * Issue 25: the world answering every way SPEC §3 allows (machines/testing/fixtures.ts): times whose
 * supplement came as a boolean and whose fee came as null, a booking reply without a redirect address.
 */
const WORLD_SCENARIOS: Scenario[] = [
  {
    name: 'make-up: times of other shapes, booked without a redirect address',
    input: 'visitor',
    steps: [
      ...toService['make-up'],
      { type: 'service.selectMain', service: SERVICES.trucco },
      next,
      next,
      settle('loadAvailableTimes', 'otherShapes'),
      elapse('slotsMinimumLoading'),
      { type: 'time.set', availableTime: SLOT_INSTANT },
      next,
      { type: 'checkout.submit', form: VALID_CHECKOUT_FORM },
      settle('createBooking', 'okNoRedirect'),
    ],
  },
];

const BROWSER_SCENARIOS: Scenario[] = [
  {
    // SPEC §4: back from checkout resets the coupon discount; Forward brings back no discount.
    name: "checkout: a code applied, then the browser's Back and Forward, booked without it",
    input: 'visitor',
    steps: [
      ...hairToCheckout,
      ...applyWelcomeCode,
      settle('checkCoupon', 'ok'),
      browserBack,
      ...slotsLoaded,
      browserForward,
      ...submit,
    ],
  },
  {
    // SPEC §4: a time to confirm reaches checkout only through the confirmation modal.
    name: 'data: a time to confirm, then its checkout typed in the address bar opens the modal',
    input: 'visitor',
    steps: [
      ...toService.hair,
      { type: 'service.selectMain', service: SERVICES.piega },
      next,
      ...slotsLoaded,
      { type: 'time.set', availableTime: SLOT_TO_CONFIRM },
      typed(pathOfStep('hair-checkout')),
      { type: 'confirmation.continue' },
      browserBack,
      ...slotsLoaded,
      browserForward,
      ...submit,
    ],
  },
  {
    // A reload keeps the draft (docs/decisions.md) but not the code: no discount shows until applied again.
    name: 'checkout: reloaded with a code applied, the code applied again, booked',
    input: 'visitor',
    steps: [
      ...hairToCheckout,
      ...applyWelcomeCode,
      settle('checkCoupon', 'ok'),
      browserReload,
      ...applyWelcomeCode,
      settle('checkCoupon', 'ok'),
      ...submit,
    ],
  },
  {
    // Impatient: the promo box unticked while its code is checked; RICHIEDI PRENOTAZIONE pressed twice.
    name: 'checkout: the promo box unticked while the code is checked, booking pressed twice',
    input: 'visitor',
    steps: [
      ...hairToCheckout,
      ...applyWelcomeCode,
      // Off at once: the check's answer is no longer heard (no discount comes of it).
      { type: 'coupon.disable' },
      { type: 'checkout.submit', form: VALID_CHECKOUT_FORM },
      { type: 'checkout.submit', form: VALID_CHECKOUT_FORM },
      settle('createBooking', 'ok'),
    ],
  },
  {
    // SPEC §2/§4: the day cleared, the browser's Back resets it as INDIETRO does: AVANTI shows today's
    // times, never 'sold out' for no day.
    name: "beauty: the day cleared, the browser's Back, then AVANTI shows today's times",
    input: 'visitor',
    steps: [
      ...beautyToData,
      ...slotsLoaded,
      { type: 'date.clear' },
      browserBack,
      next,
      ...instantSlotToCheckout,
      ...submit,
    ],
  },
];

/**
 * Issue 28: the time she picked is hers while she fills the checkout. Its last minute and more time,
 * the lapse (the day's times again, the rest kept), a time taken before her pick was held, the
 * releases (another day, Back from the date step, leaving the wizard), a booking refused.
 */
const HOLD_SCENARIOS: Scenario[] = [
  {
    name: 'hold: her last minute on checkout, more time asked, then it lapses: the day’s times again, then booked',
    input: 'visitor',
    steps: [
      ...hairToCheckout,
      elapse('holdWarning'),
      { type: 'hold.extend' },
      settle('renewHold', 'renewed'),
      elapse('holdWarning'),
      elapse('holdLastMinute'),
      settle('releaseHold', 'released'),
      ...slotsLoaded,
      ...pickHeld(),
      next,
      ...submit,
    ],
  },
  {
    name: 'hold: taken by someone else before it was held, another time, another day releases it',
    input: 'visitor',
    steps: [
      ...hairToData,
      { type: 'time.set', availableTime: SLOT_INSTANT },
      settle('holdSlot', 'taken'),
      settle('releaseHold', 'released'),
      ...slotsLoaded,
      ...pickHeld(SLOT_TO_CONFIRM),
      { type: 'date.set', date: TOMORROW },
      settle('releaseHold', 'released'),
      ...slotsLoaded,
      ...pickHeld(),
      // Back from the date step: the day reset, her time given back.
      { type: 'step.back' },
      settle('releaseHold', 'failed'),
    ],
  },
  {
    name: 'hold: asked while she goes back, answered taken after: nothing to say; a renewal refused and one unanswered',
    input: 'visitor',
    steps: [
      ...hairToData,
      { type: 'time.set', availableTime: SLOT_INSTANT },
      { type: 'step.back' },
      settle('holdSlot', 'taken'),
      settle('releaseHold', 'released'),
      settle('loadServices', 'list'),
      next,
      ...slotsLoaded,
      { type: 'time.set', availableTime: SLOT_INSTANT },
      settle('holdSlot', 'failed'),
      next,
      // Unheld: a new pick asks again.
      { type: 'step.back' },
      ...slotsLoaded,
      ...pickHeld(),
      next,
      elapse('holdWarning'),
      { type: 'hold.extend' },
      settle('renewHold', 'failed'),
      { type: 'hold.extend' },
      settle('renewHold', 'lapsed'),
      ...slotsLoaded,
    ],
  },
  {
    name: 'hold: a booking refused asks for her time again; leaving the wizard releases it',
    input: 'visitor',
    steps: [
      ...hairToCheckout,
      { type: 'checkout.submit', form: VALID_CHECKOUT_FORM },
      settle('createBooking', 'failed'),
      settle('holdSlot', 'held'),
      route('/login'),
      settle('releaseHold', 'released'),
    ],
  },
];

export const SCENARIOS: Scenario[] = [
  ...BROWSER_SCENARIOS,
  ...WORLD_SCENARIOS,
  ...HOLD_SCENARIOS,
  { name: 'hair: booked', input: 'visitor', steps: [...hairToCheckout, ...submit] },
  {
    name: 'hair: upsell, extra service, confirmation modal, coupon',
    input: 'visitor',
    steps: [
      ...toCategory('hair'),
      { type: 'hair.set', hair: 'long' },
      next,
      settle('loadServices', 'list'),
      { type: 'service.selectMain', service: SERVICES.piega },
      { type: 'upsell.open', groupId: 'g-piega' },
      { type: 'upsell.choose', groupId: 'g-piega', service: SERVICES.piegaLunga },
      { type: 'service.toggleSecondary', service: SERVICES.maschera },
      next,
      ...slotsLoaded,
      { type: 'date.set', date: TOMORROW },
      ...slotsLoaded,
      { type: 'time.set', availableTime: SLOT_TO_CONFIRM },
      next,
      { type: 'confirmation.continue' },
      ...applyWelcomeCode,
      settle('checkCoupon', 'ok'),
      ...submit,
    ],
  },
  {
    // SPEC §6: the filter lists the professionals the customer met: a customer signed in (the demo
    // customer met her hairdresser), not a visitor.
    name: 'customer: professional filter failed, then her professional, with and without a day',
    input: 'visitor',
    steps: [
      route('/login'),
      { type: 'session.login', email: 'demo@musa.example', password: 'Musa2026!' },
      settle('login', 'ok'),
      route('/booking/location'),
      ...pickAddress,
      { type: 'participants.set', participants: 'default' },
      next,
      { type: 'category.set', category: 'hair' },
      next,
      { type: 'hair.set', hair: 'long' },
      next,
      settle('loadServices', 'list'),
      { type: 'service.selectMain', service: SERVICES.piega },
      next,
      ...slotsLoaded,
      { type: 'providerFilter.open' },
      settle('loadProviders', 'failed'),
      { type: 'providerFilter.close' },
      { type: 'providerFilter.open' },
      settle('loadProviders', 'ok'),
      { type: 'providerFilter.select', providerId: 'prov-giulia' },
      { type: 'providerFilter.apply' },
      ...slotsLoaded,
      { type: 'time.set', availableTime: SLOT_INSTANT },
      { type: 'provider.clear' },
      ...slotsLoaded,
      { type: 'date.clear' },
      { type: 'providerFilter.open' },
      settle('loadProviders', 'ok'),
      { type: 'providerFilter.select', providerId: 'prov-giulia' },
      { type: 'providerFilter.apply' },
      { type: 'provider.clear' },
    ],
  },
  {
    name: 'beauty: coupon refused then applied and removed, booking refused then booked',
    input: 'visitor',
    steps: [
      ...beautyToCheckout,
      { type: 'coupon.enable' },
      { type: 'coupon.input', code: 'SCADUTO' },
      { type: 'coupon.apply' },
      settle('checkCoupon', 'failed'),
      { type: 'coupon.input', code: 'BENVENUTA10' },
      { type: 'coupon.apply' },
      settle('checkCoupon', 'ok'),
      { type: 'coupon.remove' },
      { type: 'coupon.disable' },
      { type: 'checkout.submit', form: EMPTY_CHECKOUT_FORM },
      { type: 'checkout.submit', form: VALID_CHECKOUT_FORM },
      settle('createBooking', 'failed'),
      ...submit,
    ],
  },
  { name: 'make-up: booked', input: 'visitor', steps: [...makeUpToCheckout, ...submit] },
  {
    name: 'make-up: experiment 14 variant 2 asks confirmation even for instant booking',
    input: 'experiment14',
    steps: [...makeUpToCheckout, { type: 'confirmation.continue' }, ...submit],
  },
  ...(['experiment14Variant1', 'otherExperimentVariant2'] as const).map((input): Scenario => ({
    name: `make-up: ${input === 'experiment14Variant1' ? 'experiment 14 variant 1' : 'experiment 15 variant 2'} keeps instant booking`,
    input,
    steps: [...makeUpToCheckout, ...submit],
  })),
  { name: 'salotto: booked with confirmation', input: 'visitor', steps: [...salottoToCheckout, ...submit] },
  {
    name: 'errors: address search fails, street number, out of zone, services and slots fail',
    input: 'visitor',
    steps: [
      ...start,
      next,
      { type: 'address.focus' },
      { type: 'address.type', value: 'Via Roma' },
      elapse('searchDebounce'),
      settle('searchAddresses', 'failed'),
      ...typeAndSearch('Via Roma Torino'),
      { type: 'address.select', suggestion: SUGGESTION_NO_NUMBER },
      settle('resolveAddress', 'ok'),
      next,
      { type: 'address.streetNumber', value: '2' },
      settle('lookupStreetNumber', 'ok'),
      settle('checkLocation', 'outOfZone'),
      { type: 'outOfZone.subscribe', email: 'anna@' },
      { type: 'outOfZone.subscribe', email: 'anna@example.it' },
      settle('subscribeToList', 'ok'),
      { type: 'address.focus' },
      ...typeAndSearch('Via Roma 2'),
      { type: 'address.enter' },
      settle('resolveAddress', 'ok'),
      settle('checkLocation', 'served'),
      next,
      next,
      { type: 'participants.set', participants: 'default' },
      next,
      next,
      { type: 'category.set', category: 'hair' },
      next,
      next,
      { type: 'hair.set', hair: 'long' },
      next,
      settle('loadServices', 'failed'),
      { type: 'services.retry' },
      settle('loadServices', 'list'),
      next,
      { type: 'service.selectMain', service: SERVICES.piega },
      next,
      elapse('slotsMinimumLoading'),
      settle('loadAvailableTimes', 'failed'),
      { type: 'date.set', date: TOMORROW },
      ...slotsLoaded,
      next,
    ],
  },
  ...(['hair', 'beauty', 'make-up', 'salotto'] as const).map((flow): Scenario => ({
    name: `${flow}: back through every step by URL`,
    input: 'visitor',
    steps: [...TO_CHECKOUT[flow], ...backByUrl(flow)],
  })),
  ...(['hair', 'beauty', 'make-up', 'salotto'] as const).map((flow): Scenario => ({
    name: `${flow}: every service choice and the upsell box`,
    input: 'visitor',
    steps: [...toService[flow], ...everyServiceChoice[flow]],
  })),
  {
    name: 'address: leaving the field picks the first suggestion',
    input: 'autoSelect',
    steps: [
      ...start,
      { type: 'address.focus' },
      ...typeAndSearch('Via Roma 2'),
      { type: 'address.blur' },
      settle('resolveAddress', 'ok'),
      settle('checkLocation', 'served'),
    ],
  },
  {
    name: 'address: AVANTI while the house number is looked up waits, then goes on',
    input: 'visitor',
    steps: [
      ...start,
      { type: 'address.focus' },
      ...typeAndSearch('Via Roma Torino'),
      { type: 'address.select', suggestion: SUGGESTION_NO_NUMBER },
      settle('resolveAddress', 'ok'),
      { type: 'address.streetNumber', value: '2' },
      next,
      settle('lookupStreetNumber', 'ok'),
      settle('checkLocation', 'served'),
    ],
  },
  {
    name: 'address: AVANTI during a lookup: refused without a house number, ended by a failed lookup, cancelled by typing',
    input: 'visitor',
    steps: [
      ...start,
      { type: 'address.focus' },
      ...typeAndSearch('Via Roma Torino'),
      { type: 'address.select', suggestion: SUGGESTION_NO_NUMBER },
      next,
      settle('resolveAddress', 'ok'),
      { type: 'address.streetNumber', value: '2' },
      ...typeAndSearch('Via Roma 2'),
      { type: 'address.select', suggestion: SUGGESTION_FULL },
      next,
      settle('resolveAddress', 'failed'),
      ...typeAndSearch('Via Roma 2'),
      { type: 'address.select', suggestion: SUGGESTION_FULL },
      next,
      { type: 'address.type', value: 'Via Roma' },
    ],
  },
  {
    name: 'customer: the profile loads, then the booking asked for',
    input: 'customer',
    steps: [route('/booking/location'), settle('loadProfile', 'ok')],
  },
  {
    name: 'customer: a page that does not exist while the profile loads',
    input: 'customer',
    steps: [route('/booking/location'), route('/pagina-inesistente'), settle('loadProfile', 'ok')],
  },
  {
    name: 'routes: a deep link answers with the first incomplete step',
    input: 'visitor',
    steps: [route('/booking/hair/checkout'), route('/booking/salotto/data'), route('/booking/participants')],
  },
  {
    name: 'routes: a deep link one step ahead, and the same step with another query string',
    input: 'visitor',
    steps: [
      ...toCategory('hair'),
      route('/booking/hair/service'),
      { type: 'hair.set', hair: 'long' },
      route('/booking/hair', '?utm_source=ig'),
      route('/booking/hair/data'),
    ],
  },
  {
    name: 'session: a booking begun, login, then logout empties the draft',
    input: 'visitor',
    steps: [
      ...toCategory('hair'),
      { type: 'hair.set', hair: 'long' },
      route('/login'),
      { type: 'session.login', email: 'demo@musa.example', password: 'Musa2026!' },
      settle('login', 'ok'),
      { type: 'session.logout' },
      elapse('logoutLoader'),
      elapse('logoutLoaderHide'),
    ],
  },
  {
    name: 'session: login, profile update, logout',
    input: 'visitor',
    steps: [
      route('/login'),
      { type: 'session.login', email: 'demo', password: '' },
      { type: 'session.login', email: 'demo@musa.example', password: 'Musa2026!' },
      settle('login', 'ok'),
      { type: 'profile.open' },
      { type: 'profile.submit', form: INVALID_PROFILE_FORM },
      { type: 'profile.cancel' },
      { type: 'session.logout' },
      elapse('logoutLoader'),
      elapse('logoutLoaderHide'),
    ],
  },
  {
    name: 'profile: a new address through the picker, SALVA while the house number is looked up waits, then saves',
    input: 'visitor',
    steps: [
      ...profileOpen,
      { type: 'profile.address.focus' },
      ...profileSearch('Via Roma Torino'),
      { type: 'profile.address.select', suggestion: SUGGESTION_NO_NUMBER },
      settle('resolveAddress', 'ok'),
      { type: 'profile.address.streetNumber', value: '2' },
      { type: 'profile.submit', form: VALID_PROFILE_FORM },
      settle('lookupStreetNumber', 'ok'),
      settle('updateProfile', 'ok'),
    ],
  },
  {
    name: 'profile: SALVA during a lookup: refused without a house number, ended by a failed lookup, cancelled by typing, dialog closed',
    input: 'visitor',
    steps: [
      ...profileOpen,
      { type: 'profile.address.focus' },
      ...profileSearch('Via Roma Torino'),
      { type: 'profile.address.select', suggestion: SUGGESTION_NO_NUMBER },
      { type: 'profile.submit', form: VALID_PROFILE_FORM },
      settle('resolveAddress', 'ok'),
      { type: 'profile.address.streetNumber', value: '2' },
      ...profileSearch('Via Roma 2'),
      { type: 'profile.address.select', suggestion: SUGGESTION_FULL },
      { type: 'profile.submit', form: VALID_PROFILE_FORM },
      settle('resolveAddress', 'failed'),
      ...profileSearch('Via Roma 2'),
      { type: 'profile.address.select', suggestion: SUGGESTION_FULL },
      { type: 'profile.submit', form: VALID_PROFILE_FORM },
      ...profileSearch('Via Roma 2'),
      { type: 'profile.address.select', suggestion: SUGGESTION_FULL },
      { type: 'profile.cancel' },
    ],
  },
  // ── Issue 16: after the booking ──
  {
    name: 'appointment: cancelled from the e-mail link, after NO, TIENILO once',
    input: 'visitor',
    steps: [
      manageLink,
      settle('loadAppointment', 'ok'),
      { type: 'appointment.cancel' },
      { type: 'appointment.keep' },
      { type: 'appointment.cancel' },
      { type: 'appointment.confirmCancel' },
      settle('cancelAppointment', 'ok'),
    ],
  },
  {
    name: 'appointment: moved from the e-mail link to an instant time of another day',
    input: 'visitor',
    steps: [
      manageLink,
      settle('loadAppointment', 'ok'),
      route(`/appointments/${APPOINTMENT_ID}/reschedule`, `?token=${MANAGE_TOKEN}`),
      ...slotsLoaded,
      { type: 'reschedule.confirm' },
      { type: 'reschedule.date', date: TOMORROW },
      ...slotsLoaded,
      { type: 'reschedule.time', availableTime: SLOT_INSTANT },
      { type: 'reschedule.confirm' },
      settle('rescheduleAppointment', 'ok'),
    ],
  },
  {
    name: 'appointment: a move refused (the time was taken), then another professional, then back to the appointment',
    input: 'visitor',
    steps: [
      manageLink,
      settle('loadAppointment', 'ok'),
      route(`/appointments/${APPOINTMENT_ID}/reschedule`, `?token=${MANAGE_TOKEN}`),
      ...slotsLoaded,
      { type: 'reschedule.time', availableTime: SLOT_TO_CONFIRM },
      { type: 'reschedule.confirm' },
      settle('rescheduleAppointment', 'failed'),
      ...slotsLoaded,
      { type: 'reschedule.keepProfessional', keep: false },
      ...slotsLoaded,
      route(`/appointments/${APPOINTMENT_ID}`, `?token=${MANAGE_TOKEN}`),
    ],
  },
  // ── Issue 27: her request answered with another time ──
  {
    name: 'appointment: another time offered, accepted after a refusal (the offer had changed)',
    input: 'visitor',
    steps: [
      manageLink,
      settle('loadAppointment', 'offered'),
      { type: 'appointment.acceptOffer' },
      settle('answerOffer', 'failed'),
      settle('loadAppointment', 'offered'),
      { type: 'appointment.acceptOffer' },
      settle('answerOffer', 'ok'),
    ],
  },
  {
    name: 'appointment: another time offered, declined after NO, TORNA INDIETRO once',
    input: 'visitor',
    steps: [
      manageLink,
      settle('loadAppointment', 'offered'),
      { type: 'appointment.declineOffer' },
      { type: 'appointment.keep' },
      { type: 'appointment.declineOffer' },
      { type: 'appointment.confirmDeclineOffer' },
      settle('answerOffer', 'ok'),
    ],
  },
  {
    name: 'appointment: less than 24 hours before, only WhatsApp',
    input: 'visitor',
    steps: [manageLink, settle('loadAppointment', 'late')],
  },
  {
    name: 'appointment: the reminder two hours before, on, then off refused',
    input: 'visitor',
    steps: [
      manageLink,
      settle('loadAppointment', 'ok'),
      { type: 'appointment.reminder', twoHoursBefore: true },
      settle('setAppointmentReminder', 'ok'),
      { type: 'appointment.reminder', twoHoursBefore: false },
      settle('setAppointmentReminder', 'failed'),
    ],
  },
  {
    name: 'appointment: a link that no longer opens it, and the same URL without its token',
    input: 'visitor',
    steps: [manageLink, settle('loadAppointment', 'failed'), route(`/appointments/${APPOINTMENT_ID}`)],
  },
  {
    name: 'customer: an appointment opened from her personal area, cancelled too late',
    input: 'customer',
    steps: [
      route('/'),
      settle('loadProfile', 'ok'),
      route(`/appointments/${APPOINTMENT_ID}`),
      settle('loadAppointment', 'ok'),
      { type: 'appointment.cancel' },
      { type: 'appointment.confirmCancel' },
      settle('cancelAppointment', 'failed'),
      settle('loadAppointment', 'late'),
    ],
  },
  {
    name: 'waitlist: a sold-out day, a wrong e-mail, then joined',
    input: 'visitor',
    steps: [
      ...toService.hair,
      { type: 'service.selectMain', service: SERVICES.piega },
      next,
      settle('loadAvailableTimes', 'none'),
      elapse('slotsMinimumLoading'),
      { type: 'waitlist.open' },
      { type: 'waitlist.join', email: 'anna@' },
      { type: 'waitlist.join', email: 'anna@example.it' },
      settle('joinWaitlist', 'ok'),
    ],
  },
  {
    name: 'waitlist: the offer link opens the wizard on the freed day',
    input: 'visitor',
    steps: [
      route(`/waitlist/${WAITLIST_ENTRY.entryId}`, `?token=${WAITLIST_ENTRY.token}`),
      settle('loadWaitlistOffer', 'ok'),
    ],
  },
  {
    name: 'waitlist: an offer link that no longer works starts the booking afresh',
    input: 'visitor',
    steps: [
      route(`/waitlist/${WAITLIST_ENTRY.entryId}`, `?token=${WAITLIST_ENTRY.token}`),
      settle('loadWaitlistOffer', 'failed'),
    ],
  },
  {
    name: 'links: a visitor on the login opens a manage link, its move link, a waitlist offer, and the same URLs without their token',
    input: 'visitor',
    steps: [
      route('/login'),
      manageLink,
      settle('loadAppointment', 'ok'),
      route('/login'),
      route(`/appointments/${APPOINTMENT_ID}/reschedule`, `?token=${MANAGE_TOKEN}`),
      settle('loadAppointment', 'ok'),
      ...slotsLoaded,
      route('/login'),
      waitlistLink,
      settle('loadWaitlistOffer', 'noDraft'),
      // Without the token the same URLs are closed to her (SPEC §2: the booking start).
      route('/login'),
      route(`/appointments/${APPOINTMENT_ID}`),
      route('/login'),
      route(`/appointments/${APPOINTMENT_ID}/reschedule`),
    ],
  },
  {
    name: 'customer: a waitlist offer opened signed in, from the personal area then as the first page',
    input: 'customer',
    steps: [
      route('/'),
      settle('loadProfile', 'ok'),
      waitlistLink,
      settle('loadWaitlistOffer', 'ok'),
      route('/'),
      route(`/appointments/${APPOINTMENT_ID}/reschedule`),
      settle('loadAppointment', 'ok'),
      ...slotsLoaded,
      route('/'),
      waitlistLink,
      settle('loadWaitlistOffer', 'noDraft'),
      route('/'),
      waitlistLink,
      settle('loadWaitlistOffer', 'failed'),
    ],
  },
  {
    name: 'customer: a waitlist offer link as the first page, while the profile loads',
    input: 'customer',
    steps: [waitlistLink, settle('loadProfile', 'ok'), settle('loadWaitlistOffer', 'ok')],
  },
  // ── Issue 27: the professionals' side ──
  {
    name: 'pro: signed out, her agenda sends her to the login; she opens the requests, signs in and lands on them',
    input: 'proVisitor',
    steps: [
      route('/pro'),
      route('/pro/requests'),
      { type: 'session.login', email: PRO_USER.email, password: 'Musa2026!' },
      settle('login', 'professional'),
      settle('loadProRequests', 'ok'),
    ],
  },
  {
    name: 'pro: the e-mail link of a request, signed out: she signs in and it opens',
    input: 'proVisitor',
    steps: [
      route(`/pro/requests/${PRO_REQUEST.id}`),
      { type: 'session.login', email: PRO_USER.email, password: 'Musa2026!' },
      settle('login', 'professional'),
      settle('loadProRequest', 'request'),
    ],
  },
  {
    name: 'pro: her agenda typed while her profile loads on a customer page: the page loads anew there',
    input: 'customer',
    steps: [route('/'), route('/pro'), settle('loadProfile', 'professional')],
  },
  {
    name: 'pro: a professional signs in on a customer page: the page loads anew at her agenda',
    input: 'visitor',
    steps: [
      route('/login'),
      { type: 'session.login', email: PRO_USER.email, password: 'Musa2026!' },
      settle('login', 'professional'),
    ],
  },
  {
    name: 'pro: the team quotes a salotto after the call, naming another make-up artist than the proposed one',
    input: 'professional',
    steps: [
      route(`/pro/requests/${PRO_SALOTTO.id}`),
      settle('loadProfile', 'team'),
      settle('loadProRequest', 'salotto'),
      { type: 'pro.quote.open' },
      { type: 'pro.quote.submit', total: '450', includes: 'Piega e trucco per tre persone', team: [OTHER_MAKE_UP] },
      settle('quoteSalotto', 'ok'),
    ],
  },
  // ── Issue 40: her time off ──
  {
    name: 'pro: signed out, her time off sends her to the login; she signs in and lands on it; three days off refused as overlapping, then saved, then cancelled',
    input: 'proVisitor',
    steps: [
      route('/pro/time-off'),
      { type: 'session.login', email: PRO_USER.email, password: 'Musa2026!' },
      settle('login', 'professional'),
      settle('loadProTimeOff', 'ok'),
      { type: 'pro.timeOff.submit', form: BLANK_TIME_OFF_FORM },
      { type: 'pro.timeOff.submit', form: DAYS_OFF_FORM },
      settle('createProTimeOff', 'overlaps'),
      { type: 'pro.timeOff.submit', form: DAYS_OFF_FORM },
      settle('createProTimeOff', 'ok'),
      { type: 'pro.timeOff.cancel', timeOffId: DAYS_OFF.id },
      settle('cancelTimeOff', 'ok'),
    ],
  },
  {
    name: 'pro: the team asks for /pro/time-off and is shown the requests',
    input: 'professional',
    steps: [route('/pro/time-off'), settle('loadProfile', 'team'), settle('loadProRequests', 'ok')],
  },
  // ── Issue 40: the team's board ──
  {
    name: 'pro: the team follows its board from the requests; Milano instead; a refusal said, then the appointment reassigned; a sick day refused, then entered',
    input: 'professional',
    steps: [
      ...teamOnBoard,
      { type: 'pro.board.show', zoneId: 'milano', date: TOMORROW },
      settle('loadTeamBoard', 'ok'),
      route('/pro/requests'),
      settle('loadProRequests', 'ok'),
      route('/pro/team'),
      settle('loadTeamBoard', 'ok'),
      { type: 'pro.board.reassign', bookingId: TO_PLACE.id, category: null, professionalId: 'pro-giulia' },
      settle('reassignAppointment', 'notFree'),
      settle('loadTeamBoard', 'ok'),
      { type: 'pro.board.reassign', bookingId: TO_PLACE.id, category: null, professionalId: 'pro-giulia' },
      settle('reassignAppointment', 'ok'),
      settle('loadTeamBoard', 'ok'),
      { type: 'pro.board.timeOff', professionalId: 'pro-martina', form: BLANK_TIME_OFF_FORM },
      { type: 'pro.board.timeOff', professionalId: 'pro-martina', form: SICK_DAY_FORM },
      settle('createTeamTimeOff', 'overlaps'),
      { type: 'pro.board.timeOff', professionalId: 'pro-martina', form: SICK_DAY_FORM },
      settle('createTeamTimeOff', 'ok'),
      settle('loadTeamBoard', 'ok'),
    ],
  },
  {
    name: 'pro: a professional asks for the team’s board and is shown her agenda',
    input: 'professional',
    steps: [route('/pro/team'), settle('loadProfile', 'professional'), settle('loadProAgenda', 'ok')],
  },
  // ── Issue 40: her hours ──
  {
    name: 'pro: signed out, her hours send her to the login; she signs in and lands on them; a reversed range refused, the appointment outside handed over, the new week saved',
    input: 'proVisitor',
    steps: [
      route('/pro/hours'),
      { type: 'session.login', email: PRO_USER.email, password: 'Musa2026!' },
      settle('login', 'professional'),
      settle('loadProHours', 'ok'),
      { type: 'pro.hours.submit', form: REVERSED_WEEK_FORM },
      { type: 'pro.hours.handOver', bookingId: OUTSIDE.id },
      settle('handOverAppointment', 'ok'),
      { type: 'pro.hours.submit', form: NEW_WEEK_FORM },
      settle('saveProHours', 'ok'),
    ],
  },
  {
    name: 'pro: the team asks for /pro/hours and is shown the requests',
    input: 'professional',
    steps: [route('/pro/hours'), settle('loadProfile', 'team'), settle('loadProRequests', 'ok')],
  },
  // ── Issue 27: a declined request's 'Prenota di nuovo' ──
  {
    name: 'rebook: a visitor on the login follows Prenota di nuovo, then the same URL without its token, then one that no longer works',
    input: 'visitor',
    steps: [
      route('/login'),
      rebookLink,
      settle('loadRebook', 'ok'),
      route('/login'),
      route(`/appointments/${APPOINTMENT_ID}/rebook`),
      route('/login'),
      rebookLink,
      settle('loadRebook', 'failed'),
    ],
  },
  {
    name: 'customer: Prenota di nuovo from her personal area, a request whose services are gone, then the first page while the profile loads',
    input: 'customer',
    steps: [
      route('/'),
      settle('loadProfile', 'ok'),
      route(`/appointments/${APPOINTMENT_ID}/rebook`),
      settle('loadRebook', 'noDraft'),
    ],
  },
  {
    name: 'customer: Prenota di nuovo as the first page, while the profile loads',
    input: 'customer',
    steps: [rebookLink, settle('loadProfile', 'ok'), settle('loadRebook', 'ok')],
  },
  // ── Issue 29: rating an appointment ──
  {
    name: 'rating: a visitor on the login opens the invitation, sends it without stars, then 4 stars and a comment (pressed twice): thanked; the same URL without its token',
    input: 'visitor',
    steps: [
      route('/login'),
      ratingLink,
      settle('loadRating', 'ok'),
      { type: 'rating.submit' },
      { type: 'rating.stars', professionalId: giulia, stars: 4 },
      { type: 'rating.comment', professionalId: giulia, comment: 'Bravissima' },
      { type: 'rating.submit' },
      { type: 'rating.submit' },
      settle('rateAppointment', 'ok'),
      route('/login'),
      route(`/appointments/${APPOINTMENT_ID}/rating`),
    ],
  },
  {
    name: 'customer: Valuta from her personal area, 1 star, no answer, sent again: 30 days passed meanwhile',
    input: 'customer',
    steps: [
      route('/'),
      settle('loadProfile', 'ok'),
      route(`/appointments/${APPOINTMENT_ID}/rating`),
      settle('loadRating', 'ok'),
      { type: 'rating.stars', professionalId: giulia, stars: 1 },
      { type: 'rating.submit' },
      settle('rateAppointment', 'failed'),
      { type: 'rating.submit' },
      settle('rateAppointment', 'closed'),
    ],
  },
  // ── Issue 40: the browser on the screens outside the wizard ──
  // Back and Forward, a reload and a typed URL on the professionals' pages, the team's board, her
  // appointment and her rating (the random walks press them anywhere; these replay them in Chromium,
  // each screen shown again with what it loads).
  {
    name: "pro: the browser on her pages: a request, Back to the requests and to her agenda, Forward, a reload, the request's URL typed",
    input: 'professional',
    steps: [
      route('/pro'),
      settle('loadProfile', 'professional'),
      settle('loadProAgenda', 'ok'),
      route('/pro/requests'),
      settle('loadProRequests', 'ok'),
      route(`/pro/requests/${PRO_REQUEST.id}`),
      settle('loadProRequest', 'request'),
      browserBack,
      settle('loadProRequests', 'ok'),
      browserBack,
      settle('loadProAgenda', 'ok'),
      browserForward,
      settle('loadProRequests', 'ok'),
      browserReload,
      settle('loadProfile', 'professional'),
      settle('loadProRequests', 'ok'),
      typed(`/pro/requests/${PRO_REQUEST.id}`),
      settle('loadProfile', 'professional'),
      settle('loadProRequest', 'request'),
    ],
  },
  {
    name: 'pro: the browser on her time off and her hours: Back, Forward, a reload, a typed URL',
    input: 'professional',
    steps: [
      route('/pro/time-off'),
      settle('loadProfile', 'professional'),
      settle('loadProTimeOff', 'ok'),
      route('/pro'),
      settle('loadProAgenda', 'ok'),
      route('/pro/hours'),
      settle('loadProHours', 'ok'),
      browserBack,
      settle('loadProAgenda', 'ok'),
      browserBack,
      settle('loadProTimeOff', 'ok'),
      browserForward,
      settle('loadProAgenda', 'ok'),
      browserForward,
      settle('loadProHours', 'ok'),
      browserReload,
      settle('loadProfile', 'professional'),
      settle('loadProHours', 'ok'),
      typed('/pro/time-off'),
      settle('loadProfile', 'professional'),
      settle('loadProTimeOff', 'ok'),
    ],
  },
  {
    name: "pro: the browser on the team's board: Back to the requests, Forward, a reload, its URL typed",
    input: 'professional',
    steps: [
      ...teamOnBoard,
      browserBack,
      settle('loadProRequests', 'ok'),
      browserForward,
      settle('loadTeamBoard', 'ok'),
      browserReload,
      settle('loadProfile', 'team'),
      settle('loadTeamBoard', 'ok'),
      typed('/pro/team'),
      settle('loadProfile', 'team'),
      settle('loadTeamBoard', 'ok'),
    ],
  },
  {
    name: 'appointment: the browser on her appointment: the move, Back, Forward, a reload, the URL typed',
    input: 'visitor',
    steps: [
      manageLink,
      settle('loadAppointment', 'ok'),
      route(`/appointments/${APPOINTMENT_ID}/reschedule`, `?token=${MANAGE_TOKEN}`),
      settle('loadAvailableTimes', 'slots'),
      elapse('slotsMinimumLoading'),
      browserBack,
      browserForward,
      settle('loadAvailableTimes', 'slots'),
      elapse('slotsMinimumLoading'),
      browserReload,
      settle('loadAppointment', 'ok'),
      settle('loadAvailableTimes', 'slots'),
      elapse('slotsMinimumLoading'),
      typed(`/appointments/${APPOINTMENT_ID}`, `?token=${MANAGE_TOKEN}`),
      settle('loadAppointment', 'ok'),
    ],
  },
  {
    name: 'rating: the browser on the invitation: a reload, Back, Forward, the URL typed',
    input: 'customer',
    steps: [
      route('/'),
      settle('loadProfile', 'ok'),
      route(`/appointments/${APPOINTMENT_ID}/rating`),
      settle('loadRating', 'ok'),
      browserReload,
      settle('loadProfile', 'ok'),
      settle('loadRating', 'ok'),
      browserBack,
      settle('loadProfile', 'ok'),
      browserForward,
      settle('loadProfile', 'ok'),
      settle('loadRating', 'ok'),
      typed(`/appointments/${APPOINTMENT_ID}/rating`),
      settle('loadProfile', 'ok'),
      settle('loadRating', 'ok'),
    ],
  },
];
