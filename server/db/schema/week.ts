import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WorkingHours } from '../../domain/professionals';
import type { ApiCategory } from '../../../contract/constants';
import { HAND_OVER_CAUSES, HAND_OVER_STATES } from '../../../contract/pro-week';
import { users } from './accounts';
import { bookings } from './bookings';
import { professionals } from './professionals';
import { timeOff } from './time-off';

/**
 * A professional's weekly hours from a day on (issue 40): the week in force on a day is the row
 * with the latest `valid_from` on or before it, and before the first row her
 * `professionals.weekly_hours` (the baseline). Saving a week from a day replaces that day's row.
 * Part of what the catalogue in memory holds: a trigger bumps `catalogue_version` (migration 0022).
 */
export const professionalHours = pgTable(
  'professional_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD', a local day of Europe/Rome. */
    validFrom: text('valid_from').notNull(),
    weeklyHours: jsonb('weekly_hours').$type<WorkingHours[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('professional_hours_from_idx').on(t.professionalId, t.validFrom)],
);

/**
 * One appointment (a salotto: one member's part) handed over from a professional (issue 40): her
 * time off covered it, she handed it over (outside her new hours), or the team reassigned it. The
 * outbox's 'hand-over' job (booking_id, professional_id = `from_professional_id`) moves it to a
 * colleague or puts it on the team's board ('unplaced'). At most one open hand-over (pending or
 * unplaced) per part: the unique index below.
 */
export const handOvers = pgTable(
  'hand_overs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** A salotto member's part; null for a single booking. */
    category: text('category').$type<ApiCategory>(),
    fromProfessionalId: uuid('from_professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    toProfessionalId: uuid('to_professional_id').references(() => professionals.id, { onDelete: 'set null' }),
    timeOffId: uuid('time_off_id').references(() => timeOff.id, { onDelete: 'set null' }),
    cause: text('cause', { enum: HAND_OVER_CAUSES }).notNull(),
    state: text('state', { enum: HAND_OVER_STATES }).notNull(),
    /** The part's own interval (a salotto member's may end before the booking). */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('hand_overs_booking_idx').on(t.bookingId),
    index('hand_overs_state_starts_idx').on(t.state, t.startsAt),
    index('hand_overs_time_off_idx').on(t.timeOffId),
  ],
);

/**
 * A professional's calendar feed (issue 40): the random token of her private subscription address
 * (`/calendar/<token>.ics`). Kept as it is, not hashed: she is shown her address again whenever
 * she asks, and whoever reads this table reads the agenda it gives anyway. Regenerating replaces
 * the row, so the old address answers 404 at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    professionalId: uuid('professional_id')
      .primaryKey()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_idx').on(t.token)],
);
