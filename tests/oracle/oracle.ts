/**
 * The oracle of the generated paths, written from SPEC (tests/oracle/spec.ts), not from the machine.
 * It looks at what a person sees after each step (an `Observation`: screen, URL, step, draft,
 * dialogs, slots, the toasts and other effects the step caused) and says what SPEC requires of it,
 * given the step before and the event. It keeps a little memory along a path (a pending answer of
 * the slot list, the reset confirmation delay) the way a person remembers what she did.
 *
 * It imports nothing from machines/ except types.
 */
import type { Draft, StepId } from '../../machines/shared/draft';
import type { ServiceList } from '../../contract/service';
import type { SystemEvent } from '../../machines/testing/system';
import { DELAYS, SLOT_HOLD_MINUTES } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import { RATING_MESSAGES } from '../../contract/rating';
import { expectedPathname, RATING_PAGE } from './page';
import {
  AFTER_BOOKING_COPY,
  APPOINTMENT_PATH,
  BOOKING_START,
  COPY,
  flowOf,
  hidesInstantBooking,
  isEmail,
  kindOfStep,
  PRO_PATH,
  REBOOK_PATH,
  refusalOf,
  stepsOf,
  urlOfStep,
  WAITLIST_PATH,
} from './spec';

export type SessionPhase = 'booting' | 'signedOut' | 'loadingProfile' | 'signedIn' | 'loggingOut';

/** What a person can see of the app after a step (and what the step made the app do). */
export interface Observation {
  phase: SessionPhase;
  /** The session screen: home, login, loginWithToken, askResetPassword, resetPassword, booking, notFound. */
  screen: string | null;
  /** The URL the app shows (null: left as it is). */
  url: string | null;
  /** The page title a state names (the not-found screen's 'Errore 404'). */
  title: string | null;
  today: string;
  /** Page loads in the tab so far: a reload, a typed URL, Back or Forward to another page load start the app anew. */
  pageLoads: number;
  /** The path in the browser's address bar. */
  addressBar: string | null;
  /** The URL the page was loaded at (a reload, a typed URL, Back or Forward across loads), before any redirect. */
  loadedAt: string | null;
  signedIn: boolean;
  step: StepId;
  draft: Draft;
  /** The service list of the service step, once loaded. */
  services: ServiceList | null;
  serviceList: 'loading' | 'ready' | 'failed' | null;
  /** The last refusal of `next`: its toast shows when `id` changes. */
  notice: { id: number; message: string } | null;
  /** Field errors of the session form shown. */
  errors: Record<string, string>;
  /** `submitting`, `sending`, `checking`, `form`, `idle`, `sent`, `confirming` of a session screen. */
  sessionForm: string | null;
  dialogs: {
    outOfZone: boolean;
    confirmation: boolean;
    providerFilter: boolean;
    profile: boolean;
    resetConfirmation: boolean;
    /** Issue 16: 'Vuoi annullare l'appuntamento?' and the waitlist's 'Avvisami se si libera un orario'. */
    cancelAppointment: boolean;
    waitlist: boolean;
    /** Issue 27: 'Rifiuti il nuovo orario?'; the professional's 'Rifiuta la richiesta'. */
    declineOffer: boolean;
    declineRequest: boolean;
  };
  /** The upsell box of the service step (not a modal: the page under it still answers). */
  upsellOpen: boolean;
  slots: { shown: 'noDate' | 'loading' | 'available' | 'empty' | 'failed'; choice: string | null } | null;
  /** The promo code block: its state, the error under the field, the code in the field. */
  coupon: { state: string; error: string | null; code: string } | null;
  checkout: { errors: string[] } | null;
  profileErrors: string[];
  /** The profile dialog's address: picked, with a house number, a lookup running (null: no dialog). */
  profileAddress: { picked: boolean; houseNumber: boolean; lookingUp: boolean } | null;
  addressPicker: string | null;
  /** Issue 43: the location step's address field and the profile dialog's, as she sees them (null: not shown). */
  addressFields: { location: AddressField | null; profile: AddressField | null };
  /** Issue 16: the appointment a URL named and what its screen shows (null on other screens). */
  appointment: {
    id: string;
    /** Opened by its e-mail link (the token in the URL). */
    byLink: boolean;
    shown: 'loading' | 'failed' | 'ready';
    status: string | null;
    cancellable: boolean;
    reschedulable: boolean;
    twoHoursReminder: boolean;
    date: string | null;
    startTime: string | null;
    /** Issue 27: the time she asked for, when another is offered instead (null: none offered). */
    offeredInsteadOf: { date: string; startTime: string; endTime: string } | null;
    /** Issue 27: until when her request (or the offer) waits for an answer. */
    answerBy: string | null;
    /** Issue 27: why her request was declined. */
    declinedBecause: string | null;
  } | null;
  /** Issue 16: the move's screen (null on other screens): the day and time picked, her professional kept. */
  move: {
    date: string | null;
    time: string | null;
    keepProfessional: boolean;
    slots: 'noDate' | 'loading' | 'available' | 'empty' | 'failed';
  } | null;
  /**
   * Issue 27: the professionals' screens (null elsewhere): the request the URL named, and what the
   * request's screen shows (null while it is not on it).
   */
  /** Issue 27: the page loaded the professionals' side; she may see it (a professional or the team). */
  proSide: boolean;
  onProSide: boolean;
  /** Issue 27: she is a professional (the team alone has no agenda: its /pro is the requests). */
  provider: boolean;
  /** Issue 40: she is on the team (the board is the team's alone). */
  team: boolean;
  /** Issue 27: the page is loading anew at another URL (its side's code): nothing of this one is judged. */
  leaving: boolean;
  pro: {
    requestId: string | null;
    /** Her agenda's, the requests' or (issue 40) her time off's list: loading, failed, or shown with how many. */
    list: { shown: 'loading' | 'failed' | 'ready'; count: number } | null;
    /** Issue 40: her time off's form: the fields whose message shows ('' the server's refusal), a save or a cancel out. */
    timeOff: { errors: string[]; saving: boolean; cancelling: boolean } | null;
    /**
     * Issue 40: the team's board: loading, failed or shown; its city and day, each professional's
     * column (with appointments, requests and time off), the 'da ricollocare' list with whom each
     * may go to, the refusal said, the sick-day form's messages, a reassignment or a sick day out.
     */
    board: {
      shown: 'loading' | 'failed' | 'ready';
      zone: string | null;
      zoneId: string | null;
      date: string | null;
      columns: { appointments: number; requests: number; timeOff: number }[];
      toPlace: { bookingId: string; category: string | null; offered: string[] }[];
      refusal: string | null;
      errors: string[];
      reassigning: boolean;
      enteringTimeOff: boolean;
    } | null;
    /**
     * Issue 40: her hours: loading, failed or shown; the appointments shown outside them and those
     * handed over here; the fields whose message shows ('' the server's refusal); a save or a hand-over out.
     */
    hours: {
      shown: 'loading' | 'failed' | 'ready';
      outside: string[];
      handedOver: string[];
      errors: string[];
      saving: boolean;
      handingOver: boolean;
    } | null;
    request: {
      shown: 'loading' | 'failed' | 'ready';
      status: string | null;
      /** A salotto (the team's to quote), once read. */
      salotto: boolean;
      actions: string[];
      /** The open part: the decline's dialog, the offer's panel, the quote's form (null: none). */
      open: 'declining' | 'offering' | 'quoting' | null;
      errors: string[];
      /** The offer's day, the time picked and how many free times it shows. */
      offer: { date: string; startTime: string | null; times: number };
    } | null;
  } | null;
  /**
   * Issue 29: the rating screen (null elsewhere): the appointment the URL named, what it shows (its
   * loader, the server's refusal, the rating final, or the form), the thanks after a save, the send
   * busy, each professional's stars and comment, the messages under the fields, and the rating being
   * sent (the call's own payload: the same object while that one call is pending).
   */
  rating: {
    id: string;
    shown: 'loading' | 'failed' | 'final' | 'form';
    /** The refusal said in place of the form. */
    message: string | null;
    thanked: boolean;
    busy: boolean;
    /** By professional id: her stars (null: none chosen) and her comment. */
    choices: Record<string, { stars: number | null; comment: string }>;
    errors: Record<string, string>;
    sending: { ratings: { professionalId: string; stars: number; comment: string }[] } | null;
  } | null;
  /** Issue 16: the waitlist dialog's field errors (null: no dialog). */
  waitlistErrors: string[] | null;
  /** Calls waiting for an answer, by name. */
  calls: string[];
  /** Issue 27: the team a salotto's quote being sent names instead of the proposed one (null: none sent). */
  quoteTeam: unknown[] | null;
  /** The effects the last step caused: toasts, analytics, storage, redirect. */
  effects: { type: string; params: unknown }[];
  /** Issue 28: the checkout says how long her time is held ('Ti teniamo…'), and offers more time in its last minute. */
  hold: { countdown: boolean; lastMinute: boolean };
}

/**
 * Issue 43: an address field (SPEC §4 'Address picker'), as she sees it and remembers it: what it
 * shows, whether she typed in it since the address she holds was set, which text the geocoder last
 * answered suggestions for, and the house number the address held, a lookup or a check carries.
 */
export interface AddressField {
  /** The field's text. */
  text: string;
  /** The picker's state, for the messages (closed, open.results, needsStreetNumber…). */
  state: string;
  /** The suggestions list shows (aria-expanded). */
  listShown: boolean;
  /** The picker is open: the list, its prompt, its search, its empty or failed message. */
  open: boolean;
  /** A lookup the address needs is running (the suggestion, the house number, the check). */
  busy: boolean;
  /** The suggestions listed (their descriptions). */
  suggestions: string[];
  /** The text the geocoder last answered suggestions for (null: none yet). */
  answeredFor: string | null;
  /** She changed the field (typed, or took a suggestion) since the address held was set. */
  editedSinceSet: boolean;
  /** The house number of the address held ('' without one; null: no address held). */
  held: string | null;
  /** The house-number field shows. */
  houseNumberShown: boolean;
  /** The number a pending lookup confirms, and the one the address a pending check carries. */
  lookingUp: string | null;
  checking: string | null;
}

/** What the world answered, when the event is a call settling (the oracle does not know the fixtures). */
export type Answer = { ok: true; output: unknown } | { ok: false; message: string; status?: number } | null;

/** Issue 29: an appointment's rating screen (the invitation's link, the personal area's 'Valuta'). */
const RATING_PATH = /^\/appointments\/[^/]+\/rating$/;

/** Issue 27: a request's answers (the calls that change it). */
const PRO_ANSWERS = ['acceptRequest', 'declineRequest', 'offerRequest', 'quoteSalotto'];
/** Issue 27: the team's role (a professional is a user with isProvider). */
const TEAM = 'team';

interface Memory {
  /** The time to confirm whose modal she continued (JSON), while she has not picked another. */
  confirmedTime: string | null;
  slotsAnswered: boolean;
  slotsElapsed: boolean;
  resetSent: boolean;
  providerChoice: string | null;
  wasSignedIn: boolean;
  /**
   * Issue 28, the world's side: the time held for her key as her calls made it (null: none;
   * 'unknown': a call got no answer), the time her pending hold asks for, and how long since the
   * hold (or its renewal) answered.
   */
  held: string | null;
  asked: string | null;
  heldFor: number;
  /** Booked (the hold became the booking): nothing is held for her any more. */
  booked: boolean;
}

type Toast = { type: string; title: string; description?: string };

const ids = (services: { id: string }[]) => services.map((service) => service.id).sort();

export class SpecOracle {
  /** Along a path the oracle remembers (answers and delays); judging one step alone it cannot. */
  private readonly alongPath: boolean;
  constructor(options: { alongPath: boolean }) {
    this.alongPath = options.alongPath;
  }

  private memory: Memory = {
    confirmedTime: null,
    slotsAnswered: false,
    slotsElapsed: false,
    resetSent: false,
    providerChoice: null,
    wasSignedIn: false,
    held: null,
    asked: null,
    heldFor: 0,
    booked: false,
  };

  /** Every SPEC rule the step breaks, in words (empty when it keeps them all). */
  check(before: Observation, event: SystemEvent, after: Observation, answer: Answer = null): string[] {
    const problems: string[] = [];
    const fail = (rule: string) => problems.push(rule);
    this.state(after, fail);
    this.invariants(before, event, after, fail);
    this.session(before, event, after, answer, fail);
    // A page load starts the app anew: what a step clears on entry, a reload keeps (docs/decisions.md);
    // the rules of a single state and the invariants judge it.
    const loaded = after.pageLoads !== before.pageLoads;
    if (before.screen === 'booking' && after.screen === 'booking' && !loaded)
      this.wizard(before, event, after, answer, fail);
    this.world(before, event, after, answer, fail);
    this.afterBooking(before, event, after, answer, fail);
    this.proSide(before, event, after, answer, fail);
    this.hours(before, event, after, answer, fail);
    this.rating(before, event, after, answer, fail);
    this.popups(before, after, fail);
    this.holds(before, event, after, answer, fail);
    this.addressFields(before, event, after, answer, fail);
    // SPEC §4 'Checkout submit: … on success … then redirect': a booking on its way is heard out,
    // whatever she presses meanwhile (INDIETRO, Back); only a new page (a reload) loses it.
    if (
      before.calls.includes('createBooking') &&
      !after.calls.includes('createBooking') &&
      after.pageLoads === before.pageLoads &&
      !(event.type === 'effect.settle' && event.src === 'createBooking')
    )
      fail('the booking being sent was dropped before its answer');
    if (wizardSlotsAnswered(event)) this.lastSlotsAnswer = answer;
    this.remember(before, event, after);
    return problems;
  }

  /** Rules about a single state, whatever led to it. */
  private state(now: Observation, fail: (rule: string) => void) {
    // Issue 27: a page loading anew elsewhere shows nothing more of itself (proSide judges where it goes).
    if (now.leaving) return;
    // SPEC §2: the URL of each screen.
    // A booking step with no URL in SPEC is a failure of its own, not a screen without a URL.
    const expectedUrl =
      now.screen === 'booking' && urlOfStep(now.step) === undefined ? 'unknown step' : expectedPathname(now);
    if (now.url !== expectedUrl) fail(`URL is ${now.url}, SPEC §2 says ${expectedUrl} (${now.screen} ${now.step})`);
    const settled = now.phase === 'signedIn' || now.phase === 'signedOut';
    if (settled && now.screen === 'notFound' && now.title !== COPY.notFoundTitle)
      fail(`not-found title is ${now.title}`);
    // SPEC §2 access rules.
    if (now.phase === 'signedOut' && now.screen === 'home') fail('the personal area shows without a session');
    if (
      now.phase === 'signedIn' &&
      ['login', 'loginWithToken', 'askResetPassword', 'resetPassword'].includes(now.screen ?? '')
    ) {
      fail(`a session shows ${now.screen} instead of /`);
    }
    if (now.phase === 'signedIn' && !now.signedIn) fail('signed in without a user');
    if (now.phase === 'signedOut' && now.signedIn) fail('signed out with a user kept');
    // SPEC §2 / §5: no step is reachable before the steps it needs.
    const steps = stepsOf(flowOf(now.draft));
    const index = steps.indexOf(now.step);
    if (index < 0) fail(`step ${now.step} is not a step of the ${flowOf(now.draft)} flow`);
    for (const earlier of steps.slice(0, Math.max(index, 0))) {
      const list = kindOfStep(earlier) === 'service' ? now.services : null;
      const refusal = refusalOf(earlier, now.draft, list);
      if (refusal) fail(`step ${now.step} shows while ${earlier} is incomplete (${refusal})`);
    }
    // SPEC §9: a salotto is at least 2.
    if (now.draft.participantsCount < 2) fail(`participantsCount ${now.draft.participantsCount} below 2`);
    // SPEC §5: days before today cannot be picked.
    if (now.draft.date !== null && now.draft.date < now.today) fail(`date ${now.draft.date} is before today`);
    // SPEC §4: the confirmation modal is a data-step dialog with a time chosen.
    if (now.dialogs.confirmation && (kindOfStep(now.step) !== 'data' || now.draft.availableTime === null)) {
      fail('confirmation modal open outside the data step or without a time');
    }
    if (now.dialogs.outOfZone && now.step !== 'location') fail('out-of-zone dialog open outside the location step');
    // SPEC §4 'Upsell box closes on route change away from /service': a booking step's box or dialog
    // is not left open under another screen (the personal area, /login, a page not found).
    const stepDialog =
      now.upsellOpen ||
      now.dialogs.outOfZone ||
      now.dialogs.confirmation ||
      now.dialogs.providerFilter ||
      now.dialogs.waitlist;
    if (settled && stepDialog && now.screen !== 'booking')
      fail('a box or dialog of a booking step is open while the booking is not shown');
    if (now.dialogs.profile && now.phase !== 'signedIn') fail('profile dialog open without a session');
    // SPEC §4: the services chosen are the primary plus the secondary ones.
    const { services } = now.draft;
    const chosen = [...(services.primaryService ? [services.primaryService] : []), ...services.secondaryServices];
    if (JSON.stringify(ids(services.services)) !== JSON.stringify(ids(chosen))) {
      fail('draft.services.services is not the primary plus the secondary services');
    }
  }

  /**
   * SPEC sentences as facts about what she sees, whatever event led there (INDIETRO or the browser's
   * Back, AVANTI or a typed URL, a press while the app waits, a reload): docs/spec-trace.md cites them.
   */
  private invariants(before: Observation, event: SystemEvent, now: Observation, fail: (rule: string) => void) {
    if (now.screen !== 'booking') return;
    const kind = kindOfStep(now.step);
    // SPEC §4 'Back from checkout resets the coupon discount to 0', §5/§8 promo code: the recap's
    // discount is the code applied in the promo box on screen, never one she no longer sees.
    if (now.draft.couponCodeDiscount > 0 && (kind !== 'checkout' || now.coupon?.state !== 'applied'))
      fail('a discount shows while no code is applied');
    // SPEC §2 'Seleziona una data per vedere le disponibilità!' with no date: no times asked for none.
    if (now.draft.date === null && now.calls.includes('loadAvailableTimes')) fail('times asked without a date');
    if (now.draft.date === null && kind === 'data' && now.slots !== null && now.slots.shown !== 'noDate')
      fail(`times shown as ${now.slots.shown} without a date`);
    // SPEC §4 'Back from the date step resets date to today and clears availableTime': by INDIETRO,
    // the browser's Back or a URL, in the same page (a page load keeps the draft saved).
    const steps = stepsOf(flowOf(now.draft));
    const dataAt = steps.findIndex((step) => kindOfStep(step) === 'data');
    const leftBackwards =
      before.screen === 'booking' &&
      now.pageLoads === before.pageLoads &&
      steps.indexOf(before.step) >= dataAt &&
      steps.indexOf(now.step) >= 0 &&
      steps.indexOf(now.step) < dataAt;
    if (leftBackwards && (now.draft.date !== now.today || now.draft.availableTime !== null))
      fail('leaving the date step backwards keeps the date or the time');
    // The same sentence when she comes back before the date step by a new page (a typed URL, Back to
    // another page load): the draft is restored, without the day and the time of the step she left.
    const loadedBackwards =
      before.screen === 'booking' &&
      now.pageLoads !== before.pageLoads &&
      steps.indexOf(before.step) >= dataAt &&
      steps.indexOf(now.step) >= 0 &&
      steps.indexOf(now.step) < dataAt;
    if (loadedBackwards && (now.draft.date !== now.today || now.draft.availableTime !== null))
      fail('a page load back before the date step keeps the date or the time');
    // SPEC §2/§4 service step: what she has chosen is what the list shows chosen (a service the list
    // does not offer would be booked unseen).
    if (kind === 'service' && now.serviceList === 'ready' && now.services) {
      // A listed service's variants are offered too, in the upsell box (SPEC §2 'Scegli altre opzioni').
      const listed = [now.services.mainServices, now.services.secondaryServices].flatMap((group) =>
        (group?.sections ?? []).flatMap((section) => section.items.flatMap((item) => item.services)),
      );
      const ids = new Set(listed.map((service) => service.id));
      const groups = new Set(listed.map((service) => service._group_id).filter((group) => group != null));
      const offered = (service: { id: string; _group_id?: string | null }) =>
        ids.has(service.id) || (service._group_id != null && groups.has(service._group_id));
      if (now.draft.services.services.some((service) => !offered(service)))
        fail('a service is chosen that the list shown does not offer');
    }
    // SPEC §2 'Upsell box: shown above the footer only on /service routes'.
    if (now.upsellOpen && kind !== 'service') fail('the upsell box open outside a service step');
    // SPEC §4: a time to confirm advances to checkout only through the confirmation modal's continue.
    const time = now.draft.availableTime;
    const toConfirm = time !== null && (hidesInstantBooking(now.draft) || time.instantBooking !== true);
    const arrived = kind === 'checkout' && kindOfStep(before.step) !== 'checkout';
    if (arrived && toConfirm) {
      const viaModal = event.type === 'confirmation.continue' && before.dialogs.confirmation;
      // Along a path she remembers which time she confirmed (Back then Forward may bring it back);
      // judging one step alone, only the modal's continue is known to confirm it.
      const confirmedBefore = this.alongPath && this.memory.confirmedTime === JSON.stringify([now.draft.date, time]);
      const byUrl = event.type === 'route.changed' || event.type.startsWith('browser.');
      if (!viaModal && !confirmedBefore && (this.alongPath || !byUrl))
        fail('checkout shows a time to confirm that the modal never confirmed');
    }
  }

  private session(
    before: Observation,
    event: SystemEvent,
    after: Observation,
    answer: Answer,
    fail: (rule: string) => void,
  ) {
    const toasts = toastsOf(after);
    const has = (type: string) => after.effects.some((effect) => effect.type === type);
    if (event.type === 'route.changed' && before.phase !== 'loggingOut' && before.phase !== 'loadingProfile') {
      const path = event.path.replace(/\/+$/, '') || '/';
      const query = new URLSearchParams(event.search ?? '');
      const settled = before.phase === 'signedOut' || (before.phase === 'booting' && !before.signedIn);
      if (before.phase === 'booting' && after.phase === 'booting') fail('the first URL left the app booting');
      if (settled && after.phase === 'signedOut') {
        // SPEC §2: without a session only /login, /reset-password and /ask-reset-password are open.
        if (path === '/' && after.screen !== 'booking') fail('/ without a session does not go to the booking');
        // From any step she was on (the header's logo, TORNA ALL'INIZIO), not only from the first.
        if (path === '/' && after.url !== BOOKING_START) fail('/ without a session does not lead to the booking start');
        if (path === '/login' && !query.get('token') && after.screen !== 'login')
          fail('/login does not show the login');
        if (path === '/login' && query.get('token') && !after.calls.includes('loginWithToken'))
          fail('/login?token= does not log in with the token');
        if (path === '/ask-reset-password' && after.screen !== 'askResetPassword')
          fail('/ask-reset-password not shown');
        if (path === '/reset-password') {
          const complete = query.get('token') && query.get('email');
          if (complete && after.screen !== 'resetPassword') fail('/reset-password with token and email not shown');
          if (!complete && after.screen !== 'login')
            fail('/reset-password without token and email does not redirect to /login');
        }
        const issue16 =
          APPOINTMENT_PATH.test(path) ||
          WAITLIST_PATH.test(path) ||
          REBOOK_PATH.test(path) ||
          PRO_PATH.test(path) ||
          RATING_PATH.test(path);
        if (
          !['/', '/login', '/ask-reset-password', '/reset-password'].includes(path) &&
          !path.startsWith('/booking') &&
          !issue16
        ) {
          if (after.screen !== 'notFound') fail(`unknown path ${path} does not show the not-found screen`);
        }
        // Issue 16: without a session an appointment opens only with its e-mail link's token; any
        // other such URL is closed (SPEC §2: the booking start).
        if (
          (APPOINTMENT_PATH.test(path) || REBOOK_PATH.test(path)) &&
          !query.get('token') &&
          after.screen !== 'booking'
        )
          fail(`${path} without a session nor a token shows ${after.screen}, not the booking start`);
        if (
          (APPOINTMENT_PATH.test(path) || REBOOK_PATH.test(path)) &&
          !query.get('token') &&
          after.url !== BOOKING_START
        )
          fail('a closed path without a session does not lead to the booking start');
      }
      // Issue 16: an appointment's URL (with its token, or with a session) shows that appointment.
      const mayOpen = query.get('token') || (before.phase === 'signedIn' && after.phase === 'signedIn');
      const shown = after.phase === 'signedOut' || after.phase === 'signedIn';
      if (APPOINTMENT_PATH.test(path) && mayOpen && shown) {
        const screen = path.endsWith('/reschedule') ? 'appointmentReschedule' : 'appointment';
        if (after.screen !== screen) fail(`${path} shows ${after.screen}, not ${screen}`);
        const id = decodeURIComponent(path.split('/')[2] ?? '');
        if (after.appointment?.id !== id) fail(`${path} shows appointment ${after.appointment?.id}`);
        if (before.appointment?.id !== id && !after.calls.includes('loadAppointment'))
          fail(`${path} does not load the appointment`);
      }
      if (WAITLIST_PATH.test(path) && query.get('token') && shown) {
        if (!after.calls.includes('loadWaitlistOffer')) fail(`${path} does not read the waitlist offer`);
      }
      // Issue 27: 'Prenota di nuovo' reads the declined request's services and address (its token, or her session).
      if (REBOOK_PATH.test(path) && mayOpen && shown) {
        if (!after.calls.includes('loadRebook')) fail(`${path} does not read the request to book again`);
      }
      if (before.phase === 'signedIn' && after.phase === 'signedIn') {
        if (['/', '/login', '/ask-reset-password', '/reset-password'].includes(path) && after.screen !== 'home') {
          fail(`${path} with a session does not redirect to /`);
        }
      }
    }
    // SPEC §2 'On / the profile is loaded': each time / shows with a session, not only at the page
    // load (a session that expired meanwhile is found out there).
    if (
      event.type === 'route.changed' &&
      before.phase === 'signedIn' &&
      before.screen !== 'home' &&
      after.screen === 'home' &&
      !after.calls.includes('loadProfile')
    )
      fail('/ with a session does not load the profile');
    // SPEC §4 'Dialogs: open/closed; closed by close trigger, Escape, outside click': the reset
    // confirmation too, leaving her on the page (TORNA ALLA LOGIN is its link to /login).
    if (event.type === 'resetConfirmation.close' && before.dialogs.resetConfirmation) {
      if (after.dialogs.resetConfirmation || after.screen !== 'askResetPassword')
        fail("the 'Controlla le tue Email!' dialog does not close on Escape, a click outside or its close button");
    }
    // SPEC §5 login validation, on submit.
    if (event.type === 'session.login' && before.screen === 'login' && before.sessionForm === 'idle') {
      const expected: Record<string, string> = {};
      if (event.email.trim() === '') expected.email = COPY.required;
      else if (!isEmail(event.email)) expected.email = COPY.invalidFormat;
      if (event.password === '') expected.password = COPY.required;
      if (!sameRecord(after.errors, expected))
        fail(`login errors ${JSON.stringify(after.errors)}, SPEC §5 says ${JSON.stringify(expected)}`);
      const sent = after.calls.includes('login');
      if (sent !== (Object.keys(expected).length === 0))
        fail(sent ? 'an invalid login was sent' : 'a valid login was not sent');
    }
    if (event.type === 'session.askReset' && before.screen === 'askResetPassword' && before.sessionForm === 'idle') {
      const expected: Record<string, string> = {};
      if (event.email.trim() === '') expected.email = COPY.required;
      else if (!isEmail(event.email)) expected.email = COPY.invalidFormat;
      if (!sameRecord(after.errors, expected))
        fail(`ask-reset errors ${JSON.stringify(after.errors)}, SPEC §5 says ${JSON.stringify(expected)}`);
      const sent = after.calls.includes('askResetPassword');
      if (sent !== (Object.keys(expected).length === 0))
        fail(sent ? 'an invalid e-mail was sent' : 'a valid e-mail was not sent');
    }
    if (event.type === 'session.completeSignup' && before.screen === 'resetPassword' && before.sessionForm === 'form') {
      const expected: Record<string, string> = {};
      if (event.password.length < 8) expected.password = COPY.passwordTooShort;
      // The fixtures' token check asks names (requireName); SPEC: then both are required.
      if (!event.firstName?.trim()) expected.firstName = COPY.required;
      if (!event.lastName?.trim()) expected.lastName = COPY.required;
      if (!sameRecord(after.errors, expected))
        fail(`account errors ${JSON.stringify(after.errors)}, SPEC §5 says ${JSON.stringify(expected)}`);
    }
    // SPEC §2: the reset confirmation dialog opens 500 ms after the e-mail is sent, not before.
    if (this.alongPath && after.dialogs.resetConfirmation && !before.dialogs.resetConfirmation) {
      const timed = event.type === 'timer.elapse' && this.memory.resetSent;
      if (!timed) fail(`the reset confirmation opened on ${event.type}, not 500 ms after the e-mail was sent`);
    }
    if (
      event.type === 'effect.settle' &&
      event.src === 'askResetPassword' &&
      answer?.ok &&
      after.dialogs.resetConfirmation
    ) {
      fail('the reset confirmation opened before its 500 ms');
    }
    // SPEC §4: after login, token login or account creation the token is stored, then /, welcome toast once.
    const signIn = ['login', 'loginWithToken', 'completeSignup'];
    if (event.type === 'effect.settle' && signIn.includes(event.src) && answer?.ok) {
      const token = (answer.output as { token: string }).token;
      const stored = after.effects.find((effect) => effect.type === 'storeCredential');
      if (!stored || (stored.params as { token: string }).token !== token)
        fail('the token was not stored after sign-in');
      const user = (answer.output as { user: { isProvider: boolean; roles: string[] } }).user;
      // Issue 27: a professional or a team member signing in lands on her side (proSide judges where).
      const pro = event.src === 'login' && (user.isProvider || user.roles.includes(TEAM));
      if (!pro && (after.screen !== 'home' || after.phase !== 'signedIn'))
        fail(`sign-in leads to ${after.screen}, not /`);
      if (toasts.filter((t) => t.type === 'success' && t.title === COPY.welcome).length !== 1) {
        fail(`no single success toast '${COPY.welcome}' after sign-in`);
      }
    } else if (toasts.some((t) => t.title === COPY.welcome)) fail('welcome toast without a fresh sign-in');
    // SPEC §8: token login failure: session cleared, message stored for the next load, /login.
    if (event.type === 'effect.settle' && event.src === 'loginWithToken' && answer && !answer.ok) {
      if (!has('clearCredential')) fail('token login failure keeps the credential');
      if (!storedMessage(after, answer.message)) fail('token login failure does not store its message for a toast');
      if (after.screen !== 'login') fail('token login failure does not go to /login');
    }
    if (event.type === 'effect.settle' && event.src === 'checkSignupToken' && answer && !answer.ok) {
      if (!storedMessage(after, answer.message)) fail('invalid reset token: message not stored');
      if (after.screen !== 'login') fail('invalid reset token does not go to /login');
    }
    // SPEC §8: login / account completion failure: error toast with the server message.
    if (
      event.type === 'effect.settle' &&
      ['login', 'completeSignup', 'askResetPassword'].includes(event.src) &&
      answer &&
      !answer.ok
    ) {
      if (!toasts.some((t) => t.type === 'error' && t.title === answer.message))
        fail(`${event.src} failure without its error toast`);
      if (after.phase !== 'signedOut') fail(`${event.src} failure signs in`);
    }
    // SPEC §8: profile fetch failure: session cleared, booking start.
    if (event.type === 'effect.settle' && event.src === 'loadProfile') {
      if (answer && !answer.ok) {
        if (!has('clearCredential')) fail('profile failure keeps the credential');
        if (after.phase !== 'signedOut' || after.url !== BOOKING_START)
          fail('profile failure does not go to the booking start');
      } else if (after.phase !== 'signedIn') fail('the profile loaded but the session is not signed in');
    }
    // SPEC §4 logout: loader, after 2 s the session is cleared and stores reset, then the booking start.
    if (event.type === 'session.logout' && before.phase === 'signedIn' && after.phase !== 'loggingOut') {
      fail('logout does not show the loader');
    }
    if (before.phase === 'loggingOut' && after.phase === 'loggingOut' && event.type === 'timer.elapse') {
      if (!has('clearCredential') || !has('resetQueryCache')) fail('logout does not clear the session and the caches');
    }
    if (before.phase === 'loggingOut' && after.phase === 'signedOut') {
      if (after.url !== BOOKING_START) fail(`after logout the URL is ${after.url}, not the booking start`);
      const empty = emptyDraftProblems(after.draft, after.today);
      if (empty.length > 0) fail(`logout kept the draft: ${empty.join(', ')}`);
      if (after.signedIn) fail('logout kept the user');
    }
    // SPEC §5 profile form: firstName, lastName, phone required, e-mail valid, the address picked with
    // its house number; success toast. SALVA during the address lookup waits for its answer.
    const address = before.profileAddress;
    if (event.type === 'profile.submit' && before.dialogs.profile && !before.calls.includes('updateProfile')) {
      const form = event.form;
      const waits = address?.lookingUp === true;
      if (waits && after.calls.includes('updateProfile'))
        fail('the profile was sent before its address lookup answered');
      if (waits && !after.dialogs.profile) fail('SALVA during the address lookup closed the dialog');
      const invalid =
        !waits &&
        (!form.firstName.trim() ||
          !form.lastName.trim() ||
          !form.phoneNumber.trim() ||
          !isEmail(form.email) ||
          !address?.picked ||
          !address.houseNumber);
      if (invalid && after.calls.includes('updateProfile')) fail('an invalid profile was sent');
      if (invalid && !after.dialogs.profile) fail('an invalid profile closed the dialog');
      if (!waits && !invalid && !after.calls.includes('updateProfile')) fail('a valid profile was not sent');
    }
    if (event.type === 'effect.settle' && event.src === 'updateProfile') {
      if (answer?.ok) {
        if (after.dialogs.profile) fail('the profile dialog stays open after saving');
        if (!toasts.some((t) => t.type === 'success' && t.title === COPY.profileUpdated))
          fail('no profile-updated toast');
      } else if (answer) {
        if (!toasts.some((t) => t.type === 'error' && t.title === answer.message))
          fail('profile failure without its toast');
        if (!after.dialogs.profile) fail('the profile dialog closed on failure');
      }
    }
  }

  private wizard(
    before: Observation,
    event: SystemEvent,
    after: Observation,
    answer: Answer,
    fail: (rule: string) => void,
  ) {
    const modal = Object.values(before.dialogs).some(Boolean);
    const flow = flowOf(before.draft);
    const steps = stepsOf(flow);
    const at = steps.indexOf(before.step);
    const { draft } = after;
    const slotsBusy = before.slots?.shown === 'loading';
    if (event.type === 'step.next' && !modal) {
      const kind = kindOfStep(before.step);
      const pickerBusy =
        before.step === 'location' &&
        before.addressPicker !== null &&
        !['closed', 'open', 'selected', 'needsStreetNumber'].some((s) => before.addressPicker!.startsWith(s));
      if (kind === 'service' && before.serviceList !== 'ready') {
        if (after.step !== before.step) fail('next left the service step before its list loaded');
        // SPEC §4 'Next button: the flow validates; errors show as a toast': with the list failed too
        // (a refusal's toast, or the list asked again), never a press that does nothing.
        if (
          before.serviceList === 'failed' &&
          after.notice?.id === before.notice?.id &&
          after.serviceList !== 'loading'
        )
          fail('AVANTI on a service step whose list failed does nothing she can see');
      } else if (!pickerBusy) {
        const refusal = refusalOf(before.step, before.draft, kind === 'service' ? before.services : null);
        if (refusal !== null) {
          if (after.step !== before.step) fail(`next left ${before.step} although SPEC §5 refuses it (${refusal})`);
          if (after.notice?.message !== refusal)
            fail(`next on ${before.step} shows '${after.notice?.message}', SPEC §5 says '${refusal}'`);
          if (after.notice?.id === before.notice?.id) fail('a refused next shows no new toast');
        } else if (
          kind === 'data' &&
          (hidesInstantBooking(before.draft) || before.draft.availableTime?.instantBooking !== true)
        ) {
          if (after.step !== before.step || !after.dialogs.confirmation)
            fail('next on a slot to confirm does not open the confirmation modal');
          if (
            !after.effects.some(
              (e) => e.type === 'track' && (e.params as { label?: string }).label === COPY.confirmationPageView,
            )
          ) {
            fail(`the confirmation modal sends no page view '${COPY.confirmationPageView}'`);
          }
        } else if (kind !== 'checkout') {
          const expected = steps[at + 1];
          if (after.step !== expected) fail(`next on ${before.step} went to ${after.step}, SPEC §2 says ${expected}`);
          if (after.notice?.id !== before.notice?.id) fail('an accepted next shows an error toast');
        }
      }
    }
    // SPEC §2: the query string is kept; a URL naming the step shown changes nothing of the draft.
    if (
      event.type === 'route.changed' &&
      event.path === before.url &&
      JSON.stringify(after.draft) !== JSON.stringify(before.draft)
    ) {
      fail('a URL naming the step shown (another query string) changed the draft');
    }
    if (event.type === 'confirmation.continue' && before.dialogs.confirmation) {
      if (after.step !== steps[at + 1] || after.dialogs.confirmation)
        fail('continue in the confirmation modal does not advance');
    }
    if (event.type === 'confirmation.close' && before.dialogs.confirmation) {
      if (after.step !== before.step || after.dialogs.confirmation)
        fail('closing the confirmation modal does not stay on the data step');
    }
    // Back while the booking is being sent waits for its answer (docs/decisions.md, issue 43): the
    // booking on its way is heard out (the rule 'the booking being sent was dropped before its answer').
    const bookingOnItsWay = before.calls.includes('createBooking');
    if (event.type === 'step.back' && bookingOnItsWay && after.step !== before.step)
      fail('Back while the booking is being sent left checkout before its answer');
    if (event.type === 'step.back' && !modal && at > 0 && !bookingOnItsWay) {
      if (after.step !== steps[at - 1])
        fail(`back from ${before.step} went to ${after.step}, SPEC §4 says ${steps[at - 1]}`);
      if (kindOfStep(before.step) === 'data' && (draft.date !== after.today || draft.availableTime !== null)) {
        fail('back from the date step does not reset the date to today and clear the time');
      }
      if (
        kindOfStep(before.step) === 'checkout' &&
        (draft.couponCodeDiscount !== 0 || draft.couponServices.length > 0)
      ) {
        fail('back from checkout keeps the coupon discount');
      }
    }
    // SPEC §4: entering a step clears what it asks anew.
    if (after.step !== before.step) {
      const kind = kindOfStep(after.step);
      if ((kind === 'category' || kind === 'category-salotto') && draft.category !== null)
        fail('entering a category step keeps the category');
      if (
        (kind === 'category' || kind === 'category-salotto' || kind === 'hair') &&
        (draft.hair !== null || draft.services.services.length > 0 || draft.services.includedService !== null)
      ) {
        fail(`entering ${after.step} keeps the hair length or the services`);
      }
      if (kind === 'participants-salotto' && draft.salottoCategories.length > 0)
        fail('entering participants-salotto keeps the salotto categories');
      if (kind === 'service' && (draft.date !== after.today || draft.availableTime !== null))
        fail('entering the service step keeps a date or a time');
    }
    if (modal) return;
    // SPEC §4 draft actions.
    switch (event.type) {
      case 'participants.set':
        if (draft.participants !== event.participants) fail('participants not set');
        break;
      case 'participantsCount.increment':
        if (draft.participantsCount !== before.draft.participantsCount + 1) fail('participantsCount not incremented');
        break;
      case 'participantsCount.decrement':
        if (draft.participantsCount !== Math.max(2, before.draft.participantsCount - 1))
          fail('participantsCount decrement wrong (minimum 2)');
        break;
      case 'category.set':
        if (draft.category !== event.category) fail('category not set');
        break;
      case 'salottoCategory.toggle': {
        const had = before.draft.salottoCategories.includes(event.category);
        if (draft.salottoCategories.includes(event.category) === had) fail('salotto category not toggled');
        break;
      }
      case 'hair.set':
        if (draft.hair !== event.hair) fail('hair length not set');
        break;
      case 'details.notes':
        if (draft.salottoNotes !== event.notes) fail('notes not kept');
        break;
      case 'service.selectMain':
        if (draft.services.primaryService?.id !== event.service.id) fail('main service not replaced by the one picked');
        if (
          JSON.stringify(ids(draft.services.secondaryServices)) !==
          JSON.stringify(ids(before.draft.services.secondaryServices))
        )
          fail('picking a main service changed the extras');
        break;
      case 'service.pickSecondary': {
        const expected = [
          ...before.draft.services.secondaryServices.filter((s) => !event.group.includes(s.id)),
          event.service,
        ];
        if (JSON.stringify(ids(draft.services.secondaryServices)) !== JSON.stringify(ids(expected)))
          fail('a radio extra does not replace its group');
        break;
      }
      case 'service.toggleSecondary': {
        const had = before.draft.services.secondaryServices.some((s) => s.id === event.service.id);
        if (draft.services.secondaryServices.some((s) => s.id === event.service.id) === had)
          fail('checkbox extra not toggled');
        if (draft.services.services.length === 0 && draft.services.includedService !== null)
          fail('removing every extra keeps the included service');
        break;
      }
      case 'upsell.choose': {
        const inGroup = draft.services.services.filter((s) => s._group_id === event.groupId);
        if (inGroup.length !== 1 || inGroup[0]!.id !== event.service.id)
          fail('the upsell option does not replace its group');
        break;
      }
      case 'date.set':
        if (event.date < before.today) {
          if (draft.date !== before.draft.date) fail('a day before today was picked');
          if (before.slots?.shown !== 'loading' && after.slots?.shown === 'loading')
            fail('a day before today loads times');
        } else {
          if (draft.date !== event.date) fail('date not set');
          if (draft.availableTime !== null) fail('changing the date keeps the time');
          if (after.slots?.shown !== 'loading') fail('picking a date does not load its times');
        }
        break;
      case 'date.clear':
        if (draft.date !== null || draft.availableTime !== null) fail('clearing the date keeps a date or a time');
        if (draft.providerId !== null) fail('clearing the date keeps the professional');
        if (after.slots?.shown !== 'noDate') fail('clearing the date does not ask for one');
        break;
      case 'time.set':
        if (draft.availableTime?.startTime !== event.availableTime.startTime) fail('time not set');
        break;
      case 'provider.clear':
        if (draft.providerId !== null || draft.availableTime !== null)
          fail('removing the professional keeps it or the time');
        if (before.draft.date !== null && after.slots?.shown !== 'loading')
          fail('changing the professional does not reload times');
        break;
      default:
        break;
    }
    // SPEC §5 promo code: 'removed (… field emptied)'; 'unchecking the box also clears and removes the code'.
    if (
      (event.type === 'coupon.remove' || event.type === 'coupon.disable') &&
      before.coupon !== null &&
      before.coupon.state !== 'off' &&
      after.coupon?.code !== ''
    )
      fail('the promo code stays in the field after Rimuovi or unchecking the box');
    // SPEC §5 promo code: 'off; on via checkbox (input appears)'; unchecking the box turns it off.
    if (event.type === 'coupon.disable' && before.coupon !== null && after.coupon?.state !== 'off')
      fail('unchecking the promo box leaves the code field on screen');
    if (event.type === 'coupon.enable' && before.coupon?.state === 'off' && after.coupon?.state === 'off')
      fail('checking the promo box does not show the code field');
    // SPEC §5: 'applied (field locked …)': elsewhere the field takes what she types.
    if (
      event.type === 'coupon.input' &&
      before.coupon !== null &&
      ['on', 'removed'].includes(before.coupon.state) &&
      after.coupon?.code !== event.code
    )
      fail('the promo code field does not show what was typed');
    if (
      event.type === 'coupon.input' &&
      before.coupon?.state === 'applied' &&
      after.coupon?.code !== before.coupon.code
    )
      fail('the applied promo code changed although its field is locked');
    // SPEC §2 out-of-zone dialog: USA UN ALTRO INDIRIZZO empties the address for another one; closing
    // it leaves the address as it was.
    if (before.dialogs.outOfZone && !after.dialogs.outOfZone) {
      if (event.type === 'outOfZone.useOtherAddress' && draft.location !== null)
        fail('USA UN ALTRO INDIRIZZO left the address out of zone in the field');
      if (event.type === 'outOfZone.close' && draft.location !== before.draft.location)
        fail('closing the out-of-zone dialog changed the address');
    }
    if (event.type === 'providerFilter.apply' && before.dialogs.providerFilter) {
      const choice = before.slots?.choice ?? null;
      if (choice === null && !after.dialogs.providerFilter)
        fail('APPLICA FILTRO without a selection closed the filter');
      if (choice !== null) {
        if (draft.providerId !== choice) fail('the filter did not apply the professional chosen');
        if (draft.availableTime !== null) fail('changing the professional keeps the time');
        if (draft.date !== null && after.slots?.shown !== 'loading')
          fail('changing the professional does not reload times');
        if (after.dialogs.providerFilter) fail('the filter stays open after APPLICA FILTRO');
      }
    }
    void slotsBusy;
    void answer;
  }

  /**
   * Issue 43, SPEC §4 'Address picker', for both address fields (the location step's, the profile
   * dialog's), judged from her side (what she typed, what the field and the list show) in every
   * state the model reaches:
   * - 'opens on focus or click' (unless a lookup runs);
   * - 'A street number comes from the suggestion or is typed separately; a second lookup tries to
   *   confirm it.': a number typed while the house-number field shows is looked up, corrected during
   *   the lookup too, and stands when the lookup cannot confirm it;
   * - 'If a complete address is edited into an incomplete one, or changed, on blur the street number
   *   is cleared.': not without an edit;
   * - 'Enter with no selected address picks the first suggestion; … auto-select the first suggestion on
   *   close': not over the address she chose, and only from a list she is shown;
   * - 'While typing a loading state shows until suggestions return, then results': the list shown
   *   answers the text in the field (or is the one she picked that text from).
   */
  private addressFields(
    before: Observation,
    event: SystemEvent,
    after: Observation,
    answer: Answer,
    fail: (rule: string) => void,
  ) {
    const fields = [
      ['location', 'address.'],
      ['profile', 'profile.address.'],
    ] as const;
    for (const [name, prefix] of fields) {
      const was = before.addressFields[name];
      const now = after.addressFields[name];
      if (!now) continue;
      if (now.listShown && now.answeredFor !== now.text && !now.suggestions.includes(now.text))
        fail("the suggestions shown answer another text than the field's");
      // The field was not on screen, or a dialog covers it (the location step's out-of-zone dialog).
      if (!was || (name === 'location' && before.dialogs.outOfZone)) continue;
      const own = event.type.startsWith(prefix) ? event.type.slice(prefix.length) : null;
      const picked = after.calls.includes('resolveAddress') && !before.calls.includes('resolveAddress');
      if (own === 'focus' && !was.busy && !now.open)
        fail('focus or click on the address field does not open the picker');
      if (own === 'blur' && !was.editedSinceSet && was.held !== null && was.held !== '' && now.held !== was.held)
        fail('a blur without typing cleared the house number');
      if ((own === 'blur' || own === 'enter') && picked) {
        if (!was.editedSinceSet && was.held !== null)
          fail('the address she chose was replaced by a suggestion without her typing');
        if (!was.listShown) fail('a suggestion was picked from a list she was not shown');
      }
      // The number field takes her number when she leaves it; the list is closed by then (the blur).
      if (own === 'streetNumber' && was.houseNumberShown && !was.open && event.type.endsWith('streetNumber')) {
        const typed = (event as { value: string }).value.trim();
        const lookup = was.lookingUp !== null || was.checking !== null;
        // While a suggestion resolves the number has no address to go with yet.
        if (
          typed !== '' &&
          (lookup || !was.busy) &&
          now.lookingUp !== typed &&
          now.checking !== typed &&
          now.held !== typed
        )
          fail(
            lookup
              ? 'a house number corrected while its lookup runs is dropped'
              : 'a house number typed while its field shows is ignored',
          );
      }
      if (event.type === 'effect.settle' && event.src === 'lookupStreetNumber' && was.lookingUp !== null && answer) {
        const kept = now.checking ?? now.held;
        if (kept !== was.lookingUp.trim()) fail('a typed house number was lost to a lookup that did not confirm it');
      }
    }
  }

  /** Answers of the world (calls, timers) that SPEC describes outside the session. */
  private world(
    before: Observation,
    event: SystemEvent,
    after: Observation,
    answer: Answer,
    fail: (rule: string) => void,
  ) {
    const toasts = toastsOf(after);
    const has = (type: string) => after.effects.some((effect) => effect.type === type);
    // SPEC §4: slots show after a minimum delay of about 1 s, and only once they answered.
    if (this.alongPath) this.slotTiming(event, before, after, fail);
    this.calls(before, event, after, answer, toasts, has, fail);
  }

  private slotTiming(event: SystemEvent, before: Observation, after: Observation, fail: (rule: string) => void) {
    if (
      before.slots?.shown === 'loading' &&
      after.slots &&
      after.slots.shown !== 'loading' &&
      after.slots.shown !== 'noDate'
    ) {
      const answered = this.memory.slotsAnswered || wizardSlotsAnswered(event);
      const elapsed = this.memory.slotsElapsed || wizardSlotsWaited(event);
      if (!answered || !elapsed) fail('slots shown before both their answer and the minimum 1 s');
      const last = this.lastSlotsAnswer;
      if (last) {
        const expected = !last.ok ? 'failed' : (last.output as unknown[]).length > 0 ? 'available' : 'empty';
        if (after.slots.shown !== expected) fail(`slots show ${after.slots.shown} for an answer that is ${expected}`);
      }
    }
    if (before.slots?.shown === 'loading' && after.slots?.shown === 'loading' && event.type !== 'date.set') {
      const answered = this.memory.slotsAnswered || wizardSlotsAnswered(event);
      const elapsed = this.memory.slotsElapsed || wizardSlotsWaited(event);
      if (answered && elapsed && !['provider.clear', 'providerFilter.apply'].includes(event.type))
        fail('slots still loading after their answer and 1 s');
    }
  }

  private calls(
    before: Observation,
    event: SystemEvent,
    after: Observation,
    answer: Answer,
    toasts: Toast[],
    has: (type: string) => boolean,
    fail: (rule: string) => void,
  ) {
    if (event.type !== 'effect.settle') return;
    const failed = answer !== null && !answer.ok;
    switch (event.src) {
      case 'loadServices':
        if (failed && !toasts.some((t) => t.type === 'error' && t.title === answer.message))
          fail('service list failure without its error toast');
        if (!failed && after.serviceList !== 'ready' && after.step === before.step)
          fail('the service list answered but is not shown');
        break;
      case 'searchAddresses':
        if (failed && !toasts.some((t) => t.type === 'error' && t.title === COPY.addressSearchError))
          fail(`address search failure without '${COPY.addressSearchError}'`);
        break;
      case 'resolveAddress':
      case 'checkLocation':
        if (failed && !toasts.some((t) => t.type === 'error' && t.title === answer.message))
          fail(`${event.src} failure without its toast`);
        if (event.src === 'checkLocation' && answer?.ok) {
          const served = (answer.output as { canBeServed: boolean }).canBeServed;
          if (!served && !after.dialogs.outOfZone) fail('an address out of zone does not open the out-of-zone dialog');
          if (served && after.dialogs.outOfZone) fail('a served address opens the out-of-zone dialog');
          if (!served && after.draft.location !== null && before.draft.location === null)
            fail('an address out of zone was kept as the location');
        }
        break;
      case 'subscribeToList':
        if (answer?.ok) {
          if (after.dialogs.outOfZone) fail('the out-of-zone dialog stays open after TIENIMI AGGIORNATA');
          if (!toasts.some((t) => t.type === 'success' && t.title === COPY.subscribed))
            fail(`no toast '${COPY.subscribed}'`);
        } else if (failed && !toasts.some((t) => t.type === 'error' && t.title === answer.message))
          fail('subscription failure without its toast');
        break;
      case 'checkCoupon':
        if (answer?.ok) {
          const { discount } = answer.output as { discount: number };
          if (after.draft.couponCodeDiscount !== discount) fail('the coupon discount is not the one the server gave');
          if (!toasts.some((t) => t.type === 'success' && t.title === COPY.couponAdded))
            fail(`no toast '${COPY.couponAdded}'`);
        } else if (failed) {
          if (after.coupon?.error !== answer.message) fail('the coupon error is not shown under the field');
          if (after.draft.couponCodeDiscount !== 0) fail('a refused coupon gives a discount');
        }
        break;
      case 'createBooking':
        if (answer?.ok) {
          const { redirectUrl, booking } = answer.output as { redirectUrl?: string; booking: { userId: string } };
          const redirect = after.effects.find((e) => e.type === 'redirect');
          // SPEC §2 'redirected to the address the server returns'; none returned: the home page
          // (docs/decisions.md, The world's answers).
          if ((redirect?.params as { url?: string } | undefined)?.url !== (redirectUrl ?? '/'))
            fail('checkout does not redirect to the address the server returned');
          const cookie = after.effects.find((e) => e.type === 'storeUserCookie');
          if ((cookie?.params as { userId?: string } | undefined)?.userId !== booking.userId)
            fail('checkout does not store the user-id cookie');
          if (!has('track')) fail('checkout success sends no analytics event');
          // The draft kept for a reload (the reload issue) is done with once booked.
          if (!has('forgetSavedDraft')) fail('a booking made leaves its draft saved for a reload');
        } else if (failed) {
          if (!toasts.some((t) => t.type === 'error' && t.title === answer.message))
            fail('checkout failure without its error toast');
          if (has('redirect')) fail('a failed checkout redirects');
        }
        break;
      default:
        break;
    }
  }

  /** Issue 27: the professionals' URL she asked for last (her agenda until she asks for another). */
  private proAsked = '/pro';

  /** Issue 40: the city and day the team last asked its board for (MOSTRA), while the board is on the page. */
  private boardAsked: { zoneId: string; date: string } | null = null;

  /**
   * Issue 27, the professionals' side, from the issue: a professional or the team signs in on the
   * same /login and lands on the page she asked for (her agenda by default); a customer gets the
   * not-found page there, as for anything that is not hers; without a session she is asked to sign
   * in. Its code loads with its pages only: asked for on another page, that page loads anew there.
   * Each screen reads its own list or request; an answer is offered only when the request allows it,
   * a decline needs a reason (and her words for 'Altro'), an offer a time, a quote its total and
   * what it includes; each answer is said; a request that changed meanwhile (409) is read again.
   */
  /**
   * Issue 40, the team's board (its sentence: "a city and a day. It shows each professional's column
   * with appointments, requests and time off, and the 'da ricollocare' list. The team can reassign an
   * appointment to another professional (the same checks as the store), and enter time off for
   * someone who phoned in sick (the same hand-over follows)"):
   * - shown, it names its city and day and gives every professional a column of those three, and each
   *   appointment to place whom it may go to; only the team sees it;
   * - MOSTRA with a city and a day reads the board again, and the board then shown is of that city
   *   and that day (along a path: until the board leaves the page or the page loads anew);
   * - RIASSEGNA sends only someone offered for it, once (a second press while it is out sends nothing);
   *   taken, it is said and the board is read again; refused by the store (400/409), the refusal is
   *   said on the board and the board is read again;
   * - SALVA ASSENZA sends a sick day only with its days, once; entered, it is said and the board is read
   *   again (the moves show); refused, it is said under the form.
   */
  private teamBoard(
    before: Observation,
    event: SystemEvent,
    after: Observation,
    answer: Answer,
    fail: (rule: string) => void,
  ) {
    const board = after.pro?.board;
    if (board && !after.team) fail('the board shows to someone not on the team');
    if (board?.shown === 'ready' && (!board.zone || !board.date)) fail('the board does not name its city and day');
    const was = before.pro?.board;
    const idle = was?.shown === 'ready' && !was.reassigning && !was.enteringTimeOff;
    if (!board || after.pageLoads !== before.pageLoads) this.boardAsked = null;
    if (event.type === 'pro.board.show' && idle && event.zoneId !== '' && /^\d{4}-\d{2}-\d{2}$/.test(event.date)) {
      if (board?.shown !== 'loading') fail('MOSTRA with a city and a day does not read the board again');
      this.boardAsked = { zoneId: event.zoneId, date: event.date };
    }
    const asked = this.boardAsked;
    if (
      this.alongPath &&
      asked &&
      event.type === 'effect.settle' &&
      event.src === 'loadTeamBoard' &&
      board?.shown === 'ready'
    )
      if (board.zoneId !== asked.zoneId || board.date !== asked.date)
        fail(
          `the board shown is not the city and day asked (${asked.zoneId}, ${asked.date}): ${board.zoneId}, ${board.date}`,
        );
    if (event.type === 'pro.board.reassign' && was) {
      const item = was.toPlace.find((i) => i.bookingId === event.bookingId && i.category === event.category);
      const offered = item?.offered.includes(event.professionalId) === true;
      const sent = after.calls.filter((c) => c === 'reassignAppointment').length;
      const sentBefore = before.calls.filter((c) => c === 'reassignAppointment').length;
      if (!idle && sent > sentBefore) fail('a second RIASSEGNA while the first is out sends again');
      if (idle && offered && sent <= sentBefore) fail('RIASSEGNA to someone offered does not send it');
      if (idle && !offered && sent > sentBefore) fail('RIASSEGNA sends someone the board does not offer');
    }
    if (event.type === 'effect.settle' && event.src === 'reassignAppointment' && answer) {
      const explained = !answer.ok && [400, 404, 409].includes(answer.status ?? 0);
      if (answer.ok && !toastsOf(after).some((t) => t.type === 'success')) fail('a reassignment taken is not said');
      if ((answer.ok || explained) && !after.calls.includes('loadTeamBoard'))
        fail('after a reassignment answered the board is not read again');
      if (explained && after.pro?.board?.refusal !== answer.message)
        fail(`a reassignment refused is not said on the board ('${answer.message}')`);
      if (!answer.ok && !explained && !toastsOf(after).some((t) => t.type === 'error'))
        fail('a reassignment unanswered is not said');
    }
    if (event.type === 'pro.board.timeOff' && was) {
      const blank = !event.form.startDate || !event.form.endDate;
      const sent = after.calls.includes('createTeamTimeOff') && !before.calls.includes('createTeamTimeOff');
      if (!idle && sent) fail('a second SALVA ASSENZA while the first is out sends again');
      if (idle && blank && sent) fail('a sick day without its days is sent');
      if (idle && !sent && after.pro?.board?.errors.length === 0)
        fail('SALVA ASSENZA neither sends the sick day nor says why');
    }
    if (event.type === 'effect.settle' && event.src === 'createTeamTimeOff' && answer) {
      if (answer.ok && !toastsOf(after).some((t) => t.type === 'success')) fail('a sick day entered is not said');
      if (answer.ok && !after.calls.includes('loadTeamBoard')) fail('after a sick day the board is not read again');
      if (!answer.ok && !after.pro?.board?.errors.includes('')) fail('a sick day refused is not said under the form');
    }
  }

  private proSide(
    before: Observation,
    event: SystemEvent,
    after: Observation,
    answer: Answer,
    fail: (rule: string) => void,
  ) {
    const redirected = after.effects.find((effect) => effect.type === 'redirect');
    const lands = (asked: string) => {
      // The team has no agenda and no time off of its own: its /pro and /pro/time-off are the requests.
      const url =
        asked === '/pro/team' && !after.team
          ? '/pro'
          : ['/pro', '/pro/time-off', '/pro/hours'].includes(asked) && !after.provider
            ? '/pro/requests'
            : asked;
      if (after.proSide) {
        if (after.leaving || after.url !== url) fail(`the professionals' side opens ${after.url}, not ${url}`);
      } else if (!after.leaving || (redirected?.params as { url?: string } | undefined)?.url !== url)
        fail(`${url} asked on a page without the professionals' side does not load the page anew there`);
    };
    // What she asked for lives as long as the page: a page loaded anew (a reload, a URL typed, Back or
    // Forward across a load) asks for its own URL, her agenda when that is not a professionals' page.
    if (after.pageLoads !== before.pageLoads) {
      const { loadedAt } = after;
      this.proAsked = loadedAt && PRO_PATH.test(loadedAt) ? loadedAt : '/pro';
    }
    // A URL the app is told of in this page: a link followed, or Back and Forward within the page load
    // (the browser reports the entry it shows, as for a link).
    const reported =
      event.type === 'route.changed'
        ? event.path
        : (event.type === 'browser.back' || event.type === 'browser.forward') && after.pageLoads === before.pageLoads
          ? after.addressBar
          : null;
    if (reported && PRO_PATH.test(reported)) {
      const settled = after.phase === 'signedIn' || after.phase === 'signedOut';
      this.proAsked = reported;
      if (settled && after.phase === 'signedOut' && after.screen !== 'login')
        fail(`${reported} without a session shows ${after.screen}, not the login`);
      if (settled && after.phase === 'signedIn' && before.phase === 'signedIn') {
        if (!after.onProSide && after.screen !== 'notFound')
          fail(`${reported} shows ${after.screen} to a customer, not 404`);
        if (after.onProSide) lands(reported);
      }
    }
    // Signed in (or her profile read) as a professional or the team: the page she asked for.
    // Where she asked to go is a memory of the path; a step judged alone knows only that it is her side.
    const signedIn =
      this.alongPath && event.type === 'effect.settle' && ['login', 'loadProfile'].includes(event.src) && answer?.ok;
    if (
      signedIn &&
      after.onProSide &&
      (event.src === 'login' || (PRO_PATH.test(this.proAsked) && before.phase === 'loadingProfile' && before.proSide))
    )
      lands(this.proAsked);
    if (signedIn && !after.onProSide && event.src === 'loadProfile' && after.screen?.startsWith('pro'))
      fail("a customer sees the professionals' side");

    // Each screen reads what it shows.
    const entered =
      after.phase === 'signedIn' &&
      (after.screen !== before.screen || (after.pro?.requestId ?? null) !== (before.pro?.requestId ?? null));
    const reads: Record<string, string> = {
      proAgenda: 'loadProAgenda',
      proRequests: 'loadProRequests',
      proRequest: 'loadProRequest',
      proTimeOff: 'loadProTimeOff',
      proTeam: 'loadTeamBoard',
      proHours: 'loadProHours',
    };
    const read = after.screen ? reads[after.screen] : undefined;
    if (entered && read && !after.calls.includes(read)) fail(`${after.screen} does not read its ${read}`);

    // A request's answers, offered only when it allows them.
    const request = before.pro?.request;
    const ready =
      request?.shown === 'ready' && request.open === null && !before.calls.some((c) => PRO_ANSWERS.includes(c));
    const may = (action: string) => request?.actions.includes(action) === true;
    if (event.type === 'pro.accept' && ready && may('accept') !== after.calls.includes('acceptRequest'))
      fail(may('accept') ? 'ACCETTA does not accept the request' : 'a request accepted that does not allow it');
    if (event.type === 'pro.decline.open' && ready && may('decline') !== (after.pro?.request?.open === 'declining'))
      fail(may('decline') ? 'RIFIUTA does not ask why' : 'a decline opened on a request that does not allow it');
    if (
      event.type === 'pro.decline.submit' &&
      request?.open === 'declining' &&
      !before.calls.includes('declineRequest')
    ) {
      const words = event.message.trim() !== '';
      const valid = ['busy', 'too-far', 'services'].includes(event.reason) || (event.reason === 'other' && words);
      if (valid !== after.calls.includes('declineRequest'))
        fail(
          valid
            ? 'a decline with its reason was not sent'
            : `a decline without ${event.reason ? 'her words' : 'a reason'} was sent`,
        );
      if (!valid && after.pro?.request?.errors.length === 0) fail('a decline refused without saying why');
    }
    if (
      event.type === 'pro.offer.submit' &&
      request?.open === 'offering' &&
      request.offer.startTime === null &&
      after.calls.includes('offerRequest')
    )
      fail('an offer without a time was sent');
    if (event.type === 'pro.quote.submit' && request?.open === 'quoting' && !before.calls.includes('quoteSalotto')) {
      const total = Number(event.total.replace(',', '.'));
      const valid = event.total.trim() !== '' && total > 0 && event.includes.trim() !== '';
      if (valid !== after.calls.includes('quoteSalotto'))
        fail(valid ? 'a complete quote was not sent' : 'a quote without its total or what it includes was sent');
      if (!valid && after.pro?.request?.errors.length === 0) fail('a quote refused without saying why');
      // The members she named instead of the proposed ones go with the quote, and no others.
      if (valid && JSON.stringify(after.quoteTeam) !== JSON.stringify(event.team ?? []))
        fail('the quote does not send the team she chose');
    }
    // Issue 40: her time off. SALVA ASSENZA sends a form the contract takes, and nothing else (saying why);
    // a save refused is said under the form; a save or a cancel answered is said in a toast.
    const timeOff = before.pro?.timeOff;
    if (
      event.type === 'pro.timeOff.submit' &&
      timeOff &&
      before.pro?.list?.shown === 'ready' &&
      !timeOff.saving &&
      !timeOff.cancelling
    ) {
      const blank = event.form.kind === 'days' ? !event.form.startDate || !event.form.endDate : !event.form.date;
      if (blank && after.calls.includes('createProTimeOff')) fail('a time off without its days is sent');
      if (blank && after.pro?.timeOff?.errors.length === 0)
        fail('a time off without its days refused without saying why');
      if (!after.calls.includes('createProTimeOff') && after.pro?.timeOff?.errors.length === 0)
        fail('SALVA ASSENZA neither sends her time off nor says why');
    }
    if (event.type === 'effect.settle' && event.src === 'createProTimeOff' && answer) {
      if (answer.ok && !toastsOf(after).some((t) => t.type === 'success')) fail('a time off saved is not said');
      if (!answer.ok && !after.pro?.timeOff?.errors.includes('')) fail('a time off refused is not said under the form');
    }
    if (event.type === 'effect.settle' && event.src === 'cancelTimeOff' && answer) {
      const toasts = toastsOf(after);
      if (!toasts.some((t) => t.type === (answer.ok ? 'success' : 'error'))) fail('a cancelled time off is not said');
      if (!answer.ok && answer.status === 409 && !after.calls.includes('loadProTimeOff'))
        fail('a time off over meanwhile: her list is not read again');
    }
    this.teamBoard(before, event, after, answer, fail);
    // Each answer said; a request that changed meanwhile read again; any other failure leaves her form as it was.
    if (event.type === 'effect.settle' && PRO_ANSWERS.includes(event.src) && answer) {
      const toasts = toastsOf(after);
      if (answer.ok) {
        if (!toasts.some((t) => t.type === 'success')) fail(`an answer (${event.src}) is not said`);
        if (after.pro?.request?.open !== null) fail(`the answer's form stays open after ${event.src}`);
      } else {
        if (!toasts.some((t) => t.type === 'error' && t.title === answer.message))
          fail(`a refused ${event.src} is not said`);
        const changed = answer.status === 409;
        if (changed && !after.calls.includes('loadProRequest'))
          fail('a request that changed meanwhile is not read again');
        if (!changed && event.src !== 'acceptRequest' && after.pro?.request?.open !== request?.open)
          fail(`a failed ${event.src} loses what she was doing`);
      }
    }
  }

  /**
   * Issue 16: an appointment's screens, moving it, the waitlist of a sold-out day and its offer's
   * link. Cancel and move only while free (the server says so with the appointment), a confirmation
   * before cancelling, the move asks for a time, each answer said in a toast.
   */
  /**
   * Issue 40, her hours: 'she sets her weekly hours from a date on (several ranges a day, a day off);
   * the appointments a change leaves outside them are kept, listed, and she may hand each over to a
   * colleague'. Judged in every state the model reaches (the rules of a state), and on her presses
   * and the answers (the rules of a step).
   */
  private hours(
    before: Observation,
    event: SystemEvent,
    after: Observation,
    answer: Answer,
    fail: (rule: string) => void,
  ) {
    const now = after.pro?.hours;
    // The rules of a state: only an appointment listed outside her hours is marked handed over; her
    // messages show only on a form that is shown; a save and a hand-over are never out at once.
    if (now) {
      if (now.handedOver.some((id) => !now.outside.includes(id)))
        fail('an appointment is marked handed over that is not listed outside her hours');
      if (now.shown !== 'ready' && (now.errors.length > 0 || now.saving || now.handingOver))
        fail('her hours’ form says or sends something while her hours are not shown');
      if (now.saving && now.handingOver) fail('a week saved and an appointment handed over at once');
    }
    const was = before.pro?.hours;
    if (!was || was.shown !== 'ready') return;
    if (event.type === 'pro.hours.submit') {
      const sent = after.calls.includes('saveProHours') && !before.calls.includes('saveProHours');
      // A second press while the week is sent sends nothing more.
      if (was.saving && after.calls.filter((call) => call === 'saveProHours').length > 1)
        fail('SALVA ORARI pressed again while the week is sent sends it twice');
      if (!was.saving && !was.handingOver) {
        const minutes = (time: string) =>
          time === '24:00' ? 1440 : Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
        const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
        const broken = event.form.days.some((ranges) =>
          ranges.some(
            (r) =>
              !TIME.test(r.start) || r.start === '24:00' || !TIME.test(r.end) || minutes(r.end) <= minutes(r.start),
          ),
        );
        const early = event.form.validFrom === '' || event.form.validFrom < after.today;
        if ((broken || early) && sent) fail('a week with a range ending before it starts, or from a day gone, is sent');
        if (!sent && now?.errors.length === 0) fail('SALVA ORARI neither sends her week nor says why');
      }
    }
    if (event.type === 'effect.settle' && event.src === 'saveProHours' && answer) {
      if (answer.ok) {
        if (!toastsOf(after).some((t) => t.type === 'success')) fail('her week saved is not said');
        // The appointments it leaves outside are kept and listed: those the answer names, each shown.
        const listed = (answer.output as { outside: { id: string }[] }).outside.map((appointment) => appointment.id);
        if (JSON.stringify(now?.outside ?? []) !== JSON.stringify(listed))
          fail('the appointments left outside her new hours are not the ones listed');
      } else if (!now?.errors.includes('')) fail('her week refused is not said under the form');
    }
    if (event.type === 'pro.hours.handOver' && !was.saving && !was.handingOver) {
      const may = was.outside.includes(event.bookingId) && !was.handedOver.includes(event.bookingId);
      if (may !== after.calls.includes('handOverAppointment'))
        fail(
          may
            ? 'an appointment outside her hours is not handed over'
            : 'an appointment not listed outside her hours is handed over',
        );
    }
    if (event.type === 'effect.settle' && event.src === 'handOverAppointment' && answer) {
      if (!toastsOf(after).some((t) => t.type === (answer.ok ? 'success' : 'error'))) fail('a hand-over is not said');
      if (answer.ok && !now?.handedOver.includes(was.outside.find((id) => !was.handedOver.includes(id)) ?? ''))
        fail('the appointment handed over is not marked');
      if (!answer.ok && answer.status === 409 && !after.calls.includes('loadProHours'))
        fail('an appointment in her hours now: her hours are not read again');
    }
  }

  private afterBooking(
    before: Observation,
    event: SystemEvent,
    after: Observation,
    answer: Answer,
    fail: (rule: string) => void,
  ) {
    const toasts = toastsOf(after);
    const toasted = (type: string, title: string) => toasts.some((t) => t.type === type && t.title === title);
    const modal = Object.values(before.dialogs).some(Boolean);
    const appointment = before.appointment;
    if (event.type === 'appointment.cancel' && !modal && appointment?.shown === 'ready') {
      if (appointment.cancellable !== after.dialogs.cancelAppointment)
        fail(
          appointment.cancellable
            ? 'ANNULLA APPUNTAMENTO does not ask for confirmation'
            : 'an appointment past its free cancellation asks to cancel',
        );
      if (after.calls.includes('cancelAppointment')) fail('the appointment was cancelled without confirmation');
    }
    if (event.type === 'appointment.keep' && before.dialogs.cancelAppointment) {
      if (after.dialogs.cancelAppointment || after.calls.includes('cancelAppointment'))
        fail('NO, TIENILO does not close the dialog and keep the appointment');
    }
    if (event.type === 'appointment.confirmCancel' && before.dialogs.cancelAppointment) {
      if (!after.calls.includes('cancelAppointment')) fail('SÌ, ANNULLA does not cancel');
    }
    // Issue 27: another time offered is accepted at once, declined only after 'Rifiuti il nuovo orario?'.
    const offered =
      appointment?.shown === 'ready' && appointment.offeredInsteadOf !== null && appointment.status !== 'cancelled';
    if (event.type === 'appointment.acceptOffer' && !modal && appointment?.shown === 'ready') {
      if (offered !== after.calls.includes('answerOffer'))
        fail(offered ? 'ACCETTA IL NUOVO ORARIO does not answer the offer' : 'an offer answered without one');
    }
    if (event.type === 'appointment.declineOffer' && !modal && appointment?.shown === 'ready') {
      if (offered !== after.dialogs.declineOffer)
        fail(offered ? 'RIFIUTA does not ask for confirmation' : 'an appointment without an offer asks to decline one');
      if (after.calls.includes('answerOffer')) fail('the offer was declined without confirmation');
    }
    if (event.type === 'appointment.keep' && before.dialogs.declineOffer) {
      if (after.dialogs.declineOffer || after.calls.includes('answerOffer'))
        fail('NO, TORNA INDIETRO does not close the dialog and keep the offer');
    }
    if (event.type === 'appointment.confirmDeclineOffer' && before.dialogs.declineOffer) {
      if (!after.calls.includes('answerOffer')) fail('SÌ, RIFIUTA does not decline the offer');
    }
    if (event.type === 'appointment.reminder' && !modal && appointment?.shown === 'ready') {
      if (appointment.status !== 'cancelled' && !after.calls.includes('setAppointmentReminder'))
        fail('the two-hour reminder box does not save the choice');
    }
    if (event.type === 'effect.settle' && answer) {
      const failed = !answer.ok;
      const output = answer.ok ? (answer.output as { status?: string; date?: string; startTime?: string }) : null;
      switch (event.src) {
        case 'loadAppointment':
          if (failed && after.appointment?.shown !== 'failed') fail('an appointment that cannot be read is not said');
          if (!failed && after.appointment?.status !== output?.status) fail('the appointment read is not shown');
          break;
        case 'cancelAppointment':
          if (failed) {
            if (!toasted('error', answer.message)) fail('a refused cancellation without its error toast');
            if (!after.calls.includes('loadAppointment'))
              fail('a refused cancellation does not read the appointment again');
          } else {
            if (after.appointment?.status !== 'cancelled') fail('a cancelled appointment is not shown cancelled');
            if (after.dialogs.cancelAppointment) fail('the cancel dialog stays open after cancelling');
            if (!toasted('success', AFTER_BOOKING_COPY.cancelled)) fail(`no toast '${AFTER_BOOKING_COPY.cancelled}'`);
          }
          break;
        case 'answerOffer': {
          // Declined from its dialog ('Rifiuti il nuovo orario?'), accepted from the screen.
          const declined = before.dialogs.declineOffer;
          if (failed) {
            if (!toasted('error', answer.message)) fail('a refused answer to the offer without its error toast');
            if (!after.calls.includes('loadAppointment')) fail('a refused answer does not read the appointment again');
          } else if (declined) {
            if (after.appointment?.status !== 'cancelled') fail('a declined offer does not cancel the appointment');
            if (after.dialogs.declineOffer) fail('the decline dialog stays open after declining');
            if (!toasted('success', AFTER_BOOKING_COPY.cancelled)) fail(`no toast '${AFTER_BOOKING_COPY.cancelled}'`);
          } else {
            if (after.appointment?.status !== 'confirmed') fail('an accepted offer is not shown confirmed');
            if (after.appointment?.offeredInsteadOf !== null) fail('an accepted offer still asks for an answer');
            if (!toasted('success', AFTER_BOOKING_COPY.offerAccepted))
              fail(`no toast '${AFTER_BOOKING_COPY.offerAccepted}'`);
          }
          break;
        }
        case 'setAppointmentReminder':
          if (failed && !toasted('error', answer.message)) fail('a refused reminder without its error toast');
          if (!failed && !toasted('success', AFTER_BOOKING_COPY.reminderSaved))
            fail(`no toast '${AFTER_BOOKING_COPY.reminderSaved}'`);
          break;
        case 'rescheduleAppointment':
          if (failed) {
            if (!toasted('error', answer.message)) fail('a refused move without its error toast');
            if (after.screen !== 'appointmentReschedule') fail('a refused move leaves the move screen');
            if (after.move?.time !== null) fail('a refused move keeps the time that was taken');
            if (after.move?.date !== null && after.move?.slots !== 'loading')
              fail('a refused move does not read the day’s times again');
          } else {
            if (after.screen !== 'appointment') fail(`a move leads to ${after.screen}, not the appointment`);
            if (after.appointment?.date !== output?.date || after.appointment?.startTime !== output?.startTime)
              fail('the appointment is not shown at its new time');
            if (!toasted('success', AFTER_BOOKING_COPY.moved)) fail(`no toast '${AFTER_BOOKING_COPY.moved}'`);
          }
          break;
        case 'joinWaitlist':
          if (failed) {
            if (!toasted('error', answer.message)) fail('a refused waitlist without its error toast');
            if (!after.dialogs.waitlist) fail('a refused waitlist closes its dialog');
          } else {
            if (after.dialogs.waitlist) fail('the waitlist dialog stays open after joining');
            if (!toasted('success', AFTER_BOOKING_COPY.waitlistJoined))
              fail(`no toast '${AFTER_BOOKING_COPY.waitlistJoined}'`);
          }
          break;
        case 'loadWaitlistOffer':
          this.waitlistOffer(after, answer, fail);
          break;
        // Issue 27: 'Prenota di nuovo' opens the wizard as a waitlist offer's link does, on the day she had asked for.
        case 'loadRebook':
          this.waitlistOffer(after, answer, fail);
          break;
        default:
          break;
      }
    }
    // Moving it: a day from today on, a time asked before the move, the day's times asked anew.
    const move = before.move;
    if (move && after.move && !modal) {
      switch (event.type) {
        case 'reschedule.date':
          if (event.date < before.today) {
            if (after.move.date !== move.date) fail('a day before today was picked for the move');
          } else {
            if (after.move.date !== event.date || after.move.time !== null)
              fail('picking a day for the move does not set it and clear the time');
            if (after.move.slots !== 'loading') fail('picking a day for the move does not load its times');
          }
          break;
        case 'reschedule.clearDate':
          if (after.move.date !== null || after.move.time !== null || after.move.slots !== 'noDate')
            fail('clearing the move’s day keeps a day or a time');
          break;
        case 'reschedule.time':
          if (after.move.time !== event.availableTime.startTime) fail('the move’s time not set');
          break;
        case 'reschedule.keepProfessional':
          if (after.move.keepProfessional !== event.keep || after.move.time !== null)
            fail('her professional’s box does not change the times asked for');
          if (move.date !== null && after.move.slots !== 'loading')
            fail('changing the professional does not reload times');
          break;
        case 'reschedule.confirm':
          if (move.time === null) {
            if (after.calls.includes('rescheduleAppointment')) fail('a move without a time was sent');
            if (!toasted('error', COPY.selectTime)) fail(`a move without a time does not say '${COPY.selectTime}'`);
          } else if (!after.calls.includes('rescheduleAppointment')) fail('SPOSTA QUI with a time does not move it');
          break;
        default:
          break;
      }
    }
    // The waitlist dialog: her e-mail checked as SPEC §5 checks an e-mail, then sent.
    if (event.type === 'waitlist.open' && !modal && !after.dialogs.waitlist) fail('the waitlist dialog does not open');
    if (event.type === 'waitlist.join' && before.dialogs.waitlist && before.waitlistErrors !== null) {
      const invalid = event.email.trim() === '' || !isEmail(event.email);
      const sent = after.calls.includes('joinWaitlist');
      if (invalid && (sent || !after.waitlistErrors?.includes('email')))
        fail('an invalid waitlist e-mail was not refused');
      if (!invalid && !sent) fail('a valid waitlist e-mail was not sent');
    }
    if (event.type === 'waitlist.close' && before.dialogs.waitlist && after.dialogs.waitlist)
      fail('CHIUDI does not close the waitlist dialog');
  }

  /**
   * Issue 29, from the issue: the invitation's link (its token) or the personal area's 'Valuta' (her
   * session) opens the appointment's rating screen, which reads it; without either it is closed (the
   * booking start). She gives each professional 1 to 5 stars ('Scegli da 1 a 5 stelle' otherwise,
   * nothing sent) and may add a comment; INVIA LA VALUTAZIONE sends what she chose, once (pressed again
   * while it is sent, the button is busy and nothing more goes); saved, she is thanked; a refusal of
   * the server (404, 409) is said in place of the form; no answer is said and her choice stays; a
   * rating past its 30 days is shown, final, with nothing to send.
   */
  private rating(
    before: Observation,
    event: SystemEvent,
    after: Observation,
    answer: Answer,
    fail: (rule: string) => void,
  ) {
    const shown = after.phase === 'signedOut' || after.phase === 'signedIn';
    if (event.type === 'route.changed' && RATING_PATH.test(event.path.replace(/\/+$/, '')) && shown) {
      const path = event.path.replace(/\/+$/, '');
      const id = decodeURIComponent(path.split('/')[2] ?? '');
      const token = new URLSearchParams(event.search ?? '').get('token');
      const signedIn = before.phase === 'signedIn' && after.phase === 'signedIn';
      const settledOut = before.phase === 'signedOut' || (before.phase === 'booting' && !before.signedIn);
      if (token || signedIn) {
        if (after.screen !== 'appointmentRating') fail(`${path} shows ${after.screen}, not the rating screen`);
        else if (after.rating?.id !== id) fail(`${path} rates appointment ${after.rating?.id}`);
        const again = before.screen === 'appointmentRating' && before.rating?.id === id;
        if (!again && !after.calls.includes('loadRating')) fail(`${path} does not read the appointment to rate`);
      } else if (settledOut && after.phase === 'signedOut' && after.screen !== 'booking')
        fail(`${path} without a session nor a token shows ${after.screen}, not the booking start`);
    }
    const form = before.rating;
    const sent = after.rating?.sending ?? null;
    if (event.type === 'rating.submit' && form?.shown === 'form') {
      if (form.sending !== null) {
        // Pressed again while it is sent: the one call in flight stays the only one.
        if (sent !== form.sending) fail('INVIA LA VALUTAZIONE pressed again while sending sent the rating again');
      } else {
        const missing = Object.entries(form.choices).filter(([, choice]) => choice.stars === null);
        if (missing.length > 0) {
          if (after.calls.includes('rateAppointment')) fail('a rating without stars was sent');
          for (const [professional] of missing)
            if (after.rating?.errors[`${professional}.stars`] !== RATING_MESSAGES.chooseStars)
              fail(`a rating without stars does not say '${RATING_MESSAGES.chooseStars}'`);
        } else if (!sent) fail('INVIA LA VALUTAZIONE with her stars chosen does not send the rating');
        else {
          const chosen = Object.entries(form.choices)
            .map(([professionalId, choice]) => `${professionalId}:${choice.stars}:${choice.comment.trim()}`)
            .sort();
          const sending = sent.ratings.map((r) => `${r.professionalId}:${r.stars}:${r.comment}`).sort();
          if (JSON.stringify(sending) !== JSON.stringify(chosen))
            fail(`the rating sent (${sending.join(', ')}) is not what she chose (${chosen.join(', ')})`);
        }
      }
    }
    // While it is sent the form says so (its button busy): a second press cannot send it again.
    if (after.rating && after.calls.includes('rateAppointment') && !after.rating.busy)
      fail('the rating form is not busy while the rating is sent');
    // A rating final (past its 30 days) offers nothing to send.
    if (event.type.startsWith('rating.') && form?.shown === 'final' && after.calls.includes('rateAppointment'))
      fail('a final rating was sent');
    if (event.type !== 'effect.settle' || !answer || !['loadRating', 'rateAppointment'].includes(event.src)) return;
    const now = after.rating;
    if (!answer.ok) {
      const refused = event.src === 'loadRating' || answer.status === 404 || answer.status === 409;
      if (refused) {
        if (now?.shown !== 'failed' || now.message !== answer.message)
          fail(`a refusal of ${event.src} is not said in place of the form ('${answer.message}')`);
      } else {
        if (!toastsOf(after).some((t) => t.type === 'error' && t.title === answer.message))
          fail('a rating that got no answer is not said');
        if (now?.shown !== 'form' || JSON.stringify(now.choices) !== JSON.stringify(form?.choices))
          fail('a rating that got no answer loses what she chose');
      }
      return;
    }
    const rating = answer.output as {
      editable: boolean;
      professionals: { _id: string; stars: number | null; comment: string | null }[];
    };
    if (!rating.editable) {
      if (now?.shown !== 'final') fail('a rating past its 30 days is not shown final');
      return;
    }
    if (now?.shown !== 'form') fail(`an editable rating read shows ${now?.shown}, not the form`);
    for (const professional of rating.professionals)
      if (now?.choices[professional._id]?.stars !== professional.stars)
        fail('the form does not show the stars the server keeps');
    if (event.src === 'rateAppointment' && !now?.thanked) fail(`a saved rating does not say '${RATING_PAGE.thanks}'`);
    if (event.src === 'loadRating' && now?.thanked) fail('a rating read thanks her before she sent anything');
  }

  /** The offer's link: the freed day with the draft she left, on the first step still incomplete. */
  private waitlistOffer(after: Observation, answer: NonNullable<Answer>, fail: (rule: string) => void) {
    if (after.screen !== 'booking') fail(`a waitlist offer leads to ${after.screen}, not the booking`);
    if (!answer.ok) {
      if (!toastsOf(after).some((t) => t.type === 'error' && t.title === answer.message))
        fail('a waitlist link that no longer works without its error toast');
      return;
    }
    const offer = answer.output as { date: string; draft: { draft: Draft; services: ServiceList | null } | null };
    if (!offer.draft) return;
    if (after.draft.date !== offer.date || after.draft.availableTime !== null)
      fail(`the offer opens ${after.draft.date}, not the freed day ${offer.date} without a time`);
    // Issue 16: time freed 'on that day in that zone for those services', whoever works it.
    if (after.draft.providerId !== null) fail('the offer opens the day filtered by a professional');
    const steps = stepsOf(flowOf(after.draft));
    const expected = steps.find((step) =>
      refusalOf(step, after.draft, kindOfStep(step) === 'service' ? offer.draft!.services : null),
    );
    if (after.step !== expected) fail(`the offer opens ${after.step}, not the first incomplete step ${expected}`);
  }

  /** SPEC §1/§7: analytics fire on popup — one popup event for each dialog (or upsell box) that opens. */
  private popups(before: Observation, after: Observation, fail: (rule: string) => void) {
    const opened = (Object.keys(after.dialogs) as (keyof Observation['dialogs'])[]).filter(
      (dialog) => after.dialogs[dialog] && !before.dialogs[dialog],
    );
    if (after.upsellOpen && !before.upsellOpen) opened.push('upsell' as never);
    const popups = after.effects.filter(
      (e) => e.type === 'track' && (e.params as { event?: string }).event === 'popup',
    );
    if (popups.length !== opened.length) {
      fail(`${popups.length} popup events for ${opened.length} dialogs opened (${opened.join(', ') || 'none'})`);
    }
  }

  private lastSlotsAnswer: Answer = null;

  /**
   * Issue 28: the time she picked is hers while the page shows it chosen on the data or checkout
   * step, and given back when it no longer does; its hold lasts SLOT_HOLD_MINUTES unless renewed;
   * lapsed or taken, she is told and sees the day's times with the rest of her draft kept. Judged
   * against the world's side (what her calls asked and were answered), remembered along a path.
   */
  private holds(
    before: Observation,
    event: SystemEvent,
    now: Observation,
    answer: Answer,
    fail: (rule: string) => void,
  ) {
    // One at a time: a release answered after a new hold would end the new one.
    if (now.calls.includes('holdSlot') && now.calls.includes('releaseHold'))
      fail('a hold and a release of her time are asked at once');
    if (now.hold.countdown && chosenTime(now) === null) fail('the checkout counts down a hold with no time chosen');
    if (!this.alongPath) return;
    const m = this.memory;
    // The world's side of this step. A page left (reload, a typed URL, Back to another page) gives her
    // time back with the pagehide beacon (src/app/hold-beacon.ts, checked in Chromium): the new page asks anew.
    if (now.pageLoads !== before.pageLoads) m.held = null;
    if (event.type === 'timer.elapse') m.heldFor += (DELAYS as Record<string, number>)[event.delay] ?? 0;
    const settled = event.type === 'effect.settle' ? event.src : null;
    const output = answer?.ok ? (answer.output as { held?: boolean; renewed?: boolean; message?: string }) : null;
    const told = (message: string | undefined) =>
      toastsOf(now).some((toast) => toast.title === message) ? null : `she is not told '${message}'`;
    // What she must see when her time is lost (taken, or lapsed): the day's times, that time not chosen.
    const lost = (why: string, message: string | undefined) => {
      const problems = [
        chosenTime(before) !== null && now.draft.availableTime !== null && 'the time is still chosen',
        kindOfStep(now.step) !== 'data' && `she is on ${now.step}, not the day's times`,
        now.draft.date !== before.draft.date && 'the day changed',
        JSON.stringify(now.draft.services) !== JSON.stringify(before.draft.services) && 'the services changed',
        told(message),
      ].filter((problem): problem is string => typeof problem === 'string');
      if (problems.length > 0) fail(`${why}: ${problems.join(', ')}`);
    };
    if (settled === 'holdSlot') {
      if (output?.held === true) {
        m.held = m.asked;
        m.heldFor = 0;
      } else if (output?.held === false) {
        // Her pick: a time she was shown chosen when it was asked (a hold asked while no time was shown,
        // as the page changed under it, was no pick of hers: its refusal is not hers to be told).
        if (m.asked !== null && chosenTime(before) === m.asked)
          lost('her pick was taken by someone else', output.message);
      } else m.held = 'unknown';
    }
    if (settled === 'renewHold') {
      if (output?.renewed === true) m.heldFor = 0;
      else if (output?.renewed === false) {
        m.held = null;
        lost('her hold was found lapsed', output.message);
      } else m.held = 'unknown';
    }
    if (settled === 'createBooking' && answer?.ok) m.booked = true;
    // Calls the step started come after the answers it heard (a release started by a hold's answer).
    if (now.calls.includes('holdSlot') && !before.calls.includes('holdSlot')) m.asked = chosenTime(now);
    if (now.calls.includes('releaseHold') && !before.calls.includes('releaseHold')) m.held = null;
    if (event.type === 'checkout.submit') m.booked = false;
    const chosen = chosenTime(now);
    const lapsed = m.heldFor >= SLOT_HOLD_MINUTES * 60_000;
    // The step her hold lapses on (no renewal answered in time).
    const holding = m.held !== null && m.held !== 'unknown' && m.held === chosenTime(before);
    if (event.type === 'timer.elapse' && holding && lapsed && !before.calls.includes('createBooking')) {
      m.held = null;
      lost('her hold lapsed', MESSAGES.slotHoldExpired);
    }
    // Settled (no hold call, no booking on its way): the time shown chosen is the one held for her.
    const pending = ['holdSlot', 'releaseHold', 'renewHold', 'createBooking'].some((src) => now.calls.includes(src));
    const shown = now.phase === 'signedIn' || now.phase === 'signedOut';
    if (pending || !shown || m.held === 'unknown' || m.booked) return;
    if (chosen !== null && m.held !== chosen) fail(`the time shown chosen (${chosen}) is not held for her (${m.held})`);
    if (chosen === null && m.held !== null) fail(`her time ${m.held} is still held after she left it`);
    if (chosen !== null && m.held === chosen) {
      if (lapsed) fail('a time shown chosen after its hold lapsed');
      const checkout = kindOfStep(now.step) === 'checkout';
      if (checkout && !now.hold.countdown) fail('the checkout does not say how long her time is held');
      const lastMinute = m.heldFor >= (SLOT_HOLD_MINUTES - 1) * 60_000;
      if (checkout && now.hold.lastMinute !== lastMinute)
        fail(lastMinute ? 'her last minute is not announced' : 'her last minute is announced too early');
    }
  }

  private remember(before: Observation, event: SystemEvent, after: Observation) {
    const m = this.memory;
    const restarted =
      after.pageLoads !== before.pageLoads ||
      (after.slots?.shown === 'loading' && before.slots?.shown !== 'loading') ||
      (after.slots?.shown === 'loading' &&
        ['date.set', 'provider.clear', 'providerFilter.apply'].includes(event.type) &&
        after.draft !== before.draft) ||
      // Issue 28: a time lost (taken, lapsed) has the day's times read again, whatever was loading.
      (after.slots?.shown === 'loading' && before.draft.availableTime !== null && after.draft.availableTime === null);
    if (restarted) {
      m.slotsAnswered = false;
      m.slotsElapsed = false;
      this.lastSlotsAnswer = null;
    }
    if (event.type === 'confirmation.continue' && before.dialogs.confirmation && kindOfStep(after.step) === 'checkout')
      m.confirmedTime = JSON.stringify([after.draft.date, after.draft.availableTime]);
    if (JSON.stringify([after.draft.date, after.draft.availableTime]) !== m.confirmedTime) m.confirmedTime = null;
    if (wizardSlotsAnswered(event)) m.slotsAnswered = true;
    if (wizardSlotsWaited(event)) m.slotsElapsed = true;
    if (event.type === 'effect.settle' && event.src === 'askResetPassword') m.resetSent = after.sessionForm === 'sent';
    if (after.screen !== 'askResetPassword') m.resetSent = false;
  }
}

/**
 * The wizard's times answered, or their minimum 1 s passed: the data step's own slots, not the move's
 * of an appointment screen left behind (issue 16: both can load at once; a walk goes from one to the other).
 */
const wizardSlotsAnswered = (event: SystemEvent): boolean =>
  event.type === 'effect.settle' && event.src === 'loadAvailableTimes' && event.actor === 'slots';
const wizardSlotsWaited = (event: SystemEvent): boolean =>
  event.type === 'timer.elapse' && event.delay === 'slotsMinimumLoading' && event.actor === 'slots';

/** Issue 28: the time the page shows chosen on a data or checkout step (day, start, professional), else null. */
const chosenTime = (now: Observation): string | null => {
  const kind = kindOfStep(now.step);
  const { date, availableTime, providerId } = now.draft;
  if (now.screen !== 'booking' || (kind !== 'data' && kind !== 'checkout') || !date || !availableTime) return null;
  return JSON.stringify([date, availableTime.startTime, providerId]);
};

const toastsOf = (observation: Observation): Toast[] =>
  observation.effects.filter((effect) => effect.type === 'showToast').map((effect) => effect.params as Toast);

const storedMessage = (observation: Observation, message: string) =>
  observation.effects.some(
    (effect) => effect.type === 'storeToastMessage' && (effect.params as { message: string }).message === message,
  );

const sameRecord = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** SPEC §4 logout: stores reset: the draft is the empty one again. */
const emptyDraftProblems = (draft: Draft, today: string): string[] =>
  [
    draft.location !== null && 'location',
    draft.participants !== null && 'participants',
    draft.category !== null && 'category',
    draft.hair !== null && 'hair',
    draft.salottoCategories.length > 0 && 'salottoCategories',
    draft.salottoNotes !== '' && 'salottoNotes',
    draft.services.services.length > 0 && 'services',
    draft.availableTime !== null && 'availableTime',
    draft.providerId !== null && 'providerId',
    draft.couponCodeDiscount !== 0 && 'couponCodeDiscount',
    draft.participantsCount !== 2 && 'participantsCount',
    draft.date !== today && 'date',
  ].filter((problem): problem is string => typeof problem === 'string');
