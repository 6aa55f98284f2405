import { Hono } from 'hono';
import { subscribeToListCall } from '../../contract/calls';
import { ok } from '../../contract/envelope';
import { listSubscriptions } from '../db/schema/accounts';
import type { AppEnv } from '../http/env';
import { readJson } from '../http/input';
import { enforceRateLimit } from '../http/rate-limit';
import { zoneKeyOf } from './subscription-zone';
import { normalizeEmail } from './users';

/** POST /subscribe-to-list: out-of-zone visitors leave an e-mail; one row per e-mail and zone. */
export const subscriptionRoutes = new Hono<AppEnv>();

subscriptionRoutes.post(subscribeToListCall.route, async (c) => {
  const { db, now } = c.var.deps;
  const { email, location } = await readJson(c, subscribeToListCall.payload);
  await enforceRateLimit(c, 'subscribeToList', email);
  await db
    .insert(listSubscriptions)
    .values({
      email: normalizeEmail(email),
      zoneKey: zoneKeyOf(location),
      location,
      createdAt: now(),
    })
    .onConflictDoNothing({ target: [listSubscriptions.email, listSubscriptions.zoneKey] });
  return c.json(ok({}));
});
