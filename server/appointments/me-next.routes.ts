import { Hono } from 'hono';
import { nextBookingsCall } from '../../contract/calls';
import { ok } from '../../contract/envelope';
import { requireUser } from '../accounts/auth';
import type { AppEnv } from '../http/env';
import { getMeNext } from './me-next';

/** GET /me/next: the signed-in customer's personal area (her next bookings, her last services, what to rate). */
export const meNextRoutes = new Hono<AppEnv>();

meNextRoutes.get(nextBookingsCall.route, async (c) => {
  const user = await requireUser(c);
  const { db, now } = c.var.deps;
  return c.json(ok(await getMeNext(db, user.id, now())));
});
