import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { availableTimesCall, createBookingCall } from '../../../contract/calls';
import { appointmentRatingCall, proRatingsCall } from '../../../contract/rating-calls';
import { RATING_MESSAGES } from '../../../contract/rating';
import { nextBookingsDataSchema } from '../../../contract/user';
import { providersOfUserCall } from '../../../contract/calls';
import { users } from '../../../server/db/schema/accounts';
import { bookings } from '../../../server/db/schema/bookings';
import { professionals } from '../../../server/db/schema/professionals';
import { ratings } from '../../../server/db/schema/ratings';
import { API_MESSAGES } from '../../../server/http/messages';
import { OUTBOX_JOBS } from '../../../server/app';
import { deliverOutbox } from '../../../server/jobs/outbox';
import { createRatingToken } from '../../../server/ratings/ratings';
import { describeEachDb } from '../helpers/databases';
import { call, createBooking, createUser, dataOf, errorOf, tokenFor } from '../helpers/fixtures';
import { CapturingLogger, CapturingMailer, TEST_APP_URL } from '../helpers/test-app';
import { bookingPayload, professionalId, seedBookingData, timesPayload, WEDNESDAY } from './booking-fixtures';

/**
 * Issue 29, ratings. The test clock starts on Monday 2 March 2026, 10:00 in Rome. Lucia books
 * Wednesday 4 March at 10:00 (piega and maschera, 55 minutes): Giulia Ferrero, whose hours are
 * confirmed, comes. It ends at 10:55 in Rome (09:55 UTC): the invitation is due two hours later,
 * at 11:55 UTC; she may rate until thirty days after the end.
 */
describeEachDb('ratings', (t) => {
  const ENDS = '2026-03-04T09:55:00.000Z';
  const INVITE_DUE = '2026-03-04T11:55:00.000Z';
  const LAST_DAY = '2026-04-03T09:55:00.000Z';
  const SUBJECT = "Com'è andata con Giulia?";

  async function booked(overrides: Record<string, unknown> = {}) {
    const reply = await call(t.app(), 'POST', '/bookings/store', { body: bookingPayload(overrides) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const { booking } = v.parse(createBookingCall.response, dataOf(reply));
    const [user] = await t.db.select().from(users).where(eq(users.id, booking.userId));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    return { id: booking._id, user: user!, row: row!, bearer: await tokenFor(t.db, user!, t.clock.now()) };
  }

  /** One worker's round of the outbox at the test clock's time; the invitations it sent. */
  async function invitations() {
    const mailer = new CapturingMailer();
    await deliverOutbox({
      db: t.db,
      mailer,
      logger: new CapturingLogger(),
      appUrl: TEST_APP_URL,
      now: t.clock.now,
      jobs: OUTBOX_JOBS,
    });
    return mailer.sent.filter((m) => m.subject.startsWith("Com'è andata"));
  }

  /** The booking id and token of the invitation's link. */
  function linkIn(mail: { link?: string }) {
    const url = new URL(mail.link!);
    const match = /^\/appointments\/([^/]+)\/rating$/.exec(url.pathname);
    return { bookingId: match?.[1], token: url.searchParams.get('token')! };
  }

  const rate = (id: string, body: unknown, auth: { bearer?: string; token?: string }) =>
    call(t.app(), 'POST', `/appointments/${id}/rating${auth.token ? `?token=${auth.token}` : ''}`, {
      body,
      ...(auth.bearer ? { token: auth.bearer } : {}),
    });
  const read = (id: string, auth: { bearer?: string; token?: string }) =>
    call(t.app(), 'GET', `/appointments/${id}/rating${auth.token ? `?token=${auth.token}` : ''}`, {
      ...(auth.bearer ? { token: auth.bearer } : {}),
    });
  const stored = (bookingId: string) => t.db.select().from(ratings).where(eq(ratings.bookingId, bookingId));

  it('the invitation comes two hours after the end, once; its link opens the rating; 4 stars and a comment are kept', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const { id, row } = await booked();
    expect(row.professionalId).toBe(giulia);
    expect(row.status).toBe('confirmed');

    t.clock.set(new Date(new Date(INVITE_DUE).getTime() - 1000));
    expect(await invitations()).toEqual([]);
    t.clock.set(INVITE_DUE);
    const [mail, ...more] = await invitations();
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(SUBJECT);
    expect(mail?.to).toBe('lucia.neri@example.it');
    expect(mail?.text).toContain('Quando: mercoledì 4 marzo 2026, dalle 10:00 alle 10:55');
    expect(mail?.html).toContain('VALUTA L’APPUNTAMENTO');
    expect(mail!.link).toMatch(new RegExp(`^${TEST_APP_URL}/appointments/${id}/rating\\?token=`));
    const link = linkIn(mail!);
    expect(link.bookingId).toBe(id);

    const opened = v.parse(appointmentRatingCall.response, dataOf(await read(id, { token: link.token })));
    expect(opened.rating).toMatchObject({
      bookingId: id,
      date: WEDNESDAY,
      startTime: '10:00',
      endTime: '10:55',
      editable: true,
      editableUntil: LAST_DAY,
      professionals: [{ _id: giulia, firstName: 'Giulia', stars: null, comment: null }],
    });
    expect(opened.rating.services).toHaveLength(2);

    const sent = await rate(
      id,
      { ratings: [{ professionalId: giulia, stars: 4, comment: '  Puntuale e gentile  ' }] },
      { token: link.token },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const answer = v.parse(appointmentRatingCall.response, dataOf(sent));
    expect(answer.rating.professionals[0]).toMatchObject({ stars: 4, comment: 'Puntuale e gentile' });
    expect(await stored(id)).toMatchObject([{ professionalId: giulia, stars: 4, comment: 'Puntuale e gentile' }]);
    // Nothing is sent twice.
    expect(await invitations()).toEqual([]);
  });

  it('before the end: refused, nothing stored', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const { id, bearer } = await booked();
    t.clock.set(new Date(new Date(ENDS).getTime() - 1000));
    const early = await rate(id, { ratings: [{ professionalId: giulia, stars: 5 }] }, { bearer });
    expect(early.status).toBe(409);
    expect(errorOf(early)).toBe(API_MESSAGES.ratingTooEarly);
    expect((await read(id, { bearer })).status).toBe(409);
    expect(await stored(id)).toEqual([]);
    // At its end it may be rated.
    t.clock.set(ENDS);
    expect((await rate(id, { ratings: [{ professionalId: giulia, stars: 5 }] }, { bearer })).status).toBe(200);
  });

  it('a cancelled appointment gets no invitation and cannot be rated', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const { id, bearer } = await booked();
    expect((await call(t.app(), 'POST', `/appointments/${id}/cancel`, { token: bearer })).status).toBe(200);
    t.clock.set(INVITE_DUE);
    expect(await invitations()).toEqual([]);
    const refused = await rate(id, { ratings: [{ professionalId: giulia, stars: 3 }] }, { bearer });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toBe(API_MESSAGES.ratingNotHeld);
    expect(await stored(id)).toEqual([]);
  });

  it('a request never confirmed is not rated either', async () => {
    await seedBookingData(t.db);
    // At 08:00 only Martina works, on request: the booking waits for her.
    const { id, row, bearer } = await booked({ startTime: '08:00' });
    expect(row.status).toBe('pending');
    t.clock.set(new Date(row.endsAt.getTime() + 3 * 60 * 60 * 1000));
    expect(await invitations()).toEqual([]);
    const refused = await rate(id, { ratings: [{ professionalId: row.professionalId!, stars: 3 }] }, { bearer });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toBe(API_MESSAGES.ratingNotHeld);
  });

  it('another booking’s link opens nothing (404, as an unknown booking)', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const lucia = await booked();
    // 14:00–14:55 in Rome, with a professional whose hours are confirmed: due at 15:55 UTC.
    const anna = await booked({ email: 'anna.bianchi@example.it', firstName: 'Anna', startTime: '14:00' });
    expect(anna.row.status).toBe('confirmed');
    t.clock.set('2026-03-04T16:00:00.000Z');
    const mails = await invitations();
    const annaLink = linkIn(mails.find((m) => m.to === 'anna.bianchi@example.it')!);
    expect(annaLink.bookingId).toBe(anna.id);
    const refused = await rate(
      lucia.id,
      { ratings: [{ professionalId: giulia, stars: 1 }] },
      { token: annaLink.token },
    );
    expect(refused.status).toBe(404);
    expect(errorOf(refused)).toBe(API_MESSAGES.appointmentNotFound);
    expect((await read(lucia.id, { token: annaLink.token })).status).toBe(404);
    // Nor does another customer's session.
    expect((await read(lucia.id, { bearer: anna.bearer })).status).toBe(404);
    expect(await stored(lucia.id)).toEqual([]);
  });

  it('a booking still waiting for its owner to claim it: its invitation’s link rates it, her session alone (or a wrong link) does not', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const { id, row, user } = await booked();
    await t.db.update(bookings).set({ ownerPending: true }).where(eq(bookings.id, id));
    t.clock.set(INVITE_DUE);
    const bearer = await tokenFor(t.db, user, t.clock.now());
    const body = { ratings: [{ professionalId: giulia, stars: 4 }] };
    expect((await rate(id, body, { bearer })).status).toBe(404);
    expect((await rate(id, body, { bearer, token: 'not-a-token' })).status).toBe(404);
    const token = await createRatingToken(t.db, row, t.clock.now());
    expect((await rate(id, body, { token })).status).toBe(200);
  });

  it('changed within thirty days (one row, the first date kept); then final: shown, not changed', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const { id, user, bearer } = await booked();
    t.clock.set(INVITE_DUE);
    expect((await rate(id, { ratings: [{ professionalId: giulia, stars: 2 }] }, { bearer })).status).toBe(200);
    t.clock.set(LAST_DAY);
    // Sessions do not last a month: she signs in again.
    const again = await tokenFor(t.db, user, t.clock.now());
    const changed = await rate(
      id,
      { ratings: [{ professionalId: giulia, stars: 4, comment: 'Ci ho ripensato' }] },
      {
        bearer: again,
      },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [row, ...others] = await stored(id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ stars: 4, comment: 'Ci ho ripensato' });
    expect(row!.createdAt.toISOString()).toBe(INVITE_DUE);
    expect(row!.updatedAt.toISOString()).toBe(LAST_DAY);

    t.clock.set(new Date(new Date(LAST_DAY).getTime() + 1000));
    const late = await rate(id, { ratings: [{ professionalId: giulia, stars: 1 }] }, { bearer: again });
    expect(late.status).toBe(409);
    expect(errorOf(late)).toBe(API_MESSAGES.ratingClosed);
    const final = v.parse(appointmentRatingCall.response, dataOf(await read(id, { bearer: again })));
    expect(final.rating).toMatchObject({ editable: false, professionals: [{ stars: 4, comment: 'Ci ho ripensato' }] });
  });

  it('never rated within thirty days: refused after', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const { id, user } = await booked();
    t.clock.set(new Date(new Date(LAST_DAY).getTime() + 1000));
    const late = await rate(
      id,
      { ratings: [{ professionalId: giulia, stars: 5 }] },
      { bearer: await tokenFor(t.db, user, t.clock.now()) },
    );
    expect(late.status).toBe(409);
    expect(errorOf(late)).toBe(API_MESSAGES.ratingClosed);
    expect(await stored(id)).toEqual([]);
  });

  it('N sends at once: one rating stored, one of those sent', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const { id, bearer } = await booked();
    t.clock.set(INVITE_DUE);
    const stars = [1, 2, 3, 4, 5, 4, 3, 2];
    const replies = await Promise.all(
      stars.map((n) => rate(id, { ratings: [{ professionalId: giulia, stars: n }] }, { bearer })),
    );
    expect(replies.map((r) => r.status)).toEqual(stars.map(() => 200));
    const rows = await stored(id);
    expect(rows).toHaveLength(1);
    expect(stars).toContain(rows[0]!.stars);
  });

  it('the database holds one rating per booking and professional, stars 1–5', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const { id, user } = await booked();
    const row = {
      bookingId: id,
      professionalId: giulia,
      userId: user.id,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    };
    await t.db.insert(ratings).values({ ...row, stars: 3 });
    await expect(t.db.insert(ratings).values({ ...row, stars: 4 })).rejects.toThrow();
    await t.db.delete(ratings);
    await expect(t.db.insert(ratings).values({ ...row, stars: 6 })).rejects.toThrow();
  });

  it('bad input: stars out of range, someone who did not come, twice the same professional (400, Italian)', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const valentina = await professionalId(t.db, 'pro-valentina-greco');
    const { id, bearer } = await booked();
    t.clock.set(INVITE_DUE);
    for (const stars of [0, 6, 3.5, '4', null]) {
      const reply = await rate(id, { ratings: [{ professionalId: giulia, stars }] }, { bearer });
      expect(reply.status, String(stars)).toBe(400);
      expect(errorOf(reply)).toBe(RATING_MESSAGES.chooseStars);
    }
    const stranger = await rate(id, { ratings: [{ professionalId: valentina, stars: 5 }] }, { bearer });
    expect(stranger.status).toBe(400);
    expect(errorOf(stranger)).toBe(API_MESSAGES.ratingNotInAppointment);
    const twice = await rate(
      id,
      {
        ratings: [
          { professionalId: giulia, stars: 5 },
          { professionalId: giulia, stars: 1 },
        ],
      },
      { bearer },
    );
    expect(twice.status).toBe(400);
    expect(errorOf(twice)).toBe(RATING_MESSAGES.oneEach);
    const long = await rate(
      id,
      { ratings: [{ professionalId: giulia, stars: 5, comment: 'a'.repeat(1001) }] },
      { bearer },
    );
    expect(errorOf(long)).toBe(RATING_MESSAGES.commentTooLong);
    expect(await stored(id)).toEqual([]);
  });

  it('a salotto: one rating per member of its team, each kept apart; the invitation names them all', async () => {
    await seedBookingData(t.db);
    const reply = await call(t.app(), 'POST', '/bookings/store/salotto', {
      body: bookingPayload({
        services: ['salotto-capelli-pieghe', 'salotto-estetica-manicure', 'salotto-makeup-evento'],
        numberOfCustomers: 3,
        startTime: '12:00',
        isManualFlow: true,
      }),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const { booking } = v.parse(createBookingCall.response, dataOf(reply));
    // The team quoted it after the consultation call: confirmed.
    await t.db
      .update(bookings)
      .set({ status: 'confirmed', requestStage: null, answerBy: null })
      .where(eq(bookings.id, booking._id));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    const [user] = await t.db.select().from(users).where(eq(users.id, booking.userId));
    t.clock.set(new Date(row!.endsAt.getTime() + 2 * 60 * 60 * 1000));
    const [mail] = await invitations();
    expect(mail?.subject).toMatch(/^Com'è andata con \S+, \S+ e \S+\?$/);
    const bearer = await tokenFor(t.db, user!, t.clock.now());
    const opened = v.parse(appointmentRatingCall.response, dataOf(await read(booking._id, { bearer })));
    const team = opened.rating.professionals.map((p) => p._id);
    expect(team).toHaveLength(3);
    const sent = await rate(
      booking._id,
      {
        ratings: [
          { professionalId: team[0], stars: 5 },
          { professionalId: team[1], stars: 3, comment: 'Un po’ di fretta' },
        ],
      },
      { bearer },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(v.parse(appointmentRatingCall.response, dataOf(sent)).rating.professionals.map((p) => p.stars)).toEqual([
      5,
      3,
      null,
    ]);
    // The third later, alone: the first two stay.
    expect((await rate(booking._id, { ratings: [{ professionalId: team[2], stars: 4 }] }, { bearer })).status).toBe(
      200,
    );
    const rows = await stored(booking._id);
    expect(rows.map((r) => [r.professionalId, r.stars]).sort()).toEqual(
      [
        [team[0], 5],
        [team[1], 3],
        [team[2], 4],
      ].sort(),
    );
  });

  it('a moved appointment: the invitation comes after the new time only', async () => {
    await seedBookingData(t.db);
    const { id, bearer } = await booked();
    const moved = await call(t.app(), 'POST', `/appointments/${id}/reschedule`, {
      token: bearer,
      body: { startDate: '2026-03-05', startTime: '11:00', keepProfessional: false },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    t.clock.set(INVITE_DUE);
    expect(await invitations()).toEqual([]);
    // Thursday 11:00–11:55 in Rome ends at 10:55 UTC: due at 12:55 UTC.
    t.clock.set('2026-03-05T12:55:00.000Z');
    const [mail] = await invitations();
    expect(mail?.text).toContain('giovedì 5 marzo 2026, dalle 11:00 alle 11:55');
  });

  it('the personal area lists it with Valuta until it is rated', async () => {
    await seedBookingData(t.db);
    const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
    const { id, user, bearer } = await booked();
    // The visitor's booking created her account; she signs in.
    const toRate = async () =>
      v.parse(nextBookingsDataSchema, dataOf(await call(t.app(), 'GET', '/me/next', { token: bearer }))).toRate;
    expect(await toRate()).toEqual([]);
    t.clock.set(ENDS);
    expect(await toRate()).toEqual([
      { id, date: WEDNESDAY, startTime: '10:00', services: expect.any(Array), professionals: ['Giulia'] },
    ]);
    expect((await rate(id, { ratings: [{ professionalId: giulia, stars: 5 }] }, { bearer })).status).toBe(200);
    expect(await toRate()).toEqual([]);
    expect(user.id).toBeTruthy();
  });

  describe('where it shows', () => {
    /** A past confirmed appointment with Giulia for a new customer, rated `stars` at `ratedAt`. */
    async function ratedBy(giulia: string, stars: number, ratedAt: Date, comment: string | null = null) {
      const customer = await createUser(t.db, { firstName: `Cliente${stars}` });
      const booking = await createBooking(t.db, {
        userId: customer.id,
        professionalId: giulia,
        startsAt: new Date(ratedAt.getTime() - 5 * 60 * 60 * 1000),
      });
      await t.db.insert(ratings).values({
        bookingId: booking.id,
        professionalId: giulia,
        userId: customer.id,
        stars,
        comment,
        createdAt: ratedAt,
        updatedAt: ratedAt,
      });
      return customer;
    }

    it('the filter dialog: Nuova (no average) below three ratings, then the average with one decimal; a year back only', async () => {
      await seedBookingData(t.db);
      const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
      const now = t.clock.now();
      const customer = await ratedBy(giulia, 5, new Date(now.getTime() - 24 * 60 * 60 * 1000));
      const bearer = await tokenFor(t.db, customer, now);
      const providers = async () =>
        v.parse(
          providersOfUserCall.response,
          dataOf(await call(t.app(), 'GET', `/users/${customer.id}/providers`, { token: bearer })),
        ).providers;
      expect((await providers()).find((p) => p._id === giulia)?.rating).toEqual({ average: null, count: 1 });
      await ratedBy(giulia, 4, new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000));
      expect((await providers()).find((p) => p._id === giulia)?.rating).toEqual({ average: null, count: 2 });
      await ratedBy(giulia, 4, new Date(now.getTime() - 300 * 24 * 60 * 60 * 1000));
      // (5 + 4 + 4) / 3 = 4.33…
      expect((await providers()).find((p) => p._id === giulia)?.rating).toEqual({ average: 4.3, count: 3 });
      // Thirteen months ago: does not count.
      await ratedBy(giulia, 1, new Date(now.getTime() - 400 * 24 * 60 * 60 * 1000));
      expect((await providers()).find((p) => p._id === giulia)?.rating).toEqual({ average: 4.3, count: 3 });
    });

    it('her agenda: her ratings with the comments, newest first, and her average', async () => {
      await seedBookingData(t.db);
      const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
      const now = t.clock.now();
      const day = 24 * 60 * 60 * 1000;
      await ratedBy(giulia, 3, new Date(now.getTime() - 3 * day), 'Un po’ in ritardo');
      await ratedBy(giulia, 5, new Date(now.getTime() - day), 'Bravissima');
      await ratedBy(giulia, 4, new Date(now.getTime() - 2 * day));
      const [pro] = await t.db.select().from(professionals).where(eq(professionals.id, giulia));
      const account = await createUser(t.db, { email: pro!.email!, isProvider: true, firstName: 'Giulia' });
      await t.db.update(professionals).set({ userId: account.id }).where(eq(professionals.id, giulia));
      const reply = await call(t.app(), 'GET', '/pro/ratings', { token: await tokenFor(t.db, account, now) });
      const mine = v.parse(proRatingsCall.response, dataOf(reply));
      expect(mine.summary).toEqual({ average: 4, count: 3 });
      expect(mine.ratings.map((r) => [r.stars, r.comment, r.customerFirstName])).toEqual([
        [5, 'Bravissima', 'Cliente5'],
        [4, null, 'Cliente4'],
        [3, 'Un po’ in ritardo', 'Cliente3'],
      ]);
      // A customer is refused.
      const customer = await createUser(t.db);
      expect((await call(t.app(), 'GET', '/pro/ratings', { token: await tokenFor(t.db, customer, now) })).status).toBe(
        403,
      );
    });
  });

  describe('what it changes', () => {
    // Thursday 5 March at 10:00 in Torino two hairdressers are free: Giulia, whose hours are
    // confirmed (so she comes first), and Martina, on request. Valentina starts at 12:00.
    const THURSDAY = '2026-03-05';

    /** Lucia's Wednesday appointment with `slug` (confirmed, over), rated `stars`. */
    async function luciaRated(slug: string, stars: number) {
      const rated = await professionalId(t.db, slug);
      const first = await booked(slug === 'pro-martina-rinaldi' ? { startTime: '08:00' } : {});
      expect(first.row.professionalId).toBe(rated);
      // Martina's is a request: she accepted it.
      await t.db.update(bookings).set({ status: 'confirmed', requestStage: null }).where(eq(bookings.id, first.id));
      t.clock.set(INVITE_DUE);
      const sent = await rate(first.id, { ratings: [{ professionalId: rated, stars }] }, { bearer: first.bearer });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      return { rated, bearer: await tokenFor(t.db, first.user, t.clock.now()) };
    }
    /** Her next booking (Thursday 10:00, signed in): its row, with whom it went to. */
    async function next(bearer: string, overrides: Record<string, unknown> = {}) {
      const reply = await call(t.app(), 'POST', '/bookings/store', {
        token: bearer,
        body: bookingPayload({ startDate: THURSDAY, startTime: '10:00', ...overrides }),
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const { booking } = v.parse(createBookingCall.response, dataOf(reply));
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
      return row!;
    }

    it('without a rating, Thursday 10:00 goes to Giulia (the professional with confirmed hours)', async () => {
      await seedBookingData(t.db);
      const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
      const { bearer } = await booked();
      t.clock.set(INVITE_DUE);
      expect((await next(bearer)).professionalId).toBe(giulia);
    });

    it('after 1★, her next booking goes to another free professional', async () => {
      await seedBookingData(t.db);
      const martina = await professionalId(t.db, 'pro-martina-rinaldi');
      const { rated: giulia, bearer } = await luciaRated('pro-giulia-ferrero', 1);
      const row = await next(bearer);
      expect(row.professionalId).not.toBe(giulia);
      expect(row.professionalId).toBe(martina);
      // Martina's hours are on request: she is asked.
      expect(row.status).toBe('pending');
    });

    it('after 1★, the same as a visitor who types her e-mail at the store', async () => {
      await seedBookingData(t.db);
      const martina = await professionalId(t.db, 'pro-martina-rinaldi');
      await luciaRated('pro-giulia-ferrero', 1);
      const reply = await call(t.app(), 'POST', '/bookings/store', {
        body: bookingPayload({ startDate: THURSDAY, startTime: '10:00' }),
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const { booking } = v.parse(createBookingCall.response, dataOf(reply));
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
      expect(row!.professionalId).toBe(martina);
    });

    it('after 2★, with Giulia asked for by name (the only one), the time stays and she comes', async () => {
      await seedBookingData(t.db);
      const { rated: giulia, bearer } = await luciaRated('pro-giulia-ferrero', 2);
      const row = await next(bearer, { providerId: giulia });
      expect(row.professionalId).toBe(giulia);
    });

    it('after 1★, the times stay; where she is the only one free the time says who comes', async () => {
      await seedBookingData(t.db);
      const { bearer } = await luciaRated('pro-giulia-ferrero', 1);
      const times = async (startDate: string, token?: string) =>
        v.parse(
          availableTimesCall.response,
          dataOf(
            await call(t.app(), 'POST', '/bookings/available-times', {
              body: timesPayload({ services: bookingPayload().services, startDate }),
              ...(token ? { token } : {}),
            }),
          ),
        ).availableTimes;
      // Thursday 10:00: Martina is free too, and she comes (on request).
      const thursday = (await times(THURSDAY, bearer)).find((s) => s.startTime === '10:00');
      expect(thursday).toMatchObject({ toBeConfirmed: true, instantBooking: false });
      expect(thursday?.onlyWith).toBeUndefined();
      // Monday 9 March before noon only Giulia works: the same times as anyone's, each saying she comes.
      const visitor = await times('2026-03-09');
      const lucia = await times('2026-03-09', bearer);
      expect(lucia.map((s) => s.startTime)).toEqual(visitor.map((s) => s.startTime));
      expect(lucia.find((s) => s.startTime === '10:00')).toMatchObject({ onlyWith: 'Giulia', instantBooking: true });
      expect(visitor.find((s) => s.startTime === '10:00')?.onlyWith).toBeUndefined();
      // At 14:00 Valentina is free too: nothing to tell.
      expect(lucia.find((s) => s.startTime === '14:00')?.onlyWith).toBeUndefined();
    });

    it('after 5★, she comes first among equals only: not before one whose hours are confirmed (issue 40)', async () => {
      // The one rule of who gets the time (docs/api.md): confirmed calendars, fewer appointments
      // that day, then her 5★ (tests/server/routes/fair-assignment.test.ts: 5★ between equals).
      await seedBookingData(t.db);
      const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
      const { bearer } = await luciaRated('pro-martina-rinaldi', 5);
      expect((await next(bearer)).professionalId).toBe(giulia);
    });

    it('the time she picks is held for the professional she did not rate badly, and booked with her', async () => {
      await seedBookingData(t.db);
      const martina = await professionalId(t.db, 'pro-martina-rinaldi');
      const { bearer } = await luciaRated('pro-giulia-ferrero', 1);
      const holderKey = crypto.randomUUID();
      const hold = await call(t.app(), 'POST', '/bookings/holds', {
        token: bearer,
        body: {
          holderKey,
          bookingLocation: bookingPayload().location,
          services: bookingPayload().services,
          startDate: THURSDAY,
          startTime: '10:00',
          providerId: null,
        },
      });
      expect(hold.status, JSON.stringify(hold.body)).toBe(201);
      // The hold took Martina: her hours are on request, so the held time is to be confirmed.
      expect(dataOf<{ hold: { availableTime: { instantBooking: boolean } } }>(hold).hold.availableTime).toMatchObject({
        instantBooking: false,
      });
      const row = await next(bearer, { holderKey });
      expect(row.professionalId).toBe(martina);
    });
  });
});
