import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appointmentAvailableTimesCall,
  appointmentCall,
  availableTimesCall,
  createBookingCall,
} from '../../../contract/calls';
import { users } from '../../../server/db/schema/accounts';
import { bookings } from '../../../server/db/schema/bookings';
import { API_MESSAGES } from '../../../server/http/messages';
import { createManageToken } from '../../../server/accounts/user-tokens';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, dataOf, errorOf, TORINO, tokenFor } from '../helpers/fixtures';
import { TEST_APP_URL } from '../helpers/test-app';
import {
  bookingPayload,
  manageLinkIn,
  MASCHERA,
  PIEGA,
  professionalId,
  seedBookingData,
  timesPayload,
  WEDNESDAY,
} from './booking-fixtures';

/**
 * Issue 16, cancel: the customer opens one of her appointments and cancels it, signed in or with
 * the e-mail's manage token. Expectations from the issue: free until 24 hours before the start;
 * the booking is marked cancelled, never deleted; its time is free again at once; the e-mail's
 * .ics has METHOD:CANCEL and the same UID; anyone else is refused with 404.
 */
describeEachDb('appointments', (t) => {
  // The test clock: Monday 2 March 2026, 10:00 in Rome. Wednesday 10:00 in Rome is 09:00 UTC.
  const START_UTC = `${WEDNESDAY}T09:00:00.000Z`;
  const FREE_UNTIL = '2026-03-03T09:00:00.000Z';
  // Seeded once per test (every test starts from an emptied database).
  let seeded = false;
  beforeEach(() => {
    seeded = false;
  });

  /** A visitor's booking on Wednesday at 10:00 (piega + maschera), and a bearer of its customer. */
  async function booked(email = 'lucia.neri@example.it', overrides: Record<string, unknown> = {}) {
    if (!seeded) {
      await seedBookingData(t.db);
      seeded = true;
    }
    const reply = await call(t.app(), 'POST', '/bookings/store', { body: bookingPayload({ email, ...overrides }) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const { booking } = v.parse(createBookingCall.response, dataOf(reply));
    const [user] = await t.db.select().from(users).where(eq(users.id, booking.userId));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    return { id: booking._id, row: row!, bearer: await tokenFor(t.db, user!, t.clock.now()) };
  }

  /** A visitor's salotto request on Wednesday at 12:00 (three people, the whole team); its id. */
  async function bookedSalotto() {
    if (!seeded) {
      await seedBookingData(t.db);
      seeded = true;
    }
    const reply = await call(t.app(), 'POST', '/bookings/store/salotto', {
      body: bookingPayload({
        email: 'gruppo@example.it',
        services: ['salotto-capelli-pieghe', 'salotto-estetica-manicure', 'salotto-makeup-evento'],
        numberOfCustomers: 3,
        startTime: '12:00',
        isManualFlow: true,
      }),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return v.parse(createBookingCall.response, dataOf(reply)).booking._id;
  }

  const open = (id: string, options: { bearer?: string; token?: string } = {}) =>
    call(t.app(), 'GET', `/appointments/${id}${options.token === undefined ? '' : `?token=${options.token}`}`, {
      ...(options.bearer ? { token: options.bearer } : {}),
    });
  const cancel = (id: string, options: { bearer?: string; token?: string } = {}) =>
    call(t.app(), 'POST', `/appointments/${id}/cancel${options.token === undefined ? '' : `?token=${options.token}`}`, {
      ...(options.bearer ? { token: options.bearer } : {}),
    });
  const appointmentOf = (reply: Awaited<ReturnType<typeof open>>) =>
    v.parse(appointmentCall.response, dataOf(reply)).appointment;

  /** 'YYYY-MM-DDTHH:MM' of an instant in UTC. */
  const instantOf = (d: Date) => d.toISOString().slice(0, 16);

  /** The start times offered on Wednesday for the same services with the booking's professional. */
  const timesWith = async (providerId: string) => {
    const reply = await call(t.app(), 'POST', '/bookings/available-times', {
      body: timesPayload({ services: [PIEGA, MASCHERA], providerId }),
    });
    return v.parse(availableTimesCall.response, dataOf(reply)).availableTimes.map((slot) => slot.startTime);
  };

  describe('GET /appointments/:bookingId', () => {
    it('shows her appointment signed in: when, where, who, what, and free cancellation until 24 hours before', async () => {
      const { id, bearer } = await booked();
      const reply = await open(id, { bearer });
      expect(reply.status).toBe(200);
      const appointment = appointmentOf(reply);
      expect(appointment).toMatchObject({
        id,
        startDateTime: START_UTC,
        date: WEDNESDAY,
        startTime: '10:00',
        endTime: '10:55',
        timeZone: 'Europe/Rome',
        services: [
          { name: 'Piega liscia', price: 30 },
          { name: 'Maschera idratante', price: 12 },
        ],
        total: 42,
        cancellableUntil: FREE_UNTIL,
        cancellable: true,
        reschedulable: true,
        twoHoursReminder: false,
      });
      expect(appointment.location).toEqual(TORINO);
      expect(appointment.professionalName).toMatch(/^\S+ \S+/);
    });

    it('refuses with the same 404 someone else, no credentials, a token of another booking and an id that is no booking', async () => {
      const mine = await booked('anna.mia@example.it');
      const other = await booked('bea.altra@example.it');
      const stranger = await tokenFor(t.db, await createUser(t.db), t.clock.now());
      const otherToken = await createManageToken(t.db, other.row, t.clock.now());
      for (const reply of [
        await open(mine.id, { bearer: stranger }),
        await open(mine.id),
        await open(mine.id, { token: otherToken }),
        await open(mine.id, { token: 'indovinato' }),
        await open('non-un-id', { bearer: mine.bearer }),
        await open('0b6a3c1e-5d2f-4a8b-9c7d-1e2f3a4b5c6d', { bearer: mine.bearer }),
      ]) {
        expect(reply.status).toBe(404);
        expect(errorOf(reply)).toBe(API_MESSAGES.appointmentNotFound);
      }
      // A refusal is logged by path, never with the token of its query; replies send no referrer.
      const mineToken = await createManageToken(t.db, mine.row, t.clock.now());
      const refused = await open(other.id, { token: mineToken });
      expect(refused.status).toBe(404);
      expect(refused.headers.get('referrer-policy')).toBe('no-referrer');
      expect(JSON.stringify(t.logger.lines)).not.toContain(mineToken);
      expect(JSON.stringify(t.logger.lines)).toContain(`/appointments/${other.id}`);
      // Nothing was cancelled by the refused tries.
      expect((await cancel(mine.id, { bearer: stranger })).status).toBe(404);
      expect((await cancel(mine.id, { token: otherToken })).status).toBe(404);
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, mine.id));
      expect(row!.status).not.toBe('cancelled');
    });

    it('opens with the manage link’s token until the appointment ends, then no more', async () => {
      const { id, row } = await booked();
      const token = await createManageToken(t.db, row, t.clock.now());
      expect((await open(id, { token })).status).toBe(200);
      t.clock.set(new Date(row.endsAt.getTime() - 1));
      expect((await open(id, { token })).status).toBe(200);
      t.clock.set(row.endsAt);
      expect((await open(id, { token })).status).toBe(404);
    });

    it('the link’s token opens it in a browser signed in with another account; that session alone does not', async () => {
      const { id, row } = await booked();
      const token = await createManageToken(t.db, row, t.clock.now());
      const sister = await tokenFor(t.db, await createUser(t.db), t.clock.now());
      expect((await open(id, { bearer: sister })).status).toBe(404);
      const opened = await open(id, { bearer: sister, token });
      expect(opened.status).toBe(200);
      expect(appointmentOf(opened).id).toBe(id);
      expect((await cancel(id, { bearer: sister, token })).status).toBe(200);
    });
  });

  describe('POST /appointments/:bookingId/cancel', () => {
    it('cancels: the booking stays, cancelled; its time is free at once; the e-mail removes it from the calendar', async () => {
      const { id, row, bearer } = await booked();
      expect(await timesWith(row.professionalId!)).not.toContain('10:00');
      const confirmation = t.mailer.sent.at(-1)!;
      expect(confirmation.attachments?.[0]?.content).toContain(`UID:${id}@musa.example`);
      expect(confirmation.attachments?.[0]?.content).toContain('SEQUENCE:0');

      const reply = await cancel(id, { bearer });
      expect(reply.status).toBe(200);
      expect(appointmentOf(reply)).toMatchObject({ id, status: 'cancelled', cancellable: false, reschedulable: false });

      const [after] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      expect(after).toMatchObject({ status: 'cancelled', sequence: 1 });
      expect(after!.cancelledAt?.toISOString()).toBe(t.clock.now().toISOString());
      expect(await timesWith(row.professionalId!)).toContain('10:00');
      const again = await call(t.app(), 'POST', '/bookings/store', {
        body: bookingPayload({ email: 'carla.dopo@example.it', providerId: row.professionalId }),
      });
      expect(again.status, JSON.stringify(again.body)).toBe(201);

      const mail = t.mailer.sent.find((m) => m.subject === 'Il tuo appuntamento Musa è stato cancellato');
      expect(mail?.to).toBe('lucia.neri@example.it');
      expect(mail?.text).toContain('mercoledì 4 marzo 2026, dalle 10:00 alle 10:55');
      const ics = mail!.attachments![0]!;
      expect(ics.contentType).toContain('method=CANCEL');
      for (const line of ['METHOD:CANCEL', `UID:${id}@musa.example`, 'SEQUENCE:1', 'STATUS:CANCELLED']) {
        expect(ics.content).toContain(line);
      }
      expect(ics.content).not.toContain('BEGIN:VALARM');
    });

    it('a second cancel answers the same appointment and sends no second e-mail', async () => {
      const { id, bearer } = await booked();
      expect((await cancel(id, { bearer })).status).toBe(200);
      const sent = t.mailer.sent.length;
      const second = await cancel(id, { bearer });
      expect(second.status).toBe(200);
      expect(appointmentOf(second).status).toBe('cancelled');
      expect(t.mailer.sent.length).toBe(sent);
    });

    it('is free up to 24 hours before the start, to the millisecond; after, 409 with the reason and the booking kept', async () => {
      const first = await booked('prima@example.it');
      t.clock.set(FREE_UNTIL);
      expect((await cancel(first.id, { bearer: first.bearer })).status).toBe(200);

      t.clock.reset();
      const second = await booked('seconda@example.it');
      t.clock.set(new Date(new Date(FREE_UNTIL).getTime() + 1));
      const late = await cancel(second.id, { bearer: second.bearer });
      expect(late.status).toBe(409);
      expect(errorOf(late)).toBe(API_MESSAGES.cancellationTooLate);
      expect(appointmentOf(await open(second.id, { bearer: second.bearer }))).toMatchObject({
        status: second.row.status,
        cancellable: false,
        reschedulable: false,
      });
    });

    it('with the manage link’s token, without signing in', async () => {
      const { id, row } = await booked();
      const token = await createManageToken(t.db, row, t.clock.now());
      const reply = await cancel(id, { token });
      expect(reply.status).toBe(200);
      expect(appointmentOf(reply).status).toBe('cancelled');
    });
  });
  describe('POST /appointments/:bookingId/reschedule', () => {
    const reschedule = (id: string, bearer: string, body: Record<string, unknown>) =>
      call(t.app(), 'POST', `/appointments/${id}/reschedule`, { token: bearer, body });

    it('moves it with her professional: the old time is free, the new one hers, the e-mail replaces the event', async () => {
      const { id, row, bearer } = await booked();
      const reply = await reschedule(id, bearer, { startDate: WEDNESDAY, startTime: '14:00' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(appointmentOf(reply)).toMatchObject({
        id,
        date: WEDNESDAY,
        startTime: '14:00',
        endTime: '14:55',
        total: 42,
      });
      const [after] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      expect(after).toMatchObject({ professionalId: row.professionalId, sequence: 1, total: 42 });
      const times = await timesWith(row.professionalId!);
      expect(times).toContain('10:00');
      expect(times).not.toContain('14:00');

      const mail = t.mailer.sent.find((m) => m.subject === 'Il tuo appuntamento Musa è stato spostato');
      expect(mail?.text).toContain('mercoledì 4 marzo 2026, dalle 14:00 alle 14:55');
      const ics = mail!.attachments![0]!.content;
      for (const line of [`UID:${id}@musa.example`, 'SEQUENCE:1', 'DTSTART;TZID=Europe/Rome:20260304T140000']) {
        expect(ics).toContain(line);
      }
    });

    it('two customers moving to the same time of one professional at once: one wins, the other keeps her time', async () => {
      const first = await booked('prima@example.it');
      const pro = first.row.professionalId!;
      const second = await booked('seconda@example.it', { startTime: '15:00', providerId: pro });
      const replies = await Promise.all([
        reschedule(first.id, first.bearer, { startDate: WEDNESDAY, startTime: '12:00' }),
        reschedule(second.id, second.bearer, { startDate: WEDNESDAY, startTime: '12:00' }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = replies[0]!.status === 409 ? first : second;
      expect(errorOf(replies.find((r) => r.status === 409)!)).toBe(
        'Questo orario non è più disponibile, scegline un altro.',
      );
      const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, loser.id));
      expect(kept!.startsAt.toISOString()).toBe(loser.row.startsAt.toISOString());
      expect(kept!.sequence).toBe(0);
      const rows = await t.db.select().from(bookings).where(eq(bookings.professionalId, pro));
      expect(rows.filter((r) => instantOf(r.startsAt) === `${WEDNESDAY}T11:00`)).toHaveLength(1);
    });

    it('refuses after the free window, a cancelled appointment, and a time nobody has', async () => {
      const { id, bearer } = await booked();
      const taken = await reschedule(id, bearer, { startDate: WEDNESDAY, startTime: '03:00' });
      expect(taken.status).toBe(409);
      t.clock.set(new Date(new Date(FREE_UNTIL).getTime() + 1));
      const late = await reschedule(id, bearer, { startDate: WEDNESDAY, startTime: '14:00' });
      expect(late.status).toBe(409);
      expect(errorOf(late)).toBe(API_MESSAGES.rescheduleTooLate);
      t.clock.reset();
      expect((await cancel(id, { bearer })).status).toBe(200);
      const gone = await reschedule(id, bearer, { startDate: WEDNESDAY, startTime: '14:00' });
      expect(gone.status).toBe(409);
      expect(errorOf(gone)).toBe(API_MESSAGES.appointmentCancelled);
    });
  });
  describe('POST /appointments/:bookingId/available-times', () => {
    const timesToMove = (id: string, options: { bearer?: string; token?: string }, body: Record<string, unknown>) =>
      call(
        t.app(),
        'POST',
        `/appointments/${id}/available-times${options.token === undefined ? '' : `?token=${options.token}`}`,
        { body, ...(options.bearer ? { token: options.bearer } : {}) },
      );
    const startTimes = (reply: Awaited<ReturnType<typeof timesToMove>>) =>
      v.parse(appointmentAvailableTimesCall.response, dataOf(reply)).availableTimes.map((slot) => slot.startTime);

    it('offers her own time and the half hours around it, never a time another customer holds; she moves 30 minutes within her own time', async () => {
      const { id, row, bearer } = await booked();
      const pro = row.professionalId!;
      const other = await booked('seconda@example.it', { startTime: '14:00', providerId: pro });
      // For anyone else 10:00 and 10:30 are taken (her appointment); for her they are free.
      const everyone = await timesWith(pro);
      expect(everyone).not.toContain('10:00');
      expect(everyone).not.toContain('10:30');
      const reply = await timesToMove(id, { bearer }, { startDate: WEDNESDAY });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const mine = startTimes(reply);
      expect(mine).toEqual(expect.arrayContaining(['09:30', '10:00', '10:30']));
      expect(mine).not.toContain('14:00');
      expect(mine).not.toContain('13:30');

      const moved = await call(t.app(), 'POST', `/appointments/${id}/reschedule`, {
        token: bearer,
        body: { startDate: WEDNESDAY, startTime: '10:30' },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(appointmentOf(moved)).toMatchObject({ startTime: '10:30', endTime: '11:25' });
      const [after] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      expect(after).toMatchObject({ professionalId: pro, sequence: 1 });
      const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, other.id));
      expect(kept!.startsAt.toISOString()).toBe(other.row.startsAt.toISOString());
      // Nobody else's time is hers to take: the other customer's 14:00 is refused.
      const onto = await call(t.app(), 'POST', `/appointments/${id}/reschedule`, {
        token: bearer,
        body: { startDate: WEDNESDAY, startTime: '14:00' },
      });
      expect(onto.status).toBe(409);
      expect(errorOf(onto)).toBe('Questo orario non è più disponibile, scegline un altro.');
    });

    it('with keepProfessional false, offers the times of the other professionals too', async () => {
      const { id, row, bearer } = await booked();
      expect(row.professionalId).toBe(await professionalId(t.db, 'pro-giulia-ferrero'));
      const hers = startTimes(await timesToMove(id, { bearer }, { startDate: WEDNESDAY, keepProfessional: true }));
      const anyone = startTimes(await timesToMove(id, { bearer }, { startDate: WEDNESDAY, keepProfessional: false }));
      // Giulia works 09:00–18:00; Martina from 07:30, Valentina until 21:00.
      expect(hers).not.toContain('08:00');
      expect(hers).not.toContain('18:00');
      expect(anyone).toEqual(expect.arrayContaining(['08:00', '10:00', '18:00']));
      expect(anyone.length).toBeGreaterThan(hers.length);
    });

    it('refuses a salotto, a cancelled appointment and one past the free window with the 409s of a move', async () => {
      const salottoId = await bookedSalotto();
      const [salottoRow] = await t.db.select().from(bookings).where(eq(bookings.id, salottoId));
      const salottoToken = await createManageToken(t.db, salottoRow!, t.clock.now());
      expect(appointmentOf(await open(salottoId, { token: salottoToken }))).toMatchObject({
        cancellable: true,
        reschedulable: false,
      });
      const group = await timesToMove(salottoId, { token: salottoToken }, { startDate: WEDNESDAY });
      expect(group.status).toBe(409);
      expect(errorOf(group)).toBe(API_MESSAGES.salottoByPhone);

      const late = await booked('tardi@example.it');
      t.clock.set(new Date(new Date(FREE_UNTIL).getTime() + 1));
      const tooLate = await timesToMove(late.id, { bearer: late.bearer }, { startDate: WEDNESDAY });
      expect(tooLate.status).toBe(409);
      expect(errorOf(tooLate)).toBe(API_MESSAGES.rescheduleTooLate);

      t.clock.reset();
      expect((await cancel(late.id, { bearer: late.bearer })).status).toBe(200);
      const gone = await timesToMove(late.id, { bearer: late.bearer }, { startDate: WEDNESDAY });
      expect(gone.status).toBe(409);
      expect(errorOf(gone)).toBe(API_MESSAGES.appointmentCancelled);
    });

    it('answers her manage token; someone else, another booking’s token, no credentials: 404; bad input: 400', async () => {
      const mine = await booked('anna.mia@example.it');
      const other = await booked('bea.altra@example.it');
      const token = await createManageToken(t.db, mine.row, t.clock.now());
      expect((await timesToMove(mine.id, { token }, { startDate: WEDNESDAY })).status).toBe(200);
      const stranger = await tokenFor(t.db, await createUser(t.db), t.clock.now());
      const otherToken = await createManageToken(t.db, other.row, t.clock.now());
      for (const reply of [
        await timesToMove(mine.id, { bearer: stranger }, { startDate: WEDNESDAY }),
        await timesToMove(mine.id, { token: otherToken }, { startDate: WEDNESDAY }),
        await timesToMove(mine.id, {}, { startDate: WEDNESDAY }),
      ]) {
        expect(reply.status).toBe(404);
        expect(errorOf(reply)).toBe(API_MESSAGES.appointmentNotFound);
      }
      const bad = await timesToMove(mine.id, { token }, { startDate: '2026-02-30' });
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toBe('Data non valida');
    });
  });

  describe('the e-mails’ manage link (Gestisci appuntamento)', () => {
    it('the confirmation of a new customer carries it under the account button; it opens her appointment without a password', async () => {
      const { id } = await booked();
      const mail = t.mailer.sent.find((m) => m.subject === 'La tua prenotazione Musa è confermata')!;
      expect(mail.link).toMatch(new RegExp(`^${TEST_APP_URL}/reset-password\\?token=`));
      expect(mail.text).toContain(
        `Gestisci appuntamento (per spostarlo o cancellarlo, senza password): ${TEST_APP_URL}/appointments/${id}?token=`,
      );
      expect(mail.html).toContain(`${TEST_APP_URL}/appointments/${id}?token=`);
      const link = manageLinkIn(mail)!;
      expect(link.bookingId).toBe(id);
      expect(appointmentOf(await open(id, { token: link.token }))).toMatchObject({ id, status: 'confirmed' });
    });

    it('a signed-in customer’s confirmation and the move’s e-mail have it as their button', async () => {
      await seedBookingData(t.db);
      seeded = true;
      const customer = await createUser(t.db, { email: 'cliente@example.it' });
      const bearer = await tokenFor(t.db, customer, t.clock.now());
      const reply = await call(t.app(), 'POST', '/bookings/store', { token: bearer, body: bookingPayload() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const id = v.parse(createBookingCall.response, dataOf(reply)).booking._id;
      const confirmation = t.mailer.sent.at(-1)!;
      expect(confirmation.link).toMatch(new RegExp(`^${TEST_APP_URL}/appointments/${id}\\?token=`));
      expect(confirmation.html).toContain('GESTISCI APPUNTAMENTO');
      expect((await open(id, { token: manageLinkIn(confirmation)!.token })).status).toBe(200);

      const moved = await call(t.app(), 'POST', `/appointments/${id}/reschedule`, {
        token: bearer,
        body: { startDate: WEDNESDAY, startTime: '14:00' },
      });
      expect(moved.status).toBe(200);
      const mail = t.mailer.sent.find((m) => m.subject === 'Il tuo appuntamento Musa è stato spostato')!;
      const link = manageLinkIn(mail)!;
      expect(link.bookingId).toBe(id);
      expect(appointmentOf(await open(id, { token: link.token }))).toMatchObject({ startTime: '14:00' });
    });

    it('a salotto’s request carries it; a booking waiting for its account owner’s confirmation does not', async () => {
      const salottoId = await bookedSalotto();
      const request = t.mailer.sent.at(-1)!;
      const link = manageLinkIn(request)!;
      expect(link.bookingId).toBe(salottoId);
      expect(appointmentOf(await open(salottoId, { token: link.token })).salotto).toMatchObject({ participants: 3 });

      // Someone not signed in books with an existing account's e-mail: the owner's e-mail has no manage link.
      await createUser(t.db, { email: 'anna@example.it' });
      const pending = await call(t.app(), 'POST', '/bookings/store', {
        body: bookingPayload({ email: 'anna@example.it' }),
      });
      expect(pending.status).toBe(201);
      const ownerMail = t.mailer.sent.at(-1)!;
      expect(ownerMail.to).toBe('anna@example.it');
      expect(ownerMail.text).toContain('Conferma la prenotazione');
      expect(manageLinkIn(ownerMail)).toBeNull();
      expect(ownerMail.html).not.toContain('/appointments/');
    });
  });
});
