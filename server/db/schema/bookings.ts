import { index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, type StoredLocation } from './accounts';
import { professionals } from './professionals';

/** One line of a booking, priced when it was booked. */
export type BookedService = {
  serviceId: string;
  name: string;
  price: number;
  listPrice: number;
  durationMM: number;
};

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Minimal bookings table read by GET /me/next and GET /users/{id}/providers. The bookings part
 * extends it (and adds the exclusion constraint against double booking in a custom migration).
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
    services: jsonb('services').$type<BookedService[]>().notNull(),
    total: numeric('total', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    totalBeforeDiscount: numeric('total_before_discount', {
      precision: 10,
      scale: 2,
      mode: 'number',
    }).notNull(),
    discount: numeric('discount', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_user_starts_idx').on(t.userId, t.startsAt),
    index('bookings_professional_idx').on(t.professionalId),
  ],
);
