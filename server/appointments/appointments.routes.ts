import { Hono, type Context } from 'hono';
import {
  appointmentAvailableTimesCall,
  appointmentCall,
  appointmentOfferCall,
  appointmentRebookCall,
  appointmentReminderCall,
  cancelAppointmentCall,
  rescheduleAppointmentCall,
} from '../../contract/calls';
import { appointmentRatingCall, rateAppointmentCall } from '../../contract/rating-calls';
import { ok } from '../../contract/envelope';
import { deliverAfterReply } from '../http/after-reply';
import { requireUser } from '../accounts/auth';
import type { AppEnv } from '../http/env';
import { parseInput, readJson, readQuery } from '../http/input';
import { enforceRateLimit } from '../http/rate-limit';
import {
  appointmentAvailableTimes,
  cancelAppointment,
  getAppointment,
  rescheduleAppointment,
  setTwoHoursReminder,
  type AppointmentCaller,
} from './appointments';
import { getRating, rateAppointment } from '../ratings/ratings';
import { rebookingOf } from './rebook';
import { answerOffer } from '../requests/requests';

/**
 * One appointment, opened, cancelled, moved and reminded by its customer (issue 16): signed in (bearer), or with
 * the manage link's token (`?token=`). A bearer, when sent, must be valid (401 otherwise); a
 * booking the caller may not see (no bearer, no token, someone else's) is a 404, exactly as one
 * that does not exist: the answer never tells whether an id is a booking.
 */
export const appointmentRoutes = new Hono<AppEnv>();

async function callerOf(c: Context<AppEnv>, query: { token?: string }): Promise<AppointmentCaller> {
  await enforceRateLimit(c, 'manageAppointment');
  // Neither: nobody may see it (the app sends a signed-out visitor without a link to the booking start).
  const userId = c.req.header('authorization') ? (await requireUser(c)).id : null;
  return { userId, manageToken: query.token ?? null };
}

appointmentRoutes.get(appointmentCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentCall.params, c.req.param());
  const caller = await callerOf(c, readQuery(c, appointmentCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok({ appointment: await getAppointment(db, bookingId, caller, now()) }));
});

appointmentRoutes.get(appointmentRebookCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentRebookCall.params, c.req.param());
  const caller = await callerOf(c, readQuery(c, appointmentRebookCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok(await rebookingOf(db, bookingId, caller, now())));
});

appointmentRoutes.post(cancelAppointmentCall.route, async (c) => {
  const { bookingId } = parseInput(cancelAppointmentCall.params, c.req.param());
  const caller = await callerOf(c, readQuery(c, cancelAppointmentCall.query));
  const { db, now } = c.var.deps;
  const { appointment, outboxId } = await cancelAppointment(db, bookingId, caller, now());
  // The e-mail is in the outbox with what it announces; it goes once the reply is on its way.
  if (outboxId) deliverAfterReply(c.var.deps, outboxId);
  return c.json(ok({ appointment }));
});

appointmentRoutes.post(rescheduleAppointmentCall.route, async (c) => {
  const { bookingId } = parseInput(rescheduleAppointmentCall.params, c.req.param());
  const move = await readJson(c, rescheduleAppointmentCall.payload);
  const caller = await callerOf(c, readQuery(c, rescheduleAppointmentCall.query));
  const { db, now } = c.var.deps;
  const { appointment, outboxId } = await rescheduleAppointment(db, bookingId, caller, move, now());
  deliverAfterReply(c.var.deps, outboxId);
  return c.json(ok({ appointment }));
});

appointmentRoutes.post(appointmentAvailableTimesCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentAvailableTimesCall.params, c.req.param());
  const day = await readJson(c, appointmentAvailableTimesCall.payload);
  const caller = await callerOf(c, readQuery(c, appointmentAvailableTimesCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok({ availableTimes: await appointmentAvailableTimes(db, bookingId, caller, day, now()) }));
});

appointmentRoutes.post(appointmentReminderCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentReminderCall.params, c.req.param());
  const { twoHoursBefore } = await readJson(c, appointmentReminderCall.payload);
  const caller = await callerOf(c, readQuery(c, appointmentReminderCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok({ appointment: await setTwoHoursReminder(db, bookingId, caller, twoHoursBefore, now()) }));
});

appointmentRoutes.post(appointmentOfferCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentOfferCall.params, c.req.param());
  const { accept } = await readJson(c, appointmentOfferCall.payload);
  const caller = await callerOf(c, readQuery(c, appointmentOfferCall.query));
  const { db, now } = c.var.deps;
  const { appointment, outboxId } = await answerOffer(db, bookingId, caller, accept, now());
  if (outboxId) deliverAfterReply(c.var.deps, outboxId);
  return c.json(ok({ appointment }));
});

// Issue 29: the rating of an appointment that took place (the invitation's token, or its owner signed in).
appointmentRoutes.get(appointmentRatingCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentRatingCall.params, c.req.param());
  const caller = await callerOf(c, readQuery(c, appointmentRatingCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok({ rating: await getRating(db, bookingId, caller, now()) }));
});

appointmentRoutes.post(rateAppointmentCall.route, async (c) => {
  const { bookingId } = parseInput(rateAppointmentCall.params, c.req.param());
  const payload = await readJson(c, rateAppointmentCall.payload);
  const caller = await callerOf(c, readQuery(c, rateAppointmentCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok({ rating: await rateAppointment(db, bookingId, caller, payload, now()) }));
});
