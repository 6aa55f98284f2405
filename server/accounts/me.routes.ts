import { Hono } from 'hono';
import { currentUserCall } from '../../contract/calls';
import { ok } from '../../contract/envelope';
import { requireUser } from './auth';
import type { AppEnv } from '../http/env';
import { toUserDto } from './users';

/** GET /me: the signed-in customer's profile (her personal area's data, /me/next, is the appointments room's). */
export const meRoutes = new Hono<AppEnv>();

meRoutes.get(currentUserCall.route, async (c) => {
  const user = await requireUser(c);
  return c.json(ok({ user: toUserDto(user) }));
});
