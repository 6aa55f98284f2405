/**
 * The N× world of issue 30, generated set-based in SQL (generate_series, one statement per table)
 * on a migrated, seeded database: PostgreSQL, or PGlite at a small N.
 *
 * - Cities: the seed's three (Torino, Milano, Roma) are group 0; groups 1-3 are copies of their
 *   zones moved to three other Italian city centres each (12 cities from N = 4). Copy k of the
 *   seed's professionals (k = 1 … N-1) goes to group k mod groups, with the seed's skills, hours,
 *   travel buffers and confirmed or on-request calendar: at N = 40, 1,120 professionals, ten times
 *   the seed's in each of 12 cities.
 * - Customers: 600 × N, each with a history (about 20 bookings a year each).
 * - Bookings: twelve months (275 days back, 90 ahead). Each professional's working ranges are cut
 *   into consecutive appointments (45-120 minutes, one length per range and day) separated by
 *   exactly her travel buffer, so they never overlap under the exclusion constraint; 70% of these
 *   slots are booked, and of those about 8% are cancelled and 6% moved (a raised calendar
 *   revision and its e-mail). A day's bookings of all professionals go to distinct customers (the
 *   customer no-overlap constraints hold: all of a day's appointments end before midnight).
 * - Around what is already there (issue 44): a slot whose busy range (appointment and travel
 *   buffer, `assignment_busy_range`, as the exclusion constraint widens it) meets an active
 *   assignment already in the database (the seed's bookings, which move with `now`; a hold; a time
 *   off) is left free, so the world grows on any day and at any hour.
 * - Outbox: each booking's confirmation (sent), its reminder (sent when due before the bench
 *   could see it, waiting otherwise), the cancellations' and moves' e-mails (sent).
 * - Waitlist: two entries per city and day (those of past days told).
 *
 * The single-booking trigger (`bookings_sync_assignment`, one INSERT per row) and the buffer
 * trigger are switched off for the load and their work done in one statement each; the exclusion
 * constraints stay on, so the database itself checks every generated appointment.
 */
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../server/db/client';
import { addDays, localToday } from '../../server/domain/time';

/** Other city centres, three per group: the copies of Torino's, Milano's and Roma's zones. */
const CITY_GROUPS: ReadonlyArray<readonly [string, string, number, number][]> = [
  [
    ['bologna', 'Bologna', 44.4949, 11.3426],
    ['firenze', 'Firenze', 43.7696, 11.2558],
    ['napoli', 'Napoli', 40.8518, 14.2681],
  ],
  [
    ['genova', 'Genova', 44.4056, 8.9463],
    ['verona', 'Verona', 45.4384, 10.9916],
    ['bari', 'Bari', 41.1171, 16.8719],
  ],
  [
    ['padova', 'Padova', 45.4064, 11.8768],
    ['palermo', 'Palermo', 38.1157, 13.3615],
    ['catania', 'Catania', 37.5079, 15.083],
  ],
];
const SEED_ZONES = ['torino', 'milano', 'roma'] as const;

export const DAYS_BACK = 275;
export const DAYS_AHEAD = 90;
/** Customers per unit of scale: at least 20 × the professionals, so a day's bookings never share one. */
export const CUSTOMERS_PER_SCALE = 600;
/** Share of the slot grid booked, in thousandths. */
const OCCUPANCY = 700;

export interface WorldSummary {
  scale: number;
  groups: number;
  cities: number;
  professionals: number;
  customers: number;
  bookings: number;
  cancelled: number;
  moved: number;
  assignments: number;
  outbox: number;
  waitlist: number;
  /** First and last generated day (Europe/Rome). */
  from: string;
  to: string;
  seconds: number;
  steps: Record<string, number>;
}

export const groupsFor = (scale: number) => Math.min(1 + CITY_GROUPS.length, scale);

/** One statement of the world, timed under its step's name; a failure says which step it was. */
export type Step = (name: string, query: SQL) => Promise<void>;

function stepper(db: Db): { step: Step; steps: Record<string, number> } {
  const steps: Record<string, number> = {};
  const step: Step = async (name, query) => {
    const since = Date.now();
    try {
      await db.execute(query);
    } catch (error) {
      // The driver's error stays the cause: bench/db-error.ts prints its constraint, key and detail.
      throw new Error(`the world's step "${name}" failed`, { cause: error });
    } finally {
      steps[name] = (steps[name] ?? 0) + (Date.now() - since) / 1000;
    }
  };
  return { step, steps };
}

/** The first and last generated day (Europe/Rome) for `now`. */
function worldDays(now: Date): { today: string; from: string; to: string } {
  const today = localToday(now);
  return { today, from: addDays(today, -DAYS_BACK), to: addDays(today, DAYS_AHEAD) };
}

/**
 * The first half of `growWorld`: the other cities' zones (`bench_zone_map`), the copies of the
 * professionals, and the year's appointments in the table `bench_gen` (one row per booking to
 * load: `pro`, `buf`, `starts_at`, `ends_at`, `status`, …), generated around the active
 * assignments already in the database. Nothing is booked yet; `tests/bench/scale-world.test.ts`
 * checks this calendar against the database at many values of `now` (loading it costs seconds).
 */
export async function planWorld(db: Db, scale: number, now: Date, step: Step = stepper(db).step): Promise<void> {
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`--scale wants a whole number ≥ 1, not ${scale}`);
  const groups = groupsFor(scale);
  const customers = CUSTOMERS_PER_SCALE * scale;
  const { from, to } = worldDays(now);
  const nowIso = now.toISOString();

  // Zones of the other cities: the seed zone's radius around another centre.
  const zoneRows = CITY_GROUPS.slice(0, groups - 1).flatMap((cities, g) =>
    cities.map(([id, city, lat, lng], i) => sql`(${id}, ${g + 1}, ${SEED_ZONES[i]}, ${city}, ${lat}, ${lng})`),
  );
  await step('zones', sql`DROP TABLE IF EXISTS bench_zone_map`);
  await step(
    'zones',
    sql`CREATE TABLE bench_zone_map (id text, grp int, seed_id text, city text, lat float8, lng float8)`,
  );
  if (zoneRows.length) {
    await step('zones', sql`INSERT INTO bench_zone_map VALUES ${sql.join(zoneRows, sql`, `)}`);
    await step(
      'zones',
      sql`INSERT INTO zones (id, name, city, center_lat, center_lng, radius_km, active)
        SELECT m.id, m.city || ' e dintorni', m.city, m.lat, m.lng, z.radius_km, true
        FROM bench_zone_map m JOIN zones z ON z.id = m.seed_id`,
    );
  }

  // Professionals: copies 1 … N-1 of every seeded one, in group k mod groups.
  if (scale > 1)
    await step(
      'professionals',
      sql`INSERT INTO professionals (slug, first_name, last_name, email, zone_ids, skill_categories,
          except_service_ids, weekly_hours, hours_confirmed, travel_buffer_mm, active, created_at)
        SELECT p.slug || '-x' || k, p.first_name, p.last_name || ' ' || k,
          replace(p.email, '@', '.' || k || '@'),
          ARRAY(SELECT coalesce(m.id, z) FROM unnest(p.zone_ids) AS z
                LEFT JOIN bench_zone_map m ON m.seed_id = z AND m.grp = k % ${groups}),
          p.skill_categories, p.except_service_ids, p.weekly_hours, p.hours_confirmed, p.travel_buffer_mm, true,
          p.created_at + make_interval(secs => k)
        FROM professionals p CROSS JOIN generate_series(1, ${scale - 1}) AS k
        WHERE p.slug IS NOT NULL AND p.slug NOT LIKE '%-x%'`,
    );

  // The slot grid of every professional over the year, 70% of it booked.
  await step('generate', sql`DROP TABLE IF EXISTS bench_gen`);
  await step(
    'generate',
    sql`CREATE TABLE bench_gen AS
      WITH pros AS (
        SELECT p.id, (row_number() OVER (ORDER BY p.created_at, p.id) - 1)::int AS idx, p.weekly_hours,
          p.hours_confirmed, p.travel_buffer_mm AS buf, p.skill_categories[1] AS cat,
          z.center_lat, z.center_lng, z.city
        FROM professionals p JOIN zones z ON z.id = p.zone_ids[1]
        WHERE p.active AND cardinality(p.skill_categories) > 0
      ), ranges AS MATERIALIZED (
        -- Materialized: a day's appointment length (hashtext) computed once, not at each use.
        SELECT pros.id, pros.idx, pros.hours_confirmed, pros.buf, pros.cat, pros.center_lat, pros.center_lng,
          pros.city, d::date AS day, (d::date - ${from}::date) AS dix, w.ord::int AS ord,
          (w.h->>'start')::time AS rs,
          (extract(epoch FROM (w.h->>'end')::time - (w.h->>'start')::time) / 60)::int AS len,
          (ARRAY[45, 60, 60, 90, 120])[1 + abs(hashtext(pros.id::text || d::date::text || w.ord::text)) % 5] AS dur
        FROM pros
        CROSS JOIN generate_series(${from}::date, ${to}::date, interval '1 day') AS d
        CROSS JOIN LATERAL jsonb_array_elements(pros.weekly_hours) WITH ORDINALITY AS w(h, ord)
        WHERE (w.h->>'weekday')::int = extract(isodow FROM d)::int AND w.ord <= 2
      ), slots AS (
        SELECT r.*, i, t.starts_at, t.h
        FROM ranges r CROSS JOIN LATERAL generate_series(0, (r.len - r.dur) / (r.dur + r.buf)) AS i
        -- Computed once per slot (OFFSET 0 keeps the planner from copying them into each use).
        CROSS JOIN LATERAL (
          SELECT ((r.day + r.rs + make_interval(mins => i * (r.dur + r.buf))) AT TIME ZONE 'Europe/Rome') AS starts_at,
            abs(hashtext(r.id::text || '/' || r.dix || '/' || r.ord || '/' || i)) % 100000 AS h
          OFFSET 0) t
        WHERE r.len >= r.dur AND i < 10
      )
      SELECT gen_random_uuid() AS id, s.id AS pro, s.buf, s.cat, s.dur, s.starts_at,
        s.starts_at + make_interval(mins => s.dur) AS ends_at, s.hours_confirmed,
        s.center_lat, s.center_lng, s.city, s.day,
        (s.idx * 20 + (s.ord - 1) * 10 + s.i + s.dix * 7919) % ${customers} AS cust,
        CASE WHEN s.h % 13 = 0 THEN 'cancelled'
             WHEN s.starts_at > ${nowIso}::timestamptz AND NOT s.hours_confirmed THEN 'pending'
             ELSE 'confirmed' END AS status,
        s.h % 17 = 1 AS moved
      FROM slots s WHERE s.h % 1000 < ${OCCUPANCY}
        -- Around what is there: the seed's bookings (they move with now), holds, time off. Met as
        -- the exclusion constraint judges it: her busy ranges, each widened by its own buffer.
        AND NOT EXISTS (
          SELECT 1 FROM booking_assignments a
          WHERE a.professional_id = s.id AND a.active
            AND assignment_busy_range(a.starts_at, a.ends_at, a.travel_buffer_mm)
              && assignment_busy_range(s.starts_at, s.starts_at + make_interval(mins => s.dur), s.buf))`,
  );
}

/** Grows the seeded database to `scale` × the seed. */
export async function growWorld(db: Db, scale: number, now: Date): Promise<WorldSummary> {
  const started = Date.now();
  const { step, steps } = stepper(db);
  await planWorld(db, scale, now, step);
  const groups = groupsFor(scale);
  const customers = CUSTOMERS_PER_SCALE * scale;
  const { today, from, to } = worldDays(now);
  const nowIso = now.toISOString();

  // Customers, and the index the bookings refer to them by.
  await step('customers', sql`DROP TABLE IF EXISTS bench_customer`);
  await step(
    'customers',
    sql`CREATE TABLE bench_customer AS SELECT i AS idx, gen_random_uuid() AS id FROM generate_series(0, ${customers - 1}) AS i`,
  );
  await step(
    'customers',
    sql`INSERT INTO users (id, email, first_name, last_name, phone_number, fit_to_plead, created_at, updated_at)
      SELECT id, 'cliente-' || idx || '@bench.musa.example', 'Cliente', 'Numero ' || idx,
        '+39 333 ' || lpad((idx % 10000000)::text, 7, '0'), true,
        ${nowIso}::timestamptz - interval '400 days', ${nowIso}::timestamptz - interval '400 days'
      FROM bench_customer`,
  );

  // Bookings and their assignments: the triggers' work in one statement each.
  await step('bookings', sql`ALTER TABLE bookings DISABLE TRIGGER bookings_sync_assignment`);
  await step('bookings', sql`ALTER TABLE booking_assignments DISABLE TRIGGER booking_assignments_buffer`);
  try {
    await step(
      'bookings',
      sql`INSERT INTO bookings (id, user_id, professional_id, starts_at, ends_at, location, services, total,
          total_before_discount, status, kind, participants, doorbell_name, fit_to_plead, contact,
          cancelled_at, sequence, created_at)
        SELECT g.id, c.id, g.pro, g.starts_at, g.ends_at,
          jsonb_build_object('address', 'Via Bench ' || (g.cust % 200 + 1) || ', ' || g.city,
            'googlePlaceId', 'bench-' || g.city || '-' || (g.cust % 200 + 1),
            'coordinates', jsonb_build_object('lat', g.center_lat, 'lng', g.center_lng),
            'components', jsonb_build_object('route', 'Via Bench', 'streetNumber', (g.cust % 200 + 1)::text,
              'city', g.city, 'province', g.city, 'country', 'Italia', 'countryCode', 'IT')),
          jsonb_build_array(jsonb_build_object('serviceId', s.id, 'name', s.name, 'price', s.price,
            'listPrice', s.price, 'durationMM', g.dur)),
          s.price, s.price, g.status, 'single', 1, 'Numero ' || g.cust, true,
          jsonb_build_object('firstName', 'Cliente', 'lastName', 'Numero ' || g.cust,
            'email', 'cliente-' || g.cust || '@bench.musa.example', 'phoneNumber', '+39 333 0000000'),
          CASE WHEN g.status = 'cancelled' THEN g.starts_at - interval '3 days' END,
          (CASE WHEN g.status = 'cancelled' THEN 1 ELSE 0 END) + (CASE WHEN g.moved THEN 1 ELSE 0 END),
          g.starts_at - interval '10 days'
        FROM bench_gen g
        JOIN bench_customer c ON c.idx = g.cust
        JOIN (SELECT DISTINCT ON (category) category, id, name, coalesce(price, 50)::float8 AS price
              FROM services WHERE active AND NOT salotto AND NOT is_manual_flow AND NOT exclude_from_booking
              ORDER BY category, position) s ON s.category = g.cat`,
    );
    await step(
      'assignments',
      sql`INSERT INTO booking_assignments (booking_id, professional_id, category, starts_at, ends_at, active, travel_buffer_mm)
        SELECT g.id, g.pro, NULL, g.starts_at, g.ends_at, g.status <> 'cancelled', g.buf FROM bench_gen g`,
    );
  } finally {
    await db.execute(sql`ALTER TABLE bookings ENABLE TRIGGER bookings_sync_assignment`);
    await db.execute(sql`ALTER TABLE booking_assignments ENABLE TRIGGER booking_assignments_buffer`);
  }

  // The outbox: what these bookings wrote, sent unless it is still to come.
  const soon = new Date(now.getTime() + 6 * 3600_000).toISOString();
  await step(
    'outbox',
    sql`INSERT INTO outbox (kind, booking_id, for_starts_at, attempts, next_attempt_at, sent_at, created_at)
      SELECT 'booking-confirmation', g.id, NULL, 1, g.starts_at - interval '10 days',
        g.starts_at - interval '10 days' + interval '1 second', g.starts_at - interval '10 days'
      FROM bench_gen g
      UNION ALL
      SELECT 'booking-reminder', g.id, g.starts_at, CASE WHEN g.starts_at - interval '1 day' < ${soon}::timestamptz THEN 1 ELSE 0 END,
        g.starts_at - interval '1 day',
        CASE WHEN g.starts_at - interval '1 day' < ${soon}::timestamptz THEN g.starts_at - interval '1 day' END,
        g.starts_at - interval '10 days'
      FROM bench_gen g WHERE g.status <> 'cancelled'
      UNION ALL
      SELECT CASE WHEN g.status = 'cancelled' THEN 'booking-cancellation' ELSE 'booking-rescheduled' END, g.id, NULL, 1,
        g.starts_at - interval '3 days', g.starts_at - interval '3 days', g.starts_at - interval '3 days'
      FROM bench_gen g WHERE g.status = 'cancelled' OR g.moved`,
  );

  // Waitlists: two customers per city and day, told when the day is past.
  await step(
    'waitlist',
    sql`INSERT INTO waitlist (email, date, location, services, participants, created_at, notified_at)
      SELECT 'cliente-' || ((z.n * 2 + j + (d::date - ${from}::date) * 131) % ${customers}) || '@bench.musa.example',
        to_char(d, 'YYYY-MM-DD'),
        jsonb_build_object('address', 'Piazza Bench 1, ' || z.city, 'googlePlaceId', 'bench-wait-' || z.id,
          'coordinates', jsonb_build_object('lat', z.center_lat, 'lng', z.center_lng),
          'components', jsonb_build_object('route', 'Piazza Bench', 'streetNumber', '1', 'city', z.city,
            'province', z.city, 'country', 'Italia', 'countryCode', 'IT')),
        '["capelli-piega-liscia"]'::jsonb, 1, d - interval '5 days',
        CASE WHEN d < ${today}::date THEN d - interval '1 day' END
      FROM (SELECT zones.*, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM zones) z
      CROSS JOIN generate_series(${from}::date, ${to}::date, interval '1 day') AS d
      CROSS JOIN generate_series(0, 1) AS j
      ON CONFLICT (email, date) DO NOTHING`,
  );

  await step('analyze', sql`DROP TABLE bench_gen`);
  await step('analyze', sql`DROP TABLE bench_customer`);
  await step('analyze', sql`DROP TABLE bench_zone_map`);
  await step('analyze', sql`ANALYZE`);

  const [counts] = await selectRows<Record<string, number>>(
    db,
    sql`SELECT
      (SELECT count(*) FROM professionals)::int AS professionals,
      (SELECT count(DISTINCT city) FROM zones)::int AS cities,
      (SELECT count(*) FROM users)::int AS customers,
      (SELECT count(*) FROM bookings)::int AS bookings,
      (SELECT count(*) FROM bookings WHERE status = 'cancelled')::int AS cancelled,
      (SELECT count(*) FROM bookings WHERE sequence > 0 AND status <> 'cancelled')::int AS moved,
      (SELECT count(*) FROM booking_assignments)::int AS assignments,
      (SELECT count(*) FROM outbox)::int AS outbox,
      (SELECT count(*) FROM waitlist)::int AS waitlist`,
  );
  return {
    scale,
    groups,
    cities: counts?.cities ?? 0,
    professionals: counts?.professionals ?? 0,
    customers: counts?.customers ?? 0,
    bookings: counts?.bookings ?? 0,
    cancelled: counts?.cancelled ?? 0,
    moved: counts?.moved ?? 0,
    assignments: counts?.assignments ?? 0,
    outbox: counts?.outbox ?? 0,
    waitlist: counts?.waitlist ?? 0,
    from,
    to,
    seconds: (Date.now() - started) / 1000,
    steps: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, Math.round(v * 10) / 10])),
  };
}
