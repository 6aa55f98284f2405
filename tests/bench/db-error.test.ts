import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseErrorText } from '../../bench/db-error';
import type { DatabaseHandle } from '../../server/db/client';
import { openPgliteTestDb } from '../server/helpers/pglite';

/**
 * Issue 44: when a world cannot be grown, the bench says what the database said (its message,
 * SQLSTATE, constraint, key detail), which Drizzle's "Failed query: …" leaves on `cause`.
 */
describe('the database’s own error, as the bench prints it', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    // The migrated template (a fresh PGlite's initdb costs tens of seconds on a busy machine).
    handle = await openPgliteTestDb();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('walks Drizzle’s error on PGlite to the exclusion constraint and its keys', async () => {
    const { db } = handle;
    await db.execute(sql`CREATE TABLE busy (id int, during int4range, EXCLUDE USING gist (during WITH &&))`);
    await db.execute(sql`INSERT INTO busy VALUES (1, '[1,10)')`);
    let caught: unknown;
    try {
      await db.execute(sql`INSERT INTO   busy
        SELECT 2, int4range(5, 15)`);
    } catch (error) {
      // As the world's steps wrap it (bench/scale/world.ts).
      caught = new Error('the world\'s step "assignments" failed', { cause: error });
    }
    expect(caught).toBeInstanceOf(Error);
    const text = databaseErrorText(caught);
    expect(text.split('\n')).toEqual([
      'the world\'s step "assignments" failed',
      'query: INSERT INTO busy SELECT 2, int4range(5, 15)',
      'database: conflicting key value violates exclusion constraint "busy_during_excl"',
      '  code: 23P01',
      '  constraint: busy_during_excl',
      '  table: busy',
      '  detail: Key (during)=([5,15)) conflicts with existing key (during)=([1,10)).',
    ]);
    // Drizzle's own message is not repeated (nor its parameters).
    expect(text).not.toContain('Failed query');
  });

  it('reads node-postgres’ fields the same way, and cuts a long statement', () => {
    const statement = `INSERT INTO booking_assignments (booking_id, professional_id)\n  SELECT ${'g.id, '.repeat(60)}g.pro FROM bench_gen g`;
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
      detail: 'Key (email)=(cliente-0@bench.musa.example) already exists.',
    });
    const lines = databaseErrorText(new DrizzleQueryError(statement, [], driver)).split('\n');
    expect(lines[0]).toMatch(/^query: INSERT INTO booking_assignments \(booking_id, professional_id\) SELECT g\.id, /);
    expect(lines[0]!.length).toBe('query: '.length + 160 + 1);
    expect(lines[0]!.endsWith('…')).toBe(true);
    expect(lines.slice(1)).toEqual([
      'database: duplicate key value violates unique constraint "users_email_unique"',
      '  code: 23505',
      '  constraint: users_email_unique',
      '  table: users',
      '  detail: Key (email)=(cliente-0@bench.musa.example) already exists.',
    ]);
  });

  it('says any other error as it is', () => {
    expect(
      databaseErrorText(
        new Error('connect refused', { cause: Object.assign(new Error('socket'), { code: 'ECONNREFUSED' }) }),
      ),
    ).toBe('connect refused\nsocket (ECONNREFUSED)');
    expect(databaseErrorText('broken')).toBe('broken');
  });
});
