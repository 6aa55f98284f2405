import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareScaleFixture, type ScaleFixture } from '../../bench/scale/fixture';
import { growWorld, type WorldSummary } from '../../bench/scale/world';
import { MASCHERA, PIEGA, TORINO } from '../../bench/payloads';
import { migrateAndSeedIfEmpty } from '../../server/db/bootstrap';
import { selectRows, type DatabaseHandle } from '../../server/db/client';
import { loadAvailability, type AvailabilityRequest } from '../../server/availability/availability-store';
import { availableDaysOf } from '../../server/availability/available-days';
import { bookableServices, catalogueCache, type CatalogueSnapshot } from '../../server/catalogue/catalogue-store';
import { providersOfCustomer } from '../../server/ratings/customer-providers';
import { addDays } from '../../server/domain/time';
import { openPgliteTestDb } from '../server/helpers/pglite';

/**
 * The scale bench's world (issue 30, bench/scale/world.ts) at N = 5 on PGlite: the smallest N with
 * a copy of the seed's professionals back in Torino (copy 4 goes to the seed's cities), so its
 * hairdressers are twice the seed's. What the bench's comparisons rest on is checked here, in
 * `npm test`, so the bench cannot rot between its runs (the runs themselves stay out of CI: minutes
 * on PostgreSQL): the world's shape, the history customer's lists of the same size as at N = 1,
 * and, on this realistic calendar (70% booked, cancellations, moves), available-days in batches
 * answering what everyone's intervals at once answer.
 */
describe('the scale bench’s world at N = 5 (PGlite)', { timeout: 180_000 }, () => {
  let handle: DatabaseHandle;
  let world: WorldSummary;
  let fixture: ScaleFixture;
  const now = new Date('2026-11-27T09:00:00Z');

  beforeAll(async () => {
    handle = await openPgliteTestDb();
    await migrateAndSeedIfEmpty(handle, now);
    world = await growWorld(handle.db, 5, now);
    fixture = await prepareScaleFixture(handle.db, now, 50);
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('is five times the seed, with twice the seed’s hairdressers in Torino', async () => {
    expect(world.professionals).toBe(5 * 28);
    const [torino] = await selectRows<{ seed: number; all: number }>(
      handle.db,
      sql`SELECT count(*) FILTER (WHERE slug NOT LIKE '%-x%')::int AS seed, count(*)::int AS "all"
        FROM professionals WHERE 'torino' = ANY(zone_ids) AND 'hair' = ANY(skill_categories)`,
    );
    expect(torino!.all).toBe(2 * torino!.seed);
    // About 70% of the slot grid booked over a year: thousands, not a handful.
    expect(world.bookings).toBeGreaterThan(40_000);
    expect(world.cancelled).toBeGreaterThan(0);
    expect(world.moved).toBeGreaterThan(0);
  });

  it('gives the history customer 50 past bookings with the seed’s own Torino professionals only', async () => {
    expect(fixture.pastBookings).toBe(50);
    const met = await providersOfCustomer(handle.db, fixture.historyUserId, now);
    expect(met.length).toBeGreaterThan(0);
    const [seed] = await selectRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM professionals WHERE 'torino' = ANY(zone_ids) AND slug NOT LIKE '%-x%'`,
    );
    expect(met.length).toBeLessThanOrEqual(seed!.n);
    const copies = await selectRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM bookings b JOIN professionals p ON p.id = b.professional_id
        WHERE b.user_id = ${fixture.historyUserId} AND p.slug LIKE '%-x%'`,
    );
    expect(copies[0]!.n).toBe(0);
  });

  it('answers available-days in batches as everyone’s intervals at once, month by month', async () => {
    const request =
      (ids: string[], from: string, to: string) =>
      (catalogue: CatalogueSnapshot): AvailabilityRequest => ({
        point: TORINO.coordinates,
        services: bookableServices(catalogue, ids, 'single')!,
        hairLength: null,
        participants: 1,
        kind: 'single',
        fromDate: from,
        toDate: to,
        now,
      });
    let laterBatches = 0;
    for (const ids of [[PIEGA], [PIEGA, MASCHERA], ['capelli-colore-piega']])
      for (const from of ['2026-11-27', fixture.month.from, addDays(fixture.month.from, 31)]) {
        const to = addDays(from, 34);
        const source = request(ids, from, to);
        const everyone = (await loadAvailability(handle.db, source)).availability.days(from, to);
        expect(everyone.some((d) => d.available)).toBe(true);
        for (const firstBatch of [1, 2, 3]) {
          const answer = await availableDaysOf(handle.db, source, { firstBatch });
          expect(answer.days, `${ids.join('+')} from ${from}, batches of ${firstBatch}`).toEqual(everyone);
          if (answer.batches > 1) laterBatches++;
        }
      }
    // The later batches were needed somewhere (days the first professionals do not work).
    expect(laterBatches).toBeGreaterThan(0);
    // The catalogue in memory is the database's (the batches read one version).
    expect((await catalogueCache(handle.db).current()).professionals.length).toBe(5 * 28);
  });
});
