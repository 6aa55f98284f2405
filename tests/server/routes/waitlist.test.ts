import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { createBookingCall } from '../../../contract/calls';
import { MESSAGES } from '../../../contract/messages';
import { users } from '../../../server/db/schema/accounts';
import { waitlist } from '../../../server/db/schema/waitlist';
import { deliverOutbox } from '../../../server/services/outbox';
import { describeEachDb } from '../helpers/databases';
import { TEST_APP_URL } from '../helpers/test-app';
import { call, dataOf, errorOf, PALERMO, TORINO, tokenFor } from '../helpers/fixtures';
import { bookingPayload, PIEGA, seedBookingData, WEDNESDAY } from './booking-fixtures';

/**
 * Issue 16, waitlist: 'Avvisami se si libera un orario' takes the e-mail for a day; when a
 * cancellation or a move frees time on that day, the customers waiting get an e-mail (those whose
 * address and services now have a free slot), in the order they joined, once.
 */
describeEachDb('waitlist', (t) => {
  const join = (body: Record<string, unknown>) => call(t.app(), 'POST', '/waitlist', { body });
  const entry = (email: string, overrides: Record<string, unknown> = {}) => ({
    email,
    location: TORINO,
    date: WEDNESDAY,
    services: [PIEGA],
    hairLength: 'long',
    ...overrides,
  });
  const outboxRound = () =>
    deliverOutbox({ db: t.db, mailer: t.mailer, logger: t.logger, appUrl: TEST_APP_URL, now: t.clock.now });
  const offers = () => t.mailer.sent.filter((m) => m.subject.startsWith('Si è liberato un orario'));

  async function booked() {
    const reply = await call(t.app(), 'POST', '/bookings/store', { body: bookingPayload() });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const { booking } = v.parse(createBookingCall.response, dataOf(reply));
    const [user] = await t.db.select().from(users).where(eq(users.id, booking.userId));
    return { id: booking._id, bearer: await tokenFor(t.db, user!, t.clock.now()) };
  }

  it('takes the e-mail for a day; bad input is refused in Italian', async () => {
    await seedBookingData(t.db);
    expect((await join(entry('Anna@Example.it'))).status).toBe(200);
    const [row] = await t.db.select().from(waitlist);
    expect(row).toMatchObject({ email: 'anna@example.it', date: WEDNESDAY, services: [PIEGA], notifiedAt: null });
    const noServices = await join(entry('anna@example.it', { services: [] }));
    expect(noServices.status).toBe(400);
    expect(errorOf(noServices)).toBe(MESSAGES.selectAtLeastOneService);
    const unknown = await join(entry('anna@example.it', { services: ['non-esiste'] }));
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toBe(MESSAGES.serviceUnavailable);
    // Joining again updates her entry: still one.
    expect((await join(entry('anna@example.it', { hairLength: 'short' }))).status).toBe(200);
    expect(await t.db.select().from(waitlist)).toHaveLength(1);
  });

  it('a cancellation that day tells those waiting, in the order they joined, once; other days and unserved addresses are not told', async () => {
    await seedBookingData(t.db);
    const { id, bearer } = await booked();
    await join(entry('prima@example.it'));
    t.clock.advance(1000);
    await join(entry('seconda@example.it'));
    await join(entry('altro.giorno@example.it', { date: '2026-03-05' }));
    await join(entry('palermo@example.it', { location: PALERMO }));

    expect((await call(t.app(), 'POST', `/appointments/${id}/cancel`, { token: bearer })).status).toBe(200);
    // The outbox's round delivers the word (the reply only sends the customer's own e-mail).
    await outboxRound();
    expect(offers().map((m) => m.to)).toEqual(['prima@example.it', 'seconda@example.it']);
    expect(offers()[0]!.subject).toBe('Si è liberato un orario mercoledì 4 marzo');
    expect(offers()[0]!.text).toContain('Via Roma, 2, Torino');

    // A second freed time that day: they were told already.
    const again = await booked();
    await call(t.app(), 'POST', `/appointments/${again.id}/cancel`, { token: again.bearer });
    await outboxRound();
    expect(offers()).toHaveLength(2);
  });
});
