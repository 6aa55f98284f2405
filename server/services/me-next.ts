import { and, asc, desc, gt, lte } from 'drizzle-orm';
import type { NextBookingsData } from '../../contract/user';
import type { Db } from '../db/client';
import { bookings } from '../db/schema/bookings';
import { accountBookingsOf } from './customer-bookings';
import { instantToZoned } from './time';

/**
 * GET /me/next. nextBookings: the customer's bookings that start after `now` and are not
 * cancelled, soonest first. lastProposal: the services of her latest booking already started
 * (our recommendation is "book again what you had last time"); null when she has none.
 */
export async function getMeNext(db: Db, userId: string, now: Date): Promise<NextBookingsData> {
  const active = accountBookingsOf(userId);
  const upcoming = await db
    .select()
    .from(bookings)
    .where(and(active, gt(bookings.startsAt, now)))
    .orderBy(asc(bookings.startsAt));
  const [last] = await db
    .select({ services: bookings.services })
    .from(bookings)
    .where(and(active, lte(bookings.startsAt, now)))
    .orderBy(desc(bookings.startsAt))
    .limit(1);

  return {
    lastProposal: last ? { services: last.services.map((s) => ({ name: s.name })) } : null,
    nextBookings: upcoming.map((b) => {
      const { date, time } = instantToZoned(b.startsAt, b.timeZone);
      return {
        startDateTime: b.startsAt.toISOString(),
        date,
        startTime: time,
        timeZone: b.timeZone,
        location: b.location,
        services: b.services.map((s) => ({ name: s.name, price: s.price })),
        total: b.total,
      };
    }),
  };
}
