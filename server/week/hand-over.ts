/**
 * The hand-over (issue 40): an appointment of a professional who will not come (her time off
 * covers it) is moved to a colleague free at the same time and place, or put on the team's board.
 *
 * - The job ('hand-over', an outbox row written with the time off, booking_id and professional_id =
 *   whose it was) takes each open hand-over of that booking and professional. Who may take it is
 *   what the store would offer at that very time (slotsForBooking: availability with her skills,
 *   zones, hours, time off, travel buffers and everyone's busy time), never one the customer last
 *   rated 1–2★, in the one rule's order (bookingCandidates → fairOrder). Each move is one
 *   transaction: the hand-over row locked and still pending (two runners: the second finds it
 *   moved), the new professional's calendar locked, the booking given to her (its assignment
 *   follows, by trigger; the no-overlap constraint and the time-off trigger judge), its calendar
 *   revision raised, the customer's e-mail queued. Confirmed stays confirmed; a request waiting for
 *   her goes to the colleague as a new request. Refused by the database (someone took the time
 *   meanwhile): the next candidate.
 * - Nobody: the hand-over is 'unplaced' (the team's board, 'da ricollocare'), the booking's
 *   hand_over_state 'placing', and the customer is told the team is on it.
 * - A salotto: only the absent member's part is handed over; until the team reassigns it (the
 *   board), it is put on the board as unplaced.
 * - The sweep (handOverDeadlines): an appointment still unplaced HAND_OVER_LAST_HOURS before its
 *   start (or HAND_OVER_TEAM_HOURS, when it was handed over later than that) is cancelled with an
 *   apology and the nearest free times, as a declined request is (reason 'no-substitute').
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { HAND_OVER_LAST_HOURS, HAND_OVER_TEAM_HOURS } from '../../contract/pro-week';
import { cancellationRows, slotsForBooking } from '../appointments/appointments';
import { bookingCandidates, calendarLockKeys, lockCalendars } from '../bookings/booking-store';
import { customerOpinion } from '../bookings/opinion';
import { newRequestFields, requestJobs } from '../bookings/request-deadlines';
import { clearExpiredHolds } from '../bookings/slot-holds';
import { selectRows, type Db } from '../db/client';
import { sqlState } from '../db/errors';
import { bookingAssignments, bookings } from '../db/schema/bookings';
import { outbox } from '../db/schema/outbox';
import { handOvers } from '../db/schema/week';
import { HOUR_MS, instantToZoned } from '../domain/time';
import { ApiError } from '../http/api-error';

export type BookingRow = typeof bookings.$inferSelect;
type HandOverRow = typeof handOvers.$inferSelect;

export type HandOverOutcome = { handOverId: string; state: 'moved' | 'unplaced' | 'resolved'; to: string | null };

/** The outbox row that hands a professional's appointment over (written with what caused it). */
export const handOverJob = (bookingId: string, fromProfessionalId: string, now: Date): typeof outbox.$inferInsert => ({
  kind: 'hand-over',
  bookingId,
  professionalId: fromProfessionalId,
  nextAttemptAt: now,
  createdAt: now,
});

/** The hand-over's row locked, if it still waits for its move. */
async function lockPending(tx: Db, id: string): Promise<HandOverRow | null> {
  const [row] = await tx.select().from(handOvers).where(eq(handOvers.id, id)).for('update');
  return row?.state === 'pending' ? row : null;
}

/** Whether the part handed over is still hers, at the same time, and not cancelled. */
const stillHers = (row: BookingRow | undefined, h: HandOverRow): row is BookingRow =>
  !!row &&
  row.status !== 'cancelled' &&
  (row.kind !== 'single' ||
    (row.professionalId === h.fromProfessionalId && row.startsAt.getTime() === h.startsAt.getTime()));

/** Who may take a single booking at its own time, best first: what the store would offer, minus her 1–2★. */
export async function candidatesFor(db: Db, row: BookingRow, from: string, now: Date): Promise<Taker[]> {
  const start = instantToZoned(row.startsAt, row.timeZone);
  const found = await slotsForBooking(db, row, start.date, { providerId: null, ownTimeFree: false }, now).catch(
    (error: unknown) => {
      // A service no longer in the catalogue: nobody can be offered it.
      if (error instanceof ApiError) return null;
      throw error;
    },
  );
  const slot = found?.slots.find(
    (s) => s.startTime === start.time && Date.parse(s.endDateTime) === row.endsAt.getTime(),
  );
  if (!found || !slot) return [];
  const opinion = await customerOpinion(db, { userId: row.userId });
  const { candidates, confirmedHours } = bookingCandidates(
    slot,
    { kind: 'single', providerId: null },
    found.professionals,
    opinion,
  );
  return candidates
    .filter((id) => id !== from && !opinion.avoid.has(id))
    .map((id) => ({
      id,
      confirmedHours: confirmedHours.has(id),
      buffer: found.professionals.find((p) => p.id === id)?.travelBufferMM ?? 0,
    }));
}

/** Raised inside a move's transaction when the database refuses the colleague: try the next. */
export class ColleagueTaken extends Error {
  constructor(cause: unknown) {
    super('colleague taken', { cause });
    this.name = 'ColleagueTaken';
  }
}

/** Who takes a booking: her id, whether her hours are confirmed, her travel buffer. */
export type Taker = { id: string; confirmedHours: boolean; buffer: number };

/**
 * Gives a single booking (its row locked by the caller, inside the caller's transaction) to `to`,
 * at the same time: her calendar locked, the booking hers (its assignment follows by trigger; the
 * no-overlap constraint and the time-off trigger judge: refused, ColleagueTaken, and the caller's
 * transaction rolls back), its calendar
 * revision raised, 'Cambio di professionista' queued. Confirmed stays confirmed; a request waiting
 * is asked of her (or confirmed at once when her hours are confirmed, as the store would). The
 * hand-over's move and the team's reassignment both give a booking this way.
 */
export async function giveTo(tx: Db, row: BookingRow, to: Taker, now: Date): Promise<BookingRow> {
  await lockCalendars(tx, calendarLockKeys(to.id, row.startsAt.getTime(), row.endsAt.getTime(), to.buffer));
  await clearExpiredHolds(
    tx,
    [{ professionalId: to.id, startMs: row.startsAt.getTime(), endMs: row.endsAt.getTime(), bufferMM: to.buffer }],
    now,
  );
  const status =
    row.status === 'confirmed' || (to.confirmedHours && !row.isManualFlow)
      ? { status: 'confirmed' as const, requestStage: null, answerBy: null, askedProfessionalIds: [] }
      : { status: 'pending' as const, ...newRequestFields('single', to.id, row.startsAt, now) };
  let updated: BookingRow | undefined;
  try {
    [updated] = await tx
      .update(bookings)
      .set({
        professionalId: to.id,
        ...status,
        handOverState: 'substituted',
        sequence: sql`${bookings.sequence} + 1`,
      })
      .where(eq(bookings.id, row.id))
      .returning();
  } catch (error) {
    if (sqlState(error) === '23P01') throw new ColleagueTaken(error);
    throw error;
  }
  await tx
    .insert(outbox)
    .values([
      { kind: 'hand-over-moved', bookingId: row.id, professionalId: to.id, nextAttemptAt: now, createdAt: now },
      ...(status.status === 'pending' ? requestJobs(updated!, now) : []),
    ]);
  return updated!;
}

/**
 * Gives a salotto member's part (its assignment row) to `to`, inside the caller's transaction, as
 * giveTo gives a single booking: her calendar locked, the part hers (the no-overlap constraint and
 * the time-off trigger judge: refused, ColleagueTaken), the booking's calendar revision raised and
 * `substituted` (free cancel until the start), 'Cambio di professionista' queued. The booking's
 * status is not changed (a salotto waiting for its quote still waits).
 */
export async function givePartTo(
  tx: Db,
  row: BookingRow,
  part: typeof bookingAssignments.$inferSelect,
  to: Taker,
  now: Date,
): Promise<BookingRow> {
  await lockCalendars(tx, calendarLockKeys(to.id, part.startsAt.getTime(), part.endsAt.getTime(), to.buffer));
  await clearExpiredHolds(
    tx,
    [{ professionalId: to.id, startMs: part.startsAt.getTime(), endMs: part.endsAt.getTime(), bufferMM: to.buffer }],
    now,
  );
  try {
    await tx
      .update(bookingAssignments)
      .set({ professionalId: to.id, travelBufferMM: to.buffer })
      .where(eq(bookingAssignments.id, part.id));
  } catch (error) {
    if (sqlState(error) === '23P01') throw new ColleagueTaken(error);
    throw error;
  }
  const [updated] = await tx
    .update(bookings)
    .set({ handOverState: 'substituted', sequence: sql`${bookings.sequence} + 1` })
    .where(eq(bookings.id, row.id))
    .returning();
  await tx
    .insert(outbox)
    .values({ kind: 'hand-over-moved', bookingId: row.id, professionalId: to.id, nextAttemptAt: now, createdAt: now });
  return updated!;
}

/**
 * One transaction settling a hand-over: locked and still pending (else null: another runner, or an
 * earlier run, settled it), its booking locked; a booking no longer hers (cancelled, moved by the
 * customer) resolves it, else `settleWith` decides.
 */
async function settling(
  db: Db,
  h: HandOverRow,
  now: Date,
  settleWith: (tx: Db, row: BookingRow) => Promise<HandOverOutcome>,
): Promise<HandOverOutcome | null> {
  return db.transaction(async (tx) => {
    if (!(await lockPending(tx, h.id))) return null;
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, h.bookingId)).for('update');
    if (!stillHers(row, h)) {
      await settle(tx, h.id, 'resolved', now);
      return { handOverId: h.id, state: 'resolved', to: null };
    }
    return settleWith(tx, row);
  });
}

/** Gives a single booking to `to` (one transaction): null when the hand-over no longer waits. */
async function moveTo(db: Db, h: HandOverRow, to: Taker, now: Date): Promise<HandOverOutcome | null> {
  return settling(db, h, now, async (tx, row) => {
    await giveTo(tx, row, to, now);
    await tx
      .update(handOvers)
      .set({ state: 'moved', toProfessionalId: to.id, updatedAt: now })
      .where(eq(handOvers.id, h.id));
    return { handOverId: h.id, state: 'moved', to: to.id };
  });
}

/** Sets a hand-over's state (its row locked by the caller). */
const settle = (tx: Db, id: string, state: HandOverRow['state'], now: Date) =>
  tx.update(handOvers).set({ state, updatedAt: now }).where(eq(handOvers.id, id));

/** Nobody can take it: on the team's board, and the customer told (one transaction). */
async function unplace(db: Db, h: HandOverRow, now: Date): Promise<HandOverOutcome | null> {
  return db.transaction(async (tx) => {
    if (!(await lockPending(tx, h.id))) return null;
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, h.bookingId)).for('update');
    if (!stillHers(row, h)) {
      await settle(tx, h.id, 'resolved', now);
      return { handOverId: h.id, state: 'resolved', to: null };
    }
    await settle(tx, h.id, 'unplaced', now);
    await tx.update(bookings).set({ handOverState: 'placing' }).where(eq(bookings.id, row.id));
    await tx
      .insert(outbox)
      .values({ kind: 'hand-over-unplaced', bookingId: row.id, nextAttemptAt: now, createdAt: now });
    return { handOverId: h.id, state: 'unplaced', to: null };
  });
}

/**
 * The 'hand-over' job: each pending hand-over of this booking from this professional, moved to a
 * colleague or put on the board. Safe to run twice or by two processes at once: each hand-over is
 * settled in a transaction that locks it and finds it still pending.
 */
export async function runHandOver(
  db: Db,
  bookingId: string,
  fromProfessionalId: string,
  now: Date,
): Promise<HandOverOutcome[]> {
  const open = await db
    .select()
    .from(handOvers)
    .where(
      and(
        eq(handOvers.bookingId, bookingId),
        eq(handOvers.fromProfessionalId, fromProfessionalId),
        eq(handOvers.state, 'pending'),
      ),
    );
  const outcomes: HandOverOutcome[] = [];
  for (const h of open) {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, h.bookingId));
    const candidates =
      row && row.kind === 'single' && stillHers(row, h) ? await candidatesFor(db, row, h.fromProfessionalId, now) : [];
    let outcome: HandOverOutcome | null | undefined;
    for (const candidate of candidates) {
      try {
        outcome = await moveTo(db, h, candidate, now);
        break;
      } catch (error) {
        if (!(error instanceof ColleagueTaken)) throw error;
      }
    }
    if (outcome === undefined) outcome = await unplace(db, h, now);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}

/**
 * The sweep: appointments still unplaced at their last moment are cancelled, with an apology and
 * the nearest free times (the declined request's e-mail, reason 'no-substitute'). One transaction
 * each, the hand-over claimed with FOR UPDATE SKIP LOCKED: any number of processes, each once.
 */
export async function handOverDeadlines(db: Db, now: Date): Promise<number> {
  const last = `${HAND_OVER_LAST_HOURS} hours`;
  const team = `${HAND_OVER_TEAM_HOURS} hours`;
  let done = 0;
  for (;;) {
    const cancelled = await db.transaction(async (tx) => {
      const [claimed] = await selectRows<{ id: string; booking_id: string }>(
        tx,
        sql`SELECT id, booking_id FROM ${handOvers}
          WHERE state = 'unplaced' AND (
            (starts_at - ${last}::interval <= ${now.toISOString()}::timestamptz AND created_at < starts_at - ${last}::interval)
            OR starts_at - ${team}::interval <= ${now.toISOString()}::timestamptz)
          ORDER BY starts_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      if (!claimed) return false;
      await settle(tx, claimed.id, 'cancelled', now);
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, claimed.booking_id)).for('update');
      if (!row || row.status === 'cancelled') return true;
      await tx
        .update(bookings)
        .set({
          status: 'cancelled',
          cancelledAt: now,
          declineReason: 'no-substitute',
          declineMessage: null,
          requestStage: null,
          answerBy: null,
          sequence: sql`${bookings.sequence} + 1`,
        })
        .where(eq(bookings.id, row.id));
      // Its other parts (a salotto) wait for nobody any more.
      await tx
        .update(handOvers)
        .set({ state: 'resolved', updatedAt: now })
        .where(and(eq(handOvers.bookingId, row.id), inArray(handOvers.state, ['pending', 'unplaced'])));
      await tx.insert(outbox).values(cancellationRows('request-declined', row, now));
      return true;
    });
    if (!cancelled) return done;
    done++;
  }
}

/** The instant an unplaced appointment starting at `startsAt`, handed over at `createdAt`, is cancelled. */
export const unplacedCancelledAt = (startsAt: Date, createdAt: Date): Date => {
  const last = startsAt.getTime() - HAND_OVER_LAST_HOURS * HOUR_MS;
  return new Date(createdAt.getTime() < last ? last : startsAt.getTime() - HAND_OVER_TEAM_HOURS * HOUR_MS);
};
