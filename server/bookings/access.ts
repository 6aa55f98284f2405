/**
 * Who may open a booking (issue 16; the rating's link, issue 29): the signed-in customer whose
 * booking it is (and in her account: not one waiting for her to confirm it), or the holder of a
 * link's token bound to that booking (the manage link's, the rating invitation's). Anyone else is
 * told it does not exist. Read by the appointments, ratings and requests rooms' routes.
 */
import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { requireUser } from '../accounts/auth';
import { findValidToken } from '../accounts/user-tokens';
import type { Db } from '../db/client';
import type { UserTokenKind } from '../db/schema/accounts';
import { bookings } from '../db/schema/bookings';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/env';
import { isUuid } from '../http/input';
import { API_MESSAGES } from '../http/messages';
import { enforceRateLimit } from '../http/rate-limit';

type BookingRow = typeof bookings.$inferSelect;

/** Who asks: the signed-in customer, or whoever holds a manage token. */
export interface AppointmentCaller {
  /** The signed-in customer (a valid bearer), or null. */
  userId: string | null;
  /** The manage link's token (`?token=`), or null. */
  manageToken: string | null;
}

/**
 * The user whose booking `bookingId` the caller may see; 404 otherwise (unknown, not hers, bad token).
 * `linkKinds`: the tokens bound to a booking that open it here (the manage link's; the rating's, issue 29).
 */
export async function ownerFor(
  db: Db,
  bookingId: string,
  caller: AppointmentCaller,
  now: Date,
  linkKinds: readonly UserTokenKind[] = ['manage'],
): Promise<string> {
  return (await ownerAndWay(db, bookingId, caller, now, linkKinds)).userId;
}

/** As `ownerFor`, and whether a link's token (rather than her session) opened it. */
export async function ownerAndWay(
  db: Db,
  bookingId: string,
  caller: AppointmentCaller,
  now: Date,
  linkKinds: readonly UserTokenKind[],
): Promise<{ userId: string; viaLink: boolean }> {
  const notFound = new ApiError(404, API_MESSAGES.appointmentNotFound);
  // A booking id is a UUID: anything else cannot name one (and must not reach the database as one).
  if (!isUuid(bookingId)) throw notFound;
  // The link's token opens its booking whoever is signed in on that browser (she may be signed in
  // with another account); without a token that opens it, her session must own it.
  if (caller.manageToken) {
    const found = await findValidToken(db, caller.manageToken, linkKinds, now);
    if (found && found.bookingId === bookingId) return { userId: found.user.id, viaLink: true };
  }
  if (caller.userId) return { userId: caller.userId, viaLink: false };
  throw notFound;
}

/** Her booking, as the caller may see it; 404 otherwise. `lock` holds the row for the transaction. */
export async function bookingFor(db: Db, bookingId: string, userId: string, lock: boolean): Promise<BookingRow> {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId), eq(bookings.ownerPending, false)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, API_MESSAGES.appointmentNotFound);
  return row;
}

/**
 * The caller of an appointment's route: signed in (bearer), or with a link's token (`?token=`). A
 * bearer, when sent, must be valid (401 otherwise). Counted against the manageAppointment limit.
 */
export async function appointmentCallerOf(c: Context<AppEnv>, query: { token?: string }): Promise<AppointmentCaller> {
  await enforceRateLimit(c, 'manageAppointment');
  // Neither: nobody may see it (the app sends a signed-out visitor without a link to the booking start).
  const userId = c.req.header('authorization') ? (await requireUser(c)).id : null;
  return { userId, manageToken: query.token ?? null };
}
