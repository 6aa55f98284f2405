import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgSequence, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row: the version of what the API keeps in memory (services, sections, zones, professionals).
 * Triggers on those tables (migration 0004) set it to a fresh value of `catalogue_version_seq` in
 * the writing transaction, so the new version becomes visible exactly when the change commits and
 * every API process, comparing it with the version of its copy, reloads. The sequence is not owned
 * by a column, so `TRUNCATE … RESTART IDENTITY` never brings an old version back.
 */
export const catalogueVersionSeq = pgSequence('catalogue_version_seq');

export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [check('catalogue_version_single_row', sql`${t.id} = 1`)],
);
