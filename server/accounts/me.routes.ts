import { Hono } from 'hono';
import { currentUserCall, nextBookingsCall } from '../../contract/calls';
import { ok } from '../../contract/envelope';
import { requireUser } from './auth';
import type { AppEnv } from '../http/env';
import { getMeNext } from '../appointments/me-next';
import { toUserDto } from './users';

/** GET /me and GET /me/next: the signed-in customer's profile and personal-area data. */
export const meRoutes = new Hono<AppEnv>();

meRoutes.get(currentUserCall.route, async (c) => {
  const user = await requireUser(c);
  return c.json(ok({ user: toUserDto(user) }));
});

meRoutes.get(nextBookingsCall.route, async (c) => {
  const user = await requireUser(c);
  const { db, now } = c.var.deps;
  return c.json(ok(await getMeNext(db, user.id, now())));
});
