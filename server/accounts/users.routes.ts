import { and, eq, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { updateUserCall } from '../../contract/calls';
import { ok } from '../../contract/envelope';
import { users } from '../db/schema/accounts';
import { ApiError } from '../http/api-error';
import { requireSelf, requireUser } from './auth';
import type { AppEnv } from '../http/env';
import { readJson } from '../http/input';
import { API_MESSAGES } from '../http/messages';
import { isUniqueViolation } from '../db/errors';
import { normalizeEmail, toUserDto } from './users';

/**
 * A customer's own profile: only she may change it (403 for anyone else). The professionals she
 * met are the ratings room's (ratings/ratings.routes.ts).
 */
export const userRoutes = new Hono<AppEnv>();

userRoutes.patch(updateUserCall.route, async (c) => {
  const current = await requireUser(c);
  requireSelf(current, c.req.param('userId') ?? '');
  const payload = await readJson(c, updateUserCall.payload);
  const { db, now } = c.var.deps;
  const email = normalizeEmail(payload.accountEmail);
  if (email !== current.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, current.id)))
      .limit(1);
    if (taken) throw new ApiError(409, API_MESSAGES.emailInUse);
  }
  try {
    const [user] = await db
      .update(users)
      .set({
        firstName: payload.firstName,
        lastName: payload.lastName,
        phoneNumber: payload.phoneNumber,
        location: payload.location,
        email,
        updatedAt: now(),
      })
      .where(eq(users.id, current.id))
      .returning();
    return c.json(ok({ user: toUserDto(user!) }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, API_MESSAGES.emailInUse);
    throw error;
  }
});
