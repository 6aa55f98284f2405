import { asc, eq } from 'drizzle-orm';
import type { Provider } from '../../contract/provider';
import type { Db } from '../db/client';
import { bookingAssignments, bookings } from '../db/schema/bookings';
import { professionals } from '../db/schema/professionals';
import { accountBookingsOf } from './customer-bookings';
import { ratingSummaries, summaryOr } from './ratings';

/**
 * The professionals a customer has already met (any non-cancelled booking with them, past or
 * upcoming, a salotto's team included: its assignments): the only ones the date step's filter
 * offers (SPEC §6), each with her standing (issue 29).
 */
export async function providersOfCustomer(db: Db, userId: string, now: Date): Promise<Provider[]> {
  const rows = await db
    .selectDistinct({
      id: professionals.id,
      firstName: professionals.firstName,
      lastName: professionals.lastName,
      picture: professionals.picture,
    })
    .from(bookings)
    .innerJoin(bookingAssignments, eq(bookingAssignments.bookingId, bookings.id))
    .innerJoin(professionals, eq(professionals.id, bookingAssignments.professionalId))
    .where(accountBookingsOf(userId))
    .orderBy(asc(professionals.firstName), asc(professionals.lastName), asc(professionals.id));
  // Issue 29: each one's standing, shown beside her name ('Nuova' below RATING_AVERAGE_FROM ratings).
  const summaries = await ratingSummaries(
    db,
    rows.map((p) => p.id),
    now,
  );
  return rows.map((p) => ({
    _id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    ...(p.picture ? { picture: p.picture } : {}),
    rating: summaryOr(summaries, p.id),
  }));
}
