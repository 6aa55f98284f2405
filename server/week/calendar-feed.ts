/**
 * Her calendar feed (issue 40): a private address that Apple, Google and Outlook calendars poll,
 * giving her agenda as an iCalendar file (RFC 5545, server/bookings/ics.ts): her confirmed
 * appointments, the ones still waiting as TENTATIVE, her time off as busy; times in Europe/Rome with
 * its VTIMEZONE, whole days off as dates.
 *
 * - The address is `/calendar/<token>.ics` on the API, the token random (24 bytes, base64url), one
 *   per professional (calendar_feeds). Made on the first ask; regenerating replaces it, so the old
 *   address answers 404 at once.
 * - What it carries of a customer: her first name, the address and doorbell, the booking's services
 *   (a salotto's all, as her agenda shows them). Not her
 *   phone, notes or allergies: an address that a calendar app keeps and syncs is not the place for
 *   health data (her agenda in the app shows them).
 * - From 30 days back to the booking horizon. Each event's DTSTAMP is when what it says last
 *   changed, not when the file is made, so the same agenda gives the same file and its ETag
 *   (sha-256 of the file) lets a calendar app's poll be answered 304.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import type { calendarFeedSchema } from '../../contract/pro-week';
import { PRODUCT } from '../../contract/constants';
import type { Db } from '../db/client';
import { professionals } from '../db/schema/professionals';
import { timeOff } from '../db/schema/time-off';
import { calendarFeeds } from '../db/schema/week';
import { addDays, dayFrame, localToday } from '../domain/time';
import { calendarIcs, eventSummary, type IcsEvent } from '../bookings/ics';
import { activeAssignmentsOf } from '../requests/pro-appointments';

type ProfessionalRow = typeof professionals.$inferSelect;
type FeedRow = typeof calendarFeeds.$inferSelect;
type CalendarFeed = v.InferOutput<typeof calendarFeedSchema>;

/** How far back the feed goes (a calendar app keeps what it got before). */
export const FEED_DAYS_BACK = 30;
/** How far ahead: the booking horizon. */
export const FEED_DAYS_AHEAD = 366;

/** A feed's file name in its address: the token and `.ics`. */
export const FEED_FILE = /^([A-Za-z0-9_-]{32})\.ics$/;

const newToken = () => randomBytes(24).toString('base64url');

/** The addresses of a feed: https (or the API's own scheme) and webcal for calendar apps. */
export function feedView(row: FeedRow, apiOrigin: string): CalendarFeed {
  const url = `${apiOrigin}/calendar/${row.token}.ics`;
  return {
    url,
    webcalUrl: url.replace(/^https?:/, 'webcal:'),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Her feed (made now when she has none: two first asks at once make one). */
export async function feedOf(db: Db, pro: ProfessionalRow, now: Date): Promise<FeedRow> {
  await db
    .insert(calendarFeeds)
    .values({ professionalId: pro.id, token: newToken(), createdAt: now })
    .onConflictDoNothing({ target: calendarFeeds.professionalId });
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.professionalId, pro.id)).limit(1);
  return row!;
}

/** A new address for her feed: the old token is gone from the table, so its address is a 404. */
export async function regenerateFeed(db: Db, pro: ProfessionalRow, now: Date): Promise<FeedRow> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ professionalId: pro.id, token: newToken(), createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.professionalId, set: { token: newToken(), createdAt: now } })
    .returning();
  return row!;
}

const latest = (...instants: (Date | null | undefined)[]) =>
  new Date(Math.max(...instants.filter((d): d is Date => d instanceof Date).map((d) => d.getTime())));

/** Her events: appointments (her part of a salotto) and time off, in time order. */
async function eventsOf(db: Db, pro: ProfessionalRow, now: Date, uidDomain: string): Promise<IcsEvent[]> {
  const today = localToday(now);
  const from = new Date(dayFrame(addDays(today, -FEED_DAYS_BACK)).startMs);
  const until = new Date(dayFrame(addDays(today, FEED_DAYS_AHEAD)).endMs);
  const appointments = await activeAssignmentsOf(db, pro.id, from, until);
  const absences = await db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.professionalId, pro.id), gt(timeOff.endsAt, from), isNull(timeOff.cancelledAt)))
    .orderBy(asc(timeOff.startsAt));

  const appointmentEvents = appointments.map(({ row: booking, firstName, startsAt, endsAt }): IcsEvent => {
    const services = booking.services;
    const customer = firstName?.trim() || 'Cliente';
    const description = [
      `Cliente: ${customer}`,
      ...(booking.doorbellName ? [`Citofono: ${booking.doorbellName}`] : []),
      'Servizi:',
      ...services.map((s) => `- ${s.name}`),
      ...(booking.status === 'pending' ? ['In attesa di conferma.'] : []),
    ];
    return {
      uid: `${booking.id}.${pro.id}@${uidDomain}`,
      start: startsAt,
      end: endsAt,
      summary: `${eventSummary(services)} · ${customer}`,
      location: booking.location.address,
      geo: booking.location.coordinates,
      description: description.join('\n'),
      stamp: latest(booking.createdAt, booking.answeredAt, booking.cancelledAt),
      status: booking.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED',
      sequence: booking.sequence,
    };
  });
  const timeOffEvents = absences.map((row): IcsEvent => ({
    uid: `time-off.${row.id}@${uidDomain}`,
    start: row.startsAt,
    end: row.endsAt,
    ...(row.kind === 'days' ? { days: { first: row.startDate, afterLast: addDays(row.endDate, 1) } } : {}),
    summary: `Assenza · ${PRODUCT}`,
    stamp: row.createdAt,
    status: 'CONFIRMED',
  }));
  return [...appointmentEvents, ...timeOffEvents].sort((x, y) => x.start.getTime() - y.start.getTime());
}

/** The feed of `token` and its ETag; null for a token that is no one's (404). */
export async function feedCalendar(
  db: Db,
  token: string,
  now: Date,
  uidDomain = 'musa.example',
): Promise<{ ics: string; etag: string } | null> {
  const [found] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1);
  if (!found) return null;
  const [pro] = await db.select().from(professionals).where(eq(professionals.id, found.professionalId)).limit(1);
  if (!pro) return null;
  const ics = calendarIcs(await eventsOf(db, pro, now, uidDomain), {
    name: `${PRODUCT} · ${pro.firstName} ${pro.lastName}`,
  });
  const etag = `"${createHash('sha256').update(ics).digest('base64url')}"`;
  return { ics, etag };
}

/** Whether an If-None-Match header names `etag` (a list, weak validators, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
