/**
 * The test model of the whole app actor: which events a user (or the world) can send in each
 * state, with meaningful payloads, and which part of a state matters (serializeState). Kept
 * small on purpose: wizard events only while the booking is shown, session-screen events only
 * on their screens, draft details only where the current step reads them.
 */
import { getShortestPaths } from 'xstate/graph';
import type { AnyMachineSnapshot } from 'xstate';
import type { AppContext, AppInput } from '../app/context';
import type { AppEvent } from '../app/events';
import type { SlotsAnswer } from '../slots/machine';
import type { Appointment } from '../../contract/appointment';
import type { Location } from '../../contract/location';
import { TEAM_ROLE } from '../../contract/constants';
import { FLOW_STEPS, flowOf, kindOf, pathOfStep } from '../shared/draft';
import { canGoBack, canGoForward, currentEntry, type BrowserEvent } from './browser';
import { ownerLocation, type AddressFieldId } from './person';
import {
  APPOINTMENT_ID,
  EMPTY_CHECKOUT_FORM,
  MANAGE_TOKEN,
  INVALID_PROFILE_FORM,
  PRO_USER,
  TEAM_USER,
  SERVICES,
  SLOT_INSTANT,
  SLOT_TO_CONFIRM,
  SUGGESTION_FULL,
  SUGGESTION_NO_NUMBER,
  TODAY,
  TOMORROW,
  TO_RATE,
  VALID_CHECKOUT_FORM,
  VALID_PROFILE_FORM,
  WAITLIST_ENTRY,
  YESTERDAY,
} from './fixtures';
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

/** The time she offers instead (issue 27): one of her free times (pro-fixtures.ts TIMES) that is not the one asked. */
const PRO_OFFERED_TIME = '15:00';
import {
  createSystemLogic,
  delayName,
  ROOT,
  systemEvents,
  outcomesOf,
  type EdgeListener,
  type SystemEvent,
  type SystemSnapshot,
  type Timer,
} from './system';

/** The timers of the hold of her time (issue 28, machines/app/hold.ts): minutes that pass while she goes on. */
export const isHoldTimer = (timer: Timer): boolean =>
  timer.actor === ROOT && ['holdWarning', 'holdLastMinute'].includes(delayName(timer.id));

const route = (path: string, search = ''): AppEvent => ({ type: 'route.changed', path, search });

/** URLs a visitor may open at start or from a session screen. */
export const SESSION_ROUTES: AppEvent[] = [
  route('/booking/location'),
  route('/'),
  route('/login'),
  route('/login', '?token=tok-1'),
  route('/ask-reset-password'),
  route('/reset-password', '?token=tok-1&email=anna%40example.it'),
  route('/reset-password'),
  route('/pagina-inesistente'),
];

/**
 * Issue 16's links: an appointment's e-mail link (its token opens it without a password), its move's,
 * the same URLs without the token (a visitor who dropped it), a waitlist offer's link. Offered as the
 * first URL (an e-mail opens a new page; a link followed from another screen is a scenario's), and
 * the personal area's GESTISCI.
 */
const WAITLIST_LINK = route(`/waitlist/${WAITLIST_ENTRY.entryId}`, `?token=${WAITLIST_ENTRY.token}`);
export const LINK_ROUTES: AppEvent[] = [
  route(`/appointments/${APPOINTMENT_ID}`, `?token=${MANAGE_TOKEN}`),
  route(`/appointments/${APPOINTMENT_ID}`),
  route(`/appointments/${APPOINTMENT_ID}/reschedule`, `?token=${MANAGE_TOKEN}`),
  route(`/appointments/${APPOINTMENT_ID}/reschedule`),
  WAITLIST_LINK,
  // Issue 27: a declined request's 'Prenota di nuovo', with its token and (a visitor who dropped it) without.
  route(`/appointments/${APPOINTMENT_ID}/rebook`, `?token=${MANAGE_TOKEN}`),
  route(`/appointments/${APPOINTMENT_ID}/rebook`),
  // Issue 29: the invitation to rate it (its token), and the same URL without the token.
  route(`/appointments/${APPOINTMENT_ID}/rating`, `?token=${MANAGE_TOKEN}`),
  route(`/appointments/${APPOINTMENT_ID}/rating`),
];

/** The personal area's GESTISCI: the appointment's screen, without a token. */
const MANAGE_FROM_HOME = route(`/appointments/${APPOINTMENT_ID}`);
/** Issue 29: the personal area's 'Valuta' of a past appointment: its rating screen, without a token. */
const RATE_FROM_HOME = route(`/appointments/${APPOINTMENT_ID}/rating`);

/**
 * Issue 29: on the rating screen, the same URL with and without its token (a visitor who dropped it),
 * and another appointment's invitation; from that one, the first one's again.
 */
const RATING_ROUTES = {
  same: [route(`/appointments/${APPOINTMENT_ID}/rating`, `?token=${MANAGE_TOKEN}`), RATE_FROM_HOME],
  other: route('/appointments/b-2/rating', `?token=${MANAGE_TOKEN}`),
};
const ratingRoutes = (sys: SystemSnapshot): AppEvent[] => {
  if (!sys.kids.rating) return [];
  return onFirstAppointment(sys) ? [...RATING_ROUTES.same, RATING_ROUTES.other] : [RATING_ROUTES.same[0]!];
};

/** The professional of the appointment she rates (fixtures.ts TO_RATE: Giulia). */
const RATED_PROFESSIONAL = TO_RATE.professionals[0]!._id;

/**
 * Issue 27, the professionals' side: her agenda, the requests, a request (the e-mail's link) and
 * another one. The first URL of a page that loads that side (the `professional` and `proVisitor`
 * starts); from the personal area, /pro typed on a page that has not loaded it.
 */
const PRO_ROUTES = {
  agenda: route('/pro'),
  requests: route('/pro/requests'),
  request: route(`/pro/requests/${PRO_REQUEST.id}`),
  salotto: route(`/pro/requests/${PRO_SALOTTO.id}`),
  // Issue 40: her time off.
  timeOff: route('/pro/time-off'),
  // Issue 40: the team's board.
  team: route('/pro/team'),
  // Issue 40: her hours.
  hours: route('/pro/hours'),
};
const PRO_ENTRY: AppEvent[] = Object.values(PRO_ROUTES);

/** Where the professionals' screens link to: the agenda ⇄ the requests ⇄ a request (and another one). */
const proRoutes = (sys: SystemSnapshot): AppEvent[] => {
  const context = sys.root.context as AppContext;
  if (!sys.root.matches({ session: { signedIn: 'pro' } })) return [];
  if (context.screen === 'proAgenda')
    return [PRO_ROUTES.requests, PRO_ROUTES.request, PRO_ROUTES.timeOff, PRO_ROUTES.hours];
  // Issue 40: her time off and her hours link back to her agenda.
  if (context.screen === 'proTimeOff' || context.screen === 'proHours') return [PRO_ROUTES.agenda];
  // Issue 40: the team lands on the requests, which link to its board; the board links back to them.
  const team = context.user?.roles.includes(TEAM_ROLE) === true;
  if (context.screen === 'proTeam') return [PRO_ROUTES.requests];
  if (context.screen === 'proRequests')
    return [PRO_ROUTES.agenda, PRO_ROUTES.request, PRO_ROUTES.salotto, ...(team ? [PRO_ROUTES.team] : [])];
  return [PRO_ROUTES.requests, context.proRequest === PRO_REQUEST.id ? PRO_ROUTES.salotto : PRO_ROUTES.request];
};

type ProOfferContext = { offer: { date: string } };

/** The professionals' screens offer what their machine takes now (its buttons show, or are enabled, then). */
const proOffers = (sys: SystemSnapshot, event: AppEvent): boolean => {
  const kid =
    sys.kids.proRequest ??
    sys.kids.proRequests ??
    sys.kids.proAgenda ??
    sys.kids.proTimeOff ??
    sys.kids.proTeamBoard ??
    sys.kids.proHours;
  return kid?.snapshot.can(event as never) === true;
};

/**
 * On an appointment's screens: its manage screen (the move's way back, or the same URL with or
 * without its token), the move (SPOSTA APPUNTAMENTO, shown while it can be moved), and another
 * appointment's (a second e-mail's link).
 */
const APPOINTMENT_ROUTES = {
  manage: [
    route(`/appointments/${APPOINTMENT_ID}`, `?token=${MANAGE_TOKEN}`),
    route(`/appointments/${APPOINTMENT_ID}`),
  ],
  move: [
    route(`/appointments/${APPOINTMENT_ID}/reschedule`, `?token=${MANAGE_TOKEN}`),
    route(`/appointments/${APPOINTMENT_ID}/reschedule`),
  ],
  other: [
    route('/appointments/b-2', `?token=${MANAGE_TOKEN}`),
    route('/appointments/b-2/reschedule', `?token=${MANAGE_TOKEN}`),
    route('/appointments/b-2'),
  ],
};

/** The appointment routes a person can take from the screen shown. */
const appointmentRoutes = (sys: SystemSnapshot): AppEvent[] => {
  const manage = sys.kids.appointment?.snapshot;
  if (!manage) return [];
  // Another appointment is opened and left: its screens are this one's (explored on b-1).
  if (sys.kids.reschedule || !onFirstAppointment(sys)) return APPOINTMENT_ROUTES.manage;
  const appointment = (manage.context as { appointment: Appointment | null }).appointment;
  const movable = manage.matches({ ready: 'idle' }) && appointment?.reschedulable === true;
  return [...APPOINTMENT_ROUTES.manage, ...(movable ? APPOINTMENT_ROUTES.move : []), ...APPOINTMENT_ROUTES.other];
};

/** Every event a user can send, with the payloads worth telling apart. */
export const USER_EVENTS: AppEvent[] = [
  { type: 'session.login', email: 'demo@musa.example', password: 'Musa2026!' },
  { type: 'session.login', email: 'demo', password: '' },
  // Issue 27: a professional signs in on the same /login (Martina, the seeded one of Torino).
  { type: 'session.login', email: PRO_USER.email, password: 'Musa2026!' },
  // Issue 40: the team signs in there too, where its board was asked for (elsewhere it would explore
  // the team's whole side once more).
  { type: 'session.login', email: TEAM_USER.email, password: 'Musa2026!' },
  { type: 'session.logout' },
  { type: 'session.askReset', email: 'anna@example.it' },
  { type: 'session.askReset', email: '' },
  // Issue 43: 'Controlla le tue Email!' closed by Escape, a click outside or its close button.
  { type: 'resetConfirmation.close' },
  { type: 'session.completeSignup', password: 'Segreta2026', firstName: 'Anna', lastName: 'Rossi' },
  { type: 'session.completeSignup', password: 'corta', firstName: '', lastName: '' },
  { type: 'profile.open' },
  { type: 'profile.cancel' },
  { type: 'profile.submit', form: VALID_PROFILE_FORM },
  { type: 'profile.submit', form: INVALID_PROFILE_FORM },
  { type: 'profile.address.focus' },
  { type: 'profile.address.blur' },
  { type: 'profile.address.type', value: 'Via Roma' },
  { type: 'profile.address.type', value: 'Via Roma 2' },
  { type: 'profile.address.type', value: '' },
  { type: 'profile.address.select', suggestion: SUGGESTION_FULL },
  { type: 'profile.address.select', suggestion: SUGGESTION_NO_NUMBER },
  { type: 'profile.address.enter' },
  { type: 'profile.address.streetNumber', value: '2' },
  { type: 'step.next' },
  { type: 'step.back' },
  { type: 'address.focus' },
  { type: 'address.blur' },
  { type: 'address.type', value: 'Via Roma' },
  { type: 'address.type', value: 'Via Roma 2' },
  { type: 'address.type', value: '' },
  { type: 'address.select', suggestion: SUGGESTION_FULL },
  { type: 'address.select', suggestion: SUGGESTION_NO_NUMBER },
  { type: 'address.enter' },
  { type: 'address.streetNumber', value: '2' },
  // Issue 43: another number (a correction of the first, or typed again when the field shows anew).
  { type: 'address.streetNumber', value: '24' },
  { type: 'address.streetNumber', value: ' ' },
  { type: 'outOfZone.subscribe', email: 'anna@example.it' },
  { type: 'outOfZone.subscribe', email: 'anna@' },
  { type: 'outOfZone.close' },
  { type: 'outOfZone.useOtherAddress' },
  { type: 'participants.set', participants: 'default' },
  { type: 'participants.set', participants: 'salotto' },
  { type: 'participantsCount.increment' },
  { type: 'participantsCount.decrement' },
  { type: 'category.set', category: 'hair' },
  { type: 'category.set', category: 'beauty' },
  { type: 'category.set', category: 'make-up' },
  { type: 'salottoCategory.toggle', category: 'hair' },
  { type: 'salottoCategory.toggle', category: 'beauty' },
  { type: 'hair.set', hair: 'long' },
  { type: 'details.notes', notes: 'Festa di compleanno' },
  { type: 'services.retry' },
  { type: 'service.selectMain', service: SERVICES.piega },
  { type: 'service.selectMain', service: SERVICES.trucco },
  {
    type: 'service.pickSecondary',
    service: SERVICES.manicure,
    group: [SERVICES.manicure.id, SERVICES.manicureSemi.id],
  },
  {
    type: 'service.pickSecondary',
    service: SERVICES.frangia,
    group: [SERVICES.frangia.id, SERVICES.frangiaTendina.id],
  },
  { type: 'service.toggleSecondary', service: SERVICES.maschera },
  { type: 'service.toggleSecondary', service: SERVICES.piega },
  { type: 'service.toggleSecondary', service: SERVICES.manicure },
  { type: 'upsell.open', groupId: 'g-piega' },
  { type: 'upsell.open', groupId: 'g-mani' },
  { type: 'upsell.open', groupId: 'g-frangia' },
  { type: 'upsell.close' },
  { type: 'upsell.choose', groupId: 'g-piega', service: SERVICES.piegaLunga },
  { type: 'date.set', date: TOMORROW },
  { type: 'date.set', date: TODAY },
  { type: 'date.set', date: YESTERDAY },
  { type: 'date.clear' },
  { type: 'time.set', availableTime: SLOT_INSTANT },
  { type: 'time.set', availableTime: SLOT_TO_CONFIRM },
  { type: 'provider.clear' },
  { type: 'providerFilter.open' },
  { type: 'providerFilter.select', providerId: 'prov-giulia' },
  { type: 'providerFilter.apply' },
  { type: 'providerFilter.close' },
  { type: 'confirmation.continue' },
  { type: 'confirmation.close' },
  { type: 'coupon.enable' },
  { type: 'coupon.disable' },
  { type: 'coupon.input', code: 'BENVENUTA10' },
  { type: 'coupon.apply' },
  { type: 'coupon.remove' },
  { type: 'checkout.submit', form: VALID_CHECKOUT_FORM },
  { type: 'checkout.submit', form: EMPTY_CHECKOUT_FORM },
  // Issue 28: MI SERVE PIÙ TEMPO (or typing on) in the hold's last minute.
  { type: 'hold.extend' },
  // Issue 16: the waitlist of a sold-out day, an appointment's screen, moving it.
  { type: 'waitlist.open' },
  { type: 'waitlist.join', email: 'anna@example.it' },
  { type: 'waitlist.join', email: 'anna@' },
  { type: 'waitlist.close' },
  { type: 'appointment.cancel' },
  { type: 'appointment.keep' },
  { type: 'appointment.confirmCancel' },
  { type: 'appointment.reminder', twoHoursBefore: true },
  { type: 'appointment.reminder', twoHoursBefore: false },
  // Issue 27: another time offered: ACCETTA IL NUOVO ORARIO, RIFIUTA and its SÌ, RIFIUTA.
  { type: 'appointment.acceptOffer' },
  { type: 'appointment.declineOffer' },
  { type: 'appointment.confirmDeclineOffer' },
  { type: 'reschedule.date', date: TOMORROW },
  { type: 'reschedule.date', date: YESTERDAY },
  { type: 'reschedule.clearDate' },
  { type: 'reschedule.time', availableTime: SLOT_INSTANT },
  { type: 'reschedule.time', availableTime: SLOT_TO_CONFIRM },
  { type: 'reschedule.keepProfessional', keep: false },
  { type: 'reschedule.keepProfessional', keep: true },
  { type: 'reschedule.confirm' },
  // Issue 27, the professionals' side: her agenda's more days, a list read again, a request's answers.
  { type: 'pro.retry' },
  { type: 'pro.moreDays' },
  { type: 'pro.accept' },
  { type: 'pro.decline.open' },
  { type: 'pro.decline.close' },
  { type: 'pro.decline.submit', reason: 'busy', message: '' },
  { type: 'pro.decline.submit', reason: 'other', message: '' },
  { type: 'pro.offer.open' },
  // Another day than the one asked for (TOMORROW, the request's): the day before it.
  { type: 'pro.offer.day', date: TODAY },
  { type: 'pro.offer.pick', startTime: PRO_OFFERED_TIME },
  { type: 'pro.offer.submit' },
  { type: 'pro.offer.close' },
  { type: 'pro.quote.open' },
  { type: 'pro.quote.submit', total: '450', includes: 'Piega e trucco per tre persone', team: [] },
  // The consultation call's outcome names another make-up artist than the proposed one.
  { type: 'pro.quote.submit', total: '450', includes: 'Piega e trucco per tre persone', team: [OTHER_MAKE_UP] },
  { type: 'pro.quote.submit', total: '', includes: '', team: [] },
  { type: 'pro.quote.close' },
  // Issue 40: her time off: three days saved, SALVA ASSENZA on the blank form, the saved one cancelled.
  { type: 'pro.timeOff.submit', form: DAYS_OFF_FORM },
  { type: 'pro.timeOff.submit', form: BLANK_TIME_OFF_FORM },
  { type: 'pro.timeOff.cancel', timeOffId: DAYS_OFF.id },
  // Issue 40: the team's board: Milano's instead, the appointment to place given to Giulia, Martina's
  // sick day entered, SALVA ASSENZA on the blank form.
  { type: 'pro.board.show', zoneId: 'milano', date: TOMORROW },
  { type: 'pro.board.reassign', bookingId: TO_PLACE.id, category: null, professionalId: 'pro-giulia' },
  { type: 'pro.board.timeOff', professionalId: 'pro-martina', form: SICK_DAY_FORM },
  { type: 'pro.board.timeOff', professionalId: 'pro-martina', form: BLANK_TIME_OFF_FORM },
  // Issue 40: her hours: a new week from next Monday saved, one with a range reversed, the appointment outside handed over.
  { type: 'pro.hours.submit', form: NEW_WEEK_FORM },
  { type: 'pro.hours.submit', form: REVERSED_WEEK_FORM },
  { type: 'pro.hours.handOver', bookingId: OUTSIDE.id },
  // Issue 29: Giulia's stars (4, then 1 instead), a comment, INVIA LA VALUTAZIONE (with or without stars chosen).
  { type: 'rating.stars', professionalId: RATED_PROFESSIONAL, stars: 4 },
  { type: 'rating.stars', professionalId: RATED_PROFESSIONAL, stars: 1 },
  { type: 'rating.comment', professionalId: RATED_PROFESSIONAL, comment: 'Bravissima' },
  { type: 'rating.submit' },
];

/**
 * Events the machine handles but no screen sends (checked against src/ in tests/machines): never
 * offered, and their transitions are not counted as reachable (machines/paths.ts).
 */
export const UNSENT_EVENTS: readonly string[] = [
  'service.include',
  'service.addSecondary',
  'service.removeSecondary',
  'service.clearExtras',
  'draft.reset',
];

/** Events only children send to the root: never offered as user events. */
const CHILD_EVENTS = new Set([
  'location.set',
  'location.clear',
  'location.clearStreetNumber',
  'location.outOfZone',
  'provider.set',
  'coupon.applied',
  'coupon.removed',
  'session.userUpdated',
  // Issue 28: the hold region tells the steps; the checkout's submission tells the hold region.
  'hold.lost',
  'booking.sending',
  'booking.failed',
]);

const SESSION_EVENT = /^(session|profile|appointment|reschedule|rating)\./;

/** The buttons of a dialog: sent only from the open dialog. */
const DIALOG_EVENT =
  /^(providerFilter\.(select|apply|close)|confirmation\.|outOfZone\.|waitlist\.(join|close)|appointment\.(keep|confirmCancel|confirmDeclineOffer)|resetConfirmation\.)/;

/** The service-step events that fit each flow's fixture list (others only multiply states). */
const SERVICE_EVENTS: Record<string, (event: AppEvent) => boolean> = {
  hair: (event) =>
    (event.type === 'service.selectMain' && event.service.id === SERVICES.piega.id) ||
    (event.type === 'upsell.open' && ['g-piega', 'g-frangia'].includes(event.groupId)) ||
    (event.type === 'service.pickSecondary' && event.service.id === SERVICES.frangia.id) ||
    (event.type === 'service.toggleSecondary' && event.service.id === SERVICES.maschera.id) ||
    ['upsell.close', 'upsell.choose'].includes(event.type),
  beauty: (event) =>
    event.type === 'service.pickSecondary' || (event.type === 'upsell.open' && event.groupId === 'g-mani'),
  'make-up': (event) => event.type === 'service.selectMain' && event.service.id === SERVICES.trucco.id,
  salotto: (event) =>
    event.type === 'service.toggleSecondary' && [SERVICES.piega.id, SERVICES.manicure.id].includes(event.service.id),
};

/** The service list shown lists this service (its sections' items). */
const listShows = (sys: SystemSnapshot, serviceId: string): boolean => {
  const list = (sys.root.context as AppContext).services;
  return [list?.mainServices, list?.secondaryServices].some((group) =>
    (group?.sections ?? []).some((section) =>
      section.items.some((item) => item.services.some((service) => service.id === serviceId)),
    ),
  );
};

/**
 * What the page lets a person do with the data the world gave: a slot of the kind the day offers,
 * a professional the filter lists (SPEC §6: only the ones the customer met), APPLICA only with a
 * code typed (SPEC §5).
 */
const canDo = (sys: SystemSnapshot, event: AppEvent): boolean => {
  const slots = sys.kids.slots?.snapshot.context as
    { times: { instantBooking: boolean }[]; providers: { _id: string }[] } | undefined;
  switch (event.type) {
    case 'time.set':
      return (slots?.times ?? []).some((time) => time.instantBooking === event.availableTime.instantBooking);
    case 'reschedule.time': {
      const move = sys.kids.moveSlots?.snapshot;
      const times = (move?.context as { times: { instantBooking: boolean }[] } | undefined)?.times ?? [];
      return (
        move?.matches({ times: 'available' }) === true &&
        times.some((time) => time.instantBooking === event.availableTime.instantBooking)
      );
    }
    case 'providerFilter.select':
      return (slots?.providers ?? []).some((provider) => provider._id === event.providerId);
    case 'service.selectMain':
      return listShows(sys, event.service.id);
    case 'service.pickSecondary':
    case 'service.toggleSecondary': {
      // SPEC §2: extras are disabled until a main service is chosen, when the list has main ones.
      const context = sys.root.context as AppContext;
      const hasMain = flowOf(context.draft) === 'hair' || flowOf(context.draft) === 'make-up';
      return listShows(sys, event.service.id) && (!hasMain || context.draft.services.primaryService !== null);
    }
    case 'address.select':
    case 'profile.address.select': {
      // A suggestion of the list shown (the answer to the query typed, fixtures.ts searchAddresses):
      // the page draws the options only while the list shows (src/components/address-combobox.tsx).
      const picker = sys.kids[event.type === 'address.select' ? 'addressPicker' : 'profileAddress']?.snapshot;
      const suggestions = (picker?.context as { suggestions: { placeId: string }[] } | undefined)?.suggestions ?? [];
      return (
        picker?.matches({ open: 'results' }) === true &&
        suggestions.some((suggestion) => suggestion.placeId === event.suggestion.placeId)
      );
    }
    case 'coupon.apply':
      return ((sys.kids.coupon?.snapshot.context as { code?: string } | undefined)?.code ?? '').trim() !== '';
    case 'address.streetNumber':
    case 'profile.address.streetNumber':
      return houseNumberShows(sys, event.type === 'address.streetNumber' ? 'addressPicker' : 'profileAddress');
    default:
      return true;
  }
};

/**
 * The house-number field shows (src/components/address-combobox.tsx): while a number is asked or
 * looked up, or whenever the address its owner holds has none (the draft's, the profile dialog's).
 * She types in it then (issue 43: whenever it shows); the list is closed by then, her click in the
 * number field having left the address field.
 */
const houseNumberShows = (sys: SystemSnapshot, field: AddressFieldId): boolean => {
  const picker = sys.kids[field]?.snapshot;
  if (!picker || picker.matches('open')) return false;
  const held = ownerLocation({ root: sys.root, kid: (id) => sys.kids[id]?.snapshot }, field);
  return (
    picker.matches('needsStreetNumber') ||
    picker.matches('lookingUpNumber') ||
    (held !== null && !(held.components.streetNumber ?? '').trim())
  );
};

/**
 * Transitions the model does not offer, with the reason: the page never sends their event in the
 * state their guard asks for, or the model's lists and the signed-in filter play the same handler
 * in another flow. Not counted as reachable (machines/paths.ts); `npm run paths` lists them.
 */
export const UNOFFERED_TRANSITIONS: Readonly<Record<string, string>> = {
  'coupon|coupon.on|coupon.apply|0': 'APPLICA is disabled (and Enter ignored) while no code is typed (SPEC §5)',
  'coupon|coupon.removed|coupon.apply|0': 'the field is emptied on removal: APPLICA is disabled until a code is typed',
  'app|beauty-details|details.notes|0': 'the beauty details step is a placeholder without a notes field (SPEC §2)',
  'app|make-up-details|details.notes|0': 'the make-up details step is a placeholder without a notes field (SPEC §2)',
  // The same service handlers as the hair flow's (covered there), on lists of the model that have
  // no such control (fixtures.ts SERVICE_LISTS; the seeded salotto list has only checkboxes too).
  'app|beauty-service|service.selectMain|0': "the model's beauty list has extras only (no main service)",
  'app|beauty-service|service.toggleSecondary|0': "the model's beauty list has no checkbox extras",
  'app|make-up-service|service.pickSecondary|0': "the model's make-up list has no extras",
  'app|make-up-service|service.toggleSecondary|0': "the model's make-up list has no extras",
  'app|make-up-service|upsell.open|0': "the model's make-up list has no variant group",
  'app|make-up-service|upsell.close|0': "the model's make-up list has no variant group",
  'app|make-up-service|upsell.choose|0': "the model's make-up list has no variant group",
  'app|salotto-service|service.selectMain|0': 'a salotto list has checkbox extras only',
  'app|salotto-service|service.pickSecondary|0': 'a salotto list has checkbox extras only',
  'app|salotto-service|upsell.open|0': 'a salotto list has no variant group',
  'app|salotto-service|upsell.close|0': 'a salotto list has no variant group',
  'app|salotto-service|upsell.choose|0': 'a salotto list has no variant group',
  // The professional filter lists the professionals a customer met (SPEC §6): only a customer signed
  // in uses it, in the hair flow (the demo customer met her hairdresser); the handlers are the same.
  'app|beauty-data|providerFilter.select|0': 'the filter is played signed in, in the hair flow',
  'app|make-up-data|providerFilter.select|0': 'the filter is played signed in, in the hair flow',
  'app|salotto-data|providerFilter.select|0': 'the filter is played signed in, in the hair flow',
  'app|beauty-data|provider.set|0': 'the filter is played signed in, in the hair flow',
  'app|beauty-data|provider.clear|0': 'the filter is played signed in, in the hair flow',
  'app|make-up-data|provider.set|0': 'the filter is played signed in, in the hair flow',
  'app|make-up-data|provider.clear|0': 'the filter is played signed in, in the hair flow',
  'app|salotto-data|provider.set|0': 'the filter is played signed in, in the hair flow',
  'app|salotto-data|provider.clear|0': 'the filter is played signed in, in the hair flow',
  // The error page is the router's error boundary (a screen that failed to draw or whose chunk did
  // not load): no person asks for it, and the model plays no broken screen. The page sends these;
  // tests/screens/error-page.test.tsx checks the shell follows them.
  'app|app|errorPage.shown|0': 'sent by the error page, which only a broken screen shows',
  'app|app|errorPage.left|0': 'sent by the error page, which only a broken screen shows',
  'app|app.wizard.salotto-flow.data.picking|step.next|2':
    'a salotto slot is never instant (quoted after a consultation call, SPEC §1): AVANTI always asks confirmation',
  // Issue 29: saved, the form holds the stars the server kept for each professional (all she sent):
  // INVIA LA VALUTAZIONE cannot lack stars there.
  'rating|rating.form.saved|rating.submit|0': 'saved, every professional has the stars she sent: nothing to refuse',
};

/** A dialog that is open takes every event: the page under it cannot be reached. */
const openModal = (sys: SystemSnapshot): string | null => {
  if (sys.kids.outOfZone) return 'outOfZone.';
  // Issue 43: 'Controlla le tue Email!' (its link TORNA ALLA LOGIN is a route, offered with the others).
  if (sys.root.matches({ session: { signedOut: { askResetPassword: 'confirming' } } })) return 'resetConfirmation.';
  if (sys.kids.confirmation) return 'confirmation.';
  const slots = sys.kids.slots?.snapshot;
  if (slots && !slots.matches({ filter: 'closed' })) return 'providerFilter.';
  const profile = sys.kids.profileDialog?.snapshot;
  if (profile && profile.value !== 'closed') return 'profile.';
  if (sys.kids.waitlist) return 'waitlist.';
  if (sys.kids.appointment?.snapshot.hasTag('dialog')) return 'appointment.';
  if (sys.kids.proRequest?.snapshot.hasTag('dialog')) return 'pro.decline.';
  return null;
};

const onFirstAppointment = (sys: SystemSnapshot) => (sys.root.context as AppContext).appointment?.id === APPOINTMENT_ID;

/** What the appointment screen offers: cancel while free, the reminder's box (a toggle), the move's controls. */
const appointmentOffers = (sys: SystemSnapshot, event: AppEvent): boolean => {
  if (!onFirstAppointment(sys)) return false;
  const manage = sys.kids.appointment?.snapshot;
  const appointment = (manage?.context as { appointment: Appointment | null } | undefined)?.appointment ?? null;
  const idle = manage?.matches({ ready: 'idle' }) === true && appointment !== null;
  const move = sys.kids.reschedule?.snapshot;
  // The move's screen shows its controls for an appointment that can be moved (else it says why).
  const picking =
    move?.matches('picking') === true && manage?.matches('ready') === true && appointment?.reschedulable === true;
  const moveContext = move?.context as { date: string | null; keepProfessional: boolean } | undefined;
  switch (event.type) {
    // Offered past the free window too: the page hides the button then, and the machine must refuse
    // it all the same (a refusal takes no transition, so no path the browser replays carries it;
    // the oracle judges it among the explored steps).
    case 'appointment.cancel':
      return idle && !sys.kids.reschedule;
    case 'appointment.reminder':
      return (
        idle && appointment.status !== 'cancelled' && appointment.twoHoursReminder !== event.twoHoursBefore && !move
      );
    // Each dialog's own buttons (both dialogs take NO, … as `appointment.keep`).
    case 'appointment.confirmCancel':
      return manage?.matches({ ready: 'confirmingCancel' }) === true;
    case 'appointment.confirmDeclineOffer':
      return manage?.matches({ ready: 'confirmingDeclineOffer' }) === true;
    // The offer's buttons show only with an offer (issue 27).
    case 'appointment.acceptOffer':
    case 'appointment.declineOffer':
      return idle && appointment.offeredInsteadOf !== null && !move;
    case 'reschedule.date':
      return picking && moveContext?.date !== event.date;
    case 'reschedule.clearDate':
      return picking && moveContext?.date !== null;
    case 'reschedule.time':
      return picking && canDo(sys, event);
    case 'reschedule.keepProfessional':
      return picking && appointment?.professionalName != null && moveContext?.keepProfessional !== event.keep;
    case 'reschedule.confirm':
      return picking && appointment?.reschedulable === true;
    default:
      return true;
  }
};

type RatingChoices = { choices: Record<string, { stars: number | null; comment: string }> };

/**
 * Issue 29: the rating form shows (editing, or thanked after a save) on the first appointment's
 * screen: stars she has not chosen already, a comment other than the one typed, INVIA LA VALUTAZIONE.
 */
const ratingOffers = (sys: SystemSnapshot, event: AppEvent): boolean => {
  const rating = sys.kids.rating?.snapshot;
  if (!rating || !onFirstAppointment(sys)) return false;
  if (!rating.matches({ form: 'editing' }) && !rating.matches({ form: 'saved' })) return false;
  const choice = (rating.context as RatingChoices).choices[RATED_PROFESSIONAL];
  if (event.type === 'rating.stars') return choice?.stars !== event.stars;
  if (event.type === 'rating.comment') return choice?.comment !== event.comment;
  return event.type === 'rating.submit';
};

/** Issue 29: INVIA LA VALUTAZIONE pressed again while the rating is sent (the button shows, busy). */
const ratingImpatient = (sys: SystemSnapshot): SystemEvent[] =>
  sys.kids.rating?.snapshot.matches({ form: 'submitting' }) === true ? [{ type: 'rating.submit' }] : [];

const isServiceEvent = (event: AppEvent) => event.type.startsWith('service.') || event.type.startsWith('upsell.');

const ownEventTypes = (snapshot: AnyMachineSnapshot): Set<string> =>
  new Set(snapshot._nodes.flatMap((node) => [...node.transitions.keys()]));

const showsWizard = (sys: SystemSnapshot) => sys.root.matches({ session: { signedOut: 'booking' } });

/**
 * What a person does with the browser in the wizard (machines/testing/browser.ts): Back and Forward
 * while the history has somewhere to go, a reload, and a URL typed in the address bar.
 *
 * The exhaustive model (`walk: false`) types her flow's checkout (past the steps she has done, or
 * not) and the booking start, and leaves Back and Forward on the address step to the walks: there
 * they multiply the address picker's states by every entry behind and ahead (18 000 states against
 * 3 500, measured). A random walk (`walk: true`, tests/oracle/walks.test.ts) types every step of her
 * flow and presses Back and Forward anywhere.
 */
export const browserEvents = (sys: SystemSnapshot, walk = false): BrowserEvent[] => {
  if (!currentEntry(sys.browser)) return [];
  const context = sys.root.context as AppContext;
  const flow = flowOf(context.draft);
  const steps = walk ? FLOW_STEPS[flow] : [FLOW_STEPS[flow].at(-1)!, FLOW_STEPS[flow][0]!];
  const history = walk || context.step !== 'location';
  return [
    ...(history && canGoBack(sys.browser) ? [{ type: 'browser.back' } as const] : []),
    ...(history && canGoForward(sys.browser) ? [{ type: 'browser.forward' } as const] : []),
    { type: 'browser.reload' },
    ...steps.map((step) => ({ type: 'browser.open' as const, path: pathOfStep(step) })),
  ];
};

/**
 * Issue 40: the browser on a screen outside the wizard (the professionals' and the team's pages, her
 * appointment, her rating, her personal area, the login): Back and Forward while the history has
 * somewhere to go, a reload, and its own URL typed again. The random walks take them
 * (tests/oracle/walks.test.ts); the exhaustive model plays these screens by their links and buttons.
 */
const screenBrowserEvents = (sys: SystemSnapshot): BrowserEvent[] => {
  const shown = currentEntry(sys.browser);
  if (!shown) return [];
  return [
    ...(canGoBack(sys.browser) ? [{ type: 'browser.back' } as const] : []),
    ...(canGoForward(sys.browser) ? [{ type: 'browser.forward' } as const] : []),
    { type: 'browser.reload' },
    { type: 'browser.open', path: shown.path, search: shown.search },
  ];
};

/**
 * What an impatient person presses while the app waits for a call or a timer (a slow phone): what
 * the screen still shows. AVANTI on any step; the promo box while its code is checked; the upsell
 * box's close during its pause; Enter in the address field during a lookup; RICHIEDI PRENOTAZIONE
 * pressed again while the booking is sent. A random walk also presses INDIETRO and the browser's Back
 * while the app waits (in the exhaustive model they double its states: left to the walks).
 */
const IMPATIENT: SystemEvent[] = [
  { type: 'step.next' },
  { type: 'coupon.disable' },
  { type: 'upsell.close' },
  { type: 'address.enter' },
  { type: 'checkout.submit', form: VALID_CHECKOUT_FORM },
  // Issue 43: the house number corrected while the first one is looked up (a slow geocoder), and
  // INDIETRO while the booking is sent (in the walks: at any wait).
  { type: 'address.streetNumber', value: '24' },
  { type: 'step.back' },
];
const IMPATIENT_WALK: SystemEvent[] = [...IMPATIENT, { type: 'browser.back' }];
/** Issue 43: the exhaustive model's Back while the booking is sent, the browser's besides INDIETRO. */
const IMPATIENT_SENDING: SystemEvent[] = [...IMPATIENT, { type: 'browser.back' }];

/** The promo box shows ticked: the page lets her untick it, whatever the machine then does. */
const couponTicked = (sys: SystemSnapshot): boolean =>
  sys.kids.coupon !== undefined && !sys.kids.coupon.snapshot.matches('off');

const impatientEvents = (sys: SystemSnapshot, walk: boolean): SystemEvent[] => {
  if (!showsWizard(sys) || openModal(sys)) return [];
  const own = ownEventTypes(sys.root);
  const sending = sys.effects.some((effect) => effect.src === 'createBooking');
  return (walk ? IMPATIENT_WALK : sending ? IMPATIENT_SENDING : IMPATIENT).filter((event) => {
    if (event.type === 'browser.back') return canGoBack(sys.browser);
    if (!own.has(event.type)) return false;
    // The box shows ticked in every state but off (src/screens/booking/coupon-block.tsx), checking included.
    if (event.type === 'coupon.disable') return couponTicked(sys);
    if (event.type === 'upsell.close') return sys.kids.upsell?.snapshot.matches('open') === true;
    if (event.type === 'address.enter') return sys.kids.addressPicker !== undefined;
    // The number field shows while her number is looked up or checked (issue 43).
    if (event.type === 'address.streetNumber')
      return houseNumberShows(sys, 'addressPicker') && sys.kids.addressPicker?.snapshot.hasTag('busy') === true;
    // In the exhaustive model INDIETRO during a wait only while the booking is sent (elsewhere it
    // doubles the states: left to the walks).
    if (event.type === 'step.back') return walk || sending;
    return true;
  });
};

/** Issue 43: a signed-in person presses Esci (the header's) whatever the app is doing, a call pending too. */
const impatientLogout = (sys: SystemSnapshot): SystemEvent[] =>
  sys.root.matches({ session: 'signedIn' }) &&
  !openModal(sys) &&
  !sys.root.matches({ session: { signedIn: 'leavingForProSide' } })
    ? [{ type: 'session.logout' }]
    : [];

/**
 * The events worth trying in a state. Wizard events only while the booking shows and signed
 * out (the wizard is the same signed in); URLs only where they exercise a rule (start, session
 * screens, the booking start); the browser's own buttons in the wizard.
 */
export const modelEvents = (sys: SystemSnapshot, options: { wizard?: boolean; walk?: boolean } = {}): SystemEvent[] => {
  const walk = options.walk === true;
  // Issue 27: the page is loading anew at the professionals' side: nothing more happens on this one.
  if (sys.root.matches({ session: { signedIn: 'leavingForProSide' } })) return [];
  // While an effect or a timer is pending the world answers, and she may press what still shows.
  // The hold's clock (issue 28) runs for minutes while she goes on: it is one more thing that may
  // happen, not something she waits for.
  if (sys.effects.length > 0 || sys.timers.some((timer) => !isHoldTimer(timer)))
    return [
      ...systemEvents(sys),
      ...(options.wizard !== false ? impatientEvents(sys, walk) : []),
      ...ratingImpatient(sys),
      ...impatientLogout(sys),
    ];
  // Issue 43: the visitor left her booking part-way for another screen by the header (ACCEDI while
  // the upsell box was open): what matters there is what the step left behind; she comes back with
  // Back. Signing in from there would explore the customer's screens again under every draft.
  if (
    options.wizard !== false &&
    sys.root.matches({ session: 'signedOut' }) &&
    !showsWizard(sys) &&
    (sys.root.context as AppContext).step !== 'location'
  )
    return [...systemEvents(sys), ...(canGoBack(sys.browser) ? [{ type: 'browser.back' } as const] : [])];
  const modal = openModal(sys);
  // Each dialog offers its own buttons (the appointment's two dialogs share its events' prefix).
  if (modal)
    return [
      ...USER_EVENTS.filter(
        (event) =>
          event.type.startsWith(modal) &&
          canDo(sys, event) &&
          (modal !== 'appointment.' || appointmentOffers(sys, event)),
      ),
      // The reset confirmation's link TORNA ALLA LOGIN.
      ...(modal === 'resetConfirmation.' ? [route('/login')] : []),
    ];
  const own = ownEventTypes(sys.root);
  const flow = flowOf((sys.root.context as AppContext).draft);
  const serviceReady =
    sys.root.matches({ session: { signedOut: 'booking' } }) && sys.root._nodes.some((node) => node.key === 'ready');
  const context = sys.root.context as AppContext;
  const wizard = showsWizard(sys) && options.wizard !== false;
  const user = USER_EVENTS.filter((event) => {
    // AVANTI shows on every step but checkout (where the form's RICHIEDI PRENOTAZIONE is
    // checkout.submit), whether the step takes it now or not (issue 43: a service list that failed).
    if (event.type === 'step.next' && wizard && kindOf(context.step) !== 'checkout') return true;
    if (!own.has(event.type) || CHILD_EVENTS.has(event.type)) return false;
    // A dialog's own buttons exist only while it is open (offered above, as the dialog's events).
    if (DIALOG_EVENT.test(event.type)) return false;
    if (/^(appointment|reschedule)\./.test(event.type)) return appointmentOffers(sys, event);
    if (event.type.startsWith('rating.')) return ratingOffers(sys, event);
    if (event.type === 'session.login' && event.email === TEAM_USER.email && context.pendingScreen !== 'proTeam')
      return false;
    // The offer's day field sends a day only when it changes.
    if (event.type === 'pro.offer.day')
      return (
        proOffers(sys, event) && (sys.kids.proRequest?.snapshot.context as ProOfferContext).offer.date !== event.date
      );
    // Issue 40: she enters her days off once (listed, the same days again would be refused as
    // overlapping: the model's list would otherwise grow without end); the blank form while no message shows.
    if (event.type === 'pro.timeOff.submit') {
      const timeOff = sys.kids.proTimeOff?.snapshot.context as
        { timeOff: unknown[]; errors: Record<string, string> } | undefined;
      const blank = event.form.startDate === '';
      return (
        proOffers(sys, event) &&
        (blank ? Object.keys(timeOff?.errors ?? {}).length === 0 : (timeOff?.timeOff.length ?? 0) === 0)
      );
    }
    // Issue 40: the board shows another city once (its own city again reads nothing new); the blank
    // sick-day form while no message shows; the sick day once per board read (its errors cleared).
    if (event.type === 'pro.board.show') {
      const board = sys.kids.proTeamBoard?.snapshot.context as { zoneId: string | null } | undefined;
      return proOffers(sys, event) && board?.zoneId !== event.zoneId;
    }
    // The sick-day form shows only on a board with professionals (Milano's has none), for one of them.
    if (event.type === 'pro.board.timeOff') {
      const board = sys.kids.proTeamBoard?.snapshot.context as
        { errors: Record<string, string>; board: { columns: { professional: { id: string } }[] } | null } | undefined;
      const listed = board?.board?.columns.some((c) => c.professional.id === event.professionalId) === true;
      const blankOk = event.form.startDate !== '' || Object.keys(board?.errors ?? {}).length === 0;
      return proOffers(sys, event) && listed && blankOk;
    }
    // Issue 40: her new week saved once (saved again, the model learns nothing new); the reversed range while no message shows.
    if (event.type === 'pro.hours.submit') {
      const hours = sys.kids.proHours?.snapshot.context as
        { saved: number; errors: Record<string, string> } | undefined;
      const valid = event.form === NEW_WEEK_FORM;
      return proOffers(sys, event) && (valid ? hours?.saved === 0 : Object.keys(hours?.errors ?? {}).length === 0);
    }
    if (event.type.startsWith('pro.')) return proOffers(sys, event);
    // The profile dialog opens from any screen of a session; the model opens it on the personal area
    // only (elsewhere it would multiply the states of the screen under it, not test anything new).
    // Its controls are offered while it is open (openModal, above); closed, only its opening.
    if (event.type.startsWith('profile.'))
      return event.type === 'profile.open' && sys.root.matches({ session: { signedIn: 'home' } });
    if (SESSION_EVENT.test(event.type)) return event.type !== 'session.logout' || !wizard;
    if (!wizard) return false;
    // The waitlist's button shows on a sold-out day only ('Prova a guardare un altro giorno!').
    if (event.type === 'waitlist.open') return sys.kids.slots?.snapshot.matches({ times: 'empty' }) === true;
    if (event.type === 'participantsCount.increment') return context.draft.participantsCount < 3;
    const slots = sys.kids.slots?.snapshot;
    if (event.type === 'date.set' && event.date === TOMORROW) return context.draft.date !== TOMORROW;
    if (event.type === 'date.set' && event.date === TODAY) return context.draft.date !== TODAY;
    if (event.type === 'time.set') return slots?.matches({ times: 'available' }) === true && canDo(sys, event);
    // Only a salotto's details step has a notes field (SPEC §2: the other flows' details are a placeholder).
    if (event.type === 'details.notes') return flow === 'salotto';
    // The coupon's controls are its state's (SPEC §8): 'Rimuovi' only once a code is applied, the
    // field and APPLICA while the switch is on. The root forwards every coupon event in checkout.
    if (event.type === 'coupon.disable') return couponTicked(sys);
    if (event.type.startsWith('coupon.') && sys.kids.coupon?.snapshot.can(event) !== true) return false;
    if (event.type === 'coupon.apply') return canDo(sys, event);
    if (event.type === 'address.select' || event.type === 'address.streetNumber') return canDo(sys, event);
    if (event.type === 'provider.clear') return context.draft.providerId !== null;
    // The button shows on checkout, in the hold's last minute (src/screens/booking/hold-notice.tsx).
    if (event.type === 'hold.extend') return kindOf(context.step) === 'checkout';
    // The UI opens the upsell box from a chosen service of a variant group, and offers its options.
    const chosen = context.draft.services.services;
    if (event.type === 'upsell.open' && !chosen.some((s) => s._group_id === event.groupId)) return false;
    if (event.type === 'upsell.choose') {
      const upsell = sys.kids.upsell?.snapshot;
      if (!upsell?.matches('open') || (upsell.context as { groupId: string | null }).groupId !== event.groupId)
        return false;
    }
    if (isServiceEvent(event) && event.type !== 'services.retry')
      return serviceReady && SERVICE_EVENTS[flow]!(event) && canDo(sys, event);
    return true;
  });
  const pristine =
    wizard &&
    context.step === 'location' &&
    context.draft.location === null &&
    sys.effects.length === 0 &&
    sys.timers.length === 0 &&
    sys.kids.addressPicker?.snapshot.value === 'closed' &&
    sys.kids.addressPicker.snapshot.context.query === '' &&
    sys.kids.outOfZone === undefined;
  const booting = sys.root.matches({ session: 'booting' });
  // The professionals' starts are pages that loaded that side: their first URL is one of its own
  // (src/start-app.tsx loads it only then); a customer's page's first URL is any.
  const proStart = (sys.root.context as AppContext).proSide;
  const sessionUrls = !(booting && proStart) && (booting || (own.has('route.changed') && (!wizard || pristine)));
  // A returning customer's model leaves the wizard out (the visitor's explores the waitlist's link).
  const links = options.wizard === false ? LINK_ROUTES.filter((link) => link !== WAITLIST_LINK) : LINK_ROUTES;
  // The professionals' starts open their side's pages first (issue 27); the others, once, /pro typed at home.
  const entry = booting
    ? proStart
      ? PRO_ENTRY
      : links
    : sys.root.matches({ session: { signedIn: 'home' } })
      ? [MANAGE_FROM_HOME, RATE_FROM_HOME, ...(proStart ? [] : [PRO_ROUTES.agenda])]
      : [];
  const browser = wizard ? browserEvents(sys, walk) : walk ? screenBrowserEvents(sys) : [];
  return [
    ...(sessionUrls ? SESSION_ROUTES : []),
    ...(wizard && !pristine ? headerRoutes(sys) : []),
    ...entry,
    ...appointmentRoutes(sys),
    ...ratingRoutes(sys),
    ...proRoutes(sys),
    ...user,
    ...browser,
    ...systemEvents(sys),
  ];
};

/**
 * Issue 43: the visitor's header on a booking step links away: its logo to / (SPEC §2: the booking
 * start, from any step), ACCEDI to /login. ACCEDI is offered where leaving matters, while the upsell
 * box is open (SPEC §4 'closes on route change away from /service'); the logo on every step after the
 * first (on the first, the session URLs are offered while nothing is typed).
 */
const headerRoutes = (sys: SystemSnapshot): AppEvent[] => {
  const context = sys.root.context as AppContext;
  const upsell = sys.kids.upsell?.snapshot;
  const boxOpen = upsell !== undefined && !upsell.matches('closed');
  return [...(context.step !== 'location' ? [route('/')] : []), ...(boxOpen ? [route('/login')] : [])];
};

const locationKind = (context: AppContext) =>
  context.draft.location === null ? null : context.draft.location.components.streetNumber ? 'full' : 'noNumber';

/** The draft as far as the current step reads it (earlier steps are complete by then). */
const draftSummary = (context: AppContext): unknown => {
  const { draft } = context;
  const base = { flow: flowOf(draft) };
  switch (kindOf(context.step)) {
    case 'location':
      return { location: locationKind(context), participants: draft.participants !== null };
    case 'participants':
      return { ...base, participants: draft.participants };
    case 'participants-salotto':
      return { ...base, count: draft.participantsCount };
    case 'category':
      return { ...base, category: draft.category };
    case 'category-salotto':
      return { ...base, categories: [...draft.salottoCategories].sort() };
    case 'hair':
      return { ...base, hair: draft.hair };
    case 'service':
      return {
        ...base,
        categories: draft.salottoCategories.length,
        primary: draft.services.primaryService?.id ?? null,
        secondary: draft.services.secondaryServices.map((s) => s.id).sort(),
        included: draft.services.includedService !== null,
      };
    case 'details':
      return { ...base, notes: draft.salottoNotes !== '' };
    case 'data':
      return {
        ...base,
        date: draft.date === TODAY ? 'today' : draft.date,
        time: draft.availableTime === null ? null : draft.availableTime.instantBooking ? 'instant' : 'confirm',
        provider: draft.providerId !== null,
      };
    case 'checkout':
      return { ...base, discount: draft.couponCodeDiscount > 0 };
  }
};

const answerKind = (answer: SlotsAnswer | null) =>
  answer === null ? null : !answer.ok ? 'failed' : answer.times.length > 0 ? 'times' : 'empty';

const kidSummary = (id: string, context: Record<string, unknown>): unknown => {
  switch (id) {
    case 'addressPicker':
    case 'profileAddress':
      return {
        q: context.query !== '',
        n: (context.suggestions as unknown[]).length,
        edited: context.confirmedAddress !== null && context.confirmedAddress !== context.query,
      };
    case 'slots':
    case 'moveSlots':
      // The day and the professional are the parent's (the draft, or the move): summarised there.
      return {
        n: (context.times as unknown[]).length,
        c: context.choice,
        ...(context.answer !== null || context.minimumElapsed
          ? { a: answerKind(context.answer as SlotsAnswer | null), m: context.minimumElapsed }
          : {}),
      };
    case 'appointment': {
      const appointment = context.appointment as Appointment | null;
      return (
        appointment && {
          s: appointment.status,
          c: appointment.cancellable,
          r: appointment.twoHoursReminder,
          o: appointment.offeredInsteadOf !== null,
        }
      );
    }
    case 'appointmentWhileMoving': {
      // On the move's screen only whether it can be moved is read.
      const appointment = context.appointment as Appointment | null;
      return appointment?.reschedulable ?? null;
    }
    case 'reschedule':
      return {
        date: context.date === TODAY ? 'today' : context.date,
        time: context.availableTime === null ? null : (context.availableTime as { startTime: string }).startTime,
        keep: context.keepProfessional,
      };
    case 'coupon':
      return { code: context.code, error: context.error };
    case 'upsell':
      return { g: context.groupId, next: context.nextGroupId };
    case 'profileDialog': {
      const location = context.location as Location | null;
      return {
        errors: Object.keys(context.errors as Record<string, string>),
        location: location === null ? null : location.components.streetNumber ? 'full' : 'noNumber',
      };
    }
    // Issue 27: what each professionals' screen shows of its answer.
    // More days append to the same kind of list: whether she asked for more tells it apart, not how many times.
    case 'proAgenda':
      // Issue 29: and whether her ratings show under it.
      return {
        any: (context.appointments as unknown[]).length > 0,
        more: (context.days as number) > 7,
        ratings: context.ratings !== null,
      };
    // Issue 29: her stars and whether she typed a comment, for each professional; the messages shown.
    case 'rating':
      return {
        choices: Object.values((context as unknown as RatingChoices).choices).map((choice) => [
          choice.stars,
          choice.comment !== '',
        ]),
        errors: Object.keys(context.errors as Record<string, string>),
      };
    case 'proRequests':
      return { n: (context.requests as unknown[]).length };
    // Issue 40: how many lie outside her hours and were handed over, the form's messages, how many saved.
    case 'proHours': {
      const hours = context.hours as { outside: unknown[] } | null;
      return {
        outside: hours?.outside.length ?? null,
        handedOver: (context.handedOver as unknown[]).length,
        errors: Object.keys(context.errors as Record<string, string>),
        saved: context.saved,
      };
    }
    // Issue 40: how many she has, the form's messages, whether one was saved here.
    case 'proTimeOff':
      return {
        n: (context.timeOff as unknown[]).length,
        errors: Object.keys(context.errors as Record<string, string>),
        saved: context.saved !== null,
      };
    // Issue 40: the board's city, how many to place, the refusal said, the form's messages, a sick day entered.
    case 'proTeamBoard': {
      const board = context.board as { toPlace: unknown[] } | null;
      return {
        zone: context.zoneId,
        toPlace: board?.toPlace.length ?? null,
        refusal: context.refusal,
        errors: Object.keys(context.errors as Record<string, string>),
        saved: context.saved !== null,
      };
    }
    case 'proRequest': {
      const appointment = context.appointment as { id: string; status: string; actions: string[] } | null;
      const offer = context.offer as { date: string; startTime: string | null; times: unknown[] };
      return {
        a: appointment && [appointment.id, appointment.status, appointment.actions],
        answer: context.answer,
        errors: Object.keys(context.errors as Record<string, string>),
        offer: [offer.date === TODAY ? 'today' : offer.date, offer.startTime, offer.times.length],
      };
    }
    default:
      return { errors: Object.keys((context.errors as Record<string, string> | undefined) ?? {}) };
  }
};

/**
 * Issue 43: what she remembers of an address field (machines/testing/person.ts), as far as the oracle
 * reads it: whether she changed the field since the address held was set, whether the suggestions answer the text
 * in the field, and whether that text is one of them (picked from the list).
 */
const fieldMemory = (sys: SystemSnapshot, id: string): boolean[] => {
  if (id !== 'addressPicker' && id !== 'profileAddress') return [];
  const memory = sys.person[id];
  const { query, suggestions } = sys.kids[id]!.snapshot.context as {
    query: string;
    suggestions: { description: string }[];
  };
  return [
    memory?.editedSinceSet ?? false,
    memory?.answeredFor === query,
    suggestions.some((suggestion) => suggestion.description === query),
  ];
};

const serialized = new WeakMap<SystemSnapshot, string>();

/** The part of a state that matters (cached: the graph walk asks for it many times). */
export const serializeSystem = (sys: SystemSnapshot): string => {
  const known = serialized.get(sys);
  if (known !== undefined) return known;
  const text = serializeUncached(sys);
  serialized.set(sys, text);
  return text;
};

const serializeUncached = (sys: SystemSnapshot): string => {
  const context = sys.root.context as AppContext;
  return JSON.stringify([
    sys.root.value,
    context.screen,
    sys.root.matches({ session: 'loadingProfile' }) ? context.pendingScreen : null,
    // Issue 40: the login where the team's board was asked (only there the team signs in: modelEvents).
    sys.root.matches({ session: { signedOut: 'login' } }) && context.pendingScreen === 'proTeam',
    // Issue 27: the request a URL named (the salotto is the team's alone).
    context.proRequest,
    // Who is signed in: no one, a customer, a professional or the team (issue 27: what the
    // professionals' calls answer depends on it, fixtures.ts outcomeFits).
    context.user === null
      ? null
      : context.user.roles.includes(TEAM_ROLE)
        ? 'team'
        : context.user.isProvider
          ? 'professional'
          : 'customer',
    // The appointment a URL named matters while its screens show it: which one, and whether by its link.
    // Issue 29: the rating screen's too.
    (sys.kids.appointment ?? sys.kids.rating) && context.appointment
      ? [context.appointment.id, context.appointment.token !== null]
      : null,
    sys.root.matches({ session: 'signedOut' }) ? Object.keys(context.errors) : null,
    showsWizard(sys) || context.step !== 'location' ? draftSummary(context) : null,
    Object.keys(sys.kids)
      .sort()
      .map((id) => [
        id,
        sys.kids[id]!.snapshot.value,
        kidSummary(
          id === 'appointment' && sys.kids.reschedule ? 'appointmentWhileMoving' : id,
          sys.kids[id]!.snapshot.context,
        ),
        ...fieldMemory(sys, id),
      ]),
    // A call is told apart by the answers it may give (a sign-in answers as who she typed; a list
    // asked again is answered from the cache: SystemSnapshot.cachedLists, answeredSearches).
    sys.effects.map((effect) => `${effect.actor}/${effect.src}:${outcomesOf(sys, effect).join('|')}`).sort(),
    sys.timers.map((timer) => `${timer.actor}/${timer.id}`).sort(),
    // Of the browser's history only whether Forward has somewhere to go from the date step (to a
    // checkout whose time may need confirming again): where Back and Forward lead varies with
    // everything done before (over 4 GB of states when told apart; Forward told apart everywhere
    // 8 550 against 4 890). The shortest paths take Back and Forward wherever the first walk there
    // found them; the random walks (tests/oracle/walks.test.ts) keep the whole history.
    kindOf(context.step) === 'data' && canGoForward(sys.browser),
  ]);
};

export const serializeEvent = (event: SystemEvent): string => JSON.stringify(event);

/**
 * The starts the model explores: a visitor, and a customer with a stored credential; issue 27's
 * professionals' side: a page of it opened with a stored credential (a professional, the team, or a
 * customer who typed it), and without one (she signs in).
 */
export const MODEL_INPUTS: Record<'visitor' | 'customer' | 'professional' | 'proVisitor', AppInput> = {
  visitor: { today: TODAY },
  customer: { today: TODAY, hasCredential: true },
  professional: { today: TODAY, hasCredential: true, proSide: true },
  proVisitor: { today: TODAY, proSide: true },
};

/**
 * The model of one start. A returning customer's model leaves the wizard out: once the session
 * is settled it is the visitor's wizard again, already explored.
 */
/**
 * Issue 43: the auto-select start's events: its first URL, the booking start, then what the address
 * step offers (no other URL: the session screens are the visitor's, already explored).
 */
const addressStepEvents = (sys: SystemSnapshot): SystemEvent[] => {
  if (sys.root.matches({ session: 'booting' })) return [route('/booking/location')];
  if (!showsWizard(sys) || (sys.root.context as AppContext).step !== 'location') return [];
  return modelEvents(sys).filter((event) => event.type !== 'route.changed' && event.type !== 'browser.open');
};

/**
 * The shortest path to every state of one start's model (xstate/graph's walk), with `onEdge` told of
 * every step it explored. xstate/graph's function, not `TestModel.getShortestPaths`: that one also
 * writes each path's description (every step's event as JSON), some 35 s of CPU over the ~320 000
 * steps of the model's five starts, for text nothing reads.
 */
export const shortestPathsOf = (input: AppInput, onEdge?: EdgeListener) =>
  getShortestPaths(createSystemLogic(input, onEdge), {
    // The professionals' starts leave the wizard out too: it is the visitor's, already explored.
    // Issue 43: the start with the picker's auto-select option differs on the address step only: it
    // is explored there (past it, the visitor's wizard again).
    events: (sys: SystemSnapshot) =>
      input.autoSelectAddress
        ? addressStepEvents(sys)
        : modelEvents(sys, { wizard: !input.hasCredential && !input.proSide }),
    serializeState: serializeSystem,
    serializeEvent,
  });

export { ROOT };
