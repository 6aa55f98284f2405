import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const OUTBOX_KINDS = [
  'booking-confirmation',
  'booking-cancellation',
  'booking-rescheduled',
  'booking-reminder',
  'booking-reminder-2h',
  'waitlist-offer',
  // Issue 27: a request's deadline (a job, no e-mail of its own: `for_starts_at` is the deadline it
  // was written for), and what each answer tells the customer or the professional.
  'request-deadline',
  'request-accepted',
  'request-declined',
  'request-offer',
  'salotto-quote',
  'pro-request',
  'pro-request-passed',
  // Issue 29: 'Com’è andata con …?', RATING_INVITE_HOURS after the end of the start it was written
  // for (`for_starts_at`): dropped when the booking was cancelled, moved, or never confirmed.
  'rating-invite',
  // Issue 40: an absent professional's appointment handed over (a job: `professional_id` is whose
  // it was), 'Cambio di professionista' (`professional_id`: who comes instead) and the word that
  // the team is looking for someone.
  'hand-over',
  'hand-over-moved',
  'hand-over-unplaced',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * E-mails to send, written in the same transaction as what they announce (a booking), so a crash
 * after the commit never loses one: every API process delivers due rows (server/jobs/outbox.ts, running the kind each room registered),
 * claiming them with `FOR UPDATE SKIP LOCKED` so two processes never take the same row, and retries
 * with a growing delay.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    bookingId: uuid('booking_id'),
    /**
     * A reminder: the start it reminds of. Delivered only while the booking still starts then and
     * is not cancelled; a moved booking has a new reminder of its own, the old one is dropped.
     * A waitlist offer: the start of the time a cancellation or a move freed.
     */
    forStartsAt: timestamp('for_starts_at', { withTimezone: true }),
    /** The professional an e-mail is for ('pro-request', 'pro-request-passed'); null for the customer's. */
    professionalId: uuid('professional_id'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be tried (again); a claim moves it a minute ahead while it is being sent. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last failure's class (never its text, which may carry addresses). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('outbox_due_idx').on(t.sentAt, t.nextAttemptAt),
    // A booking's rows still waiting (a move drops its reminders; issue 30: at 40× the seed a move
    // scanned the whole outbox for them).
    index('outbox_waiting_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);
