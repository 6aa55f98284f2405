import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from '../../../server/db/client';
import { sqlConstraint, sqlState } from '../../../server/db/errors';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Migration 0015 (one customer, one appointment at a time) on a database that already holds two
 * overlapping bookings of one customer (stored before the rule): it applies, leaves those two out
 * of the rule, and refuses every new overlap from then on.
 */
describe('migration 0015 on existing overlapping bookings of one customer', { timeout: 90_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('applies, keeps the old pair out of the rule and refuses a new overlap', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'musa-migrations-'));
    dirs.push(folder);
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const full = await readFile(journalPath, 'utf8');
    const journal = JSON.parse(full) as { entries: Array<{ tag: string }> };
    journal.entries = journal.entries.filter((e) => e.tag < '0015');
    await writeFile(journalPath, JSON.stringify(journal));
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folder });

    await db.execute(
      sql`INSERT INTO users (id, email) VALUES ('00000000-0000-4000-8000-000000000001', 'a@example.it')`,
    );
    await db.execute(sql`INSERT INTO professionals (id, first_name, last_name) VALUES
      ('00000000-0000-4000-8000-0000000000a1', 'Anna', 'Uno'),
      ('00000000-0000-4000-8000-0000000000b2', 'Bice', 'Due'),
      ('00000000-0000-4000-8000-0000000000c3', 'Carla', 'Tre')`);
    const booking = (id: string, pro: string, from: string, to: string) =>
      sql`INSERT INTO bookings (id, user_id, professional_id, starts_at, ends_at, location, services, total, total_before_discount, contact)
        VALUES (${id}, '00000000-0000-4000-8000-000000000001', ${pro}, ${from}, ${to}, '{}'::jsonb, '[]'::jsonb, 0, 0,
          '{"email":"a@example.it"}'::jsonb)`;
    await db.execute(
      booking(
        '00000000-0000-4000-8000-0000000000d1',
        '00000000-0000-4000-8000-0000000000a1',
        '2026-03-04T09:00:00Z',
        '2026-03-04T10:00:00Z',
      ),
    );
    await db.execute(
      booking(
        '00000000-0000-4000-8000-0000000000d2',
        '00000000-0000-4000-8000-0000000000b2',
        '2026-03-04T09:30:00Z',
        '2026-03-04T10:30:00Z',
      ),
    );
    await db.execute(
      booking(
        '00000000-0000-4000-8000-0000000000d3',
        '00000000-0000-4000-8000-0000000000a1',
        '2026-03-05T09:00:00Z',
        '2026-03-05T10:00:00Z',
      ),
    );

    await writeFile(journalPath, full);
    await migrate(db, { migrationsFolder: folder });
    const rows = rowsOf(await db.execute(sql`SELECT id, customer_exclusive FROM bookings ORDER BY id`));
    expect(rows.map((r) => r.customer_exclusive)).toEqual([false, false, true]);

    const refused = await db
      .execute(
        booking(
          '00000000-0000-4000-8000-0000000000d4',
          '00000000-0000-4000-8000-0000000000c3',
          '2026-03-05T09:30:00Z',
          '2026-03-05T10:30:00Z',
        ),
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(sqlState(refused)).toBe('23P01');
    expect(sqlConstraint(refused)).toMatch(/^bookings_(customer|contact)_no_overlap$/);
    await client.close();
  });
});
