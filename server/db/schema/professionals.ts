import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WorkingHours } from '../../domain/professionals';
import { users } from './accounts';

/**
 * SPEC §3 Provider plus what availability needs: the served zones (ids of `zones`), the skills
 * (categories, minus the services she does not offer), the weekly hours (Europe/Rome local
 * time) and whether those hours are confirmed (→ instant booking) or on request.
 */
export const professionals = pgTable(
  'professionals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable key of a seeded professional ('pro-giulia-ferrero'): the seed is idempotent by it. */
    slug: text('slug'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    picture: text('picture'),
    email: text('email'),
    zoneIds: text('zone_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    skillCategories: text('skill_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    exceptServiceIds: text('except_service_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    weeklyHours: jsonb('weekly_hours')
      .$type<WorkingHours[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    hoursConfirmed: boolean('hours_confirmed').notNull().default(false),
    travelBufferMM: integer('travel_buffer_mm').notNull().default(30),
    active: boolean('active').notNull().default(true),
    /**
     * Her account (issue 27): a user with `is_provider` signs in on /login and sees her agenda and
     * the requests she is asked to answer. One account, one professional.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('professionals_slug_idx').on(t.slug), uniqueIndex('professionals_user_idx').on(t.userId)],
);
