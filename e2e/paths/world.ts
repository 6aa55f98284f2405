/**
 * The world of a generated path in the browser: the real API, whose answers the replay holds until
 * the path's `effect.settle` says the call answers, and the page's clock, held while the model has
 * a timer pending and run forward by `timer.elapse`.
 *
 * Each call the model names an effect of (`src`) is intercepted with page.route and held. At its
 * `effect.settle` the real API is asked (route.fetch) and its answer checked against the outcome
 * the path names (e.g. `slots` needs at least one slot); outcomes the real API cannot give on
 * demand are forced: a failure is the API's own error envelope (`{ result: { success: false,
 * error: { message } } }`) with the path's message, an empty list or an address out of zone is the
 * real answer emptied. Calls the model does not know (sold-out days, analytics…) go through.
 */
import type { Page, Request, Route } from '@playwright/test';
import { TEAM_ROLE } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import * as v from 'valibot';
import { appointmentRatingSchema, ratingPayloadSchema, type AppointmentRating } from '../../contract/rating';
import { RATED_FINAL, TO_RATE } from '../../machines/testing/fixtures';
import { BOARD, BOARD_MILANO, HANDED_OVER, HER_HOURS, SICK_DAY, TO_PLACE } from '../../machines/testing/pro-fixtures';
import { API_URL } from '../support/app';
import { appointmentOf, envelopeData, failure, withData, type Answer, type Json, type Obtain } from './answers';
import type { RealLinks } from './links';

export type CallSource =
  | 'login'
  | 'loginWithToken'
  | 'loadProfile'
  | 'updateProfile'
  | 'askResetPassword'
  | 'checkSignupToken'
  | 'completeSignup'
  | 'subscribeToList'
  | 'checkLocation'
  | 'loadServices'
  | 'loadAvailableTimes'
  | 'loadProviders'
  | 'checkCoupon'
  | 'createBooking'
  | 'loadAppointment'
  | 'cancelAppointment'
  | 'setAppointmentReminder'
  | 'rescheduleAppointment'
  | 'answerOffer'
  | 'joinWaitlist'
  | 'loadWaitlistOffer'
  | 'loadRebook'
  | 'holdSlot'
  | 'renewHold'
  | 'releaseHold'
  | 'loadRating'
  | 'rateAppointment'
  | ProCallSource;

/** Issue 27: the professionals' side's calls (contract/pro-calls.ts). */
type ProCallSource =
  | 'loadProAgenda'
  | 'loadProRatings'
  | 'loadProRequests'
  | 'loadProRequest'
  | 'acceptRequest'
  | 'declineRequest'
  | 'loadRequestTimes'
  | 'offerRequest'
  | 'quoteSalotto'
  | 'loadProTimeOff'
  | 'createProTimeOff'
  | 'cancelTimeOff'
  | 'loadTeamBoard'
  | 'reassignAppointment'
  | 'createTeamTimeOff'
  | 'loadProHours'
  | 'saveProHours'
  | 'handOverAppointment';

const PRO_REQUEST_URL = /^\/pro\/requests\/[^/]+$/;
const proAnswer = (answer: string) => (m: string, u: URL) =>
  m === 'POST' && new RegExp(`^/pro/requests/[^/]+/${answer}$`).test(u.pathname);

/** The API call of each held effect (contract/calls.ts), by method and path. */
const CALLS: Record<CallSource, (method: string, url: URL) => boolean> = {
  login: (m, u) => m === 'POST' && u.pathname === '/login',
  loginWithToken: (m, u) => m === 'POST' && u.pathname === '/login/token',
  loadProfile: (m, u) => m === 'GET' && u.pathname === '/me',
  updateProfile: (m, u) => m === 'PATCH' && /^\/users\/[^/]+$/.test(u.pathname),
  askResetPassword: (m, u) => m === 'POST' && u.pathname === '/ask-reset-password',
  checkSignupToken: (m, u) => m === 'GET' && ['/check-signup-token', '/check-reset-token'].includes(u.pathname),
  completeSignup: (m, u) => m === 'POST' && u.pathname === '/complete-signup',
  subscribeToList: (m, u) => m === 'POST' && u.pathname === '/subscribe-to-list',
  checkLocation: (m, u) => m === 'POST' && u.pathname === '/bookings/check-location',
  loadServices: (m, u) => m === 'GET' && u.pathname.startsWith('/services/list/'),
  // A booking's times, or (issue 16) the times to move an appointment to: the same slots machine asks both.
  loadAvailableTimes: (m, u) =>
    m === 'POST' &&
    (u.pathname.startsWith('/bookings/available-times') || /^\/appointments\/[^/]+\/available-times$/.test(u.pathname)),
  loadProviders: (m, u) => m === 'GET' && /^\/users\/[^/]+\/providers$/.test(u.pathname),
  checkCoupon: (m, u) =>
    m === 'POST' && u.pathname.startsWith('/bookings/store') && u.searchParams.get('onlyCheckCoupon') === '1',
  createBooking: (m, u) =>
    m === 'POST' && u.pathname.startsWith('/bookings/store') && u.searchParams.get('onlyCheckCoupon') !== '1',
  // Issue 16: an appointment, cancelling, moving and reminding it; the waitlist and its offer's link.
  loadAppointment: (m, u) => m === 'GET' && /^\/appointments\/[^/]+$/.test(u.pathname),
  cancelAppointment: (m, u) => m === 'POST' && /^\/appointments\/[^/]+\/cancel$/.test(u.pathname),
  setAppointmentReminder: (m, u) => m === 'POST' && /^\/appointments\/[^/]+\/reminder$/.test(u.pathname),
  rescheduleAppointment: (m, u) => m === 'POST' && /^\/appointments\/[^/]+\/reschedule$/.test(u.pathname),
  // Issue 27: her answer to another time offered.
  answerOffer: (m, u) => m === 'POST' && /^\/appointments\/[^/]+\/offer$/.test(u.pathname),
  joinWaitlist: (m, u) => m === 'POST' && u.pathname === '/waitlist',
  loadWaitlistOffer: (m, u) => m === 'GET' && /^\/waitlist\/[^/]+$/.test(u.pathname),
  // Issue 27: a declined request's 'Prenota di nuovo'.
  loadRebook: (m, u) => m === 'GET' && /^\/appointments\/[^/]+\/rebook$/.test(u.pathname),
  // Issue 28: the hold of her pick, its renewal, its release (the pagehide beacon is no model call).
  holdSlot: (m, u) => m === 'POST' && ['/bookings/holds', '/bookings/holds/salotto'].includes(u.pathname),
  renewHold: (m, u) => m === 'POST' && u.pathname === '/bookings/holds/renew',
  releaseHold: (m, u) => m === 'DELETE' && /^\/bookings\/holds\/[^/]+$/.test(u.pathname),
  // Issue 29: the appointment to rate, and her rating sent (contract/rating-calls.ts).
  loadRating: (m, u) => m === 'GET' && /^\/appointments\/[^/]+\/rating$/.test(u.pathname),
  rateAppointment: (m, u) => m === 'POST' && /^\/appointments\/[^/]+\/rating$/.test(u.pathname),
  // Issue 27: her agenda, the requests, one request and her answers to it.
  loadProAgenda: (m, u) => m === 'GET' && u.pathname === '/pro/agenda',
  // Issue 29: her ratings, under her agenda.
  loadProRatings: (m, u) => m === 'GET' && u.pathname === '/pro/ratings',
  loadProRequests: (m, u) => m === 'GET' && u.pathname === '/pro/requests',
  loadProRequest: (m, u) => m === 'GET' && PRO_REQUEST_URL.test(u.pathname),
  acceptRequest: proAnswer('accept'),
  declineRequest: proAnswer('decline'),
  loadRequestTimes: proAnswer('available-times'),
  offerRequest: proAnswer('offer'),
  quoteSalotto: proAnswer('quote'),
  // Issue 40: her time off, entered, cancelled (contract/pro-week.ts).
  loadProTimeOff: (m, u) => m === 'GET' && u.pathname === '/pro/time-off',
  createProTimeOff: (m, u) => m === 'POST' && u.pathname === '/pro/time-off',
  cancelTimeOff: (m, u) => m === 'POST' && /^\/pro\/time-off\/[^/]+\/cancel$/.test(u.pathname),
  // Issue 40: the team's board, a reassignment, a sick day (contract/pro-week.ts).
  loadTeamBoard: (m, u) => m === 'GET' && u.pathname === '/pro/team/board',
  reassignAppointment: (m, u) => m === 'POST' && /^\/pro\/team\/appointments\/[^/]+\/reassign$/.test(u.pathname),
  createTeamTimeOff: (m, u) => m === 'POST' && /^\/pro\/team\/professionals\/[^/]+\/time-off$/.test(u.pathname),
  // Issue 40: her hours, saved, an appointment outside them handed over.
  loadProHours: (m, u) => m === 'GET' && u.pathname === '/pro/hours',
  saveProHours: (m, u) => m === 'POST' && u.pathname === '/pro/hours',
  handOverAppointment: (m, u) => m === 'POST' && /^\/pro\/appointments\/[^/]+\/hand-over$/.test(u.pathname),
};

/** Calls through the geocoder (searchAddresses, resolveAddress, lookupStreetNumber): not held, failed on demand. */
export type GeoSource = 'searchAddresses' | 'resolveAddress' | 'lookupStreetNumber';
type GeoRequest = 'autocomplete' | 'place';
const geoRequestOf = (url: URL): GeoRequest | null =>
  url.pathname === '/geo/autocomplete' ? 'autocomplete' : url.pathname.startsWith('/geo/place/') ? 'place' : null;
/**
 * The request each geocoder call makes first (src/app/geocoder.ts), by which it is held or failed:
 * the house-number lookup searches the street with the number, then resolves what it found. Its
 * second request is never held: held at its first, it goes no further until settled. (When it also
 * matched /geo/place/, an address resolved a moment late, after the lookup's hold began, was held
 * as the lookup: the house-number field never came.)
 */
const GEO_FIRST: Record<GeoSource, GeoRequest> = {
  searchAddresses: 'autocomplete',
  resolveAddress: 'place',
  lookupStreetNumber: 'autocomplete',
};
/** Is `url` the request by which a geocoder call of `src` is held or failed? */
const isGeoCallOf = (src: GeoSource, url: URL): boolean => geoRequestOf(url) === GEO_FIRST[src];

type Group = { title: string; sections: unknown[] } | null;
/** A service list whose main sections are served as extras (the model's beauty list, SPEC §5). */
const extrasOnly = (real: Answer): Answer => {
  const data = envelopeData(real.body) as { services?: { mainServices: Group; secondaryServices: Group } } | undefined;
  const list = data?.services;
  if (!list?.mainServices) return real;
  const sections = [...list.mainServices.sections, ...(list.secondaryServices?.sections ?? [])];
  const secondaryServices = { title: list.mainServices.title, sections };
  return { ...real, body: withData(real.body, { ...data, services: { mainServices: null, secondaryServices } }) };
};

/** Issue 27: a request as the professionals' calls answer it (the appointment itself, or under `appointment`). */
type ProAppointmentData = {
  kind?: string;
  status?: string;
  stage?: string | null;
  startTime?: string;
  actions?: string[];
  team?: { professionalId: string }[];
};
export const proAppointmentOf = (data: unknown): ProAppointmentData => {
  const found = data as (ProAppointmentData & { appointment?: ProAppointmentData }) | undefined;
  return found?.appointment ?? found ?? {};
};
const listOf = (data: unknown, key: 'appointments' | 'requests') =>
  (data as Record<string, unknown[] | undefined> | undefined)?.[key];
const sameActions = (data: unknown, actions: string[]) =>
  [...(proAppointmentOf(data).actions ?? [])].sort().join() === [...actions].sort().join();

const times = (data: unknown) => ((data as { availableTimes?: unknown[] } | undefined)?.availableTimes ?? []).length;
/** Forced answers that never reach the API: its failures (a failed booking must not book), and the ratings' (issue 29). */
const FAILS = new WeakSet<object>();
const fail = (status: number) => {
  const answer = (_: Answer | null, message: string) => ({ status, body: failure(message) });
  FAILS.add(answer);
  return answer;
};

/**
 * Issue 29. A rating needs an appointment that took place: the shared replay database has none to
 * make on demand (a past one means moving the API's clock, which the parallel paths share). The
 * rating calls are answered forced, without reaching the API: the API's envelope around what the
 * contract says it answers (each checked by its schema), for the appointment the URL names: the
 * model's b-1 and its token as they are (e2e/paths/links.ts makes no booking for a rating URL).
 */
const ratingAnswer = (make: (url: URL, sent: unknown) => AppointmentRating) => {
  const answer = (_: Answer | null, _message: string, url: URL, sent?: unknown): Answer => {
    const rating = v.parse(appointmentRatingSchema, make(url, sent));
    return { status: 200, body: { result: { success: true, data: { rating } } } };
  };
  FAILS.add(answer);
  return answer;
};
const ratingOf = (base: AppointmentRating, url: URL): AppointmentRating => ({
  ...base,
  bookingId: decodeURIComponent(url.pathname.split('/')[2] ?? base.bookingId),
});
/** Saved as she sent it (the payload as the contract reads it): still editable, or final. */
const ratedAs = (editable: boolean) =>
  ratingAnswer((url, sent) => {
    const { ratings } = v.parse(ratingPayloadSchema, sent);
    const rating = ratingOf(TO_RATE, url);
    return {
      ...rating,
      editable,
      professionals: rating.professionals.map((professional) => {
        const given = ratings.find((r) => r.professionalId === professional._id);
        return given ? { ...professional, stars: given.stars, comment: given.comment || null } : professional;
      }),
    };
  });
/**
 * Issue 40: her time off as the page opens, the model's (none), forced without reaching the API: the
 * paths share one database and one Martina, whose time off other paths enter (docs/testing.md).
 */
const NO_TIME_OFF = (() => {
  const answer = (): Answer => ({ status: 200, body: { result: { success: true, data: { timeOff: [] } } } });
  FAILS.add(answer);
  return answer;
})();
const timeOffOf = (data: unknown) =>
  (data as { timeOff?: { kind?: string; cancelled?: boolean } } | undefined)?.timeOff ?? {};
/**
 * Issue 40: the team's board is the model's (Torino's, or Milano's when asked, on the day asked),
 * and its reassignment and sick day are answered as the model answers them, all forced without
 * reaching the API: the shared database has no appointment nobody can take, and a real sick day
 * would move other paths' bookings. The replay leaves the database as it found it.
 */
const forcedData = (data: (url: URL) => unknown) => {
  const answer = (_: Answer | null, __: string, url: URL): Answer => ({
    status: 200,
    body: { result: { success: true, data: data(url) } },
  });
  FAILS.add(answer);
  return answer;
};
const BOARD_READ = forcedData((url) => ({
  ...(url.searchParams.get('zoneId') === 'milano' ? BOARD_MILANO : BOARD),
  date: url.searchParams.get('date'),
}));
const REASSIGNED = forcedData(() => ({
  appointment: { ...TO_PLACE, team: [{ professionalId: 'pro-giulia', name: 'Giulia Bianchi', category: null }] },
}));
const SICK_DAY_SAVED = forcedData(() => ({ timeOff: SICK_DAY }));
const HER_HOURS_ANSWER = forcedData(() => ({ hours: HER_HOURS }));
const HANDED_OVER_ANSWER = forcedData(() => ({ handOvers: [HANDED_OVER] }));
const isFailure = (obtain: Obtain) => obtain.kind === 'forced' && FAILS.has(obtain.answer);

/** Whether the user of a session (or of a profile) is a professional or on the team. */
const isProUser = (data: unknown) => {
  const user = (data as { user?: { isProvider?: boolean; roles?: string[] } } | undefined)?.user;
  return user?.isProvider === true || user?.roles?.includes(TEAM_ROLE) === true;
};

/** A day without free times: the real answer of that day emptied (the booking's times, her offer's). */
const NO_TIMES: Obtain = {
  kind: 'forced',
  answer: (real) => ({
    status: 200,
    body: withData(real!.body, { ...(envelopeData(real!.body) as Json), availableTimes: [] }),
  }),
};

export const OBTAIN: Record<string, Record<string, Obtain>> = {
  // Issue 40: the team's board and what it sends, the model's answers (BOARD_READ).
  loadTeamBoard: {
    ok: { kind: 'forced', answer: BOARD_READ },
    failed: { kind: 'forced', answer: fail(500) },
  },
  reassignAppointment: {
    ok: { kind: 'forced', answer: REASSIGNED },
    notServing: { kind: 'forced', answer: fail(400) },
    notWorking: { kind: 'forced', answer: fail(400) },
    notFree: { kind: 'forced', answer: fail(409) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  createTeamTimeOff: {
    ok: { kind: 'forced', answer: SICK_DAY_SAVED },
    overlaps: { kind: 'forced', answer: fail(409) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  // Issue 40: her hours forced (the model's); her week saved for real, far ahead (e2e/paths/events.ts HOURS_WEEKS_AHEAD).
  loadProHours: {
    ok: { kind: 'forced', answer: HER_HOURS_ANSWER },
    failed: { kind: 'forced', answer: fail(500) },
  },
  saveProHours: {
    ok: {
      kind: 'real',
      holds: (data) =>
        (data as { hours?: { upcoming?: unknown[] } } | undefined)?.hours?.upcoming?.length !== undefined,
      what: 'her week saved',
    },
    failed: { kind: 'forced', answer: fail(500) },
  },
  handOverAppointment: {
    ok: { kind: 'forced', answer: HANDED_OVER_ANSWER },
    inHours: { kind: 'forced', answer: fail(409) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  // Issue 40: her list forced (the model's); her time off saved and cancelled for real, on days no path books.
  loadProTimeOff: {
    ok: { kind: 'forced', answer: NO_TIME_OFF },
    failed: { kind: 'forced', answer: fail(500) },
  },
  createProTimeOff: {
    ok: {
      kind: 'real',
      holds: (data) => timeOffOf(data).kind === 'days' && timeOffOf(data).cancelled === false,
      what: 'her days off saved',
    },
    overlaps: { kind: 'forced', answer: fail(409) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  cancelTimeOff: {
    ok: { kind: 'real', holds: (data) => timeOffOf(data).cancelled === true, what: 'her time off cancelled' },
    ended: { kind: 'forced', answer: fail(409) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  login: {
    ok: { kind: 'real', holds: (data) => !isProUser(data), what: "a customer's session" },
    // Issue 27: Martina's e-mail typed (the model's PRO_USER): her session, a professional's.
    professional: { kind: 'real', holds: (data) => isProUser(data), what: "a professional's session" },
    // Issue 40: the team's e-mail typed (the model's TEAM_USER, the seed's team account): the team's session.
    team: {
      kind: 'real',
      holds: (data) => (data as { user?: { roles?: string[] } } | undefined)?.user?.roles?.includes(TEAM_ROLE) === true,
      what: "the team's session",
    },
    failed: { kind: 'forced', answer: fail(401) },
  },
  // 'tok-1' is no real token: the answer a valid one gets is the demo customer's real session
  // (fetched before the replay, see World.session).
  loginWithToken: {
    ok: { kind: 'forced', answer: () => ({ status: 200, body: { result: { success: true, data: null } } }) },
    failed: { kind: 'real', holds: () => true, what: 'a refusal of the token', refused: true },
  },
  // The stored credential is the one of the user the path's profile names (replay.ts storedSession).
  loadProfile: {
    ok: { kind: 'real', holds: (data) => !isProUser(data), what: "a customer's profile" },
    professional: {
      kind: 'real',
      holds: (data) => (data as { user?: { isProvider?: boolean } }).user?.isProvider === true,
      what: "a professional's profile",
    },
    team: {
      kind: 'real',
      holds: (data) => (data as { user?: { roles?: string[] } }).user?.roles?.includes(TEAM_ROLE) === true,
      what: "a team member's profile",
    },
    failed: { kind: 'forced', answer: fail(401) },
  },
  updateProfile: {
    ok: { kind: 'real', holds: () => true, what: 'the profile saved' },
    failed: { kind: 'forced', answer: fail(500) },
    // Issue 43: her session expired while the dialog was open.
    expired: { kind: 'forced', answer: fail(401) },
  },
  askResetPassword: {
    ok: { kind: 'real', holds: () => true, what: 'the e-mail sent' },
    failed: { kind: 'forced', answer: fail(429) },
  },
  checkSignupToken: {
    requireName: {
      kind: 'forced',
      answer: () => ({
        status: 200,
        body: { result: { success: true, data: { email: 'anna@example.it', requireName: true } } },
      }),
    },
    failed: { kind: 'real', holds: () => true, what: 'a refusal of the token', refused: true },
  },
  completeSignup: {
    ok: { kind: 'forced', answer: () => ({ status: 200, body: { result: { success: true, data: null } } }) },
    failed: { kind: 'real', holds: () => true, what: 'a refusal of the token', refused: true },
  },
  subscribeToList: {
    ok: { kind: 'real', holds: () => true, what: 'the subscription' },
    failed: { kind: 'forced', answer: fail(500) },
  },
  checkLocation: {
    served: {
      kind: 'real',
      holds: (data) => (data as { canBeServed?: boolean }).canBeServed === true,
      what: 'an address served',
    },
    outOfZone: {
      kind: 'forced',
      answer: (real) => ({
        status: 200,
        body: withData(real!.body, { ...(envelopeData(real!.body) as Json), canBeServed: false }),
      }),
    },
    failed: { kind: 'forced', answer: fail(500) },
  },
  loadServices: {
    // The model's beauty list has extras only (machines/testing/fixtures.ts SERVICE_LISTS: SPEC §5's
    // 'Devi selezionare almeno un servizio' case); the seeded one has main services. Its sections are
    // served as extras, so that the page asks what the path's state says. The other lists are real.
    list: {
      kind: 'forced',
      answer: (real, _message, url) =>
        real && url.searchParams.get('category') === 'estetica' ? extrasOnly(real) : real!,
    },
    failed: { kind: 'forced', answer: fail(500) },
  },
  loadAvailableTimes: {
    slots: { kind: 'real', holds: (data) => times(data) > 0, what: 'at least one free slot on the day' },
    // SPEC §3: the API's own times with the supplement as a boolean (first) or a string, the fee null.
    otherShapes: {
      kind: 'forced',
      answer: (real) => {
        const data = envelopeData(real!.body) as Json & { availableTimes: Json[] };
        const availableTimes = data.availableTimes.map((time, index) => ({
          ...time,
          supplement: index === 0 ? false : String(time.supplement ?? 0),
          serviceFee: null,
        }));
        return { status: 200, body: withData(real!.body, { ...data, availableTimes }) };
      },
    },
    none: NO_TIMES,
    failed: { kind: 'forced', answer: fail(500) },
  },
  loadProviders: {
    ok: { kind: 'real', holds: () => true, what: 'the professionals met' },
    failed: { kind: 'forced', answer: fail(500) },
  },
  checkCoupon: {
    ok: { kind: 'real', holds: () => true, what: 'the coupon accepted' },
    failed: { kind: 'forced', answer: fail(422) },
  },
  createBooking: {
    ok: { kind: 'real', holds: () => true, what: 'the booking stored' },
    // SPEC §3: the booking stored, its reply without redirectUrl and with signupToken a boolean.
    okNoRedirect: {
      kind: 'forced',
      answer: (real) => {
        const { redirectUrl: _dropped, ...data } = envelopeData(real!.body) as Json & { redirectUrl?: unknown };
        return { status: real!.status, body: withData(real!.body, { ...data, signupToken: true }) };
      },
    },
    failed: { kind: 'forced', answer: fail(409) },
  },
  // Issue 16. The appointment a path opens is a real booking made for it (e2e/paths/links.ts): more
  // than 24 hours ahead for `ok`, less for `late`, so the API itself says whether it can be cancelled.
  loadAppointment: {
    ok: {
      kind: 'real',
      holds: (data) => {
        const { status, cancellable, reschedulable } = appointmentOf(data);
        return status === 'confirmed' && cancellable === true && reschedulable === true;
      },
      what: 'a confirmed appointment still free to cancel and move (more than 24 hours ahead)',
    },
    late: {
      kind: 'real',
      holds: (data) => {
        const { status, cancellable, reschedulable } = appointmentOf(data);
        return status === 'confirmed' && cancellable === false && reschedulable === false;
      },
      what: 'a confirmed appointment less than 24 hours ahead (neither cancelled nor moved from the app)',
    },
    // Issue 27: her request answered by her professional with another time (e2e/paths/links.ts).
    offered: {
      kind: 'real',
      holds: (data) => {
        const { status, offeredInsteadOf } = appointmentOf(data);
        return status === 'pending' && offeredInsteadOf != null;
      },
      what: 'a request answered with another time offered, waiting for her answer',
    },
    failed: { kind: 'forced', answer: fail(404) },
  },
  answerOffer: {
    ok: {
      kind: 'real',
      holds: (data, sent) =>
        appointmentOf(data).status ===
        ((sent as { accept?: boolean } | null)?.accept === true ? 'confirmed' : 'cancelled'),
      what: 'the offer accepted (confirmed) or declined (cancelled) as she answered',
    },
    failed: { kind: 'forced', answer: fail(409) },
  },
  cancelAppointment: {
    ok: {
      kind: 'real',
      holds: (data) => appointmentOf(data).status === 'cancelled',
      what: 'the appointment cancelled',
    },
    failed: { kind: 'forced', answer: fail(409) },
  },
  setAppointmentReminder: {
    ok: {
      kind: 'real',
      holds: (data, sent) =>
        appointmentOf(data).twoHoursReminder === (sent as { twoHoursBefore?: boolean } | null)?.twoHoursBefore,
      what: 'the two-hour reminder as asked',
    },
    failed: { kind: 'forced', answer: fail(500) },
  },
  rescheduleAppointment: {
    ok: {
      kind: 'real',
      holds: (data, sent) => {
        const { date, startTime } = appointmentOf(data);
        const asked = sent as { startDate?: string; startTime?: string } | null;
        return asked !== null && date === asked.startDate && startTime === asked.startTime;
      },
      what: 'the appointment at the new time asked',
    },
    failed: { kind: 'forced', answer: fail(409) },
  },
  joinWaitlist: {
    ok: { kind: 'real', holds: () => true, what: 'her place on the waitlist' },
    failed: { kind: 'forced', answer: fail(500) },
  },
  // The offer's link is a real one (an entry, a booking of that day cancelled, the offer's e-mail).
  loadWaitlistOffer: {
    ok: {
      kind: 'real',
      holds: (data) => (data as { draft?: unknown } | undefined)?.draft != null,
      what: 'the freed day with the draft she left',
    },
    noDraft: {
      kind: 'real',
      holds: (data) => (data as { draft?: unknown } | undefined)?.draft === null,
      what: 'the freed day of an entry without a draft',
    },
    failed: { kind: 'forced', answer: fail(404) },
  },
  // Issue 27: the path's real booking b-1 read back as a draft (any booking of hers may be booked again).
  loadRebook: {
    ok: {
      kind: 'real',
      holds: (data) => (data as { draft?: unknown } | undefined)?.draft != null,
      what: 'the same services and address as a draft',
    },
    // Her services gone from the catalogue meanwhile (the API then answers without a draft): forced.
    noDraft: {
      kind: 'forced',
      answer: (real) => ({
        status: 200,
        body: withData(real!.body, { ...(envelopeData(real!.body) as Json), draft: null }),
      }),
    },
    failed: { kind: 'forced', answer: fail(404) },
  },
  // Issue 29: forced (ratingAnswer says why): the fixtures' appointment to rate, or final; the API's refusals.
  loadRating: {
    ok: { kind: 'forced', answer: ratingAnswer((url) => ratingOf(TO_RATE, url)) },
    final: { kind: 'forced', answer: ratingAnswer((url) => ratingOf(RATED_FINAL, url)) },
    refused: { kind: 'forced', answer: fail(409) },
    notFound: { kind: 'forced', answer: fail(404) },
  },
  rateAppointment: {
    ok: { kind: 'forced', answer: ratedAs(true) },
    final: { kind: 'forced', answer: ratedAs(false) },
    closed: { kind: 'forced', answer: fail(409) },
    // No answer: a server error, which the app says in a toast as it says a lost connection.
    failed: { kind: 'forced', answer: fail(500) },
  },
  // Issue 29: her real ratings (Martina's, maybe none yet); a team member's refusal is the API's own 403.
  loadProRatings: {
    ok: {
      kind: 'real',
      holds: (data) => Array.isArray((data as { ratings?: unknown } | undefined)?.ratings),
      what: 'her ratings',
    },
    forbidden: { kind: 'real', holds: () => true, what: 'a refusal of her ratings', refused: true },
    failed: { kind: 'forced', answer: fail(500) },
  },
  // Issue 27, the professionals' side. The request a path opens is a real one made for it (its
  // professional's, or a salotto for the team: e2e/paths/links.ts); a refusal because it changed
  // meanwhile is the API's own 409 with its message, forced (a real one needs a second answerer).
  loadProAgenda: {
    ok: { kind: 'real', holds: (data) => Array.isArray(listOf(data, 'appointments')), what: 'her agenda' },
    failed: { kind: 'forced', answer: fail(500) },
  },
  loadProRequests: {
    ok: { kind: 'real', holds: (data) => (listOf(data, 'requests')?.length ?? 0) > 0, what: 'the requests waiting' },
    none: { kind: 'forced', answer: (real) => ({ status: 200, body: withData(real!.body, { requests: [] }) }) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  loadProRequest: {
    request: {
      kind: 'real',
      holds: (data) => sameActions(data, ['accept', 'decline', 'offer']),
      what: 'her own request waiting for her (accept, decline, offer)',
    },
    teamRequest: {
      kind: 'real',
      holds: (data) => sameActions(data, ['accept', 'decline']),
      what: "a professional's request as the team reads it (accept, decline)",
    },
    salotto: {
      kind: 'real',
      holds: (data) => proAppointmentOf(data).kind === 'salotto' && sameActions(data, ['quote', 'decline']),
      what: 'a salotto waiting for the team (quote, decline)',
    },
    failed: { kind: 'forced', answer: fail(404) },
  },
  acceptRequest: {
    ok: { kind: 'real', holds: (data) => proAppointmentOf(data).status === 'confirmed', what: 'the request confirmed' },
    changed: { kind: 'forced', answer: fail(409) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  declineRequest: {
    ok: { kind: 'real', holds: (data) => proAppointmentOf(data).status === 'cancelled', what: 'the request declined' },
    changed: { kind: 'forced', answer: fail(409) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  loadRequestTimes: {
    times: { kind: 'real', holds: (data) => times(data) > 0, what: 'at least one of her free times that day' },
    none: NO_TIMES,
    failed: { kind: 'forced', answer: fail(500) },
  },
  offerRequest: {
    ok: {
      kind: 'real',
      holds: (data, sent) => {
        const offered = proAppointmentOf(data);
        return offered.stage === 'offered' && offered.startTime === (sent as { startTime?: string } | null)?.startTime;
      },
      what: 'the time she picked offered to the customer',
    },
    changed: { kind: 'forced', answer: fail(409) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  quoteSalotto: {
    // The members she named are checked by the quote's own action (e2e/paths/events.ts).
    ok: { kind: 'real', holds: (data) => proAppointmentOf(data).status === 'confirmed', what: 'the salotto confirmed' },
    changed: { kind: 'forced', answer: fail(409) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  // Issue 28. Taken and lapsed are the API's own 409s, with its messages (contract/messages.ts).
  holdSlot: {
    held: {
      kind: 'real',
      holds: (data) => (data as { hold?: unknown } | undefined)?.hold != null,
      what: 'her time held',
    },
    taken: { kind: 'forced', answer: () => ({ status: 409, body: failure(MESSAGES.slotJustTaken) }) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  renewHold: {
    renewed: {
      kind: 'real',
      holds: (data) => (data as { hold?: unknown } | undefined)?.hold != null,
      what: 'her hold renewed',
    },
    lapsed: { kind: 'forced', answer: () => ({ status: 409, body: failure(MESSAGES.slotHoldExpired) }) },
    failed: { kind: 'forced', answer: fail(500) },
  },
  releaseHold: {
    released: { kind: 'real', holds: () => true, what: 'her hold released' },
    failed: { kind: 'forced', answer: fail(500) },
  },
  searchAddresses: {
    results: { kind: 'real', holds: () => true, what: 'suggestions' },
    none: {
      kind: 'forced',
      answer: (real) => ({
        status: 200,
        body: withData(real!.body, { ...(envelopeData(real!.body) as Json), predictions: [] }),
      }),
    },
    failed: { kind: 'forced', answer: fail(500) },
  },
  resolveAddress: {
    ok: { kind: 'real', holds: () => true, what: 'the address' },
    // Issue 43: as Google Places resolves a prediction, its address is the suggestion's description
    // (the gazetteer's is shorter: 'Via Roma, 2, Torino' for 'Via Roma, 2, Torino, TO, Italia').
    google: {
      kind: 'forced',
      answer: (real) => {
        const data = envelopeData(real!.body) as { location: { address: string; components: Json } };
        const { provinceCode } = data.location.components as { provinceCode?: string };
        const address = `${data.location.address}, ${provinceCode ?? ''}, Italia`;
        return { status: 200, body: withData(real!.body, { ...data, location: { ...data.location, address } }) };
      },
    },
    failed: { kind: 'forced', answer: fail(404) },
  },
  lookupStreetNumber: {
    ok: { kind: 'real', holds: () => true, what: 'the house number' },
    // Issue 43: the geocoder knows the street but not the number (the lookup's search finds no
    // address with it): the number she typed stands.
    streetOnly: {
      kind: 'forced',
      answer: (real) => ({
        status: 200,
        body: withData(real!.body, { ...(envelopeData(real!.body) as Json), predictions: [] }),
      }),
    },
    failed: { kind: 'forced', answer: fail(404) },
  },
};

interface Held {
  src: CallSource | GeoSource;
  route: Route;
  request: Request;
}

export class World {
  private held: Held[] = [];
  private waiters: (() => void)[] = [];
  /** One-shot forced answers of geocoder calls, by source. */
  private geoForced: { src: GeoSource; answer: (real: Answer | null, url: URL) => Answer }[] = [];
  /** The last real answers, by source (the replay reads slots, the coupon's discount, the list). */
  readonly answers = new Map<string, unknown>();
  /** A real session of the demo customer, the answer a valid token gets. */
  session: unknown = null;
  /** The error message the call settled by the current step answered with (the toast shows it). */
  stepError: string | null = null;
  private paused = false;
  /** Calls the path failed, failed again when the app retries them (until the model asks anew). */
  readonly failing = new Map<string, Answer>();
  /** The effects the model waits for after the current step: only their calls are held. */
  expected = new Set<string>();
  /**
   * Geocoder calls held like the API's: the ones a person acts during (AVANTI or SALVA while the
   * address is resolved or its number looked up). The others answer at once (the picker chains them).
   */
  heldGeo = new Set<GeoSource>();
  /** Calls whose next answer in the path is a failure, with its message (their prefetches fail too). */
  nextFailures = new Map<string, string>();
  /**
   * This path's own ways to obtain an outcome (`src:outcome`), where OBTAIN's would ask the real API
   * for what this path's real booking cannot give (e2e/paths/links.ts says why for each).
   */
  readonly overrides = new Map<string, Obtain>();
  /** The real appointments and waitlist offer the path's fixture ids stand for (issue 16). */
  links: RealLinks | null = null;

  constructor(readonly page: Page) {}

  async start() {
    await this.page.route(`${API_URL}/**`, (route, request) => this.intercept(route, request));
  }

  private async intercept(route: Route, request: Request) {
    const url = new URL(request.url());
    const method = request.method();
    if (method === 'OPTIONS') return route.continue();
    const heldGeo = [...this.heldGeo].find((src) => isGeoCallOf(src, url));
    if (heldGeo) {
      this.held.push({ src: heldGeo, route, request });
      this.waiters.splice(0).forEach((wake) => wake());
      return;
    }
    const geoRequest = geoRequestOf(url);
    if (geoRequest) {
      this.geoThrough[geoRequest] += 1;
      this.waiters.splice(0).forEach((wake) => wake());
    }
    const geo = this.geoForced.find(({ src }) => isGeoCallOf(src, url));
    if (geo) {
      this.geoForced.splice(this.geoForced.indexOf(geo), 1);
      // The page may close meanwhile (the path ended on this answer): its response is then gone.
      const response = await route.fetch().catch(() => null);
      const body = response ? await response.json().catch(() => null) : null;
      if (!response || body === null) return route.abort().catch(() => undefined);
      const answer = geo.answer({ status: response.status(), body: body as Json }, url);
      return route
        .fulfill({ status: answer.status, json: answer.body, headers: corsOf(request) })
        .catch(() => undefined);
    }
    const src = (Object.keys(CALLS) as CallSource[]).find((key) => CALLS[key](method, url));
    // The app's own retries of a call the path failed fail alike (TanStack Query retries queries).
    const failing = src ? this.failing.get(src) : undefined;
    if (src && failing) return route.fulfill({ status: failing.status, json: failing.body, headers: corsOf(request) });
    // A call the model is not waiting for (a prefetch, a refetch) goes through, unless the path's
    // next answer to that call is a failure: then it fails alike (no cached answer the model lacks).
    if (src && !this.expected.has(src) && this.nextFailures.has(src)) {
      const answer = { status: 500, body: failure(this.nextFailures.get(src)!) };
      return route.fulfill({ status: answer.status, json: answer.body, headers: corsOf(request) });
    }
    // A service list the app fetches ahead (SPEC §7 prefetch) is the one the held call would give.
    if (src === 'loadServices' && !this.expected.has(src)) return this.passServices(route, request, url);
    if (!src || !this.expected.has(src)) return route.continue();
    this.held.push({ src, route, request });
    this.waiters.splice(0).forEach((wake) => wake());
  }

  private async passServices(route: Route, request: Request, url: URL) {
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort().catch(() => undefined);
    const real: Answer = { status: response.status(), body: (await response.json().catch(() => ({}))) as Json };
    const list = OBTAIN.loadServices!.list!;
    const answer = list.kind === 'forced' ? list.answer(real, '', url) : real;
    return route.fulfill({ status: answer.status, json: answer.body, headers: corsOf(request) });
  }

  /** The geocoder's requests that reached the page's route and went on (not held), by kind. */
  private readonly geoThrough: Record<GeoRequest, number> = { autocomplete: 0, place: 0 };
  /** For each geocoder call the model started, `geoThrough` of its first request then. */
  private readonly geoStarted = new Map<GeoSource, number>();

  /** The model starts a geocoder call of `src` (the page makes it during the step's action). */
  noteGeoStarted(src: GeoSource) {
    this.geoStarted.set(src, this.geoThrough[GEO_FIRST[src]]);
  }

  /**
   * A geocoder call the model settles at once (no one acts while it is pending) went on to the API
   * when it reached the page's route: waits until it has, so that no hold the next steps begin can
   * take it for theirs. A search may be answered from the app's cache, with no request: not waited for.
   */
  async passedAtOnce(src: GeoSource) {
    if (src === 'searchAddresses') return;
    const started = this.geoStarted.get(src);
    if (started === undefined) return;
    const deadline = Date.now() + 5_000;
    while (this.geoThrough[GEO_FIRST[src]] <= started && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    if (this.geoThrough[GEO_FIRST[src]] <= started) throw new Error(`the page made no '${src}' request in 5 s`);
    this.geoStarted.delete(src);
  }

  /** Whether a call of `src` (asked by the model's `actor`, when given) is held now. */
  holds(src: string, actor?: string): boolean {
    return this.held.some((held) => isCallOf(held, src, actor));
  }

  /** Fails the next geocoder call of `src` as the path says (it is not held: the picker chains them). */
  forceGeo(src: GeoSource, outcome: string, message: string) {
    const obtain = OBTAIN[src]?.[outcome];
    if (!obtain || obtain.kind !== 'forced') return;
    this.geoForced.push({ src, answer: (real, url) => obtain.answer(real, message, url) });
  }

  /**
   * Answers the latest held call of `src` (asked by the model's `actor`, when given) with `outcome`;
   * false when the app made no such call.
   */
  async settle(src: string, outcome: string, message: string, waitMs = 5_000, actor?: string): Promise<boolean> {
    const obtain = this.overrides.get(`${src}:${outcome}`) ?? OBTAIN[src]?.[outcome];
    if (!obtain) throw new Error(`No way to obtain '${outcome}' from the API for '${src}' (e2e/paths/world.ts)`);
    const deadline = Date.now() + waitMs;
    while (!this.holds(src, actor) && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    // The latest call answers for the model; earlier ones (superseded by the app) go through.
    const calls = this.held.filter((candidate) => isCallOf(candidate, src, actor));
    const held = calls.pop();
    if (!held) return false;
    this.held = this.held.filter((candidate) => !isCallOf(candidate, src, actor));
    // A geocoder call settled: the calls the picker chains to it go through.
    this.heldGeo.delete(src as GeoSource);
    for (const earlier of calls) await earlier.route.continue().catch(() => undefined);
    // A forced failure never reaches the API (a failed booking must not book); the rest asks it.
    const asks = !isFailure(obtain);
    const response = asks ? await held.route.fetch() : null;
    const real: Answer = response
      ? { status: response.status(), body: (await response.json().catch(() => ({}))) as Json }
      : { status: 0, body: {} };
    const ok = (real.body.result as { success?: boolean } | undefined)?.success === true;
    let answer = real;
    if (obtain.kind === 'real') {
      const problem =
        ok === Boolean(obtain.refused)
          ? `the real API ${ok ? 'accepted' : 'refused'} '${src}' (${real.status} ${JSON.stringify(real.body).slice(0, 200)}) where the path needs ${obtain.what}`
          : ok && !obtain.holds(envelopeData(real.body), sentBody(held.request))
            ? `the real API answered '${src}' without ${obtain.what}, the path needs '${outcome}' (asked ${JSON.stringify(sentBody(held.request)).slice(0, 300)}, answered ${JSON.stringify(real.body).slice(0, 300)})`
            : null;
      if (problem) {
        await held.route.fulfill({ status: real.status, json: real.body, headers: corsOf(held.request) });
        throw new Error(problem);
      }
    } else {
      answer = obtain.answer(real, message, new URL(held.request.url()), sentBody(held.request));
      if (['loginWithToken', 'completeSignup'].includes(src) && outcome === 'ok') {
        if (!this.session) throw new Error('no real session to answer a valid token with');
        answer = { status: 200, body: this.session as Json };
      }
    }
    const result = answer.body.result as { success?: boolean; error?: { message?: string } } | undefined;
    if (result?.success === true) this.answers.set(src, envelopeData(answer.body));
    else {
      if (obtain.kind === 'forced') this.failing.set(src, answer);
      this.stepError = result?.error?.message ?? message;
      this.answers.set(`${src}:error`, this.stepError);
    }
    await held.route.fulfill({ status: answer.status, json: answer.body, headers: corsOf(held.request) });
    return true;
  }

  /** The model gave the call of `src` (by `actor`) up: the oldest held one goes on to the real API. */
  async drop(src: string, actor?: string) {
    this.heldGeo.delete(src as GeoSource);
    const held = this.held.find((candidate) => isCallOf(candidate, src, actor));
    if (!held) return;
    this.held.splice(this.held.indexOf(held), 1);
    await held.route.continue().catch(() => undefined);
  }

  /** Releases every held call as the real API answers it (end of the path). */
  async release() {
    for (const held of this.held.splice(0)) await held.route.continue().catch(() => undefined);
  }

  /** Holds the page's clock (a model timer is pending): its timers fire only by `elapse`. */
  async hold() {
    if (this.paused) return;
    // The page's Date.now() can lag the clock's own time by a few ms: ask a little ahead of it.
    for (const ahead of [20, 100, 500]) {
      const now = await this.page.evaluate(() => Date.now());
      try {
        await this.page.clock.pauseAt(now + ahead);
        this.paused = true;
        return;
      } catch (error) {
        if (!String(error).includes('to the past')) throw error;
      }
    }
    throw new Error("could not hold the page's clock");
  }

  /** Lets the page's time flow again (no model timer pending). */
  async flow() {
    if (!this.paused) return;
    await this.page.clock.resume();
    this.paused = false;
  }

  /** A model timer elapses: the page's clock runs forward by its delay. */
  async elapse(ms: number) {
    await this.page.clock.runFor(ms);
  }

  /**
   * Issue 28: the page's time when each of the hold's timers (minutes long) started. The clock flows
   * while only they run, so their elapse runs it by what is left of them, not by the whole delay
   * (else it would overshoot by every second the replay took meanwhile: the lapse's toast, which
   * lasts 9 s of the page's clock, would be gone).
   */
  private readonly holdTimersStarted = new Map<string, number>();

  /** When the hold timer the last step elapsed was due: the timers its firing started, started then. */
  private elapsedDue: number | null = null;

  async noteHoldTimers(before: { id: string }[], after: { id: string }[]) {
    for (const id of this.holdTimersStarted.keys())
      if (!after.some((timer) => timer.id === id)) this.holdTimersStarted.delete(id);
    const fresh = after.filter((timer) => !before.some((other) => other.id === timer.id));
    const due = this.elapsedDue;
    this.elapsedDue = null;
    if (fresh.length === 0) return;
    const started = due ?? (await this.page.evaluate(() => Date.now()));
    for (const timer of fresh) this.holdTimersStarted.set(timer.id, started);
  }

  /**
   * What is left of a hold timer of `ms`, and half a second more: the page set it a moment after it
   * was noted. Less than the shortest timer that may follow (the times' 1 s minimum loading, which
   * the lapse starts), so that one is left for its own elapse.
   */
  async elapseHoldTimer(id: string, ms: number) {
    const now = await this.page.evaluate(() => Date.now());
    const due = (this.holdTimersStarted.get(id) ?? now) + ms;
    await this.page.clock.runFor(Math.max(0, due - now) + 500);
    this.elapsedDue = due;
  }
}

/**
 * Issue 16: two machines ask for times, the wizard's `slots` (a booking's) and the move's `moveSlots`
 * (an appointment's), and both may wait at once (the wizard stays behind the appointment's screens).
 */
const ACTOR_CALLS: Record<string, (url: URL) => boolean> = {
  'slots/loadAvailableTimes': (url) => url.pathname.startsWith('/bookings/'),
  'moveSlots/loadAvailableTimes': (url) => url.pathname.startsWith('/appointments/'),
};
const isCallOf = (held: Held, src: string, actor?: string) => {
  const ofActor = actor ? ACTOR_CALLS[`${actor}/${src}`] : undefined;
  return held.src === src && (!ofActor || ofActor(new URL(held.request.url())));
};

/** The JSON a call sent (null without one). */
const sentBody = (request: Request): unknown => {
  try {
    return request.postDataJSON() as unknown;
  } catch {
    return null;
  }
};

/** The CORS headers the API gives the web app's origin (a fulfilled answer must carry them too). */
const corsOf = (request: Request): Record<string, string> => {
  const origin = request.headers().origin;
  return origin
    ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' }
    : {};
};
