import type { Context } from 'hono';
import type { RateLimitAction } from '../config/config';
import { API_MESSAGES } from './messages';
import { hitRateLimits } from './rate-limit-store';
import { ApiError } from './api-error';
import { clientIp } from './client-ip';
import type { AppEnv } from './env';

/**
 * Counts this request against the action's per-IP window and, when an e-mail is known, its
 * per-e-mail window (or, for the holds, the holder key's; for a calendar feed, its token's: `second`
 * names which); over either limit
 * → 429 with Retry-After.
 */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  action: RateLimitAction,
  email?: string,
  second: 'email' | 'holder' | 'token' = 'email',
): Promise<void> {
  const { db, now, config } = c.var.deps;
  const rules = config.rateLimits[action];
  const at = now();
  const checks = [{ key: `${action}:ip:${clientIp(c, config.trustProxy)}`, rule: rules.perIp }];
  if (email) checks.push({ key: `${action}:${second}:${email.trim().toLowerCase()}`, rule: rules.perEmail });
  let retryAfter = 0;
  for (const result of await hitRateLimits(db, checks, at)) {
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
  }
  if (retryAfter > 0) throw new ApiError(429, API_MESSAGES.tooManyRequests, { 'Retry-After': String(retryAfter) });
}
