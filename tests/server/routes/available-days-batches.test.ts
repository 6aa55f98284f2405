import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/client';
import { loadAvailability, type AvailabilityRequest } from '../../../server/availability/availability-store';
import { availableDaysOf, FIRST_BATCH } from '../../../server/availability/available-days';
import { bookableServices, catalogueCache, type CatalogueSnapshot } from '../../../server/catalogue/catalogue-store';
import { sqlState } from '../../../server/db/errors';
import { describeEachDb } from '../helpers/databases';
import { createBooking, createUser } from '../helpers/fixtures';
import {
  fillGiuliasFriday,
  GIULIAS_FULL_FRIDAY,
  MASCHERA,
  PIEGA,
  professionalId,
  seedBookingData,
  timesPayload,
} from './booking-fixtures';

/**
 * available-days reads a single booking's professionals in batches (issue 30, available-days.ts).
 * The oracle is the month computed from everyone's busy intervals at once (loadAvailability and
 * availability.ts `days`, the rule the app had before batches): with batches of 1, 2 or 3 of
 * Torino's hairdressers, the days must be the same, and later batches must have been read.
 */
describeEachDb('available-days in batches', (t) => {
  const point = timesPayload().bookingLocation.coordinates;
  const request =
    (ids: string[], over: Partial<AvailabilityRequest> = {}) =>
    (catalogue: CatalogueSnapshot): AvailabilityRequest => {
      const services = bookableServices(catalogue, ids, 'single') ?? bookableServices(catalogue, ids, 'salotto');
      if (!services) throw new Error(`not bookable: ${ids.join(', ')}`);
      return {
        point,
        services,
        hairLength: null,
        participants: 1,
        kind: bookableServices(catalogue, ids, 'single') ? 'single' : 'salotto',
        fromDate: '2026-03-01',
        toDate: '2026-04-30',
        now: t.clock.now(),
        ...over,
      };
    };
  const everyoneAtOnce = async (db: Db, source: ReturnType<typeof request>) => {
    const loaded = await loadAvailability(db, source);
    const { fromDate, toDate } = source(await catalogueCache(db).current());
    return loaded.availability.days(fromDate, toDate);
  };

  it('answers the same days as everyone’s intervals at once, reading the later professionals only when needed', async () => {
    await seedBookingData(t.db);
    for (const ids of [[PIEGA], [PIEGA, MASCHERA], ['capelli-colore-piega']]) {
      const source = request(ids);
      const expected = await everyoneAtOnce(t.db, source);
      expect(expected.some((d) => d.available)).toBe(true);
      for (const firstBatch of [1, 2, 3]) {
        const answer = await availableDaysOf(t.db, source, { firstBatch });
        expect(answer.days, `${ids.join('+')} in batches of ${firstBatch}`).toEqual(expected);
        // Sundays: the first hairdressers do not work, the next batch is read for them.
        if (firstBatch === 1) expect(answer.batches).toBeGreaterThan(1);
      }
      // Torino's hairdressers are fewer than a first batch: one query, as before.
      expect((await availableDaysOf(t.db, source)).batches).toBe(1);
    }
    expect(FIRST_BATCH).toBeGreaterThanOrEqual(4);
  });

  it('still finds a day whose only free time is with a professional of a later batch', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    // Giulia's Friday filled with colour: others may still be free.
    const friday = GIULIAS_FULL_FRIDAY;
    await fillGiuliasFriday(t.app(), giulia);
    const source = request(['capelli-colore-piega'], { fromDate: friday, toDate: '2026-03-08' });
    const expected = await everyoneAtOnce(t.db, source);
    expect(expected[0]).toEqual({ date: friday, available: true });
    for (const firstBatch of [1, 2]) {
      expect((await availableDaysOf(t.db, source, { firstBatch })).days).toEqual(expected);
    }
    // With only Giulia's intervals the Friday would be full: the answer must come from the others'.
    const giuliaOnly = await availableDaysOf(
      t.db,
      request(['capelli-colore-piega'], { fromDate: friday, toDate: friday, providerId: giulia }),
    );
    expect(giuliaOnly.days).toEqual([{ date: friday, available: false }]);
  });

  describe('a salotto', () => {
    it('is answered from everyone’s intervals at once (a team is not one professional)', async () => {
      await seedBookingData(t.db);
      const source = request(['salotto-capelli-pieghe'], { participants: 2 });
      const answer = await availableDaysOf(t.db, source, { firstBatch: 1 });
      expect(answer.batches).toBe(1);
      expect(answer.days).toEqual(await everyoneAtOnce(t.db, source));
    });
  });

  it('relies on no assignment lasting more than a day, which the database refuses', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const user = await createUser(t.db, { email: 'lunga@example.it' });
    const startsAt = new Date('2026-03-04T08:00:00Z');
    const booking = (hours: number, day: number) =>
      createBooking(t.db, {
        userId: user.id,
        professionalId: giulia,
        startsAt: new Date(startsAt.getTime() + day * 7 * 86_400_000),
        endsAt: new Date(startsAt.getTime() + day * 7 * 86_400_000 + hours * 3_600_000),
      });
    const refusal = await booking(24.5, 0).then(
      () => null,
      (error: unknown) => error,
    );
    expect(sqlState(refusal)).toBe('23514');
    // A day exactly is still allowed (the read looks a day back).
    await booking(24, 1);
  });
});
