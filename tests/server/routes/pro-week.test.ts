import { and, eq, ne } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/messages';
import {
  cancelTimeOffCall,
  createProTimeOffCall,
  proHoursCall,
  PRO_WEEK_MESSAGES,
  proTimeOffCall,
  TIME_OFF_REASON_MAX,
} from '../../../contract/pro-week';
import { users } from '../../../server/db/schema/accounts';
import { bookingAssignments, bookings } from '../../../server/db/schema/bookings';
import { timeOff } from '../../../server/db/schema/time-off';
import { handOvers, professionalHours } from '../../../server/db/schema/week';
import { seedProAccounts, TEAM_EMAIL } from '../../../server/db/seed/accounts';
import { API_MESSAGES } from '../../../server/http/messages';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, dataOf, errorOf, tokenFor, TORINO, type Reply } from '../helpers/fixtures';
import { bookingPayload, PIEGA, professionalId, seedBookingData, timesPayload, WEDNESDAY } from './booking-fixtures';

/**
 * Issue 40, the professionals' week: her hours from a day on and her time off, through every route,
 * for herself, another professional, the team, a customer and a visitor. The test clock starts on
 * Monday 2 March 2026, 10:00 in Rome. Martina Rinaldi (Torino, hours on request, travel buffer
 * 20 min) works Tuesday to Saturday 07:30–13:00 and 14:00–17:00: at 08:00 on WEDNESDAY only she
 * works. Beatrice Villa (Milano) is another professional with an account; the team has its own.
 */
describeEachDb('the professionals’ week: hours and time off', (t) => {
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
    const customer = await tokenFor(t.db, await createUser(t.db), t.clock.now());
    return {
      app,
      martina: await signIn('martina.rinaldi@professioniste.musa.example'),
      beatrice: await signIn('beatrice.villa@professioniste.musa.example'),
      team: await signIn(TEAM_EMAIL),
      customer,
      martinaId: await professionalId(t.db, 'pro-martina-rinaldi'),
      giuliaId: await professionalId(t.db, 'pro-giulia-ferrero'),
    };
  }
  type Setup = Awaited<ReturnType<typeof setup>>;

  const hoursOf = (reply: Reply) => v.parse(proHoursCall.response, dataOf(reply)).hours;
  const timeOffOf = (reply: Reply) => v.parse(createProTimeOffCall.response, dataOf(reply)).timeOff;
  const timeOffListOf = (reply: Reply) => v.parse(proTimeOffCall.response, dataOf(reply)).timeOff;

  /** The start times offered (a visitor's wizard) for a piega on `date`, optionally with one professional. */
  const offered = async (s: Setup, date: string, providerId: string | null = null) => {
    const reply = await call(s.app, 'POST', '/bookings/available-times', {
      body: timesPayload({ startDate: date, ...(providerId ? { providerId } : {}) }),
    });
    return dataOf<{ availableTimes: Array<{ startTime: string }> }>(reply).availableTimes.map((x) => x.startTime);
  };
  /** A visitor's piega through the store. */
  const book = (s: Setup, date: string, startTime: string, email = 'lucia.neri@example.it') =>
    call(s.app, 'POST', '/bookings/store', {
      body: bookingPayload({ services: [PIEGA], startDate: date, startTime, email }),
    });

  /** The whole of WEDNESDAY off. */
  const wholeWednesday = { kind: 'days', startDate: WEDNESDAY, endDate: WEDNESDAY, reason: 'Visita medica' };

  /** A week from WEDNESDAY on: Wednesday afternoons only. */
  const afternoonsFromWednesday = {
    validFrom: WEDNESDAY,
    week: [{ weekday: 3, ranges: [{ start: '14:00', end: '17:00' }] }],
  };

  describe('her hours', () => {
    it('reads her baseline week; saving one from a day on changes availability and the store from that day, not before', async () => {
      const s = await setup();
      const before = hoursOf(await call(s.app, 'GET', '/pro/hours', { token: s.martina }));
      expect(before.professional).toEqual({ id: s.martinaId, name: 'Martina Rinaldi' });
      expect(before.current.validFrom).toBeNull();
      expect(before.current.week.map((d) => d.weekday)).toEqual([2, 3, 4, 5, 6]);
      expect(before.current.week[1]!.ranges).toEqual([
        { start: '07:30', end: '13:00' },
        { start: '14:00', end: '17:00' },
      ]);
      expect(before.upcoming).toEqual([]);
      expect(await offered(s, WEDNESDAY)).toContain('08:00');

      const saved = hoursOf(
        await call(s.app, 'POST', '/pro/hours', { token: s.martina, body: afternoonsFromWednesday }),
      );
      expect(saved.current.validFrom).toBeNull();
      expect(saved.upcoming).toEqual([afternoonsFromWednesday]);
      // From Wednesday on: nobody at 08:00 any more (only she worked then); Tuesday keeps her old week.
      expect(await offered(s, WEDNESDAY)).not.toContain('08:00');
      expect(await offered(s, TUESDAY)).toContain('08:00');
      expect(await offered(s, WEDNESDAY, s.martinaId)).toEqual(['14:00', '14:30', '15:00', '15:30', '16:00']);
      expect(await offered(s, THURSDAY, s.martinaId)).toEqual([]);
      const refused = await book(s, WEDNESDAY, '08:00');
      expect(refused.status).toBe(409);
      expect(errorOf(refused)).toBe(MESSAGES.slotTaken);
      expect((await book(s, TUESDAY, '08:00')).status).toBe(201);

      // On Wednesday her week is in force: `current` says from when.
      t.clock.set('2026-03-04T08:00:00.000Z');
      const later = hoursOf(await call(s.app, 'GET', '/pro/hours', { token: s.martina }));
      expect(later.current).toEqual(afternoonsFromWednesday);
      expect(later.upcoming).toEqual([]);
    });

    it('lists the appointments her new hours leave outside and keeps them', async () => {
      const s = await setup();
      const booked = await book(s, WEDNESDAY, '08:00');
      expect(booked.status).toBe(201);
      const id = dataOf<{ booking: { _id: string } }>(booked).booking._id;
      expect(await offered(s, WEDNESDAY)).toContain('10:00');
      expect(hoursOf(await call(s.app, 'GET', '/pro/hours', { token: s.martina })).outside).toEqual([]);

      const saved = hoursOf(
        await call(s.app, 'POST', '/pro/hours', { token: s.martina, body: afternoonsFromWednesday }),
      );
      expect(saved.outside.map((a) => [a.id, a.date, a.startTime])).toEqual([[id, WEDNESDAY, '08:00']]);
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row!.status).toBe('pending');
      expect(row!.professionalId).toBe(s.martinaId);
      const [assignment] = await t.db.select().from(bookingAssignments).where(eq(bookingAssignments.bookingId, id));
      expect(assignment!.active).toBe(true);
      // The team reads the same list.
      const team = hoursOf(await call(s.app, 'GET', `/pro/team/professionals/${s.martinaId}/hours`, { token: s.team }));
      expect(team.outside.map((a) => a.id)).toEqual([id]);
    });

    it('lets the team read and save anyone’s hours, and saving again from the same day replaces that week', async () => {
      const s = await setup();
      const path = `/pro/team/professionals/${s.martinaId}/hours`;
      expect(hoursOf(await call(s.app, 'GET', path, { token: s.team })).professional.id).toBe(s.martinaId);
      await call(s.app, 'POST', path, { token: s.team, body: afternoonsFromWednesday });
      const again = { validFrom: WEDNESDAY, week: [{ weekday: 4, ranges: [{ start: '09:00', end: '12:00' }] }] };
      const saved = hoursOf(await call(s.app, 'POST', path, { token: s.team, body: again }));
      expect(saved.upcoming).toEqual([again]);
      expect(await offered(s, THURSDAY, s.martinaId)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
      const [stored] = await t.db.select().from(professionalHours);
      expect(stored!.createdBy).not.toBeNull();
    });

    it('answers who may not: 401 signed out, 403 a customer, 403 a professional on the team’s calls, 403 the team without a professional record on hers', async () => {
      const s = await setup();
      const teamPath = `/pro/team/professionals/${s.martinaId}/hours`;
      for (const [method, path, token, status, message] of [
        ['GET', '/pro/hours', undefined, 401, API_MESSAGES.unauthenticated],
        ['POST', '/pro/hours', undefined, 401, API_MESSAGES.unauthenticated],
        ['GET', teamPath, undefined, 401, API_MESSAGES.unauthenticated],
        ['GET', '/pro/hours', s.customer, 403, API_MESSAGES.proOnly],
        ['POST', '/pro/hours', s.customer, 403, API_MESSAGES.proOnly],
        ['GET', teamPath, s.customer, 403, API_MESSAGES.proOnly],
        ['POST', teamPath, s.customer, 403, API_MESSAGES.proOnly],
        ['GET', teamPath, s.beatrice, 403, PRO_WEEK_MESSAGES.teamOnly],
        ['POST', teamPath, s.beatrice, 403, PRO_WEEK_MESSAGES.teamOnly],
        ['GET', teamPath, s.martina, 403, PRO_WEEK_MESSAGES.teamOnly],
        ['GET', '/pro/hours', s.team, 403, PRO_WEEK_MESSAGES.professionalOnly],
        ['POST', '/pro/hours', s.team, 403, PRO_WEEK_MESSAGES.professionalOnly],
      ] as const) {
        const reply = await call(s.app, method, path, {
          ...(token ? { token } : {}),
          ...(method === 'POST' ? { body: afternoonsFromWednesday } : {}),
        });
        expect([method, path, token === undefined ? 'anonymous' : token.slice(0, 4), reply.status]).toEqual([
          method,
          path,
          token === undefined ? 'anonymous' : token.slice(0, 4),
          status,
        ]);
        expect(errorOf(reply)).toBe(message);
      }
      // Beatrice's own hours are hers, never Martina's.
      const hers = hoursOf(await call(s.app, 'GET', '/pro/hours', { token: s.beatrice }));
      expect(hers.professional.name).toBe('Beatrice Villa');
      expect(await t.db.select().from(professionalHours)).toEqual([]);
    });

    it('refuses bad input with a 400 in Italian and changes nothing; an unknown professional is a 404', async () => {
      const s = await setup();
      const day = (ranges: Array<[string, string]>, weekday = 3) => ({
        validFrom: WEDNESDAY,
        week: [{ weekday, ranges: ranges.map(([start, end]) => ({ start, end })) }],
      });
      for (const [body, message] of [
        [{ ...afternoonsFromWednesday, validFrom: '2026-03-01' }, PRO_WEEK_MESSAGES.dateInPast],
        [day([['13:00', '09:00']]), PRO_WEEK_MESSAGES.rangeReversed],
        [day([['09:00', '09:00']]), PRO_WEEK_MESSAGES.rangeReversed],
        [
          day([
            ['09:00', '13:00'],
            ['12:00', '15:00'],
          ]),
          PRO_WEEK_MESSAGES.rangesOverlap,
        ],
        [day([['09:00', '24:30']]), PRO_WEEK_MESSAGES.timeOutOfDay],
        [day([['25:00', '26:00']]), PRO_WEEK_MESSAGES.timeOutOfDay],
        [day([['-1:00', '09:00']]), PRO_WEEK_MESSAGES.timeOutOfDay],
        [day([['09:00', '12:00']], 8), PRO_WEEK_MESSAGES.weekdayInvalid],
        [
          { validFrom: WEDNESDAY, week: [day([['09:00', '12:00']]).week[0], day([['14:00', '16:00']]).week[0]] },
          PRO_WEEK_MESSAGES.weekdayTwice,
        ],
        [{ ...afternoonsFromWednesday, validFrom: '2026-02-30' }, MESSAGES.invalidDate],
      ] as const) {
        for (const [token, path] of [
          [s.martina, '/pro/hours'],
          [s.team, `/pro/team/professionals/${s.martinaId}/hours`],
        ] as const) {
          const reply = await call(s.app, 'POST', path, { token, body });
          expect(reply.status, JSON.stringify(body)).toBe(400);
          expect(errorOf(reply)).toBe(message);
        }
      }
      for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nessuna']) {
        for (const method of ['GET', 'POST'] as const) {
          const reply = await call(s.app, method, `/pro/team/professionals/${unknown}/hours`, {
            token: s.team,
            ...(method === 'POST' ? { body: afternoonsFromWednesday } : {}),
          });
          expect(reply.status).toBe(404);
          expect(errorOf(reply)).toBe(PRO_WEEK_MESSAGES.unknownProfessional);
        }
      }
      expect(await t.db.select().from(professionalHours)).toEqual([]);
      expect(await offered(s, WEDNESDAY)).toContain('08:00');
    });
  });

  describe('her time off', () => {
    it('keeps her out of every path from then on: the wizard, the days, the store, the holds', async () => {
      const s = await setup();
      const created = await call(s.app, 'POST', '/pro/time-off', { token: s.martina, body: wholeWednesday });
      expect(created.status).toBe(201);
      const entered = timeOffOf(created);
      expect(entered).toMatchObject({
        professional: { id: s.martinaId, name: 'Martina Rinaldi' },
        kind: 'days',
        startDate: WEDNESDAY,
        endDate: WEDNESDAY,
        startTime: '00:00',
        endTime: '24:00',
        startDateTime: '2026-03-03T23:00:00.000Z',
        endDateTime: '2026-03-04T23:00:00.000Z',
        enteredBy: 'professional',
        cancelled: false,
        handOvers: [],
      });
      // Wizard: nobody at 08:00 (only she worked then), nothing with her that day; Tuesday as before.
      expect(await offered(s, WEDNESDAY)).not.toContain('08:00');
      expect(await offered(s, WEDNESDAY, s.martinaId)).toEqual([]);
      expect(await offered(s, TUESDAY, s.martinaId)).toContain('08:00');
      const days = await call(s.app, 'POST', '/bookings/available-days', {
        body: {
          bookingLocation: TORINO,
          services: [PIEGA],
          providerId: s.martinaId,
          fromDate: TUESDAY,
          toDate: THURSDAY,
        },
      });
      expect(dataOf<{ days: Array<{ date: string; available: boolean }> }>(days).days).toEqual([
        { date: TUESDAY, available: true },
        { date: WEDNESDAY, available: false },
        { date: THURSDAY, available: true },
      ]);
      // Store and holds: refused (nobody else works at 08:00).
      expect((await book(s, WEDNESDAY, '08:00')).status).toBe(409);
      const held = await call(s.app, 'POST', '/bookings/holds', {
        body: timesPayload({ startTime: '08:00', holderKey: crypto.randomUUID() }),
      });
      expect(held.status).toBe(409);
      expect(
        await t.db
          .select()
          .from(bookingAssignments)
          .where(and(eq(bookingAssignments.professionalId, s.martinaId), eq(bookingAssignments.active, true))),
      ).toEqual([]);
    });

    it('cuts hours of one day out of her day only', async () => {
      const s = await setup();
      const created = await call(s.app, 'POST', '/pro/time-off', {
        token: s.martina,
        body: { kind: 'hours', date: WEDNESDAY, startTime: '09:00', endTime: '11:00' },
      });
      expect(timeOffOf(created)).toMatchObject({ kind: 'hours', startTime: '09:00', endTime: '11:00', reason: null });
      const times = await offered(s, WEDNESDAY, s.martinaId);
      // A piega is 45 minutes: 08:00–08:45 ends before her time off; 08:30 would run into it.
      expect(times).toContain('08:00');
      expect(times).not.toContain('08:30');
      expect(times).not.toContain('10:00');
      expect(times).toContain('11:00');
    });

    it('moves and other times offered never land inside it either (reschedule, a request’s other time)', async () => {
      const s = await setup();
      // A request to Martina on Tuesday 08:00, and a signed-in customer's booking with her on Tuesday 09:00.
      const request = dataOf<{ booking: { _id: string } }>(await book(s, TUESDAY, '08:00')).booking._id;
      const customer = await createUser(t.db, { email: 'sposta@example.it' });
      const bearer = await tokenFor(t.db, customer, t.clock.now());
      const mine = await call(s.app, 'POST', '/bookings/store', {
        token: bearer,
        body: bookingPayload({
          services: [PIEGA],
          startDate: TUESDAY,
          startTime: '10:00',
          email: customer.email,
          providerId: s.martinaId,
        }),
      });
      expect(mine.status).toBe(201);
      const mineId = dataOf<{ booking: { _id: string } }>(mine).booking._id;
      await call(s.app, 'POST', '/pro/time-off', { token: s.martina, body: wholeWednesday });

      const moveTimes = await call(s.app, 'POST', `/appointments/${mineId}/available-times`, {
        token: bearer,
        body: { startDate: WEDNESDAY, keepProfessional: true },
      });
      expect(dataOf<{ availableTimes: unknown[] }>(moveTimes).availableTimes).toEqual([]);
      const moved = await call(s.app, 'POST', `/appointments/${mineId}/reschedule`, {
        token: bearer,
        body: { startDate: WEDNESDAY, startTime: '08:00', keepProfessional: true },
      });
      expect(moved.status).toBe(409);

      const otherTimes = await call(s.app, 'POST', `/pro/requests/${request}/available-times`, {
        token: s.martina,
        body: { startDate: WEDNESDAY },
      });
      expect(dataOf<{ availableTimes: unknown[] }>(otherTimes).availableTimes).toEqual([]);
      const offer = await call(s.app, 'POST', `/pro/requests/${request}/offer`, {
        token: s.martina,
        body: { startDate: WEDNESDAY, startTime: '08:00' },
      });
      expect(offer.status).toBeGreaterThanOrEqual(400);
      expect(offer.status).toBeLessThan(500);
      for (const id of [request, mineId]) {
        const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
        expect(row!.startsAt.toISOString().slice(0, 10)).toBe(TUESDAY);
      }
    });

    it('is allowed over her appointments: they are kept, and listed as covered', async () => {
      const s = await setup();
      const booked = dataOf<{ booking: { _id: string } }>(await book(s, WEDNESDAY, '08:00')).booking._id;
      const created = timeOffOf(await call(s.app, 'POST', '/pro/time-off', { token: s.martina, body: wholeWednesday }));
      expect(created.handOvers).toEqual([
        expect.objectContaining({
          bookingId: booked,
          cause: 'time-off',
          state: 'pending',
          date: WEDNESDAY,
          startTime: '08:00',
          endTime: '08:45',
          from: { id: s.martinaId, name: 'Martina Rinaldi' },
          to: null,
        }),
      ]);
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked));
      expect(row!.status).toBe('pending');
      // A request it covers may still be answered (it is not a new booking).
      const accepted = await call(s.app, 'POST', `/pro/requests/${booked}/accept`, { token: s.martina });
      expect(accepted.status).toBe(200);
    });

    it('shows its reason to the team only, and the team enters, lists and cancels anyone’s', async () => {
      const s = await setup();
      const path = `/pro/team/professionals/${s.martinaId}/time-off`;
      const entered = timeOffOf(
        await call(s.app, 'POST', path, { token: s.team, body: { ...wholeWednesday, reason: 'Malattia' } }),
      );
      expect(entered).toMatchObject({ enteredBy: 'team', reason: 'Malattia' });
      const mine = await call(s.app, 'POST', '/pro/time-off', {
        token: s.martina,
        body: { kind: 'days', startDate: THURSDAY, endDate: '2026-03-06', reason: 'Ferie' },
      });
      expect(timeOffOf(mine).reason).toBeNull();
      const hers = timeOffListOf(await call(s.app, 'GET', '/pro/time-off', { token: s.martina }));
      expect(hers.map((x) => [x.startDate, x.reason])).toEqual([
        [WEDNESDAY, null],
        [THURSDAY, null],
      ]);
      const teams = timeOffListOf(await call(s.app, 'GET', path, { token: s.team }));
      expect(teams.map((x) => [x.startDate, x.reason])).toEqual([
        [WEDNESDAY, 'Malattia'],
        [THURSDAY, 'Ferie'],
      ]);
      // The reason never reaches another professional: she has no way to read Martina's time off.
      expect((await call(s.app, 'GET', path, { token: s.beatrice })).status).toBe(403);
      expect(timeOffListOf(await call(s.app, 'GET', '/pro/time-off', { token: s.beatrice }))).toEqual([]);

      const cancelled = await call(s.app, 'POST', `/pro/time-off/${entered.id}/cancel`, { token: s.team });
      expect(v.parse(cancelTimeOffCall.response, dataOf(cancelled)).timeOff.cancelled).toBe(true);
      expect(await offered(s, WEDNESDAY, s.martinaId)).toContain('08:00');
      expect(timeOffListOf(await call(s.app, 'GET', path, { token: s.team })).map((x) => x.startDate)).toEqual([
        THURSDAY,
      ]);
    });

    it('is cancelled by her, not by another professional (404), nor once over (409)', async () => {
      const s = await setup();
      const entered = timeOffOf(await call(s.app, 'POST', '/pro/time-off', { token: s.martina, body: wholeWednesday }));
      for (const token of [s.beatrice]) {
        const reply = await call(s.app, 'POST', `/pro/time-off/${entered.id}/cancel`, { token });
        expect(reply.status).toBe(404);
        expect(errorOf(reply)).toBe(PRO_WEEK_MESSAGES.timeOffNotFound);
      }
      const customer = await call(s.app, 'POST', `/pro/time-off/${entered.id}/cancel`, { token: s.customer });
      expect(customer.status).toBe(403);
      expect((await call(s.app, 'POST', `/pro/time-off/${entered.id}/cancel`, {})).status).toBe(401);
      expect(
        (await call(s.app, 'POST', '/pro/time-off/00000000-0000-4000-8000-000000000000/cancel', { token: s.martina }))
          .status,
      ).toBe(404);
      expect(await offered(s, WEDNESDAY, s.martinaId)).toEqual([]);

      t.clock.set('2026-03-05T08:00:00.000Z');
      const over = await call(s.app, 'POST', `/pro/time-off/${entered.id}/cancel`, { token: s.martina });
      expect(over.status).toBe(409);
      expect(errorOf(over)).toBe(PRO_WEEK_MESSAGES.timeOffEnded);
      t.clock.reset();
      const done = await call(s.app, 'POST', `/pro/time-off/${entered.id}/cancel`, { token: s.martina });
      expect(timeOffOf(done).cancelled).toBe(true);
      expect(await offered(s, WEDNESDAY, s.martinaId)).toContain('08:00');
      expect((await book(s, WEDNESDAY, '08:00')).status).toBe(201);
    });

    it('answers who may not: 401, 403 a customer, 403 a professional on the team’s calls, 403 the team on hers', async () => {
      const s = await setup();
      const teamPath = `/pro/team/professionals/${s.martinaId}/time-off`;
      for (const [method, path, token, status, message] of [
        ['GET', '/pro/time-off', undefined, 401, API_MESSAGES.unauthenticated],
        ['POST', '/pro/time-off', undefined, 401, API_MESSAGES.unauthenticated],
        ['POST', teamPath, undefined, 401, API_MESSAGES.unauthenticated],
        ['GET', '/pro/time-off', s.customer, 403, API_MESSAGES.proOnly],
        ['POST', '/pro/time-off', s.customer, 403, API_MESSAGES.proOnly],
        ['GET', teamPath, s.customer, 403, API_MESSAGES.proOnly],
        ['POST', teamPath, s.customer, 403, API_MESSAGES.proOnly],
        ['GET', teamPath, s.beatrice, 403, PRO_WEEK_MESSAGES.teamOnly],
        ['POST', teamPath, s.beatrice, 403, PRO_WEEK_MESSAGES.teamOnly],
        ['POST', teamPath, s.martina, 403, PRO_WEEK_MESSAGES.teamOnly],
        ['GET', '/pro/time-off', s.team, 403, PRO_WEEK_MESSAGES.professionalOnly],
        ['POST', '/pro/time-off', s.team, 403, PRO_WEEK_MESSAGES.professionalOnly],
      ] as const) {
        const reply = await call(s.app, method, path, {
          ...(token ? { token } : {}),
          ...(method === 'POST' ? { body: wholeWednesday } : {}),
        });
        expect(`${method} ${path} ${reply.status}`).toBe(`${method} ${path} ${status}`);
        expect(errorOf(reply)).toBe(message);
      }
      expect(await t.db.select().from(timeOff)).toEqual([]);
    });

    it('refuses bad input with a 4xx in Italian and changes nothing', async () => {
      const s = await setup();
      await call(s.app, 'POST', '/pro/time-off', {
        token: s.martina,
        body: { kind: 'days', startDate: THURSDAY, endDate: THURSDAY },
      });
      const before = await t.db.select().from(timeOff);
      for (const [body, status, message] of [
        [{ kind: 'days', startDate: '2026-03-01', endDate: WEDNESDAY }, 400, PRO_WEEK_MESSAGES.timeOffInPast],
        [
          { kind: 'hours', date: '2026-03-02', startTime: '08:00', endTime: '09:00' },
          400,
          PRO_WEEK_MESSAGES.timeOffInPast,
        ],
        [{ kind: 'days', startDate: THURSDAY, endDate: WEDNESDAY }, 400, PRO_WEEK_MESSAGES.daysReversed],
        [
          { kind: 'hours', date: WEDNESDAY, startTime: '12:00', endTime: '10:00' },
          400,
          PRO_WEEK_MESSAGES.rangeReversed,
        ],
        [{ kind: 'hours', date: WEDNESDAY, startTime: '10:00', endTime: '24:30' }, 400, PRO_WEEK_MESSAGES.timeOutOfDay],
        [{ kind: 'hours', date: WEDNESDAY, startTime: '24:00', endTime: '24:00' }, 400, PRO_WEEK_MESSAGES.timeOutOfDay],
        [{ kind: 'days', startDate: WEDNESDAY, endDate: '2026-06-30' }, 400, PRO_WEEK_MESSAGES.timeOffTooLong],
        [{ ...wholeWednesday, reason: 'x'.repeat(TIME_OFF_REASON_MAX + 1) }, 400, PRO_WEEK_MESSAGES.reasonTooLong],
        [{ kind: 'weeks', startDate: WEDNESDAY }, 400, MESSAGES.invalidValue],
        [{ kind: 'days', startDate: WEDNESDAY, endDate: '2026-03-06' }, 409, PRO_WEEK_MESSAGES.timeOffOverlaps],
        [
          { kind: 'hours', date: THURSDAY, startTime: '10:00', endTime: '11:00' },
          409,
          PRO_WEEK_MESSAGES.timeOffOverlaps,
        ],
      ] as const) {
        for (const [token, path] of [
          [s.martina, '/pro/time-off'],
          [s.team, `/pro/team/professionals/${s.martinaId}/time-off`],
        ] as const) {
          const reply = await call(s.app, 'POST', path, { token, body });
          expect(`${reply.status} ${errorOf(reply)}`, JSON.stringify(body)).toBe(`${status} ${message}`);
        }
      }
      for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nessuna']) {
        for (const method of ['GET', 'POST'] as const) {
          const reply = await call(s.app, method, `/pro/team/professionals/${unknown}/time-off`, {
            token: s.team,
            ...(method === 'POST' ? { body: wholeWednesday } : {}),
          });
          expect(reply.status).toBe(404);
          expect(errorOf(reply)).toBe(PRO_WEEK_MESSAGES.unknownProfessional);
        }
      }
      expect(await t.db.select().from(timeOff)).toEqual(before);
      expect(await offered(s, WEDNESDAY, s.martinaId)).toContain('08:00');
    });
  });

  describe('the database keeps her out of her time off', () => {
    it('refuses a booking of hers written inside it by anyone (23P01), another professional’s or outside it goes in', async () => {
      const s = await setup();
      await call(s.app, 'POST', '/pro/time-off', {
        token: s.martina,
        body: { kind: 'hours', date: WEDNESDAY, startTime: '09:00', endTime: '11:00' },
      });
      const user = await createUser(t.db);
      const insert = (professional: string, from: string, to: string) =>
        t.db
          .insert(bookings)
          .values({
            userId: user.id,
            professionalId: professional,
            startsAt: new Date(from),
            endsAt: new Date(to),
            timeZone: 'Europe/Rome',
            location: bookingPayload().location as typeof bookings.$inferInsert.location,
            services: [],
            total: 0,
            totalBeforeDiscount: 0,
            status: 'confirmed',
          })
          .then(
            () => 'stored',
            (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? String(error),
          );
      // 09:00–11:00 Rome is 08:00–10:00 UTC.
      expect(await insert(s.martinaId, '2026-03-04T09:30:00Z', '2026-03-04T10:30:00Z')).toBe('23P01');
      expect(await insert(s.martinaId, '2026-03-04T07:30:00Z', '2026-03-04T08:01:00Z')).toBe('23P01');
      expect(await insert(s.giuliaId, '2026-03-04T08:30:00Z', '2026-03-04T09:00:00Z')).toBe('stored');
      expect(await insert(s.martinaId, '2026-03-04T10:00:00Z', '2026-03-04T10:45:00Z')).toBe('stored');
    });

    /**
     * The two orders of a time off and a booking of hers, written on two connections of PostgreSQL
     * (PGlite is one connection: its transactions never interleave, there is nothing to wait for).
     */
    it('a booking written while her time off is being written waits for it and is refused; a time off waits for a booking being written', async (ctx) => {
      const s = await setup();
      const pool = (t.db as unknown as { $client: unknown }).$client;
      if (!(pool instanceof pg.Pool)) return ctx.skip('PGlite: one connection, no two transactions at once');
      const user = await createUser(t.db);
      const [a, b] = [await pool.connect(), await pool.connect()];
      const settledWithin = async (promise: Promise<unknown>, ms: number) =>
        Promise.race([
          promise.then(
            () => true,
            () => true,
          ),
          new Promise((r) => setTimeout(() => r(false), ms)),
        ]);
      const insertTimeOff = (client: pg.PoolClient, date: string) =>
        client.query(
          `INSERT INTO time_off (professional_id, kind, start_date, end_date, start_time, end_time, starts_at, ends_at, entered_by, created_at)
           VALUES ($1, 'days', $2::text, $2::text, '00:00', '24:00', ($2::text::date)::timestamp AT TIME ZONE 'Europe/Rome', ($2::text::date + 1)::timestamp AT TIME ZONE 'Europe/Rome', 'team', now())`,
          [s.martinaId, date],
        );
      const insertBooking = (client: pg.PoolClient, from: string) =>
        client.query(
          `INSERT INTO bookings (user_id, professional_id, starts_at, ends_at, time_zone, location, services, total, total_before_discount, status)
           VALUES ($1, $2, $3::timestamptz, $3::timestamptz + interval '45 minutes', 'Europe/Rome', $4::jsonb, '[]'::jsonb, 0, 0, 'confirmed')`,
          [user.id, s.martinaId, from, JSON.stringify(TORINO)],
        );
      try {
        // The time off first: the booking waits for its commit, then is refused.
        await a.query('BEGIN');
        await insertTimeOff(a, WEDNESDAY);
        const booking = insertBooking(b, '2026-03-04T09:00:00Z').then(
          () => 'stored',
          (error: { code?: string }) => error.code,
        );
        expect(await settledWithin(booking, 300)).toBe(false);
        await a.query('COMMIT');
        expect(await booking).toBe('23P01');

        // The booking first: the time off waits for its commit, then goes in over it (a covered appointment).
        await b.query('BEGIN');
        await insertBooking(b, '2026-03-05T09:00:00Z');
        const entered = insertTimeOff(a, THURSDAY).then(
          () => 'stored',
          (error: { code?: string }) => error.code,
        );
        expect(await settledWithin(entered, 300)).toBe(false);
        await b.query('COMMIT');
        expect(await entered).toBe('stored');
      } finally {
        await a.query('ROLLBACK').catch(() => undefined);
        await b.query('ROLLBACK').catch(() => undefined);
        a.release();
        b.release();
      }
    });

    it('of a time off and N bookings of hers written at the same moment, no booking lands inside it but those stored before it, which it lists', async () => {
      const s = await setup();
      for (let round = 0; round < 6; round++) {
        await t.db.delete(timeOff);
        await t.db.delete(bookings);
        // Ten visitors book her at different times of the day while she enters the whole day off.
        const times = ['07:30', '08:00', '08:30', '09:00', '09:30', '10:00', '11:00', '12:00', '14:00', '15:00'];
        const [entered, ...replies] = await Promise.all([
          call(s.app, 'POST', '/pro/time-off', { token: s.martina, body: wholeWednesday }),
          ...times.map((time, i) =>
            call(s.app, 'POST', '/bookings/store', {
              body: bookingPayload({
                services: [PIEGA],
                startDate: WEDNESDAY,
                startTime: time,
                providerId: s.martinaId,
                email: `gara${round}-${i}@example.it`,
              }),
            }),
          ),
        ]);
        expect(entered.status).toBe(201);
        for (const reply of replies) expect([201, 409]).toContain(reply.status);
        const stored = await t.db
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(eq(bookings.professionalId, s.martinaId), ne(bookings.status, 'cancelled')));
        const covered = await t.db.select({ id: handOvers.bookingId }).from(handOvers);
        expect(stored.map((b) => b.id).sort()).toEqual(covered.map((h) => h.id).sort());
        expect(
          timeOffOf(entered)
            .handOvers.map((h) => h.bookingId)
            .sort(),
        ).toEqual(stored.map((b) => b.id).sort());
        expect(replies.filter((r) => r.status === 201)).toHaveLength(stored.length);
      }
    }, 120_000);
  });
});
