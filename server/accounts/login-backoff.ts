import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema/accounts';

/** Failed attempts an address may make on one account before it has to wait. */
export const FREE_FAILURES = 5;
/** The longest wait between two attempts of one address on one account. */
const MAX_WAIT_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

/** The wait after `failures` failed attempts: none for the first five, then 1 s, 2 s, 4 s … 15 min. */
export const waitAfter = (failures: number): number =>
  failures < FREE_FAILURES ? 0 : Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_WAIT_MS);

/** Seconds this address must still wait before trying this account again (0: it may try now). */
export async function loginWaitSeconds(db: Db, ip: string, email: string, now: Date): Promise<number> {
  const [row] = await db
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), eq(loginFailures.email, email)))
    .limit(1);
  if (!row || now.getTime() - row.lastFailureAt.getTime() > FORGET_AFTER_MS) return 0;
  const until = row.lastFailureAt.getTime() + waitAfter(row.failures);
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** Counts a failed attempt (shared by every API process through the database). */
export async function recordLoginFailure(db: Db, ip: string, email: string, now: Date): Promise<void> {
  await db
    .insert(loginFailures)
    .values({ ip, email, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.ip, loginFailures.email],
      set: { failures: sql`${loginFailures.failures} + 1`, lastFailureAt: now },
    });
}

/** A successful login from this address clears its record for the account. */
export async function clearLoginFailures(db: Db, ip: string, email: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.ip, ip), eq(loginFailures.email, email)));
}

/** Drops records of failures long past. */
export async function sweepLoginFailures(db: Db, now: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.lastFailureAt, new Date(now.getTime() - FORGET_AFTER_MS)));
}
