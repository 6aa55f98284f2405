import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/outbox';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import { bookingConfirmationMessage } from './booking-mail';

/** While one process sends a claimed row, the others leave it alone this long. */
const CLAIM_MS = 60_000;
/** After this many failed attempts a row is left for a person to look at (logged). */
export const MAX_ATTEMPTS = 10;
/** The wait after the n-th failure: 5 s, 10 s, 20 s … up to an hour. */
export const retryDelayMs = (attempts: number): number => Math.min(5000 * 2 ** (attempts - 1), 60 * 60_000);

/** Writes the booking's confirmation into the outbox, inside the booking's transaction. */
export async function enqueueBookingConfirmation(tx: Db, bookingId: string, now: Date): Promise<string> {
  const [row] = await tx
    .insert(outbox)
    .values({ kind: 'booking-confirmation', bookingId, nextAttemptAt: now, createdAt: now })
    .returning({ id: outbox.id });
  return row!.id;
}

export type OutboxDeps = { db: Db; mailer: Mailer; logger: Logger; appUrl: string; now: () => Date };

type Claimed = { id: string; kind: string; bookingId: string | null; attempts: number };

/**
 * Claims due rows (one given row, or up to `limit`): a short transaction moves them a minute ahead
 * with `FOR UPDATE SKIP LOCKED`, so two processes never claim the same row; then sends each and
 * marks it sent, or schedules its next attempt. Returns how many were sent.
 */
export async function deliverOutbox(deps: OutboxDeps, only: { id?: string; limit?: number } = {}): Promise<number> {
  const { db, mailer, logger, appUrl } = deps;
  const at = deps.now();
  const due = and(
    isNull(outbox.sentAt),
    lte(outbox.nextAttemptAt, at),
    sql`${outbox.attempts} < ${MAX_ATTEMPTS}`,
    only.id ? eq(outbox.id, only.id) : undefined,
  );
  const claimed: Claimed[] = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: outbox.id, kind: outbox.kind, bookingId: outbox.bookingId, attempts: outbox.attempts })
      .from(outbox)
      .where(due)
      .orderBy(outbox.nextAttemptAt)
      .limit(only.limit ?? 20)
      .for('update', { skipLocked: true });
    for (const row of rows)
      await tx
        .update(outbox)
        .set({ nextAttemptAt: new Date(at.getTime() + CLAIM_MS), attempts: row.attempts + 1 })
        .where(eq(outbox.id, row.id));
    return rows.map((row) => ({ ...row, attempts: row.attempts + 1 }));
  });

  let sent = 0;
  for (const row of claimed) {
    try {
      const message = await messageOf(db, row, appUrl, at);
      if (message) await mailer.send(message);
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

async function messageOf(db: Db, row: Claimed, appUrl: string, now: Date): Promise<MailMessage | null> {
  switch (row.kind) {
    case 'booking-confirmation':
      return row.bookingId ? bookingConfirmationMessage(db, row.bookingId, { appUrl, now }) : null;
    default:
      return null;
  }
}
