import { Hono } from 'hono';
import { providersOfUserCall } from '../../contract/calls';
import { ok } from '../../contract/envelope';
import { appointmentRatingCall, rateAppointmentCall } from '../../contract/rating-calls';
import { requireSelf, requireUser } from '../accounts/auth';
import { appointmentCallerOf } from '../bookings/access';
import type { AppEnv } from '../http/env';
import { parseInput, readJson, readQuery } from '../http/input';
import { providersOfCustomer } from './customer-providers';
import { getRating, rateAppointment } from './ratings';

/**
 * Issue 29: the rating of an appointment that took place (the invitation's token, or its owner
 * signed in: bookings/access.ts), and the professionals a customer met with their standing (the
 * date step's filter; only she may read it, 403 for anyone else).
 */
export const ratingRoutes = new Hono<AppEnv>();

ratingRoutes.get(appointmentRatingCall.route, async (c) => {
  const { bookingId } = parseInput(appointmentRatingCall.params, c.req.param());
  const caller = await appointmentCallerOf(c, readQuery(c, appointmentRatingCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok({ rating: await getRating(db, bookingId, caller, now()) }));
});

ratingRoutes.post(rateAppointmentCall.route, async (c) => {
  const { bookingId } = parseInput(rateAppointmentCall.params, c.req.param());
  const payload = await readJson(c, rateAppointmentCall.payload);
  const caller = await appointmentCallerOf(c, readQuery(c, rateAppointmentCall.query));
  const { db, now } = c.var.deps;
  return c.json(ok({ rating: await rateAppointment(db, bookingId, caller, payload, now()) }));
});

ratingRoutes.get(providersOfUserCall.route, async (c) => {
  const current = await requireUser(c);
  requireSelf(current, c.req.param('userId') ?? '');
  return c.json(ok({ providers: await providersOfCustomer(c.var.deps.db, current.id, c.var.deps.now()) }));
});
