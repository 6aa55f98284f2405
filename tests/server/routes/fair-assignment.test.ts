import { eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createBookingCall } from '../../../contract/calls';
import type { WorkingHours } from '../../../server/domain/professionals';
import { bookingAssignments, bookings } from '../../../server/db/schema/bookings';
import { professionals } from '../../../server/db/schema/professionals';
import { ratings } from '../../../server/db/schema/ratings';
import { seedCatalogue } from '../../../server/db/seed/catalogue';
import { runRequestDeadline } from '../../../server/requests/requests';
import { describeEachDb } from '../helpers/databases';
import { call, createBooking, createUser, dataOf, TORINO, tokenFor } from '../helpers/fixtures';
import { bookingPayload, PIEGA, professionalId, seedBookingData, WEDNESDAY } from './booking-fixtures';

/**
 * Issue 40, fair assignment: who gets a time when several professionals are free for it
 * (docs/api.md, "Who gets the time"; fairOrder in server/availability/fair-order.ts). The test
 * clock starts on Monday 2 March 2026, 10:00 in Rome. On Wednesday 4 March the seeded Torino
 * hairdressers free at 14:00 are Giulia and Valentina (hours confirmed) and Martina (on request).
 */
describeEachDb('fair assignment', (t) => {
  /** A booking through the real store route (a visitor, signed out); its row. */
  async function store(overrides: Record<string, unknown>, token?: string) {
    const reply = await call(t.app(), 'POST', '/bookings/store', {
      body: bookingPayload(overrides),
      ...(token ? { token } : {}),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const { booking } = v.parse(createBookingCall.response, dataOf(reply));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    return row!;
  }

  /**
   * Gives the seeded professional `slug` the id `id`, before anything refers to her: the order of
   * the ids is the test's to choose (the bug: the one whose id sorted first got the booking).
   */
  const renumber = (slug: string, id: string) =>
    t.db.update(professionals).set({ id }).where(eq(professionals.slug, slug));
  const LOW_ID = '00000000-0000-4000-8000-000000000001';
  const HIGH_ID = 'ffffffff-ffff-4fff-bfff-ffffffffffff';

  /** Seed data, Giulia and Valentina with ids in the order asked. */
  async function seedWithIds(giuliaFirst: boolean) {
    await seedBookingData(t.db);
    await renumber('pro-giulia-ferrero', giuliaFirst ? LOW_ID : HIGH_ID);
    await renumber('pro-valentina-greco', giuliaFirst ? HIGH_ID : LOW_ID);
    return {
      giulia: await professionalId(t.db, 'pro-giulia-ferrero'),
      valentina: await professionalId(t.db, 'pro-valentina-greco'),
      martina: await professionalId(t.db, 'pro-martina-rinaldi'),
    };
  }

  /** Giulia's one appointment of that Wednesday, 10:00 (another customer, who asked for her). */
  const giuliasMorning = (giulia: string) =>
    store({ startTime: '10:00', providerId: giulia, email: 'mattina@example.it' });

  /** A past appointment of the customer `email` with `professionalId`, rated `stars`. */
  async function rated(email: string, professional: string, stars: number) {
    const user = await createUser(t.db, { email });
    const past = await createBooking(t.db, {
      userId: user.id,
      professionalId: professional,
      startsAt: new Date('2026-02-20T09:00:00.000Z'),
    });
    const at = new Date('2026-02-21T09:00:00.000Z');
    await t.db.insert(ratings).values({
      bookingId: past.id,
      professionalId: professional,
      userId: user.id,
      stars,
      createdAt: at,
      updatedAt: at,
    });
    return user;
  }

  describe('30 bookings of one day over three equally free professionals', () => {
    /** Every day 07:00–23:00, hours confirmed, Torino, hair, 15 minutes' travel. */
    const EVERY_DAY: WorkingHours[] = ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
      weekday,
      start: '07:00',
      end: '23:00',
    }));
    const IDS = [
      '00000000-0000-4000-8000-00000000000a',
      '00000000-0000-4000-8000-00000000000b',
      '00000000-0000-4000-8000-00000000000c',
    ];

    it('give 10 ± 1 each, through the real store route', async () => {
      await seedCatalogue(t.db);
      await t.db.insert(professionals).values(
        IDS.map((id, i) => ({
          id,
          slug: `pari-${i}`,
          firstName: `Pari${i}`,
          lastName: 'Uguale',
          zoneIds: ['torino'],
          skillCategories: ['hair'],
          weeklyHours: EVERY_DAY,
          hoursConfirmed: true,
          travelBufferMM: 15,
        })),
      );
      // 07:00, 07:30, … 21:30: thirty times of Wednesday, booked in a scrambled order (7 and 30
      // are coprime: each time once), a piega of 45 minutes each, thirty customers.
      const times = Array.from({ length: 30 }, (_, i) => {
        const minutes = 7 * 60 + ((i * 7) % 30) * 30;
        return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      });
      expect(new Set(times).size).toBe(30);
      const counts = new Map(IDS.map((id) => [id, 0]));
      for (const [i, startTime] of times.entries()) {
        const row = await store({
          startTime,
          services: [PIEGA],
          email: `cliente${i}@example.it`,
          doorbellName: `C${i}`,
        });
        expect(row.status).toBe('confirmed');
        counts.set(row.professionalId!, (counts.get(row.professionalId!) ?? 0) + 1);
      }
      console.info(`fair assignment: 30 bookings → ${IDS.map((id) => counts.get(id)).join(' / ')}`);
      for (const id of IDS) {
        expect(counts.get(id), `bookings of ${id}`).toBeGreaterThanOrEqual(9);
        expect(counts.get(id), `bookings of ${id}`).toBeLessThanOrEqual(11);
      }
      // Thirty bookings one after the other: a few seconds alone, more beside other suites.
    }, 120_000);
  });

  describe('the reported case: a signed-out store of 14:00, Giulia has one booking that day, Valentina none', () => {
    for (const giuliaFirst of [true, false]) {
      it(`goes to Valentina (Giulia's id sorts ${giuliaFirst ? 'first' : 'last'})`, async () => {
        const { giulia, valentina } = await seedWithIds(giuliaFirst);
        expect((await giuliasMorning(giulia)).professionalId).toBe(giulia);
        const row = await store({ startTime: '14:00' });
        expect(row.professionalId).toBe(valentina);
        expect(row.status).toBe('confirmed');
      });
    }

    it('the hold of that time takes Valentina too, and the booking keeps her', async () => {
      const { giulia, valentina } = await seedWithIds(true);
      await giuliasMorning(giulia);
      const holderKey = crypto.randomUUID();
      const hold = await call(t.app(), 'POST', '/bookings/holds', {
        body: {
          holderKey,
          bookingLocation: TORINO,
          services: bookingPayload().services,
          startDate: WEDNESDAY,
          startTime: '14:00',
          providerId: null,
        },
      });
      expect(hold.status, JSON.stringify(hold.body)).toBe(201);
      const [held] = await t.db.select().from(bookingAssignments).where(isNotNull(bookingAssignments.holdId));
      expect(held!.professionalId).toBe(valentina);
      expect((await store({ startTime: '14:00', holderKey })).professionalId).toBe(valentina);
    });
  });

  describe('confirmed calendars first, and her ratings, still hold', () => {
    it('an on-request professional with no appointment comes after confirmed ones with one each', async () => {
      const { giulia, valentina, martina } = await seedWithIds(true);
      await giuliasMorning(giulia);
      await store({ startTime: '12:00', providerId: valentina, email: 'mezzogiorno@example.it' });
      const row = await store({ startTime: '14:00' });
      expect([giulia, valentina]).toContain(row.professionalId);
      expect(row.professionalId).not.toBe(martina);
      expect(row.status).toBe('confirmed');
    });

    it('one she rated 1–2★ comes only when nobody else is free, whatever her appointments', async () => {
      const { giulia } = await seedWithIds(true);
      const valentina = await professionalId(t.db, 'pro-valentina-greco');
      await rated('lucia.neri@example.it', valentina, 1);
      await giuliasMorning(giulia);
      // Valentina has fewer appointments, but Lucia rated her 1★: Giulia (confirmed) comes.
      expect((await store({ startTime: '14:00' })).professionalId).toBe(giulia);
      // At 20:00 only Valentina works: the time stays, and she comes.
      expect((await store({ startTime: '20:00', email: 'lucia.neri@example.it' })).professionalId).toBe(valentina);
    });

    for (const giuliaFirst of [true, false])
      it(`5★ first among those equal on hours and appointments, not before fewer (Giulia's id ${giuliaFirst ? 'first' : 'last'})`, async () => {
        const { giulia, valentina } = await seedWithIds(giuliaFirst);
        await rated('lucia.neri@example.it', giulia, 5);
        // Both free at 14:00, neither with an appointment that day: her 5★ decides.
        expect((await store({ startTime: '14:00' })).professionalId).toBe(giulia);
        // Thursday: Giulia has one, Valentina none: fewer appointments comes before her 5★.
        await store({ startDate: '2026-03-05', startTime: '10:00', providerId: giulia, email: 'altra@example.it' });
        expect((await store({ startDate: '2026-03-05', startTime: '14:00' })).professionalId).toBe(valentina);
      });

    it('a request passed on goes to the next professional by the same rule, her ratings included', async () => {
      const { giulia, valentina, martina } = await seedWithIds(false);
      // Lucia rated Valentina 1★; she asks Martina (on request) for 14:00. Giulia has one appointment.
      await rated('lucia.neri@example.it', valentina, 1);
      await giuliasMorning(giulia);
      const request = await store({ startTime: '14:00', providerId: martina });
      expect(request).toMatchObject({ status: 'pending', requestStage: 'professional', professionalId: martina });
      const deadline = request.answerBy!;
      expect(await runRequestDeadline(t.db, request.id, deadline, deadline)).toBe('passed');
      const [passed] = await t.db.select().from(bookings).where(eq(bookings.id, request.id));
      // Valentina has fewer appointments, but Lucia rated her 1★: Giulia is asked.
      expect(passed!.professionalId).toBe(giulia);
    });

    it('a move without her professional goes by the same rule, her ratings included', async () => {
      const { giulia, valentina } = await seedWithIds(true);
      await giuliasMorning(giulia);
      const lucia = await createUser(t.db, { email: 'lucia.neri@example.it' });
      const bearer = await tokenFor(t.db, lucia, t.clock.now());
      const move = async (id: string, startTime: string) => {
        const reply = await call(t.app(), 'POST', `/appointments/${id}/reschedule`, {
          token: bearer,
          body: { startDate: WEDNESDAY, startTime, keepProfessional: false },
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
        return row!.professionalId;
      };
      // Her 08:00 with Martina (the only one working then) moved to 14:00: Valentina has fewer appointments.
      const early = await store({ startTime: '08:00' }, bearer);
      expect(await move(early.id, '14:00')).toBe(valentina);
      // She rates Valentina 1★: Valentina comes only when nobody else is free. Moved to 15:30
      // (Valentina's own time free for it: no appointment that day), Giulia comes.
      await t.db.insert(ratings).values({
        bookingId: early.id,
        professionalId: valentina,
        userId: lucia.id,
        stars: 1,
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      });
      expect(await move(early.id, '15:30')).toBe(giulia);
    });

    it('without ratings, a request passed on goes to the one with fewer appointments', async () => {
      const { giulia, valentina, martina } = await seedWithIds(true);
      await giuliasMorning(giulia);
      const request = await store({ startTime: '14:00', providerId: martina });
      const deadline = request.answerBy!;
      expect(await runRequestDeadline(t.db, request.id, deadline, deadline)).toBe('passed');
      const [passed] = await t.db.select().from(bookings).where(eq(bookings.id, request.id));
      expect(passed!.professionalId).toBe(valentina);
    });
  });
});
