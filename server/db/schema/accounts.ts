import { sql } from 'drizzle-orm';
import type { Location } from '../../../contract/location';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  index,
} from 'drizzle-orm/pg-core';

/** SPEC §3 Location, stored as contract/location.ts's schema outputs it. */
export type StoredLocation = Location;

/**
 * SPEC §3 User. E-mails are stored lower-cased and trimmed, so the unique index is the rule.
 * `password_hash` is null until the customer completes her account (a booking creates the user).
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phoneNumber: text('phone_number'),
  isProvider: boolean('is_provider').notNull().default(false),
  roles: text('roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  location: jsonb('location').$type<StoredLocation>(),
  allergies: text('allergies'),
  fitToPlead: boolean('fit_to_plead'),
  allowMarketing: boolean('allow_marketing').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bearer sessions: the token is opaque and random; only its sha256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * signup: completes a new account; reset: sets a new password; login: signs in once; claim: signs
 * in once and attaches the booking `bookingId` to the account (sent to the mailbox of an existing
 * account when a visitor booked with its e-mail); manage: opens and changes the one booking
 * `bookingId` (the e-mail's 'Gestisci appuntamento'), reusable until the appointment is over; rating: opens the
 * rating of the one booking `bookingId` (the invitation e-mail's link), reusable until the rating is final.
 */
export const USER_TOKEN_KINDS = ['signup', 'reset', 'login', 'claim', 'manage', 'rating'] as const;
export type UserTokenKind = (typeof USER_TOKEN_KINDS)[number];

/** One-time tokens sent by e-mail or in a redirect: sha256-hashed, expiring, single-use. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: USER_TOKEN_KINDS }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The booking that using this token confirms as the account owner's (claim and signup links). */
    bookingId: uuid('booking_id'),
  },
  (t) => [uniqueIndex('user_tokens_token_hash_idx').on(t.tokenHash), index('user_tokens_user_id_idx').on(t.userId)],
);

/** Fixed-window counters shared by every API process (see server/http/rate-limit-store.ts). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_expires_at_idx').on(t.expiresAt)],
);

/**
 * Failed logins per client address and account (server/accounts/login-backoff.ts): after a few,
 * that address waits longer and longer before it may try that account again; the account's owner,
 * from her own address, is never slowed down by someone else's guesses.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    ip: text('ip').notNull(),
    email: text('email').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ip, t.email] }), index('login_failures_last_idx').on(t.lastFailureAt)],
);

/** Out-of-zone visitors who asked to be told when Musa opens near them: one row per e-mail and zone. */
export const listSubscriptions = pgTable(
  'list_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    zoneKey: text('zone_key').notNull(),
    location: jsonb('location').$type<StoredLocation>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('list_subscriptions_email_zone_idx').on(t.email, t.zoneKey)],
);
