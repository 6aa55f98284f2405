import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { appointmentCall } from '../../../contract/calls';
import { MESSAGES } from '../../../contract/messages';
import {
  handOverAppointmentCall,
  PRO_WEEK_MESSAGES,
  reassignAppointmentCall,
  teamBoardCall,
} from '../../../contract/pro-week';
import { OUTBOX_JOBS } from '../../../server/app';
import { users } from '../../../server/db/schema/accounts';
import { bookingAssignments, bookings } from '../../../server/db/schema/bookings';
import { outbox } from '../../../server/db/schema/outbox';
import { handOvers } from '../../../server/db/schema/week';
import { seedProAccounts, TEAM_EMAIL } from '../../../server/db/seed/accounts';
import { API_MESSAGES } from '../../../server/http/messages';
import { runOutboxRound } from '../../../server/jobs/outbox';
import type { MailMessage } from '../../../server/mail/mailer';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, dataOf, errorOf, tokenFor, type Reply } from '../helpers/fixtures';
import { CapturingLogger, TEST_APP_URL } from '../helpers/test-app';
import { bookingPayload, manageLinkIn, PIEGA, professionalId, seedBookingData, WEDNESDAY } from './booking-fixtures';

/**
 * Issue 40, the team's board: a city and a day, each professional's column and the 'da
 * ricollocare' list; the team reassigns an appointment; she hands over one outside her new hours.
 * The test clock starts on Monday 2 March 2026, 10:00 in Rome. Torino's hair professionals that
 * week: Martina Rinaldi (07:30–13:00 and 14:00–17:00, on request), Giulia Ferrero (09:00–18:00,
 * confirmed), Valentina Greco (12:00–21:00, confirmed); at 08:00 only Martina works.
 */
describeEachDb('the team’s board, reassignment and her hand-over', (t) => {
  const TUESDAY = '2026-03-03';
  const THURSDAY = '2026-03-05';

  async function setup() {
    await seedBookingData(t.db);
    await seedProAccounts(t.db);
    const app = t.app();
    const signIn = async (email: string) => {
      const [user] = await t.db.select().from(users).where(eq(users.email, email));
      return tokenFor(t.db, user!, t.clock.now());
    };
    return {
      app,
      martina: await signIn('martina.rinaldi@professioniste.musa.example'),
      beatrice: await signIn('beatrice.villa@professioniste.musa.example'),
      team: await signIn(TEAM_EMAIL),
      customer: await tokenFor(t.db, await createUser(t.db), t.clock.now()),
      martinaId: await professionalId(t.db, 'pro-martina-rinaldi'),
      giuliaId: await professionalId(t.db, 'pro-giulia-ferrero'),
      valentinaId: await professionalId(t.db, 'pro-valentina-greco'),
      chiaraId: await professionalId(t.db, 'pro-chiara-bianco'),
      federicaId: await professionalId(t.db, 'pro-federica-colombo'),
    };
  }
  type Setup = Awaited<ReturnType<typeof setup>>;

  /** Outbox rounds until one does nothing (a job's own e-mails go the round after it); none failing. */
  const drain = async () => {
    const deps = {
      db: t.db,
      mailer: t.mailer,
      logger: new CapturingLogger(),
      appUrl: TEST_APP_URL,
      now: t.clock.now,
      jobs: OUTBOX_JOBS,
    };
    for (let i = 0; i < 10; i++) {
      const { sent, swept } = await runOutboxRound(deps);
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
  const icsOf = (mail: MailMessage) => mail.attachments?.[0]?.content ?? '';
  const rowOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  /** A visitor's piega with `providerId` at `date` `startTime`: its id, e-mail and manage link. */
  async function book(s: Setup, providerId: string, date: string, startTime: string, email: string) {
    const reply = await call(s.app, 'POST', '/bookings/store', {
      body: bookingPayload({ services: [PIEGA], startDate: date, startTime, email, providerId }),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const id = dataOf<{ booking: { _id: string } }>(reply).booking._id;
    expect((await rowOf(id)).professionalId).toBe(providerId);
    return { id, email, manage: manageLinkIn(mailsTo(email)[0]!)! };
  }

  const board = async (s: Setup, date: string, zoneId = 'torino') => {
    const reply = await call(s.app, 'GET', `/pro/team/board?zoneId=${zoneId}&date=${date}`, { token: s.team });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return v.parse(teamBoardCall.response, dataOf(reply));
  };
  const reassign = (s: Setup, bookingId: string, professionalId: string, token = s.team): Promise<Reply> =>
    call(s.app, 'POST', `/pro/team/appointments/${bookingId}/reassign`, { token, body: { professionalId } });

  it('shows each professional’s column and, after a time off nobody can cover, the appointment to place; reassigned to a colleague free then, it moves and the customer is told with the same calendar event, updated', async () => {
    const s = await setup();
    const eight = await book(s, s.martinaId, TUESDAY, '08:00', 'carla@example.it');
    const ten = await book(s, s.martinaId, TUESDAY, '10:00', 'anna@example.it');
    // Martina phones in sick: the team enters her day off.
    const off = await call(s.app, 'POST', `/pro/team/professionals/${s.martinaId}/time-off`, {
      token: s.team,
      body: { kind: 'days', startDate: TUESDAY, endDate: TUESDAY, reason: 'Malattia' },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(201);
    await drain();

    const before = await board(s, TUESDAY);
    expect(before.zone.id).toBe('torino');
    const byId = new Map(before.columns.map((c) => [c.professional.id, c]));
    // Torino's professionals, Milano's not.
    expect(byId.has(s.giuliaId) && byId.has(s.valentinaId) && byId.has(s.chiaraId)).toBe(true);
    expect(byId.has(s.federicaId)).toBe(false);
    expect(byId.get(s.valentinaId)!.hours).toEqual([{ start: '12:00', end: '21:00' }]);
    // The 10:00 went to Giulia (the only one free then), confirmed.
    expect(byId.get(s.giuliaId)!.appointments.map((a) => [a.id, a.startTime])).toEqual([[ten.id, '10:00']]);
    // Martina's column: her day off, with the team's reason; the 08:00 still waits for her.
    const martina = byId.get(s.martinaId)!;
    expect(martina.timeOff.map((o) => [o.startDate, o.enteredBy, o.reason])).toEqual([[TUESDAY, 'team', 'Malattia']]);
    expect(martina.requests.map((a) => a.id)).toEqual([eight.id]);
    // Da ricollocare: the 08:00, nobody free then, the nearest free times for the same services.
    expect(before.toPlace.map((p) => [p.appointment.id, p.handOver.state, p.handOver.from.id])).toEqual([
      [eight.id, 'unplaced', s.martinaId],
    ]);
    expect(before.toPlace[0]!.freeProfessionals).toEqual([]);
    expect(before.toPlace[0]!.nearestTimes.length).toBeGreaterThan(0);
    expect(before.toPlace[0]!.nearestTimes[0]!.date).toBe(TUESDAY);

    // Giulia will start at 07:00 from Tuesday: now she could take it, and the board says so.
    const hours = await call(s.app, 'POST', `/pro/team/professionals/${s.giuliaId}/hours`, {
      token: s.team,
      body: {
        validFrom: TUESDAY,
        week: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ start: '07:00', end: '18:00' }] })),
      },
    });
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    expect((await board(s, TUESDAY)).toPlace[0]!.freeProfessionals.map((p) => p.id)).toEqual([s.giuliaId]);

    const moved = await reassign(s, eight.id, s.giuliaId);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(v.parse(reassignAppointmentCall.response, dataOf(moved)).appointment.id).toBe(eight.id);
    const row = await rowOf(eight.id);
    expect([row.professionalId, row.status, row.sequence, row.handOverState]).toEqual([
      s.giuliaId,
      'confirmed',
      1,
      'substituted',
    ]);
    const settled = await t.db.select().from(handOvers).where(eq(handOvers.bookingId, eight.id));
    expect(settled.map((h) => [h.cause, h.state]).sort()).toEqual([
      ['team', 'moved'],
      ['time-off', 'resolved'],
    ]);
    await drain();
    const changed = mailsTo(eight.email).filter((m) => m.subject === 'Cambio di professionista');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.text).toContain('Giulia Ferrero');
    expect(icsOf(changed[0]!)).toContain(`UID:${eight.id}@musa.example`);
    expect(icsOf(changed[0]!)).toContain('SEQUENCE:1');

    const after = await board(s, TUESDAY);
    expect(after.toPlace).toEqual([]);
    const giulia = after.columns.find((c) => c.professional.id === s.giuliaId)!;
    expect(giulia.appointments.map((a) => a.id)).toEqual([eight.id, ten.id]);
    // She may cancel free of charge until the start.
    const seen = await call(s.app, 'GET', `/appointments/${eight.id}?token=${eight.manage.token}`);
    const appointment = v.parse(appointmentCall.response, dataOf(seen)).appointment;
    expect(appointment.cancellableUntil).toBe(row.startsAt.toISOString());
  });

  it('refuses a colleague already busy then (409), one who does not serve it (400) or does not work then (400), and anyone but the team (403)', async () => {
    const s = await setup();
    await book(s, s.giuliaId, WEDNESDAY, '10:00', 'anna@example.it');
    const hers = await book(s, s.martinaId, WEDNESDAY, '10:00', 'bianca@example.it');
    const cases: Array<[string, string, number, string]> = [
      ['Giulia, busy then', s.giuliaId, 409, PRO_WEEK_MESSAGES.notFree],
      ['Federica, Milano', s.federicaId, 400, PRO_WEEK_MESSAGES.notServing],
      ['Chiara, no hair', s.chiaraId, 400, PRO_WEEK_MESSAGES.notServing],
      ['Valentina, from 12:00', s.valentinaId, 400, PRO_WEEK_MESSAGES.notWorking],
      ['Martina herself', s.martinaId, 409, PRO_WEEK_MESSAGES.sameProfessional],
    ];
    for (const [who, id, status, message] of cases) {
      const reply = await reassign(s, hers.id, id);
      expect([who, reply.status, errorOf(reply)]).toEqual([who, status, message]);
    }
    const refused: Array<[string, string | undefined, number, string]> = [
      ['Martina', s.martina, 403, PRO_WEEK_MESSAGES.teamOnly],
      ['a customer', s.customer, 403, API_MESSAGES.proOnly],
    ];
    for (const [who, token, status, message] of refused) {
      const reply = await reassign(s, hers.id, s.giuliaId, token);
      expect([who, reply.status, errorOf(reply)]).toEqual([who, status, message]);
    }
    const board403 = await call(s.app, 'GET', `/pro/team/board?zoneId=torino&date=${WEDNESDAY}`, { token: s.martina });
    expect([board403.status, errorOf(board403)]).toEqual([403, PRO_WEEK_MESSAGES.teamOnly]);
    // Unknowns and bad input.
    const nobody = await reassign(s, hers.id, '00000000-0000-4000-8000-000000000000');
    expect([nobody.status, errorOf(nobody)]).toEqual([404, PRO_WEEK_MESSAGES.unknownProfessional]);
    const noBooking = await reassign(s, '00000000-0000-4000-8000-000000000000', s.giuliaId);
    expect([noBooking.status, errorOf(noBooking)]).toEqual([404, PRO_WEEK_MESSAGES.appointmentNotFound]);
    const empty = await reassign(s, hers.id, '');
    expect([empty.status, errorOf(empty)]).toEqual([400, MESSAGES.required]);
    const city = await call(s.app, 'GET', `/pro/team/board?zoneId=atlantide&date=${WEDNESDAY}`, { token: s.team });
    expect([city.status, errorOf(city)]).toEqual([404, PRO_WEEK_MESSAGES.unknownZone]);
    const day = await call(s.app, 'GET', '/pro/team/board?zoneId=torino&date=2026-02-30', { token: s.team });
    expect(day.status).toBe(400);
    const noCity = await call(s.app, 'GET', `/pro/team/board?zoneId=%20&date=${WEDNESDAY}`, { token: s.team });
    expect([noCity.status, errorOf(noCity)]).toEqual([400, MESSAGES.required]);
    // Without a city: the first served zone's, and every served zone listed by city (the board's picker).
    const first = await call(s.app, 'GET', `/pro/team/board?date=${WEDNESDAY}`, { token: s.team });
    const firstBoard = v.parse(teamBoardCall.response, dataOf(first));
    expect([firstBoard.zone.id, firstBoard.zones.map((z) => z.city)]).toEqual(['milano', ['Milano', 'Roma', 'Torino']]);
    // Nothing changed, nobody e-mailed.
    const row = await rowOf(hers.id);
    expect([row.professionalId, row.sequence]).toEqual([s.martinaId, 0]);
    expect(mailsTo(hers.email).some((m) => m.subject === 'Cambio di professionista')).toBe(false);
  });

  it('lets her hand over an appointment outside her new hours (to a colleague free then), and not one within them nor someone else’s', async () => {
    const s = await setup();
    const morning = await book(s, s.martinaId, THURSDAY, '10:00', 'anna@example.it');
    const afternoon = await book(s, s.martinaId, THURSDAY, '14:00', 'bianca@example.it');
    // From Thursday she works afternoons only.
    const saved = await call(s.app, 'POST', '/pro/hours', {
      token: s.martina,
      body: {
        validFrom: THURSDAY,
        week: [2, 3, 4, 5, 6].map((weekday) => ({ weekday, ranges: [{ start: '14:00', end: '18:00' }] })),
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const within = await call(s.app, 'POST', `/pro/appointments/${afternoon.id}/hand-over`, { token: s.martina });
    expect([within.status, errorOf(within)]).toEqual([409, PRO_WEEK_MESSAGES.appointmentInHours]);
    const notHers = await call(s.app, 'POST', `/pro/appointments/${morning.id}/hand-over`, { token: s.beatrice });
    expect([notHers.status, errorOf(notHers)]).toEqual([404, PRO_WEEK_MESSAGES.appointmentNotFound]);
    const team = await call(s.app, 'POST', `/pro/appointments/${morning.id}/hand-over`, { token: s.team });
    expect([team.status, errorOf(team)]).toEqual([403, PRO_WEEK_MESSAGES.professionalOnly]);

    const reply = await call(s.app, 'POST', `/pro/appointments/${morning.id}/hand-over`, { token: s.martina });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const listed = v.parse(handOverAppointmentCall.response, dataOf(reply)).handOvers;
    expect(listed.map((h) => [h.bookingId, h.cause, h.state])).toEqual([[morning.id, 'hours', 'pending']]);
    // Asked again while it waits: the same one.
    const again = await call(s.app, 'POST', `/pro/appointments/${morning.id}/hand-over`, { token: s.martina });
    expect(v.parse(handOverAppointmentCall.response, dataOf(again)).handOvers.map((h) => h.id)).toEqual([
      listed[0]!.id,
    ]);
    await drain();
    const row = await rowOf(morning.id);
    expect([row.professionalId, row.sequence]).toEqual([s.giuliaId, 1]);
    const changed = mailsTo(morning.email).filter((m) => m.subject === 'Cambio di professionista');
    expect(changed).toHaveLength(1);
    expect(icsOf(changed[0]!)).toContain('SEQUENCE:1');
    expect((await rowOf(afternoon.id)).professionalId).toBe(s.martinaId);
  });
  it('reassigns a salotto member’s part: the hair part to the other hairdresser free then, the rest of the team kept', async () => {
    const s = await setup();
    const stored = await call(s.app, 'POST', '/bookings/store/salotto', {
      body: bookingPayload({
        services: ['salotto-capelli-pieghe', 'salotto-estetica-manicure', 'salotto-makeup-evento'],
        numberOfCustomers: 3,
        startTime: '12:00',
        isManualFlow: true,
        email: 'marta@example.it',
      }),
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const id = dataOf<{ booking: { _id: string } }>(stored).booking._id;
    const parts = async () =>
      new Map(
        (
          await t.db
            .select()
            .from(bookingAssignments)
            .where(and(eq(bookingAssignments.bookingId, id), eq(bookingAssignments.active, true)))
        ).map((a) => [a.category, a.professionalId]),
      );
    const before = await parts();
    const hairdresser = before.get('hair')!;
    // Giulia (09:00–18:00) and Valentina (12:00–21:00) are both free at 12:00: the other one.
    const other = hairdresser === s.giuliaId ? s.valentinaId : s.giuliaId;
    expect([s.giuliaId, s.valentinaId]).toContain(hairdresser);

    const noPart = await reassign(s, id, other);
    expect([noPart.status, errorOf(noPart)]).toEqual([400, PRO_WEEK_MESSAGES.categoryRequired]);
    const notHers = await call(s.app, 'POST', `/pro/team/appointments/${id}/reassign`, {
      token: s.team,
      body: { professionalId: s.chiaraId, category: 'hair' },
    });
    expect([notHers.status, errorOf(notHers)]).toEqual([400, PRO_WEEK_MESSAGES.notServing]);

    const moved = await call(s.app, 'POST', `/pro/team/appointments/${id}/reassign`, {
      token: s.team,
      body: { professionalId: other, category: 'hair' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await parts();
    expect(after.get('hair')).toBe(other);
    expect(after.get('estetica')).toBe(before.get('estetica'));
    expect(after.get('make-up')).toBe(before.get('make-up'));
    const row = await rowOf(id);
    expect([row.sequence, row.handOverState]).toEqual([1, 'substituted']);
    await drain();
    const changed = mailsTo('marta@example.it').filter((m) => m.subject === 'Cambio di professionista');
    expect(changed).toHaveLength(1);
    expect(icsOf(changed[0]!)).toContain('SEQUENCE:1');
  });
});
