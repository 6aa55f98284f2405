import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookings } from './bookings';
import { professionals } from './professionals';

/**
 * A customer's rating of one professional for one appointment that took place (issue 29): 1–5
 * stars and her words. One per booking and professional (a salotto: one per member of its team),
 * the unique index's rule, so concurrent sends store one and the last one written wins; she may
 * change it until RATING_EDIT_DAYS after the end (server/ratings/ratings.ts). `user_id` is the
 * booking's customer, kept here so what she thinks of a professional is one index away when her
 * next booking is assigned. `created_at` is when it was first given, `updated_at` its last change:
 * the averages count the ratings of the last RATING_WINDOW_MONTHS by `updated_at`.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ratings_booking_professional_idx').on(t.bookingId, t.professionalId),
    index('ratings_professional_updated_idx').on(t.professionalId, t.updatedAt),
    index('ratings_user_professional_idx').on(t.userId, t.professionalId),
    check('ratings_stars_range', sql`${t.stars} BETWEEN 1 AND 5`),
  ],
);
