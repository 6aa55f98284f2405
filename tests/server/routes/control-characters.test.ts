import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/messages';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, errorOf, TORINO, tokenFor } from '../helpers/fixtures';
import { bookingPayload, PIEGA, seedBookingData, timesPayload } from './booking-fixtures';

/** Every path to a string leaf of `value` ('location.components.city'). */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => stringPaths(inner, [...path, key]));
}

/** A copy of `body` with the string at `path` holding U+0000 in its middle. */
function poisoned(body: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  node[last] = `${String(node[last]).slice(0, 1)}\u0000${String(node[last]).slice(1)}`;
  return copy;
}

/**
 * U+0000 (and the other C0 controls but tab and newline) in any text field is bad input: 400 with
 * an Italian message in the envelope, never a 500 from the database refusing it.
 */
describeEachDb('control characters in any field', (t) => {
  const bodies: Array<{ route: string; body: Record<string, unknown>; signedIn?: boolean }> = [
    { route: '/bookings/store', body: bookingPayload({ couponCode: 'BENVENUTA10' }) },
    { route: '/bookings/store?onlyCheckCoupon=1', body: bookingPayload({ couponCode: 'BENVENUTA10' }) },
    { route: '/bookings/available-times', body: timesPayload({ services: [PIEGA] }) },
    { route: '/bookings/check-location', body: { bookingLocation: TORINO } },
    { route: '/login', body: { email: 'anna@example.it', password: 'Segreta123' } },
    { route: '/ask-reset-password', body: { email: 'anna@example.it' } },
    { route: '/subscribe-to-list', body: { email: 'anna@example.it', location: TORINO } },
  ];

  for (const { route, body } of bodies) {
    it(`POST ${route}: every text field`, async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const paths = stringPaths(body);
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const reply = await call(app, 'POST', route, { body: poisoned(body, path) });
        expect(reply.status, `${route} ${path.join('.')}`).toBe(400);
        expect(errorOf(reply)).toBe(MESSAGES.controlCharacters);
      }
    });
  }

  it('in the query string and in a profile update', async () => {
    const app = t.app();
    const services = await call(app, 'GET', '/services/list/v2?category=hair&hairLength=medium&lat=45.07&lng=7.68%00');
    expect(services.status).toBe(400);
    expect(errorOf(services)).toBe(MESSAGES.controlCharacters);
    const user = await createUser(t.db);
    const token = await tokenFor(t.db, user, t.clock.now());
    const update = await call(app, 'PATCH', `/users/${user.id}`, {
      token,
      body: {
        firstName: 'An\u0000na',
        lastName: 'Verdi',
        phoneNumber: '+39 333 000 1111',
        accountEmail: user.email,
        location: TORINO,
      },
    });
    expect(update.status).toBe(400);
    expect(errorOf(update)).toBe(MESSAGES.controlCharacters);
  });
});

describe('multi-line fields', () => {
  it('keep their newlines and tabs', async () => {
    const { validate } = await import('../../../contract/validate');
    const { createBookingCall } = await import('../../../contract/calls');
    const result = validate(createBookingCall.payload, bookingPayload({ notes: 'Citofono rotto,\n\tbussare' }));
    expect(result.success).toBe(true);
  });
});
