/**
 * The reminder e-mail the day before an appointment (issue 16), at REMINDER_TIME in the booking's
 * zone. It is an outbox row (server/services/outbox.ts) written with the booking, due at that
 * time: the outbox's claim (`FOR UPDATE SKIP LOCKED`) makes several API processes send it once,
 * its retries back off, and it carries the start it reminds of (`for_starts_at`), so a reminder of
 * a booking since cancelled or moved is dropped when it comes due (a move writes a new one).
 */
import { addDays, instantToZoned, zonedDateTimeToInstant } from './time';

/** The day before the appointment, at this local time. */
export const REMINDER_TIME = '18:00';

/** When the reminder of an appointment starting at `startsAt` is due. */
export function reminderDueAt(startsAt: Date, timeZone: string): Date {
  const { date } = instantToZoned(startsAt, timeZone);
  return zonedDateTimeToInstant(addDays(date, -1), REMINDER_TIME, timeZone);
}

/** The reminder's outbox row, or null when it would come too late (booked after that evening). */
export function reminderRow(
  booking: { id: string; startsAt: Date; timeZone: string },
  now: Date,
): { kind: 'booking-reminder'; bookingId: string; forStartsAt: Date; nextAttemptAt: Date; createdAt: Date } | null {
  const due = reminderDueAt(booking.startsAt, booking.timeZone);
  if (due.getTime() <= now.getTime()) return null;
  return {
    kind: 'booking-reminder',
    bookingId: booking.id,
    forStartsAt: booking.startsAt,
    nextAttemptAt: due,
    createdAt: now,
  };
}
