import { and, asc, desc, gt, lte } from 'drizzle-orm';
import type { NextBookingsData } from '../../contract/user';
import type { Db } from '../db/client';
import { bookings } from '../db/schema/bookings';
import { teamsOf } from './booking-teams';
import { accountBookingsOf } from './customer-bookings';
import { bookingsToRate } from './ratings';
import { instantToZoned } from './time';
import type { NextBooking } from '../../contract/user';
import type { TeamMemberRow } from './booking-teams';

/**
 * GET /me/next. nextBookings: the customer's bookings that start after `now` and are not
 * cancelled, soonest first. lastProposal: the services of her latest booking already started
 * (our recommendation is "book again what you had last time"); null when she has none. A salotto
 * carries its request: the people, the team's categories, the notes and the beauty box. toRate
 * (issue 29): her appointments that took place, ended in the last RATING_EDIT_DAYS, with someone
 * she has not rated yet, the latest first.
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

  const toRate = await bookingsToRate(db, userId, now);
  const teams = await teamsOf(
    db,
    upcoming.filter((b) => b.kind === 'salotto').map((b) => b.id),
  );

  return {
    lastProposal: last ? { services: last.services.map((s) => ({ name: s.name })) } : null,
    nextBookings: upcoming.map((b) => bookingSummary(b, teams.get(b.id) ?? [])),
    toRate,
  };
}

/**
 * A booking as the customer sees it in her personal area and on its manage screen: when (in the
 * booking's zone), where, what, the total, and for a salotto its request (people, the team's
 * categories, the notes, the beauty box).
 */
export function bookingSummary(b: typeof bookings.$inferSelect, team: readonly TeamMemberRow[]): NextBooking {
  const { date, time } = instantToZoned(b.startsAt, b.timeZone);
  return {
    id: b.id,
    startDateTime: b.startsAt.toISOString(),
    date,
    startTime: time,
    timeZone: b.timeZone,
    location: b.location,
    services: b.services.map((s) => ({ name: s.name, price: s.price })),
    total: b.total,
    ...(b.kind === 'salotto'
      ? {
          salotto: {
            participants: b.participants,
            categories: team.map((m) => m.category),
            notes: b.notes,
            beautyBox: true,
          },
        }
      : {}),
  };
}
