import { Hono } from 'hono';
import { loginByTokenCall, loginCall, logoutCall } from '../../contract/calls';
import { ok } from '../../contract/envelope';
import { ApiError } from '../http/api-error';
import { bearerToken, requireUser } from './auth';
import type { AppEnv } from '../http/env';
import { readJson } from '../http/input';
import { clientIp } from '../http/client-ip';
import { enforceRateLimit } from '../http/rate-limit';
import { API_MESSAGES } from '../http/messages';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { clearLoginFailures, loginWaitSeconds, recordLoginFailure } from './login-backoff';
import { createSession, revokeSession } from './sessions';
import { confirmBookingOwner, findValidToken, markTokenUsed } from './user-tokens';
import { findUserByEmail, normalizeEmail, toUserDto } from './users';

/** POST /login and POST /login/token (both answer `{ token, user }` with a 30-day bearer token), POST /logout. */
export const authRoutes = new Hono<AppEnv>();

authRoutes.post(loginCall.route, async (c) => {
  const { db, now, config } = c.var.deps;
  const { email, password } = await readJson(c, loginCall.payload);
  await enforceRateLimit(c, 'login', email);
  // Guesses slow down the address that makes them, on that account only: its owner, from her
  // own address, is not locked out by someone else's attempts.
  const ip = clientIp(c, config.trustProxy);
  const account = normalizeEmail(email);
  const at = now();
  const wait = await loginWaitSeconds(db, ip, account, at);
  if (wait > 0) throw new ApiError(429, API_MESSAGES.tooManyRequests, { 'Retry-After': String(wait) });
  const user = await findUserByEmail(db, email);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (!user || !valid) {
    await recordLoginFailure(db, ip, account, at);
    throw new ApiError(401, API_MESSAGES.wrongCredentials);
  }
  await clearLoginFailures(db, ip, account);
  const token = await createSession(db, user.id, at);
  return c.json(ok({ token, user: toUserDto(user) }));
});

authRoutes.post(loginByTokenCall.route, async (c) => {
  const { db, now } = c.var.deps;
  const { token: loginToken } = await readJson(c, loginByTokenCall.payload);
  const at = now();
  // A login link, or the link that confirms a booking made with her e-mail (it signs her in too).
  const found = await findValidToken(db, loginToken, ['login', 'claim'], at);
  if (!found || !(await markTokenUsed(db, found.tokenId, at))) throw new ApiError(401, API_MESSAGES.invalidLink);
  await confirmBookingOwner(db, found);
  const token = await createSession(db, found.user.id, at);
  return c.json(ok({ token, user: toUserDto(found.user) }));
});

/** POST /logout: the session of this bearer ends on the server too, not only in the browser. */
authRoutes.post(logoutCall.route, async (c) => {
  await requireUser(c);
  await revokeSession(c.var.deps.db, bearerToken(c)!);
  return c.json(ok({}));
});
