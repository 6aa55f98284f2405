/**
 * What the customer thought of the professionals she rated (issue 29), read for the one rule of
 * who gets a time (fairOrder, server/availability/fair-order.ts: one she last rated RATING_LOW_MAX
 * stars or fewer comes only when nobody else is free, one she last rated RATING_PREFERRED stars
 * first among equals). Read by the store, the holds, the times offered to her (offered-times.ts),
 * a move without her professional (server/appointments/) and a request passed on
 * (server/requests/requests.ts); the ratings themselves are the ratings room's (server/ratings/).
 */
import { desc, eq } from 'drizzle-orm';
import { RATING_LOW_MAX, RATING_PREFERRED } from '../../contract/rating';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { ratings } from '../db/schema/ratings';
import { normalizeEmail } from '../accounts/users';
import { NO_RATINGS, type CustomerRatings } from '../availability/fair-order';

/** What a customer last said of the professionals she rated: whom to send her last, whom first. */
export type CustomerOpinion = CustomerRatings;

export const NO_OPINION: CustomerOpinion = NO_RATINGS;

/**
 * Her latest rating of each professional she rated (whenever given): ≤ RATING_LOW_MAX avoid,
 * RATING_PREFERRED prefer. She is named by her account, or (a visitor at the store) by the e-mail she
 * typed: one query either way, joined to the accounts only for the e-mail.
 */
export async function customerOpinion(
  db: Db,
  customer: { userId?: string | null; email?: string | null },
): Promise<CustomerOpinion> {
  const who = customer.userId
    ? eq(ratings.userId, customer.userId)
    : customer.email
      ? eq(users.email, normalizeEmail(customer.email))
      : null;
  if (!who) return NO_OPINION;
  const rows = await db
    .selectDistinctOn([ratings.professionalId], { professionalId: ratings.professionalId, stars: ratings.stars })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(who)
    .orderBy(ratings.professionalId, desc(ratings.updatedAt), desc(ratings.id));
  if (rows.length === 0) return NO_OPINION;
  return {
    avoid: new Set(rows.filter((r) => r.stars <= RATING_LOW_MAX).map((r) => r.professionalId)),
    prefer: new Set(rows.filter((r) => r.stars >= RATING_PREFERRED).map((r) => r.professionalId)),
  };
}
