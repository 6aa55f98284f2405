import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { professionals } from './professionals';

/**
 * A professional's time off (issue 40): whole days (`start_date`…`end_date`, local days of
 * Europe/Rome) or hours of one day, with an optional reason only she and the team read. What keeps
 * her out of it is not this row but its `booking_assignments` rows (`time_off_id`, one per local day
 * it touches, active until it is cancelled): the no-overlap exclusion constraint refuses any booking
 * or hold of hers that overlaps one of them, whoever writes it and however concurrently (migration
 * 0022). A time off is cancelled, never deleted (its rows stop being active).
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
