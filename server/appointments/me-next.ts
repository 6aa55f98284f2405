import { sql } from 'drizzle-orm';
import type { NextBookingsData } from '../../contract/user';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { bookingAssignments, bookings } from '../db/schema/bookings';
import { professionals } from '../db/schema/professionals';
import { ratings } from '../db/schema/ratings';
import { groupMembers, teamOf } from '../bookings/booking-teams';
import { accountBookingsOf } from '../bookings/customer-bookings';
import { toRateOf, toRateSince, TO_RATE_LIMIT } from '../ratings/ratings';
import { instantToZoned } from '../domain/time';
import type { NextBooking } from '../../contract/user';
import type { TeamMemberRow } from '../bookings/booking-teams';

type BookingRow = typeof bookings.$inferSelect;

/** What the statement below answers, as JSON (the same text with both drivers). */
interface MeNextDocument {
  next: Array<
    Pick<BookingRow, 'id' | 'timeZone' | 'location' | 'services' | 'total' | 'kind' | 'participants' | 'notes'> & {
      startsAt: number;
    }
  >;
  last: BookingRow['services'] | null;
  past: Array<Pick<BookingRow, 'id' | 'timeZone' | 'services'> & { startsAt: number }>;
  members: Array<{
    bookingId: string;
    professionalId: string;
    category: string | null;
    firstName: string;
    lastName: string;
  }>;
  rated: Array<{ bookingId: string; professionalId: string }>;
}

/**
 * Everything /me/next shows, in one round trip (issue 30: six statements made it the slowest read
 * at 20 connections): her account's bookings (customer-bookings.ts `accountBookingsOf`), read through
 * `bookings_user_starts_idx`; the upcoming ones with their salotto's members, the services of
 * the latest one started, and the latest TO_RATE_LIMIT confirmed ones that ended since `since`
 * with who came and whom she rated.
 */
function prepareMeNext(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const epochMs = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`);
  return db
    .select({
      doc: sql<string>`(
        WITH mine AS NOT MATERIALIZED (
          SELECT id, starts_at, ends_at, time_zone, location, services, total, kind, participants, notes, status
          FROM ${bookings}
          WHERE ${accountBookingsOf(p('user'))}
        ),
        next AS (SELECT * FROM mine WHERE starts_at > ${p('now')}::timestamptz),
        past AS (
          SELECT * FROM mine
          WHERE status = 'confirmed' AND ends_at <= ${p('now')}::timestamptz AND ends_at >= ${p('since')}::timestamptz
          ORDER BY starts_at DESC LIMIT ${p('limit')}::int
        ),
        served AS (SELECT id FROM past UNION ALL SELECT id FROM next WHERE kind = 'salotto')
        SELECT json_build_object(
          'next', coalesce((SELECT json_agg(json_build_object('id', id, 'startsAt', ${epochMs('starts_at')},
            'timeZone', time_zone, 'location', location, 'services', services, 'total', total, 'kind', kind,
            'participants', participants, 'notes', notes) ORDER BY starts_at) FROM next), '[]'),
          'last', (SELECT services FROM mine WHERE starts_at <= ${p('now')}::timestamptz ORDER BY starts_at DESC LIMIT 1),
          'past', coalesce((SELECT json_agg(json_build_object('id', id, 'startsAt', ${epochMs('starts_at')},
            'timeZone', time_zone, 'services', services) ORDER BY starts_at DESC) FROM past), '[]'),
          'members', coalesce((SELECT json_agg(json_build_object('bookingId', a.booking_id,
            'professionalId', a.professional_id, 'category', a.category, 'firstName', pro.first_name,
            'lastName', pro.last_name))
            FROM ${bookingAssignments} a JOIN ${professionals} pro ON pro.id = a.professional_id
            WHERE a.active AND a.booking_id IN (SELECT id FROM served)), '[]'),
          'rated', coalesce((SELECT json_agg(json_build_object('bookingId', r.booking_id, 'professionalId', r.professional_id))
            FROM ${ratings} r WHERE r.booking_id IN (SELECT id FROM past)), '[]')
        )::text
      )`,
    })
    .from(sql`(SELECT 1) one`)
    .prepare('musa_me_next');
}

const meNextStatement = preparedPerDb(prepareMeNext);

/**
 * GET /me/next. nextBookings: the customer's bookings that start after `now` and are not
 * cancelled, soonest first. lastProposal: the services of her latest booking already started
 * (our recommendation is "book again what you had last time"); null when she has none. A salotto
 * carries its request: the people, the team's categories, the notes and the beauty box. toRate
 * (issue 29): her appointments that took place, ended in the last RATING_EDIT_DAYS, with someone
 * she has not rated yet, the latest first.
 */
export async function getMeNext(db: Db, userId: string, now: Date): Promise<NextBookingsData> {
  const statement = meNextStatement(db);
  const [row] = await statement.execute({
    user: userId,
    now: now.toISOString(),
    since: toRateSince(now).toISOString(),
    limit: TO_RATE_LIMIT,
  });
  const doc = JSON.parse(row!.doc) as MeNextDocument;
  const members = groupMembers(doc.members);
  const at = <T extends { startsAt: number }>(b: T) => ({ ...b, startsAt: new Date(b.startsAt) });
  return {
    lastProposal: doc.last ? { services: doc.last.map((s) => ({ name: s.name })) } : null,
    nextBookings: doc.next.map((b) =>
      bookingSummary(at(b), b.kind === 'salotto' ? teamOf(members.get(b.id) ?? []) : []),
    ),
    toRate: toRateOf(doc.past.map(at), members, doc.rated),
  };
}

/**
 * A booking as the customer sees it in her personal area and on its manage screen: when (in the
 * booking's zone), where, what, the total, and for a salotto its request (people, the team's
 * categories, the notes, the beauty box).
 */
export function bookingSummary(
  b: Pick<
    BookingRow,
    'id' | 'startsAt' | 'timeZone' | 'location' | 'services' | 'total' | 'kind' | 'participants' | 'notes'
  >,
  team: readonly TeamMemberRow[],
): NextBooking {
  const { date, time } = instantToZoned(b.startsAt, b.timeZone);
  return {
    id: b.id,
    startDateTime: b.startsAt.toISOString(),
    date,
    startTime: time,
    timeZone: b.timeZone,
    location: b.location,
    services: b.services.map((s) => ({ name: s.name, price: s.price })),
    total: b.total,
    ...(b.kind === 'salotto'
      ? {
          salotto: {
            participants: b.participants,
            categories: team.map((m) => m.category),
            notes: b.notes,
            beautyBox: true,
          },
        }
      : {}),
  };
}
