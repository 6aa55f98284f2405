import { Hono } from 'hono';
import {
  appointmentAvailableTimesCall,
  appointmentCall,
  appointmentRebookCall,
  appointmentReminderCall,
  cancelAppointmentCall,
  rescheduleAppointmentCall,
} from '../../contract/calls';
import { ok } from '../../contract/envelope';
import { deliverAfterReply } from '../http/after-reply';
import { appointmentCallerOf } from '../bookings/access';
import type { AppEnv } from '../http/env';
import { parseInput, readJson, readQuery } from '../http/input';
import {
  appointmentAvailableTimes,
  cancelAppointment,
  getAppointment,
  rescheduleAppointment,
  setTwoHoursReminder,
} from './appointments';
import { rebookingOf } from './rebook';

/**
 * One appointment, opened, cancelled, moved and reminded by its customer (issue 16): signed in (bearer), or with
 * the manage link's token (`?token=`). A bearer, when sent, must be valid (401 otherwise); a
 * booking the caller may not see (no bearer, no token, someone else's) is a 404, exactly as one
 * that does not exist: the answer never tells whether an id is a booking (server/bookings/access.ts).
 * Her answer to another time offered is the requests room's (requests/offer.routes.ts), her rating
 * the ratings room's (ratings/ratings.routes.ts).
 */
export const appointmentRoutes = new Hono<AppEnv>();

appointmentRoutes.get(appointmentCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentCall.params, c.req.param());
  const caller = await appointmentCallerOf(c, readQuery(c, appointmentCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok({ appointment: await getAppointment(db, bookingId, caller, now()) }));
});

appointmentRoutes.get(appointmentRebookCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentRebookCall.params, c.req.param());
  const caller = await appointmentCallerOf(c, readQuery(c, appointmentRebookCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok(await rebookingOf(db, bookingId, caller, now())));
});

appointmentRoutes.post(cancelAppointmentCall.route, async (c) => {
  const { bookingId } = parseInput(cancelAppointmentCall.params, c.req.param());
  const caller = await appointmentCallerOf(c, readQuery(c, cancelAppointmentCall.query));
  const { db, now } = c.var.deps;
  const { appointment, outboxId } = await cancelAppointment(db, bookingId, caller, now());
  // The e-mail is in the outbox with what it announces; it goes once the reply is on its way.
  if (outboxId) deliverAfterReply(c.var.deps, outboxId);
  return c.json(ok({ appointment }));
});

appointmentRoutes.post(rescheduleAppointmentCall.route, async (c) => {
  const { bookingId } = parseInput(rescheduleAppointmentCall.params, c.req.param());
  const move = await readJson(c, rescheduleAppointmentCall.payload);
  const caller = await appointmentCallerOf(c, readQuery(c, rescheduleAppointmentCall.query));
  const { db, now } = c.var.deps;
  const { appointment, outboxId } = await rescheduleAppointment(db, bookingId, caller, move, now());
  deliverAfterReply(c.var.deps, outboxId);
  return c.json(ok({ appointment }));
});

appointmentRoutes.post(appointmentAvailableTimesCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentAvailableTimesCall.params, c.req.param());
  const day = await readJson(c, appointmentAvailableTimesCall.payload);
  const caller = await appointmentCallerOf(c, readQuery(c, appointmentAvailableTimesCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok({ availableTimes: await appointmentAvailableTimes(db, bookingId, caller, day, now()) }));
});

appointmentRoutes.post(appointmentReminderCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentReminderCall.params, c.req.param());
  const { twoHoursBefore } = await readJson(c, appointmentReminderCall.payload);
  const caller = await appointmentCallerOf(c, readQuery(c, appointmentReminderCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok({ appointment: await setTwoHoursReminder(db, bookingId, caller, twoHoursBefore, now()) }));
});
