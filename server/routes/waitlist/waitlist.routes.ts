import { Hono } from 'hono';
import { joinWaitlistCall } from '../../../contract/calls';
import { ok } from '../../../contract/envelope';
import type { AppEnv } from '../../http/env';
import { readJson } from '../../http/input';
import { enforceRateLimit } from '../../http/rate-limit';
import { joinWaitlist } from '../../services/waitlist';

/** POST /waitlist (issue 16): 'Avvisami se si libera un orario' on a day with no free time. */
export const waitlistRoutes = new Hono<AppEnv>();

waitlistRoutes.post(joinWaitlistCall.route, async (c) => {
  const { db, now } = c.var.deps;
  const payload = await readJson(c, joinWaitlistCall.payload);
  await enforceRateLimit(c, 'subscribeToList', payload.email);
  await joinWaitlist(db, payload, now());
  return c.json(ok({}));
});
