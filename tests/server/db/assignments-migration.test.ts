import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from '../../../server/db/client';
import { sqlState } from '../../../server/db/errors';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Migration 0008 on a database that already has bookings (as one made before it would): every
 * booking with a professional becomes her assignment, an old one-professional salotto keeps hers
 * in its assignment, and the no-overlap rule holds from then on through the assignments.
 * Migration 0009 adds the travel buffer to that rule, and still applies on a database holding two
 * bookings closer than it (the race it closes).
 */
// A fresh PGlite is created and migrated from scratch: slow on a loaded 2-core machine.
describe('migrations 0008 (assignments) and 0009 (travel buffer) on existing bookings', { timeout: 90_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /** A fresh PGlite with the migrations as they were before `tag`. */
  const migratedBefore = async (tag: string) => {
    const before = await mkdtemp(path.join(os.tmpdir(), 'musa-migrations-'));
    dirs.push(before);
    await cp(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
    journal.entries = journal.entries.filter((e) => e.tag < tag);
    await writeFile(journalPath, JSON.stringify(journal));
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    return { client, db };
  };

  it('0008 moves each booking’s professional into its assignment and keeps refusing overlaps', async () => {
    const { client, db } = await migratedBefore('0008');
    await db.execute(
      sql`INSERT INTO users (id, email) VALUES ('00000000-0000-4000-8000-000000000001', 'a@example.it')`,
    );
    await db.execute(sql`INSERT INTO professionals (id, first_name, last_name) VALUES
      ('00000000-0000-4000-8000-0000000000a1', 'Anna', 'Uno'),
      ('00000000-0000-4000-8000-0000000000b2', 'Bice', 'Due')`);
    const booking = (id: string, pro: string, from: string, to: string, kind: string, status: string) =>
      sql`INSERT INTO bookings (id, user_id, professional_id, starts_at, ends_at, location, services, total, total_before_discount, kind, status)
        VALUES (${id}, '00000000-0000-4000-8000-000000000001', ${pro}, ${from}, ${to}, '{}'::jsonb, '[]'::jsonb, 0, 0, ${kind}, ${status})`;
    await db.execute(
      booking(
        '00000000-0000-4000-8000-0000000000c1',
        '00000000-0000-4000-8000-0000000000a1',
        '2026-03-04T09:00:00Z',
        '2026-03-04T10:00:00Z',
        'single',
        'confirmed',
      ),
    );
    await db.execute(
      booking(
        '00000000-0000-4000-8000-0000000000c2',
        '00000000-0000-4000-8000-0000000000b2',
        '2026-03-04T09:00:00Z',
        '2026-03-04T12:00:00Z',
        'salotto',
        'pending',
      ),
    );
    await db.execute(
      booking(
        '00000000-0000-4000-8000-0000000000c3',
        '00000000-0000-4000-8000-0000000000a1',
        '2026-03-04T09:30:00Z',
        '2026-03-04T10:30:00Z',
        'single',
        'cancelled',
      ),
    );

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const assignments = rowsOf(
      await db.execute(sql`SELECT booking_id, professional_id, active FROM booking_assignments ORDER BY booking_id`),
    );
    expect(assignments).toEqual([
      {
        booking_id: '00000000-0000-4000-8000-0000000000c1',
        professional_id: '00000000-0000-4000-8000-0000000000a1',
        active: true,
      },
      {
        booking_id: '00000000-0000-4000-8000-0000000000c2',
        professional_id: '00000000-0000-4000-8000-0000000000b2',
        active: true,
      },
      {
        booking_id: '00000000-0000-4000-8000-0000000000c3',
        professional_id: '00000000-0000-4000-8000-0000000000a1',
        active: false,
      },
    ]);
    const salotto = rowsOf(
      await db.execute(sql`SELECT professional_id FROM bookings WHERE id = '00000000-0000-4000-8000-0000000000c2'`),
    );
    expect(salotto).toEqual([{ professional_id: null }]);

    // Bice's old salotto still blocks her; reinstating the cancelled overlap is refused.
    const overlap = await db
      .execute(
        booking(
          '00000000-0000-4000-8000-0000000000c4',
          '00000000-0000-4000-8000-0000000000b2',
          '2026-03-04T11:00:00Z',
          '2026-03-04T11:30:00Z',
          'single',
          'confirmed',
        ),
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(sqlState(overlap)).toBe('23P01');
    const reinstated = await db
      .execute(sql`UPDATE bookings SET status = 'confirmed' WHERE id = '00000000-0000-4000-8000-0000000000c3'`)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(sqlState(reinstated)).toBe('23P01');
    await client.close();
  });
  it('0009 keeps the travel buffer from then on, and applies over bookings stored closer than it', async () => {
    const { client, db } = await migratedBefore('0009');
    await db.execute(
      sql`INSERT INTO users (id, email) VALUES ('00000000-0000-4000-8000-000000000001', 'a@example.it')`,
    );
    // Anna keeps 30 minutes between appointments (the column's default).
    await db.execute(sql`INSERT INTO professionals (id, first_name, last_name) VALUES
      ('00000000-0000-4000-8000-0000000000a1', 'Anna', 'Uno')`);
    const booking = (id: string, from: string, to: string) =>
      sql`INSERT INTO bookings (id, user_id, professional_id, starts_at, ends_at, location, services, total, total_before_discount, kind, status)
        VALUES (${id}, '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', ${from}, ${to}, '{}'::jsonb, '[]'::jsonb, 0, 0, 'single', 'confirmed')`;
    // Two back to back, stored by the race before 0009; one more two hours later.
    await db.execute(booking('00000000-0000-4000-8000-0000000000c1', '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z'));
    await db.execute(booking('00000000-0000-4000-8000-0000000000c2', '2026-03-04T10:00:00Z', '2026-03-04T11:00:00Z'));
    await db.execute(booking('00000000-0000-4000-8000-0000000000c3', '2026-03-04T13:00:00Z', '2026-03-04T14:00:00Z'));

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const buffers = rowsOf(
      await db.execute(sql`SELECT booking_id, travel_buffer_mm FROM booking_assignments ORDER BY booking_id`),
    );
    expect(buffers).toEqual([
      { booking_id: '00000000-0000-4000-8000-0000000000c1', travel_buffer_mm: 0 },
      { booking_id: '00000000-0000-4000-8000-0000000000c2', travel_buffer_mm: 0 },
      { booking_id: '00000000-0000-4000-8000-0000000000c3', travel_buffer_mm: 30 },
    ]);
    const refused = (id: string, from: string, to: string) =>
      db.execute(booking(id, from, to)).then(
        () => null,
        (error: unknown) => sqlState(error),
      );
    // 20 minutes after the 13:00 one ends, or 10 minutes before it starts: closer than her buffer.
    expect(await refused('00000000-0000-4000-8000-0000000000c4', '2026-03-04T14:20:00Z', '2026-03-04T15:00:00Z')).toBe(
      '23P01',
    );
    expect(await refused('00000000-0000-4000-8000-0000000000c5', '2026-03-04T12:00:00Z', '2026-03-04T12:50:00Z')).toBe(
      '23P01',
    );
    // Half an hour after the race's pair and after the 13:00 one: fine.
    expect(await refused('00000000-0000-4000-8000-0000000000c6', '2026-03-04T11:30:00Z', '2026-03-04T12:30:00Z')).toBe(
      null,
    );
    expect(await refused('00000000-0000-4000-8000-0000000000c7', '2026-03-04T14:30:00Z', '2026-03-04T15:00:00Z')).toBe(
      null,
    );
    await client.close();
  });
});
