/**
 * After the booking (issue 16): the customer opens one appointment and cancels it. Who may: the
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
import { and, eq, sql } from 'drizzle-orm';
import { asHairLength, FREE_CANCELLATION_HOURS } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { Appointment } from '../../contract/appointment';
import type { Db } from '../db/client';
import { bookings } from '../db/schema/bookings';
import { outbox } from '../db/schema/outbox';
import { professionals } from '../db/schema/professionals';
import { ApiError } from '../http/api-error';
import { API_MESSAGES } from '../messages';
import { isUuid } from './availability-store';
import { calendarLockKeys, lockCalendars, pickedSlot } from './booking-store';
import { teamsOf } from './booking-teams';
import { sqlState } from './db-errors';
import { reminderRow } from './reminders';
import { bookingSummary } from './me-next';
import { instantToZoned } from './time';
import { createUserToken, findValidToken } from './user-tokens';

const HOUR_MS = 60 * 60 * 1000;

type BookingRow = typeof bookings.$inferSelect;

/** Who asks: the signed-in customer, or whoever holds a manage token. */
export type AppointmentCaller = { userId: string } | { manageToken: string };

/** The last instant a cancellation of an appointment starting at `startsAt` is free. */
export const freeCancellationUntil = (startsAt: Date): Date =>
  new Date(startsAt.getTime() - FREE_CANCELLATION_HOURS * HOUR_MS);

/** Free cancellation is open up to and including its last instant. */
export const canCancelFree = (startsAt: Date, now: Date): boolean =>
  now.getTime() <= freeCancellationUntil(startsAt).getTime();

/** The manage link's token for a booking: reusable, bound to it, valid until the appointment ends. */
export const createManageToken = (db: Db, booking: Pick<BookingRow, 'id' | 'userId' | 'endsAt'>, now: Date) =>
  createUserToken(db, booking.userId, 'manage', now, {
    bookingId: booking.id,
    ttlMs: Math.max(booking.endsAt.getTime() - now.getTime(), 0),
  });

/** The user whose booking `bookingId` the caller may see, or null (unknown, not hers, bad token). */
async function ownerFor(db: Db, bookingId: string, caller: AppointmentCaller, now: Date): Promise<string | null> {
  // A booking id is a UUID: anything else cannot name one (and must not reach the database as one).
  if (!isUuid(bookingId)) return null;
  if ('userId' in caller) return caller.userId;
  if (!caller.manageToken) return null;
  const found = await findValidToken(db, caller.manageToken, ['manage'], now);
  return found && found.bookingId === bookingId ? found.user.id : null;
}

/** Her booking, as the caller may see it; 404 otherwise. `lock` holds the row for the transaction. */
async function bookingFor(db: Db, bookingId: string, userId: string, lock: boolean): Promise<BookingRow> {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId), eq(bookings.ownerPending, false)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, API_MESSAGES.appointmentNotFound);
  return row;
}

async function appointmentOf(db: Db, row: BookingRow, now: Date): Promise<Appointment> {
  const team = row.kind === 'salotto' ? ((await teamsOf(db, [row.id])).get(row.id) ?? []) : [];
  const [pro] = row.professionalId
    ? await db
        .select({ firstName: professionals.firstName, lastName: professionals.lastName })
        .from(professionals)
        .where(eq(professionals.id, row.professionalId))
    : [];
  const until = freeCancellationUntil(row.startsAt);
  return {
    status: row.status,
    ...bookingSummary(row, team),
    endTime: instantToZoned(row.endsAt, row.timeZone).time,
    professionalName: pro ? `${pro.firstName} ${pro.lastName}` : null,
    cancellableUntil: until.toISOString(),
    cancellable: row.status !== 'cancelled' && canCancelFree(row.startsAt, now),
    reschedulable: row.kind === 'single' && row.status !== 'cancelled' && canCancelFree(row.startsAt, now),
    twoHoursReminder: row.twoHoursReminder,
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
  if (!userId) throw new ApiError(404, API_MESSAGES.appointmentNotFound);
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
  if (!userId) throw new ApiError(404, API_MESSAGES.appointmentNotFound);
  return db.transaction(async (tx) => {
    const row = await bookingFor(tx, bookingId, userId, true);
    if (row.status === 'cancelled') return { appointment: await appointmentOf(tx, row, now), outboxId: null };
    if (!canCancelFree(row.startsAt, now)) throw new ApiError(409, API_MESSAGES.cancellationTooLate);
    const [updated] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, sequence: sql`${bookings.sequence} + 1` })
      .where(eq(bookings.id, row.id))
      .returning();
    // Her e-mail, and the word to whoever waits for that day (server/services/waitlist.ts).
    const queued = await tx
      .insert(outbox)
      .values([
        { kind: 'booking-cancellation', bookingId: row.id, nextAttemptAt: now, createdAt: now },
        { kind: 'waitlist-offer', bookingId: row.id, forStartsAt: row.startsAt, nextAttemptAt: now, createdAt: now },
      ])
      .returning({ id: outbox.id, kind: outbox.kind });
    const outboxId = queued.find((q) => q.kind === 'booking-cancellation')!.id;
    return { appointment: await appointmentOf(tx, updated!, now), outboxId };
  });
}

/** Where the customer wants her appointment moved. */
export interface AppointmentMove {
  startDate: string;
  startTime: string;
  /** Keep her professional (the default), or take whoever is free then. */
  keepProfessional: boolean;
}

/**
 * POST /appointments/:bookingId/reschedule (a single booking). The new time is one availability
 * offers for the same address, services, length and people (with her professional, unless she lets
 * it go), computed as the store does; then one transaction: the row locked and checked again, the
 * new professional's hours locked, the row moved (its assignment follows, by trigger), the calendar
 * revision raised and the e-mail queued. The exclusion constraint is the judge: if someone took the
 * time meanwhile, the update fails (409) and the booking keeps its old time. Price and code are
 * kept; the status follows the new slot (on request: pending again).
 */
export async function rescheduleAppointment(
  db: Db,
  bookingId: string,
  caller: AppointmentCaller,
  move: AppointmentMove,
  now: Date,
): Promise<{ appointment: Appointment; outboxId: string }> {
  const userId = await ownerFor(db, bookingId, caller, now);
  if (!userId) throw new ApiError(404, API_MESSAGES.appointmentNotFound);
  const current = await bookingFor(db, bookingId, userId, false);
  const refuse = (row: BookingRow) => {
    if (row.status === 'cancelled') throw new ApiError(409, API_MESSAGES.appointmentCancelled);
    if (row.kind === 'salotto') throw new ApiError(409, API_MESSAGES.salottoByPhone);
    if (!canCancelFree(row.startsAt, now)) throw new ApiError(409, API_MESSAGES.rescheduleTooLate);
  };
  refuse(current);
  const keep = move.keepProfessional && current.professionalId !== null;
  const { slot, professionals: pros } = await pickedSlot(db, {
    kind: 'single',
    serviceIds: current.services.map((service) => service.serviceId),
    location: current.location,
    startDate: move.startDate,
    startTime: move.startTime,
    providerId: null,
    couponCode: '',
    participants: current.participants,
    hairLength: asHairLength(current.hairLength),
    email: null,
    signedIn: null,
    now,
  });
  const confirmed = new Set(pros.filter((p) => p.hoursConfirmed).map((p) => p.id));
  // Whoever is free then, professionals whose hours are confirmed first (an instant slot stays instant).
  const candidates = (slot?.professionalIds ?? [])
    .filter((id) => !keep || id === current.professionalId)
    .sort((a, b) => Number(confirmed.has(b)) - Number(confirmed.has(a)));
  const professionalId = candidates[0];
  if (!slot || !professionalId) throw new ApiError(409, MESSAGES.slotTaken);
  const startsAt = new Date(slot.startDateTime);
  const endsAt = new Date(slot.endDateTime);
  const buffer = pros.find((p) => p.id === professionalId)?.travelBufferMM ?? 0;

  return db.transaction(async (tx) => {
    refuse(await bookingFor(tx, bookingId, userId, true));
    await lockCalendars(tx, calendarLockKeys(professionalId, startsAt.getTime(), endsAt.getTime(), buffer));
    let updated: BookingRow | undefined;
    try {
      [updated] = await tx
        .update(bookings)
        .set({
          startsAt,
          endsAt,
          professionalId,
          status: confirmed.has(professionalId) && !current.isManualFlow ? 'confirmed' : 'pending',
          sequence: sql`${bookings.sequence} + 1`,
        })
        .where(eq(bookings.id, bookingId))
        .returning();
    } catch (error) {
      if (sqlState(error) === '23P01') throw new ApiError(409, MESSAGES.slotTaken);
      throw error;
    }
    // The e-mail of the move, the reminder of the new time (the old time's is dropped when due) and
    // the word to whoever waits for the day of the old time.
    const reminder = reminderRow(updated!, now);
    const queued = await tx
      .insert(outbox)
      .values([
        { kind: 'booking-rescheduled', bookingId, nextAttemptAt: now, createdAt: now },
        ...(reminder ? [reminder] : []),
        { kind: 'waitlist-offer', bookingId, forStartsAt: current.startsAt, nextAttemptAt: now, createdAt: now },
      ])
      .returning({ id: outbox.id, kind: outbox.kind });
    const outboxId = queued.find((row) => row.kind === 'booking-rescheduled')!.id;
    return { appointment: await appointmentOf(tx, updated!, now), outboxId };
  });
}
