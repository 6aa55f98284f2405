/**
 * Data the generated paths use: addresses, service lists, slots, users, and what each effect
 * answers. The same names let a browser replay set its fake server up alike.
 */
import type { Appointment } from '../../contract/appointment';
import type { AppointmentRating } from '../../contract/rating';
import { MESSAGES } from '../../contract/messages';
import { TEAM_ROLE } from '../../contract/constants';
import { createInitialDraft, emptyCheckoutForm, type Booking, type CheckoutFormInput } from '../../contract/booking';
import { SAVED_DRAFT_VERSION, type SavedDraft } from '../../contract/draft';
import type { Location } from '../../contract/location';
import type { Provider } from '../../contract/provider';
import type { Service, ServiceList } from '../../contract/service';
import type { AvailableTime } from '../../contract/slot';
import type { User } from '../../contract/user';
import type { Suggestion } from '../address-picker/machine';
import type { AppointmentOfferInput, AppointmentReminderInput } from '../appointment/machine';
import type { MoveInput } from '../reschedule/machine';
import type { LoadTimesInput } from '../slots/machine';
import type { RateAppointmentInput } from '../rating/machine';
import type { ProRatings } from '../pro/agenda';

const isSalottoRequest = ({ request }: LoadTimesInput): boolean =>
  request.kind === 'booking' && request.flow === 'salotto';

export { components, LOCATION_TORINO, TODAY, TOMORROW, YESTERDAY } from './days-and-places';
import { components, LOCATION_TORINO, TOMORROW } from './days-and-places';
import {
  ACCEPTED,
  CONFIRMED_TODAY,
  BOARD,
  BOARD_MILANO,
  DAYS_OFF,
  DECLINED,
  SICK_DAY,
  TO_PLACE,
  HANDED_OVER,
  HER_HOURS,
  OFFERED,
  OUTSIDE,
  SAVED_HOURS,
  REQUEST,
  SALOTTO,
  TEAM_REQUEST,
  TIMES,
} from './pro-fixtures';
import { PRO_WEEK_MESSAGES } from '../../contract/pro-week';
import type { LoadTeamBoardInput } from '../pro/team-board';

// ── Addresses, in the formats of the real services (issue 43) ──
//
// The embedded gazetteer (server/geo/geocoder.ts), the app's default: a suggestion's description is
// 'Via Roma, 2, Torino, TO, Italia' (mainText 'Via Roma, 2', secondaryText 'Torino, TO, Italia'), and
// the place it resolves to has the shorter address 'Via Roma, 2, Torino': the field shows the one,
// the draft holds the other. It suggests a house number only when one is typed (1 to 4 digits; five
// are a CAP). Google Places (src/app/google-geocoder.ts) resolves a prediction to its description,
// and confirms a typed number with the geocoder's formatted_address, the CAP before the city
// ('Via Roma, 24, 10121 Torino TO, Italia'). A number that cannot be confirmed stands as typed
// (contract/location.ts withStreetNumber: 'Via Roma, 24, Torino').

/** The street the gazetteer resolves 'Via Roma' of Torino to (no house number: it is typed apart). */
export const LOCATION_NO_NUMBER: Location = {
  address: 'Via Roma, Torino',
  googlePlaceId: 'musa:torino:via-roma',
  coordinates: { lat: 45.0677, lng: 7.6824 },
  components: components(undefined),
};

export const SUGGESTION_FULL: Suggestion = {
  placeId: 'musa:torino:via-roma:2',
  description: 'Via Roma, 2, Torino, TO, Italia',
  mainText: 'Via Roma, 2',
  secondaryText: 'Torino, TO, Italia',
  hasStreetNumber: true,
};

export const SUGGESTION_NO_NUMBER: Suggestion = {
  placeId: 'musa:torino:via-roma',
  description: 'Via Roma, Torino, TO, Italia',
  mainText: 'Via Roma',
  secondaryText: 'Torino, TO, Italia',
  hasStreetNumber: false,
};

/** The same street, with the house number as the gazetteer confirms it ('Via Roma, 24, Torino'). */
export const gazetteerWithNumber = (streetNumber: string): Location => ({
  ...LOCATION_NO_NUMBER,
  address: `Via Roma, ${streetNumber}, Torino`,
  googlePlaceId: `musa:torino:via-roma:${streetNumber.toLowerCase()}`,
  components: components(streetNumber),
});

/** Google's place for a prediction: the prediction's description is its address. */
export const googlePlaceOf = (suggestion: Suggestion): Location => ({
  ...(suggestion.hasStreetNumber ? LOCATION_TORINO : LOCATION_NO_NUMBER),
  address: suggestion.description,
  googlePlaceId: `ChIJ-${suggestion.placeId}`,
});

/** Google's geocoder confirming a number: its formatted_address, the CAP before the city. */
export const googleWithNumber = (streetNumber: string): Location => ({
  address: `Via Roma, ${streetNumber}, 10121 Torino TO, Italia`,
  googlePlaceId: `ChIJ-via-roma-${streetNumber}`,
  coordinates: { lat: 45.0676, lng: 7.6823 },
  components: components(streetNumber),
});

/** A house number as the gazetteer reads a query's word (server/geo/geocoder.ts HOUSE_NUMBER_RE). */
export const typesHouseNumber = (query: string): boolean =>
  query
    .toLowerCase()
    .split(/[\s,]+/)
    .some((word) => /^\d{1,4}(?:\/?([a-z]|bis|ter))?$/.test(word));

const service = (id: string, name: string, price: number, groupId: string | null = null): Service => ({
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

export const SERVICES = {
  piega: service('piega', 'Piega', 35, 'g-piega'),
  piegaLunga: service('piega-lunga', 'Piega capelli lunghi', 45, 'g-piega'),
  colore: service('colore', 'Colore', 50),
  maschera: service('maschera', 'Maschera nutriente', 15),
  frangia: service('frangia', 'Taglio frangia', 10, 'g-frangia'),
  frangiaTendina: service('frangia-tendina', 'Frangia a tendina', 15, 'g-frangia'),
  manicure: service('manicure', 'Manicure', 25, 'g-mani'),
  manicureSemi: service('manicure-semi', 'Manicure semipermanente', 35, 'g-mani'),
  trucco: service('trucco', 'Trucco giorno', 45),
} as const;

const section = (itemType: 'radio' | 'checkbox', services: Service[], title: string | null = null) => ({
  title,
  itemType,
  items: services.map((s) => ({ id: `item-${s.id}`, services: [s] })),
});

export const SERVICE_LISTS: Record<'hair' | 'beauty' | 'make-up' | 'salotto', ServiceList> = {
  hair: {
    mainServices: { title: 'Servizi principali', sections: [section('radio', [SERVICES.piega, SERVICES.colore])] },
    secondaryServices: {
      title: 'Aggiungi',
      sections: [section('checkbox', [SERVICES.maschera]), section('radio', [SERVICES.frangia])],
    },
  },
  // Beauty has only extras: at least one is asked ('Devi selezionare almeno un servizio').
  beauty: {
    mainServices: null,
    secondaryServices: { title: 'Estetica', sections: [section('radio', [SERVICES.manicure, SERVICES.manicureSemi])] },
  },
  'make-up': {
    mainServices: { title: 'Make up', sections: [section('radio', [SERVICES.trucco])] },
    secondaryServices: null,
  },
  salotto: {
    mainServices: null,
    secondaryServices: {
      title: 'Salotto',
      sections: [section('checkbox', [SERVICES.piega], 'hair'), section('checkbox', [SERVICES.manicure], 'beauty')],
    },
  },
};

export const SLOT_INSTANT: AvailableTime = {
  startTime: '10:00',
  endTime: '11:00',
  supplement: 0,
  toBeConfirmed: false,
  instantBooking: true,
  serviceFee: null,
};

export const SLOT_TO_CONFIRM: AvailableTime = {
  startTime: '20:00',
  endTime: '21:00',
  supplement: 10,
  toBeConfirmed: true,
  instantBooking: false,
  serviceFee: '5',
};

export const PROVIDERS: Provider[] = [{ _id: 'prov-giulia', firstName: 'Giulia', lastName: 'Bianchi' }];

export const USER: User = {
  id: 'user-demo',
  email: 'demo@musa.example',
  firstName: 'Anna',
  lastName: 'Rossi',
  isProvider: false,
  createdAt: '2026-01-10T10:00:00.000Z',
  phoneNumber: '3331234567',
  roles: [],
  accountEmail: null,
  location: LOCATION_TORINO,
  allergies: null,
  fitToPlead: true,
  allowMarketing: false,
};

export const BOOKING: Booking = {
  redirectUrl: '/reset-password?token=signup-token&email=anna%40example.it',
  signupToken: 'signup-token',
  booking: {
    _id: 'booking-1',
    total: 35,
    totalBeforeDiscount: 35,
    discount: 0,
    userId: 'user-new',
    customers: [{ userId: 'user-new', services: [] }],
  },
};

export const VALID_CHECKOUT_FORM = {
  firstName: 'Anna',
  lastName: 'Rossi',
  phoneNumber: '3331234567',
  email: 'anna@example.it',
  couponCodeEnabled: false,
  couponCode: '',
  doorbellName: 'Rossi',
  allergiesSwitch: 'no',
  allergies: '',
  fitToPlead: 'yes',
  notes: '',
  privacy: true,
  allowMarketing: false,
  personalDataConsent: false,
} as const;

/** A form left mostly empty: a half-typed e-mail, the coupon box on with no code, allergies 'yes' unnamed. */
export const EMPTY_CHECKOUT_FORM: CheckoutFormInput = {
  ...emptyCheckoutForm,
  email: 'anna@',
  couponCodeEnabled: true,
  allergiesSwitch: 'yes',
};

export const VALID_PROFILE_FORM = {
  firstName: 'Anna',
  lastName: 'Rossi',
  phoneNumber: '3331234567',
  email: 'anna@example.it',
  location: LOCATION_TORINO,
};

export const INVALID_PROFILE_FORM = { ...VALID_PROFILE_FORM, firstName: '', email: 'anna' };

// ── Issue 16: after the booking ──

/** The appointment the paths open: its e-mail link's token (a signed-in owner needs none). */
export const APPOINTMENT_ID = 'b-1';
export const MANAGE_TOKEN = 'tok-m';

/** A single booking the day after tomorrow, still free to cancel and move. */
export const APPOINTMENT: Appointment = {
  id: APPOINTMENT_ID,
  status: 'confirmed',
  startDateTime: '2026-11-25T09:00:00.000Z',
  date: '2026-11-25',
  startTime: '10:00',
  timeZone: 'Europe/Rome',
  location: LOCATION_TORINO,
  services: [{ name: 'Piega', price: 35 }],
  total: 35,
  endTime: '11:00',
  professionalName: 'Giulia Bianchi',
  cancellableUntil: '2026-11-24T09:00:00.000Z',
  cancellable: true,
  reschedulable: true,
  twoHoursReminder: false,
  answerBy: null,
  offeredInsteadOf: null,
  declinedBecause: null,
  cancellableBecause: null,
};

/** The same, less than 24 hours before it starts: neither cancelled nor moved from the app. */
export const APPOINTMENT_LATE: Appointment = { ...APPOINTMENT, cancellable: false, reschedulable: false };

/**
 * Issue 27: her request at 07:30 could not be kept, and her professional offered 09:00 the same day
 * instead: the appointment is at the offered time, waiting for her answer until the answer's deadline.
 */
export const APPOINTMENT_OFFERED: Appointment = {
  ...APPOINTMENT,
  status: 'pending',
  startDateTime: '2026-11-25T08:00:00.000Z',
  startTime: '09:00',
  endTime: '10:00',
  professionalName: 'Martina Rinaldi',
  answerBy: '2026-11-24T08:00:00.000Z',
  offeredInsteadOf: { date: '2026-11-25', startTime: '07:30', endTime: '08:30' },
};

/** A waitlist offer's link and the draft she left: the hair flow, complete up to its day. */
export const WAITLIST_ENTRY = { entryId: 'w-1', token: 'tok-w' } as const;
export const WAITLIST_DRAFT: SavedDraft = {
  version: SAVED_DRAFT_VERSION,
  draft: {
    ...createInitialDraft(),
    location: LOCATION_TORINO,
    participants: 'default',
    category: 'hair',
    hair: 'long',
    date: TOMORROW,
    // She was filtering by her professional when she joined: the offer is for the zone.
    providerId: 'prov-giulia',
    services: {
      includedService: null,
      primaryService: SERVICES.piega,
      secondaryServices: [],
      services: [SERVICES.piega],
    },
  },
  services: SERVICE_LISTS.hair,
};

/** Issue 27: what 'Prenota di nuovo' gives back for APPOINTMENT (a piega at the Torino address, long hair). */
export const REBOOK_DRAFT: SavedDraft = {
  ...WAITLIST_DRAFT,
  draft: { ...WAITLIST_DRAFT.draft, date: APPOINTMENT.date, providerId: null },
};

// ── Issue 29: rating an appointment ──

/** The API's refusals of a rating (server/messages.ts API_MESSAGES.rating*). */
export const RATING_REFUSALS = {
  tooEarly: 'Potrai valutare l’appuntamento quando sarà finito.',
  closed: 'Sono passati 30 giorni dall’appuntamento: la valutazione non si può più cambiare.',
  notFound: 'Appuntamento non trovato.',
} as const;

/** The appointment she rates (APPOINTMENT, once it took place): Giulia came, nothing given yet, still editable. */
export const TO_RATE: AppointmentRating = {
  bookingId: APPOINTMENT_ID,
  date: '2026-11-20',
  startTime: '10:00',
  endTime: '11:00',
  services: ['Piega'],
  professionals: [{ _id: 'prov-giulia', firstName: 'Giulia', lastName: 'Bianchi', stars: null, comment: null }],
  editableUntil: '2026-12-20T10:00:00.000Z',
  editable: true,
};

/** RATING_EDIT_DAYS later: the 4 stars she gave Giulia, shown, final. */
export const RATED_FINAL: AppointmentRating = {
  ...TO_RATE,
  professionals: [{ ...TO_RATE.professionals[0]!, stars: 4, comment: 'Bravissima' }],
  editable: false,
};

/** As the server answers a rating sent: what she sent for each professional, kept. */
const ratedAs = (input: RateAppointmentInput, editable: boolean): AppointmentRating => ({
  ...TO_RATE,
  professionals: TO_RATE.professionals.map((professional) => {
    const sent = input.ratings.find((rating) => rating.professionalId === professional._id);
    return sent ? { ...professional, stars: sent.stars, comment: sent.comment || null } : professional;
  }),
  editable,
});

/** Her standing and two ratings, as her agenda reads them (GET /pro/ratings). */
export const PRO_RATINGS: ProRatings = {
  summary: { average: 4.5, count: 4 },
  ratings: [
    {
      stars: 5,
      comment: 'Puntualissima',
      date: '2026-11-20',
      ratedAt: '2026-11-20T14:00:00.000Z',
      customerFirstName: 'Anna',
    },
    { stars: 4, comment: null, date: '2026-11-18', ratedAt: '2026-11-19T09:00:00.000Z', customerFirstName: null },
  ],
};

/** One answer of an effect: its output, or the message it fails with (and the API's status where it matters). */
export type Outcome = { output: unknown } | { error: string; status?: number };

/** The error an effect fails with: the API client's, with its HTTP status when the outcome names one. */
export const outcomeError = (outcome: { error: string; status?: number }): Error =>
  Object.assign(new Error(outcome.error), outcome.status === undefined ? {} : { status: outcome.status });

/** Issue 27: Martina Rinaldi, a professional (isProvider), and a team member (the role 'team'). */
export const PRO_USER: User = {
  ...USER,
  id: 'user-martina',
  email: 'martina.rinaldi@professioniste.musa.example',
  firstName: 'Martina',
  lastName: 'Rinaldi',
  isProvider: true,
  location: null,
};
export const TEAM_USER: User = {
  ...USER,
  id: 'user-team',
  email: 'team@musa.example',
  firstName: 'Team',
  lastName: 'Musa',
  roles: [TEAM_ROLE],
  location: null,
};

/** A refusal because the request changed meanwhile (answered elsewhere, passed on): the API's 409. */
const changed = { error: 'Questa richiesta non aspetta più una tua risposta.', status: 409 };
const proFailure = { error: 'Servizio non raggiungibile', status: 500 };

/** Issue 27: what the professionals' side's calls answer (machines/testing/pro-fixtures.ts). */
const PRO_OUTCOMES: Record<string, (input: unknown) => Record<string, Outcome>> = {
  loadProAgenda: () => ({ ok: { output: [CONFIRMED_TODAY, REQUEST] }, failed: proFailure }),
  loadProRequests: () => ({ ok: { output: [REQUEST, SALOTTO] }, none: { output: [] }, failed: proFailure }),
  // The request the URL named: the salotto, or hers (to accept, decline or offer; as the team reads
  // it; once answered). Which of them the caller may read: outcomeFits.
  loadProRequest: (input) => ({
    ...((input as { bookingId?: string } | undefined)?.bookingId === SALOTTO.id
      ? { salotto: { output: SALOTTO } }
      : { request: { output: REQUEST }, teamRequest: { output: TEAM_REQUEST }, answered: { output: ACCEPTED } }),
    failed: { error: 'Appuntamento non trovato.', status: 404 },
  }),
  acceptRequest: () => ({ ok: { output: ACCEPTED }, changed, failed: proFailure }),
  declineRequest: () => ({ ok: { output: DECLINED }, changed, failed: proFailure }),
  loadRequestTimes: () => ({ times: { output: TIMES }, none: { output: [] }, failed: proFailure }),
  offerRequest: () => ({ ok: { output: OFFERED }, changed, failed: proFailure }),
  quoteSalotto: () => ({
    ok: { output: { ...SALOTTO, status: 'confirmed', stage: null, answerBy: null, actions: [] } },
    changed,
    failed: proFailure,
  }),
  // Issue 29: her ratings under her agenda; a team member's are refused (403); or no answer. Who: outcomeFits.
  loadProRatings: () => ({
    ok: { output: PRO_RATINGS },
    forbidden: { error: 'Non hai i permessi per questa operazione.', status: 403 },
    failed: proFailure,
  }),
  // Issue 40: her time off. The list as the page opens: none yet (the replay's answer is the model's:
  // docs/testing.md); the one she saves (DAYS_OFF_FORM), or refused as overlapping another (409), or no
  // answer; cancelled, or refused once over (409: the list is read again), or no answer.
  loadProTimeOff: () => ({ ok: { output: [] }, failed: proFailure }),
  createProTimeOff: () => ({
    ok: { output: DAYS_OFF },
    overlaps: { error: PRO_WEEK_MESSAGES.timeOffOverlaps, status: 409 },
    failed: proFailure,
  }),
  cancelTimeOff: () => ({
    ok: { output: { ...DAYS_OFF, cancelled: true } },
    ended: { error: PRO_WEEK_MESSAGES.timeOffEnded, status: 409 },
    failed: proFailure,
  }),
  // Issue 40: the team's board (Torino's, or Milano's when asked), a reassignment taken or refused as
  // the store refuses it, a sick day entered or refused as overlapping, or no answer.
  loadTeamBoard: (input) => ({
    ok: {
      output: {
        ...((input as LoadTeamBoardInput).zoneId === 'milano' ? BOARD_MILANO : BOARD),
        date: (input as LoadTeamBoardInput).date,
      },
    },
    failed: proFailure,
  }),
  reassignAppointment: () => ({
    ok: { output: { ...TO_PLACE, team: [{ professionalId: 'pro-giulia', name: 'Giulia Bianchi', category: null }] } },
    notServing: { error: PRO_WEEK_MESSAGES.notServing, status: 400 },
    notWorking: { error: PRO_WEEK_MESSAGES.notWorking, status: 400 },
    notFree: { error: PRO_WEEK_MESSAGES.notFree, status: 409 },
    failed: proFailure,
  }),
  createTeamTimeOff: () => ({
    ok: { output: SICK_DAY },
    overlaps: { error: PRO_WEEK_MESSAGES.timeOffOverlaps, status: 409 },
    failed: proFailure,
  }),
  // Issue 40: her hours (one appointment outside them), or no answer; her new week saved (nothing
  // outside it), or no answer; the appointment outside handed over, or refused as in her hours now
  // (409: her hours are read again), or no answer.
  loadProHours: () => ({ ok: { output: HER_HOURS }, failed: proFailure }),
  saveProHours: () => ({ ok: { output: SAVED_HOURS }, failed: proFailure }),
  handOverAppointment: () => ({
    ok: { output: { bookingId: OUTSIDE.id, handOvers: [HANDED_OVER] } },
    inHours: { error: PRO_WEEK_MESSAGES.appointmentInHours, status: 409 },
    failed: proFailure,
  }),
};

/**
 * Issue 27: the answers that depend on who asks (server/services/pro-appointments.ts): a salotto is
 * the team's alone (a professional hears 404); her own request, hers to offer another time, and one
 * she already answered are read by her professional; the team reads a waiting one as `teamRequest`.
 */
const OUTCOME_FITS: Record<string, (outcome: string, user: User | null) => boolean> = {
  loadProRequest: (outcome, user) => {
    const team = user?.roles.includes(TEAM_ROLE) === true;
    if (outcome === 'salotto' || outcome === 'teamRequest') return team;
    if (outcome === 'request' || outcome === 'answered') return user?.isProvider === true && !team;
    return true;
  },
  // Issue 43: her profile read again on / is hers (the one signed in), or the session's end.
  loadProfile: (outcome, user) =>
    user === null ||
    outcome === 'failed' ||
    outcome === (user.roles.includes(TEAM_ROLE) ? 'team' : user.isProvider ? 'professional' : 'ok'),
  // Issue 29: a professional reads her ratings; anyone else is refused (403).
  loadProRatings: (outcome, user) =>
    outcome === 'ok' ? user?.isProvider === true : outcome !== 'forbidden' || user?.isProvider !== true,
};

/** Whether `src` may answer `outcome` to the user signed in (all outcomes of most calls may). */
export const outcomeFits = (src: string, outcome: string, user: User | null): boolean =>
  OUTCOME_FITS[src]?.(outcome, user) ?? true;

/**
 * What each effect (actor `src`) may answer in the generated paths, by outcome name. A
 * function picks the outcomes that fit the effect's input (e.g. the flow of a service list).
 */
export const OUTCOMES: Record<string, (input: unknown) => Record<string, Outcome>> = {
  ...PRO_OUTCOMES,
  // Issue 27: a professional's or a team member's profile and sign-in too.
  loadProfile: () => ({
    ok: { output: USER },
    professional: { output: PRO_USER },
    team: { output: TEAM_USER },
    // Her session expired on the server (the API's 401), at the page load or mid-flow (issue 43).
    failed: { error: 'Sessione scaduta', status: 401 },
  }),
  // Who signs in is who she typed: a customer (the demo's e-mail) or Martina (issue 27).
  login: (input): Record<string, Outcome> => {
    const email = (input as { email?: string } | undefined)?.email;
    // Issue 40: the team's e-mail typed (TEAM_USER): the team's session.
    if (email === TEAM_USER.email)
      return { team: { output: { token: 'token-1', user: TEAM_USER } }, failed: { error: 'Credenziali non valide' } };
    return email === PRO_USER.email
      ? { professional: { output: { token: 'token-1', user: PRO_USER } }, failed: { error: 'Credenziali non valide' } }
      : { ok: { output: { token: 'token-1', user: USER } }, failed: { error: 'Credenziali non valide' } };
  },
  loginWithToken: () => ({ ok: { output: { token: 'token-1', user: USER } }, failed: { error: 'Link scaduto' } }),
  askResetPassword: () => ({ ok: { output: undefined }, failed: { error: 'Troppe richieste' } }),
  checkSignupToken: () => ({
    requireName: { output: { email: 'anna@example.it', requireName: true } },
    failed: { error: 'Link non valido' },
  }),
  completeSignup: () => ({ ok: { output: { token: 'token-1', user: USER } }, failed: { error: 'Link scaduto' } }),
  loadServices: (input) => {
    const flow = (input as { flow: keyof typeof SERVICE_LISTS }).flow;
    return { list: { output: SERVICE_LISTS[flow] }, failed: { error: 'Servizi non disponibili' } };
  },
  // As the embedded gazetteer answers (server/geo): a house number typed gives addresses with that
  // number, none (or a CAP, a number of five digits) gives the streets, whose number is asked apart.
  searchAddresses: (input) => ({
    results: {
      output: typesHouseNumber((input as { query: string }).query) ? [SUGGESTION_FULL] : [SUGGESTION_NO_NUMBER],
    },
    none: { output: [] },
    failed: { error: 'UNKNOWN_ERROR' },
  }),
  // The gazetteer's place (its short address), or Google's (the prediction's description).
  resolveAddress: (input) => {
    const { suggestion } = input as { suggestion: Suggestion };
    return {
      ok: { output: suggestion.hasStreetNumber ? LOCATION_TORINO : LOCATION_NO_NUMBER },
      google: { output: googlePlaceOf(suggestion) },
      failed: { error: 'Indirizzo non trovato' },
    };
  },
  // The number she typed, confirmed by the gazetteer; or a geocoder that found the street only
  // (Google's partial match: the place without a number), which must not cost her the number.
  lookupStreetNumber: (input) => {
    const { streetNumber } = input as { streetNumber: string };
    return {
      ok: { output: gazetteerWithNumber(streetNumber) },
      streetOnly: { output: LOCATION_NO_NUMBER },
      failed: { error: 'Numero non trovato' },
    };
  },
  checkLocation: () => ({
    served: { output: { canBeServed: true } },
    outOfZone: { output: { canBeServed: false } },
    failed: { error: 'Servizio non raggiungibile' },
  }),
  subscribeToList: () => ({ ok: { output: undefined }, failed: { error: 'Iscrizione non riuscita' } }),
  // Every salotto slot is to be confirmed: a salotto is quoted after a consultation call (SPEC §1).
  loadAvailableTimes: (input) => ({
    slots: {
      output: isSalottoRequest(input as LoadTimesInput) ? [SLOT_TO_CONFIRM] : [SLOT_INSTANT, SLOT_TO_CONFIRM],
    },
    // SPEC §3: a supplement that came as a boolean (0) and a fee that came as null, as the contract
    // parses them (the browser replay sends the API's own times in those shapes).
    otherShapes: {
      output: isSalottoRequest(input as LoadTimesInput)
        ? [{ ...SLOT_TO_CONFIRM, supplement: 0, serviceFee: null }]
        : [
            { ...SLOT_INSTANT, supplement: 0, serviceFee: null },
            { ...SLOT_TO_CONFIRM, serviceFee: null },
          ],
    },
    none: { output: [] },
    failed: { error: 'Orari non disponibili' },
  }),
  // SPEC §6: the filter lists the professionals the customer met; a visitor has met none, and no
  // call is made for her (nothing can fail).
  loadProviders: (input): Record<string, Outcome> =>
    (input as { userId: string | null }).userId
      ? { ok: { output: PROVIDERS }, failed: { error: 'Professionisti non disponibili' } }
      : { ok: { output: [] } },
  checkCoupon: () => ({
    ok: { output: { discount: 5, services: [] } },
    failed: { error: 'Coupon non valido' },
  }),
  createBooking: () => ({
    ok: { output: BOOKING },
    // SPEC §3: redirectUrl is optional and signupToken a string or a boolean (an existing account).
    okNoRedirect: { output: { booking: BOOKING.booking, signupToken: true } },
    failed: { error: 'Questo orario non è più disponibile, scegline un altro.' },
  }),
  // Issue 28: her pick held, taken by someone else meanwhile (the server's 409), or no answer.
  holdSlot: () => ({
    held: { output: { held: true } },
    taken: { output: { held: false, message: MESSAGES.slotJustTaken } },
    failed: { error: 'Servizio non raggiungibile' },
  }),
  renewHold: () => ({
    renewed: { output: { renewed: true } },
    lapsed: { output: { renewed: false, message: MESSAGES.slotHoldExpired } },
    failed: { error: 'Servizio non raggiungibile' },
  }),
  releaseHold: () => ({ released: { output: { released: true } }, failed: { error: 'Servizio non raggiungibile' } }),
  updateProfile: () => ({
    ok: { output: USER },
    failed: { error: 'Aggiornamento non riuscito' },
    // Her session expired while the dialog was open (the API's 401).
    expired: { error: 'Sessione scaduta', status: 401 },
  }),
  joinWaitlist: () => ({ ok: { output: undefined }, failed: { error: 'Iscrizione non riuscita' } }),
  loadWaitlistOffer: () => ({
    ok: { output: { date: TOMORROW, draft: WAITLIST_DRAFT } },
    // An entry joined outside the app carries no draft: the booking starts afresh.
    noDraft: { output: { date: TOMORROW, draft: null } },
    failed: { error: 'Il link non è più valido' },
  }),
  // Issue 27: 'Prenota di nuovo' gives back the appointment's services and address on its day.
  loadRebook: () => ({
    ok: { output: { date: APPOINTMENT.date, draft: REBOOK_DRAFT } },
    // Nothing she booked is offered at that address any more: the booking starts afresh from there.
    noDraft: { output: { date: APPOINTMENT.date, draft: null } },
    failed: { error: 'Appuntamento non trovato.' },
  }),
  loadAppointment: () => ({
    ok: { output: APPOINTMENT },
    late: { output: APPOINTMENT_LATE },
    offered: { output: APPOINTMENT_OFFERED },
    failed: { error: 'Appuntamento non trovato' },
  }),
  // Issue 27: accepted, confirmed at the time offered; declined, cancelled; refused once the offer lapsed.
  answerOffer: (input) => ({
    ok: {
      output: (input as AppointmentOfferInput).accept
        ? { ...APPOINTMENT_OFFERED, status: 'confirmed', answerBy: null, offeredInsteadOf: null }
        : {
            ...APPOINTMENT_OFFERED,
            status: 'cancelled',
            answerBy: null,
            offeredInsteadOf: null,
            cancellable: false,
            reschedulable: false,
          },
    },
    failed: { error: 'Questa proposta non è più valida.' },
  }),
  cancelAppointment: () => ({
    ok: { output: { ...APPOINTMENT, status: 'cancelled', cancellable: false, reschedulable: false } },
    failed: { error: 'Non è più possibile annullare gratis questo appuntamento' },
  }),
  setAppointmentReminder: (input) => ({
    ok: { output: { ...APPOINTMENT, twoHoursReminder: (input as AppointmentReminderInput).twoHoursBefore } },
    failed: { error: 'Promemoria non aggiornato' },
  }),
  rescheduleAppointment: (input) => {
    const { date, startTime } = input as MoveInput;
    // A time to be confirmed waits for the professional again (the API answers pending).
    const pending = startTime === SLOT_TO_CONFIRM.startTime;
    // Issue 27: and her request waits for an answer until its deadline.
    const answer = pending ? { status: 'pending', answerBy: '2026-11-24T10:00:00.000Z' } : { status: 'confirmed' };
    return {
      ok: { output: { ...APPOINTMENT, date, startTime, ...answer } },
      failed: { error: 'Questo orario non è più disponibile, scegline un altro.' },
    };
  },
  // Issue 29: the appointment to rate (nothing given yet), final (30 days passed), not over yet, not hers.
  loadRating: () => ({
    ok: { output: TO_RATE },
    final: { output: RATED_FINAL },
    refused: { error: RATING_REFUSALS.tooEarly, status: 409 },
    notFound: { error: RATING_REFUSALS.notFound, status: 404 },
  }),
  // Saved as she sent it (still hers to change; or, sent in its last moment, final), too late (409), no answer.
  rateAppointment: (input) => ({
    ok: { output: ratedAs(input as RateAppointmentInput, true) },
    final: { output: ratedAs(input as RateAppointmentInput, false) },
    closed: { error: RATING_REFUSALS.closed, status: 409 },
    failed: { error: 'Servizio non raggiungibile' },
  }),
};
