import type { Context } from 'hono';
import { API_MESSAGES } from '../http/messages';
import { findSessionUser, type UserRow } from './sessions';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/env';

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i;

/** The bearer token of the request, if it sends a well-formed one. */
export function bearerToken(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('authorization');
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/** The signed-in user of `Authorization: Bearer <token>`; 401 without one or with an expired one. */
export async function requireUser(c: Context<AppEnv>): Promise<UserRow> {
  const token = bearerToken(c);
  const challenge = { 'WWW-Authenticate': 'Bearer' };
  if (!token) throw new ApiError(401, API_MESSAGES.unauthenticated, challenge);
  const { db, now } = c.var.deps;
  const user = await findSessionUser(db, token, now());
  if (!user) throw new ApiError(401, API_MESSAGES.sessionExpired, challenge);
  return user;
}

/** Object-level authorisation: a customer reads and changes only her own data. */
export function requireSelf(user: UserRow, userId: string): void {
  if (user.id !== userId) throw new ApiError(403, API_MESSAGES.forbidden);
}

/** The signed-in customer when a bearer is sent (401 if it is expired), else a visitor. */
export const optionalUser = async (c: Context<AppEnv>): Promise<UserRow | null> =>
  c.req.header('authorization') ? requireUser(c) : null;

/**
 * The signed-in customer when a valid bearer is sent, else null: for calls anyone may make, where
 * knowing her only changes a preference (issue 29: whom a held time goes to), never a refusal.
 */
export async function userIfSignedIn(c: Context<AppEnv>): Promise<UserRow | null> {
  const token = bearerToken(c);
  if (!token) return null;
  const { db, now } = c.var.deps;
  return findSessionUser(db, token, now());
}
