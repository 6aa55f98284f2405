/**
 * What the scale bench asks of a grown world (bench/scale/world.ts): the days and ids of its read
 * routes, a customer with 50 past bookings and a signed-in session, the bookings it moves and
 * cancels (each with its owner's session), and a day with 200 customers waiting.
 */
import { eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../server/db/client';
import { sessions, users } from '../../server/db/schema/accounts';
import { professionals } from '../../server/db/schema/professionals';
import { waitlist } from '../../server/db/schema/waitlist';
import { DEMO_EMAIL } from '../../server/db/seed/accounts';
import type { WorkingHours } from '../../server/domain/professionals';
import { randomToken, sha256 } from '../../server/accounts/secrets';
import { addDays, isoWeekday, localToday } from '../../server/domain/time';
import type { SequenceItem } from '../load';
import { PIEGA, TORINO, type Fixture } from '../payloads';
import { DAYS_AHEAD } from './world';

export interface ScaleFixture {
  /** For the store: `today` moved past the generated year, so its distinct slots are empty days. */
  store: Fixture;
  /** Available-times' day (a busy weekday three days ahead) and the month of available-days. */
  timesDate: string;
  month: { from: string; to: string };
  /** Giulia Ferrero (Torino, the seed's), whom the history customer has met: the professional filter. */
  filterProviderId: string;
  /** The demo customer, given 50 past bookings in Torino and 3 upcoming. */
  historyUserId: string;
  historyToken: string;
  pastBookings: number;
  moves: SequenceItem[];
  cancels: SequenceItem[];
  /** The day of the waitlist round, 200 entries for Torino, and the booking whose cancellation frees it. */
  waitDay: string;
  waitBookingId: string;
  waitToken: string;
}

const firstOfNextMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** The next Tuesday to Friday on or after `date`. */
const midweek = (date: string) => {
  let d = date;
  while (isoWeekday(d) === 1 || isoWeekday(d) >= 6) d = addDays(d, 1);
  return d;
};

async function sessionsFor(db: Db, userIds: readonly string[], now: Date): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  const rows = [...new Set(userIds)].map((userId) => {
    const token = randomToken();
    tokens.set(userId, token);
    return { userId, tokenHash: sha256(token), createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(sessions).values(rows.slice(i, i + 1000));
  return tokens;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Picks and prepares what the routes are measured with; `afterBookings` items of each list at most. */
export async function prepareScaleFixture(db: Db, now: Date, afterBookings: number): Promise<ScaleFixture> {
  const today = localToday(now);
  const timesDate = midweek(addDays(today, 3));
  const first = firstOfNextMonth(timesDate);
  const month = { from: first, to: addDays(firstOfNextMonth(first), -1) };
  const horizon = addDays(today, DAYS_AHEAD);

  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
  const [giulia] = await db
    .select({ id: professionals.id })
    .from(professionals)
    .where(eq(professionals.slug, 'pro-giulia-ferrero'));
  if (!demo || !giulia) throw new Error('seed without the demo customer or Giulia Ferrero');

  // 50 past bookings for her: Torino's, one a day (her no-overlap rule holds), hers from now on;
  // with the seed's own Torino professionals at every N (bench/scale/world.ts copies them as
  // '<slug>-x<k>'), so her lists are the same size in every world and the runs compare the world's
  // growth, not a longer list (drawn from the whole city, at N = 40 she met 42 professionals, not 9).
  const dayOf = sql`(b.starts_at AT TIME ZONE 'Europe/Rome')::date`;
  await db.execute(sql`UPDATE bookings SET user_id = ${demo.id},
      contact = jsonb_set(contact, '{email}', to_jsonb(${DEMO_EMAIL}::text))
    WHERE id IN (
      SELECT DISTINCT ON (${dayOf}) b.id FROM bookings b JOIN professionals p ON p.id = b.professional_id
      WHERE 'torino' = ANY(p.zone_ids) AND p.slug NOT LIKE '%-x%' AND b.status <> 'cancelled' AND b.user_id <> ${demo.id}
        AND b.starts_at < ${now.toISOString()}::timestamptz - interval '2 days'
        AND ${dayOf} NOT IN (SELECT (starts_at AT TIME ZONE 'Europe/Rome')::date FROM bookings WHERE user_id = ${demo.id})
      ORDER BY ${dayOf} DESC, b.id
      LIMIT GREATEST(0, 50 - (SELECT count(*) FROM bookings WHERE user_id = ${demo.id} AND starts_at < ${now.toISOString()}::timestamptz)))`);
  // And three upcoming ones (her personal area lists them), one a day as well.
  await db.execute(sql`UPDATE bookings SET user_id = ${demo.id},
      contact = jsonb_set(contact, '{email}', to_jsonb(${DEMO_EMAIL}::text))
    WHERE id IN (
      SELECT DISTINCT ON (${dayOf}) b.id FROM bookings b JOIN professionals p ON p.id = b.professional_id
      WHERE 'torino' = ANY(p.zone_ids) AND p.slug NOT LIKE '%-x%' AND b.status <> 'cancelled' AND b.user_id <> ${demo.id}
        AND b.starts_at > ${now.toISOString()}::timestamptz + interval '1 day'
        AND b.starts_at < ${now.toISOString()}::timestamptz + interval '20 days'
        AND ${dayOf} NOT IN (SELECT (starts_at AT TIME ZONE 'Europe/Rome')::date FROM bookings WHERE user_id = ${demo.id})
      ORDER BY ${dayOf}, b.id
      LIMIT GREATEST(0, 3 - (SELECT count(*) FROM bookings WHERE user_id = ${demo.id} AND starts_at > ${now.toISOString()}::timestamptz)))`);
  const [past] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM bookings WHERE user_id = ${demo.id} AND status <> 'cancelled' AND starts_at < ${now.toISOString()}::timestamptz`,
  );

  // Bookings to move and cancel: live single ones past the free-cancellation limit, not hers.
  const candidates = await selectRows<{
    id: string;
    user_id: string;
    professional_id: string;
    weekly_hours: WorkingHours[];
  }>(
    db,
    sql`SELECT b.id, b.user_id, b.professional_id, p.weekly_hours FROM bookings b
      JOIN professionals p ON p.id = b.professional_id
      WHERE b.status <> 'cancelled' AND b.kind = 'single' AND b.user_id <> ${demo.id}
        AND b.starts_at > ${now.toISOString()}::timestamptz + interval '30 hours'
        AND b.starts_at < ${horizon}::date
      ORDER BY hashtext(b.id::text) LIMIT ${afterBookings * 2}`,
  );
  // Each move goes to an empty day far past the generated year and the store's days, at her first
  // working hour: one per professional and day, and one per customer and day.
  const moveBase = addDays(horizon, 400);
  const used = new Set<string>();
  const moves: { id: string; userId: string; startDate: string; startTime: string }[] = [];
  const movedIds = new Set<string>();
  for (const c of candidates.slice(0, Math.ceil(candidates.length * 0.4))) {
    for (let d = 0; d < 400; d++) {
      const date = addDays(moveBase, d);
      const hours = c.weekly_hours.filter((h) => h.weekday === isoWeekday(date));
      if (!hours.length || used.has(`p${c.professional_id}${date}`) || used.has(`u${c.user_id}${date}`)) continue;
      used.add(`p${c.professional_id}${date}`).add(`u${c.user_id}${date}`);
      const startTime = hours.map((h) => h.start).sort()[0]!;
      moves.push({ id: c.id, userId: c.user_id, startDate: date, startTime });
      movedIds.add(c.id);
      break;
    }
  }
  const cancels = candidates.filter((c) => !movedIds.has(c.id));

  // The waitlist round: 200 customers waiting for a Torino blow-dry on a busy weekday.
  const waitDay = midweek(addDays(timesDate, 7));
  await db.insert(waitlist).values(
    Array.from({ length: 200 }, (_, i) => ({
      email: `attesa-${i}@bench.musa.example`,
      date: waitDay,
      location: TORINO,
      services: [PIEGA],
      participants: 1,
      createdAt: new Date(now.getTime() - (200 - i) * 1000),
    })),
  );
  // The booking freed: a Torino hairdresser's, that day (whoever has one: 30% of the slots are free).
  const [freed] = await selectRows<{ id: string; user_id: string }>(
    db,
    sql`SELECT b.id, b.user_id FROM bookings b JOIN professionals p ON p.id = b.professional_id
      WHERE 'torino' = ANY(p.zone_ids) AND 'hair' = ANY(p.skill_categories)
        AND b.status <> 'cancelled' AND b.user_id <> ${demo.id}
        AND (b.starts_at AT TIME ZONE 'Europe/Rome')::date = ${waitDay}::date
      ORDER BY p.created_at, b.starts_at LIMIT 1`,
  );
  if (!freed) throw new Error(`no booking of a Torino hairdresser on ${waitDay} to free for the waitlist round`);

  const tokens = await sessionsFor(db, [demo.id, freed.user_id, ...candidates.map((c) => c.user_id)], now);
  const tokenOf = (userId: string) => tokens.get(userId)!;
  return {
    store: {
      today: addDays(horizon, 1),
      timesDate,
      filterProviderId: giulia.id,
      soldOut: { from: '9999-12-31', to: '9999-12-31' },
      month,
    },
    timesDate,
    month,
    filterProviderId: giulia.id,
    historyUserId: demo.id,
    historyToken: tokenOf(demo.id),
    pastBookings: past?.n ?? 0,
    moves: moves.map((m) => ({
      path: `/appointments/${m.id}/reschedule`,
      headers: bearer(tokenOf(m.userId)),
      body: JSON.stringify({ startDate: m.startDate, startTime: m.startTime, keepProfessional: true }),
    })),
    cancels: cancels.map((c) => ({ path: `/appointments/${c.id}/cancel`, headers: bearer(tokenOf(c.user_id)) })),
    waitDay,
    waitBookingId: freed.id,
    waitToken: tokenOf(freed.user_id),
  };
}
