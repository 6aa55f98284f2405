/**
 * One customer, one appointment at a time (issue 26). The database decides: two exclusion
 * constraints on `bookings` (migration 0015) refuse a live booking that overlaps another live one of
 * the same account (`bookings_customer_no_overlap`) or of the same e-mail typed at checkout
 * (`bookings_contact_no_overlap`), so two requests at once (two tabs, a double tap) cannot both be
 * stored. This module names those constraints, serialises one e-mail's bookings (so two of them
 * never wait for each other's exclusion check in a cycle) and turns the refusal into the Italian
 * message that says when her other appointment is.
 */
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { customerAlreadyBooked } from '../../contract/messages';
import type { Db } from '../db/client';
import { bookings } from '../db/schema/bookings';
import { ApiError } from '../http/api-error';
import { whenOf } from './booking-mail';
import { sqlConstraint, sqlState } from '../db/errors';
import { normalizeEmail } from '../accounts/users';

const CUSTOMER_CONSTRAINTS = new Set(['bookings_customer_no_overlap', 'bookings_contact_no_overlap']);

/** The insert or update was refused because the customer already has a live booking then. */
export const isCustomerOverlap = (error: unknown): boolean =>
  sqlState(error) === '23P01' && CUSTOMER_CONSTRAINTS.has(sqlConstraint(error) ?? '');

/**
 * The transaction's lock on one e-mail's bookings, taken before the customer's row: bookings of the
 * same e-mail then run one after the other (the second meets the first committed and is refused at
 * once), instead of two exclusion checks each waiting for the other until PostgreSQL breaks the
 * deadlock.
 */
export async function lockCustomerEmail(tx: Db, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`customer:${normalizeEmail(email)}`}, 0))`);
}

/** Who the refused booking was for, and when. */
export interface CustomerOverlap {
  userId: string | null;
  email: string;
  startsAt: Date;
  endsAt: Date;
  /** The booking being moved (it does not overlap itself). */
  bookingId?: string;
}

/**
 * The 409 for a booking the customer constraints refused: her other live appointment at that
 * time, said in Italian (when, how to manage it, a salotto for several people). Null when it is
 * gone meanwhile (cancelled between the refusal and this read): the caller tries again.
 */
export async function customerOverlapError(db: Db, overlap: CustomerOverlap): Promise<ApiError | null> {
  const email = normalizeEmail(overlap.email);
  const [other] = await db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt, timeZone: bookings.timeZone })
    .from(bookings)
    .where(
      and(
        ne(bookings.status, 'cancelled'),
        eq(bookings.customerExclusive, true),
        lt(bookings.startsAt, overlap.endsAt),
        gt(bookings.endsAt, overlap.startsAt),
        overlap.bookingId ? ne(bookings.id, overlap.bookingId) : undefined,
        or(
          overlap.userId ? eq(bookings.userId, overlap.userId) : undefined,
          sql`lower(${bookings.contact}->>'email') = ${email}`,
        ),
      ),
    )
    .orderBy(bookings.startsAt)
    .limit(1);
  return other ? new ApiError(409, customerAlreadyBooked(whenOf(other))) : null;
}
