import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { appointmentCall, appointmentRebookCall } from '../../../contract/calls';
import { proAgendaCall, proRequestCall, proRequestsCall } from '../../../contract/pro-calls';
import { REQUEST_ANSWER_MINUTES, TEAM_ANSWER_HOURS } from '../../../contract/constants';
import { declinedBecause, PRO_MESSAGES } from '../../../contract/pro';
import { MESSAGES } from '../../../contract/messages';
import { formatPrice } from '../../../contract/money';
import { OUTBOX_JOBS, type App } from '../../../server/app';
import { users } from '../../../server/db/schema/accounts';
import { bookingAssignments, bookings } from '../../../server/db/schema/bookings';
import { services } from '../../../server/db/schema/catalogue';
import { professionals } from '../../../server/db/schema/professionals';
import { seedProAccounts, TEAM_EMAIL } from '../../../server/db/seed/accounts';
import type { MailMessage } from '../../../server/mail/mailer';
import { API_MESSAGES } from '../../../server/http/messages';
import { runOutboxRound } from '../../../server/jobs/outbox';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, dataOf, errorOf, tokenFor, TORINO, type Reply } from '../helpers/fixtures';
import { CapturingLogger, TEST_APP_URL, TestClock } from '../helpers/test-app';
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

type ProAppointment = v.InferOutput<typeof proRequestCall.response>['appointment'];

const MINUTE = 60_000;
const TestClockStart = TestClock.START.getTime();
const HOUR = 60 * MINUTE;
/** WEDNESDAY's times in UTC (Rome is UTC+1 in March). */
const WED_0800 = new Date('2026-03-04T07:00:00.000Z');
const WED_1000 = new Date('2026-03-04T09:00:00.000Z');
const SALOTTO = ['salotto-capelli-pieghe', 'salotto-makeup-evento'];

/** The e-mails' calendar file. */
const icsOf = (mail: MailMessage) => mail.attachments?.find((a) => a.filename.endsWith('.ics'))?.content ?? '';
const icsLine = (ics: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)?.[1]?.trim();

/**
 * Issue 27: every request answered. Seeded Torino hairdressers on WEDNESDAY (booking-fixtures.ts):
 * at 08:00 only Martina Rinaldi works (hours on request: her bookings are requests); at 10:00
 * Giulia Ferrero (confirmed hours) and Martina. The test clock starts on Monday 2 March, 10:00 Rome.
 */
describeEachDb('the professionals’ side: requests answered', (t) => {
  /** The seed's professionals and accounts (Martina in Torino, Beatrice in Milano, the team), signed in. */
  async function setup() {
    await seedBookingData(t.db);
    await seedProAccounts(t.db);
    const app = t.app();
    const signIn = async (email: string) => {
      const [user] = await t.db.select().from(users).where(eq(users.email, email));
      return tokenFor(t.db, user!, t.clock.now());
    };
    const martina = await signIn('martina.rinaldi@professioniste.musa.example');
    const beatrice = await signIn('beatrice.villa@professioniste.musa.example');
    const team = await signIn(TEAM_EMAIL);
    return { app, martina, beatrice, team, signIn };
  }

  /** Giulia Ferrero gets an account too (the seed gives one per city: Martina's in Torino). */
  async function accountFor(slug: string): Promise<string> {
    const [pro] = await t.db.select().from(professionals).where(eq(professionals.slug, slug));
    const user = await createUser(t.db, { email: pro!.email!, isProvider: true, firstName: pro!.firstName });
    await t.db.update(professionals).set({ userId: user.id }).where(eq(professionals.id, pro!.id));
    return tokenFor(t.db, user, t.clock.now());
  }

  /** A visitor's booking (Lucia Neri): its id and the manage link of her first e-mail. */
  async function book(app: App, overrides: Record<string, unknown> = {}) {
    const reply = await call(app, 'POST', '/bookings/store', {
      body: bookingPayload({ services: [PIEGA], startTime: '08:00', ...overrides }),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const id = dataOf<{ booking: { _id: string } }>(reply).booking._id;
    const confirmation = t.mailer.sent.find((m) => m.to === 'lucia.neri@example.it');
    return { id, manage: manageLinkIn(confirmation!)! };
  }

  const round = () =>
    runOutboxRound({
      db: t.db,
      mailer: t.mailer,
      logger: new CapturingLogger(),
      appUrl: TEST_APP_URL,
      now: t.clock.now,
      jobs: OUTBOX_JOBS,
    });
  const mailsTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);
  const lastMailTo = (to: string) => mailsTo(to).at(-1);
  const rowOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const requestOf = (reply: Reply): ProAppointment => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return v.parse(proRequestCall.response, dataOf(reply)).appointment;
  };
  const listOf = async (app: App, token: string) => {
    const reply = await call(app, 'GET', '/pro/requests', { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return v.parse(proRequestsCall.response, dataOf(reply)).requests;
  };
  /** The day's free times, with Martina (the only one at 08:00; Giulia is free too later in the day). */
  const freeTimes = async (app: App) => {
    const martinaId = await professionalId(t.db, 'pro-martina-rinaldi');
    const reply = await call(app, 'POST', '/bookings/available-times', {
      body: timesPayload({ providerId: martinaId }),
    });
    return dataOf<{ availableTimes: Array<{ startTime: string }> }>(reply).availableTimes.map((s) => s.startTime);
  };
  const MARTINA_MAIL = 'martina.rinaldi@professioniste.musa.example';

  describe('a request waits for its professional', () => {
    it('is hers to answer: her e-mail links to the page, her list and agenda show what she needs at the door', async () => {
      const { app, martina, team } = await setup();
      const { id } = await book(app, { allergies: 'Nichel' });
      const row = await rowOf(id);
      expect(row.status).toBe('pending');
      expect(row.requestStage).toBe('professional');
      // Her deadline: REQUEST_ANSWER_MINUTES from the booking (well before 12 hours before the start).
      expect(row.answerBy?.toISOString()).toBe(
        new Date(t.clock.now().getTime() + REQUEST_ANSWER_MINUTES * MINUTE).toISOString(),
      );

      await round();
      const told = lastMailTo(MARTINA_MAIL);
      expect(told?.subject).toBe('Nuova richiesta: mercoledì 4 marzo 2026 alle 08:00');
      expect(told?.link).toBe(`${TEST_APP_URL}/pro/requests/${id}`);
      expect(told?.text).toContain('Rispondi entro lunedì 2 marzo 2026 alle 11:00');

      const [request] = await listOf(app, martina);
      expect(request).toMatchObject({
        id,
        status: 'pending',
        stage: 'professional',
        date: WEDNESDAY,
        startTime: '08:00',
        endTime: '08:45',
        customer: { firstName: 'Lucia', phoneNumber: '+39 333 000 1111' },
        doorbellName: 'Neri',
        allergies: 'Nichel',
        notes: 'Secondo piano',
        services: [{ name: expect.any(String), durationMM: 45 }],
        actions: ['accept', 'decline', 'offer'],
      });
      const { lat, lng } = TORINO.coordinates;
      expect(request!.mapsUrl).toBe(`https://www.google.com/maps/search/?api=1&query=${lat}%2C${lng}`);

      const agenda = await call(app, 'GET', `/pro/agenda?from=${WEDNESDAY}&days=1`, { token: martina });
      const [item] = v.parse(proAgendaCall.response, dataOf(agenda)).appointments;
      expect(item).toMatchObject({ id, startTime: '08:00', travelBufferMM: 20, stage: 'professional' });

      // The team sees every unanswered request, and may accept or decline it (not offer her time).
      const [seenByTeam] = await listOf(app, team);
      expect(seenByTeam).toMatchObject({ id, actions: ['accept', 'decline'], team: [{ name: 'Martina Rinaldi' }] });
    });

    it('accepted: confirmed, and her customer’s e-mail carries the calendar’s update (same UID, SEQUENCE 1, CONFIRMED)', async () => {
      const { app, martina } = await setup();
      const { id, manage } = await book(app);
      const first = icsOf(lastMailTo('lucia.neri@example.it')!);
      expect(icsLine(first, 'STATUS')).toBe('TENTATIVE');

      const accepted = requestOf(await call(app, 'POST', `/pro/requests/${id}/accept`, { token: martina }));
      expect(accepted).toMatchObject({ status: 'confirmed', stage: null, answerBy: null, actions: [] });

      const mail = lastMailTo('lucia.neri@example.it')!;
      expect(mail.subject).toBe('La tua prenotazione è confermata');
      const ics = icsOf(mail);
      expect(icsLine(ics, 'UID')).toBe(icsLine(first, 'UID'));
      expect(icsLine(ics, 'SEQUENCE')).toBe('1');
      expect(icsLine(ics, 'STATUS')).toBe('CONFIRMED');
      // Her appointment says so, and nothing waits any more.
      const seen = await call(app, 'GET', `/appointments/${id}?token=${manage.token}`);
      expect(v.parse(appointmentCall.response, dataOf(seen)).appointment).toMatchObject({
        status: 'confirmed',
        answerBy: null,
      });
      expect(await listOf(app, martina)).toEqual([]);
      // Answering again: it has had its answer.
      const again = await call(app, 'POST', `/pro/requests/${id}/accept`, { token: martina });
      expect(again.status).toBe(409);
      expect(errorOf(again)).toBe(API_MESSAGES.requestAlreadyConfirmed);
    });

    it('declined with a reason: cancelled, the time free again, her e-mail says why with the calendar’s cancellation and a way back to the wizard', async () => {
      const { app, martina } = await setup();
      const { id, manage } = await book(app);
      expect(await freeTimes(app)).not.toContain('08:00');

      const noWords = await call(app, 'POST', `/pro/requests/${id}/decline`, {
        token: martina,
        body: { reason: 'other' },
      });
      expect(noWords.status).toBe(400);
      expect(errorOf(noWords)).toBe(PRO_MESSAGES.declineWords);

      const declined = requestOf(
        await call(app, 'POST', `/pro/requests/${id}/decline`, {
          token: martina,
          body: { reason: 'busy', message: 'Ho un corso di formazione' },
        }),
      );
      expect(declined).toMatchObject({ status: 'cancelled', stage: null, actions: [] });
      expect(await freeTimes(app)).toContain('08:00');

      const because = declinedBecause('busy', 'Ho un corso di formazione');
      const mail = lastMailTo('lucia.neri@example.it')!;
      expect(mail.subject).toBe('La tua richiesta di prenotazione Musa non è stata confermata');
      expect(mail.text).toContain(because);
      expect(mail.link).toBe(
        `${TEST_APP_URL}/appointments/${id}/rebook?token=${new URL(mail.link!).searchParams.get('token')}`,
      );
      const ics = icsOf(mail);
      expect(icsLine(ics, 'METHOD')).toBe('CANCEL');
      expect(icsLine(ics, 'SEQUENCE')).toBe('1');
      const seen = await call(app, 'GET', `/appointments/${id}?token=${manage.token}`);
      expect(v.parse(appointmentCall.response, dataOf(seen)).appointment).toMatchObject({
        status: 'cancelled',
        declinedBecause: because,
      });
      // The e-mail's button opens (with its token) the wizard on the same services and address, on the day she asked for.
      const rebook = new URL(mail.link!);
      const opened = await call(app, 'GET', `/appointments/${id}/rebook?token=${rebook.searchParams.get('token')}`);
      const { date, draft } = v.parse(appointmentRebookCall.response, dataOf(opened));
      expect(date).toBe(WEDNESDAY);
      expect(draft?.draft).toMatchObject({
        location: { address: TORINO.address },
        participants: 'default',
        category: 'hair',
        date: WEDNESDAY,
        availableTime: null,
        providerId: null,
      });
      expect(draft?.draft.services.primaryService?.id).toBe(PIEGA);
      expect(draft?.draft.services.services.map((s) => s.id)).toEqual([PIEGA]);
      // The service step's list as it is offered at that address today, the piega among its main services.
      const main = draft?.services?.mainServices?.sections.flatMap((s) => s.items.flatMap((i) => i.services)) ?? [];
      expect(main.map((s) => s.id)).toContain(PIEGA);
    });

    it('Prenota di nuovo: the extras as extras, today once her day has passed; another link, or none, opens nothing', async () => {
      const { app, martina } = await setup();
      const { id, manage } = await book(app, { services: [PIEGA, MASCHERA] });
      await call(app, 'POST', `/pro/requests/${id}/decline`, { token: martina, body: { reason: 'busy' } });
      const link = new URL(lastMailTo('lucia.neri@example.it')!.link!);
      // Two days after her Wednesday (her manage link has expired; the e-mail's button has not): the wizard opens today.
      t.clock.set(new Date(WED_1000.getTime() + 48 * HOUR));
      expect((await call(app, 'GET', `/appointments/${id}/rebook?token=${manage.token}`)).status).toBe(404);
      const opened = await call(app, 'GET', `/appointments/${id}/rebook?token=${link.searchParams.get('token')}`);
      const { date, draft } = v.parse(appointmentRebookCall.response, dataOf(opened));
      expect(date).toBe('2026-03-06');
      expect(draft?.draft.date).toBe('2026-03-06');
      expect(draft?.draft.services.primaryService?.id).toBe(PIEGA);
      expect(draft?.draft.services.secondaryServices.map((s) => s.id)).toEqual([MASCHERA]);

      const another = await call(app, 'POST', '/bookings/store', {
        body: bookingPayload({ email: 'altra@example.it', startDate: '2026-03-11' }),
      });
      expect(another.status, JSON.stringify(another.body)).toBe(201);
      const otherLink = manageLinkIn(t.mailer.sent.find((m) => m.to === 'altra@example.it')!)!;
      expect(otherLink.token).not.toBe(manage.token);
      const refused = await call(app, 'GET', `/appointments/${id}/rebook?token=${otherLink.token}`);
      expect(refused.status).toBe(404);
      expect((await call(app, 'GET', `/appointments/${id}/rebook`)).status).toBe(404);
    });

    it('another time offered: the request moves there; she accepts it from her appointment and it is confirmed at that time', async () => {
      const { app, martina } = await setup();
      const { id, manage } = await book(app);
      const times = await call(app, 'POST', `/pro/requests/${id}/available-times`, {
        token: martina,
        body: { startDate: WEDNESDAY },
      });
      const offered = dataOf<{ availableTimes: Array<{ startTime: string }> }>(times).availableTimes.map(
        (s) => s.startTime,
      );
      // Her own times that day, the one asked for among them (it counts as free for her).
      expect(offered).toContain('08:00');
      expect(offered).toContain('14:00');

      const same = await call(app, 'POST', `/pro/requests/${id}/offer`, {
        token: martina,
        body: { startDate: WEDNESDAY, startTime: '08:00' },
      });
      expect(same.status).toBe(400);
      expect(errorOf(same)).toBe(API_MESSAGES.sameTimeOffered);

      const moved = requestOf(
        await call(app, 'POST', `/pro/requests/${id}/offer`, {
          token: martina,
          body: { startDate: WEDNESDAY, startTime: '14:00' },
        }),
      );
      expect(moved).toMatchObject({
        status: 'pending',
        stage: 'offered',
        startTime: '14:00',
        requested: { date: WEDNESDAY, startTime: '08:00', endTime: '08:45' },
        actions: [],
      });
      // The time asked for is free; the one offered is kept for her.
      const free = await freeTimes(app);
      expect(free).toContain('08:00');
      expect(free).not.toContain('14:00');

      const mail = lastMailTo('lucia.neri@example.it')!;
      expect(mail.subject).toBe('Martina ti propone un altro orario');
      expect(mail.text).toContain('Avevi chiesto: mercoledì 4 marzo 2026, dalle 08:00 alle 08:45');
      expect(mail.text).toContain('Orario proposto: mercoledì 4 marzo 2026, dalle 14:00 alle 14:45');
      const link = manageLinkIn(mail)!;
      expect(link.bookingId).toBe(id);
      const seen = v.parse(
        appointmentCall.response,
        dataOf(await call(app, 'GET', `/appointments/${id}?token=${link.token}`)),
      ).appointment;
      expect(seen).toMatchObject({
        status: 'pending',
        startTime: '14:00',
        offeredInsteadOf: { date: WEDNESDAY, startTime: '08:00', endTime: '08:45' },
      });

      const answered = await call(app, 'POST', `/appointments/${id}/offer?token=${manage.token}`, {
        body: { accept: true },
      });
      expect(v.parse(appointmentCall.response, dataOf(answered)).appointment).toMatchObject({
        status: 'confirmed',
        startTime: '14:00',
        offeredInsteadOf: null,
        answerBy: null,
      });
      const confirmed = lastMailTo('lucia.neri@example.it')!;
      expect(confirmed.subject).toBe('La tua prenotazione è confermata');
      expect(icsLine(icsOf(confirmed), 'DTSTART;TZID=Europe/Rome')).toBe('20260304T140000');
      // No second answer.
      const again = await call(app, 'POST', `/appointments/${id}/offer?token=${manage.token}`, {
        body: { accept: false },
      });
      expect(again.status).toBe(409);
      expect(errorOf(again)).toBe(API_MESSAGES.offerNotOpen);
    });

    it('another time offered and declined by her: cancelled, the offered time free again', async () => {
      const { app, martina } = await setup();
      const { id, manage } = await book(app);
      requestOf(
        await call(app, 'POST', `/pro/requests/${id}/offer`, {
          token: martina,
          body: { startDate: WEDNESDAY, startTime: '14:00' },
        }),
      );
      const answered = await call(app, 'POST', `/appointments/${id}/offer?token=${manage.token}`, {
        body: { accept: false },
      });
      expect(v.parse(appointmentCall.response, dataOf(answered)).appointment.status).toBe('cancelled');
      expect(await freeTimes(app)).toEqual(expect.arrayContaining(['08:00', '14:00']));
      expect(lastMailTo('lucia.neri@example.it')?.subject).toBe('Il tuo appuntamento Musa è stato cancellato');
    });
  });

  it('moved by her onto another time on request: a new request to the professional, with its own deadline', async () => {
    const { app, martina } = await setup();
    const { id, manage } = await book(app);
    await round();
    const before = mailsTo(MARTINA_MAIL).length;
    t.clock.advance(20 * MINUTE);
    const moved = await call(app, 'POST', `/appointments/${id}/reschedule?token=${manage.token}`, {
      body: { startDate: WEDNESDAY, startTime: '08:30' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', requestStage: 'professional' });
    expect(row.answerBy?.toISOString()).toBe(
      new Date(t.clock.now().getTime() + REQUEST_ANSWER_MINUTES * MINUTE).toISOString(),
    );
    await round();
    expect(mailsTo(MARTINA_MAIL).length).toBe(before + 1);
    expect(lastMailTo(MARTINA_MAIL)?.subject).toBe('Nuova richiesta: mercoledì 4 marzo 2026 alle 08:30');
    // The first deadline's job finds another deadline: it does nothing.
    t.clock.set(new Date(TestClockStart + REQUEST_ANSWER_MINUTES * MINUTE));
    await round();
    expect((await rowOf(id)).professionalId).toBe(await professionalId(t.db, 'pro-martina-rinaldi'));
    expect((await rowOf(id)).requestStage).toBe('professional');
    expect((await listOf(app, martina)).map((r) => r.startTime)).toEqual(['08:30']);
  });

  describe('salotto quotes', () => {
    it('the team sees the salotto request, quotes it after the call and confirms it; the customer gets the quote with the .ics', async () => {
      const { app, team, martina } = await setup();
      const reply = await call(app, 'POST', '/bookings/store/salotto', {
        body: bookingPayload({ services: SALOTTO, startTime: '15:00', numberOfCustomers: 3, notes: 'Tre amiche' }),
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const id = dataOf<{ booking: { _id: string } }>(reply).booking._id;
      expect((await rowOf(id)).requestStage).toBe('team');

      const [seen] = await listOf(app, team);
      expect(seen).toMatchObject({
        id,
        kind: 'salotto',
        participants: 3,
        notes: 'Tre amiche',
        actions: ['quote', 'decline'],
      });
      expect(seen!.team.map((m) => m.category)).toEqual(['hair', 'make-up']);
      // A professional does not quote, even one of its team.
      const byPro = await call(app, 'POST', `/pro/requests/${id}/quote`, {
        token: martina,
        body: { total: 240, includes: 'Piega e trucco per tre' },
      });
      expect(byPro.status).toBe(404);

      const quoted = requestOf(
        await call(app, 'POST', `/pro/requests/${id}/quote`, {
          token: team,
          body: { total: 240, includes: 'Piega e trucco per tre, beauty box' },
        }),
      );
      expect(quoted).toMatchObject({ status: 'confirmed', total: 240, actions: [] });
      const mail = lastMailTo('lucia.neri@example.it')!;
      expect(mail.subject).toBe('Il tuo salotto Musa è confermato: ecco il preventivo');
      expect(mail.text).toContain(`Preventivo: ${formatPrice(240)}`);
      expect(mail.text).toContain('Il preventivo comprende: Piega e trucco per tre, beauty box');
      expect(icsLine(icsOf(mail), 'STATUS')).toBe('CONFIRMED');
      expect(icsLine(icsOf(mail), 'SEQUENCE')).toBe('1');
    });

    it('the team may name another member for a category: whom it may name there, and the quote confirms her', async () => {
      const { app, team, martina } = await setup();
      const reply = await call(app, 'POST', '/bookings/store/salotto', {
        body: bookingPayload({ services: SALOTTO, startTime: '15:00', numberOfCustomers: 2 }),
      });
      const id = dataOf<{ booking: { _id: string } }>(reply).booking._id;
      const read = requestOf(await call(app, 'GET', `/pro/requests/${id}`, { token: team }));
      expect(read.teamChoices.map((choice) => choice.category)).toEqual(['hair', 'make-up']);
      const makeUp = read.teamChoices.find((choice) => choice.category === 'make-up')!;
      const names = makeUp.professionals.map((pro) => pro.name);
      // Torino's make-up artists (Paola Moretti serves Milano too), none of another city's.
      expect(names).toEqual(
        expect.arrayContaining(['Alessia Conti', 'Francesca Gallo', 'Paola Moretti', 'Sara Costa']),
      );
      expect(names).not.toContain('Laura Fumagalli');
      expect(names).not.toContain('Giulia Ferrero');
      // The proposed member is among them.
      const proposed = read.team.find((member) => member.category === 'make-up')!;
      expect(makeUp.professionals.map((pro) => pro.professionalId)).toContain(proposed.professionalId);
      // A professional cannot quote: she is offered no choice either (she does not even read a salotto).
      expect((await call(app, 'GET', `/pro/requests/${id}`, { token: martina })).status).toBe(404);

      const other = makeUp.professionals.find(
        (pro) => !read.team.some((member) => member.professionalId === pro.professionalId),
      )!;
      const quoted = requestOf(
        await call(app, 'POST', `/pro/requests/${id}/quote`, {
          token: team,
          body: {
            total: 180,
            includes: 'Piega e trucco per due',
            team: [{ category: 'make-up', professionalId: other.professionalId }],
          },
        }),
      );
      expect(quoted.status).toBe('confirmed');
      expect(quoted.team.find((member) => member.category === 'make-up')).toMatchObject({
        professionalId: other.professionalId,
        name: other.name,
      });
      // Once quoted, there is nothing left to choose.
      expect(quoted.teamChoices).toEqual([]);
    });

    it('a team member replaced by one who is busy then is refused (409) and nothing changes', async () => {
      const { app, team } = await setup();
      // Giulia (hair, Torino) is booked at 15:00 by someone else first.
      const other = await call(app, 'POST', '/bookings/store', {
        body: bookingPayload({
          services: [PIEGA],
          startTime: '15:00',
          email: 'altra@example.it',
          providerId: await professionalId(t.db, 'pro-giulia-ferrero'),
        }),
      });
      expect(other.status, JSON.stringify(other.body)).toBe(201);
      const reply = await call(app, 'POST', '/bookings/store/salotto', {
        body: bookingPayload({ services: SALOTTO, startTime: '15:00', numberOfCustomers: 2 }),
      });
      const id = dataOf<{ booking: { _id: string } }>(reply).booking._id;
      const refused = await call(app, 'POST', `/pro/requests/${id}/quote`, {
        token: team,
        body: {
          total: 150,
          includes: 'Piega e trucco',
          team: [{ category: 'hair', professionalId: await professionalId(t.db, 'pro-giulia-ferrero') }],
        },
      });
      expect(refused.status).toBe(409);
      expect(errorOf(refused)).toBe(API_MESSAGES.teamMemberBusy);
      expect((await rowOf(id)).status).toBe('pending');
    });
  });

  describe('a deadline for every request (the API’s clock moved, no real waiting)', () => {
    it('passes to the next free professional, then to the team, then is declined with an apology and the nearest free times', async () => {
      const { app, martina, team } = await setup();
      const giulia = await accountFor('pro-giulia-ferrero');
      // She chose Martina at 10:00: a request to her (Giulia is free then too).
      const { id, manage } = await book(app, {
        startTime: '10:00',
        providerId: await professionalId(t.db, 'pro-martina-rinaldi'),
      });
      await round();
      expect((await rowOf(id)).answerBy?.toISOString()).toBe('2026-03-02T10:00:00.000Z');

      // A second before the deadline, nothing moves.
      t.clock.set('2026-03-02T09:59:59.000Z');
      await round();
      expect((await rowOf(id)).professionalId).toBe(await professionalId(t.db, 'pro-martina-rinaldi'));

      t.clock.set('2026-03-02T10:00:00.000Z');
      await round(); // the deadline's job
      await round(); // the e-mails it wrote
      const passed = await rowOf(id);
      expect(passed.professionalId).toBe(await professionalId(t.db, 'pro-giulia-ferrero'));
      expect(passed.requestStage).toBe('professional');
      expect(passed.answerBy?.toISOString()).toBe('2026-03-02T11:00:00.000Z');
      expect(lastMailTo(MARTINA_MAIL)?.subject).toBe('Richiesta del mercoledì 4 marzo 2026 passata ad altre');
      expect(lastMailTo('giulia.ferrero@professioniste.musa.example')?.subject).toBe(
        'Nuova richiesta: mercoledì 4 marzo 2026 alle 10:00',
      );
      // Martina's late answer is refused, and says why; Giulia's list has it now.
      const late = await call(app, 'POST', `/pro/requests/${id}/accept`, { token: martina });
      expect(late.status).toBe(409);
      expect(errorOf(late)).toBe(API_MESSAGES.requestPassedOn);
      expect((await listOf(app, martina)).map((r) => r.id)).toEqual([]);
      expect((await listOf(app, giulia)).map((r) => r.id)).toEqual([id]);
      // Her appointment says it waits, and until when.
      const waiting = v.parse(
        appointmentCall.response,
        dataOf(await call(app, 'GET', `/appointments/${id}?token=${manage.token}`)),
      ).appointment;
      expect(waiting).toMatchObject({ status: 'pending', answerBy: '2026-03-02T11:00:00.000Z' });

      // Nobody else is free at 10:00: the team answers, by TEAM_ANSWER_HOURS before the start.
      t.clock.set('2026-03-02T11:00:00.000Z');
      await round();
      await round();
      const toTeam = await rowOf(id);
      expect(toTeam.requestStage).toBe('team');
      expect(toTeam.answerBy?.getTime()).toBe(WED_1000.getTime() - TEAM_ANSWER_HOURS * HOUR);
      expect((await listOf(app, team)).find((r) => r.id === id)?.stage).toBe('team');
      expect(await listOf(app, giulia)).toEqual([]);

      // Unanswered by the team: declined with an apology and the nearest free times.
      t.clock.set(new Date(WED_1000.getTime() - TEAM_ANSWER_HOURS * HOUR));
      await round();
      await round();
      const declined = await rowOf(id);
      expect(declined.status).toBe('cancelled');
      expect(declined.declineReason).toBe('no-answer');
      const mail = lastMailTo('lucia.neri@example.it')!;
      expect(mail.subject).toBe('La tua richiesta di prenotazione Musa non è stata confermata');
      expect(mail.text).toContain('ci scusiamo');
      expect(mail.text).toContain(declinedBecause('no-answer', null));
      expect(mail.text).toMatch(
        /Gli orari liberi più vicini per gli stessi servizi: mercoledì 4 marzo 2026 alle \d\d:\d\d/,
      );
      expect(icsLine(icsOf(mail), 'METHOD')).toBe('CANCEL');
      // Each step once: more rounds change nothing and send nothing.
      const sent = t.mailer.sent.length;
      await round();
      await round();
      expect(t.mailer.sent.length).toBe(sent);
    });

    it('a request whose service left the catalogue meanwhile still moves on: to the team, then declined, never stuck', async () => {
      const { app } = await setup();
      const { id } = await book(app, {
        startTime: '10:00',
        providerId: await professionalId(t.db, 'pro-martina-rinaldi'),
      });
      await t.db.update(services).set({ active: false }).where(eq(services.id, PIEGA));
      t.clock.set((await rowOf(id)).answerBy!);
      await round();
      expect((await rowOf(id)).requestStage).toBe('team');
      t.clock.set(new Date(WED_1000.getTime() - TEAM_ANSWER_HOURS * HOUR));
      await round();
      await round();
      expect((await rowOf(id)).status).toBe('cancelled');
      expect(lastMailTo('lucia.neri@example.it')?.subject).toBe(
        'La tua richiesta di prenotazione Musa non è stata confermata',
      );
    });

    it('never later than 12 hours before the start, and an offer left unanswered is declined', async () => {
      const { app, martina } = await setup();
      // Booked on Tuesday at 19:30 (Rome) for Wednesday 08:00: 12 hours before the start comes in 30 minutes.
      t.clock.set('2026-03-03T18:30:00.000Z');
      const { id } = await book(app);
      expect((await rowOf(id)).answerBy?.toISOString()).toBe('2026-03-03T19:00:00.000Z');
      // For Thursday 08:00 the same evening: REQUEST_ANSWER_MINUTES from now comes first.
      const { id: later } = await book(app, { email: 'tardi@example.it', startDate: '2026-03-05' });
      expect((await rowOf(later)).answerBy?.toISOString()).toBe('2026-03-03T19:30:00.000Z');

      requestOf(
        await call(app, 'POST', `/pro/requests/${id}/offer`, {
          token: martina,
          body: { startDate: WEDNESDAY, startTime: '14:00' },
        }),
      );
      const offered = await rowOf(id);
      // She has until two hours before the offered time (less than OFFER_ANSWER_HOURS away).
      expect(offered.answerBy?.toISOString()).toBe('2026-03-04T11:00:00.000Z');
      t.clock.set('2026-03-04T11:00:00.000Z');
      await round();
      await round();
      const expired = await rowOf(id);
      expect(expired.status).toBe('cancelled');
      expect(expired.declineReason).toBe('offer-expired');
      expect(lastMailTo('lucia.neri@example.it')?.text).toContain(declinedBecause('offer-expired', null));
    });
  });

  describe('no double confirmation', () => {
    it('answers, the deadline and her own cancel at once: one answer wins, and what happens after it is a valid sequence', async () => {
      const { app, martina, team } = await setup();
      const { id, manage } = await book(app);
      t.clock.set((await rowOf(id)).answerBy!);
      const ok = (reply: Reply) => reply.status === 200;
      const answers: Array<Promise<{ who: string; ok: boolean }>> = [
        ...[1, 2].map(async () => ({
          who: 'accept',
          ok: ok(await call(app, 'POST', `/pro/requests/${id}/accept`, { token: martina })),
        })),
        ...[1, 2].map(async () => ({
          who: 'decline',
          ok: ok(await call(app, 'POST', `/pro/requests/${id}/decline`, { token: martina, body: { reason: 'busy' } })),
        })),
        (async () => ({
          who: 'offer',
          ok: ok(
            await call(app, 'POST', `/pro/requests/${id}/offer`, {
              token: martina,
              body: { startDate: WEDNESDAY, startTime: '14:00' },
            }),
          ),
        }))(),
        (async () => ({
          who: 'team',
          ok: ok(await call(app, 'POST', `/pro/requests/${id}/accept`, { token: team })),
        }))(),
        (async () => ({
          who: 'cancel',
          ok: ok(await call(app, 'POST', `/appointments/${id}/cancel?token=${manage.token}`)),
        }))(),
        (async () => {
          const { runRequestDeadline } = await import('../../../server/requests/requests');
          const deadline = (await rowOf(id)).answerBy!;
          return { who: 'deadline', ok: (await runRequestDeadline(t.db, id, deadline, t.clock.now())) !== 'stale' };
        })(),
      ];
      const results = await Promise.all(answers);
      const won = new Set(results.filter((r) => r.ok).map((r) => r.who));
      const why = JSON.stringify(results);
      // The request's answer is one: accepted, declined, another time offered (by her or the team), or cancelled by her.
      const answered = ['accept', 'decline', 'offer', 'team'].filter((who) => won.has(who));
      expect(answered.length, why).toBeLessThanOrEqual(1);
      expect(results.filter((r) => r.ok && r.who !== 'deadline' && r.who !== 'cancel').length, why).toBe(
        answered.length,
      );
      // The deadline hands it on only while nobody has answered: then only the team (or her cancel) can answer it.
      if (won.has('deadline'))
        expect(
          answered.filter((who) => who !== 'team'),
          why,
        ).toEqual([]);
      // Her cancel is hers whatever came first (after a decline it answers the cancelled appointment again).
      expect(won.has('cancel'), why).toBe(true);
      const row = await rowOf(id);
      if (won.has('cancel') || won.has('decline')) expect(row.status, why).toBe('cancelled');
      else if (won.has('accept') || won.has('team')) expect(row.status, why).toBe('confirmed');
      else if (won.has('offer')) expect(row.requestStage, why).toBe('offered');
      else expect(row.requestStage, why).toBe('team');
      // The time is held once, or freed.
      const held = await t.db.select().from(bookingAssignments).where(eq(bookingAssignments.bookingId, id));
      expect(held.filter((a) => a.active).length, why).toBe(row.status === 'cancelled' ? 0 : 1);
    }, 60_000);

    it('N answers of one request at once (accepts, declines and offers by her and the team): exactly one wins', async () => {
      const { app, martina, team } = await setup();
      const { id } = await book(app);
      const kinds = ['accept', 'decline', 'offer', 'team-accept', 'team-decline'] as const;
      const send = (kind: (typeof kinds)[number]) => {
        switch (kind) {
          case 'accept':
            return call(app, 'POST', `/pro/requests/${id}/accept`, { token: martina });
          case 'decline':
            return call(app, 'POST', `/pro/requests/${id}/decline`, { token: martina, body: { reason: 'too-far' } });
          case 'offer':
            return call(app, 'POST', `/pro/requests/${id}/offer`, {
              token: martina,
              body: { startDate: WEDNESDAY, startTime: '14:00' },
            });
          case 'team-accept':
            return call(app, 'POST', `/pro/requests/${id}/accept`, { token: team });
          case 'team-decline':
            return call(app, 'POST', `/pro/requests/${id}/decline`, { token: team, body: { reason: 'busy' } });
        }
      };
      const replies = await Promise.all(Array.from({ length: 15 }, (_, i) => send(kinds[i % kinds.length]!)));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      for (const refused of replies.filter((r) => r.status !== 200)) {
        expect(refused.status).toBe(409);
        expect([
          API_MESSAGES.requestAlreadyConfirmed,
          API_MESSAGES.requestCancelled,
          API_MESSAGES.requestOffered,
        ]).toContain(errorOf(refused));
      }
      await round();
      // She hears one answer.
      const answers = mailsTo('lucia.neri@example.it').filter((m) =>
        [
          'La tua prenotazione è confermata',
          'La tua richiesta di prenotazione Musa non è stata confermata',
          'Martina ti propone un altro orario',
        ].includes(m.subject),
      );
      expect(answers).toHaveLength(1);
      expect((await rowOf(id)).requestStage === null || (await rowOf(id)).requestStage === 'offered').toBe(true);
    }, 60_000);
  });

  describe('who sees what', () => {
    it('another professional can neither read nor answer her request (404 on every route), nor see it in her list or agenda', async () => {
      const { app, beatrice } = await setup();
      const { id } = await book(app);
      const routes: Array<[string, string, unknown?]> = [
        ['GET', `/pro/requests/${id}`],
        ['POST', `/pro/requests/${id}/accept`],
        ['POST', `/pro/requests/${id}/decline`, { reason: 'busy' }],
        ['POST', `/pro/requests/${id}/available-times`, { startDate: WEDNESDAY }],
        ['POST', `/pro/requests/${id}/offer`, { startDate: WEDNESDAY, startTime: '14:00' }],
        ['POST', `/pro/requests/${id}/quote`, { total: 100, includes: 'Tutto' }],
      ];
      for (const [method, path, body] of routes) {
        const reply = await call(app, method, path, { token: beatrice, ...(body ? { body } : {}) });
        expect(reply.status, `${method} ${path}`).toBe(404);
        expect(errorOf(reply)).toBe(API_MESSAGES.requestNotFound);
      }
      expect(await listOf(app, beatrice)).toEqual([]);
      const agenda = await call(app, 'GET', `/pro/agenda?from=${WEDNESDAY}`, { token: beatrice });
      expect(v.parse(proAgendaCall.response, dataOf(agenda)).appointments).toEqual([]);
      // Nor as a customer: the appointment is not hers.
      const asCustomer = await call(app, 'GET', `/appointments/${id}`, { token: beatrice });
      expect(asCustomer.status).toBe(404);
      expect((await rowOf(id)).status).toBe('pending');
    });

    it('a customer sees none of it: 403 on the lists, 404 on a request; signed out: 401', async () => {
      const { app } = await setup();
      const { id } = await book(app);
      const customer = await tokenFor(t.db, await createUser(t.db), t.clock.now());
      for (const path of ['/pro/me', '/pro/agenda', '/pro/requests']) {
        const reply = await call(app, 'GET', path, { token: customer });
        expect(reply.status, path).toBe(403);
        expect(errorOf(reply)).toBe(API_MESSAGES.proOnly);
        expect((await call(app, 'GET', path)).status, path).toBe(401);
      }
      for (const [method, path] of [
        ['GET', `/pro/requests/${id}`],
        ['POST', `/pro/requests/${id}/accept`],
      ] as const) {
        const reply = await call(app, method, path, { token: customer });
        expect(reply.status, path).toBe(404);
        expect((await call(app, method, path)).status, path).toBe(401);
      }
      expect((await rowOf(id)).status).toBe('pending');
    });

    it('the team has no agenda of its own and does not offer a professional’s time (403); a team member who answers is recorded', async () => {
      const { app, team } = await setup();
      const { id } = await book(app);
      expect((await call(app, 'GET', '/pro/agenda', { token: team })).status).toBe(403);
      const offer = await call(app, 'POST', `/pro/requests/${id}/offer`, {
        token: team,
        body: { startDate: WEDNESDAY, startTime: '14:00' },
      });
      expect(offer.status).toBe(403);
      const me = dataOf<{ professional: unknown; team: boolean }>(await call(app, 'GET', '/pro/me', { token: team }));
      expect(me).toEqual({ professional: null, team: true });
      requestOf(await call(app, 'POST', `/pro/requests/${id}/decline`, { token: team, body: { reason: 'too-far' } }));
      const [teamUser] = await t.db.select().from(users).where(eq(users.email, TEAM_EMAIL));
      expect((await rowOf(id)).answeredBy).toBe(teamUser!.id);
    });
  });

  it('answers nothing with a slot taken between the offer’s check and its write', async () => {
    const { app, martina } = await setup();
    const { id } = await book(app);
    // Someone books Martina at 14:00 first.
    const first = await call(app, 'POST', '/bookings/store', {
      body: bookingPayload({
        services: [PIEGA],
        startTime: '14:00',
        email: 'prima@example.it',
        providerId: await professionalId(t.db, 'pro-martina-rinaldi'),
      }),
    });
    expect(first.status).toBe(201);
    const reply = await call(app, 'POST', `/pro/requests/${id}/offer`, {
      token: martina,
      body: { startDate: WEDNESDAY, startTime: '14:00' },
    });
    expect(reply.status).toBe(409);
    expect(errorOf(reply)).toBe(MESSAGES.slotTaken);
    expect((await rowOf(id)).startsAt.getTime()).toBe(WED_0800.getTime());
  });
});
