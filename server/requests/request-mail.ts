/**
 * The e-mails of a request's answers (issue 27), built from the stored booking when the outbox
 * delivers them: to the customer when it is declined (why, the calendar's cancellation, the nearest
 * free times, a button that opens the wizard on the same services and address) or another time is
 * offered (a link to her appointment's page, where she answers: an e-mail link never changes
 * anything by itself); to the professional when a request is hers to answer, and when it passed
 * on from her. The acceptance and the salotto's quote are the confirmation e-mail
 * (booking-mail.ts bookingConfirmationMessage, `accepted` / the quote).
 */
import { eq } from 'drizzle-orm';
import { declinedBecause } from '../../contract/pro';
import type { Db } from '../db/client';
import { professionals } from '../db/schema/professionals';
import { ApiError } from '../http/api-error';
import type { MailMessage } from '../mail/mailer';
import { proRequestEmail, proRequestPassedEmail, requestDeclinedEmail, requestOfferEmail } from './request-emails';
import { slotsForBooking } from '../appointments/appointments';
import {
  bookingForMail,
  calendarFileOf,
  DATE_LABEL,
  manageLink,
  whenOf,
  type MailBooking,
} from '../bookings/booking-mail';
import { addDays, instantToZoned, localToday } from '../domain/time';
import { createManageToken } from '../accounts/user-tokens';

type Context = { appUrl: string; now: Date };

/** 'mercoledì 4 marzo 2026 alle 10:00' */
const momentLabel = (at: Date, timeZone: string) =>
  `${DATE_LABEL.format(at)} alle ${instantToZoned(at, timeZone).time}`;

/** The wizard opened again on a declined request's services and address (the app reads them with the token). */
export const bookAgainLink = (appUrl: string, bookingId: string, token: string) =>
  `${appUrl}/appointments/${encodeURIComponent(bookingId)}/rebook?token=${encodeURIComponent(token)}`;

/** How long a declined request's 'Prenota di nuovo' opens the wizard again (after the day she had asked for too). */
const BOOK_AGAIN_LINK_MS = 30 * 24 * 60 * 60 * 1000;

/** How many free times a declined request's e-mail suggests, and over how many days from its day. */
const NEAREST_TIMES = 3;
const NEAREST_DAYS = 7;

/**
 * The nearest free times for a single booking's services and address, from its day on (today at the
 * earliest), at most NEAREST_TIMES over NEAREST_DAYS days: what a declined request's e-mail (and the
 * no-substitute cancellation's) suggests, and what the team's board offers for one 'da ricollocare'.
 */
export async function nearestFreeSlots(
  db: Db,
  row: MailBooking['row'],
  now: Date,
): Promise<Array<{ date: string; startTime: string; endTime: string; startDateTime: string }>> {
  if (row.kind !== 'single') return [];
  const today = localToday(now, row.timeZone);
  const day = instantToZoned(row.startsAt, row.timeZone).date;
  const from = day > today ? day : today;
  const found: Array<{ date: string; startTime: string; endTime: string; startDateTime: string }> = [];
  for (let i = 0; i < NEAREST_DAYS && found.length < NEAREST_TIMES; i++) {
    const offered = await slotsForBooking(
      db,
      row,
      addDays(from, i),
      { providerId: null, ownTimeFree: false },
      now,
    ).catch((error: unknown) => {
      // A service no longer in the catalogue: no times to suggest (the e-mail still goes).
      if (error instanceof ApiError) return null;
      throw error;
    });
    if (!offered) break;
    for (const slot of offered.slots.slice(0, NEAREST_TIMES - found.length))
      found.push({
        date: slot.date,
        startTime: slot.startTime,
        endTime: slot.endTime,
        startDateTime: slot.startDateTime,
      });
  }
  return found;
}

/** The same, as the e-mail words them ('mercoledì 4 marzo 2026 alle 10:00'). */
async function nearestFreeTimes(db: Db, found: MailBooking, now: Date): Promise<string[]> {
  const slots = await nearestFreeSlots(db, found.row, now);
  return slots.map((slot) => momentLabel(new Date(slot.startDateTime), found.row.timeZone));
}

/** Her request was declined (by the professional, the team, or the deadline): null unless it is. */
export async function requestDeclinedMessage(db: Db, bookingId: string, context: Context): Promise<MailMessage | null> {
  const found = await bookingForMail(db, bookingId);
  const reason = found?.row.status === 'cancelled' ? found.row.declineReason : null;
  if (!found || !reason) return null;
  const { row, user } = found;
  const apology = reason === 'no-answer' || reason === 'offer-expired' || reason === 'no-substitute';
  return requestDeclinedEmail({
    to: user.email,
    firstName: row.contact?.firstName ?? user.firstName,
    ...whenOf(row),
    address: row.location.address,
    because: declinedBecause(reason, row.declineMessage),
    apology,
    appointment: reason === 'no-substitute',
    nearest: apology ? await nearestFreeTimes(db, found, context.now) : [],
    bookAgainLink: bookAgainLink(
      context.appUrl,
      row.id,
      await createManageToken(db, row, context.now, BOOK_AGAIN_LINK_MS),
    ),
    ics: calendarFileOf(found, context),
  });
}

/** Another time is offered to her: null unless the offer still waits. */
export async function requestOfferMessage(db: Db, bookingId: string, context: Context): Promise<MailMessage | null> {
  const found = await bookingForMail(db, bookingId);
  if (!found) return null;
  const { row, user } = found;
  if (row.status !== 'pending' || row.requestStage !== 'offered' || !row.requestedStartsAt || !row.requestedEndsAt)
    return null;
  const [pro] = row.professionalId
    ? await db
        .select({ firstName: professionals.firstName })
        .from(professionals)
        .where(eq(professionals.id, row.professionalId))
    : [];
  return requestOfferEmail({
    to: user.email,
    firstName: row.contact?.firstName ?? user.firstName,
    professionalFirstName: pro?.firstName ?? 'La professionista',
    requested: whenOf({ startsAt: row.requestedStartsAt, endsAt: row.requestedEndsAt, timeZone: row.timeZone }),
    offered: whenOf(row),
    address: row.location.address,
    answerByLabel: momentLabel(row.answerBy ?? row.startsAt, row.timeZone),
    link: manageLink(context.appUrl, row.id, await createManageToken(db, row, context.now)),
  });
}

/** The booking and the professional an e-mail to her is about; null when either is gone (or she has no e-mail). */
async function forProfessional(db: Db, bookingId: string, professionalId: string) {
  const found = await bookingForMail(db, bookingId);
  const [pro] = await db.select().from(professionals).where(eq(professionals.id, professionalId));
  return found && pro?.email ? { row: found.row, pro: { ...pro, email: pro.email } } : null;
}

/** To the professional: a request waits for her (null once it no longer does: answered or passed on). */
export async function proRequestMessage(
  db: Db,
  bookingId: string,
  professionalId: string,
  context: Context,
): Promise<MailMessage | null> {
  const found = await forProfessional(db, bookingId, professionalId);
  if (!found) return null;
  const { row, pro } = found;
  if (row.status !== 'pending' || row.requestStage !== 'professional' || row.professionalId !== professionalId)
    return null;
  return proRequestEmail({
    to: pro.email,
    firstName: pro.firstName,
    when: whenOf(row),
    address: row.location.address,
    services: row.services.map((s) => s.name),
    answerByLabel: momentLabel(row.answerBy ?? row.startsAt, row.timeZone),
    link: `${context.appUrl}/pro/requests/${encodeURIComponent(row.id)}`,
  });
}

/** To the professional: the request passed on from her. */
export async function proRequestPassedMessage(
  db: Db,
  bookingId: string,
  professionalId: string,
  context: Context,
): Promise<MailMessage | null> {
  const found = await forProfessional(db, bookingId, professionalId);
  if (!found) return null;
  return proRequestPassedEmail({
    to: found.pro.email,
    firstName: found.pro.firstName,
    when: whenOf(found.row),
    link: `${context.appUrl}/pro/requests`,
  });
}
