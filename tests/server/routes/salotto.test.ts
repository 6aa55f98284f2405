import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { availableDaysCall, nextBookingsCall, salottoAvailableTimesCall } from '../../../contract/calls';
import { MESSAGES } from '../../../contract/messages';
import { bookingAssignments, bookings } from '../../../server/db/schema/bookings';
import { SALOTTO_COPY } from '../../../server/bookings/booking-emails';
import { sqlState } from '../../../server/db/errors';
import { describeEachDb } from '../helpers/databases';
import { call, createBooking, createUser, dataOf, errorOf, TORINO, tokenFor, type Reply } from '../helpers/fixtures';
import { bookingPayload, professionalId, seedBookingData, timesPayload, WEDNESDAY } from './booking-fixtures';

/**
 * A salotto is served by a team, one professional per chosen category, all from the same start
 * (server/availability/availability.ts). In Torino on Wednesday 4 March only Francesca Gallo does
 * make-up (12:00–21:00): every team of hair + estetica + make-up that day has her in it.
 */
const TEAM_SERVICES = ['salotto-capelli-pieghe', 'salotto-estetica-manicure', 'salotto-makeup-evento'];
const ROME_NOON = '2026-03-04T11:00:00.000Z'; // 12:00 in Rome (UTC+1 in March)
const MINUTE = 60_000;

describeEachDb('salotto as a team', (t) => {
  const times = async (change: Record<string, unknown> = {}) => {
    const reply = await call(t.app(), 'POST', '/bookings/available-times/salotto', {
      body: timesPayload({ services: TEAM_SERVICES, numberOfCustomers: 3, ...change }),
    });
    return v.parse(salottoAvailableTimesCall.response, dataOf(reply)).availableTimes;
  };
  const store = (change: Record<string, unknown> = {}, token?: string): Promise<Reply> =>
    call(t.app(), 'POST', '/bookings/store/salotto', {
      body: bookingPayload({
        services: TEAM_SERVICES,
        numberOfCustomers: 3,
        startTime: '12:00',
        isManualFlow: true,
        notes: 'Addio al nubilato di Marta',
        ...change,
      }),
      ...(token ? { token } : {}),
    });
  const bookingId = (reply: Reply) => dataOf<{ booking: { _id: string } }>(reply).booking._id;
  const assignmentsOf = (id: string) =>
    t.db.select().from(bookingAssignments).where(eq(bookingAssignments.bookingId, id));
  const activeAssignmentsOf = async (pro: string) =>
    t.db
      .select()
      .from(bookingAssignments)
      .where(and(eq(bookingAssignments.professionalId, pro), eq(bookingAssignments.active, true)));

  it('finds a team and books it: one assignment per professional, each for her own part, as a request', async () => {
    await seedBookingData(t.db);
    const francesca = await professionalId(t.db, 'pro-francesca-gallo');
    const list = await times();
    // Hair 45 min × 3 is the longest part; the make-up artist starts at 12:00.
    expect(list[0]).toMatchObject({ startTime: '12:00', endTime: '14:15', toBeConfirmed: true, instantBooking: false });
    expect(list.every((s) => s.toBeConfirmed)).toBe(true);

    const reply = await store();
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const id = bookingId(reply);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ kind: 'salotto', participants: 3, status: 'pending', professionalId: null });
    expect(row!.startsAt.toISOString()).toBe(ROME_NOON);
    expect(row!.endsAt.getTime() - row!.startsAt.getTime()).toBe(135 * MINUTE);

    const team = await assignmentsOf(id);
    expect(team.map((a) => a.category).sort()).toEqual(['estetica', 'hair', 'make-up']);
    expect(new Set(team.map((a) => a.professionalId)).size).toBe(3);
    const part = (category: string) => team.find((a) => a.category === category)!;
    expect(part('make-up').professionalId).toBe(francesca);
    for (const a of team) expect(a.startsAt.toISOString()).toBe(ROME_NOON);
    expect(part('hair').endsAt.getTime() - part('hair').startsAt.getTime()).toBe(135 * MINUTE);
    expect(part('estetica').endsAt.getTime() - part('estetica').startsAt.getTime()).toBe(120 * MINUTE);

    // The request e-mail: people, categories, notes and the beauty box.
    const mail = t.mailer.sent.find((m) => m.subject === SALOTTO_COPY.subject);
    expect(mail?.subject).toBe(SALOTTO_COPY.subject);
    expect(mail?.text).toContain(SALOTTO_COPY.title);
    expect(mail?.text).toContain('Persone: 3');
    expect(mail?.text).toContain('Categorie: Capelli, Estetica, Make up');
    expect(mail?.text).toContain('Note: Addio al nubilato di Marta');
    expect(mail?.text).toContain(SALOTTO_COPY.beautyBox);
    expect(mail?.text).toContain('Make up: Francesca Gallo');
    expect(mail?.html).toContain('Richiesta di salotto');

    // Francesca is now busy until 14:15 plus her travel: the team can start again at 15:00.
    const after = (await times()).map((s) => s.startTime);
    expect(after).not.toContain('12:00');
    expect(after).not.toContain('14:30');
    expect(after[0]).toBe('15:00');
  });

  it('has no slot when part of the team is busy (the only make-up artist that day), and answers 409 to a store', async () => {
    await seedBookingData(t.db);
    const user = await createUser(t.db);
    const francesca = await professionalId(t.db, 'pro-francesca-gallo');
    await createBooking(t.db, {
      userId: user.id,
      professionalId: francesca,
      startsAt: new Date(ROME_NOON),
      endsAt: new Date('2026-03-04T20:00:00.000Z'),
      services: [],
    });
    expect(await times()).toEqual([]);
    // Hair and estetica alone still have their team.
    expect((await times({ services: TEAM_SERVICES.slice(0, 2) })).length).toBeGreaterThan(0);
    const days = await call(t.app(), 'POST', '/bookings/available-days', {
      body: {
        bookingLocation: TORINO,
        services: TEAM_SERVICES,
        fromDate: WEDNESDAY,
        toDate: '2026-03-05',
        numberOfCustomers: 3,
      },
    });
    expect(v.parse(availableDaysCall.response, dataOf(days)).days).toEqual([
      { date: WEDNESDAY, available: false },
      { date: '2026-03-05', available: true },
    ]);
    const reply = await store();
    expect(reply.status).toBe(409);
    expect(errorOf(reply)).toBe(MESSAGES.slotTaken);
  });

  it('keeps the professional filter: the chosen professional is in the team', async () => {
    await seedBookingData(t.db);
    // Sara Costa (hair and make-up) works Friday to Sunday: no team with her on Wednesday.
    const sara = await professionalId(t.db, 'pro-sara-costa');
    expect(await times({ providerId: sara })).toEqual([]);
    expect((await times({ providerId: sara, startDate: '2026-03-06' })).length).toBeGreaterThan(0);
    const valentina = await professionalId(t.db, 'pro-valentina-greco');
    expect((await times({ providerId: valentina })).length).toBeGreaterThan(0);
    const reply = await store({ providerId: valentina });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const team = await assignmentsOf(bookingId(reply));
    expect(team.find((a) => a.category === 'hair')?.professionalId).toBe(valentina);
  });

  it('refuses a single booking over a team member’s part, in the database and through the API', async () => {
    await seedBookingData(t.db);
    const francesca = await professionalId(t.db, 'pro-francesca-gallo');
    expect((await store()).status).toBe(201);
    const user = await createUser(t.db);
    const overlap = await createBooking(t.db, {
      userId: user.id,
      professionalId: francesca,
      startsAt: new Date('2026-03-04T12:00:00.000Z'),
      endsAt: new Date('2026-03-04T13:00:00.000Z'),
      services: [],
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(sqlState(overlap)).toBe('23P01');
    // Nobody else does make-up that Wednesday: a single make-up booking at 13:00 finds nobody.
    const single = await call(t.app(), 'POST', '/bookings/store', {
      body: bookingPayload({ services: ['makeup-trucco-giorno'], startTime: '13:00', email: 'altra@example.it' }),
    });
    expect(single.status).toBe(409);
    expect(await activeAssignmentsOf(francesca)).toHaveLength(1);
  });

  it('lets exactly one of simultaneous bookings that need one team member through (salotti and a single booking)', async () => {
    await seedBookingData(t.db);
    const francesca = await professionalId(t.db, 'pro-francesca-gallo');
    const app = t.app();
    const replies = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        call(app, 'POST', '/bookings/store/salotto', {
          body: bookingPayload({
            services: TEAM_SERVICES,
            numberOfCustomers: 3,
            startTime: '12:00',
            email: `gruppo${i}@example.it`,
          }),
        }),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        call(app, 'POST', '/bookings/store', {
          body: bookingPayload({
            services: ['makeup-trucco-giorno'],
            startTime: '12:00',
            email: `sola${i}@example.it`,
          }),
        }),
      ),
    ]);
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    for (const reply of replies.filter((r) => r.status === 409)) expect(errorOf(reply)).toBe(MESSAGES.slotTaken);
    expect(await activeAssignmentsOf(francesca)).toHaveLength(1);
  }, 60_000);

  it('answers a retried submission with its one booking (idempotency key), also when both arrive at once', async () => {
    await seedBookingData(t.db);
    const first = await store({ idempotencyKey: 'salotto-key-0001' });
    expect(first.status).toBe(201);
    const again = await store({ idempotencyKey: 'salotto-key-0001' });
    expect(again.status).toBe(200);
    expect(bookingId(again)).toBe(bookingId(first));
    const [a, b] = await Promise.all([
      store({ idempotencyKey: 'salotto-key-0002', startTime: '15:00', email: 'due@example.it' }),
      store({ idempotencyKey: 'salotto-key-0002', startTime: '15:00', email: 'due@example.it' }),
    ]);
    expect([a!.status, b!.status].sort()).toEqual([200, 201]);
    expect(bookingId(a!)).toBe(bookingId(b!));
    expect(await t.db.select().from(bookings)).toHaveLength(2);
    expect(await t.db.select().from(bookingAssignments)).toHaveLength(6);
  });

  it('shows the request in the personal area: people, categories, notes and the beauty box; the team in the filter', async () => {
    await seedBookingData(t.db);
    const user = await createUser(t.db, { email: 'lucia.neri@example.it' });
    const token = await tokenFor(t.db, user, t.clock.now());
    expect((await store({}, token)).status).toBe(201);
    const next = v.parse(nextBookingsCall.response, dataOf(await call(t.app(), 'GET', '/me/next', { token })));
    expect(next.nextBookings).toHaveLength(1);
    expect(next.nextBookings[0]).toMatchObject({
      date: WEDNESDAY,
      startTime: '12:00',
      salotto: {
        participants: 3,
        categories: ['hair', 'estetica', 'make-up'],
        notes: 'Addio al nubilato di Marta',
        beautyBox: true,
      },
    });
    const providers = dataOf<{ providers: Array<{ firstName: string; lastName: string }> }>(
      await call(t.app(), 'GET', `/users/${user.id}/providers`, { token }),
    ).providers;
    expect(providers).toHaveLength(3);
    expect(providers.map((p) => `${p.firstName} ${p.lastName}`)).toContain('Francesca Gallo');
  });
});
