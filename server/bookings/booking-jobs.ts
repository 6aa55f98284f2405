/**
 * The bookings room's jobs (issue 42): what a stored booking writes to the outbox with it, and
 * what the outbox runs for the kinds whose e-mails are this room's (the confirmation, the move,
 * the reminders, the cancellation: booking-mail.ts), and the sweep of the holds that lapsed.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/client';
import { userTokens } from '../db/schema/accounts';
import { outbox } from '../db/schema/outbox';
import { sendsMail, type RoomJobs } from '../jobs/registry';
import { bookingCancellationMessage, bookingConfirmationMessage, bookingReminderMessage } from './booking-mail';
import { ratingInviteRow, reminderRow, type ReminderRow } from './reminders';
import { sweepExpiredHolds } from './slot-holds';

/** A one-time token to write with the booking (only its hash is stored; server/accounts/user-tokens.ts). */
export interface TokenWithBooking {
  userId: string;
  tokenHash: string;
  expiresAt: Date;
}

/**
 * Writes the booking's confirmation into the outbox, inside the booking's transaction, and with it
 * (same statement: one round trip) its reminder for the day before (when that evening is still to
 * come), the invitation to rate it after its end (issue 29) and the signup token of an account the booking created.
 */
export async function enqueueBookingConfirmation(
  tx: Db,
  booking: { id: string; startsAt: Date; endsAt: Date; timeZone: string },
  now: Date,
  extra: { signupToken?: TokenWithBooking | null } = {},
): Promise<string> {
  const token = extra.signupToken;
  const at = now.toISOString();
  const timed = [reminderRow(booking, now), ratingInviteRow(booking, now)].filter(
    (row): row is ReminderRow => row !== null,
  );
  const rows = sql.join(
    [
      sql`(${'booking-confirmation'}, ${booking.id}, ${at}::timestamptz, ${at}::timestamptz, NULL::timestamptz)`,
      ...timed.map(
        (row) =>
          sql`(${row.kind}, ${booking.id}, ${row.nextAttemptAt.toISOString()}::timestamptz, ${at}::timestamptz, ${row.forStartsAt.toISOString()}::timestamptz)`,
      ),
    ],
    sql`, `,
  );
  const insert = sql`INSERT INTO ${outbox} (kind, booking_id, next_attempt_at, created_at, for_starts_at) VALUES ${rows} RETURNING id, kind`;
  const inserted = await selectRows<{ id: string; kind: string }>(
    tx,
    token
      ? sql`WITH t AS (
          INSERT INTO ${userTokens} (user_id, kind, token_hash, created_at, expires_at)
          VALUES (${token.userId}, 'signup', ${token.tokenHash}, ${at}::timestamptz, ${token.expiresAt.toISOString()}::timestamptz)
        ) ${insert}`
      : insert,
  );
  return inserted.find((row) => row.kind === 'booking-confirmation')!.id;
}

/** The reminder of the day before, or (twoHours) of two hours before, of the start `forStartsAt`. */
const reminder = (twoHours: boolean) =>
  sendsMail(async ({ bookingId, forStartsAt }, { db, appUrl, now }) =>
    bookingId && forStartsAt ? bookingReminderMessage(db, bookingId, forStartsAt, { appUrl, now, twoHours }) : null,
  );

export const bookingJobs: RoomJobs = {
  room: 'bookings',
  kinds: {
    'booking-confirmation': sendsMail(async ({ bookingId }, { db, appUrl, now }) =>
      bookingId ? bookingConfirmationMessage(db, bookingId, { appUrl, now }) : null,
    ),
    'booking-rescheduled': sendsMail(async ({ bookingId }, { db, appUrl, now }) =>
      bookingId ? bookingConfirmationMessage(db, bookingId, { appUrl, now, moved: true }) : null,
    ),
    'booking-reminder': reminder(false),
    'booking-reminder-2h': reminder(true),
    'booking-cancellation': sendsMail(async ({ bookingId }, { db, appUrl, now }) =>
      bookingId ? bookingCancellationMessage(db, bookingId, { appUrl, now }) : null,
    ),
  },
  // The holds that lapsed (issue 28), every round.
  sweeps: [{ name: 'holds', run: (db, now) => sweepExpiredHolds(db, now) }],
};
