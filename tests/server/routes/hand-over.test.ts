import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { appointmentCall } from '../../../contract/calls';
import { createProTimeOffCall, proTimeOffCall, type HandOver } from '../../../contract/pro-week';
import { OUTBOX_JOBS, type App } from '../../../server/app';
import { users } from '../../../server/db/schema/accounts';
import { bookingAssignments, bookings } from '../../../server/db/schema/bookings';
import { outbox } from '../../../server/db/schema/outbox';
import { professionals } from '../../../server/db/schema/professionals';
import { ratings } from '../../../server/db/schema/ratings';
import { handOvers } from '../../../server/db/schema/week';
import { seedProAccounts } from '../../../server/db/seed/accounts';
import { API_MESSAGES } from '../../../server/http/messages';
import { deliverOutbox, runOutboxRound } from '../../../server/jobs/outbox';
import type { MailMessage } from '../../../server/mail/mailer';
import { handOverJob, runHandOver } from '../../../server/week/hand-over';
import { describeEachDb } from '../helpers/databases';
import { call, dataOf, errorOf, tokenFor } from '../helpers/fixtures';
import { CapturingLogger, TEST_APP_URL } from '../helpers/test-app';
import { bookingPayload, manageLinkIn, PIEGA, professionalId, seedBookingData, WEDNESDAY } from './booking-fixtures';

/**
 * Issue 40, the hand-over: Martina Rinaldi (Torino, hair, on request, Tuesday to Saturday
 * 07:30–13:00 and 14:00–17:00) takes a day off; each of her appointments goes to a colleague free
 * then, or to the team's board. The test clock starts on Monday 2 March 2026, 10:00 in Rome. On
 * Tuesday in Torino the other hair professionals are Giulia Ferrero (09:00–18:00, confirmed) and
 * Valentina Greco (12:00–21:00, confirmed, travel buffer 25 min): at 08:00 nobody but Martina
 * works, at 10:00 only Giulia can come, at 14:00 both can.
 */
describeEachDb('the hand-over of an absent professional’s appointments', (t) => {
  const TUESDAY = '2026-03-03';

  async function setup() {
    await seedBookingData(t.db);
    await seedProAccounts(t.db);
    const app = t.app();
    const [martinaUser] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'martina.rinaldi@professioniste.musa.example'));
    return {
      app,
      martina: await tokenFor(t.db, martinaUser!, t.clock.now()),
      martinaId: await professionalId(t.db, 'pro-martina-rinaldi'),
      giuliaId: await professionalId(t.db, 'pro-giulia-ferrero'),
      valentinaId: await professionalId(t.db, 'pro-valentina-greco'),
    };
  }
  type Setup = Awaited<ReturnType<typeof setup>>;

  const outboxDeps = () => ({
    db: t.db,
    mailer: t.mailer,
    logger: new CapturingLogger(),
    appUrl: TEST_APP_URL,
    now: t.clock.now,
    jobs: OUTBOX_JOBS,
  });
  const round = () => runOutboxRound(outboxDeps());
  /**
   * Outbox rounds until one does nothing: a job's own rows (the hand-over's e-mails, the sweep's
   * cancellation) are sent the round after it, as the API processes' next rounds would. No row may
   * be left failing.
   */
  const drain = async () => {
    for (let i = 0; i < 10; i++) {
      const { sent, swept } = await round();
      if (sent === 0 && Object.values(swept).every((n) => n === 0)) {
        const failing = await t.db
          .select()
          .from(outbox)
          .where(and(isNull(outbox.sentAt), isNotNull(outbox.lastError)));
        expect(failing.map((row) => [row.kind, row.lastError])).toEqual([]);
        return;
      }
    }
    throw new Error('the outbox never went idle');
  };
  const mailsTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);
  const rowOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const icsOf = (mail: MailMessage) => mail.attachments?.[0]?.content ?? '';

  /** A visitor's piega with Martina at `date` `startTime`: its id and the manage link of her e-mail. */
  async function bookMartina(s: Setup, date: string, startTime: string, email: string) {
    const reply = await call(s.app, 'POST', '/bookings/store', {
      body: bookingPayload({ services: [PIEGA], startDate: date, startTime, email, providerId: s.martinaId }),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const id = dataOf<{ booking: { _id: string } }>(reply).booking._id;
    expect((await rowOf(id)).professionalId).toBe(s.martinaId);
    const first = mailsTo(email)[0]!;
    expect(icsOf(first)).toContain('SEQUENCE:0');
    return { id, email, manage: manageLinkIn(first)! };
  }

  /** Martina takes a whole day off (her own call): the hand-overs it lists. */
  async function dayOff(s: Setup, date: string, app: App = s.app): Promise<HandOver[]> {
    const reply = await call(app, 'POST', '/pro/time-off', {
      token: s.martina,
      body: { kind: 'days', startDate: date, endDate: date },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return v.parse(createProTimeOffCall.response, dataOf(reply)).timeOff.handOvers;
  }

  const handOverOf = async (bookingId: string) =>
    (await t.db.select().from(handOvers).where(eq(handOvers.bookingId, bookingId)))[0]!;

  /** The appointment as her e-mail's link opens it. */
  const appointment = async (s: Setup, booked: { id: string; manage: { token: string } }) =>
    v.parse(
      appointmentCall.response,
      dataOf(await call(s.app, 'GET', `/appointments/${booked.id}?token=${booked.manage.token}`)),
    ).appointment;

  it('Martina takes tomorrow off: each appointment goes to a colleague free and qualified then, with ‘Cambio di professionista’ and the same calendar event, updated', async () => {
    const s = await setup();
    const ten = await bookMartina(s, TUESDAY, '10:00', 'anna@example.it');
    const two = await bookMartina(s, TUESDAY, '14:00', 'bianca@example.it');
    const eight = await bookMartina(s, TUESDAY, '08:00', 'carla@example.it');

    const listed = await dayOff(s, TUESDAY);
    expect(listed.map((h) => [h.bookingId, h.state]).sort()).toEqual(
      [ten.id, two.id, eight.id].map((id) => [id, 'pending']).sort(),
    );
    // The outbox takes rows due at the same instant in no set order, and at 14:00 either colleague
    // is free: the jobs are run here in the appointments' order, so that who gets the 14:00 (the
    // one with fewer appointments that day, fairOrder) is known.
    const jobs = await t.db.select().from(outbox).where(eq(outbox.kind, 'hand-over'));
    const order = [eight.id, ten.id, two.id];
    jobs.sort((a, b) => order.indexOf(a.bookingId!) - order.indexOf(b.bookingId!));
    expect(jobs.map((j) => j.bookingId)).toEqual(order);
    for (const job of jobs) expect(await deliverOutbox(outboxDeps(), { id: job.id })).toBe(1);
    await drain();

    // 10:00: only Giulia works then; 14:00: Giulia and Valentina, and Giulia has one that day now.
    const expected = new Map([
      [ten.id, s.giuliaId],
      [two.id, s.valentinaId],
    ]);
    for (const booked of [ten, two]) {
      const row = await rowOf(booked.id);
      const to = expected.get(booked.id)!;
      expect(row.professionalId).toBe(to);
      expect(row.status).toBe('confirmed');
      expect(row.handOverState).toBe('substituted');
      expect(row.sequence).toBe(1);
      const [pro] = await t.db.select().from(professionals).where(eq(professionals.id, to));
      expect(pro!.zoneIds).toContain('torino');
      // Her calendar holds nothing else overlapping it (the database's rule would refuse it too).
      const hers = await t.db
        .select()
        .from(bookingAssignments)
        .where(and(eq(bookingAssignments.professionalId, to), eq(bookingAssignments.active, true)));
      const clash = hers.filter((a) => a.bookingId !== booked.id && a.startsAt < row.endsAt && a.endsAt > row.startsAt);
      expect(clash).toEqual([]);
      const h = await handOverOf(booked.id);
      expect([h.state, h.toProfessionalId]).toEqual(['moved', to]);

      const changed = mailsTo(booked.email).filter((m) => m.subject === 'Cambio di professionista');
      expect(changed).toHaveLength(1);
      const mail = changed[0]!;
      expect(mail.text).toContain(`${pro!.firstName} ${pro!.lastName}`);
      expect(icsOf(mail)).toContain(`UID:${booked.id}@musa.example`);
      expect(icsOf(mail)).toContain('SEQUENCE:1');
      expect(icsOf(mail)).toContain(`${pro!.firstName} ${pro!.lastName}`);
      expect(manageLinkIn(mail)?.bookingId).toBe(booked.id);
    }
    // The other one: nobody works at 08:00 but her. Da ricollocare, and its customer told.
    const stranded = await rowOf(eight.id);
    expect(stranded.professionalId).toBe(s.martinaId);
    expect(stranded.status).not.toBe('cancelled');
    expect(stranded.handOverState).toBe('placing');
    expect((await handOverOf(eight.id)).state).toBe('unplaced');
    const told = mailsTo(eight.email).at(-1)!;
    expect(told.subject).toBe('Stiamo cercando una professionista per il tuo appuntamento');
    expect(told.text).toContain('se ne sta occupando');
    expect(mailsTo(eight.email).some((m) => m.subject === 'Cambio di professionista')).toBe(false);
    // Her time off lists what became of each.
    const [list] = v.parse(
      proTimeOffCall.response,
      dataOf(await call(s.app, 'GET', '/pro/time-off', { token: s.martina })),
    ).timeOff;
    expect(Object.fromEntries(list!.handOvers.map((h) => [h.bookingId, h.state]))).toEqual({
      [ten.id]: 'moved',
      [two.id]: 'moved',
      [eight.id]: 'unplaced',
    });

    // Later rounds change nothing: no move twice, no e-mail twice.
    const sent = t.mailer.sent.length;
    await drain();
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('lets the customer of a replaced professional cancel free of charge inside 24 hours, and no one else', async () => {
    const s = await setup();
    const moved = await bookMartina(s, TUESDAY, '10:00', 'anna@example.it');
    await dayOff(s, TUESDAY);
    await drain();
    const other = await bookMartina(s, '2026-03-05', '10:00', 'dora@example.it');
    // Past its start, not even she may cancel it any more.
    t.clock.set(new Date((await rowOf(moved.id)).startsAt.getTime() + 1).toISOString());
    expect((await appointment(s, moved)).cancellable).toBe(false);
    // Tuesday 09:00 in Rome: an hour before the moved one.
    t.clock.set('2026-03-03T08:00:00.000Z');
    const seen = await appointment(s, moved);
    expect(seen.cancellable).toBe(true);
    expect(seen.cancellableBecause).toContain('sostituita');
    expect(seen.cancellableUntil).toBe((await rowOf(moved.id)).startsAt.toISOString());
    const cancelled = await call(s.app, 'POST', `/appointments/${moved.id}/cancel?token=${moved.manage.token}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await rowOf(moved.id)).status).toBe('cancelled');

    // An appointment nobody handed over keeps the usual rule: inside 24 hours, 409.
    t.clock.set('2026-03-04T12:00:00.000Z');
    const late = await call(s.app, 'POST', `/appointments/${other.id}/cancel?token=${other.manage.token}`);
    expect(late.status).toBe(409);
    expect(errorOf(late)).toBe(API_MESSAGES.cancellationTooLate);
    expect((await appointment(s, other)).cancellableBecause).toBeNull();
  });

  it('cancels one still unplaced 24 hours before its start, with an apology and the nearest free times', async () => {
    const s = await setup();
    // Wednesday 08:00: only Martina works then.
    const stranded = await bookMartina(s, WEDNESDAY, '08:00', 'carla@example.it');
    await dayOff(s, WEDNESDAY);
    await drain();
    expect((await handOverOf(stranded.id)).state).toBe('unplaced');
    expect((await appointment(s, stranded)).cancellableBecause).toContain('Stiamo cercando');

    // Tuesday 08:59 in Rome: a minute before its last moment, nothing happens.
    t.clock.set('2026-03-03T06:59:00.000Z');
    await drain();
    expect((await rowOf(stranded.id)).status).not.toBe('cancelled');

    t.clock.set('2026-03-03T07:00:00.000Z');
    await drain();
    const row = await rowOf(stranded.id);
    expect(row.status).toBe('cancelled');
    expect(row.declineReason).toBe('no-substitute');
    expect((await handOverOf(stranded.id)).state).toBe('cancelled');
    const mail = mailsTo(stranded.email).at(-1)!;
    expect(mail.subject).toBe('Il tuo appuntamento Musa è stato annullato');
    expect(mail.text).toContain('ci scusiamo');
    expect(mail.text).toContain('Gli orari liberi più vicini per gli stessi servizi:');
    expect(icsOf(mail)).toContain('METHOD:CANCEL');
    expect(icsOf(mail)).toContain(`UID:${stranded.id}@musa.example`);
    expect(icsOf(mail)).toContain('SEQUENCE:1');
    // Its time is free again for others, and nothing more happens at later rounds.
    const sent = t.mailer.sent.length;
    t.clock.advance(60 * 60_000);
    await drain();
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('moves each appointment exactly once when job runners race', async () => {
    const s = await setup();
    const ten = await bookMartina(s, TUESDAY, '10:00', 'anna@example.it');
    const two = await bookMartina(s, TUESDAY, '14:00', 'bianca@example.it');
    await dayOff(s, TUESDAY);
    // Two hand-overs of one booking run at once, outside the outbox's own claim: one moves it.
    const both = await Promise.all([
      runHandOver(t.db, ten.id, s.martinaId, t.clock.now()),
      runHandOver(t.db, ten.id, s.martinaId, t.clock.now()),
    ]);
    expect(both.flat().filter((o) => o.state === 'moved')).toHaveLength(1);
    // Then three runners at once, as three API processes, each until idle.
    await Promise.all([drain(), drain(), drain()]);
    for (const booked of [ten, two]) {
      const row = await rowOf(booked.id);
      expect(row.professionalId).not.toBe(s.martinaId);
      expect(row.sequence).toBe(1);
      expect(mailsTo(booked.email).filter((m) => m.subject === 'Cambio di professionista')).toHaveLength(1);
      const moves = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.bookingId, booked.id), eq(outbox.kind, 'hand-over-moved')));
      expect(moves).toHaveLength(1);
      const parts = await t.db
        .select()
        .from(bookingAssignments)
        .where(and(eq(bookingAssignments.bookingId, booked.id), eq(bookingAssignments.active, true)));
      expect(parts.map((p) => p.professionalId)).toEqual([row.professionalId]);
    }
  });

  it('runs a hand-over job again (an outbox retry after the commit) without a second move or e-mail', async () => {
    const s = await setup();
    const ten = await bookMartina(s, TUESDAY, '10:00', 'anna@example.it');
    const eight = await bookMartina(s, TUESDAY, '08:00', 'carla@example.it');
    await dayOff(s, TUESDAY);
    await drain();
    const moved = await rowOf(ten.id);
    expect(moved.handOverState).toBe('substituted');
    expect((await handOverOf(eight.id)).state).toBe('unplaced');
    const mails = t.mailer.sent.length;
    // The same jobs again, as when a process died after the move's commit, before marking its row
    // sent: the outbox delivers at least once.
    await t.db
      .insert(outbox)
      .values([handOverJob(ten.id, s.martinaId, t.clock.now()), handOverJob(eight.id, s.martinaId, t.clock.now())]);
    expect(await runHandOver(t.db, ten.id, s.martinaId, t.clock.now())).toEqual([]);
    await drain();
    const again = await rowOf(ten.id);
    expect([again.professionalId, again.sequence, again.status]).toEqual([moved.professionalId, 1, 'confirmed']);
    expect((await handOverOf(eight.id)).state).toBe('unplaced');
    expect(t.mailer.sent.length).toBe(mails);
    for (const kind of ['hand-over-moved', 'hand-over-unplaced'] as const) {
      const rows = await t.db.select().from(outbox).where(eq(outbox.kind, kind));
      expect(rows).toHaveLength(1);
    }
  });

  it('never gives her a professional she rated 1–2★: nobody else free, it waits for the team', async () => {
    const s = await setup();
    const ten = await bookMartina(s, TUESDAY, '10:00', 'anna@example.it');
    const two = await bookMartina(s, TUESDAY, '14:00', 'anna2@example.it');
    // Anna once rated Giulia 2★ (the only one free at 10:00 besides Martina).
    const [anna] = await t.db.select().from(users).where(eq(users.email, 'anna@example.it'));
    await t.db.insert(ratings).values({
      bookingId: ten.id,
      professionalId: s.giuliaId,
      userId: anna!.id,
      stars: 2,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    await dayOff(s, TUESDAY);
    await drain();
    const row = await rowOf(ten.id);
    expect(row.professionalId).not.toBe(s.giuliaId);
    expect(row.handOverState).toBe('placing');
    expect((await handOverOf(ten.id)).state).toBe('unplaced');
    expect(mailsTo(ten.email).some((m) => m.subject === 'Cambio di professionista')).toBe(false);
    // Another customer at 14:00 is moved as usual.
    expect((await rowOf(two.id)).handOverState).toBe('substituted');
  });

  it('ignores a hand-over whose appointment the customer cancelled meanwhile', async () => {
    const s = await setup();
    const ten = await bookMartina(s, TUESDAY, '10:00', 'anna@example.it');
    await dayOff(s, TUESDAY);
    const cancelled = await call(s.app, 'POST', `/appointments/${ten.id}/cancel?token=${ten.manage.token}`);
    expect(cancelled.status).toBe(200);
    await drain();
    expect((await rowOf(ten.id)).professionalId).toBe(s.martinaId);
    expect((await handOverOf(ten.id)).state).toBe('resolved');
    expect(mailsTo(ten.email).some((m) => m.subject === 'Cambio di professionista')).toBe(false);
  });
});
