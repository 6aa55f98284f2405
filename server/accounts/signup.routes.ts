import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  askResetPasswordCall,
  checkResetTokenCall,
  checkSignupTokenCall,
  completeSignupCall,
} from '../../contract/calls';
import { ok } from '../../contract/envelope';
import { MESSAGES } from '../../contract/messages';
import { sessions, userTokens, users } from '../db/schema/accounts';
import { afterReply } from '../http/after-reply';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/env';
import { readJson, readQuery } from '../http/input';
import { enforceRateLimit } from '../http/rate-limit';
import { resetPasswordEmail } from './account-emails';
import { API_MESSAGES } from '../http/messages';
import { containsContextWord, isTriviallyGuessable } from './password-strength';
import { hashPassword } from './passwords';
import { createSession } from './sessions';
import { confirmBookingOwner, createUserToken, findValidToken, markTokenUsed } from './user-tokens';
import { findUserByEmail, normalizeEmail, requiresName, toUserDto } from './users';

/**
 * Account completion and password setting. Both links (the booking's signup token and the
 * e-mailed reset token) open /reset-password?token=…&email=…, so every route here accepts
 * either kind of token.
 */
export const signupRoutes = new Hono<AppEnv>();

const PASSWORD_TOKENS = ['signup', 'reset'] as const;

signupRoutes.get(checkSignupTokenCall.route, async (c) => {
  const { db, now } = c.var.deps;
  const { signupToken } = readQuery(c, checkSignupTokenCall.query);
  const found = await findValidToken(db, signupToken, PASSWORD_TOKENS, now());
  if (!found) throw new ApiError(400, API_MESSAGES.invalidLink);
  return c.json(ok({ email: found.user.email, requireName: requiresName(found.user) }));
});

signupRoutes.get(checkResetTokenCall.route, async (c) => {
  const { db, now } = c.var.deps;
  const { token, email } = readQuery(c, checkResetTokenCall.query);
  const found = await findValidToken(db, token, PASSWORD_TOKENS, now());
  if (!found || found.user.email !== normalizeEmail(email)) throw new ApiError(400, API_MESSAGES.invalidLink);
  return c.json(ok({ email: found.user.email, requireName: requiresName(found.user) }));
});

signupRoutes.post(completeSignupCall.route, async (c) => {
  const { db, now } = c.var.deps;
  const payload = await readJson(c, completeSignupCall.payload);
  await enforceRateLimit(c, 'completeSignup');
  const at = now();
  const found = await findValidToken(db, payload.signupToken, PASSWORD_TOKENS, at);
  if (!found) throw new ApiError(400, API_MESSAGES.invalidLink);
  await enforceRateLimit(c, 'completeSignup', found.user.email);

  const firstName = payload.firstName.trim();
  const lastName = payload.lastName.trim();
  // Her own words are the first an attacker who knows her tries: the e-mail, its local part, her
  // names (those given now, else those stored).
  const owner = {
    email: found.user.email,
    firstName: firstName || found.user.firstName,
    lastName: lastName || found.user.lastName,
  };
  if (containsContextWord(payload.password, owner)) throw new ApiError(400, API_MESSAGES.personalPassword);
  if (isTriviallyGuessable(payload.password, owner)) throw new ApiError(400, API_MESSAGES.weakPassword);
  if (requiresName(found.user) && (!firstName || !lastName)) throw new ApiError(400, MESSAGES.required);

  if (!(await markTokenUsed(db, found.tokenId, at))) throw new ApiError(400, API_MESSAGES.invalidLink);
  const passwordHash = await hashPassword(payload.password);
  const [user] = await db
    .update(users)
    .set({
      passwordHash,
      ...(firstName ? { firstName } : {}),
      ...(lastName ? { lastName } : {}),
      updatedAt: at,
    })
    .where(eq(users.id, found.user.id))
    .returning();
  // A new password closes every other door: other password links and existing sessions.
  await db
    .update(userTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(userTokens.userId, found.user.id),
        inArray(userTokens.kind, [...PASSWORD_TOKENS]),
        isNull(userTokens.usedAt),
      ),
    );
  await db.delete(sessions).where(eq(sessions.userId, found.user.id));
  await confirmBookingOwner(db, found);
  const token = await createSession(db, found.user.id, at);
  return c.json(ok({ token, user: toUserDto(user!) }));
});

signupRoutes.post(askResetPasswordCall.route, async (c) => {
  const { db, now, mailer, config, logger } = c.var.deps;
  const { email } = await readJson(c, askResetPasswordCall.payload);
  await enforceRateLimit(c, 'askResetPassword', email);
  const requestId = c.var.requestId;
  const at = now();
  // The same reply, at the same moment, for a known and an unknown e-mail: the lookup, the token
  // and the e-mail happen after it.
  afterReply(c.var.deps, async () => {
    try {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      const token = await createUserToken(db, user.id, 'reset', at);
      const link = new URL('/reset-password', config.appUrl);
      link.searchParams.set('token', token);
      link.searchParams.set('email', user.email);
      await mailer.send(resetPasswordEmail(user.email, user.firstName, link.toString()));
    } catch (error) {
      logger.error('reset e-mail not sent', { requestId, error: error instanceof Error ? error.name : String(error) });
    }
  });
  return c.json(ok({}));
});
