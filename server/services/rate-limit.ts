import { lt, sql } from 'drizzle-orm';
import type { RateLimitRule } from '../config';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/accounts';

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit of `key` in the current fixed window (an upsert, so every API process sharing
 * the database shares the counter) and says whether it is still within `rule.limit`.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now: Date): Promise<RateLimitResult> {
  const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const windowEnd = new Date(windowStartMs + rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: new Date(windowStartMs), count: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if ((row?.count ?? 1) <= rule.limit) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)),
  };
}

/** Drops the counters of windows that are over. */
export async function sweepRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
}
