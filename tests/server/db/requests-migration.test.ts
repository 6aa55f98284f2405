import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../helpers/migrations';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Migration 0018 (issue 27) on a database that already holds requests: those still ahead get a
 * stage, a deadline and its outbox job (a salotto goes to the team; a single one asks its
 * professional); past, confirmed and cancelled bookings are left alone.
 */
describe('migration 0018 on requests stored before it', { timeout: 90_000 }, () => {
  it('gives each pending booking ahead its stage, deadline and job, and nothing else', async () => {
    const { db, migrateRest, close } = await databaseBefore('0018');
    await db.execute(
      sql`INSERT INTO users (id, email) VALUES ('00000000-0000-4000-8000-000000000001', 'a@example.it')`,
    );
    await db.execute(
      sql`INSERT INTO professionals (id, first_name, last_name) VALUES ('00000000-0000-4000-8000-0000000000a1', 'Anna', 'Uno')`,
    );
    const booking = (id: string, pro: string | null, kind: string, status: string, inDays: number) =>
      db.execute(sql`INSERT INTO bookings (id, user_id, professional_id, kind, status, starts_at, ends_at, location, services, total, total_before_discount)
        VALUES (${id}, '00000000-0000-4000-8000-000000000001', ${pro}, ${kind}, ${status},
          now() + make_interval(days => ${inDays}), now() + make_interval(days => ${inDays}, hours => 1),
          '{}'::jsonb, '[]'::jsonb, 0, 0)`);
    const PRO = '00000000-0000-4000-8000-0000000000a1';
    await booking('00000000-0000-4000-8000-0000000000d1', PRO, 'single', 'pending', 3);
    await booking('00000000-0000-4000-8000-0000000000d2', null, 'salotto', 'pending', 5);
    await booking('00000000-0000-4000-8000-0000000000d3', PRO, 'single', 'pending', -3);
    await booking('00000000-0000-4000-8000-0000000000d4', PRO, 'single', 'confirmed', 7);

    await migrateRest();

    const rows = rowsOf(
      await db.execute(sql`SELECT id, request_stage, asked_professional_ids::text AS asked,
        answer_by <= now() + interval '61 minutes' AS soon,
        abs(extract(epoch FROM (starts_at - interval '2 hours' - answer_by))) < 1 AS two_hours_before
        FROM bookings ORDER BY id`),
    );
    expect(rows.map((r) => [r.request_stage, r.asked])).toEqual([
      ['professional', `{${PRO}}`],
      ['team', '{}'],
      [null, '{}'],
      [null, '{}'],
    ]);
    expect(rows[0]!.soon).toBe(true);
    expect(rows[1]!.two_hours_before).toBe(true);
    const jobs = rowsOf(
      await db.execute(sql`SELECT o.booking_id FROM outbox o JOIN bookings b ON b.id = o.booking_id
        WHERE o.kind = 'request-deadline' AND o.for_starts_at = b.answer_by AND o.next_attempt_at = b.answer_by
        ORDER BY o.booking_id`),
    );
    expect(jobs.map((j) => j.booking_id)).toEqual([
      '00000000-0000-4000-8000-0000000000d1',
      '00000000-0000-4000-8000-0000000000d2',
    ]);
    await close();
  });
});
