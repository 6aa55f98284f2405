import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { createBookingCall } from '../../../contract/calls';
import { users } from '../../../server/db/schema/accounts';
import { outbox } from '../../../server/db/schema/outbox';
import { deliverOutbox } from '../../../server/services/outbox';
import { describeEachDb } from '../helpers/databases';
import { call, dataOf, tokenFor } from '../helpers/fixtures';
import { CapturingLogger, CapturingMailer, TEST_APP_URL } from '../helpers/test-app';
import { bookingPayload, seedBookingData } from './booking-fixtures';

/**
 * Issue 16, reminders: an e-mail the day before at 18:00 Europe/Rome with the address, the time and
 * the professional; several workers never send one twice; a reminder of a cancelled or moved
 * booking is dropped. The test clock starts on Monday 2 March 2026, 10:00 in Rome; the booking is on
 * Wednesday at 10:00, so its reminder is due on Tuesday at 18:00 in Rome (17:00 UTC).
 */
describeEachDb('reminders', (t) => {
  const DUE = '2026-03-03T17:00:00.000Z';
  const SUBJECT = 'Promemoria: domani alle 10:00 il tuo appuntamento Musa';

  async function booked() {
    await seedBookingData(t.db);
    const reply = await call(t.app(), 'POST', '/bookings/store', { body: bookingPayload() });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const { booking } = v.parse(createBookingCall.response, dataOf(reply));
    const [user] = await t.db.select().from(users).where(eq(users.id, booking.userId));
    return { id: booking._id, bearer: await tokenFor(t.db, user!, t.clock.now()) };
  }

  /** One worker's round of the outbox at the test clock's time; returns what it sent. */
  async function round(mailer = new CapturingMailer()) {
    await deliverOutbox({ db: t.db, mailer, logger: new CapturingLogger(), appUrl: TEST_APP_URL, now: t.clock.now });
    return mailer.sent;
  }
  const reminders = (sent: Awaited<ReturnType<typeof round>>) => sent.filter((m) => m.subject.startsWith('Promemoria'));

  it('comes the day before at 18:00 in Rome, not a second earlier, once, with the time, the address and the professional', async () => {
    const { id } = await booked();
    const [row] = await t.db.select().from(outbox).where(eq(outbox.kind, 'booking-reminder'));
    expect(row).toMatchObject({ bookingId: id, sentAt: null });
    expect(row!.nextAttemptAt.toISOString()).toBe(DUE);

    t.clock.set(new Date(new Date(DUE).getTime() - 1000));
    expect(reminders(await round())).toEqual([]);
    t.clock.set(DUE);
    const [mail] = reminders(await round());
    expect(mail?.subject).toBe(SUBJECT);
    expect(mail?.to).toBe('lucia.neri@example.it');
    expect(mail?.text).toContain('Quando: mercoledì 4 marzo 2026, dalle 10:00 alle 10:55');
    expect(mail?.text).toContain('Dove: Via Roma, 2, Torino');
    expect(mail?.text).toMatch(/Professionista: \S+ \S+/);
    expect(reminders(await round())).toEqual([]);
  });

  it('two workers at the same moment send it once', async () => {
    await booked();
    t.clock.set(DUE);
    const [a, b] = await Promise.all([round(), round()]);
    expect(reminders([...a!, ...b!])).toHaveLength(1);
  });

  it('a cancelled booking’s reminder is dropped', async () => {
    const { id, bearer } = await booked();
    expect((await call(t.app(), 'POST', `/appointments/${id}/cancel`, { token: bearer })).status).toBe(200);
    t.clock.set(DUE);
    expect(reminders(await round())).toEqual([]);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.kind, 'booking-reminder'));
    expect(row!.sentAt).not.toBeNull();
  });

  it('a moved booking: the old reminder is dropped, the new one comes the evening before the new day', async () => {
    const { id, bearer } = await booked();
    const moved = await call(t.app(), 'POST', `/appointments/${id}/reschedule`, {
      token: bearer,
      body: { startDate: '2026-03-05', startTime: '11:00', keepProfessional: false },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    t.clock.set(DUE);
    expect(reminders(await round())).toEqual([]);
    t.clock.set('2026-03-04T17:00:00.000Z');
    const [mail] = reminders(await round());
    expect(mail?.subject).toBe('Promemoria: domani alle 11:00 il tuo appuntamento Musa');
    expect(mail?.text).toContain('giovedì 5 marzo 2026');
  });

  it('a booking made after that evening has no reminder', async () => {
    t.clock.set('2026-03-03T17:30:00.000Z');
    await booked();
    expect(await t.db.select().from(outbox).where(eq(outbox.kind, 'booking-reminder'))).toEqual([]);
  });
});
