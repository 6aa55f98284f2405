/**
 * Every request answered (issue 27). A booking stored `pending` (a time on request, a manual-flow
 * service, every salotto) is a request: it waits for the professional it was assigned to (stage
 * 'professional'), or for the team (stage 'team': a salotto from the start, or a request no
 * professional answered in time), or, once another time was offered, for the customer (stage
 * 'offered'). Each stage has a deadline (`answer_by`) and an outbox job due then
 * ('request-deadline', its `for_starts_at` the deadline it was written for): unanswered, the
 * professional's request passes to the next free professional who serves that address, services
 * and time (the fair order, server/availability/fair-order.ts), and when none is left to the
 * team; the team's is declined with an apology two hours before the start; an offer left
 * unanswered is declined too.
 *
 * Exactly one answer wins. Every answer, the deadline's pass and the customer's own cancel or
 * answer lock the booking's row (`FOR UPDATE`) and check its state again in the same transaction:
 * the first one changes it, the others find it changed and hear why (409). The outbox's claim
 * (`FOR UPDATE SKIP LOCKED`) gives each job to one API process; a job whose deadline no longer
 * matches the row (answered, or passed on and given a new deadline) does nothing.
 *
 * Every change writes, in its own transaction, what it tells: the customer's e-mail (accepted,
 * declined, another time offered, the salotto's quote), the professional's (a new request for
 * her, a request passed on from her), and the next deadline's job.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ApiCategory } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { Appointment } from '../../contract/appointment';
import type { DeclineReason, ProAppointment } from '../../contract/pro';
import type { AvailableTime } from '../../contract/slot';
import type { Db } from '../db/client';
import { bookingAssignments, bookings } from '../db/schema/bookings';
import { outbox } from '../db/schema/outbox';
import { professionals } from '../db/schema/professionals';
import { ApiError } from '../http/api-error';
import { API_MESSAGES } from '../http/messages';
import { appointmentOf, cancellationRows, slotsForBooking } from '../appointments/appointments';
import { bookingFor, ownerFor, type AppointmentCaller } from '../bookings/access';
import { availableTimeOf } from '../availability/availability-replies';
import { fairOrder } from '../availability/fair-order';
import { calendarLockKeys, lockCalendars } from '../bookings/booking-store';
import { loadZones } from '../catalogue/catalogue-store';
import { isCustomerOverlap } from '../bookings/customer-overlap';
import { customerOpinion } from '../bookings/opinion';
import { sqlState } from '../db/errors';
import {
  requestRowFor,
  requestReply,
  requireAction,
  servesPart,
  type BookingRow,
  type ProCaller,
} from './pro-appointments';
import {
  offerDeadline,
  professionalDeadline,
  requestJobs,
  teamDeadline,
  type OutboxRow,
} from '../bookings/request-deadlines';
import { dropWaitingReminders, REMINDER_KINDS, reminderRows } from '../bookings/reminders';
import { servingZoneIds } from '../domain/served-zones';
import { clearExpiredHolds } from '../bookings/slot-holds';
import { instantToZoned } from '../domain/time';

/** Inserts the outbox rows; returns the id of the first of `kind` (the e-mail to send once the reply is out). */
async function enqueue(tx: Db, rows: readonly OutboxRow[], kind: OutboxRow['kind']): Promise<string | null> {
  if (rows.length === 0) return null;
  const inserted = await tx
    .insert(outbox)
    .values([...rows])
    .returning({ id: outbox.id, kind: outbox.kind });
  return inserted.find((r) => r.kind === kind)?.id ?? null;
}

/** The answer's reply and the e-mail to send once the reply is out. */
export type Answered = { appointment: ProAppointment; outboxId: string | null };

const answeredBy = (caller: ProCaller, now: Date) => ({ answeredAt: now, answeredBy: caller.userId });
const closed = { requestStage: null, answerBy: null } as const;

// ---------------------------------------------------------------------------------------------
// The professional's and the team's answers

/** POST /pro/requests/:id/accept: confirmed; the customer gets the confirmation with the calendar's update. */
export async function acceptRequest(db: Db, caller: ProCaller, bookingId: string, now: Date): Promise<Answered> {
  const { row, outboxId } = await db.transaction(async (tx) => {
    const locked = await requestRowFor(tx, caller, bookingId, true);
    requireAction(caller, locked, 'accept');
    const [updated] = await tx
      .update(bookings)
      .set({ status: 'confirmed', ...closed, ...answeredBy(caller, now), sequence: sql`${bookings.sequence} + 1` })
      .where(eq(bookings.id, locked.id))
      .returning();
    const id = await enqueue(
      tx,
      [{ kind: 'request-accepted', bookingId: locked.id, nextAttemptAt: now, createdAt: now }],
      'request-accepted',
    );
    return { row: updated!, outboxId: id };
  });
  return { appointment: await requestReply(db, caller, row), outboxId };
}

/**
 * Cancels a request with its reason, frees its time (its assignments stop being active with the
 * status, by trigger), and tells the customer (the reason, the calendar's cancellation, a button
 * to book again) and whoever waits for that day.
 */
async function declineInTransaction(
  tx: Db,
  row: BookingRow,
  reason: DeclineReason,
  message: string | null,
  by: { answeredAt: Date; answeredBy: string | null },
  now: Date,
): Promise<{ row: BookingRow; outboxId: string | null }> {
  const [updated] = await tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      ...closed,
      declineReason: reason,
      declineMessage: message,
      ...by,
      sequence: sql`${bookings.sequence} + 1`,
    })
    .where(eq(bookings.id, row.id))
    .returning();
  const outboxId = await enqueue(tx, cancellationRows('request-declined', row, now), 'request-declined');
  return { row: updated!, outboxId };
}

/** POST /pro/requests/:id/decline: cancelled with her reason (and words); the customer is told, and may book again. */
export async function declineRequest(
  db: Db,
  caller: ProCaller,
  bookingId: string,
  answer: { reason: DeclineReason; message: string },
  now: Date,
): Promise<Answered> {
  const { row, outboxId } = await db.transaction(async (tx) => {
    const locked = await requestRowFor(tx, caller, bookingId, true);
    requireAction(caller, locked, 'decline');
    return declineInTransaction(tx, locked, answer.reason, answer.message || null, answeredBy(caller, now), now);
  });
  return { appointment: await requestReply(db, caller, row), outboxId };
}

/** POST /pro/requests/:id/available-times: her own free times that day for this request (its time counts as free). */
export async function requestAvailableTimes(
  db: Db,
  caller: ProCaller,
  bookingId: string,
  date: string,
  now: Date,
): Promise<AvailableTime[]> {
  const row = await requestRowFor(db, caller, bookingId, false);
  requireAction(caller, row, 'offer');
  const { slots } = await slotsForBooking(db, row, date, { providerId: row.professionalId, ownTimeFree: true }, now);
  return slots.map(availableTimeOf);
}

/**
 * POST /pro/requests/:id/offer: another of her free times. The request moves there at once (her
 * assignment follows by trigger, under the no-overlap constraint: someone faster means 409), the
 * time asked for is kept in `requested_*` and freed, and the customer is e-mailed the proposal; she
 * has until `offerDeadline` to answer (appointmentOffer). The calendar's revision goes up when she answers.
 */
export async function offerTime(
  db: Db,
  caller: ProCaller,
  bookingId: string,
  offer: { startDate: string; startTime: string },
  now: Date,
): Promise<Answered> {
  const current = await requestRowFor(db, caller, bookingId, false);
  requireAction(caller, current, 'offer');
  const professionalId = current.professionalId!;
  const { slots, professionals: pros } = await slotsForBooking(
    db,
    current,
    offer.startDate,
    { providerId: professionalId, ownTimeFree: true },
    now,
  );
  const slot = slots.find((s) => s.startTime === offer.startTime && s.professionalIds.includes(professionalId));
  if (!slot) throw new ApiError(409, MESSAGES.slotTaken);
  const startsAt = new Date(slot.startDateTime);
  const endsAt = new Date(slot.endDateTime);
  if (startsAt.getTime() === current.startsAt.getTime()) throw new ApiError(400, API_MESSAGES.sameTimeOffered);
  const buffer = pros.find((p) => p.id === professionalId)?.travelBufferMM ?? 0;

  const { row, outboxId } = await db.transaction(async (tx) => {
    const locked = await requestRowFor(tx, caller, bookingId, true);
    requireAction(caller, locked, 'offer');
    await lockCalendars(tx, calendarLockKeys(professionalId, startsAt.getTime(), endsAt.getTime(), buffer));
    await clearExpiredHolds(
      tx,
      [{ professionalId, startMs: startsAt.getTime(), endMs: endsAt.getTime(), bufferMM: buffer }],
      now,
    );
    const answerBy = offerDeadline(now, startsAt);
    let updated: BookingRow | undefined;
    try {
      [updated] = await tx
        .update(bookings)
        .set({
          startsAt,
          endsAt,
          requestedStartsAt: locked.requestedStartsAt ?? locked.startsAt,
          requestedEndsAt: locked.requestedEndsAt ?? locked.endsAt,
          requestStage: 'offered',
          answerBy,
          ...answeredBy(caller, now),
        })
        .where(eq(bookings.id, locked.id))
        .returning();
    } catch (error) {
      if (isCustomerOverlap(error)) throw new ApiError(409, API_MESSAGES.customerBusyThen);
      if (sqlState(error) === '23P01') throw new ApiError(409, MESSAGES.slotTaken);
      throw error;
    }
    const id = await enqueue(
      tx,
      [
        { kind: 'request-offer', bookingId: locked.id, nextAttemptAt: now, createdAt: now },
        ...requestJobs(updated!, now),
        // Whoever waits for the day of the time she asked for: it is free again.
        {
          kind: 'waitlist-offer',
          bookingId: locked.id,
          forStartsAt: locked.startsAt,
          nextAttemptAt: now,
          createdAt: now,
        },
      ],
      'request-offer',
    );
    return { row: updated!, outboxId: id };
  });
  return { appointment: await requestReply(db, caller, row), outboxId };
}

/**
 * POST /pro/requests/:id/quote (the team, a salotto): the quote after the consultation call (total,
 * what it includes), the team (a member replaced takes over her category's part, her time held by
 * the no-overlap constraint: 409 when she is not free), confirmed; the customer gets the quote
 * with the calendar file.
 */
export async function quoteSalotto(
  db: Db,
  caller: ProCaller,
  bookingId: string,
  quote: { total: number; includes: string; team: ReadonlyArray<{ category: ApiCategory; professionalId: string }> },
  now: Date,
): Promise<Answered> {
  const zones = await loadZones(db);
  const { row, outboxId } = await db.transaction(async (tx) => {
    const locked = await requestRowFor(tx, caller, bookingId, true);
    requireAction(caller, locked, 'quote');
    const parts = await tx
      .select()
      .from(bookingAssignments)
      .where(and(eq(bookingAssignments.bookingId, locked.id), eq(bookingAssignments.active, true)));
    const served = new Set(servingZoneIds(locked.location.coordinates, zones));
    for (const change of quote.team) {
      const part = parts.find((p) => p.category === change.category);
      if (!part) throw new ApiError(400, API_MESSAGES.teamMemberNotServing);
      if (part.professionalId === change.professionalId) continue;
      const [pro] = await tx.select().from(professionals).where(eq(professionals.id, change.professionalId));
      if (!pro || !servesPart(pro, change.category, served)) throw new ApiError(400, API_MESSAGES.teamMemberNotServing);
      await lockCalendars(
        tx,
        calendarLockKeys(pro.id, part.startsAt.getTime(), part.endsAt.getTime(), pro.travelBufferMM),
      );
      await clearExpiredHolds(
        tx,
        [
          {
            professionalId: pro.id,
            startMs: part.startsAt.getTime(),
            endMs: part.endsAt.getTime(),
            bufferMM: pro.travelBufferMM,
          },
        ],
        now,
      );
      try {
        // Savepoint: a refused member leaves the transaction usable for the 409.
        await tx.transaction(async (sp) => {
          await sp
            .update(bookingAssignments)
            .set({ professionalId: pro.id, travelBufferMM: pro.travelBufferMM })
            .where(eq(bookingAssignments.id, part.id));
        });
      } catch (error) {
        if (sqlState(error) === '23P01') throw new ApiError(409, API_MESSAGES.teamMemberBusy);
        throw error;
      }
    }
    const [updated] = await tx
      .update(bookings)
      .set({
        status: 'confirmed',
        ...closed,
        quotedTotal: quote.total,
        quoteIncludes: quote.includes,
        ...answeredBy(caller, now),
        sequence: sql`${bookings.sequence} + 1`,
      })
      .where(eq(bookings.id, locked.id))
      .returning();
    const id = await enqueue(
      tx,
      [{ kind: 'salotto-quote', bookingId: locked.id, nextAttemptAt: now, createdAt: now }],
      'salotto-quote',
    );
    return { row: updated!, outboxId: id };
  });
  return { appointment: await requestReply(db, caller, row), outboxId };
}

// ---------------------------------------------------------------------------------------------
// The customer's answer to another time offered

/**
 * POST /appointments/:id/offer: accept (confirmed at the offered time: the calendar's update and
 * the reminders of that time) or decline (cancelled, the time freed). 409 when no offer waits.
 */
export async function answerOffer(
  db: Db,
  bookingId: string,
  caller: AppointmentCaller,
  accept: boolean,
  now: Date,
): Promise<{ appointment: Appointment; outboxId: string | null }> {
  const userId = await ownerFor(db, bookingId, caller, now);
  return db.transaction(async (tx) => {
    const row = await bookingFor(tx, bookingId, userId, true);
    if (row.status !== 'pending' || row.requestStage !== 'offered') throw new ApiError(409, API_MESSAGES.offerNotOpen);
    const base = { ...closed, requestedStartsAt: null, requestedEndsAt: null, sequence: sql`${bookings.sequence} + 1` };
    const [updated] = await tx
      .update(bookings)
      .set(accept ? { ...base, status: 'confirmed' } : { ...base, status: 'cancelled', cancelledAt: now })
      .where(eq(bookings.id, row.id))
      .returning();
    let outboxId: string | null;
    if (accept) {
      // The reminders of the time she asked for never match the new start; those of the new one are written.
      await dropWaitingReminders(tx, row.id, REMINDER_KINDS, now);
      outboxId = await enqueue(
        tx,
        [
          { kind: 'request-accepted', bookingId: row.id, nextAttemptAt: now, createdAt: now },
          ...reminderRows(updated!, now),
        ],
        'request-accepted',
      );
    } else {
      outboxId = await enqueue(tx, cancellationRows('booking-cancellation', row, now), 'booking-cancellation');
    }
    return { appointment: await appointmentOf(tx, updated!, now), outboxId };
  });
}

// ---------------------------------------------------------------------------------------------
// The deadlines' job

/**
 * The next professionals to ask for this single request, in order: free for its whole time (its
 * address, services, length and people, as availability offers it), not asked yet, in the one
 * rule's order (fairOrder, server/availability/fair-order.ts) with what its customer thought of them.
 */
async function nextProfessionals(db: Db, row: BookingRow, now: Date): Promise<Array<{ id: string; buffer: number }>> {
  const date = instantToZoned(row.startsAt, row.timeZone).date;
  let found: Awaited<ReturnType<typeof slotsForBooking>>;
  try {
    found = await slotsForBooking(db, row, date, { providerId: null, ownTimeFree: false }, now);
  } catch (error) {
    // A service no longer in the catalogue: nobody else can be asked; the team answers.
    if (error instanceof ApiError) return [];
    throw error;
  }
  const { slots, professionals: pros } = found;
  const slot = slots.find((s) => Date.parse(s.startDateTime) === row.startsAt.getTime());
  if (!slot) return [];
  const asked = new Set([...row.askedProfessionalIds, ...(row.professionalId ? [row.professionalId] : [])]);
  const byId = new Map(pros.map((p) => [p.id, p]));
  const ratings = await customerOpinion(db, { userId: row.userId });
  const free = slot.professionalIds
    .filter((id) => !asked.has(id) && byId.has(id))
    .map((id) => ({
      id,
      hoursConfirmed: byId.get(id)!.hoursConfirmed,
      appointmentsThatDay: slot.appointmentsThatDay?.get(id) ?? 0,
    }));
  return fairOrder(free, { day: slot.date, ratings }).map(({ id }) => ({ id, buffer: byId.get(id)!.travelBufferMM }));
}

/** What a deadline's job did (for the logs and the tests). */
export type DeadlineOutcome = 'stale' | 'passed' | 'to-team' | 'declined';

/**
 * The job of a request's deadline (`deadline`: the `answer_by` it was written for). Does nothing
 * when the request was answered or already moved on (its deadline differs). Otherwise, in one
 * transaction with the row locked: the professional's request passes to the next free one (the
 * no-overlap constraint judges each try, in a savepoint) or to the team; the team's, or an
 * offer's, is declined with an apology and the nearest free times.
 */
export async function runRequestDeadline(
  db: Db,
  bookingId: string,
  deadline: Date,
  now: Date,
): Promise<DeadlineOutcome> {
  const isDue = (row: BookingRow | undefined): row is BookingRow =>
    row !== undefined &&
    row.status === 'pending' &&
    row.answerBy !== null &&
    row.answerBy.getTime() === deadline.getTime() &&
    deadline.getTime() <= now.getTime();
  const [before] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!isDue(before)) return 'stale';
  const candidates =
    before.requestStage === 'professional' && before.kind === 'single' ? await nextProfessionals(db, before, now) : [];

  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!isDue(row)) return 'stale';
    const passedFrom = row.requestStage === 'professional' ? row.professionalId : null;
    const toldPassed: OutboxRow[] = passedFrom
      ? [
          {
            kind: 'pro-request-passed',
            bookingId: row.id,
            professionalId: passedFrom,
            nextAttemptAt: now,
            createdAt: now,
          },
        ]
      : [];

    if (row.requestStage === 'professional') {
      for (const next of candidates) {
        const startMs = row.startsAt.getTime();
        const endMs = row.endsAt.getTime();
        await lockCalendars(tx, calendarLockKeys(next.id, startMs, endMs, next.buffer));
        await clearExpiredHolds(tx, [{ professionalId: next.id, startMs, endMs, bufferMM: next.buffer }], now);
        let passed: BookingRow | undefined;
        try {
          passed = await tx.transaction(async (sp) => {
            const [updated] = await sp
              .update(bookings)
              .set({
                professionalId: next.id,
                askedProfessionalIds: sql`array_append(${bookings.askedProfessionalIds}, ${next.id}::uuid)`,
                answerBy: professionalDeadline(now, row.startsAt),
              })
              .where(eq(bookings.id, row.id))
              .returning();
            return updated;
          });
        } catch (error) {
          // Taken meanwhile by someone else: the next one.
          if (sqlState(error) === '23P01') continue;
          throw error;
        }
        await enqueue(tx, [...requestJobs(passed!, now), ...toldPassed], 'request-deadline');
        return 'passed';
      }
      // Nobody else is free then: the team answers, by TEAM_ANSWER_HOURS before the start. Her
      // time stays held meanwhile (the team may still confirm it with her).
      const [toTeam] = await tx
        .update(bookings)
        .set({ requestStage: 'team', answerBy: teamDeadline(now, row.startsAt) })
        .where(eq(bookings.id, row.id))
        .returning();
      await enqueue(tx, [...requestJobs(toTeam!, now), ...toldPassed], 'request-deadline');
      return 'to-team';
    }

    const reason: DeclineReason = row.requestStage === 'offered' ? 'offer-expired' : 'no-answer';
    await declineInTransaction(tx, row, reason, null, { answeredAt: now, answeredBy: null }, now);
    return 'declined';
  });
}
