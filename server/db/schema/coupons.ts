import { sql } from 'drizzle-orm';
import { boolean, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApiCategory } from '../../../contract/constants';

/** Promo codes. `code` is stored upper-case; dates are Europe/Rome calendar days, ends included. */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  description: text('description').notNull().default(''),
  kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
  /** Percent (10 = 10%) or euros. */
  value: numeric('value', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  validFrom: text('valid_from'),
  validUntil: text('valid_until'),
  firstBookingOnly: boolean('first_booking_only').notNull().default(false),
  category: text('category').$type<ApiCategory>(),
  minSubtotal: numeric('min_subtotal', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Gift cards: money. The balance goes down, in the booking's transaction, by what it paid. */
export const giftCards = pgTable('gift_cards', {
  code: text('code').primaryKey(),
  description: text('description').notNull().default(''),
  initialBalance: numeric('initial_balance', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  balance: numeric('balance', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  validUntil: text('valid_until'),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
