/**
 * The reminder e-mails of an appointment (issue 16): the day before at REMINDER_TIME in the
 * booking's zone, always; and, when she asks for it (POST /appointments/:id/reminder),
 * TWO_HOURS_REMINDER_HOURS real hours before the start. Each is an outbox row
 * (server/jobs/outbox.ts; this room registers their kinds, booking-jobs.ts) written with what makes it due (the booking, a move, her asking),
 * due at that time: the outbox's claim (`FOR UPDATE SKIP LOCKED`) makes several API processes send
 * it once, its retries back off, and it carries the start it reminds of (`for_starts_at`), so a
 * reminder of a booking since cancelled or moved (or, two hours before, turned off) is dropped when
 * it comes due. A move drops the reminders still waiting and writes those of the new time.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { TWO_HOURS_REMINDER_HOURS } from '../../contract/constants';
import { RATING_INVITE_HOURS } from '../../contract/rating';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/outbox';
import { HOUR_MS, addDays, instantToZoned, zonedDateTimeToInstant } from '../domain/time';

/** The day before the appointment, at this local time. */
export const REMINDER_TIME = '18:00';

/**
 * The e-mails an appointment's time makes due: the reminders before it, and (issue 29) the
 * invitation to rate it RATING_INVITE_HOURS after its end. A move drops those still waiting and
 * writes those of the new time.
 */
export const REMINDER_KINDS = ['booking-reminder', 'booking-reminder-2h', 'rating-invite'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** When the reminder of the day before an appointment starting at `startsAt` is due. */
export function reminderDueAt(startsAt: Date, timeZone: string): Date {
  const { date } = instantToZoned(startsAt, timeZone);
  return zonedDateTimeToInstant(addDays(date, -1), REMINDER_TIME, timeZone);
}

/** When the optional reminder is due: real hours before the start, whatever the clocks do. */
export const twoHoursReminderDueAt = (startsAt: Date): Date =>
  new Date(startsAt.getTime() - TWO_HOURS_REMINDER_HOURS * HOUR_MS);

export type ReminderRow = {
  kind: ReminderKind;
  bookingId: string;
  forStartsAt: Date;
  nextAttemptAt: Date;
  createdAt: Date;
};

type RemindedBooking = { id: string; startsAt: Date; endsAt: Date; timeZone: string };

/** A reminder's outbox row, or null when its time has already come (nothing to remind of any more). */
function rowDueAt(kind: ReminderKind, booking: RemindedBooking, due: Date, now: Date): ReminderRow | null {
  if (due.getTime() <= now.getTime()) return null;
  return { kind, bookingId: booking.id, forStartsAt: booking.startsAt, nextAttemptAt: due, createdAt: now };
}

/** The day-before reminder's row, or null when it would come too late (booked after that evening). */
export const reminderRow = (booking: RemindedBooking, now: Date): ReminderRow | null =>
  rowDueAt('booking-reminder', booking, reminderDueAt(booking.startsAt, booking.timeZone), now);

/** The two-hours-before reminder's row, or null when that moment has passed. */
export const twoHoursReminderRow = (booking: RemindedBooking, now: Date): ReminderRow | null =>
  rowDueAt('booking-reminder-2h', booking, twoHoursReminderDueAt(booking.startsAt), now);

/** When the invitation to rate an appointment ending at `endsAt` is due: real hours after its end. */
export const ratingInviteDueAt = (endsAt: Date): Date => new Date(endsAt.getTime() + RATING_INVITE_HOURS * HOUR_MS);

/**
 * The invitation to rate (issue 29), written with every booking at its time, whatever its status:
 * a request confirmed later keeps it; one never confirmed, or cancelled, or moved, drops it when
 * it comes due (ratings.ts ratingInviteMessage).
 */
export const ratingInviteRow = (booking: RemindedBooking, now: Date): ReminderRow | null =>
  rowDueAt('rating-invite', booking, ratingInviteDueAt(booking.endsAt), now);

/**
 * Every e-mail a booking at its current time should get: the day before, two hours before when
 * asked, and the invitation to rate after it.
 */
export const reminderRows = (booking: RemindedBooking & { twoHoursReminder: boolean }, now: Date): ReminderRow[] =>
  [
    reminderRow(booking, now),
    booking.twoHoursReminder ? twoHoursReminderRow(booking, now) : null,
    ratingInviteRow(booking, now),
  ].filter((row): row is ReminderRow => row !== null);

/**
 * Drops the booking's reminders of these kinds still waiting (marked sent, nothing mailed): a move
 * writes those of its new time (a move back to the old time must not find the old ones too), and
 * turning the two-hour reminder off takes it away.
 */
export async function dropWaitingReminders(
  tx: Db,
  bookingId: string,
  kinds: readonly ReminderKind[],
  now: Date,
): Promise<void> {
  await tx
    .update(outbox)
    .set({ sentAt: now })
    .where(and(eq(outbox.bookingId, bookingId), inArray(outbox.kind, [...kinds]), isNull(outbox.sentAt)));
}
