import { count } from 'drizzle-orm';
import type { DatabaseHandle } from './client';
import { users } from './schema/accounts';
import { seed } from './seed/index';

/** Runs pending migrations, then seeds when the database has no users yet (a fresh start). */
export async function migrateAndSeedIfEmpty(
  handle: DatabaseHandle,
  now: Date = new Date(),
): Promise<{ seeded: boolean }> {
  await handle.migrate();
  const [row] = await handle.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return { seeded: false };
  await seed(handle.db, now);
  return { seeded: true };
}
