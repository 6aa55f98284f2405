import { lt, sql } from 'drizzle-orm';
import type { RateLimitRule } from '../config/config';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/accounts';

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit of `key` in the current fixed window (an upsert, so every API process sharing
 * the database shares the counter) and says whether it is still within `rule.limit`.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now: Date): Promise<RateLimitResult> {
  const [result] = await hitRateLimits(db, [{ key, rule }], now);
  return result!;
}

/**
 * `hitRateLimit` for several keys (distinct) in one statement: one round trip per request
 * whatever the number of windows it counts against. Results in the order of `hits`.
 */
export async function hitRateLimits(
  db: Db,
  hits: readonly { key: string; rule: RateLimitRule }[],
  now: Date,
): Promise<RateLimitResult[]> {
  if (hits.length === 0) return [];
  const windows = hits.map(({ key, rule }) => {
    const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
    return { key, rule, windowStart: new Date(windowStartMs), windowEnd: new Date(windowStartMs + rule.windowMs) };
  });
  const rows = await db
    .insert(rateLimits)
    .values(windows.map((w) => ({ key: w.key, windowStart: w.windowStart, count: 1, expiresAt: w.windowEnd })))
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count });
  const counts = new Map(rows.map((row) => [row.key, row.count]));
  return windows.map((w): RateLimitResult => {
    if ((counts.get(w.key) ?? 1) <= w.rule.limit) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((w.windowEnd.getTime() - now.getTime()) / 1000)),
    };
  });
}

/** Drops the counters of windows that are over. */
export async function sweepRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
}
