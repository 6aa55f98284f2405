import { Hono, type Context } from 'hono';
import {
  holdSalottoSlotCall,
  holdSlotCall,
  releaseHoldBeaconCall,
  releaseHoldCall,
  renewHoldCall,
} from '../../contract/calls';
import { LIMITS } from '../../contract/constants';
import { ok } from '../../contract/envelope';
import { MESSAGES } from '../../contract/messages';
import type { BookingKind } from '../db/schema/bookings';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/env';
import { parseInput, readJson } from '../http/input';
import { enforceRateLimit } from '../http/rate-limit';
import { API_MESSAGES } from '../http/messages';
import { placeHold } from './hold-store';
import { customerOpinion, NO_OPINION } from './opinion';
import { userIfSignedIn } from '../accounts/auth';
import { deleteHoldOf, holdReply, renewHold } from './slot-holds';

/**
 * Holding the time she picked while she fills the checkout (issue 28; docs/api.md, 'Holds'): pick,
 * renew, release (DELETE, or POST for `navigator.sendBeacon`). Her holder key names the hold.
 */
export const holdRoutes = new Hono<AppEnv>();

function holdHandler(kind: BookingKind) {
  const call = kind === 'salotto' ? holdSalottoSlotCall : holdSlotCall;
  return async (c: Context<AppEnv>) => {
    const payload = await readJson(c, call.payload);
    await enforceRateLimit(c, 'holdSlot', payload.holderKey, 'holder');
    const { db, now } = c.var.deps;
    const numberOfCustomers = payload.numberOfCustomers ?? LIMITS.salottoMinParticipants;
    if (kind === 'salotto' && numberOfCustomers < LIMITS.salottoMinParticipants)
      throw new ApiError(400, MESSAGES.salottoMinParticipants);
    const row = await placeHold(
      db,
      {
        kind,
        serviceIds: payload.services,
        location: payload.bookingLocation,
        startDate: payload.startDate,
        startTime: payload.startTime,
        providerId: payload.providerId ?? null,
        participants: kind === 'salotto' ? numberOfCustomers : 1,
        hairLength: payload.hairLength ?? null,
        holderKey: payload.holderKey,
        now: now(),
      },
      kind === 'single' ? await customerOpinion(db, { userId: (await userIfSignedIn(c))?.id ?? null }) : NO_OPINION,
    );
    return c.json(ok(holdReply(row)), 201);
  };
}

holdRoutes.post(holdSlotCall.route, holdHandler('single'));
holdRoutes.post(holdSalottoSlotCall.route, holdHandler('salotto'));

holdRoutes.post(renewHoldCall.route, async (c) => {
  const { holderKey } = await readJson(c, renewHoldCall.payload);
  await enforceRateLimit(c, 'renewHold', holderKey, 'holder');
  const { db, now } = c.var.deps;
  const row = await renewHold(db, holderKey, now());
  if (!row) throw new ApiError(409, MESSAGES.slotHoldExpired);
  return c.json(ok(holdReply(row)));
});

holdRoutes.delete(releaseHoldCall.route, async (c) => {
  const { holderKey } = parseInput(releaseHoldCall.params, c.req.param());
  return c.json(ok({ released: await deleteHoldOf(c.var.deps.db, holderKey) }));
});

/** A beacon's body: JSON, sent as application/json or text/plain (app.ts lets text/plain through here only). */
holdRoutes.post(releaseHoldBeaconCall.route, async (c) => {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, API_MESSAGES.badJson);
  }
  const { holderKey } = parseInput(releaseHoldBeaconCall.payload, body);
  return c.json(ok({ released: await deleteHoldOf(c.var.deps.db, holderKey) }));
});
