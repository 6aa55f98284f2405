import { Hono, type Context } from 'hono';
import {
  acceptRequestCall,
  declineRequestCall,
  offerRequestCall,
  proAgendaCall,
  proMeCall,
  proRequestCall,
  proRequestsCall,
  quoteSalottoCall,
  requestAvailableTimesCall,
} from '../../contract/pro-calls';
import { proRatingsCall } from '../../contract/rating-calls';
import { ok } from '../../contract/envelope';
import { deliverAfterReply } from '../http/after-reply';
import { requireUser } from '../accounts/auth';
import type { AppEnv } from '../http/env';
import { parseInput, readJson, readQuery } from '../http/input';
import { ApiError } from '../http/api-error';
import { enforceRateLimit } from '../http/rate-limit';
import { API_MESSAGES } from '../http/messages';
import { proRatings } from '../ratings/ratings';
import { agendaOf, getRequest, listRequests, proCallerOf, type ProCaller } from './pro-appointments';
import {
  acceptRequest,
  declineRequest,
  offerTime,
  quoteSalotto,
  requestAvailableTimes,
  type Answered,
} from './requests';

/**
 * The professionals' side (issue 27): her agenda, the requests waiting for her or the team, and
 * their answers. Signed in only (401); a customer is refused (403); a request the caller may not
 * address is a 404 (pro-appointments.ts says who sees what).
 */
export const proRoutes = new Hono<AppEnv>();

/** The signed-in caller on this side (401 signed out); a customer: 403 on a list, 404 on one request. */
async function proCaller(c: Context<AppEnv>, refuse: 'list' | 'item' = 'item'): Promise<ProCaller> {
  const user = await requireUser(c);
  await enforceRateLimit(c, 'proSide', user.id);
  return proCallerOf(c.var.deps.db, user, refuse);
}

/** The answer's reply; its e-mail goes once the reply is on its way. */
function answered(c: Context<AppEnv>, result: Answered) {
  if (result.outboxId) deliverAfterReply(c.var.deps, result.outboxId);
  return c.json(ok({ appointment: result.appointment }));
}

proRoutes.get(proMeCall.route, async (c) => {
  const caller = await proCaller(c, 'list');
  return c.json(
    ok({
      professional: caller.professionalName && { id: caller.professionalId!, ...caller.professionalName },
      team: caller.team,
    }),
  );
});

proRoutes.get(proAgendaCall.route, async (c) => {
  const caller = await proCaller(c, 'list');
  const range = readQuery(c, proAgendaCall.query);
  const { db, now } = c.var.deps;
  return c.json(ok({ appointments: await agendaOf(db, caller, range, now()) }));
});

/** Issue 29: her ratings (a professional's own; a team member without a professional record: 403). */
proRoutes.get(proRatingsCall.route, async (c) => {
  const caller = await proCaller(c, 'list');
  if (!caller.professionalId) throw new ApiError(403, API_MESSAGES.forbidden);
  const { db, now } = c.var.deps;
  return c.json(ok(await proRatings(db, caller.professionalId, now())));
});

proRoutes.get(proRequestsCall.route, async (c) => {
  const caller = await proCaller(c, 'list');
  return c.json(ok({ requests: await listRequests(c.var.deps.db, caller) }));
});

proRoutes.get(proRequestCall.route, async (c) => {
  const { bookingId } = parseInput(proRequestCall.params, c.req.param());
  const caller = await proCaller(c);
  return c.json(ok({ appointment: await getRequest(c.var.deps.db, caller, bookingId) }));
});

proRoutes.post(acceptRequestCall.route, async (c) => {
  const { bookingId } = parseInput(acceptRequestCall.params, c.req.param());
  const caller = await proCaller(c);
  const { db, now } = c.var.deps;
  return answered(c, await acceptRequest(db, caller, bookingId, now()));
});

proRoutes.post(declineRequestCall.route, async (c) => {
  const { bookingId } = parseInput(declineRequestCall.params, c.req.param());
  const caller = await proCaller(c);
  const answer = await readJson(c, declineRequestCall.payload);
  const { db, now } = c.var.deps;
  return answered(c, await declineRequest(db, caller, bookingId, answer, now()));
});

proRoutes.post(requestAvailableTimesCall.route, async (c) => {
  const { bookingId } = parseInput(requestAvailableTimesCall.params, c.req.param());
  const caller = await proCaller(c);
  const { startDate } = await readJson(c, requestAvailableTimesCall.payload);
  const { db, now } = c.var.deps;
  return c.json(ok({ availableTimes: await requestAvailableTimes(db, caller, bookingId, startDate, now()) }));
});

proRoutes.post(offerRequestCall.route, async (c) => {
  const { bookingId } = parseInput(offerRequestCall.params, c.req.param());
  const caller = await proCaller(c);
  const offer = await readJson(c, offerRequestCall.payload);
  const { db, now } = c.var.deps;
  return answered(c, await offerTime(db, caller, bookingId, offer, now()));
});

proRoutes.post(quoteSalottoCall.route, async (c) => {
  const { bookingId } = parseInput(quoteSalottoCall.params, c.req.param());
  const caller = await proCaller(c);
  const quote = await readJson(c, quoteSalottoCall.payload);
  const { db, now } = c.var.deps;
  return answered(c, await quoteSalotto(db, caller, bookingId, quote, now()));
});
