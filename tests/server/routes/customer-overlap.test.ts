import { eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerAlreadyBooked, MESSAGES } from '../../../contract/messages';
import { bookings } from '../../../server/db/schema/bookings';
import { sqlConstraint, sqlState } from '../../../server/db/errors';
import { describeEachDb } from '../helpers/databases';
import { call, createBooking, createUser, dataOf, errorOf, tokenFor, TORINO } from '../helpers/fixtures';
import { bookingPayload, PIEGA, professionalId, seedBookingData, WEDNESDAY } from './booking-fixtures';

/**
 * One customer, one appointment at a time (issue 26): a single booking overlapping another live
 * booking of the same customer, by account or by e-mail, is refused by the database, also when the
 * requests arrive together.
 */
describeEachDb('one customer, one appointment at a time', (t) => {
  const store = (body: Record<string, unknown>, token?: string) =>
    call(t.app(), 'POST', '/bookings/store', { body: bookingPayload({ services: [PIEGA], ...body }), token });
  const live = () => t.db.select().from(bookings).where(ne(bookings.status, 'cancelled'));
  /** The refusal for her appointment of Wednesday from `start` to `end`. */
  const refusal = (startTime: string, endTime: string) =>
    customerAlreadyBooked({ dateLabel: 'mercoledì 4 marzo 2026', startTime, endTime });

  it('refuses the same e-mail at the same time with another professional, saying when the first one is', async () => {
    await seedBookingData(t.db);
    // At 10:00 Giulia and Martina are both free: the second booking had a professional.
    expect((await store({ startTime: '10:00' })).status).toBe(201);
    const [first] = await live();
    const end = new Intl.DateTimeFormat('it-IT', {
      timeZone: 'Europe/Rome',
      hour: '2-digit',
      minute: '2-digit',
    }).format(first!.endsAt);
    const second = await store({ startTime: '10:00', email: ' Lucia.Neri@Example.it ' });
    expect(second.status).toBe(409);
    expect(errorOf(second)).toBe(refusal('10:00', end));
    expect(errorOf(second)).toContain('Gestisci appuntamento');
    expect(errorOf(second)).toContain('Salotto di Musa (2+ persone)');
    // Overlapping without the same start is refused too; back to back is allowed.
    expect((await store({ startTime: '09:30' })).status).toBe(409);
    // The first slot (every half hour) from the end of the first one.
    const [hour, minute] = end.split(':').map(Number) as [number, number];
    const next = Math.ceil((hour * 60 + minute) / 30) * 30;
    const nextSlot = `${String(Math.floor(next / 60)).padStart(2, '0')}:${String(next % 60).padStart(2, '0')}`;
    expect((await store({ startTime: nextSlot })).status).toBe(201);
    expect(await live()).toHaveLength(2);
  });

  it('refuses by account: a signed-in customer, whatever e-mail her form carries, and a visitor with her e-mail', async () => {
    await seedBookingData(t.db);
    const anna = await createUser(t.db, { email: 'anna@example.it' });
    const token = await tokenFor(t.db, anna, t.clock.now());
    expect((await store({ startTime: '10:00', email: 'anna@example.it' }, token)).status).toBe(201);
    expect((await store({ startTime: '10:00', email: 'altra@example.it' }, token)).status).toBe(409);
    const visitor = await store({ startTime: '10:00', email: 'anna@example.it' });
    expect(visitor.status).toBe(409);
    expect(errorOf(visitor)).toMatch(/^Hai già un appuntamento mercoledì 4 marzo 2026, dalle 10:00 alle/);
    expect(await live()).toHaveLength(1);
  });

  it('refuses by e-mail: a visitor with the e-mail a signed-in customer booked with', async () => {
    await seedBookingData(t.db);
    const anna = await createUser(t.db);
    const token = await tokenFor(t.db, anna, t.clock.now());
    expect((await store({ startTime: '10:00', email: 'sorella@example.it' }, token)).status).toBe(201);
    const visitor = await store({ startTime: '10:00', email: 'sorella@example.it' });
    expect(visitor.status).toBe(409);
    expect(errorOf(visitor)).toMatch(/^Hai già un appuntamento mercoledì 4 marzo 2026, dalle 10:00/);
    // The refused visitor's account was not created: the transaction was rolled back.
    expect(await live()).toHaveLength(1);
  });

  it('lets another customer book the same time, and the customer book again once she cancelled', async () => {
    await seedBookingData(t.db);
    expect((await store({ startTime: '10:00' })).status).toBe(201);
    expect((await store({ startTime: '10:00', email: 'altra@example.it' })).status).toBe(201);
    const [mine] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.userId, (await live())[0]!.userId));
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, mine!.id));
    // Giulia and Martina are taken now; Valentina starts at 12:00.
    expect((await store({ startTime: '12:00' })).status).toBe(201);
  });

  it('refuses moving one of her appointments onto another of hers, saying which', async () => {
    await seedBookingData(t.db);
    const anna = await createUser(t.db, { email: 'anna@example.it' });
    const token = await tokenFor(t.db, anna, t.clock.now());
    expect((await store({ startTime: '10:00', email: 'anna@example.it' }, token)).status).toBe(201);
    const later = await store({ startTime: '13:00', email: 'anna@example.it' }, token);
    const laterId = dataOf<{ booking: { _id: string } }>(later).booking._id;
    // Another professional is free at 10:00: only her own appointment stands in the way.
    const move = await call(t.app(), 'POST', `/appointments/${laterId}/reschedule`, {
      token,
      body: { startDate: WEDNESDAY, startTime: '10:00', keepProfessional: false },
    });
    expect(move.status).toBe(409);
    expect(errorOf(move)).toMatch(/^Hai già un appuntamento mercoledì 4 marzo 2026, dalle 10:00 alle/);
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, laterId));
    expect(kept!.startsAt.toISOString()).toBe('2026-03-04T12:00:00.000Z');
  });

  it('is the database’s rule: an overlapping row of the same account is refused whoever writes it', async () => {
    const user = await createUser(t.db);
    await createBooking(t.db, { userId: user.id, startsAt: new Date('2026-03-04T09:00:00Z') });
    const error = await createBooking(t.db, { userId: user.id, startsAt: new Date('2026-03-04T09:30:00Z') }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(sqlState(error)).toBe('23P01');
    expect(sqlConstraint(error)).toBe('bookings_customer_no_overlap');
    // A cancelled one holds nothing.
    await createBooking(t.db, { userId: user.id, startsAt: new Date('2026-03-04T09:30:00Z'), status: 'cancelled' });
  });

  it('stores exactly one of 12 simultaneous bookings of one customer for different professionals', async () => {
    await seedBookingData(t.db);
    // At 12:00 Giulia, Martina and Valentina are all free for a piega.
    const pros = await Promise.all(
      ['pro-giulia-ferrero', 'pro-martina-rinaldi', 'pro-valentina-greco'].map((slug) => professionalId(t.db, slug)),
    );
    const times = await call(t.app(), 'POST', '/bookings/available-times', {
      body: { bookingLocation: TORINO, services: [PIEGA], startDate: WEDNESDAY, providerId: pros[1] },
    });
    expect(
      dataOf<{ availableTimes: Array<{ startTime: string }> }>(times).availableTimes.map((s) => s.startTime),
    ).toContain('12:00');
    const app = t.app();
    const providerOf = (i: number) => (i % 4 === 3 ? null : pros[i % 4]!);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(app, 'POST', '/bookings/store', {
          body: bookingPayload({ services: [PIEGA], startTime: '12:00', providerId: providerOf(i) }),
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    const stored = await live();
    expect(stored).toHaveLength(1);
    const taken = stored[0]!.professionalId;
    const herOther = /^Hai già un appuntamento mercoledì 4 marzo 2026, dalle 12:00 alle/;
    replies.forEach((reply, i) => {
      if (reply.status === 201) return;
      expect(reply.status).toBe(409);
      // Asked for the professional the winner took: her slot may be gone before she is asked.
      if (providerOf(i) === taken)
        expect(errorOf(reply) === MESSAGES.slotTaken || herOther.test(errorOf(reply)!)).toBe(true);
      else expect(errorOf(reply)).toMatch(herOther);
    });
    expect(replies.filter((r) => herOther.test(errorOf(r) ?? '')).length).toBeGreaterThanOrEqual(8);
  }, 60_000);
});

describe('the refusal’s words', () => {
  it('say when, how to manage it, and that several people at once is a salotto', () => {
    expect(customerAlreadyBooked({ dateLabel: 'mercoledì 4 marzo 2026', startTime: '10:00', endTime: '10:45' })).toBe(
      'Hai già un appuntamento mercoledì 4 marzo 2026, dalle 10:00 alle 10:45: non puoi essere in due appuntamenti nello stesso momento. ' +
        'Per spostarlo o cancellarlo apri «Gestisci appuntamento» dall’e-mail di conferma o dalla tua area personale. ' +
        'Per prenotare più persone insieme scegli «Salotto di Musa (2+ persone)».',
    );
  });
});
