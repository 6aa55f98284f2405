/**
 * Records the examples of GET /openapi.json (server/openapi/examples.ts) from the API itself on
 * the seed data: a fresh PGlite filled by `seed()` (the demo customer, the catalogue, the
 * professionals, the coupons), the test clock (Monday 2 March 2026), one real request per call of
 * contract/calls.ts and its real reply. Run it again when a call or the seed changes:
 *
 *   npx tsx tests/server/openapi-examples/record.ts && npx prettier --write server/openapi/examples.ts
 *
 * tests/server/openapi-examples.test.ts checks every example against the document's schemas.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ApiCallName } from '../../../contract/api-calls';
import { users } from '../../../server/db/schema/accounts';
import { waitlist } from '../../../server/db/schema/waitlist';
import { professionals } from '../../../server/db/schema/professionals';
import { DEMO_EMAIL, DEMO_PASSWORD, TEAM_EMAIL } from '../../../server/db/seed/accounts';
import { seed } from '../../../server/db/seed/index';
import { SEED_LOCATIONS } from '../../../server/db/seed/locations';
import { randomToken, sha256 } from '../../../server/accounts/secrets';
import { createUserToken } from '../../../server/accounts/user-tokens';
import { openPgliteTestDb } from '../helpers/pglite';
import { buildTestApp, CapturingLogger, CapturingMailer, TestClock } from '../helpers/test-app';

type Example = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  status: number;
  reply: unknown;
};

const TORINO = SEED_LOCATIONS.torinoViaRoma;
const WEDNESDAY = '2026-03-04';

async function main() {
  const handle = await openPgliteTestDb();
  const db = handle.db;
  const clock = new TestClock();
  await seed(db, clock.now());
  const app = buildTestApp(db, clock, new CapturingMailer(), new CapturingLogger());
  const settle = (app as unknown as { settle: () => Promise<void> }).settle;
  const examples: Partial<Record<ApiCallName, Example>> = {};

  /** One call: the route with its parameters filled, the query, the body; kept as the call's example. */
  async function record(
    name: ApiCallName,
    method: string,
    route: string,
    request: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; token?: string } = {},
  ): Promise<{ result: { data: Record<string, unknown> } }> {
    const filled = route.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(request.params![key]!));
    const search = request.query ? `?${new URLSearchParams(request.query)}` : '';
    const headers: Record<string, string> = {};
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    const res = await app.request(`${filled}${search}`, {
      method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    const reply = (await res.json()) as { result: { success: boolean; data: Record<string, unknown> } };
    await settle();
    if (!reply.result.success) throw new Error(`${name}: ${res.status} ${JSON.stringify(reply)}`);
    const { token: _token, ...shown } = request;
    examples[name] = { ...shown, status: res.status, reply };
    return reply;
  }

  const login = await record('login', 'POST', '/login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  const token = String(login.result.data.token);
  const demo = login.result.data.user as { id: string };
  await record('currentUser', 'GET', '/me', { token });
  await record('nextBookings', 'GET', '/me/next', { token });
  await record('updateUser', 'PATCH', '/users/:userId', {
    params: { userId: demo.id },
    token,
    body: {
      firstName: 'Chiara',
      lastName: 'Bianchi',
      location: TORINO,
      phoneNumber: '+39 333 123 4567',
      accountEmail: DEMO_EMAIL,
    },
  });
  await record('providersOfUser', 'GET', '/users/:userId/providers', { params: { userId: demo.id }, token });
  await record('checkLocation', 'POST', '/bookings/check-location', { body: { bookingLocation: TORINO } });
  await record('services', 'GET', '/services/list/v2', {
    query: {
      category: 'hair',
      hairLength: 'medium',
      lat: String(TORINO.coordinates.lat),
      lng: String(TORINO.coordinates.lng),
    },
  });
  await record('salottoServices', 'GET', '/services/list/salotto', { query: { categories: 'hair,make-up' } });
  const piega = 'capelli-piega-liscia';
  await record('availableTimes', 'POST', '/bookings/available-times', {
    body: { bookingLocation: TORINO, services: [piega], startDate: WEDNESDAY, providerId: null },
  });
  const salottoServices = ['salotto-capelli-pieghe', 'salotto-makeup-evento'];
  await record('salottoAvailableTimes', 'POST', '/bookings/available-times/salotto', {
    body: { bookingLocation: TORINO, services: salottoServices, startDate: WEDNESDAY, numberOfCustomers: 3 },
  });
  await record('availableDays', 'POST', '/bookings/available-days', {
    body: { bookingLocation: TORINO, services: [piega], fromDate: WEDNESDAY, toDate: '2026-03-08', providerId: null },
  });
  // Holds (issue 28): a pick, its renewal and its release; a salotto's pick and its beacon release.
  const holderKey = '6f1c2a4e-8b3d-4e7a-9c51-2d7f0e9b8a13';
  await record('holdSlot', 'POST', '/bookings/holds', {
    body: { bookingLocation: TORINO, services: [piega], startDate: WEDNESDAY, startTime: '11:00', holderKey },
  });
  clock.advance(4 * 60_000);
  await record('renewHold', 'POST', '/bookings/holds/renew', { body: { holderKey } });
  clock.reset();
  await record('releaseHold', 'DELETE', '/bookings/holds/:holderKey', { params: { holderKey } });
  const salottoHolder = '0b9e7d52-3c41-4f8a-a6e2-71d5c9f04b28';
  await record('holdSalottoSlot', 'POST', '/bookings/holds/salotto', {
    body: {
      bookingLocation: TORINO,
      services: ['salotto-capelli-pieghe', 'salotto-makeup-evento'],
      startDate: WEDNESDAY,
      startTime: '16:00',
      numberOfCustomers: 3,
      holderKey: salottoHolder,
    },
  });
  await record('releaseHoldBeacon', 'POST', '/bookings/holds/release', { body: { holderKey: salottoHolder } });
  const checkout = {
    firstName: 'Chiara',
    lastName: 'Bianchi',
    email: DEMO_EMAIL,
    phoneNumber: '+39 333 123 4567',
    providerId: null,
    location: TORINO,
    services: [piega],
    startDate: WEDNESDAY,
    startTime: '10:00',
    isManualFlow: false,
    allergies: '',
    doorbellName: 'Bianchi',
    notes: 'Secondo piano',
    fitToPlead: true,
    allowMarketing: false,
    couponCode: '',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    idempotencyKey: 'checkout-3f9a2c71',
  };
  await record('checkCoupon', 'POST', '/bookings/store', {
    query: { onlyCheckCoupon: '1' },
    body: { ...checkout, couponCode: 'AMICA5', services: [piega, 'capelli-maschera-idratante'] },
    token,
  });
  await record('checkSalottoCoupon', 'POST', '/bookings/store/salotto', {
    query: { onlyCheckCoupon: '1' },
    body: { ...checkout, services: salottoServices, numberOfCustomers: 3, couponCode: 'REGALO50' },
    token,
  });
  const stored = await record('createBooking', 'POST', '/bookings/store', { body: checkout, token });
  const bookingId = (stored.result.data.booking as { _id: string })._id;
  const salotto = await record('createSalottoBooking', 'POST', '/bookings/store/salotto', {
    body: {
      ...checkout,
      firstName: 'Sofia',
      lastName: 'Marino',
      email: 'sofia.marino@example.it',
      services: salottoServices,
      startTime: '15:00',
      numberOfCustomers: 3,
      notes: 'Addio al nubilato, tre amiche',
      idempotencyKey: 'salotto-8d41b0e2',
    },
  });
  const salottoId = (salotto.result.data.booking as { _id: string })._id;
  await record('appointment', 'GET', '/appointments/:bookingId', { params: { bookingId }, token });
  await record('appointmentAvailableTimes', 'POST', '/appointments/:bookingId/available-times', {
    params: { bookingId },
    token,
    body: { startDate: WEDNESDAY, keepProfessional: true },
  });
  await record('appointmentReminder', 'POST', '/appointments/:bookingId/reminder', {
    params: { bookingId },
    token,
    body: { twoHoursBefore: true },
  });
  await record('rescheduleAppointment', 'POST', '/appointments/:bookingId/reschedule', {
    params: { bookingId },
    token,
    body: { startDate: WEDNESDAY, startTime: '14:00', keepProfessional: true },
  });
  await record('joinWaitlist', 'POST', '/waitlist', {
    body: {
      email: 'lucia.neri@example.it',
      location: TORINO,
      date: WEDNESDAY,
      services: [piega],
      hairLength: 'medium',
      draft: null,
    },
  });
  await record('cancelAppointment', 'POST', '/appointments/:bookingId/cancel', { params: { bookingId }, token });
  // The offer a cancellation sends (its token as the e-mail's link carries it).
  const offerToken = randomToken();
  const [entry] = await db
    .update(waitlist)
    .set({
      notifiedAt: clock.now(),
      offerTokenHash: sha256(offerToken),
      offerExpiresAt: new Date('2026-03-04T23:00:00Z'),
    })
    .where(eq(waitlist.email, 'lucia.neri@example.it'))
    .returning();
  await record('waitlistOffer', 'GET', '/waitlist/:entryId', {
    params: { entryId: entry!.id },
    query: { token: offerToken },
  });

  const [fresh] = await db.select().from(users).where(eq(users.email, 'nuova.cliente@musa.example'));
  const signupToken = await createUserToken(db, fresh!.id, 'signup', clock.now());
  await record('checkSignupToken', 'GET', '/check-signup-token', { query: { signupToken } });
  await record('checkResetToken', 'GET', '/check-reset-token', {
    query: { token: signupToken, email: 'nuova.cliente@musa.example' },
  });
  await record('completeSignup', 'POST', '/complete-signup', {
    body: { signupToken, password: 'Girasole-Azzurro-42', firstName: '', lastName: '' },
  });
  await record('askResetPassword', 'POST', '/ask-reset-password', { body: { email: DEMO_EMAIL } });
  await record('subscribeToList', 'POST', '/subscribe-to-list', {
    body: { email: 'lucia.neri@example.it', location: SEED_LOCATIONS.milanoCorsoBuenosAires },
  });
  const loginToken = await createUserToken(db, demo.id, 'login', clock.now());
  await record('loginByToken', 'POST', '/login/token', { body: { token: loginToken } });
  await record('geoAutocomplete', 'GET', '/geo/autocomplete', { query: { input: 'via roma 2 torino', limit: '3' } });
  await record('geoPlace', 'GET', '/geo/place/:placeId', {
    params: { placeId: 'musa:torino:via-roma:2' },
    query: { streetNumber: '4' },
  });
  // The professionals' side (issue 27): the demo customer asks Martina Rinaldi (hours on request)
  // for Wednesday 08:00 and 13:00 (requests); Martina, signed in, reads and answers them; the team
  // quotes the salotto recorded above; the customer accepts the other time offered.
  const request = async (startTime: string, idempotencyKey: string) => {
    const res = await app.request('/bookings/store', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...checkout, startDate: WEDNESDAY, startTime, providerId: martinaId, idempotencyKey }),
    });
    await settle();
    return ((await res.json()) as { result: { data: { booking: { _id: string } } } }).result.data.booking._id;
  };
  const [martinaPro] = await db.select().from(professionals).where(eq(professionals.slug, 'pro-martina-rinaldi'));
  const martinaId = martinaPro!.id;
  const signIn = async (email: string) => {
    const res = await app.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    return ((await res.json()) as { result: { data: { token: string } } }).result.data.token;
  };
  const first = await request('08:00', 'request-1b7e4d20');
  const second = await request('11:30', 'request-5c90a3f1');
  const martina = await signIn(martinaPro!.email!);
  const team = await signIn(TEAM_EMAIL);
  await record('proMe', 'GET', '/pro/me', { token: martina });
  await record('proAgenda', 'GET', '/pro/agenda', { query: { from: WEDNESDAY, days: '1' }, token: martina });
  await record('proRequests', 'GET', '/pro/requests', { token: martina });
  await record('proRequest', 'GET', '/pro/requests/:bookingId', { params: { bookingId: first }, token: martina });
  await record('requestAvailableTimes', 'POST', '/pro/requests/:bookingId/available-times', {
    params: { bookingId: first },
    body: { startDate: WEDNESDAY },
    token: martina,
  });
  await record('offerRequest', 'POST', '/pro/requests/:bookingId/offer', {
    params: { bookingId: first },
    body: { startDate: WEDNESDAY, startTime: '14:00' },
    token: martina,
  });
  await record('appointmentOffer', 'POST', '/appointments/:bookingId/offer', {
    params: { bookingId: first },
    body: { accept: true },
    token,
  });
  await record('appointmentRebook', 'GET', '/appointments/:bookingId/rebook', {
    params: { bookingId: first },
    token,
  });
  await record('acceptRequest', 'POST', '/pro/requests/:bookingId/accept', {
    params: { bookingId: second },
    token: martina,
  });
  const third = await request('16:00', 'request-e28d6b47');
  await record('declineRequest', 'POST', '/pro/requests/:bookingId/decline', {
    params: { bookingId: third },
    body: { reason: 'too-far', message: '' },
    token: martina,
  });
  await record('quoteSalotto', 'POST', '/pro/requests/:bookingId/quote', {
    params: { bookingId: salottoId },
    body: { total: 240, includes: 'Piega e trucco per tre persone, beauty box in omaggio', team: [] },
    token: team,
  });
  // Ratings (issue 29): Martina's accepted Wednesday 11:30 is over; the customer gives her 4 stars.
  clock.set('2026-03-04T14:00:00.000Z');
  await record('rateAppointment', 'POST', '/appointments/:bookingId/rating', {
    params: { bookingId: second },
    body: { ratings: [{ professionalId: martinaId, stars: 4, comment: 'Puntuale e precisa, piega perfetta' }] },
    token,
  });
  await record('appointmentRating', 'GET', '/appointments/:bookingId/rating', { params: { bookingId: second }, token });
  await record('proRatings', 'GET', '/pro/ratings', { token: martina });
  // The professionals' week (issue 40): Martina's hours and time off, by herself and by the team.
  const professionalId = martinaId;
  await record('proHours', 'GET', '/pro/hours', { token: martina });
  await record('saveProHours', 'POST', '/pro/hours', {
    token: martina,
    body: {
      validFrom: '2026-03-09',
      week: [
        {
          weekday: 2,
          ranges: [
            { start: '09:00', end: '13:00' },
            { start: '14:00', end: '18:00' },
          ],
        },
        { weekday: 4, ranges: [{ start: '09:00', end: '13:00' }] },
      ],
    },
  });
  await record('teamHours', 'GET', '/pro/team/professionals/:professionalId/hours', {
    params: { professionalId },
    token: team,
  });
  await record('saveTeamHours', 'POST', '/pro/team/professionals/:professionalId/hours', {
    params: { professionalId },
    token: team,
    body: { validFrom: '2026-03-16', week: [{ weekday: 3, ranges: [{ start: '08:00', end: '16:00' }] }] },
  });
  const entered = await record('createProTimeOff', 'POST', '/pro/time-off', {
    token: martina,
    body: { kind: 'days', startDate: '2026-03-05', endDate: '2026-03-06', reason: 'Visita medica' },
  });
  await record('proTimeOff', 'GET', '/pro/time-off', { token: martina });
  await record('createTeamTimeOff', 'POST', '/pro/team/professionals/:professionalId/time-off', {
    params: { professionalId },
    token: team,
    body: { kind: 'hours', date: '2026-03-07', startTime: '09:00', endTime: '12:00', reason: 'Malattia' },
  });
  await record('teamTimeOff', 'GET', '/pro/team/professionals/:professionalId/time-off', {
    params: { professionalId },
    token: team,
  });
  await record('cancelTimeOff', 'POST', '/pro/time-off/:timeOffId/cancel', {
    params: { timeOffId: (entered.result.data.timeOff as { id: string }).id },
    token: martina,
  });
  await record('proCalendarFeed', 'GET', '/pro/calendar-feed', { token: martina });
  await record('teamCalendarFeed', 'GET', '/pro/team/professionals/:professionalId/calendar-feed', {
    params: { professionalId },
    token: team,
  });
  await record('regenerateProCalendarFeed', 'POST', '/pro/calendar-feed/regenerate', { token: martina });
  await record(
    'regenerateTeamCalendarFeed',
    'POST',
    '/pro/team/professionals/:professionalId/calendar-feed/regenerate',
    { params: { professionalId }, token: team },
  );
  // The team's board and reassignment, her hand-over (issue 40): two requests of Thursday with
  // Martina; from Thursday she starts at 09:00 (the 08:00 is outside: she hands it over); the team
  // gives the 10:00 to Giulia Ferrero.
  const thursday = async (startTime: string, idempotencyKey: string) => {
    const res = await app.request('/bookings/store', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...checkout, startDate: '2026-03-05', startTime, providerId: martinaId, idempotencyKey }),
    });
    await settle();
    return ((await res.json()) as { result: { data: { booking: { _id: string } } } }).result.data.booking._id;
  };
  const early = await thursday('08:00', 'request-3f1a9c2e');
  const later = await thursday('10:00', 'request-8b2d4e61');
  await app.request(`/pro/team/professionals/${martinaId}/hours`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${team}` },
    body: JSON.stringify({
      validFrom: '2026-03-05',
      week: [4, 5, 6].map((weekday) => ({ weekday, ranges: [{ start: '09:00', end: '13:00' }] })),
    }),
  });
  await record('handOverAppointment', 'POST', '/pro/appointments/:bookingId/hand-over', {
    params: { bookingId: early },
    token: martina,
  });
  await record('teamBoard', 'GET', '/pro/team/board', { query: { zoneId: 'torino', date: '2026-03-05' }, token: team });
  const [giulia] = await db.select().from(professionals).where(eq(professionals.slug, 'pro-giulia-ferrero'));
  await record('reassignAppointment', 'POST', '/pro/team/appointments/:bookingId/reassign', {
    params: { bookingId: later },
    body: { professionalId: giulia!.id },
    token: team,
  });
  await record('logout', 'POST', '/logout', { token });
  await handle.close();

  const target = path.resolve(import.meta.dirname, '../../../server/openapi/examples.ts');
  writeFileSync(
    target,
    `/**
 * GENERATED by tests/server/openapi-examples/record.ts (do not edit): one real request per call of
 * contract/calls.ts and the API's reply, recorded on the seed data (demo customer, catalogue,
 * professionals, coupons) at the test clock's Monday 2 March 2026. GET /openapi.json shows them as
 * each operation's examples; tests/server/openapi-examples.test.ts checks them against its schemas.
 */
import type { ApiCallName } from '../../contract/api-calls';

export type CallExample = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  status: number;
  reply: unknown;
};

export const CALL_EXAMPLES: Record<ApiCallName, CallExample> = ${JSON.stringify(examples, null, 2)};
`,
  );
  console.log(`${Object.keys(examples).length} examples → ${target}`);
}

await main();
