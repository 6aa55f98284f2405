/**
 * After the booking (issue 16): the customer opens one appointment, cancels it, moves it (with the
 * free times of a day to choose from) and asks for a reminder two hours before. Who may: the
 * signed-in customer whose booking it is (and in her account: not one waiting for her to confirm
 * it), or the holder of the booking's manage token (the e-mail's link, bound to that booking and
 * valid until the appointment ends). Anyone else is told it does not exist.
 *
 * A cancellation is free until FREE_CANCELLATION_HOURS before the start, measured in real hours.
 * The booking is marked cancelled, never deleted: its assignments stop being active in the same
 * statement (trigger `bookings_sync_assignment`), so its time is free for others at once; its
 * calendar revision goes up and the cancellation e-mail (with the .ics's METHOD:CANCEL, same UID)
 * is written to the outbox in the same transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { asHairLength, FREE_CANCELLATION_HOURS } from '../../contract/constants';
import { declinedBecause } from '../../contract/pro';
import { MESSAGES } from '../../contract/messages';
import type { Appointment } from '../../contract/appointment';
import type { AvailableTime } from '../../contract/slot';
import type { Db } from '../db/client';
import { bookings } from '../db/schema/bookings';
import { outbox } from '../db/schema/outbox';
import { handOvers } from '../db/schema/week';
import { professionals } from '../db/schema/professionals';
import { ApiError } from '../http/api-error';
import { API_MESSAGES } from '../http/messages';
import { availableTimeOf } from '../availability/availability-replies';
import { loadAvailability } from '../availability/availability-store';
import { bookingCandidates, calendarLockKeys, lockCalendars } from '../bookings/booking-store';
import { customerOpinion, NO_OPINION } from '../bookings/opinion';
import { clearExpiredHolds } from '../bookings/slot-holds';
import { teamsOf } from '../bookings/booking-teams';
import { bookableServices } from '../catalogue/catalogue-store';
import { customerOverlapError, isCustomerOverlap } from '../bookings/customer-overlap';
import { sqlState } from '../db/errors';
import { newRequestFields, requestJobs } from '../bookings/request-deadlines';
import { dropWaitingReminders, REMINDER_KINDS, reminderRows, twoHoursReminderRow } from '../bookings/reminders';
import { bookingSummary } from './me-next';
import { HOUR_MS, instantToZoned } from '../domain/time';
import { bookingFor, ownerFor, type AppointmentCaller } from '../bookings/access';

type BookingRow = typeof bookings.$inferSelect;

/** The last instant a cancellation of an appointment starting at `startsAt` is free. */
export const freeCancellationUntil = (startsAt: Date): Date =>
  new Date(startsAt.getTime() - FREE_CANCELLATION_HOURS * HOUR_MS);

/** Free cancellation is open up to and including its last instant. */
export const canCancelFree = (startsAt: Date, now: Date): boolean =>
  now.getTime() <= freeCancellationUntil(startsAt).getTime();

/**
 * Issue 40: her professional was replaced (a hand-over), or the team is looking for someone: she
 * may cancel free of charge until the start, whatever FREE_CANCELLATION_HOURS says. Why, as she is
 * told; null when the usual rule applies.
 */
export const HAND_OVER_CANCEL_COPY = {
  substituted: 'La tua professionista è stata sostituita: puoi annullare gratuitamente fino all’inizio.',
  placing: 'Stiamo cercando una professionista al posto della tua: puoi annullare gratuitamente fino all’inizio.',
} as const;

/** The last instant she may cancel this appointment free of charge (the start, after a hand-over). */
const cancellableUntilOf = (row: Pick<BookingRow, 'startsAt' | 'handOverState'>): Date =>
  row.handOverState ? row.startsAt : freeCancellationUntil(row.startsAt);

/** Whether she may cancel it free of charge now (until cancellableUntil, to the millisecond, as the usual rule). */
const mayCancel = (row: Pick<BookingRow, 'startsAt' | 'handOverState'>, now: Date): boolean =>
  now.getTime() <= cancellableUntilOf(row).getTime();

export async function appointmentOf(db: Db, row: BookingRow, now: Date): Promise<Appointment> {
  const team = row.kind === 'salotto' ? ((await teamsOf(db, [row.id])).get(row.id) ?? []) : [];
  const [pro] = row.professionalId
    ? await db
        .select({ firstName: professionals.firstName, lastName: professionals.lastName })
        .from(professionals)
        .where(eq(professionals.id, row.professionalId))
    : [];
  const until = cancellableUntilOf(row);
  const open = row.status !== 'cancelled' && mayCancel(row, now);
  return {
    status: row.status,
    ...bookingSummary(row, team),
    endTime: instantToZoned(row.endsAt, row.timeZone).time,
    professionalName: pro ? `${pro.firstName} ${pro.lastName}` : null,
    cancellableUntil: until.toISOString(),
    cancellable: open,
    reschedulable: row.status !== 'cancelled' && canCancelFree(row.startsAt, now) && row.kind === 'single',
    twoHoursReminder: row.twoHoursReminder,
    ...requestStateOf(row),
    // Issue 40: set once a professional's absence moves or strands the appointment (hand-over).
    cancellableBecause: open && row.handOverState ? HAND_OVER_CANCEL_COPY[row.handOverState] : null,
  };
}

/**
 * Where her request stands (issue 27): until when it waits for an answer, the time she asked for
 * while another is offered, and why it was declined.
 */
function requestStateOf(row: BookingRow): Pick<Appointment, 'answerBy' | 'offeredInsteadOf' | 'declinedBecause'> {
  const waiting = row.status === 'pending' && row.answerBy !== null;
  const offered = waiting && row.requestStage === 'offered' && row.requestedStartsAt && row.requestedEndsAt;
  return {
    answerBy: waiting ? row.answerBy!.toISOString() : null,
    offeredInsteadOf: offered
      ? {
          date: instantToZoned(row.requestedStartsAt!, row.timeZone).date,
          startTime: instantToZoned(row.requestedStartsAt!, row.timeZone).time,
          endTime: instantToZoned(row.requestedEndsAt!, row.timeZone).time,
        }
      : null,
    declinedBecause:
      row.status === 'cancelled' && row.declineReason ? declinedBecause(row.declineReason, row.declineMessage) : null,
  };
}

/** GET /appointments/:bookingId. */
export async function getAppointment(
  db: Db,
  bookingId: string,
  caller: AppointmentCaller,
  now: Date,
): Promise<Appointment> {
  const userId = await ownerFor(db, bookingId, caller, now);
  return appointmentOf(db, await bookingFor(db, bookingId, userId, false), now);
}

/**
 * POST /appointments/:bookingId/cancel. One transaction: the row locked, the rule checked, the
 * status, its moment and the calendar revision written, the e-mail queued. Returns the appointment
 * and the outbox row to deliver (null when it was already cancelled: nothing new to send).
 */
export async function cancelAppointment(
  db: Db,
  bookingId: string,
  caller: AppointmentCaller,
  now: Date,
): Promise<{ appointment: Appointment; outboxId: string | null }> {
  const userId = await ownerFor(db, bookingId, caller, now);
  return db.transaction(async (tx) => {
    const row = await bookingFor(tx, bookingId, userId, true);
    if (row.status === 'cancelled') return { appointment: await appointmentOf(tx, row, now), outboxId: null };
    if (!mayCancel(row, now)) throw new ApiError(409, API_MESSAGES.cancellationTooLate);
    const [updated] = await tx
      .update(bookings)
      // A request she cancels waits for nobody any more (issue 27).
      .set({
        status: 'cancelled',
        cancelledAt: now,
        requestStage: null,
        answerBy: null,
        sequence: sql`${bookings.sequence} + 1`,
      })
      .where(eq(bookings.id, row.id))
      .returning();
    // Its hand-overs still open (issue 40) wait for nothing any more: off the team's board.
    await tx
      .update(handOvers)
      .set({ state: 'resolved', updatedAt: now })
      .where(and(eq(handOvers.bookingId, row.id), inArray(handOvers.state, ['pending', 'unplaced'])));
    const queued = await tx
      .insert(outbox)
      .values(cancellationRows('booking-cancellation', row, now))
      .returning({ id: outbox.id, kind: outbox.kind });
    const outboxId = queued.find((q) => q.kind === 'booking-cancellation')!.id;
    return { appointment: await appointmentOf(tx, updated!, now), outboxId };
  });
}

/**
 * What a cancelled booking writes to the outbox: its customer's e-mail (`kind`: the cancellation,
 * or a declined request's), and the word to whoever waits for that day (server/waitlist/waitlist.ts).
 */
export const cancellationRows = (
  kind: 'booking-cancellation' | 'request-declined',
  row: Pick<BookingRow, 'id' | 'startsAt'>,
  now: Date,
): Array<typeof outbox.$inferInsert> => [
  { kind, bookingId: row.id, nextAttemptAt: now, createdAt: now },
  { kind: 'waitlist-offer', bookingId: row.id, forStartsAt: row.startsAt, nextAttemptAt: now, createdAt: now },
];

/** Whether the appointment may still be moved: single, not cancelled, before its free-cancellation limit (409). */
function refuseMove(row: BookingRow, now: Date): void {
  if (row.status === 'cancelled') throw new ApiError(409, API_MESSAGES.appointmentCancelled);
  if (row.kind === 'salotto') throw new ApiError(409, API_MESSAGES.salottoByPhone);
  if (!canCancelFree(row.startsAt, now)) throw new ApiError(409, API_MESSAGES.rescheduleTooLate);
}

/**
 * What availability offers on `date` for this single booking's address, services, hair length and
 * people, computed as the wizard's are: with one professional (`providerId`) or anyone, and with
 * the booking's own time counted as free when `ownTimeFree` (she gives it up by moving; a
 * professional offering another time gives it up too). Also used by server/requests/.
 */
export async function slotsForBooking(
  db: Db,
  row: BookingRow,
  date: string,
  options: { providerId: string | null; ownTimeFree: boolean },
  now: Date,
) {
  const loaded = await loadAvailability(db, (catalogue) => {
    const services = bookableServices(
      catalogue,
      row.services.map((service) => service.serviceId),
      'single',
    );
    if (!services) throw new ApiError(400, MESSAGES.serviceUnavailable);
    return {
      point: row.location.coordinates,
      services,
      hairLength: asHairLength(row.hairLength),
      participants: row.participants,
      kind: 'single',
      providerId: options.providerId,
      fromDate: date,
      toDate: date,
      now,
      ownTime:
        options.ownTimeFree && row.professionalId
          ? { professionalId: row.professionalId, startsAt: row.startsAt, endsAt: row.endsAt }
          : null,
    };
  });
  return { slots: loaded.availability.slots(date), professionals: loaded.professionals };
}

/** The free times to move this single booking to on `date`: with her professional when `keepProfessional`. */
async function slotsForMove(db: Db, row: BookingRow, date: string, keepProfessional: boolean, now: Date) {
  const keep = keepProfessional && row.professionalId !== null;
  const found = await slotsForBooking(
    db,
    row,
    date,
    { providerId: keep ? row.professionalId : null, ownTimeFree: true },
    now,
  );
  return { ...found, keep };
}

/** Where the customer wants to see free times to move her appointment to. */
export interface MoveDay {
  startDate: string;
  /** Keep her professional (the default), or take whoever is free then. */
  keepProfessional: boolean;
}

/** POST /appointments/:bookingId/available-times: the times she may move it to on that day. */
export async function appointmentAvailableTimes(
  db: Db,
  bookingId: string,
  caller: AppointmentCaller,
  day: MoveDay,
  now: Date,
): Promise<AvailableTime[]> {
  const userId = await ownerFor(db, bookingId, caller, now);
  const row = await bookingFor(db, bookingId, userId, false);
  refuseMove(row, now);
  const { slots } = await slotsForMove(db, row, day.startDate, day.keepProfessional, now);
  return slots.map(availableTimeOf);
}

/** Where the customer wants her appointment moved. */
export interface AppointmentMove extends MoveDay {
  startTime: string;
}

/**
 * POST /appointments/:bookingId/reschedule (a single booking). The new time is one
 * appointmentAvailableTimes offers (her own time counts as free, so she may move by half an hour
 * within it); then one transaction: the row locked and checked again, the new professional's hours
 * locked, the row moved (its assignment follows, by trigger), the calendar revision raised, the
 * reminders still waiting dropped and those of the new time written, the e-mail queued. The
 * exclusion constraint is the judge: if someone took the time meanwhile, the update fails (409) and
 * the booking keeps its old time. Price and code are kept; the status follows the new slot (on
 * request: pending again).
 */
export async function rescheduleAppointment(
  db: Db,
  bookingId: string,
  caller: AppointmentCaller,
  move: AppointmentMove,
  now: Date,
): Promise<{ appointment: Appointment; outboxId: string }> {
  const userId = await ownerFor(db, bookingId, caller, now);
  const current = await bookingFor(db, bookingId, userId, false);
  refuseMove(current, now);
  const {
    slots,
    professionals: pros,
    keep,
  } = await slotsForMove(db, current, move.startDate, move.keepProfessional, now);
  const slot = slots.find((s) => s.startTime === move.startTime);
  // Her professional kept, or whoever is free then by the one rule of who gets a time, with what
  // she thought of them (bookingCandidates: fairOrder, server/availability/fair-order.ts).
  const opinion = keep ? NO_OPINION : await customerOpinion(db, { userId: current.userId });
  const { candidates, confirmedHours: confirmed } = slot
    ? bookingCandidates(slot, { kind: 'single', providerId: keep ? current.professionalId : null }, pros, opinion)
    : { candidates: [], confirmedHours: new Set<string>() };
  const professionalId = candidates[0];
  if (!slot || !professionalId) throw new ApiError(409, MESSAGES.slotTaken);
  const startsAt = new Date(slot.startDateTime);
  const endsAt = new Date(slot.endDateTime);
  const buffer = pros.find((p) => p.id === professionalId)?.travelBufferMM ?? 0;

  const moveInTransaction = () =>
    db.transaction(async (tx) => {
      refuseMove(await bookingFor(tx, bookingId, userId, true), now);
      await lockCalendars(tx, calendarLockKeys(professionalId, startsAt.getTime(), endsAt.getTime(), buffer));
      // A lapsed hold (issue 28) in the way refuses nobody; a live one refuses the move (23P01 → 409).
      await clearExpiredHolds(
        tx,
        [{ professionalId, startMs: startsAt.getTime(), endMs: endsAt.getTime(), bufferMM: buffer }],
        now,
      );
      let updated: BookingRow | undefined;
      try {
        [updated] = await tx
          .update(bookings)
          .set({
            startsAt,
            endsAt,
            professionalId,
            // On request: a new request to her (issue 27), with its own deadline; instant: nobody to ask.
            ...(confirmed.has(professionalId) && !current.isManualFlow
              ? { status: 'confirmed' as const, requestStage: null, answerBy: null, askedProfessionalIds: [] }
              : { status: 'pending' as const, ...newRequestFields('single', professionalId, startsAt, now) }),
            requestedStartsAt: null,
            requestedEndsAt: null,
            sequence: sql`${bookings.sequence} + 1`,
          })
          .where(eq(bookings.id, bookingId))
          .returning();
      } catch (error) {
        if (isCustomerOverlap(error)) throw new MovedOntoHerOwn(error);
        if (sqlState(error) === '23P01') throw new ApiError(409, MESSAGES.slotTaken);
        throw error;
      }
      // The e-mail of the move, the reminders of the new time (those of the old one are dropped) and
      // the word to whoever waits for the day of the old time.
      await dropWaitingReminders(tx, bookingId, REMINDER_KINDS, now);
      const queued = await tx
        .insert(outbox)
        .values([
          { kind: 'booking-rescheduled', bookingId, nextAttemptAt: now, createdAt: now },
          ...reminderRows(updated!, now),
          ...requestJobs(updated!, now),
          { kind: 'waitlist-offer', bookingId, forStartsAt: current.startsAt, nextAttemptAt: now, createdAt: now },
        ])
        .returning({ id: outbox.id, kind: outbox.kind });
      const outboxId = queued.find((row) => row.kind === 'booking-rescheduled')!.id;
      return { appointment: await appointmentOf(tx, updated!, now), outboxId };
    });

  try {
    return await moveInTransaction();
  } catch (error) {
    if (!(error instanceof MovedOntoHerOwn)) throw error;
    // Moved onto another appointment of hers: the refusal says which (read once the transaction is over).
    const overlap = { userId: current.userId, email: current.contact?.email ?? '', startsAt, endsAt, bookingId };
    throw (await customerOverlapError(db, overlap)) ?? new ApiError(409, MESSAGES.slotTaken);
  }
}

/** The move was refused by the customer constraints: she has another appointment then. */
class MovedOntoHerOwn extends Error {
  constructor(cause: unknown) {
    super('customer busy', { cause });
    this.name = 'MovedOntoHerOwn';
  }
}

/**
 * POST /appointments/:bookingId/reminder: the optional reminder two hours before, on or off, while
 * the appointment is ahead and not cancelled (409 otherwise). On: an outbox row due then (none when
 * that moment has passed; the choice is kept for a move). Off: the waiting row is dropped. Asking
 * for what is already so changes nothing.
 */
export async function setTwoHoursReminder(
  db: Db,
  bookingId: string,
  caller: AppointmentCaller,
  on: boolean,
  now: Date,
): Promise<Appointment> {
  const userId = await ownerFor(db, bookingId, caller, now);
  return db.transaction(async (tx) => {
    const row = await bookingFor(tx, bookingId, userId, true);
    if (row.status === 'cancelled') throw new ApiError(409, API_MESSAGES.appointmentCancelled);
    if (row.startsAt.getTime() <= now.getTime()) throw new ApiError(409, API_MESSAGES.appointmentStarted);
    if (row.twoHoursReminder === on) return appointmentOf(tx, row, now);
    const [updated] = await tx
      .update(bookings)
      .set({ twoHoursReminder: on })
      .where(eq(bookings.id, row.id))
      .returning();
    const reminder = on ? twoHoursReminderRow(row, now) : null;
    if (reminder) await tx.insert(outbox).values(reminder);
    if (!on) await dropWaitingReminders(tx, row.id, ['booking-reminder-2h'], now);
    return appointmentOf(tx, updated!, now);
  });
}
