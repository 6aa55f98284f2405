import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, index } from 'drizzle-orm/pg-core';
import type { StoredLocation } from './accounts';

/**
 * 'Avvisami se si libera un orario' (issue 16): a customer left her e-mail on a day with no free
 * time, for an address and services. When a cancellation or a move frees time on that day, every
 * entry of that day that now has a free slot gets an e-mail, in the order they joined, once
 * (`notified_at`); the first to book takes the time. One entry per e-mail and day: joining again
 * updates it.
 */
export const waitlist = pgTable(
  'waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** The day asked for, in the zone's calendar (YYYY-MM-DD). */
    date: text('date').notNull(),
    location: jsonb('location').$type<StoredLocation>().notNull(),
    /** Catalogue ids of the services wanted. */
    services: jsonb('services').$type<string[]>().notNull(),
    hairLength: text('hair_length'),
    /** People of a salotto; 1 otherwise. */
    participants: integer('participants').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('waitlist_email_date_idx').on(t.email, t.date),
    index('waitlist_date_idx').on(t.date, t.createdAt),
  ],
);
