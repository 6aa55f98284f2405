import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkCouponCall, createBookingCall } from '../../../contract/calls';
import { MESSAGES } from '../../../contract/messages';
import { users } from '../../../server/db/schema/accounts';
import { bookings } from '../../../server/db/schema/bookings';
import { giftCards } from '../../../server/db/schema/coupons';
import { API_MESSAGES } from '../../../server/http/messages';
import { OUTBOX_JOBS } from '../../../server/app';
import { deliverOutbox, retryDelayMs } from '../../../server/jobs/outbox';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, dataOf, errorOf, TORINO, tokenFor } from '../helpers/fixtures';
import { TEST_APP_URL } from '../helpers/test-app';
import { bookingPayload, MASCHERA, PIEGA, professionalId, seedBookingData, WEDNESDAY } from './booking-fixtures';

type Stored = v.InferOutput<typeof createBookingCall.response>;

describeEachDb('bookings', (t) => {
  const store = (
    body: Record<string, unknown>,
    options: { token?: string; query?: string; headers?: Record<string, string> } = {},
  ) =>
    call(t.app(), 'POST', `/bookings/store${options.query ?? ''}`, {
      body,
      ...(options.token ? { token: options.token } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
  const stored = (reply: Awaited<ReturnType<typeof store>>): Stored => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return v.parse(createBookingCall.response, dataOf(reply));
  };
  const checkCoupon = async (body: Record<string, unknown>) => store(body, { query: '?onlyCheckCoupon=1' });
  const bookingCount = async () => (await t.db.select({ n: count() }).from(bookings))[0]!.n;
  const balance = async () => (await t.db.select().from(giftCards).where(eq(giftCards.code, 'REGALO50')))[0]!.balance;

  describe('POST /bookings/store', () => {
    it('books a visitor: creates her account, answers the booking, a signup token and the account-completion link', async () => {
      await seedBookingData(t.db);
      const { booking, signupToken, redirectUrl } = stored(await store(bookingPayload()));
      expect(booking).toMatchObject({
        total: 42,
        totalBeforeDiscount: 42,
        discount: 0,
        customers: [
          {
            userId: booking.userId,
            services: [
              { serviceId: PIEGA, name: 'Piega liscia', price: 30, listPrice: 30, durationMM: 45 },
              { serviceId: MASCHERA, name: 'Maschera idratante', price: 12, durationMM: 10 },
            ],
          },
        ],
      });
      expect(typeof signupToken).toBe('string');
      expect(redirectUrl).toBe(
        `${TEST_APP_URL}/reset-password?token=${signupToken as string}&email=lucia.neri%40example.it`,
      );
      const [user] = await t.db.select().from(users).where(eq(users.id, booking.userId));
      expect(user).toMatchObject({
        email: 'lucia.neri@example.it',
        firstName: 'Lucia',
        passwordHash: null,
        phoneNumber: '+39 333 000 1111',
      });
      // The link works: the account-completion form knows her e-mail.
      const check = await call(t.app(), 'GET', `/check-signup-token?signupToken=${signupToken as string}`);
      expect(dataOf(check)).toEqual({ email: 'lucia.neri@example.it', requireName: false });
    });

    it('stores the booking with the professional, the interval and the checkout details', async () => {
      await seedBookingData(t.db);
      const { booking } = stored(await store(bookingPayload()));
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
      expect(row).toMatchObject({
        startsAt: new Date('2026-03-04T09:00:00.000Z'),
        endsAt: new Date('2026-03-04T09:55:00.000Z'),
        professionalId: await professionalId(t.db, 'pro-giulia-ferrero'),
        status: 'confirmed',
        doorbellName: 'Neri',
        notes: 'Secondo piano',
        fitToPlead: true,
        utm: { source: 'instagram', medium: null, campaign: null, content: null },
      });
    });

    it('recomputes prices on the server, whatever totals the client sends', async () => {
      await seedBookingData(t.db);
      const { booking } = stored(
        await store(bookingPayload({ total: 1, discount: 500, price: 0, hairLength: 'long' })),
      );
      // Long hair: piega €35 (55 min) + maschera €15 (15 min).
      expect(booking).toMatchObject({ total: 50, totalBeforeDiscount: 50, discount: 0 });
      expect(booking.customers[0]!.services[0]).toMatchObject({ price: 35, durationMM: 55 });
    });

    it('adds the extra-hours supplement and takes 10% off the services with BENVENUTA10', async () => {
      await seedBookingData(t.db);
      const { booking } = stored(await store(bookingPayload({ startTime: '08:00', couponCode: 'benvenuta10' })));
      // (30 + 12) + 10 supplement = 52; 10% of the services' 42 = 4.20.
      expect(booking).toMatchObject({ totalBeforeDiscount: 52, discount: 4.2, total: 47.8 });
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
      expect(row).toMatchObject({ supplement: 10, couponCode: 'BENVENUTA10', status: 'pending' });
    });

    it('lets the gift card pay the total, supplement included, and lowers its balance', async () => {
      await seedBookingData(t.db);
      const first = stored(await store(bookingPayload({ startTime: '08:00', couponCode: 'REGALO50' }))).booking;
      expect(first).toMatchObject({ totalBeforeDiscount: 52, discount: 50, total: 2 });
      expect(await balance()).toBe(0);
      const again = await store(bookingPayload({ startTime: '14:00', couponCode: 'REGALO50', email: 'b@example.it' }));
      expect(again.status).toBe(400);
      expect(errorOf(again)).toBe(MESSAGES.giftCardExhausted);
    });

    it('debits only what the gift card paid and leaves the rest for next time', async () => {
      await seedBookingData(t.db);
      stored(await store(bookingPayload({ services: [PIEGA], couponCode: 'REGALO50' })));
      expect(await balance()).toBe(20);
      const { booking } = stored(
        await store(bookingPayload({ startTime: '14:00', couponCode: 'REGALO50', email: 'b@example.it' })),
      );
      expect(booking).toMatchObject({ totalBeforeDiscount: 42, discount: 20, total: 22 });
      expect(await balance()).toBe(0);
    });

    it('refuses BENVENUTA10 to a customer who booked before', async () => {
      await seedBookingData(t.db);
      stored(await store(bookingPayload()));
      const second = await store(bookingPayload({ startTime: '14:00', couponCode: 'BENVENUTA10' }));
      expect(second.status).toBe(400);
      expect(errorOf(second)).toBe(MESSAGES.couponFirstBookingOnly);
      expect(await bookingCount()).toBe(1);
    });

    it('books a signed-in customer under her account, without a signup token, back to the personal area', async () => {
      await seedBookingData(t.db);
      const user = await createUser(t.db, { email: 'anna@example.it' });
      const token = await tokenFor(t.db, user, t.clock.now());
      const reply = stored(await store(bookingPayload({ email: 'altra@example.it' }), { token }));
      expect(reply.signupToken).toBeUndefined();
      expect(reply.redirectUrl).toBe(`${TEST_APP_URL}/`);
      expect(reply.booking.userId).toBe(user.id);
      // The professional she met now shows in her filter.
      const providers = dataOf<{ providers: { firstName: string }[] }>(
        await call(t.app(), 'GET', `/users/${user.id}/providers`, { token }),
      );
      expect(providers.providers.map((p) => p.firstName)).toEqual(['Giulia']);
    });

    it('never gives a signup token for an e-mail that already has an account', async () => {
      await seedBookingData(t.db);
      const user = await createUser(t.db, { email: 'anna@example.it' });
      const reply = stored(await store(bookingPayload({ email: 'Anna@Example.it' })));
      expect(reply.signupToken).toBeUndefined();
      expect(reply.redirectUrl).toBe(`${TEST_APP_URL}/login`);
      expect(reply.booking.userId).toBe(user.id);
    });

    it('answers 401 for an expired session instead of booking as a visitor', async () => {
      await seedBookingData(t.db);
      const reply = await store(bookingPayload(), { token: 'scaduto-da-tempo-000000000000' });
      expect(reply.status).toBe(401);
      expect(await bookingCount()).toBe(0);
    });

    it('gives the chosen professional, and 409 when she is taken', async () => {
      await seedBookingData(t.db);
      const valentina = await professionalId(t.db, 'pro-valentina-greco');
      const { booking } = stored(await store(bookingPayload({ startTime: '13:00', providerId: valentina })));
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
      expect(row!.professionalId).toBe(valentina);
      const taken = await store(bookingPayload({ startTime: '13:00', providerId: valentina, email: 'b@example.it' }));
      expect(taken.status).toBe(409);
      expect(errorOf(taken)).toBe(MESSAGES.slotTaken);
    });

    it('answers 409 for a slot in the past, inside the notice, or out of hours', async () => {
      await seedBookingData(t.db);
      for (const change of [
        { startDate: '2026-03-01' },
        { startDate: '2026-03-02', startTime: '11:00' },
        { startTime: '23:00' },
      ]) {
        const reply = await store(bookingPayload(change));
        expect(reply.status).toBe(409);
        expect(errorOf(reply)).toBe(MESSAGES.slotTaken);
      }
      expect(await bookingCount()).toBe(0);
    });

    it.each([
      ['no first name', { firstName: ' ' }, MESSAGES.required],
      ['a malformed e-mail', { email: 'lucia@' }, MESSAGES.invalidFormat],
      ['no doorbell name', { doorbellName: '' }, MESSAGES.required],
      ['fitToPlead unanswered', { fitToPlead: undefined }, MESSAGES.required],
      [
        'an address without a house number',
        { location: { ...TORINO, components: { ...TORINO.components, streetNumber: '' } } },
        MESSAGES.streetNumberRequired,
      ],
      ['no services', { services: [] }, MESSAGES.selectAtLeastOneService],
      ['an unknown service', { services: ['nope'] }, MESSAGES.serviceUnavailable],
      ['a bad time', { startTime: '25:00' }, MESSAGES.invalidTime],
      ['an unknown code', { couponCode: 'NONESISTE' }, MESSAGES.couponInvalid],
      ['an expired code', { couponCode: 'ESTATE2025' }, MESSAGES.couponExpired],
      ['a make-up code on hair', { couponCode: 'MAKEUP15' }, MESSAGES.couponWrongCategory],
      ['a short idempotency key', { idempotencyKey: 'abc' }, MESSAGES.invalidValue],
    ])('answers 400 for %s and stores nothing', async (_case, change, message) => {
      await seedBookingData(t.db);
      const reply = await store(bookingPayload(change));
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(message);
      expect(await bookingCount()).toBe(0);
    });
  });

  describe('POST /bookings/store?onlyCheckCoupon=1', () => {
    const couponCheck = (over: Record<string, unknown>) => ({
      location: TORINO,
      services: [PIEGA, MASCHERA],
      startDate: WEDNESDAY,
      startTime: '10:00',
      couponCode: 'BENVENUTA10',
      ...over,
    });

    it('answers the discount and the priced services, storing nothing', async () => {
      await seedBookingData(t.db);
      const reply = await checkCoupon(couponCheck({}));
      expect(reply.status).toBe(200);
      const { booking } = v.parse(checkCouponCall.response, dataOf(reply));
      expect(booking.discount).toBe(4.2);
      expect(booking.total).toBe(37.8);
      expect(booking.customers[0]!.services.map((s) => [s.serviceId, s.price])).toEqual([
        [PIEGA, 30],
        [MASCHERA, 12],
      ]);
      expect(await bookingCount()).toBe(0);
      expect(t.mailer.sent).toHaveLength(0);
    });

    it('counts the supplement of the chosen time and never debits the gift card', async () => {
      await seedBookingData(t.db);
      const reply = await checkCoupon(couponCheck({ startTime: '08:00', couponCode: 'regalo50' }));
      const { booking } = v.parse(checkCouponCall.response, dataOf(reply));
      expect(booking).toMatchObject({ totalBeforeDiscount: 52, discount: 50, total: 2 });
      expect(await balance()).toBe(50);
    });

    it('takes 15% off make-up only with MAKEUP15 and €5 off €40 with AMICA5', async () => {
      await seedBookingData(t.db);
      const makeup = v.parse(
        checkCouponCall.response,
        dataOf(
          await checkCoupon(
            couponCheck({
              services: ['makeup-trucco-sera'],
              startTime: '14:00',
              couponCode: 'MAKEUP15',
            }),
          ),
        ),
      ).booking;
      expect(makeup.discount).toBeCloseTo(makeup.totalBeforeDiscount * 0.15, 2);
      const amica = v.parse(
        checkCouponCall.response,
        dataOf(await checkCoupon(couponCheck({ couponCode: 'AMICA5' }))),
      ).booking;
      expect(amica).toMatchObject({ discount: 5, total: 37 });
      const small = await checkCoupon(couponCheck({ services: [PIEGA], couponCode: 'AMICA5' }));
      expect(errorOf(small)).toBe(MESSAGES.couponMinimumSpend);
    });

    it('answers 400 with the Italian message for a bad code, and for no code', async () => {
      await seedBookingData(t.db);
      for (const [code, message] of [
        ['SBAGLIATO', MESSAGES.couponInvalid],
        ['ESTATE2025', MESSAGES.couponExpired],
        ['', MESSAGES.required],
      ] as const) {
        const reply = await checkCoupon(couponCheck({ couponCode: code }));
        expect(reply.status).toBe(400);
        expect(errorOf(reply)).toBe(message);
      }
    });

    it('knows a returning customer by her e-mail (BENVENUTA10 is for the first booking)', async () => {
      await seedBookingData(t.db);
      stored(await store(bookingPayload()));
      const reply = await checkCoupon(couponCheck({ email: 'lucia.neri@example.it' }));
      expect(errorOf(reply)).toBe(MESSAGES.couponFirstBookingOnly);
    });
  });

  describe('idempotency', () => {
    it('answers a retried submission with the first booking, stored and e-mailed once', async () => {
      await seedBookingData(t.db);
      const body = bookingPayload({ idempotencyKey: 'checkout-7f3a9c21' });
      const first = stored(await store(body));
      const retry = await store(body);
      expect(retry.status).toBe(200);
      const again = v.parse(createBookingCall.response, dataOf(retry));
      expect(again.booking).toEqual(first.booking);
      expect(typeof again.signupToken).toBe('string');
      expect(await bookingCount()).toBe(1);
      expect(t.mailer.sent).toHaveLength(1);
    });

    it('accepts the key as an Idempotency-Key header too', async () => {
      await seedBookingData(t.db);
      const headers = { 'idempotency-key': 'header-key-123456' };
      const first = stored(await store(bookingPayload(), { headers }));
      const retry = await store(bookingPayload(), { headers });
      expect(dataOf<Stored>(retry).booking._id).toBe(first.booking._id);
      expect(await bookingCount()).toBe(1);
    });

    it('answers both of two simultaneous submissions with one booking', async () => {
      await seedBookingData(t.db);
      const body = bookingPayload({ idempotencyKey: 'double-click-0001' });
      const replies = await Promise.all([store(body), store(body)]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 201]);
      const ids = replies.map((r) => dataOf<Stored>(r).booking._id);
      expect(ids[0]).toBe(ids[1]);
      expect(await bookingCount()).toBe(1);
    });

    it('refuses her key sent with another request (another time, other services, another note) with 422, and still replays the same one', async () => {
      await seedBookingData(t.db);
      const key = { idempotencyKey: 'checkout-2b7e0d44' };
      const first = stored(await store(bookingPayload(key)));
      for (const change of [
        { startTime: '11:00' },
        { services: [PIEGA] },
        { notes: 'Terzo piano' },
        { startDate: '2026-03-05' },
      ]) {
        const reply = await store(bookingPayload({ ...key, ...change }));
        expect(reply.status, JSON.stringify(change)).toBe(422);
        expect(errorOf(reply)).toBe(API_MESSAGES.idempotencyKeyMismatch);
      }
      // The same request with its key in the header, the fields in another order: the same booking.
      const { idempotencyKey: _key, ...rest } = bookingPayload(key);
      const reordered = Object.fromEntries(Object.entries(rest).reverse());
      const replay = await store(reordered, { headers: { 'idempotency-key': key.idempotencyKey } });
      expect(replay.status).toBe(200);
      expect(dataOf<Stored>(replay).booking._id).toBe(first.booking._id);
      expect(await bookingCount()).toBe(1);
      expect(t.mailer.sent).toHaveLength(1);
    });

    it('refuses the key of another customer’s booking with 409', async () => {
      await seedBookingData(t.db);
      stored(await store(bookingPayload({ idempotencyKey: 'shared-key-0001' })));
      const other = await store(bookingPayload({ idempotencyKey: 'shared-key-0001', email: 'altra@example.it' }));
      expect(other.status).toBe(409);
      expect(errorOf(other)).toBe(API_MESSAGES.idempotencyKeyReused);
    });
  });

  describe('confirmation e-mail', () => {
    it('sends an Italian summary (services, address, date, total) with the .ics', async () => {
      await seedBookingData(t.db);
      const { signupToken } = stored(await store(bookingPayload({ startTime: '08:00', couponCode: 'BENVENUTA10' })));
      expect(t.mailer.sent).toHaveLength(1);
      const mail = t.mailer.sent[0]!;
      expect(mail.to).toBe('lucia.neri@example.it');
      expect(mail.subject).toBe('Abbiamo ricevuto la tua richiesta di prenotazione Musa');
      for (const text of [
        'Ciao Lucia,',
        'mercoledì 4 marzo 2026, dalle 08:00 alle 08:55',
        'Via Roma, 2, Torino',
        'Piega liscia: € 30,00',
        'Maschera idratante: € 12,00',
        'Supplemento fuori orario: € 10,00',
        'Sconto: -€ 4,20',
        'Totale: € 47,80',
      ])
        expect(mail.text).toContain(text);
      expect(mail.html).toContain('€ 47,80');
      // Her account-completion link (a token of its own, made when the e-mail is sent).
      expect(typeof signupToken).toBe('string');
      expect(mail.link).toMatch(
        new RegExp(`^${TEST_APP_URL}/reset-password\\?token=.+&email=lucia.neri%40example.it$`),
      );
      const check = await call(
        t.app(),
        'GET',
        `/check-signup-token?signupToken=${new URL(mail.link!).searchParams.get('token')!}`,
      );
      expect(dataOf(check)).toMatchObject({ email: 'lucia.neri@example.it' });
      const ics = mail.attachments?.[0];
      expect(ics).toMatchObject({
        filename: 'appuntamento-musa.ics',
        contentType: expect.stringContaining('text/calendar'),
      });
      expect(ics!.content).toContain('DTSTART;TZID=Europe/Rome:20260304T080000');
      expect(ics!.content).toContain('STATUS:TENTATIVE');
      expect(ics!.content).toContain('LOCATION:Via Roma\\, 2\\, Torino');
      expect(ics!.content.replace(/\r\n /g, '')).toContain('\r\nSUMMARY:Piega liscia\\, Maschera idratante · Musa\r\n');
    });

    it('confirms an instant booking; a failing mail server fails neither the booking nor the e-mail, sent later once', async () => {
      await seedBookingData(t.db);
      stored(await store(bookingPayload()));
      expect(t.mailer.sent[0]!.subject).toBe('La tua prenotazione Musa è confermata');
      const broken = t.app({
        mailer: {
          send: () => Promise.reject(new Error('SMTP giù')),
        },
      });
      const reply = await call(broken, 'POST', '/bookings/store', {
        body: bookingPayload({ startTime: '14:00', email: 'b@example.it' }),
      });
      expect(reply.status).toBe(201);
      expect(t.logger.lines.some((l) => l.message === 'outbox e-mail not sent')).toBe(true);
      expect(t.mailer.sent.map((m) => m.to)).toEqual(['lucia.neri@example.it']);

      // The outbox's next round (any API process, after its retry delay) sends it, and only once.
      const deps = {
        db: t.db,
        mailer: t.mailer,
        logger: t.logger,
        appUrl: TEST_APP_URL,
        now: t.clock.now,
        jobs: OUTBOX_JOBS,
      };
      expect(await deliverOutbox(deps)).toBe(0);
      t.clock.advance(retryDelayMs(1));
      const [first, second] = await Promise.all([deliverOutbox(deps), deliverOutbox(deps)]);
      expect(first + second).toBe(1);
      expect(t.mailer.sent.map((m) => m.to)).toEqual(['lucia.neri@example.it', 'b@example.it']);
      t.clock.advance(60 * 60_000);
      expect(await deliverOutbox(deps)).toBe(0);
    });
  });

  describe('POST /bookings/store/salotto', () => {
    it('prices per person, stores the group and always waits for confirmation', async () => {
      await seedBookingData(t.db);
      const reply = await call(t.app(), 'POST', '/bookings/store/salotto', {
        body: bookingPayload({
          services: ['salotto-capelli-pieghe'],
          numberOfCustomers: 3,
          startTime: '10:00',
        }),
      });
      const { booking } = stored(reply);
      expect(booking).toMatchObject({ total: 90, totalBeforeDiscount: 90 });
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
      expect(row).toMatchObject({ kind: 'salotto', participants: 3, status: 'pending' });
      expect(row!.endsAt.getTime() - row!.startsAt.getTime()).toBe(135 * 60_000);
    });

    it('answers 400 for fewer than two people and for a single-person service', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const one = await call(app, 'POST', '/bookings/store/salotto', {
        body: bookingPayload({ services: ['salotto-capelli-pieghe'], numberOfCustomers: 1 }),
      });
      expect(errorOf(one)).toBe(MESSAGES.salottoMinParticipants);
      const single = await call(app, 'POST', '/bookings/store/salotto', {
        body: bookingPayload({ numberOfCustomers: 2 }),
      });
      expect(errorOf(single)).toBe(MESSAGES.serviceUnavailable);
    });

    it('checks a coupon on the group total', async () => {
      await seedBookingData(t.db);
      const reply = await call(t.app(), 'POST', '/bookings/store/salotto?onlyCheckCoupon=1', {
        body: {
          location: TORINO,
          services: ['salotto-capelli-pieghe'],
          startDate: WEDNESDAY,
          numberOfCustomers: 4,
          couponCode: 'BENVENUTA10',
        },
      });
      expect(dataOf<{ booking: { discount: number; total: number } }>(reply).booking).toMatchObject({
        discount: 12,
        total: 108,
      });
    });
  });
});
