/**
 * The e2e API asked as the app asks it, for the bookings and answers a journey starts from (the
 * generated paths' real links, e2e/paths/links.ts; the professionals' journeys, e2e/pro.e2e.ts).
 */
import type { Location } from '../../contract/location';
import { API_URL } from './app';

type Json = Record<string, unknown>;

export interface Reply {
  status: number;
  body: Json;
}

/** One call: its status and its envelope as they came (a refusal is a reply too). */
export async function call(method: 'GET' | 'POST', path: string, payload?: unknown, bearer?: string): Promise<Reply> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Json };
}

/** One call's data; a refusal throws with its status and envelope. */
export async function data<T>(method: 'GET' | 'POST', path: string, payload?: unknown, bearer?: string): Promise<T> {
  const reply = await call(method, path, payload, bearer);
  const result = reply.body.result as { success?: boolean; data?: unknown } | undefined;
  if (result?.success !== true)
    throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  return result.data as T;
}

/** The seeded Torino address every journey starts from, as the app resolves it (its suggestion, then its place). */
export async function torinoAddress(): Promise<Location> {
  const { predictions } = await data<{ predictions: { placeId: string }[] }>(
    'GET',
    `/geo/autocomplete?input=${encodeURIComponent('Via Roma 2 Torino')}`,
  );
  return (await data<{ location: Location }>('GET', `/geo/place/${encodeURIComponent(predictions[0]!.placeId)}`))
    .location;
}

/** Who asks for a booking from a journey or a path (the checkout's fields). */
export interface Asker {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  doorbellName: string;
}

/**
 * Issue 27: a salotto of three (hair and make-up) for the team to quote, at `location`, on the first
 * of `dates` and at the first of its usual times the seeded team is free then (another journey or
 * path may hold one). Its id.
 */
export async function askSalotto(asker: Asker, location: Location, dates: readonly string[]): Promise<string> {
  for (const startDate of dates)
    for (const startTime of ['15:00', '16:00', '11:00', '10:00', '17:00']) {
      const reply = await call('POST', '/bookings/store/salotto', {
        ...asker,
        location,
        services: ['salotto-capelli-pieghe', 'salotto-makeup-evento'],
        startDate,
        startTime,
        numberOfCustomers: 3,
        notes: 'Tre amiche, una cerimonia',
        fitToPlead: true,
      });
      const stored = (reply.body.result as { data?: { booking?: { _id: string } } } | undefined)?.data;
      if (stored?.booking) return stored.booking._id;
    }
  throw new Error(`no salotto could be asked for on ${dates.join(' or ')}`);
}

/**
 * A customer of the journey's own, made as the app makes one: her first booking (a blow-dry at the
 * seeded Torino address, the first free time of `startDate`), then her password on the sign-up
 * token it gave. Her saved address is that booking's. A suite that changes a customer's data uses
 * its own (issue 41: the demo customer is every suite's, and the suites run side by side).
 */
export async function newCustomer(asker: Asker, startDate: string, password: string): Promise<void> {
  const location = await torinoAddress();
  const services = ['capelli-piega-liscia'];
  const { availableTimes } = await data<{ availableTimes: { startTime: string }[] }>(
    'POST',
    '/bookings/available-times',
    { bookingLocation: location, services, startDate, hairLength: 'long' },
  );
  const stored = await data<{ signupToken?: string | boolean; redirectUrl?: string }>('POST', '/bookings/store', {
    ...asker,
    fitToPlead: true,
    location,
    services,
    startDate,
    startTime: availableTimes[0]!.startTime,
    hairLength: 'long',
  });
  const token =
    typeof stored.signupToken === 'string'
      ? stored.signupToken
      : new URL(stored.redirectUrl ?? '', API_URL).searchParams.get('token');
  if (!token) throw new Error(`POST /bookings/store gave no sign-up token for ${asker.email}`);
  await data('POST', '/complete-signup', { signupToken: token, password });
}
