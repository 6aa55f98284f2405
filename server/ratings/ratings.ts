/**
 * Ratings (issue 29). The customer of an appointment that took place rates each of its
 * professionals, 1–5 stars and her words, from its end (the invitation comes RATING_INVITE_HOURS
 * later), and may change it until RATING_EDIT_DAYS after the end; then it is final. Who may: the signed-in customer whose booking it is, or the holder of the
 * invitation's token (kind 'rating', bound to that booking). Anyone else is told it does not exist.
 *
 * One rating per booking and professional is the database's rule (a unique index): a send is an
 * upsert, so N concurrent sends leave one row, the last written.
 *
 * What the ratings change:
 * - the professional's standing (customer-providers.ts, and proRatings below): the average with one decimal of the ratings
 *   given or changed in the last RATING_WINDOW_MONTHS, from RATING_AVERAGE_FROM of them;
 * - the assignment of that customer's next bookings (customerOpinion in server/bookings/opinion.ts,
 *   read by the one rule, fairOrder in server/availability/fair-order.ts): a professional she last
 *   rated RATING_LOW_MAX stars or fewer goes last (she comes only when nobody else is free), one she
 *   last rated RATING_PREFERRED stars first among those equal on hours and appointments that day.
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import {
  RATING_EDIT_DAYS,
  RATING_WINDOW_MONTHS,
  ratingSummaryOf,
  type AppointmentRating,
  type BookingToRate,
  type ProRating,
  type RatingPayload,
  type RatingSummary,
} from '../../contract/rating';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { bookings } from '../db/schema/bookings';
import { ratings } from '../db/schema/ratings';
import { ApiError } from '../http/api-error';
import { API_MESSAGES } from '../http/messages';
import { ownerAndWay, type AppointmentCaller } from '../bookings/access';
import { membersOf, type MemberRow } from '../bookings/booking-teams';
import { whenOf } from '../bookings/booking-mail';
import type { MailMessage } from '../mail/mailer';
import { ratingInviteEmail } from './rating-emails';
import { HOUR_MS, instantToZoned } from '../domain/time';
import { createUserToken } from '../accounts/user-tokens';

type BookingRow = typeof bookings.$inferSelect;

/** The last instant the appointment ending at `endsAt` may be rated or its rating changed. */
export const ratingEditableUntil = (endsAt: Date): Date => new Date(endsAt.getTime() + RATING_EDIT_DAYS * 24 * HOUR_MS);

/**
 * Why the appointment cannot be rated now, or null when it can (and, `changing`, changed): it did
 * not take place (cancelled, never confirmed), it has not ended, or (changing) its time is over.
 */
export function ratingRefusal(row: Pick<BookingRow, 'status' | 'endsAt'>, now: Date, changing: boolean): string | null {
  if (row.status !== 'confirmed') return API_MESSAGES.ratingNotHeld;
  if (now.getTime() < row.endsAt.getTime()) return API_MESSAGES.ratingTooEarly;
  if (changing && now.getTime() > ratingEditableUntil(row.endsAt).getTime()) return API_MESSAGES.ratingClosed;
  return null;
}

/** The booking the caller may rate: hers (signed in, in her account) or the one her link is bound to; 404 otherwise. */
async function ratedBooking(db: Db, bookingId: string, caller: AppointmentCaller, now: Date): Promise<BookingRow> {
  const { userId, viaLink } = await ownerAndWay(db, bookingId, caller, now, ['rating']);
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
    .limit(1);
  // Signed in without the link: only a booking in her account (not one waiting for her to claim it);
  // the invitation's link went to her mailbox, which is enough.
  if (!row || (row.ownerPending && !viaLink)) throw new ApiError(404, API_MESSAGES.appointmentNotFound);
  return row;
}

/** The rating screen's appointment: who came and what she gave each. */
async function ratingOf(db: Db, row: BookingRow, now: Date): Promise<AppointmentRating> {
  const members = (await membersOf(db, [row.id])).get(row.id) ?? [];
  const given = await db
    .select({ professionalId: ratings.professionalId, stars: ratings.stars, comment: ratings.comment })
    .from(ratings)
    .where(eq(ratings.bookingId, row.id));
  const until = ratingEditableUntil(row.endsAt);
  const start = instantToZoned(row.startsAt, row.timeZone);
  return {
    bookingId: row.id,
    date: start.date,
    startTime: start.time,
    endTime: instantToZoned(row.endsAt, row.timeZone).time,
    services: row.services.map((s) => s.name),
    professionals: members.map((m) => {
      const mine = given.find((g) => g.professionalId === m.professionalId);
      return {
        _id: m.professionalId,
        firstName: m.firstName,
        lastName: m.lastName,
        stars: mine?.stars ?? null,
        comment: mine?.comment || null,
      };
    }),
    editableUntil: until.toISOString(),
    editable: now.getTime() <= until.getTime(),
  };
}

/** GET /appointments/:bookingId/rating. */
export async function getRating(db: Db, bookingId: string, caller: AppointmentCaller, now: Date) {
  const row = await ratedBooking(db, bookingId, caller, now);
  const refusal = ratingRefusal(row, now, false);
  if (refusal) throw new ApiError(409, refusal);
  return ratingOf(db, row, now);
}

/** POST /appointments/:bookingId/rating: stores (or changes) her rating of each professional named. */
export async function rateAppointment(
  db: Db,
  bookingId: string,
  caller: AppointmentCaller,
  payload: RatingPayload,
  now: Date,
): Promise<AppointmentRating> {
  const row = await ratedBooking(db, bookingId, caller, now);
  const refusal = ratingRefusal(row, now, true);
  if (refusal) throw new ApiError(409, refusal);
  const members = new Set(((await membersOf(db, [row.id])).get(row.id) ?? []).map((m) => m.professionalId));
  if (payload.ratings.some((r) => !members.has(r.professionalId)))
    throw new ApiError(400, API_MESSAGES.ratingNotInAppointment);
  // One statement: the unique index makes concurrent sends one row each (the last one written wins).
  await db
    .insert(ratings)
    .values(
      payload.ratings.map((r) => ({
        bookingId: row.id,
        professionalId: r.professionalId,
        userId: row.userId,
        stars: r.stars,
        comment: r.comment || null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [ratings.bookingId, ratings.professionalId],
      set: { stars: sql`excluded.stars`, comment: sql`excluded.comment`, updatedAt: sql`excluded.updated_at` },
    });
  return ratingOf(db, row, now);
}

/** The invitation's link token: bound to the booking, valid until its rating is final. */
export const createRatingToken = (db: Db, row: Pick<BookingRow, 'id' | 'userId' | 'endsAt'>, now: Date) =>
  createUserToken(db, row.userId, 'rating', now, {
    bookingId: row.id,
    ttlMs: Math.max(ratingEditableUntil(row.endsAt).getTime() - now.getTime(), 0),
  });

/** The start of the window whose ratings count: RATING_WINDOW_MONTHS before `now`. */
export function ratingWindowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - RATING_WINDOW_MONTHS);
  return start;
}

/** Her agenda's ratings: the standing and the ratings of the window, newest first. */
export async function proRatings(
  db: Db,
  professionalId: string,
  now: Date,
): Promise<{ summary: RatingSummary; ratings: ProRating[] }> {
  const rows = await db
    .select({
      stars: ratings.stars,
      comment: ratings.comment,
      updatedAt: ratings.updatedAt,
      startsAt: bookings.startsAt,
      timeZone: bookings.timeZone,
      customerFirstName: users.firstName,
    })
    .from(ratings)
    .innerJoin(bookings, eq(bookings.id, ratings.bookingId))
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(and(eq(ratings.professionalId, professionalId), gte(ratings.updatedAt, ratingWindowStart(now))))
    .orderBy(desc(ratings.updatedAt), desc(ratings.id));
  return {
    summary: ratingSummaryOf(
      rows.reduce((sum, r) => sum + r.stars, 0),
      rows.length,
    ),
    ratings: rows.map((r) => ({
      stars: r.stars,
      comment: r.comment,
      date: instantToZoned(r.startsAt, r.timeZone).date,
      ratedAt: r.updatedAt.toISOString(),
      customerFirstName: r.customerFirstName,
    })),
  };
}

/** The rating screen opened with the invitation's token (GET /appointments/:id/rating?token=). */
export const ratingLink = (appUrl: string, bookingId: string, token: string) =>
  `${appUrl}/appointments/${encodeURIComponent(bookingId)}/rating?token=${encodeURIComponent(token)}`;

/**
 * The invitation to rate the start `forStartsAt`: null (dropped) when the booking is gone, did not
 * take place (cancelled, never confirmed), now starts at another time (its move wrote an
 * invitation of its own), or every professional of it is already rated (she rated it from her
 * personal area first).
 */
export async function ratingInviteMessage(
  db: Db,
  bookingId: string,
  forStartsAt: Date,
  context: { appUrl: string; now: Date },
): Promise<MailMessage | null> {
  const [found] = await db
    .select({ row: bookings, user: users })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!found || found.row.startsAt.getTime() !== forStartsAt.getTime()) return null;
  const { row, user } = found;
  if (ratingRefusal(row, context.now, true)) return null;
  const rating = await ratingOf(db, row, context.now);
  if (rating.professionals.length === 0 || rating.professionals.every((p) => p.stars !== null)) return null;
  return ratingInviteEmail({
    to: user.email,
    firstName: user.firstName,
    ...whenOf(row),
    professionalFirstNames: rating.professionals.map((p) => p.firstName),
    services: rating.services,
    editableDays: RATING_EDIT_DAYS,
    link: ratingLink(context.appUrl, row.id, await createRatingToken(db, row, context.now)),
  });
}

/** How far back /me/next looks for appointments to rate: those that ended since (still editable). */
export const toRateSince = (now: Date): Date => new Date(now.getTime() - RATING_EDIT_DAYS * 24 * HOUR_MS);

/** At most this many of her latest appointments are offered to rate. */
export const TO_RATE_LIMIT = 20;

/**
 * Of her appointments that took place and may still be rated (confirmed, ended since
 * toRateSince, the latest TO_RATE_LIMIT first: read by me-next.ts), those with a professional
 * not rated yet, with who came.
 */
export function toRateOf(
  past: readonly Pick<BookingRow, 'id' | 'startsAt' | 'timeZone' | 'services'>[],
  members: ReadonlyMap<string, readonly MemberRow[]>,
  rated: readonly { bookingId: string; professionalId: string }[],
): BookingToRate[] {
  const done = new Set(rated.map((r) => `${r.bookingId}/${r.professionalId}`));
  return past.flatMap((b) => {
    const team = members.get(b.id) ?? [];
    if (team.length === 0 || team.every((m) => done.has(`${b.id}/${m.professionalId}`))) return [];
    const start = instantToZoned(b.startsAt, b.timeZone);
    return [
      {
        id: b.id,
        date: start.date,
        startTime: start.time,
        services: b.services.map((s) => s.name),
        professionals: team.map((m) => m.firstName),
      },
    ];
  });
}
