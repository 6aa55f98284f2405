import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { professionals } from './professionals';

/**
 * A professional's time off (issue 40): whole days (`start_date`…`end_date`, local days of
 * Europe/Rome) or hours of one day, with an optional reason only she and the team read. A time off
 * is cancelled, never deleted.
 *
 * The database keeps her out of it (migration 0022): a trigger on `booking_assignments` refuses
 * (SQLSTATE 23P01, constraint `booking_assignments_time_off`) any booking or hold of hers written
 * into a time off not cancelled, and writing a time off waits for the bookings of hers being
 * written at that moment (an advisory lock per professional: exclusive for the time off, shared
 * for her bookings), so of a time off and a booking stored at once, either the booking came first
 * (an appointment the time off covers, which is allowed and handed over) or it is refused. Two time
 * offs of hers never overlap (the `time_off_no_overlap` exclusion constraint).
 */
export const timeOff = pgTable(
  'time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['days', 'hours'] }).notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    /** Local 'HH:mm' ('00:00' for days). */
    startTime: text('start_time').notNull(),
    /** Local 'HH:mm', '24:00' the day's end ('24:00' for days). */
    endTime: text('end_time').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    /** Who entered it: she ('professional') or the team (she phoned in sick). */
    enteredBy: text('entered_by', { enum: ['professional', 'team'] }).notNull(),
    /** The user who entered it. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('time_off_professional_ends_idx').on(t.professionalId, t.endsAt),
    check('time_off_valid_interval', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
