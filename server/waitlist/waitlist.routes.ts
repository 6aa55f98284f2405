import { Hono } from 'hono';
import { joinWaitlistCall, waitlistOfferCall } from '../../contract/calls';
import { ok } from '../../contract/envelope';
import type { AppEnv } from '../http/env';
import { parseInput, readJson, readQuery } from '../http/input';
import { enforceRateLimit } from '../http/rate-limit';
import { joinWaitlist, openWaitlistOffer } from './waitlist';

/**
 * POST /waitlist (issue 16): 'Avvisami se si libera un orario' on a day with no free time, with the
 * wizard's draft; GET /waitlist/:entryId?token=: the offer e-mail's link gives them back.
 */
export const waitlistRoutes = new Hono<AppEnv>();

waitlistRoutes.post(joinWaitlistCall.route, async (c) => {
  const { db, now } = c.var.deps;
  const payload = await readJson(c, joinWaitlistCall.payload);
  await enforceRateLimit(c, 'subscribeToList', payload.email);
  await joinWaitlist(db, payload, now());
  return c.json(ok({}));
});

waitlistRoutes.get(waitlistOfferCall.route, async (c) => {
  const { db, now } = c.var.deps;
  await enforceRateLimit(c, 'openWaitlistOffer');
  const { entryId } = parseInput(waitlistOfferCall.params, c.req.param());
  const { token } = readQuery(c, waitlistOfferCall.query);
  return c.json(ok(await openWaitlistOffer(db, entryId, token, now())));
});
