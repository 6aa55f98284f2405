/**
 * The booking confirmation e-mail, built from the stored booking when the outbox delivers it.
 * Its link depends on who the customer is to the booking (booking-store.ts):
 * - the booking was made with the e-mail of an account its sender did not prove to be hers
 *   (`ownerPending`): a single-use link bound to the booking, valid 24 hours, that confirms it as
 *   the owner's (completing the account first when it has no password yet); no manage link (the
 *   appointment is not hers until she confirms it);
 * - the booking created the account, still without a password: the account-completion link, and
 *   under it the manage link;
 * - otherwise: the manage link ('Gestisci appuntamento': `/appointments/<id>?token=`, a token bound
 *   to the booking and valid until it ends, so it opens without a password).
 * The reminders carry the manage link too.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { bookings } from '../db/schema/bookings';
import { professionals } from '../db/schema/professionals';
import type { MailMessage } from '../mail/mailer';
import {
  bookingCancellationEmail,
  bookingConfirmationEmail,
  bookingReminderEmail,
  MANAGE_COPY,
} from './booking-emails';
import { categoryTitle, teamsOf } from './booking-teams';
import { bookingIcs } from './ics';
import { TIME_ZONE, instantToZoned } from '../domain/time';
import { createManageToken, createUserToken } from '../accounts/user-tokens';

/** How long the links sent to an existing account's mailbox stay valid. */
const OWNER_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export const completionLink = (appUrl: string, token: string, email: string) =>
  `${appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

/** The appointment's page opened with its manage token (GET /appointments/:id?token=). */
export const manageLink = (appUrl: string, bookingId: string, token: string) =>
  `${appUrl}/appointments/${encodeURIComponent(bookingId)}?token=${encodeURIComponent(token)}`;

/** A fresh manage link for the booking (its token valid until the appointment ends). */
export const newManageLink = async (db: Db, row: BookingRow, appUrl: string, now: Date) =>
  manageLink(appUrl, row.id, await createManageToken(db, row, now));

const OWNER_NOTICE =
  'Questa prenotazione è stata richiesta con il tuo indirizzo email. Se sei stata tu, confermala dal link qui sotto: solo allora comparirà nella tua area personale. Se non sei stata tu, ignora questa email.';

type BookingRow = typeof bookings.$inferSelect;
type UserRow = typeof users.$inferSelect;

async function linkFor(
  db: Db,
  row: BookingRow,
  user: UserRow,
  appUrl: string,
  now: Date,
): Promise<{ link: string; label: string; notice: string | null; manageLink: string | null }> {
  if (row.ownerPending) {
    if (user.passwordHash === null) {
      const token = await createUserToken(db, user.id, 'signup', now, { bookingId: row.id, ttlMs: OWNER_LINK_TTL_MS });
      return {
        link: completionLink(appUrl, token, user.email),
        label: 'Completa il tuo account',
        notice: OWNER_NOTICE,
        manageLink: null,
      };
    }
    const token = await createUserToken(db, user.id, 'claim', now, { bookingId: row.id, ttlMs: OWNER_LINK_TTL_MS });
    return {
      link: `${appUrl}/login?token=${encodeURIComponent(token)}`,
      label: 'Conferma la prenotazione',
      notice: OWNER_NOTICE,
      manageLink: null,
    };
  }
  const manage = await newManageLink(db, row, appUrl, now);
  if (row.createdAccount && user.passwordHash === null) {
    const token = await createUserToken(db, user.id, 'signup', now);
    return {
      link: completionLink(appUrl, token, user.email),
      label: 'Crea il tuo account',
      notice: null,
      manageLink: manage,
    };
  }
  return { link: manage, label: MANAGE_COPY.label, notice: null, manageLink: null };
}

export const DATE_LABEL = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A stored booking with what its e-mails show: the customer, the professional or the salotto's team. */
export async function bookingForMail(db: Db, bookingId: string) {
  // The booking, its customer and (a single booking) its professional: one query.
  const [found] = await db
    .select({ row: bookings, user: users, proFirst: professionals.firstName, proLast: professionals.lastName })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(professionals, eq(professionals.id, bookings.professionalId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!found) return null;
  const { row, user } = found;
  const professionalName =
    found.proFirst !== null && found.proLast !== null ? `${found.proFirst} ${found.proLast}` : null;
  // A salotto: a request to a team, one professional per category (booking_assignments).
  const team = row.kind === 'salotto' ? ((await teamsOf(db, [row.id])).get(row.id) ?? []) : [];
  return { row, user, professionalName, team };
}

export type MailBooking = NonNullable<Awaited<ReturnType<typeof bookingForMail>>>;

/** The booking's calendar file: the event to add, or (cancelled) the one to remove. */
export function calendarFileOf({ row, professionalName, team }: MailBooking, context: { appUrl: string; now: Date }) {
  const teamNames = team.map((m) => `${m.firstName} ${m.lastName}`).join(', ');
  return bookingIcs({
    bookingId: row.id,
    start: row.startsAt,
    end: row.endsAt,
    address: row.location.address,
    coordinates: row.location.coordinates,
    services: row.services.map((s) => ({ name: s.name, price: s.price * row.participants })),
    total: row.quotedTotal ?? row.total,
    supplement: row.supplement,
    toBeConfirmed: row.status === 'pending',
    cancelled: row.status === 'cancelled',
    sequence: row.sequence,
    ...(professionalName ? { professionalName } : teamNames ? { professionalName: teamNames } : {}),
    appUrl: context.appUrl,
    now: context.now,
  });
}

/** When a booking is, as the e-mails and the refusal of an overlapping booking say it. */
export const whenOf = (row: Pick<MailBooking['row'], 'startsAt' | 'endsAt' | 'timeZone'>) => ({
  dateLabel: DATE_LABEL.format(row.startsAt),
  startTime: instantToZoned(row.startsAt, row.timeZone).time,
  endTime: instantToZoned(row.endsAt, row.timeZone).time,
});

/** The cancellation e-mail of a cancelled booking, with the .ics that removes it; null if it is gone or not cancelled. */
export async function bookingCancellationMessage(
  db: Db,
  bookingId: string,
  context: { appUrl: string; now: Date },
): Promise<MailMessage | null> {
  const found = await bookingForMail(db, bookingId);
  if (!found || found.row.status !== 'cancelled') return null;
  return bookingCancellationEmail({
    to: found.user.email,
    firstName: found.user.firstName,
    ...whenOf(found.row),
    address: found.row.location.address,
    bookAgainLink: `${context.appUrl}/booking/location`,
    ics: calendarFileOf(found, context),
  });
}

/**
 * A reminder for the start `forStartsAt`, the day before or (twoHours) two hours before: null
 * (dropped) when the booking is gone, cancelled, or now starts at another time (its move wrote
 * reminders of its own), and for the two-hour one when she has turned it off.
 */
export async function bookingReminderMessage(
  db: Db,
  bookingId: string,
  forStartsAt: Date,
  context: { appUrl: string; now: Date; twoHours: boolean },
): Promise<MailMessage | null> {
  const found = await bookingForMail(db, bookingId);
  if (!found || found.row.status === 'cancelled') return null;
  if (found.row.startsAt.getTime() !== forStartsAt.getTime()) return null;
  if (context.twoHours && !found.row.twoHoursReminder) return null;
  const { row, user, professionalName, team } = found;
  return bookingReminderEmail({
    to: user.email,
    firstName: user.firstName,
    day: context.twoHours ? 'today' : 'tomorrow',
    ...whenOf(row),
    address: row.location.address,
    professionalName: professionalName ?? (team.map((m) => `${m.firstName} ${m.lastName}`).join(', ') || null),
    services: row.services.map((s) => s.name),
    manageLink: await newManageLink(db, row, context.appUrl, context.now),
  });
}

/** The confirmation (or request) e-mail of a stored booking, with its .ics; null if it is gone. */
export async function bookingConfirmationMessage(
  db: Db,
  bookingId: string,
  context: { appUrl: string; now: Date; moved?: boolean; accepted?: boolean },
): Promise<MailMessage | null> {
  const found = await bookingForMail(db, bookingId);
  // Cancelled before its confirmation went out: the cancellation e-mail says all there is to say.
  if (!found || found.row.status === 'cancelled') return null;
  const { row, user, professionalName, team } = found;
  const salotto =
    row.kind === 'salotto'
      ? {
          categories: team.map((m) => categoryTitle(m.category)),
          team: team.map((m) => `${categoryTitle(m.category)}: ${m.firstName} ${m.lastName}`),
          notes: row.notes,
        }
      : null;
  const toBeConfirmed = row.status === 'pending';
  const link = await linkFor(db, row, user, context.appUrl, context.now);
  const ics = calendarFileOf(found, context);
  return bookingConfirmationEmail({
    to: user.email,
    firstName: user.firstName,
    ...whenOf(row),
    address: row.location.address,
    services: row.services,
    participants: row.participants,
    supplement: row.supplement,
    discount: row.discount,
    total: row.quotedTotal ?? row.total,
    toBeConfirmed,
    professionalName,
    link: link.link,
    linkLabel: link.label,
    notice: link.notice,
    manageLink: link.manageLink,
    salotto,
    moved: context.moved ?? false,
    accepted: context.accepted ?? false,
    quote:
      row.kind === 'salotto' && row.quotedTotal !== null && row.quoteIncludes !== null
        ? { total: row.quotedTotal, includes: row.quoteIncludes }
        : null,
    ics,
  });
}
