import { eq } from 'drizzle-orm';
import type { User } from '../../contract/user';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import type { UserRow } from './sessions';

/** E-mails compare and are stored trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

/** Account completion asks names only when the account lacks them. */
export const requiresName = (user: Pick<UserRow, 'firstName' | 'lastName'>): boolean =>
  !user.firstName?.trim() || !user.lastName?.trim();

/** SPEC §3 User as the API sends it. accountEmail is the e-mail the customer signs in with. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    isProvider: row.isProvider,
    createdAt: row.createdAt.toISOString(),
    phoneNumber: row.phoneNumber,
    roles: row.roles,
    accountEmail: row.email,
    location: row.location,
    allergies: row.allergies,
    fitToPlead: row.fitToPlead,
    allowMarketing: row.allowMarketing,
  };
}
