import { RATING_MESSAGES } from '../../contract/rating';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CALLS, type ApiCallName } from '../../contract/api-calls';
import type { ApiCall } from '../../contract/calls';
import { customerAlreadyBooked, MESSAGES } from '../../contract/messages';
import { PRO_MESSAGES } from '../../contract/pro';
import { PRO_WEEK_MESSAGES } from '../../contract/pro-week';
import { eq } from 'drizzle-orm';
import type { App } from '../../server/app';
import { users } from '../../server/db/schema/accounts';
import type { DatabaseHandle } from '../../server/db/client';
import { API_MESSAGES } from '../../server/http/messages';
import { createUser, PASSWORD, TORINO, tokenFor } from './helpers/fixtures';
import { findOperation, replyViolation } from './helpers/openapi';
import { openPgliteTestDb } from './helpers/pglite';
import { buildTestApp, CapturingLogger, CapturingMailer, TestClock } from './helpers/test-app';
import { bookingPayload, PIEGA, seedBookingData, timesPayload, WEDNESDAY } from './routes/booking-fixtures';

/**
 * Property-based fuzz of every call of the contract (issue 13): random JSON and mutations of a
 * valid request (wrong types, missing fields, huge strings, any Unicode, control characters,
 * numbers out of range), with and without a valid token. Whatever arrives, the API answers in
 * the envelope, with an Italian message of ours when it refuses, a status the published document
 * (GET /openapi.json) lists for the route, and never a 5xx. PGlite only, a fixed seed: a failure
 * prints its counterexample and replays with the same seed.
 */

const SEED = 20_260_302;
const RUNS_PER_CALL = 50;

/** Every message the API may send: the contract's (SPEC §5, §8) and the server's own. */
const ITALIAN_MESSAGES = new Set<string>([
  ...Object.values(MESSAGES),
  ...Object.values(API_MESSAGES),
  ...Object.values(PRO_MESSAGES),
  ...Object.values(RATING_MESSAGES),
  ...Object.values(PRO_WEEK_MESSAGES),
]);
/** The messages made from a template (when her other appointment is), as patterns. */
const templated = (message: string) =>
  new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('\u0000', '.+')}$`);
const ITALIAN_TEMPLATES = [
  templated(customerAlreadyBooked({ dateLabel: '\u0000', startTime: '\u0000', endTime: '\u0000' })),
];
const isOurMessage = (message: unknown): boolean =>
  typeof message === 'string' && (ITALIAN_MESSAGES.has(message) || ITALIAN_TEMPLATES.some((t) => t.test(message)));

type Ctx = { userId: string; email: string };
/** A request as the app would send it; `auth` says whether the call needs the signed-in customer. */
type Sample = { path: string; query?: Record<string, string>; body?: unknown; auth?: boolean };

const daysPayload = () => ({
  bookingLocation: TORINO,
  services: [PIEGA],
  fromDate: WEDNESDAY,
  toDate: '2026-03-10',
  providerId: null,
});

/** One well-formed request per call: the seed the mutations start from. */
const NO_BOOKING = '0b6a3c1e-5d2f-4a8b-9c7d-1e2f3a4b5c6d';
/** A holder key (issue 28): the browser's random UUID. */
const HOLDER_KEY = '5c2e8f1a-7b4d-4c9e-8a3f-6d1b0e2c9f47';

const VALID: Record<ApiCallName, (ctx: Ctx) => Sample> = {
  login: ({ email }) => ({ path: '/login', body: { email, password: PASSWORD } }),
  loginByToken: () => ({ path: '/login/token', body: { token: 'token-monouso-di-prova' } }),
  logout: () => ({ path: '/logout', auth: true }),
  currentUser: () => ({ path: '/me', auth: true }),
  nextBookings: () => ({ path: '/me/next', auth: true }),
  updateUser: ({ userId, email }) => ({
    path: `/users/${userId}`,
    auth: true,
    body: {
      firstName: 'Anna',
      lastName: 'Verdi',
      location: TORINO,
      phoneNumber: '+39 333 000 1111',
      accountEmail: email,
    },
  }),
  completeSignup: () => ({
    path: '/complete-signup',
    body: {
      signupToken: 'token-di-registrazione',
      password: 'Una-password-lunga-9',
      firstName: 'Anna',
      lastName: 'Verdi',
    },
  }),
  checkSignupToken: () => ({ path: '/check-signup-token', query: { signupToken: 'token-di-registrazione' } }),
  checkResetToken: ({ email }) => ({ path: '/check-reset-token', query: { token: 'token-di-reset', email } }),
  askResetPassword: ({ email }) => ({ path: '/ask-reset-password', body: { email } }),
  subscribeToList: () => ({ path: '/subscribe-to-list', body: { email: 'lista@example.it', location: TORINO } }),
  providersOfUser: ({ userId }) => ({ path: `/users/${userId}/providers`, auth: true }),
  // No booking of hers by that id: the refusal (404) is what the fuzz varies around.
  appointment: () => ({ path: `/appointments/${NO_BOOKING}`, auth: true }),
  cancelAppointment: () => ({ path: `/appointments/${NO_BOOKING}/cancel`, auth: true }),
  joinWaitlist: ({ email }) => ({
    path: '/waitlist',
    body: {
      email,
      location: TORINO,
      date: WEDNESDAY,
      services: [PIEGA],
      hairLength: 'long',
      draft: {
        version: 1,
        draft: { location: TORINO, participants: 'default', hair: 'long', category: 'hair', date: WEDNESDAY },
        services: null,
      },
    },
  }),
  rescheduleAppointment: () => ({
    path: `/appointments/${NO_BOOKING}/reschedule`,
    auth: true,
    body: { startDate: WEDNESDAY, startTime: '12:00', keepProfessional: true },
  }),
  appointmentAvailableTimes: () => ({
    path: `/appointments/${NO_BOOKING}/available-times`,
    auth: true,
    body: { startDate: WEDNESDAY, keepProfessional: true },
  }),
  appointmentReminder: () => ({
    path: `/appointments/${NO_BOOKING}/reminder`,
    auth: true,
    body: { twoHoursBefore: true },
  }),
  // No entry by that id: the refusal (404) is what the fuzz varies around.
  waitlistOffer: () => ({ path: `/waitlist/${NO_BOOKING}`, query: { token: 'token-di-prova' } }),
  appointmentOffer: () => ({ path: `/appointments/${NO_BOOKING}/offer`, auth: true, body: { accept: true } }),
  appointmentRebook: () => ({ path: `/appointments/${NO_BOOKING}/rebook`, auth: true }),
  // Issue 29: no booking by that id (404).
  appointmentRating: () => ({ path: `/appointments/${NO_BOOKING}/rating`, auth: true }),
  rateAppointment: () => ({
    path: `/appointments/${NO_BOOKING}/rating`,
    auth: true,
    body: { ratings: [{ professionalId: NO_BOOKING, stars: 4, comment: 'Brava' }] },
  }),
  proRatings: () => ({ path: '/pro/ratings', auth: true }),
  // The professionals' side (issue 27): the fuzzed caller is a customer (403), or no request by that id (404).
  proMe: () => ({ path: '/pro/me', auth: true }),
  proAgenda: () => ({ path: '/pro/agenda', auth: true, query: { from: WEDNESDAY, days: '7' } }),
  proRequests: () => ({ path: '/pro/requests', auth: true }),
  proRequest: () => ({ path: `/pro/requests/${NO_BOOKING}`, auth: true }),
  acceptRequest: () => ({ path: `/pro/requests/${NO_BOOKING}/accept`, auth: true }),
  declineRequest: () => ({
    path: `/pro/requests/${NO_BOOKING}/decline`,
    auth: true,
    body: { reason: 'other', message: 'Ho un imprevisto' },
  }),
  requestAvailableTimes: () => ({
    path: `/pro/requests/${NO_BOOKING}/available-times`,
    auth: true,
    body: { startDate: WEDNESDAY },
  }),
  offerRequest: () => ({
    path: `/pro/requests/${NO_BOOKING}/offer`,
    auth: true,
    body: { startDate: WEDNESDAY, startTime: '10:00' },
  }),
  quoteSalotto: () => ({
    path: `/pro/requests/${NO_BOOKING}/quote`,
    auth: true,
    body: { total: 180, includes: 'Piega e trucco per 3 persone', team: [] },
  }),
  // The professionals' week (issue 40): the fuzzed caller is a customer (403).
  proHours: () => ({ path: '/pro/hours', auth: true }),
  saveProHours: () => ({
    path: '/pro/hours',
    auth: true,
    body: { validFrom: WEDNESDAY, week: [{ weekday: 3, ranges: [{ start: '09:00', end: '13:00' }] }] },
  }),
  teamHours: () => ({ path: `/pro/team/professionals/${NO_BOOKING}/hours`, auth: true }),
  saveTeamHours: () => ({
    path: `/pro/team/professionals/${NO_BOOKING}/hours`,
    auth: true,
    body: { validFrom: WEDNESDAY, week: [{ weekday: 3, ranges: [{ start: '09:00', end: '13:00' }] }] },
  }),
  proTimeOff: () => ({ path: '/pro/time-off', auth: true }),
  createProTimeOff: () => ({
    path: '/pro/time-off',
    auth: true,
    body: { kind: 'days', startDate: WEDNESDAY, endDate: WEDNESDAY, reason: 'Ferie' },
  }),
  teamTimeOff: () => ({ path: `/pro/team/professionals/${NO_BOOKING}/time-off`, auth: true }),
  createTeamTimeOff: () => ({
    path: `/pro/team/professionals/${NO_BOOKING}/time-off`,
    auth: true,
    body: { kind: 'hours', date: WEDNESDAY, startTime: '09:00', endTime: '12:00', reason: null },
  }),
  cancelTimeOff: () => ({ path: `/pro/time-off/${NO_BOOKING}/cancel`, auth: true }),
  handOverAppointment: () => ({ path: `/pro/appointments/${NO_BOOKING}/hand-over`, auth: true }),
  teamBoard: () => ({ path: '/pro/team/board', auth: true, query: { zoneId: 'torino', date: WEDNESDAY } }),
  reassignAppointment: () => ({
    path: `/pro/team/appointments/${NO_BOOKING}/reassign`,
    auth: true,
    body: { professionalId: NO_BOOKING, category: null },
  }),
  proCalendarFeed: () => ({ path: '/pro/calendar-feed', auth: true }),
  regenerateProCalendarFeed: () => ({ path: '/pro/calendar-feed/regenerate', auth: true }),
  teamCalendarFeed: () => ({ path: `/pro/team/professionals/${NO_BOOKING}/calendar-feed`, auth: true }),
  regenerateTeamCalendarFeed: () => ({
    path: `/pro/team/professionals/${NO_BOOKING}/calendar-feed/regenerate`,
    auth: true,
  }),
  checkLocation: () => ({ path: '/bookings/check-location', body: { bookingLocation: TORINO } }),
  availableTimes: () => ({ path: '/bookings/available-times', body: timesPayload() }),
  salottoAvailableTimes: () => ({
    path: '/bookings/available-times/salotto',
    body: timesPayload({ numberOfCustomers: 2 }),
  }),
  availableDays: () => ({ path: '/bookings/available-days', body: daysPayload() }),
  holdSlot: () => ({
    path: '/bookings/holds',
    body: timesPayload({ startTime: '12:00', holderKey: HOLDER_KEY }),
  }),
  holdSalottoSlot: () => ({
    path: '/bookings/holds/salotto',
    body: timesPayload({ services: ['salotto-capelli-pieghe'], startTime: '12:00', holderKey: HOLDER_KEY }),
  }),
  renewHold: () => ({ path: '/bookings/holds/renew', body: { holderKey: HOLDER_KEY } }),
  releaseHold: () => ({ path: `/bookings/holds/${HOLDER_KEY}` }),
  releaseHoldBeacon: () => ({ path: '/bookings/holds/release', body: { holderKey: HOLDER_KEY } }),
  services: () => ({
    path: '/services/list/v2',
    query: { category: 'hair', hairLength: 'medium', lat: '45.07', lng: '7.68' },
  }),
  salottoServices: () => ({ path: '/services/list/salotto', query: { categories: 'hair,estetica' } }),
  createBooking: () => ({ path: '/bookings/store', body: bookingPayload() }),
  createSalottoBooking: () => ({ path: '/bookings/store/salotto', body: bookingPayload({ numberOfCustomers: 2 }) }),
  checkCoupon: () => ({
    path: '/bookings/store',
    query: { onlyCheckCoupon: '1' },
    body: bookingPayload({ couponCode: 'BENVENUTA10' }),
  }),
  checkSalottoCoupon: () => ({
    path: '/bookings/store/salotto',
    query: { onlyCheckCoupon: '1' },
    body: bookingPayload({ couponCode: 'BENVENUTA10', numberOfCustomers: 2 }),
  }),
  geoAutocomplete: () => ({ path: '/geo/autocomplete', query: { input: 'via roma 2 torino' } }),
  geoPlace: () => ({ path: `/geo/place/${encodeURIComponent('musa:torino:via-roma:2')}` }),
};

// ------------------------------------------------------------------------------------------------
// Arbitraries
// ------------------------------------------------------------------------------------------------

const CONTROL = [...'\u0000\u0001\u0008\u000b\u000c\u001b\u001f\t\n\r\u007f\u0085\u2028\u200b\ufeff\ud800\udfff'];

/** Strings a field should never trust: any Unicode (lone surrogates too), controls, huge, tricky. */
const badString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...CONTROL), minLength: 1, maxLength: 8 }),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL)).map(([text, control]) => `${text}${control}x`),
  fc.integer({ min: 1_000, max: 150_000 }).map((length) => 'è'.repeat(length)),
  fc.constantFrom('', ' ', '   ', '__proto__', 'constructor', 'null', '0', '-1', '1e999', 'NaN', '2026-02-30', '25:61'),
  fc.constantFrom("'; DROP TABLE users; --", '%00', '${7*7}', '<script>alert(1)</script>', '../../etc/passwd'),
);

/** Numbers out of every range a field has, and values of the wrong type. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badString,
  fc.constantFrom(null, true, false, 0, -0, -1, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom([], {}, [null], [''], JSON.parse('{"__proto__":{"admin":true}}') as unknown),
  fc.jsonValue({ maxDepth: 2 }),
);

type Path = Array<string | number>;

/** Every path inside a JSON value, containers included ([] is the root). */
function pathsOf(value: unknown, path: Path = []): Path[] {
  const inner =
    value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) =>
          pathsOf(child, [...path, Array.isArray(value) ? Number(key) : key]),
        )
      : [];
  return [path, ...inner];
}

/** The value at `path`. */
const at = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | null)?.[key], value);

type Mutation = { kind: 'delete' } | { kind: 'replace'; value: unknown } | { kind: 'add'; key: string; value: unknown };

function mutate(valid: unknown, path: Path, mutation: Mutation): unknown {
  if (path.length === 0 && mutation.kind !== 'add') return mutation.kind === 'delete' ? undefined : mutation.value;
  const copy = structuredClone(valid) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (mutation.kind === 'add') {
    const target = (path.length === 0 ? copy : node[last!]) as Record<string, unknown> | null;
    if (target !== null && typeof target === 'object' && !Array.isArray(target)) target[mutation.key] = mutation.value;
  } else if (mutation.kind === 'delete') {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else Reflect.deleteProperty(node, last!);
  } else node[last!] = mutation.value;
  return copy;
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant<Mutation>({ kind: 'delete' }),
  badValue.map<Mutation>((value) => ({ kind: 'replace', value })),
  fc.tuple(badString, badValue).map<Mutation>(([key, value]) => ({ kind: 'add', key, value })),
);

/** Text that keeps a field's type but not its innocence: controls, odd Unicode, markup, length. */
const taint = fc.oneof(
  fc.constantFrom(...CONTROL),
  fc.constantFrom('\u0000', '\u0000\u0000', '😀', '\u202e', 'e\u0301', '\u00a0', "'", '"', '\\', '%', '_'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
  fc.integer({ min: 300, max: 20_000 }).map((length) => 'x'.repeat(length)),
);

/** A string leaf of the valid value with `extra` put at `at` (start, middle or end). */
const tainted = (text: string, extra: string, at: number): string => {
  const cut = Math.round((at / 2) * text.length);
  return `${text.slice(0, cut)}${extra}${text.slice(cut)}`;
};

/**
 * A mutated JSON value: usually one change, at most three. Half of the changes taint one string
 * of an otherwise valid request, so the text reaches the handlers and the database.
 */
const mutated = (valid: unknown): fc.Arbitrary<unknown> => {
  const step = fc.oneof(
    { weight: 1, arbitrary: fc.tuple(fc.nat(), mutation).map(([pick, change]) => ({ pick, change, taint: null })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.nat(), taint, fc.integer({ min: 0, max: 2 }))
        .map(([pick, extra, at]) => ({ pick, change: null, taint: { extra, at } })),
    },
  );
  return fc.array(step, { minLength: 1, maxLength: 3, depthIdentifier: 'mutations' }).map((steps) =>
    steps.reduce<unknown>((value, { pick, change, taint: poison }) => {
      if (poison) {
        const strings = pathsOf(value).filter((path) => typeof at(value, path) === 'string');
        if (strings.length === 0) return value;
        const path = strings[pick % strings.length]!;
        return mutate(value, path, {
          kind: 'replace',
          value: tainted(at(value, path) as string, poison.extra, poison.at),
        });
      }
      const paths = pathsOf(value);
      return mutate(value, paths[pick % paths.length]!, change!);
    }, valid),
  );
};

/** What travels: the body as JSON text (or raw text that is not JSON), the query, the token. */
type Request = {
  path: string;
  query?: Record<string, string>;
  body?: string;
  token: 'valid' | 'none' | 'bogus';
  /** Other headers: the body's type (usually JSON), Idempotency-Key, X-Request-Id. */
  headers: Record<string, string>;
};

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/problem+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  '',
];

/** Header values as fetch accepts them (no controls but tab, Latin-1 only). */
const headerText = badString.map((text) => text.replace(/[^\t\x20-\x7e\xa0-\xff]/g, '').slice(0, 500));

const extraHeaders = (hasBody: boolean): fc.Arbitrary<Record<string, string>> =>
  fc
    .record(
      {
        'content-type': hasBody
          ? fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, fc.constantFrom(...CONTENT_TYPES))
          : fc.constant(undefined),
        'idempotency-key': headerText,
        'x-request-id': headerText,
      },
      { requiredKeys: [] },
    )
    .map((headers) =>
      Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    );

function requestFor(call: ApiCall, sample: Sample): fc.Arbitrary<Request> {
  const hasBody = call.method !== 'GET';
  const tokens: Array<Request['token']> = sample.auth ? ['valid', 'valid', 'none', 'bogus'] : ['none', 'bogus'];
  const token = fc.constantFrom(...tokens);
  const query = (
    sample.query
      ? fc.oneof(
          { weight: 3, arbitrary: mutated(sample.query) },
          { weight: 1, arbitrary: fc.constant(sample.query) },
          { weight: 1, arbitrary: fc.dictionary(badString, badString, { maxKeys: 4 }) },
        )
      : fc.oneof(fc.constant(undefined), fc.dictionary(fc.string({ maxLength: 6 }), badString, { maxKeys: 2 }))
  ).map((value) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? stringValues(value) : undefined,
  );
  const body: fc.Arbitrary<string | undefined> = hasBody
    ? fc.oneof(
        { weight: 5, arbitrary: mutated(sample.body).map((value) => JSON.stringify(value)) },
        { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
        { weight: 1, arbitrary: fc.constant(JSON.stringify(sample.body)) },
      )
    : fc.constant(undefined);
  // The path parameter (the contract's own path builder) replaced by any text, sometimes.
  const parameter = /:([A-Za-z0-9_]+)/.exec(call.route)?.[1];
  const path = parameter
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant(sample.path) },
        // Built by hand: the contract's `pathOf` refuses an empty parameter, the fuzz sends it too.
        {
          weight: 1,
          arbitrary: badString.map((text) =>
            call.route.replace(`:${parameter}`, encodeURIComponent(text.slice(0, 300))),
          ),
        },
      )
    : fc.constant(sample.path);
  return fc.record({ path, query, body, token, headers: extraHeaders(hasBody) });
}

/** Query values as the URL carries them: strings only (objects and arrays as their JSON). */
const stringValues = (value: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, typeof inner === 'string' ? inner : JSON.stringify(inner)]),
  );

// ------------------------------------------------------------------------------------------------

let handle: DatabaseHandle;
let app: App;
let ctx: Ctx;
let clock: TestClock;

beforeAll(async () => {
  handle = await openPgliteTestDb();
  await seedBookingData(handle.db);
  clock = new TestClock();
  const user = await createUser(handle.db);
  ctx = { userId: user.id, email: user.email };
  app = buildTestApp(handle.db, clock, new CapturingMailer(), new CapturingLogger());
});

afterAll(async () => {
  await handle.close();
});

const freshToken = async (): Promise<string> => {
  const [user] = await handle.db.select().from(users).where(eq(users.id, ctx.userId));
  return tokenFor(handle.db, user!, clock.now());
};

async function send(method: string, request: Request) {
  const search = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const url = `${request.path}${search}`;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-type'] ??= 'application/json';
  // A fresh session each time: a request may end its session (logout) or change the account.
  if (request.token === 'valid') headers.authorization = `Bearer ${await freshToken()}`;
  if (request.token === 'bogus') headers.authorization = 'Bearer Zm9ydGUtbWEtZmFsc28';
  const res = await app.request(url, { method, headers, body: request.body });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { url, status: res.status, body };
}

describe('fuzz of every route from the contract', () => {
  for (const [name, call] of Object.entries(API_CALLS) as Array<[ApiCallName, ApiCall]>) {
    it(`${call.method} ${call.route} (${name}): envelope, Italian message, documented status, never 5xx`, async () => {
      const sample = VALID[name](ctx);
      const documented = findOperation(call.method, sample.path);
      expect(documented, `${call.method} ${sample.path} documented`).toBeDefined();
      await fc.assert(
        fc.asyncProperty(requestFor(call, sample), async (request) => {
          const reply = await send(call.method, request);
          const where = `${call.method} ${reply.url.slice(0, 200)} → ${reply.status}`;
          expect(reply.status, where).toBeLessThan(500);
          const envelope = reply.body as { result?: { success?: boolean; error?: { message?: unknown } } };
          expect(envelope?.result?.success, `${where}: not the envelope`).toBeTypeOf('boolean');
          if (envelope.result!.success === false) {
            expect(
              isOurMessage(envelope.result!.error?.message),
              `${where}: ${String(envelope.result!.error?.message)}`,
            ).toBe(true);
          }
          // A refused path parameter may land on no route at all: 404 in the envelope, not documented per route.
          if (reply.status === 404 && findOperation(call.method, request.path) === undefined) return;
          expect(replyViolation(call.method, reply.url, reply.status, reply.body), where).toBeNull();
        }),
        { seed: SEED, numRuns: RUNS_PER_CALL, endOnFailure: true },
      );
    }, 60_000);
  }
});
