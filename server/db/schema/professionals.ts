import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** SPEC §3 Provider. Minimal here; the bookings part adds skills, zones and hours. */
export const professionals = pgTable('professionals', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  picture: text('picture'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
