import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, index } from 'drizzle-orm/pg-core';
import type { SavedDraft } from '../../../contract/draft';
import type { StoredLocation } from './accounts';

/**
 * 'Avvisami se si libera un orario' (issue 16): a customer left her e-mail on a day with no free
 * time, for an address and services. When a cancellation or a move frees time on that day, every
 * entry of that day that now has a free slot gets an e-mail, in the order they joined, once
 * (`notified_at`), with a link that gives back the day and her draft; the first to book takes the
 * time. One entry per e-mail and day: joining again updates it.
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
    /** The wizard's draft she left (contract/draft.ts), given back by the offer's link; null when none came. */
    draft: jsonb('draft').$type<SavedDraft>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /**
     * The offer link's token (`/waitlist/<id>?token=`), written with the offer: only its sha256, as
     * for user tokens; it opens this entry only, until the end of its day in Europe/Rome
     * (`offer_expires_at`). A later offer replaces it.
     */
    offerTokenHash: text('offer_token_hash'),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('waitlist_email_date_idx').on(t.email, t.date),
    index('waitlist_date_idx').on(t.date, t.createdAt),
  ],
);
