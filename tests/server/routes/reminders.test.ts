import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { appointmentReminderCall, createBookingCall } from '../../../contract/calls';
import { API_MESSAGES } from '../../../server/http/messages';
import { users } from '../../../server/db/schema/accounts';
import { outbox } from '../../../server/db/schema/outbox';
import { OUTBOX_JOBS } from '../../../server/app';
import { deliverOutbox } from '../../../server/jobs/outbox';
import { describeEachDb } from '../helpers/databases';
import { call, createBooking, createUser, dataOf, errorOf, tokenFor } from '../helpers/fixtures';
import { CapturingLogger, CapturingMailer, TEST_APP_URL } from '../helpers/test-app';
import { bookingPayload, manageLinkIn, seedBookingData } from './booking-fixtures';

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
    await deliverOutbox({
      db: t.db,
      mailer,
      logger: new CapturingLogger(),
      appUrl: TEST_APP_URL,
      now: t.clock.now,
      jobs: OUTBOX_JOBS,
    });
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
    // Its button opens the appointment without a password.
    const link = manageLinkIn(mail!)!;
    expect(link.bookingId).toBe(id);
    expect(mail!.link).toMatch(new RegExp(`^${TEST_APP_URL}/appointments/${id}\\?token=`));
    expect((await call(t.app(), 'GET', `/appointments/${id}?token=${link.token}`)).status).toBe(200);
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

  describe('two hours before, when she asks (POST /appointments/:bookingId/reminder)', () => {
    // Wednesday 10:00 in Rome (09:00 UTC) less two hours.
    const DUE_2H = '2026-03-04T07:00:00.000Z';
    const TODAY = 'Promemoria: oggi alle 10:00 il tuo appuntamento Musa';
    const remind = (id: string, bearer: string, on: boolean) =>
      call(t.app(), 'POST', `/appointments/${id}/reminder`, { token: bearer, body: { twoHoursBefore: on } });
    const stateOf = (reply: Awaited<ReturnType<typeof remind>>) =>
      v.parse(appointmentReminderCall.response, dataOf(reply)).appointment.twoHoursReminder;
    const todays = (sent: Awaited<ReturnType<typeof round>>) =>
      sent.filter((m) => m.subject.startsWith('Promemoria: oggi'));
    const twoHourRows = () => t.db.select().from(outbox).where(eq(outbox.kind, 'booking-reminder-2h'));

    it('is kept on the booking and due two hours before; two workers send it once, with the manage link', async () => {
      const { id, bearer } = await booked();
      const on = await remind(id, bearer, true);
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect(stateOf(on)).toBe(true);
      // Asking again changes nothing: still one row.
      expect(stateOf(await remind(id, bearer, true))).toBe(true);
      const rows = await twoHourRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.nextAttemptAt.toISOString()).toBe(DUE_2H);
      expect(rows[0]!.forStartsAt?.toISOString()).toBe('2026-03-04T09:00:00.000Z');

      t.clock.set(new Date(new Date(DUE_2H).getTime() - 1000));
      expect(todays(await round())).toEqual([]);
      t.clock.set(DUE_2H);
      const [a, b] = await Promise.all([round(), round()]);
      const sent = todays([...a!, ...b!]);
      expect(sent).toHaveLength(1);
      const mail = sent[0]!;
      expect(mail.subject).toBe(TODAY);
      expect(mail.to).toBe('lucia.neri@example.it');
      expect(mail.text).toContain('Ciao Lucia,');
      expect(mail.text).toContain('sei pronta?');
      expect(mail.text).toContain('Quando: mercoledì 4 marzo 2026, dalle 10:00 alle 10:55');
      expect(mail.text).toContain('Dove: Via Roma, 2, Torino');
      expect(mail.text).toMatch(/Professionista: \S+ \S+/);
      expect(mail.text).toContain('Servizi: Piega liscia, Maschera idratante');
      expect(mail.html).toContain('GESTISCI APPUNTAMENTO');
      const link = manageLinkIn(mail)!;
      expect(link.bookingId).toBe(id);
      expect((await call(t.app(), 'GET', `/appointments/${id}?token=${link.token}`)).status).toBe(200);
      expect(todays(await round())).toEqual([]);
    });

    it('on the day summer time starts, two real hours before: 03:30 CEST is reminded at 00:30 CET', async () => {
      const user = await createUser(t.db, { firstName: 'Marta' });
      const booking = await createBooking(t.db, { userId: user.id, startsAt: new Date('2026-03-29T01:30:00.000Z') });
      const bearer = await tokenFor(t.db, user, t.clock.now());
      expect((await remind(booking.id, bearer, true)).status).toBe(200);
      const [row] = await twoHourRows();
      expect(row!.nextAttemptAt.toISOString()).toBe('2026-03-28T23:30:00.000Z');
      t.clock.set('2026-03-28T23:29:59.000Z');
      expect(todays(await round())).toEqual([]);
      t.clock.set('2026-03-28T23:30:00.000Z');
      const [mail] = todays(await round());
      expect(mail?.subject).toBe('Promemoria: oggi alle 03:30 il tuo appuntamento Musa');
      expect(mail?.text).toContain('domenica 29 marzo 2026, dalle 03:30 alle 04:30');
    });

    it('turned off: the waiting row is dropped and nothing is sent', async () => {
      const { id, bearer } = await booked();
      await remind(id, bearer, true);
      const off = await remind(id, bearer, false);
      expect(off.status).toBe(200);
      expect(stateOf(off)).toBe(false);
      const [row] = await twoHourRows();
      expect(row!.sentAt).not.toBeNull();
      t.clock.set(DUE_2H);
      expect(todays(await round())).toEqual([]);
    });

    it('a cancelled booking’s is dropped when due', async () => {
      const { id, bearer } = await booked();
      await remind(id, bearer, true);
      expect((await call(t.app(), 'POST', `/appointments/${id}/cancel`, { token: bearer })).status).toBe(200);
      t.clock.set(DUE_2H);
      expect(todays(await round())).toEqual([]);
    });

    it('moves with the booking: the old time’s is dropped, the new time’s comes two hours before it', async () => {
      const { id, bearer } = await booked();
      await remind(id, bearer, true);
      const moved = await call(t.app(), 'POST', `/appointments/${id}/reschedule`, {
        token: bearer,
        body: { startDate: '2026-03-05', startTime: '11:00', keepProfessional: false },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(v.parse(appointmentReminderCall.response, dataOf(moved)).appointment.twoHoursReminder).toBe(true);
      t.clock.set(DUE_2H);
      expect(todays(await round())).toEqual([]);
      t.clock.set('2026-03-05T07:59:59.000Z');
      expect(todays(await round())).toEqual([]);
      t.clock.set('2026-03-05T08:00:00.000Z');
      const [mail] = todays(await round());
      expect(mail?.subject).toBe('Promemoria: oggi alle 11:00 il tuo appuntamento Musa');
    });

    it('moved away and back to the same time: each reminder still comes once', async () => {
      const { id, bearer } = await booked();
      await remind(id, bearer, true);
      for (const startTime of ['14:00', '10:00']) {
        const moved = await call(t.app(), 'POST', `/appointments/${id}/reschedule`, {
          token: bearer,
          body: { startDate: '2026-03-04', startTime },
        });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      }
      t.clock.set(DUE_2H);
      const sent = await round();
      expect(todays(sent).map((m) => m.subject)).toEqual([TODAY]);
      expect(reminders(sent).filter((m) => m.subject === SUBJECT)).toHaveLength(1);
    });

    it('inside the two hours it is kept but has no row; a started or cancelled appointment refuses; someone else gets 404', async () => {
      const { id, bearer } = await booked();
      t.clock.set('2026-03-04T07:30:00.000Z');
      const late = await remind(id, bearer, true);
      expect(late.status).toBe(200);
      expect(stateOf(late)).toBe(true);
      expect(await twoHourRows()).toEqual([]);
      t.clock.set('2026-03-04T09:00:00.000Z');
      const started = await remind(id, bearer, false);
      expect(started.status).toBe(409);
      expect(errorOf(started)).toBe(API_MESSAGES.appointmentStarted);

      t.clock.reset();
      const stranger = await tokenFor(t.db, await createUser(t.db), t.clock.now());
      const refused = await remind(id, stranger, true);
      expect(refused.status).toBe(404);
      expect(errorOf(refused)).toBe(API_MESSAGES.appointmentNotFound);
      const bad = await call(t.app(), 'POST', `/appointments/${id}/reminder`, {
        token: bearer,
        body: { twoHoursBefore: 'sì' },
      });
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toBe('Valore non valido');

      expect((await call(t.app(), 'POST', `/appointments/${id}/cancel`, { token: bearer })).status).toBe(200);
      const cancelled = await remind(id, bearer, true);
      expect(cancelled.status).toBe(409);
      expect(errorOf(cancelled)).toBe(API_MESSAGES.appointmentCancelled);
    });
  });
});
