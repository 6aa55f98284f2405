import { and, count, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/messages';
import { bookings } from '../../../server/db/schema/bookings';
import { sqlState } from '../../../server/db/errors';
import { describeEachDb } from '../helpers/databases';
import { call, createBooking, createUser, dataOf, errorOf, TORINO } from '../helpers/fixtures';
import { bookingPayload, PIEGA, professionalId, seedBookingData, WEDNESDAY } from './booking-fixtures';

/**
 * No double booking, ever: the database's exclusion constraint decides, not the application's
 * check (every request below passes that check before any of them has stored anything).
 */
describeEachDb('no double booking', (t) => {
  const fire = async (n: number, change: (i: number) => Record<string, unknown>) => {
    const app = t.app();
    return Promise.all(
      Array.from({ length: n }, (_, i) =>
        call(app, 'POST', '/bookings/store', {
          body: bookingPayload({
            services: [PIEGA],
            email: `cliente${i}@example.it`,
            ...change(i),
          }),
        }),
      ),
    );
  };
  const activeBookings = async () => t.db.select().from(bookings).where(ne(bookings.status, 'cancelled'));

  it('lets exactly one of 50 simultaneous bookings of one professional’s slot through; the rest get 409', async () => {
    await seedBookingData(t.db);
    // At 08:00 on that Wednesday only Martina works.
    const replies = await fire(50, () => ({ startTime: '08:00' }));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const reply of replies.filter((r) => r.status === 409)) expect(errorOf(reply)).toBe(MESSAGES.slotTaken);
    const stored = await activeBookings();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.professionalId).toBe(await professionalId(t.db, 'pro-martina-rinaldi'));
  }, 60_000);

  it('with the professional chosen, still exactly one of 20', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const replies = await fire(20, () => ({ startTime: '10:00', providerId: giulia }));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
  });

  it('moves the losers on to the next free professional, then answers 409 when none is left (no deadlock, no 500)', async () => {
    await seedBookingData(t.db);
    // At 10:00 both Giulia and Martina are free.
    const replies = await fire(50, () => ({ startTime: '10:00' }));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(2);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(48);
    const pros = (await activeBookings()).map((b) => b.professionalId).sort();
    expect(pros).toEqual(
      [await professionalId(t.db, 'pro-giulia-ferrero'), await professionalId(t.db, 'pro-martina-rinaldi')].sort(),
    );
  }, 60_000);

  it('gives the first-booking coupon once to a new customer booking five times at once', async () => {
    await seedBookingData(t.db);
    const times = ['09:00', '11:00', '13:00', '15:00', '16:00'];
    const app = t.app();
    const replies = await Promise.all(
      times.map((startTime) =>
        call(app, 'POST', '/bookings/store', {
          body: bookingPayload({ services: [PIEGA], email: 'prima@example.it', couponCode: 'BENVENUTA10', startTime }),
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(4);
    for (const reply of refused) expect(errorOf(reply)).toBe(MESSAGES.couponFirstBookingOnly);
    const discounted = (await activeBookings()).filter((b) => b.couponCode === 'BENVENUTA10');
    expect(discounted).toHaveLength(1);
  });

  it('answers concurrent retries of one submission with its one booking, never 409', async () => {
    await seedBookingData(t.db);
    const app = t.app();
    const body = bookingPayload({ services: [PIEGA], startTime: '08:00', idempotencyKey: 'checkout-race-0001' });
    const replies = await Promise.all(Array.from({ length: 10 }, () => call(app, 'POST', '/bookings/store', { body })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(9);
    const ids = new Set(replies.map((r) => (r.body.result.data as { booking: { _id: string } }).booking._id));
    expect(ids.size).toBe(1);
    expect(await activeBookings()).toHaveLength(1);
  });

  it('keeps the travel buffer between two bookings stored at once back to back: one gets through, the other 409', async () => {
    await seedBookingData(t.db);
    // Before 09:00 only Martina works (travel buffer 20 min). A piega is 45 min: 07:30–08:15 and
    // 08:30–09:15 are both offered while her day is empty, 15 minutes apart, less than her buffer.
    const offered = await call(t.app(), 'POST', '/bookings/available-times', {
      body: { bookingLocation: TORINO, services: [PIEGA], startDate: WEDNESDAY },
    });
    const starts = (dataOf(offered) as { availableTimes: Array<{ startTime: string }> }).availableTimes.map(
      (s) => s.startTime,
    );
    expect(starts).toEqual(expect.arrayContaining(['07:30', '08:30']));
    const replies = await fire(10, (i) => ({ startTime: i % 2 === 0 ? '07:30' : '08:30' }));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await activeBookings()).toHaveLength(1);
  }, 60_000);

  describe('the no-overlap constraint itself (on the bookings’ assignments)', () => {
    const insert = async (
      userId: string,
      professional: string,
      from: string,
      to: string,
      status: 'confirmed' | 'cancelled' = 'confirmed',
    ) =>
      createBooking(t.db, {
        userId,
        professionalId: professional,
        startsAt: new Date(from),
        endsAt: new Date(to),
        services: [],
        status,
      });

    it('refuses an overlapping booking of one professional with SQLSTATE 23P01', async () => {
      await seedBookingData(t.db);
      const user = await createUser(t.db);
      const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
      const martina = await professionalId(t.db, 'pro-martina-rinaldi');
      await insert(user.id, giulia, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z');
      const overlap = await insert(user.id, giulia, '2026-03-04T09:30:00Z', '2026-03-04T10:30:00Z').then(
        () => null,
        (error: unknown) => error,
      );
      expect(sqlState(overlap)).toBe('23P01');
      // Closer than her travel buffer (Giulia: 30 min), even back to back: refused too.
      for (const [from, to] of [
        ['2026-03-04T10:00:00Z', '2026-03-04T11:00:00Z'],
        ['2026-03-04T10:29:00Z', '2026-03-04T11:00:00Z'],
        ['2026-03-04T07:31:00Z', '2026-03-04T08:31:00Z'],
      ] as const) {
        const near = await insert(user.id, giulia, from, to).then(
          () => null,
          (error: unknown) => error,
        );
        expect(sqlState(near), `${from}–${to}`).toBe('23P01');
      }
      // A buffer away, another professional, or over a cancelled booking: all fine.
      await insert(user.id, giulia, '2026-03-04T10:30:00Z', '2026-03-04T11:00:00Z');
      // (another customer: one customer is never in two appointments at once, customer-overlap.test.ts)
      await insert((await createUser(t.db)).id, martina, '2026-03-04T09:30:00Z', '2026-03-04T10:30:00Z');
      await insert(user.id, giulia, '2026-03-04T12:00:00Z', '2026-03-04T13:00:00Z', 'cancelled');
      await insert(user.id, giulia, '2026-03-04T12:00:00Z', '2026-03-04T13:00:00Z');
      const [row] = await t.db
        .select({ n: count() })
        .from(bookings)
        .where(and(eq(bookings.professionalId, giulia), ne(bookings.status, 'cancelled')));
      expect(row!.n).toBe(3);
    });
  });
});
