/**
 * The outbox (the jobs room): rows written in the same transaction as what they announce (a
 * booking, an answer, a move), so a crash after the commit never loses one. Every API process
 * delivers the due rows: it claims them with `FOR UPDATE SKIP LOCKED` (two processes never take
 * the same row), runs each with the job its kind's room registered (registry.ts), marks it done,
 * or schedules its next attempt with a growing delay. It knows no kind itself.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Logger } from '../config/logger';
import { selectRows, type Db } from '../db/client';
import { outbox } from '../db/schema/outbox';
import type { Mailer } from '../mail/mailer';
import { UnknownJobKind, type JobRegistry, type OutboxJob } from './registry';

/** While one process sends a claimed row, the others leave it alone this long. */
const CLAIM_MS = 60_000;
/** After this many failed attempts a row is left for a person to look at (logged). */
export const MAX_ATTEMPTS = 10;
/** The wait after the n-th failure: 5 s, 10 s, 20 s … up to an hour. */
export const retryDelayMs = (attempts: number): number => Math.min(5000 * 2 ** (attempts - 1), 60 * 60_000);

export type OutboxDeps = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  now: () => Date;
  /** The rooms' job kinds (server/app.ts `OUTBOX_JOBS`). */
  jobs: JobRegistry;
};

/**
 * Claims due rows (one given row, or up to `limit`): a short transaction moves them a minute ahead
 * with `FOR UPDATE SKIP LOCKED`, so two processes never claim the same row; then runs each with
 * the job its kind registered and marks it sent, or schedules its next attempt. Returns how many
 * were sent.
 */
export async function deliverOutbox(deps: OutboxDeps, only: { id?: string; limit?: number } = {}): Promise<number> {
  const { db, mailer, logger, appUrl, jobs } = deps;
  const at = deps.now();
  const due = and(
    isNull(outbox.sentAt),
    lte(outbox.nextAttemptAt, at),
    sql`${outbox.attempts} < ${MAX_ATTEMPTS}`,
    only.id ? eq(outbox.id, only.id) : undefined,
  );
  // One statement: the due rows, locked (SKIP LOCKED: never one another process holds), are moved
  // a minute ahead and counted as attempted.
  const claimed = (
    await selectRows<{
      id: string;
      kind: string;
      booking_id: string | null;
      attempts: number;
      for_starts_at: Date | string | null;
      professional_id: string | null;
    }>(
      db,
      sql`UPDATE ${outbox} SET attempts = attempts + 1, next_attempt_at = ${new Date(at.getTime() + CLAIM_MS).toISOString()}::timestamptz
        WHERE id IN (
          SELECT id FROM ${outbox} WHERE ${due} ORDER BY next_attempt_at LIMIT ${only.limit ?? 20} FOR UPDATE SKIP LOCKED
        )
        RETURNING id, kind, booking_id, attempts, for_starts_at, professional_id`,
    )
  ).map((row): OutboxJob => ({
    id: row.id,
    kind: row.kind,
    bookingId: row.booking_id,
    attempts: Number(row.attempts),
    forStartsAt: row.for_starts_at === null ? null : new Date(row.for_starts_at),
    professionalId: row.professional_id,
  }));

  let sent = 0;
  for (const row of claimed) {
    try {
      const run = jobs.kinds.get(row.kind);
      if (!run) throw new UnknownJobKind(row.kind);
      await run(row, { db, mailer, logger, appUrl, now: at });
      await db.update(outbox).set({ sentAt: deps.now(), lastError: null }).where(eq(outbox.id, row.id));
      sent++;
    } catch (error) {
      const name = error instanceof Error ? error.name : typeof error;
      await db
        .update(outbox)
        .set({ nextAttemptAt: new Date(deps.now().getTime() + retryDelayMs(row.attempts)), lastError: name })
        .where(eq(outbox.id, row.id));
      const level = row.attempts >= MAX_ATTEMPTS ? 'error' : 'warn';
      logger[level]('outbox e-mail not sent', { outboxId: row.id, attempts: row.attempts, error: name });
    }
  }
  return sent;
}

/**
 * One round of the outbox's jobs, run by every API process every few seconds: the rows due, then
 * the rooms' sweeps (the holds that lapsed, issue 28). All claim their rows with `FOR UPDATE SKIP
 * LOCKED`, so any number of processes share the work without taking the same row twice. Returns
 * what each did.
 */
export async function runOutboxRound(deps: OutboxDeps): Promise<{ sent: number; swept: Record<string, number> }> {
  const sent = await deliverOutbox(deps);
  const swept: Record<string, number> = {};
  for (const sweep of deps.jobs.sweeps) swept[sweep.name] = await sweep.run(deps.db, deps.now());
  return { sent, swept };
}
