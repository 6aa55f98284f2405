import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { BookedService } from '../../../contract/booking';
import {
  APPOINTMENT_STATUSES,
  BOOKING_KINDS,
  REQUEST_STAGES,
  type AppointmentStatus,
} from '../../../contract/constants';
import { DECLINE_REASONS } from '../../../contract/pro';
import { users, type StoredLocation } from './accounts';
import { professionals } from './professionals';

/** The contract's list: what the API answers is what the table holds. */
export const BOOKING_STATUSES = APPOINTMENT_STATUSES;
export type BookingStatus = AppointmentStatus;

export { BOOKING_KINDS, type BookingKind } from '../../../contract/constants';

export type BookingContact = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
};

export type BookingUtm = {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  content: string | null;
};

/**
 * A booking: one customer (or a salotto group), one interval. A single booking has one
 * professional (`professional_id`); a salotto has none here (a CHECK says so): its team is in
 * `booking_assignments`, and its interval ends with the longest part. `pending` waits for the
 * professional's confirmation (hours on request, every salotto), `confirmed` was booked instantly.
 * The database refuses two overlapping active assignments of one professional: the exclusion
 * constraint of the custom migration 0008 (Drizzle has no EXCLUDE), on `booking_assignments`.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id').references(() => professionals.id, {
      onDelete: 'set null',
    }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull().default('Europe/Rome'),
    location: jsonb('location').$type<StoredLocation>().notNull(),
    // The lines of SPEC §3's booking, priced when it was booked (the contract's shape).
    services: jsonb('services').$type<BookedService[]>().notNull(),
    total: numeric('total', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    totalBeforeDiscount: numeric('total_before_discount', {
      precision: 10,
      scale: 2,
      mode: 'number',
    }).notNull(),
    discount: numeric('discount', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    kind: text('kind', { enum: BOOKING_KINDS }).notNull().default('single'),
    /** People served one after the other (salotto ≥ 2). */
    participants: integer('participants').notNull().default(1),
    hairLength: text('hair_length'),
    supplement: numeric('supplement', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    /** The promo code or gift card applied (upper case), if any. */
    couponCode: text('coupon_code'),
    /** Euros taken off the gift card's balance by this booking. */
    giftCardDebit: numeric('gift_card_debit', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    isManualFlow: boolean('is_manual_flow').notNull().default(false),
    doorbellName: text('doorbell_name'),
    notes: text('notes'),
    allergies: text('allergies'),
    fitToPlead: boolean('fit_to_plead'),
    utm: jsonb('utm').$type<BookingUtm>(),
    /**
     * True while the account's owner has not acknowledged the booking. A visitor who books with
     * the e-mail of an existing account is not trusted to be its owner: the booking stays out of
     * the account (personal area, professional filter) until the owner opens the link sent to
     * that mailbox.
     */
    ownerPending: boolean('owner_pending').notNull().default(false),
    /** This booking created its customer's account (only then may its reply carry a signup token). */
    createdAccount: boolean('created_account').notNull().default(false),
    /** Who booked, as typed at checkout (the account's own details are never overwritten by a visitor). */
    contact: jsonb('contact').$type<BookingContact>(),
    /** A retried submission with the same key finds this booking instead of making another. */
    idempotencyKey: text('idempotency_key'),
    /**
     * The sha256 of the request that stored the booking with its key (the validated payload, its
     * kind and hair length): the same key with another request is refused (422), not replayed.
     * Null on bookings stored before migration 0016 (any request with their key replays them).
     */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** When it was cancelled (its status says so; the row stays). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * The calendar event's revision (iCalendar SEQUENCE): 0 when booked, one more at each change the
     * customer's calendar must take (a cancellation, a new time), so it replaces the old event.
     */
    sequence: integer('sequence').notNull().default(0),
    /** She asked for the optional reminder two hours before (the day-before one is always sent). */
    twoHoursReminder: boolean('two_hours_reminder').notNull().default(false),
    /**
     * The booking holds its customer's time: the database refuses another live booking of hers
     * (same account, or same e-mail at checkout) that overlaps it (exclusion constraints
     * `bookings_customer_no_overlap` and `bookings_contact_no_overlap`, custom part of migration
     * 0015). False only on bookings stored before that rule that overlapped another of hers.
     */
    customerExclusive: boolean('customer_exclusive').notNull().default(true),
    /**
     * A request (a `pending` booking, issue 27): whom it waits for. 'professional': the booking's
     * professional is asked to accept, decline or offer another time; 'team': no professional
     * answered in time (or a salotto, from the start), the team answers; 'offered': she was
     * offered another time (the booking already holds it; `requested_*` keep what she asked for)
     * and her answer is awaited. Null on a booking nobody has to answer (confirmed, cancelled).
     */
    requestStage: text('request_stage', { enum: REQUEST_STAGES }),
    /** Until when the current stage waits (the API's clock); its outbox job passes it on then. */
    answerBy: timestamp('answer_by', { withTimezone: true }),
    /** The professionals asked so far, in order (the deadline passes it to one not yet asked). */
    askedProfessionalIds: uuid('asked_professional_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The time she asked for, while another is offered to her (stage 'offered'). */
    requestedStartsAt: timestamp('requested_starts_at', { withTimezone: true }),
    requestedEndsAt: timestamp('requested_ends_at', { withTimezone: true }),
    /** Why a request was declined (contract DECLINE_REASONS) and the professional's or team's words. */
    declineReason: text('decline_reason', { enum: DECLINE_REASONS }),
    declineMessage: text('decline_message'),
    /** A salotto's quote after the consultation call: the total and what it includes. */
    quotedTotal: numeric('quoted_total', { precision: 10, scale: 2, mode: 'number' }),
    quoteIncludes: text('quote_includes'),
    /** When and by whom (a user: the professional or a team member) the request was answered. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by'),
    /**
     * Issue 40: her professional was replaced ('substituted': a colleague took it over from one who
     * is away) or the team is looking for one ('placing'). Either way she may cancel free of charge
     * until the start (appointments.ts); cleared when she moves it herself.
     */
    handOverState: text('hand_over_state', { enum: ['placing', 'substituted'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_user_starts_idx').on(t.userId, t.startsAt),
    index('bookings_professional_idx').on(t.professionalId),
    uniqueIndex('bookings_idempotency_key_idx').on(t.idempotencyKey),
    index('bookings_request_stage_idx')
      .on(t.requestStage, t.startsAt)
      .where(sql`${t.requestStage} IS NOT NULL`),
  ],
);

/**
 * A time held for a customer while she fills the checkout (issue 28): one row per holder key (her
 * browser tab's; unique: one holder, one hold), with the time as she was offered it and its expiry
 * (the API's clock: SLOT_HOLD_MINUTES after the pick or the last renewal). The professionals it
 * takes are its `booking_assignments` rows (`hold_id`), under the same no-overlap constraint as the
 * bookings' own, so a hold and a booking, or two holds, never overlap for one professional.
 * An expired hold blocks nobody: whoever writes an assignment over it deletes it first in the same
 * transaction (slot-holds.ts clearExpiredHolds), availability ignores it, and the outbox's rounds
 * sweep what is left (sweepExpiredHolds). Deleting the row deletes its assignments (cascade).
 */
export const slotHolds = pgTable(
  'slot_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The random UUID her browser keeps in session storage (contract/hold.ts), lower case. */
    holderKey: text('holder_key').notNull(),
    kind: text('kind', { enum: BOOKING_KINDS }).notNull(),
    /**
     * What the time was asked for (kind, services, people, hair length, address, day: slot-holds.ts
     * holdFingerprint): availability marks it hers and the store books it as held only for that.
     */
    fingerprint: text('fingerprint').notNull(),
    /** The professional filter of the pick, if any. */
    providerId: uuid('provider_id'),
    startDate: text('start_date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    /** The time's terms as offered: what availability shows her and the booking keeps. */
    supplement: numeric('supplement', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    instantBooking: boolean('instant_booking').notNull(),
    serviceFee: text('service_fee'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('slot_holds_holder_key_idx').on(t.holderKey), index('slot_holds_expires_idx').on(t.expiresAt)],
);

/**
 * One professional's part of a booking: who, for which category, from when to when. A single
 * booking has exactly one (the booking's own professional and interval, kept in step by the
 * `bookings_sync_assignment` trigger, so every insert of a single booking, wherever it comes from,
 * has it); a salotto has one per chosen category, written by the store (booking-store.ts), and its
 * booking row has no professional of its own. `active` follows the booking's status (false once
 * cancelled). The database refuses two active assignments of one professional closer than her
 * travel buffer: the exclusion constraint `booking_assignments_no_overlap` (migration 0009) is on
 * the appointment widened by half her buffer on each side (`assignment_busy_range`), so two of hers
 * overlap exactly when one starts less than a buffer after the other ends, the rule availability
 * applies when it offers a slot. `travel_buffer_mm` is her buffer when the assignment was written,
 * set by the database from her row (trigger `booking_assignments_buffer`), whoever inserts it.
 * A hold's assignments (issue 28) are rows of the same table with `hold_id` instead of
 * `booking_id`, so the same constraint keeps holds and bookings apart.
 */
export const bookingAssignments = pgTable(
  'booking_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The booking it is part of; null on a hold's assignment. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** The hold it is part of (issue 28); null on a booking's assignment. Exactly one is set. */
    holdId: uuid('hold_id').references(() => slotHolds.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    /** The salotto category she serves ('hair', 'estetica', 'make-up'); null for a single booking. */
    category: text('category'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Minutes; written by the database from the professional's row (see above). */
    travelBufferMM: integer('travel_buffer_mm').notNull().default(0),
  },
  (t) => [
    index('booking_assignments_booking_idx').on(t.bookingId),
    index('booking_assignments_hold_idx').on(t.holdId),
    // Availability's read (availability-store.ts, issue 30): a professional's active assignments by
    // start, answered from the index alone. A btree descent per professional costs a fraction of the
    // exclusion constraint's GiST one, which made most of a city's busy-interval query at 40× the seed.
    index('booking_assignments_active_starts_idx')
      .on(t.professionalId, t.startsAt, t.endsAt, t.holdId)
      .where(sql`${t.active}`),
    check('booking_assignments_booking_or_hold', sql`(${t.bookingId} IS NULL) <> (${t.holdId} IS NULL)`),
    // No part of an appointment lasts a day (a slot lies within one day's working hours): the read
    // above then finds whatever touches a window among the assignments starting up to a day before it.
    check('booking_assignments_within_a_day', sql`${t.endsAt} - ${t.startsAt} <= interval '1 day'`),
  ],
);
