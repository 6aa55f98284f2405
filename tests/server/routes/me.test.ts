import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { currentUserCall, nextBookingsCall } from '../../../contract/calls';
import { API_MESSAGES } from '../../../server/http/messages';
import { describeEachDb } from '../helpers/databases';
import { call, createBooking, createUser, dataOf, errorOf, TORINO, tokenFor } from '../helpers/fixtures';

const DAY = 24 * 60 * 60 * 1000;

describeEachDb('personal area', (t) => {
  describe('GET /me', () => {
    it('answers the signed-in user in SPEC’s shape', async () => {
      const user = await createUser(t.db, {
        email: 'anna@example.it',
        phoneNumber: '+39 333 000 1111',
        location: TORINO,
        allergies: 'Nichel',
        fitToPlead: true,
      });
      const reply = await call(t.app(), 'GET', '/me', {
        token: await tokenFor(t.db, user, t.clock.now()),
      });
      expect(reply.status).toBe(200);
      const { user: me } = v.parse(currentUserCall.response, dataOf(reply));
      expect(me).toEqual({
        id: user.id,
        email: 'anna@example.it',
        accountEmail: 'anna@example.it',
        firstName: 'Anna',
        lastName: 'Verdi',
        isProvider: false,
        createdAt: user.createdAt.toISOString(),
        phoneNumber: '+39 333 000 1111',
        roles: [],
        location: TORINO,
        allergies: 'Nichel',
        fitToPlead: true,
        allowMarketing: false,
      });
    });

    it('answers 401 without a bearer token, with a malformed header and with an unknown token', async () => {
      const app = t.app();
      const none = await call(app, 'GET', '/me');
      expect(none.status).toBe(401);
      expect(errorOf(none)).toBe(API_MESSAGES.unauthenticated);
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      const basic = await call(app, 'GET', '/me', {
        headers: { authorization: 'Basic YW5uYTpwYXNz' },
      });
      expect(basic.status).toBe(401);
      const unknown = await call(app, 'GET', '/me', { token: 'non-esiste' });
      expect(unknown.status).toBe(401);
      expect(errorOf(unknown)).toBe(API_MESSAGES.sessionExpired);
    });
  });

  describe('GET /me/next', () => {
    it('lists future bookings only, soonest first, with date and time in the booking’s zone', async () => {
      const user = await createUser(t.db);
      const now = t.clock.now();
      await createBooking(t.db, {
        userId: user.id,
        startsAt: new Date(now.getTime() + 10 * DAY),
        services: [{ serviceId: 's2', name: 'Manicure', price: 30, listPrice: 30, durationMM: 60 }],
      });
      const soonest = await createBooking(t.db, {
        userId: user.id,
        // 2026-03-05 at 08:30 UTC is 09:30 in Rome.
        startsAt: new Date('2026-03-05T08:30:00.000Z'),
        services: [
          { serviceId: 's1', name: 'Piega', price: 35, listPrice: 35, durationMM: 45 },
          { serviceId: 's3', name: 'Maschera', price: 12.5, listPrice: 15, durationMM: 15 },
        ],
      });
      await createBooking(t.db, { userId: user.id, startsAt: new Date(now.getTime() - DAY) });
      await createBooking(t.db, {
        userId: user.id,
        startsAt: new Date(now.getTime() + 2 * DAY),
        status: 'cancelled',
      });
      const other = await createUser(t.db);
      await createBooking(t.db, { userId: other.id, startsAt: new Date(now.getTime() + DAY) });

      const reply = await call(t.app(), 'GET', '/me/next', {
        token: await tokenFor(t.db, user, now),
      });
      expect(reply.status).toBe(200);
      const data = v.parse(nextBookingsCall.response, dataOf(reply));
      expect(data.nextBookings).toHaveLength(2);
      expect(data.nextBookings[0]).toEqual({
        id: soonest.id,
        startDateTime: '2026-03-05T08:30:00.000Z',
        date: '2026-03-05',
        startTime: '09:30',
        timeZone: 'Europe/Rome',
        location: TORINO,
        services: [
          { name: 'Piega', price: 35 },
          { name: 'Maschera', price: 12.5 },
        ],
        total: 47.5,
      });
      expect(data.nextBookings[1]!.services).toEqual([{ name: 'Manicure', price: 30 }]);
    });

    it('uses the summer offset in the Rome zone', async () => {
      const user = await createUser(t.db);
      await createBooking(t.db, {
        userId: user.id,
        startsAt: new Date('2026-07-10T16:00:00.000Z'),
      });
      const data = dataOf<{ nextBookings: { date: string; startTime: string }[] }>(
        await call(t.app(), 'GET', '/me/next', {
          token: await tokenFor(t.db, user, t.clock.now()),
        }),
      );
      expect(data.nextBookings[0]).toMatchObject({ date: '2026-07-10', startTime: '18:00' });
    });

    it('proposes the services of the latest past booking', async () => {
      const user = await createUser(t.db);
      const now = t.clock.now();
      await createBooking(t.db, {
        userId: user.id,
        startsAt: new Date(now.getTime() - 30 * DAY),
        services: [{ serviceId: 'old', name: 'Taglio', price: 40, listPrice: 40, durationMM: 30 }],
      });
      await createBooking(t.db, {
        userId: user.id,
        startsAt: new Date(now.getTime() - 3 * DAY),
        services: [
          { serviceId: 'a', name: 'Piega', price: 35, listPrice: 35, durationMM: 45 },
          { serviceId: 'b', name: 'Colore', price: 50, listPrice: 50, durationMM: 90 },
        ],
      });
      await createBooking(t.db, {
        userId: user.id,
        startsAt: new Date(now.getTime() - DAY),
        status: 'cancelled',
      });
      const data = v.parse(
        nextBookingsCall.response,
        dataOf(await call(t.app(), 'GET', '/me/next', { token: await tokenFor(t.db, user, now) })),
      );
      expect(data).toEqual({
        lastProposal: { services: [{ name: 'Piega' }, { name: 'Colore' }] },
        nextBookings: [],
        // Nobody came to those (no professional): nothing to rate.
        toRate: [],
      });
    });

    it('answers no proposal and no bookings for a new customer', async () => {
      const user = await createUser(t.db);
      const reply = await call(t.app(), 'GET', '/me/next', {
        token: await tokenFor(t.db, user, t.clock.now()),
      });
      expect(dataOf(reply)).toEqual({ lastProposal: null, nextBookings: [], toRate: [] });
    });

    it('moves a booking from upcoming to proposal once it has started', async () => {
      const user = await createUser(t.db);
      const startsAt = new Date(t.clock.now().getTime() + 60 * 60 * 1000);
      await createBooking(t.db, { userId: user.id, startsAt });
      const token = await tokenFor(t.db, user, t.clock.now());
      const before = dataOf<{ nextBookings: unknown[]; lastProposal: unknown }>(
        await call(t.app(), 'GET', '/me/next', { token }),
      );
      expect(before.nextBookings).toHaveLength(1);
      expect(before.lastProposal).toBeNull();
      t.clock.set(startsAt);
      const after = dataOf<{ nextBookings: unknown[]; lastProposal: unknown }>(
        await call(t.app(), 'GET', '/me/next', { token }),
      );
      expect(after.nextBookings).toHaveLength(0);
      expect(after.lastProposal).toEqual({ services: [{ name: 'Piega' }] });
    });

    it('answers 401 without a session', async () => {
      const reply = await call(t.app(), 'GET', '/me/next');
      expect(reply.status).toBe(401);
      expect(errorOf(reply)).toBe(API_MESSAGES.unauthenticated);
    });
  });
});
