import { eq, inArray, sql } from 'drizzle-orm';
import { TEAM_ROLE } from '../../../contract/constants';
import type { Db } from '../client';
import { users } from '../schema/accounts';
import { professionals } from '../schema/professionals';
import { SEED_LOCATIONS } from './locations';

export const DEMO_EMAIL = 'demo@musa.example';
export const DEMO_PASSWORD = 'Musa2026!';

/**
 * argon2id of DEMO_PASSWORD, computed once with @node-rs/argon2's defaults (the ones
 * accounts/passwords.ts uses; the hash carries its parameters and salt). The seed is data: it needs
 * no hashing code, and the database layer imports no room above it. The demo sign-in test of
 * tests/server/db/database.test.ts fails if it stops matching.
 */
const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$yQ0pUH1zrAguVCP1AyoIRw$gFT0jD+VVyWNlVHLL3XbotlSY3/JFcKNtUiLWW404Bc';

/**
 * The demo customer (README), a second customer with an upcoming appointment, and a customer
 * created by a booking who has not completed her account yet (no password). Idempotent by e-mail.
 */
export async function seedAccounts(db: Db): Promise<void> {
  const passwordHash = DEMO_PASSWORD_HASH;
  await db
    .insert(users)
    .values([
      {
        email: DEMO_EMAIL,
        passwordHash,
        firstName: 'Chiara',
        lastName: 'Bianchi',
        phoneNumber: '+39 333 123 4567',
        location: SEED_LOCATIONS.torinoViaRoma,
        fitToPlead: true,
        allowMarketing: true,
      },
      {
        email: 'giulia.rossi@musa.example',
        passwordHash,
        firstName: 'Giulia',
        lastName: 'Rossi',
        phoneNumber: '+39 347 765 4321',
        location: SEED_LOCATIONS.milanoCorsoBuenosAires,
        fitToPlead: true,
        allergies: 'Nichel',
      },
      {
        email: 'nuova.cliente@musa.example',
        firstName: 'Sara',
        lastName: 'Conti',
        phoneNumber: '+39 320 111 2233',
      },
    ])
    .onConflictDoNothing({ target: users.email });
}

export async function findSeedUserId(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

/**
 * Issue 27: one professional account per city (professionals whose hours are on request, so their
 * bookings wait for their answer) and one team account (README). Same demo password. Each
 * professional's account is linked to her record (`professionals.user_id`) by her e-mail.
 * Idempotent; runs after the professionals are seeded.
 */
export const PRO_ACCOUNT_SLUGS = ['pro-martina-rinaldi', 'pro-beatrice-villa', 'pro-federica-marino'] as const;
export const TEAM_EMAIL = 'team@musa.example';

export async function seedProAccounts(db: Db): Promise<void> {
  const pros = await db
    .select()
    .from(professionals)
    .where(inArray(professionals.slug, [...PRO_ACCOUNT_SLUGS]));
  await db
    .insert(users)
    .values([
      ...pros.map((p) => ({
        email: p.email!,
        passwordHash: DEMO_PASSWORD_HASH,
        firstName: p.firstName,
        lastName: p.lastName,
        isProvider: true,
      })),
      { email: TEAM_EMAIL, passwordHash: DEMO_PASSWORD_HASH, firstName: 'Team', lastName: 'Musa', roles: [TEAM_ROLE] },
    ])
    .onConflictDoNothing({ target: users.email });
  await db.execute(sql`UPDATE ${professionals} p SET user_id = u.id FROM ${users} u
    WHERE u.email = p.email AND u.is_provider AND p.user_id IS NULL
      AND p.slug IN (${sql.join(
        PRO_ACCOUNT_SLUGS.map((slug) => sql`${slug}`),
        sql`, `,
      )})`);
}
