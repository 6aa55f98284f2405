import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { availableDaysCall, availableTimesCall, servicesCall } from '../../../contract/calls';
import type { App } from '../../../server/app';
import type { Db } from '../../../server/db/client';
import { services, zones } from '../../../server/db/schema/catalogue';
import { professionals } from '../../../server/db/schema/professionals';
import { availableDays, canPerform, computeSlots, type Slot } from '../../../server/availability/availability';
import { loadBusy, loadProfessionals, toRequestedServices } from '../../../server/availability/availability-store';
import { buildServiceList } from '../../../server/catalogue/catalogue';
import { loadSections, loadServices, loadServicesByIds, loadZones } from '../../../server/catalogue/catalogue-store';
import { servingZoneIds } from '../../../server/domain/served-zones';
import { dayFrame } from '../../../server/domain/time';
import { describeEachDb } from '../helpers/databases';
import { call, createBooking, createUser, dataOf, PALERMO, TORINO } from '../helpers/fixtures';
import { buildTestApp } from '../helpers/test-app';
import { MASCHERA, MILANO, PIEGA, professionalId, seedBookingData, WEDNESDAY } from './booking-fixtures';

/**
 * The catalogue (services, sections, zones, professionals) is kept in each API process and read
 * again when the database's catalogue version changes. Each "process" here is its own Drizzle
 * instance over the same database, so it has its own copy, and counts the queries it makes.
 */
describeEachDb('catalogue in memory', (t) => {
  type Process = { app: App; db: Db; queries: string[] };
  const apiProcess = (): Process => {
    const client = (t.db as unknown as { $client: unknown }).$client;
    const queries: string[] = [];
    const logger = { logQuery: (query: string) => void queries.push(query) };
    const db: Db =
      client instanceof pg.Pool ? drizzlePg({ client, logger }) : drizzlePglite({ client: client as PGlite, logger });
    return { app: buildTestApp(db, t.clock, t.mailer, t.logger), db, queries };
  };

  const listQuery = (over: Record<string, string> = {}) =>
    new URLSearchParams({
      category: 'hair',
      hairLength: 'medium',
      lat: String(TORINO.coordinates.lat),
      lng: String(TORINO.coordinates.lng),
      ...over,
    }).toString();
  const listOf = async (p: Process, over: Record<string, string> = {}) => {
    const reply = await call(p.app, 'GET', `/services/list/v2?${listQuery(over)}`);
    expect(reply.status).toBe(200);
    return v.parse(servicesCall.response, dataOf(reply)).services;
  };
  const nameOf = async (p: Process, id: string) =>
    [(await listOf(p)).mainServices, (await listOf(p)).secondaryServices]
      .flatMap((g) => g?.sections ?? [])
      .flatMap((s) => s.items.flatMap((i) => i.services))
      .find((s) => s.id === id)?.name;

  const times = async (p: Process, body: Record<string, unknown>) => {
    const reply = await call(p.app, 'POST', '/bookings/available-times', { body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return v.parse(availableTimesCall.response, dataOf(reply)).availableTimes;
  };
  const days = async (p: Process, body: Record<string, unknown>) => {
    const reply = await call(p.app, 'POST', '/bookings/available-days', { body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return v.parse(availableDaysCall.response, dataOf(reply)).days;
  };

  /** A write the triggers do not see: the database changes, its catalogue version does not. */
  const renameSilently = (id: string, name: string) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(services).set({ name }).where(eq(services.id, id));
    });

  it('shows a renamed service in every API process at its next request', async () => {
    await seedBookingData(t.db);
    const [one, two] = [apiProcess(), apiProcess()];
    expect(await nameOf(one, PIEGA)).toBe('Piega liscia');
    expect(await nameOf(two, PIEGA)).toBe('Piega liscia');

    await t.db.update(services).set({ name: 'Piega morbida' }).where(eq(services.id, PIEGA));

    expect(await nameOf(one, PIEGA)).toBe('Piega morbida');
    expect(await nameOf(two, PIEGA)).toBe('Piega morbida');
  });

  it('answers the services list from memory with one query, until the catalogue version changes', async () => {
    await seedBookingData(t.db);
    const warm = apiProcess();
    await listOf(warm);
    warm.queries.length = 0;
    await listOf(warm);
    expect(warm.queries).toHaveLength(1);

    await renameSilently(PIEGA, 'Piega morbida');
    // The database says so (a process with no copy yet), the warm copy still has its version.
    expect(await nameOf(apiProcess(), PIEGA)).toBe('Piega morbida');
    expect(await nameOf(warm, PIEGA)).toBe('Piega liscia');

    // Any write to the catalogue's tables gives it a new version.
    await t.db.update(zones).set({ name: sql`${zones.name}` });
    expect(await nameOf(warm, PIEGA)).toBe('Piega morbida');
  });

  it('sends an ETag and SPEC’s 2 s freshness, and 304 without a body while the list is unchanged', async () => {
    await seedBookingData(t.db);
    const { app } = apiProcess();
    const path = `/services/list/v2?${listQuery()}`;
    const first = await app.request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=2');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);

    const again = await app.request(path, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=2');
    expect((await app.request(path, { headers: { 'if-none-match': `W/${etag}` } })).status).toBe(304);

    // Another list (another hair length: other prices) has another tag.
    const long = await app.request(`/services/list/v2?${listQuery({ hairLength: 'long' })}`, {
      headers: { 'if-none-match': etag! },
    });
    expect(long.status).toBe(200);
    expect(long.headers.get('etag')).not.toBe(etag);

    // A write that leaves this list as it was keeps its tag (the tag is the content's).
    await t.db.update(services).set({ name: 'Trucco sera elegante' }).where(eq(services.id, 'makeup-trucco-sera'));
    expect((await app.request(path, { headers: { 'if-none-match': etag! } })).status).toBe(304);
    await t.db.update(services).set({ name: 'Maschera ristrutturante' }).where(eq(services.id, MASCHERA));
    const changed = await app.request(path, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(JSON.stringify(await changed.json())).toContain('"name":"Maschera ristrutturante"');
  });

  it('lists exactly what the tables say, as read without the copy in memory', async () => {
    await seedBookingData(t.db);
    const warm = apiProcess();
    for (const category of ['hair', 'estetica', 'make-up']) await listOf(warm, { category });
    // Changes of every kind the copy holds.
    await t.db.update(services).set({ active: false }).where(eq(services.id, MASCHERA));
    await t.db.update(professionals).set({ active: false }).where(eq(professionals.slug, 'pro-giulia-ferrero'));
    await t.db.update(zones).set({ radiusKm: 1 }).where(eq(zones.city, 'Milano'));

    const uncached = async (category: 'hair' | 'estetica' | 'make-up', point: { lat: number; lng: number }) => {
      const pros = await loadProfessionals(t.db, servingZoneIds(point, await loadZones(t.db)));
      const offered = (await loadServices(t.db, [category])).filter(
        (s) =>
          !s.salotto && pros.some((p) => canPerform(p, [{ id: s.id, category: s.category, durationMM: s.durationMM }])),
      );
      const list = offered.some((s) => !s.excludeFromBooking) ? offered : [];
      const ids = new Set(list.map((s) => s.id));
      const sections = (await loadSections(t.db, 'default', [category]))
        .map((s) => ({ ...s, serviceIds: s.serviceIds.filter((id) => ids.has(id)) }))
        .filter((s) => s.serviceIds.length > 0);
      const built = buildServiceList(category, category === 'hair' ? 'medium' : null, { services: list, sections });
      return v.parse(servicesCall.response, { services: built }).services;
    };
    for (const location of [TORINO, MILANO, PALERMO])
      for (const category of ['hair', 'estetica', 'make-up'] as const) {
        const { lat, lng } = location.coordinates;
        expect(await listOf(warm, { category, lat: String(lat), lng: String(lng) })).toEqual(
          await uncached(category, location.coordinates),
        );
      }
    expect(JSON.stringify(await listOf(warm))).not.toContain(MASCHERA);
  });

  it('answers available times and a month of days with one query each, equal to the uncached computation', async () => {
    await seedBookingData(t.db);
    const customer = await createUser(t.db, { email: 'cliente@example.it' });
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const martina = await professionalId(t.db, 'pro-martina-rinaldi');
    for (const [pro, at] of [
      [giulia, '2026-03-04T09:00:00Z'],
      [giulia, '2026-03-04T13:00:00Z'],
      [martina, '2026-03-04T07:00:00Z'],
      [martina, '2026-03-11T10:00:00Z'],
    ] as const)
      await createBooking(t.db, { userId: customer.id, professionalId: pro, startsAt: new Date(at) });
    // A change after the copy was made: Giulia now also works on Sundays.
    const warm = apiProcess();
    await times(warm, { bookingLocation: TORINO, services: [PIEGA], startDate: WEDNESDAY });
    const [row] = await t.db.select().from(professionals).where(eq(professionals.id, giulia));
    await t.db
      .update(professionals)
      .set({ weeklyHours: [...row!.weeklyHours, { weekday: 7, start: '10:00', end: '16:00' }] })
      .where(eq(professionals.id, giulia));
    await times(warm, { bookingLocation: TORINO, services: [PIEGA], startDate: WEDNESDAY });

    const uncachedQuery = async (ids: string[], from: string, to: string, providerId: string | null) => {
      const zoneList = await loadZones(t.db);
      const pros = await loadProfessionals(t.db, servingZoneIds(TORINO.coordinates, zoneList), providerId);
      const buffer = Math.max(0, ...pros.map((p) => p.travelBufferMM)) * 60_000;
      const busy = await loadBusy(
        t.db,
        pros.map((p) => p.id),
        dayFrame(from).startMs - buffer,
        dayFrame(to).endMs + buffer,
      );
      return {
        professionals: pros,
        busy,
        services: toRequestedServices((await loadServicesByIds(t.db, ids))!, null),
        point: TORINO.coordinates,
        zones: zoneList,
        providerId,
        now: t.clock.now(),
      };
    };
    const strip = ({ startTime, endTime, supplement, toBeConfirmed, instantBooking, serviceFee }: Slot) => ({
      startTime,
      endTime,
      supplement,
      toBeConfirmed,
      instantBooking,
      serviceFee,
    });

    for (const [ids, providerId] of [
      [[PIEGA], null],
      [[PIEGA, MASCHERA], null],
      [[PIEGA, MASCHERA], martina],
      [[PIEGA], giulia],
    ] as const)
      for (const date of [WEDNESDAY, '2026-03-08', '2026-03-11']) {
        warm.queries.length = 0;
        const answer = await times(warm, { bookingLocation: TORINO, services: ids, startDate: date, providerId });
        expect(warm.queries).toHaveLength(1);
        const expected = computeSlots(await uncachedQuery([...ids], date, date, providerId), date);
        expect(answer).toEqual(expected.map(strip));
      }
    // Sunday 8 March with Giulia: her new hours, 10:00–16:00.
    const sunday = await times(warm, {
      bookingLocation: TORINO,
      services: [PIEGA],
      startDate: '2026-03-08',
      providerId: giulia,
    });
    expect(sunday.at(0)?.startTime).toBe('10:00');
    expect(sunday.at(-1)?.endTime).toBe('15:45');

    warm.queries.length = 0;
    const month = await days(warm, {
      bookingLocation: TORINO,
      services: [PIEGA, MASCHERA],
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
    });
    expect(warm.queries).toHaveLength(1);
    expect(month).toEqual(
      availableDays(
        '2026-03-01',
        '2026-03-31',
        await uncachedQuery([PIEGA, MASCHERA], '2026-03-01', '2026-03-31', null),
      ),
    );
  });

  it('books a service added after the copy was made, and refuses one removed, as the tables say', async () => {
    await seedBookingData(t.db);
    const warm = apiProcess();
    await times(warm, { bookingLocation: TORINO, services: [PIEGA], startDate: WEDNESDAY });
    const [piega] = await t.db.select().from(services).where(eq(services.id, PIEGA));
    await t.db.insert(services).values({ ...piega!, id: 'capelli-piega-nuova', name: 'Piega nuova' });
    await t.db.update(services).set({ active: false }).where(eq(services.id, MASCHERA));

    expect(
      await times(warm, { bookingLocation: TORINO, services: ['capelli-piega-nuova'], startDate: WEDNESDAY }),
    ).toEqual(await times(warm, { bookingLocation: TORINO, services: [PIEGA], startDate: WEDNESDAY }));
    const removed = await call(warm.app, 'POST', '/bookings/available-times', {
      body: { bookingLocation: TORINO, services: [PIEGA, MASCHERA], startDate: WEDNESDAY },
    });
    expect(removed.status).toBe(400);
  });
});
