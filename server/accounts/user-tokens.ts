import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userTokens, users, type UserTokenKind } from '../db/schema/accounts';
import { bookings } from '../db/schema/bookings';
import { randomToken, sha256 } from './secrets';
import { HOUR_MS } from '../domain/time';

/** How long each kind of one-time token stays valid. */
export const USER_TOKEN_TTL_MS: Record<UserTokenKind, number> = {
  signup: 30 * 24 * HOUR_MS,
  reset: HOUR_MS,
  login: 15 * 60 * 1000,
  claim: 24 * HOUR_MS,
  // A manage link is made with the booking's end as its expiry (appointments.ts); this is its longest.
  manage: 400 * 24 * HOUR_MS,
  // A rating link is made with the rating's last day as its expiry (ratings.ts); this is its longest.
  rating: 60 * 24 * HOUR_MS,
};

/**
 * Creates a one-time token of `kind` for the user; only its sha256 is stored. Returns the token.
 * `bookingId` binds it to a booking that using it confirms as the account owner's.
 */
export async function createUserToken(
  db: Db,
  userId: string,
  kind: UserTokenKind,
  now: Date = new Date(),
  options: { bookingId?: string; ttlMs?: number } = {},
): Promise<string> {
  const token = randomToken();
  await db.insert(userTokens).values({
    userId,
    kind,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + (options.ttlMs ?? USER_TOKEN_TTL_MS[kind])),
    bookingId: options.bookingId ?? null,
  });
  return token;
}

/**
 * For the bookings part: the token of the account-completion link a new customer gets
 * (`${APP_URL}/reset-password?token=…&email=…`). Valid 30 days, single use.
 */
export const createSignupToken = (db: Db, userId: string, now: Date = new Date()): Promise<string> =>
  createUserToken(db, userId, 'signup', now);

/** A link that signs the user in once (POST /login/token). Valid 15 minutes. */
export const createLoginToken = (db: Db, userId: string, now: Date = new Date()): Promise<string> =>
  createUserToken(db, userId, 'login', now);

/**
 * The manage link's token for a booking (the e-mails' 'Gestisci appuntamento'): reusable, bound to
 * it, valid until the appointment ends, or for `ttlMs` when given (a declined request's 'Prenota di
 * nuovo', which she may follow after the day she had asked for).
 */
export const createManageToken = (
  db: Db,
  booking: Pick<typeof bookings.$inferSelect, 'id' | 'userId' | 'endsAt'>,
  now: Date,
  ttlMs = Math.max(booking.endsAt.getTime() - now.getTime(), 0),
): Promise<string> => createUserToken(db, booking.userId, 'manage', now, { bookingId: booking.id, ttlMs });

export type ValidToken = {
  tokenId: string;
  kind: UserTokenKind;
  bookingId: string | null;
  user: typeof users.$inferSelect;
};

/** The unused, unexpired token of one of `kinds`, with its user; null otherwise. Does not use it up. */
export async function findValidToken(
  db: Db,
  token: string,
  kinds: readonly UserTokenKind[],
  now: Date,
): Promise<ValidToken | null> {
  const [row] = await db
    .select({ tokenId: userTokens.id, kind: userTokens.kind, bookingId: userTokens.bookingId, user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.tokenHash, sha256(token)), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)))
    .limit(1);
  if (!row || !kinds.includes(row.kind)) return null;
  return row;
}

/**
 * Marks the token used. The `used_at IS NULL` condition makes two concurrent uses race safely:
 * only one UPDATE returns a row.
 */
export async function markTokenUsed(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, tokenId), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return updated.length === 1;
}

/** The owner opened the link bound to `bookingId`: the booking joins her account. */
export async function confirmBookingOwner(db: Db, found: ValidToken): Promise<void> {
  if (!found.bookingId) return;
  await db
    .update(bookings)
    .set({ ownerPending: false })
    .where(and(eq(bookings.id, found.bookingId), eq(bookings.userId, found.user.id)));
}
