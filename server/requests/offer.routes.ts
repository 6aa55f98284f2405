import { Hono } from 'hono';
import { appointmentOfferCall } from '../../contract/calls';
import { ok } from '../../contract/envelope';
import { appointmentCallerOf } from '../bookings/access';
import { deliverAfterReply } from '../http/after-reply';
import type { AppEnv } from '../http/env';
import { parseInput, readJson, readQuery } from '../http/input';
import { answerOffer } from './requests';

/**
 * Issue 27: the customer's answer to another time offered, from her appointment's page (signed
 * in, or with the manage link's token, as her other appointment calls: bookings/access.ts).
 */
export const offerRoutes = new Hono<AppEnv>();

offerRoutes.post(appointmentOfferCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentOfferCall.params, c.req.param());
  const { accept } = await readJson(c, appointmentOfferCall.payload);
  const caller = await appointmentCallerOf(c, readQuery(c, appointmentOfferCall.query));
  const { db, now } = c.var.deps;
  const { appointment, outboxId } = await answerOffer(db, bookingId, caller, accept, now());
  if (outboxId) deliverAfterReply(c.var.deps, outboxId);
  return c.json(ok({ appointment }));
});
