import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { sessions, users } from '../db/schema/accounts';
import { randomToken, sha256 } from './secrets';

/** Bearer tokens live 30 days from login; expired ones are refused (and swept on login). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

export type UserRow = typeof users.$inferSelect;

/**
 * The session's user, as a named prepared statement: every signed-in request makes it, and
 * PostgreSQL plans it once per connection (issue 30).
 */
function prepareSessionUser(db: Db) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        sql`${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
      ),
    )
    .limit(1)
    .prepare('musa_session_user');
}

const sessionStatement = preparedPerDb(prepareSessionUser);

/** The user a bearer token belongs to, or null when it is unknown or expired. */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<UserRow | null> {
  const statement = sessionStatement(db);
  const [row] = await statement.execute({ hash: sha256(token), now: now.toISOString() });
  return row?.user ?? null;
}

/** Ends the session of this bearer token (logout); the token is refused from then on. */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}
