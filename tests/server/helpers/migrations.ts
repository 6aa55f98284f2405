import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from '../../../server/db/client';

/**
 * A PGlite database migrated up to (not including) the migration `tag` ('0018'), for a migration's
 * test on the data stored before it: `migrateRest()` then applies the rest, `close()` ends it all.
 */
export async function databaseBefore(tag: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'musa-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const full = await readFile(journalPath, 'utf8');
  const journal = JSON.parse(full) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((e) => e.tag < tag);
  await writeFile(journalPath, JSON.stringify(journal));
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder: folder });
  return {
    db,
    migrateRest: async () => {
      await writeFile(journalPath, full);
      await migrate(db, { migrationsFolder: folder });
    },
    close: async () => {
      await client.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
