import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userTokens } from '../db/schema/accounts';
import { outbox } from '../db/schema/outbox';
import type { Logger } from '../config/logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import {
  bookingCancellationMessage,
  bookingConfirmationMessage,
  bookingReminderMessage,
} from '../bookings/booking-mail';
import { ratingInviteMessage } from '../ratings/ratings';
import { ratingInviteRow, reminderRow, type ReminderRow } from '../bookings/reminders';
import { offerFreedTime } from '../waitlist/waitlist';
import { selectRows } from '../catalogue/catalogue-store';
import { sweepExpiredHolds } from '../bookings/slot-holds';
import { runRequestDeadline } from '../requests/requests';
import {
  proRequestMessage,
  proRequestPassedMessage,
  requestDeclinedMessage,
  requestOfferMessage,
} from '../requests/request-mail';

/** While one process sends a claimed row, the others leave it alone this long. */
const CLAIM_MS = 60_000;
/** After this many failed attempts a row is left for a person to look at (logged). */
export const MAX_ATTEMPTS = 10;
/** The wait after the n-th failure: 5 s, 10 s, 20 s … up to an hour. */
export const retryDelayMs = (attempts: number): number => Math.min(5000 * 2 ** (attempts - 1), 60 * 60_000);

/** A one-time token to write with the booking (only its hash is stored; server/services/user-tokens.ts). */
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

export type OutboxDeps = { db: Db; mailer: Mailer; logger: Logger; appUrl: string; now: () => Date };

type Claimed = {
  id: string;
  kind: string;
  bookingId: string | null;
  attempts: number;
  forStartsAt: Date | null;
  professionalId: string | null;
};

/**
 * Claims due rows (one given row, or up to `limit`): a short transaction moves them a minute ahead
 * with `FOR UPDATE SKIP LOCKED`, so two processes never claim the same row; then sends each and
 * marks it sent, or schedules its next attempt. Returns how many were sent.
 */
export async function deliverOutbox(deps: OutboxDeps, only: { id?: string; limit?: number } = {}): Promise<number> {
  const { db, mailer, logger, appUrl } = deps;
  const at = deps.now();
  const due = and(
    isNull(outbox.sentAt),
    lte(outbox.nextAttemptAt, at),
    sql`${outbox.attempts} < ${MAX_ATTEMPTS}`,
    only.id ? eq(outbox.id, only.id) : undefined,
  );
  // One statement: the due rows, locked (SKIP LOCKED: never one another process holds), are moved
  // a minute ahead and counted as attempted.
  const claimed = (
    await selectRows<{
      id: string;
      kind: string;
      booking_id: string | null;
      attempts: number;
      for_starts_at: Date | string | null;
      professional_id: string | null;
    }>(
      db,
      sql`UPDATE ${outbox} SET attempts = attempts + 1, next_attempt_at = ${new Date(at.getTime() + CLAIM_MS).toISOString()}::timestamptz
        WHERE id IN (
          SELECT id FROM ${outbox} WHERE ${due} ORDER BY next_attempt_at LIMIT ${only.limit ?? 20} FOR UPDATE SKIP LOCKED
        )
        RETURNING id, kind, booking_id, attempts, for_starts_at, professional_id`,
    )
  ).map((row): Claimed => ({
    id: row.id,
    kind: row.kind,
    bookingId: row.booking_id,
    attempts: Number(row.attempts),
    forStartsAt: row.for_starts_at === null ? null : new Date(row.for_starts_at),
    professionalId: row.professional_id,
  }));

  let sent = 0;
  for (const row of claimed) {
    try {
      if (row.kind === 'request-deadline') {
        // A request's deadline (issue 27): passes it on, or declines it; nothing to mail itself
        // (what it changes writes its own e-mails, delivered at the next round).
        if (row.bookingId && row.forStartsAt) {
          const outcome = await runRequestDeadline(db, row.bookingId, row.forStartsAt, at);
          logger.info('request deadline', { bookingId: row.bookingId, outcome });
        }
      } else if (row.kind === 'waitlist-offer') {
        // Many e-mails, one per customer waiting for that day; each is marked as it goes.
        if (row.bookingId && row.forStartsAt)
          await offerFreedTime({ db, mailer, appUrl, now: at }, row.bookingId, row.forStartsAt);
      } else {
        const message = await messageOf(db, row, appUrl, at);
        if (message) await mailer.send(message);
      }
      await db.update(outbox).set({ sentAt: deps.now(), lastError: null }).where(eq(outbox.id, row.id));
      sent++;
    } catch (error) {
      const name = error instanceof Error ? error.name : typeof error;
      await db
        .update(outbox)
        .set({ nextAttemptAt: new Date(deps.now().getTime() + retryDelayMs(row.attempts)), lastError: name })
        .where(eq(outbox.id, row.id));
      const level = row.attempts >= MAX_ATTEMPTS ? 'error' : 'warn';
      logger[level]('outbox e-mail not sent', { outboxId: row.id, attempts: row.attempts, error: name });
    }
  }
  return sent;
}

async function messageOf(db: Db, row: Claimed, appUrl: string, now: Date): Promise<MailMessage | null> {
  switch (row.kind) {
    case 'booking-confirmation':
      return row.bookingId ? bookingConfirmationMessage(db, row.bookingId, { appUrl, now }) : null;
    case 'booking-rescheduled':
      return row.bookingId ? bookingConfirmationMessage(db, row.bookingId, { appUrl, now, moved: true }) : null;
    case 'booking-reminder':
    case 'booking-reminder-2h':
      return row.bookingId && row.forStartsAt
        ? bookingReminderMessage(db, row.bookingId, row.forStartsAt, {
            appUrl,
            now,
            twoHours: row.kind === 'booking-reminder-2h',
          })
        : null;
    case 'booking-cancellation':
      return row.bookingId ? bookingCancellationMessage(db, row.bookingId, { appUrl, now }) : null;
    case 'request-accepted':
      return row.bookingId ? bookingConfirmationMessage(db, row.bookingId, { appUrl, now, accepted: true }) : null;
    case 'salotto-quote':
      return row.bookingId ? bookingConfirmationMessage(db, row.bookingId, { appUrl, now }) : null;
    case 'request-declined':
      return row.bookingId ? requestDeclinedMessage(db, row.bookingId, { appUrl, now }) : null;
    case 'request-offer':
      return row.bookingId ? requestOfferMessage(db, row.bookingId, { appUrl, now }) : null;
    case 'pro-request':
      return row.bookingId && row.professionalId
        ? proRequestMessage(db, row.bookingId, row.professionalId, { appUrl, now })
        : null;
    case 'pro-request-passed':
      return row.bookingId && row.professionalId
        ? proRequestPassedMessage(db, row.bookingId, row.professionalId, { appUrl, now })
        : null;
    case 'rating-invite':
      return row.bookingId && row.forStartsAt
        ? ratingInviteMessage(db, row.bookingId, row.forStartsAt, { appUrl, now })
        : null;
    default:
      return null;
  }
}

/**
 * One round of the outbox's jobs, run by every API process every few seconds: the e-mails due,
 * then the holds that lapsed (issue 28). Both claim their rows with `FOR UPDATE SKIP LOCKED`, so
 * any number of processes share the work without taking the same row twice. Returns what each did.
 */
export async function runOutboxRound(deps: OutboxDeps): Promise<{ sent: number; holdsSwept: number }> {
  const sent = await deliverOutbox(deps);
  const holdsSwept = await sweepExpiredHolds(deps.db, deps.now());
  return { sent, holdsSwept };
}
