import { randomUUID } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { availableDaysCall, availableTimesCall, holdSlotCall } from '../../../contract/calls';
import { SLOT_HOLD_MINUTES } from '../../../contract/constants';
import { MESSAGES } from '../../../contract/messages';
import type { App } from '../../../server/app';
import { bookingAssignments, bookings, slotHolds } from '../../../server/db/schema/bookings';
import { API_MESSAGES } from '../../../server/http/messages';
import { sweepExpiredHolds } from '../../../server/bookings/slot-holds';
import { describeEachDb } from '../helpers/databases';
import { call, createBooking, createUser, dataOf, errorOf } from '../helpers/fixtures';
import { GENEROUS_RATE_LIMITS } from '../helpers/test-app';
import { bookingPayload, PIEGA, professionalId, seedBookingData, timesPayload, WEDNESDAY } from './booking-fixtures';

type Times = v.InferOutput<typeof availableTimesCall.response>['availableTimes'];
type Hold = v.InferOutput<typeof holdSlotCall.response>['hold'];

const MINUTE = 60_000;
const SALOTTO = ['salotto-capelli-pieghe', 'salotto-makeup-evento'];

/**
 * Issue 28: the time she picked is hers while she fills the checkout. Seeded Torino hairdressers on
 * WEDNESDAY (booking-fixtures.ts): at 08:00 only Martina works; at 10:00 Giulia and Martina.
 */
describeEachDb('holding a time while she fills the checkout', (t) => {
  const hold = (app: App, holderKey: unknown, startTime: string, overrides: Record<string, unknown> = {}) =>
    call(app, 'POST', '/bookings/holds', { body: timesPayload({ startTime, holderKey, ...overrides }) });
  const heldOf = (reply: Awaited<ReturnType<typeof call>>) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return v.parse(holdSlotCall.response, dataOf(reply)).hold as Hold;
  };
  const times = async (app: App, holderKey?: string, overrides: Record<string, unknown> = {}): Promise<Times> => {
    const reply = await call(app, 'POST', '/bookings/available-times', {
      body: timesPayload({ ...(holderKey ? { holderKey } : {}), ...overrides }),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return v.parse(availableTimesCall.response, dataOf(reply)).availableTimes;
  };
  const starts = (list: Times) => list.map((s) => s.startTime);
  const book = (app: App, startTime: string, overrides: Record<string, unknown> = {}) =>
    call(app, 'POST', '/bookings/store', { body: bookingPayload({ services: [PIEGA], startTime, ...overrides }) });
  const holdRows = () => t.db.select().from(slotHolds);

  describe('one time, one holder', () => {
    it('lets exactly one of 20 simultaneous holds of one professional’s time through; the rest hear it was just taken', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const replies = await Promise.all(Array.from({ length: 20 }, () => hold(app, randomUUID(), '08:00')));
      expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
      const refused = replies.filter((r) => r.status !== 201);
      expect(refused).toHaveLength(19);
      for (const reply of refused) {
        expect(reply.status).toBe(409);
        expect(errorOf(reply)).toBe(MESSAGES.slotJustTaken);
      }
      expect(await holdRows()).toHaveLength(1);
      const taken = await t.db.select().from(bookingAssignments).where(isNotNull(bookingAssignments.holdId));
      expect(taken.map((a) => a.professionalId)).toEqual([await professionalId(t.db, 'pro-martina-rinaldi')]);
    }, 60_000);

    it('replies with what is held and until when (now + SLOT_HOLD_MINUTES), marked as hers', async () => {
      await seedBookingData(t.db);
      const held = heldOf(await hold(t.app(), randomUUID(), '08:00'));
      expect(held).toEqual({
        startDate: WEDNESDAY,
        startTime: '08:00',
        endTime: '08:45',
        expiresAt: new Date(t.clock.now().getTime() + SLOT_HOLD_MINUTES * MINUTE).toISOString(),
        availableTime: {
          startTime: '08:00',
          endTime: '08:45',
          supplement: 10,
          toBeConfirmed: true,
          instantBooking: false,
          serviceFee: '5.00',
          heldByYou: true,
        },
      });
    });

    it('takes only the professional the time would go to, not everyone who could serve it', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      heldOf(await hold(app, randomUUID(), '10:00'));
      const [taken] = await t.db.select().from(bookingAssignments).where(isNotNull(bookingAssignments.holdId));
      // Giulia: confirmed hours, the one a 10:00 booking goes to.
      expect(taken!.professionalId).toBe(await professionalId(t.db, 'pro-giulia-ferrero'));
      // Martina is still free then: another customer still sees 10:00, and books it with her.
      expect(starts(await times(app))).toContain('10:00');
      const other = await book(app, '10:00', { email: 'altra@example.it' });
      expect(other.status, JSON.stringify(other.body)).toBe(201);
      const [row] = await t.db.select().from(bookings);
      expect(row!.professionalId).toBe(await professionalId(t.db, 'pro-martina-rinaldi'));
    });

    it('holds a salotto’s whole team, each member for her part', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const body = timesPayload({ services: SALOTTO, numberOfCustomers: 3 });
      const before = await call(app, 'POST', '/bookings/available-times/salotto', { body });
      const offered = (dataOf(before) as { availableTimes: Times }).availableTimes;
      const first = offered[0]!.startTime;
      const reply = await call(app, 'POST', '/bookings/holds/salotto', {
        body: { ...body, startTime: first, holderKey: randomUUID() },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const members = await t.db.select().from(bookingAssignments).where(isNotNull(bookingAssignments.holdId));
      expect(members).toHaveLength(2);
      expect(new Set(members.map((m) => m.professionalId)).size).toBe(2);
      expect(members.map((m) => m.category).sort()).toEqual(['hair', 'make-up']);
      const after = await call(app, 'POST', '/bookings/available-times/salotto', { body });
      expect((dataOf(after) as { availableTimes: Times }).availableTimes.map((s) => s.startTime)).not.toContain(first);
    });
  });

  describe('availability', () => {
    it('hides a held time from everyone else and keeps it offered to its holder, marked as hers', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const holder = randomUUID();
      heldOf(await hold(app, holder, '08:00'));
      // Someone else, with or without a key of her own: 08:00 is gone (only Martina works then).
      expect(starts(await times(app))).not.toContain('08:00');
      expect(starts(await times(app, randomUUID()))).not.toContain('08:00');
      // The holder: still offered, marked; every other time unmarked, in SPEC §3's shape.
      const mine = await times(app, holder);
      expect(mine.find((s) => s.startTime === '08:00')).toMatchObject({ heldByYou: true });
      expect(mine.filter((s) => s.heldByYou)).toHaveLength(1);
      expect(Object.keys(mine.find((s) => s.startTime === '10:00')!).sort()).toEqual(
        ['endTime', 'instantBooking', 'serviceFee', 'startTime', 'supplement', 'toBeConfirmed'].sort(),
      );
      // Her hold is for a piega: with other services the time is not hers as held (not marked), but
      // her own hold is in nobody's way, hers included (a pick of it replaces the hold).
      const other = await times(app, holder, { services: [PIEGA, 'capelli-maschera-idratante'] });
      expect(other.some((s) => s.heldByYou)).toBe(false);
      expect(starts(other)).toContain('08:00');
    });

    it('keeps the day of her hold available to her when it is the day’s only free time, not to others', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      // Martina's Wednesday (07:30–13:00, 14:00–17:00, buffer 20 min) booked but for 12:00–12:45.
      const martina = await professionalId(t.db, 'pro-martina-rinaldi');
      const customer = await createUser(t.db);
      for (const [from, to] of [
        ['2026-03-04T06:30:00Z', '2026-03-04T10:30:00Z'],
        ['2026-03-04T13:00:00Z', '2026-03-04T16:00:00Z'],
      ] as const)
        await createBooking(t.db, {
          userId: customer.id,
          professionalId: martina,
          startsAt: new Date(from),
          endsAt: new Date(to),
          services: [],
        });
      expect(starts(await times(app, undefined, { providerId: martina }))).toEqual(['12:00']);
      const holder = randomUUID();
      heldOf(await hold(app, holder, '12:00', { providerId: martina }));
      const days = async (holderKey?: string) => {
        const reply = await call(app, 'POST', '/bookings/available-days', {
          body: {
            ...timesPayload({ providerId: martina, holderKey }),
            startDate: undefined,
            fromDate: WEDNESDAY,
            toDate: WEDNESDAY,
          },
        });
        return v.parse(availableDaysCall.response, dataOf(reply)).days;
      };
      expect(await days()).toEqual([{ date: WEDNESDAY, available: false }]);
      expect(await days(randomUUID())).toEqual([{ date: WEDNESDAY, available: false }]);
      expect(await days(holder)).toEqual([{ date: WEDNESDAY, available: true }]);
      expect(await times(app, undefined, { providerId: martina })).toEqual([]);
      expect(await times(app, holder, { providerId: martina })).toEqual([
        expect.objectContaining({ startTime: '12:00', heldByYou: true }),
      ]);
    });
  });

  describe('the booking', () => {
    it('refuses someone else’s booking of a held time, with or without a holder key of hers', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      heldOf(await hold(app, randomUUID(), '08:00'));
      for (const holderKey of [undefined, randomUUID()]) {
        const reply = await book(app, '08:00', { email: 'altra@example.it', holderKey });
        expect(reply.status).toBe(409);
        expect(errorOf(reply)).toBe(MESSAGES.slotTaken);
      }
      expect(await t.db.select().from(bookings)).toHaveLength(0);
    });

    it('books the holder’s held time, even with ten others booking it at the same moment; her hold ends with it', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const holder = randomUUID();
      heldOf(await hold(app, holder, '08:00'));
      t.clock.advance((SLOT_HOLD_MINUTES - 1) * MINUTE);
      const replies = await Promise.all([
        book(app, '08:00', { holderKey: holder }),
        ...Array.from({ length: 10 }, (_, i) => book(app, '08:00', { email: `rivale${i}@example.it` })),
      ]);
      expect(replies[0]!.status, JSON.stringify(replies[0]!.body)).toBe(201);
      expect(replies.slice(1).every((r) => r.status === 409)).toBe(true);
      const stored = await t.db.select().from(bookings);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.contact?.email).toBe('lucia.neri@example.it');
      expect(stored[0]!.professionalId).toBe(await professionalId(t.db, 'pro-martina-rinaldi'));
      expect(await holdRows()).toHaveLength(0);
      expect(await t.db.select().from(bookingAssignments).where(isNotNull(bookingAssignments.holdId))).toHaveLength(0);
    }, 60_000);

    it('prices the held time as held on the coupon check (its extra-hours supplement counts)', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const holder = randomUUID();
      heldOf(await hold(app, holder, '08:00'));
      const check = async (holderKey?: string) =>
        dataOf<{ booking: { totalBeforeDiscount: number } }>(
          await call(app, 'POST', '/bookings/store?onlyCheckCoupon=1', {
            body: bookingPayload({ services: [PIEGA], startTime: '08:00', couponCode: 'BENVENUTA10', holderKey }),
          }),
        ).booking.totalBeforeDiscount;
      // Without her key the time is not hers (held): no slot, no supplement.
      expect(await check(holder)).toBe((await check()) + 10);
    });
  });

  describe('the hold’s life', () => {
    it('lapses after SLOT_HOLD_MINUTES on the API’s clock: the time is offered and held again by others, her renewal and booking refused', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const holder = randomUUID();
      heldOf(await hold(app, holder, '08:00'));
      t.clock.advance(SLOT_HOLD_MINUTES * MINUTE - 1000);
      expect(starts(await times(app))).not.toContain('08:00');
      t.clock.advance(1000);
      expect(starts(await times(app))).toContain('08:00');
      const renew = await call(app, 'POST', '/bookings/holds/renew', { body: { holderKey: holder } });
      expect(renew.status).toBe(409);
      expect(errorOf(renew)).toBe(MESSAGES.slotHoldExpired);
      // Another customer holds it (the lapsed hold, still in the table, is cleared on the way).
      const other = randomUUID();
      heldOf(await hold(app, other, '08:00'));
      expect(await holdRows()).toHaveLength(1);
      const late = await book(app, '08:00', { holderKey: holder });
      expect(late.status).toBe(409);
      // Booked by someone else over a lapsed hold: fine too.
      t.clock.advance(SLOT_HOLD_MINUTES * MINUTE);
      const third = await book(app, '08:00', { email: 'terza@example.it' });
      expect(third.status, JSON.stringify(third.body)).toBe(201);
    });

    it('stays hers once inside the two hours’ notice: still offered to her, marked, and booked as held', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const today = '2026-03-02';
      // The clock says 10:00 in Rome: 12:00 is the first time offered today.
      expect(starts(await times(app, undefined, { startDate: today }))[0]).toBe('12:00');
      const holder = randomUUID();
      heldOf(await hold(app, holder, '12:00', { startDate: today }));
      t.clock.advance((SLOT_HOLD_MINUTES - 1) * MINUTE);
      // 10:09: 12:00 is inside the notice, for anyone but her.
      expect(starts(await times(app, randomUUID(), { startDate: today }))).not.toContain('12:00');
      const mine = await times(app, holder, { startDate: today });
      expect(mine[0]).toMatchObject({ startTime: '12:00', heldByYou: true });
      const booked = await book(app, '12:00', { startDate: today, holderKey: holder });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    });

    it('renews to now + SLOT_HOLD_MINUTES while held, so it outlives its first expiry', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const holder = randomUUID();
      heldOf(await hold(app, holder, '08:00'));
      t.clock.advance(8 * MINUTE);
      const renewed = await call(app, 'POST', '/bookings/holds/renew', { body: { holderKey: holder } });
      expect(renewed.status).toBe(200);
      expect(dataOf<{ hold: Hold }>(renewed).hold).toMatchObject({
        startTime: '08:00',
        expiresAt: new Date(t.clock.now().getTime() + SLOT_HOLD_MINUTES * MINUTE).toISOString(),
      });
      t.clock.advance(8 * MINUTE);
      expect(starts(await times(app))).not.toContain('08:00');
      expect((await book(app, '08:00', { holderKey: holder })).status).toBe(201);
    });

    it('a new pick by the same holder releases her previous time (another holder sees it again); one hold per holder', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const holder = randomUUID();
      heldOf(await hold(app, holder, '08:00'));
      expect(starts(await times(app))).not.toContain('08:00');
      heldOf(await hold(app, holder, '16:00'));
      expect(starts(await times(app))).toContain('08:00');
      const rows = await holdRows();
      expect(rows.map((r) => r.startTime)).toEqual(['16:00']);
      // Back onto an overlapping time of the same professional: her own hold is not in her way.
      heldOf(await hold(app, holder, '08:30'));
      heldOf(await hold(app, holder, '08:00'));
      expect(await holdRows()).toHaveLength(1);
    });

    it('two tabs of one browser picking at once: one hold in the end, never a 500', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const holder = randomUUID();
      const replies = await Promise.all(['09:00', '11:00', '13:00', '15:00'].map((time) => hold(app, holder, time)));
      expect(replies.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      expect(replies.some((r) => r.status === 201)).toBe(true);
      expect(await holdRows()).toHaveLength(1);
    });

    it('releases with DELETE and with a beacon (text/plain or JSON); releasing again answers released: false', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const holder = randomUUID();
      heldOf(await hold(app, holder, '08:00'));
      const released = await call(app, 'DELETE', `/bookings/holds/${holder}`);
      expect(released.status).toBe(200);
      expect(dataOf(released)).toEqual({ released: true });
      expect(starts(await times(app))).toContain('08:00');
      expect(dataOf(await call(app, 'DELETE', `/bookings/holds/${holder}`))).toEqual({ released: false });

      for (const type of ['text/plain;charset=UTF-8', 'application/json']) {
        heldOf(await hold(app, holder, '08:00'));
        const beacon = await call(app, 'POST', '/bookings/holds/release', {
          body: JSON.stringify({ holderKey: holder }),
          headers: { 'content-type': type },
        });
        expect(beacon.status, type).toBe(200);
        expect(dataOf(beacon)).toEqual({ released: true });
        expect(starts(await times(app))).toContain('08:00');
      }
      // text/plain stays refused everywhere else.
      const elsewhere = await call(app, 'POST', '/bookings/holds/renew', {
        body: JSON.stringify({ holderKey: holder }),
        headers: { 'content-type': 'text/plain' },
      });
      expect(elsewhere.status).toBe(415);
    });

    it('the outbox’s sweep deletes the lapsed holds (and their assignments), keeps the live ones', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
      heldOf(await hold(app, a, '08:00'));
      heldOf(await hold(app, b, '10:00'));
      t.clock.advance(5 * MINUTE);
      heldOf(await hold(app, c, '16:00'));
      t.clock.advance(SLOT_HOLD_MINUTES * MINUTE - 5 * MINUTE);
      expect(await sweepExpiredHolds(t.db, t.clock.now())).toBe(2);
      expect((await holdRows()).map((r) => r.holderKey)).toEqual([c]);
      const left = await t.db.select().from(bookingAssignments).where(isNotNull(bookingAssignments.holdId));
      expect(left).toHaveLength(1);
      expect(await sweepExpiredHolds(t.db, t.clock.now())).toBe(0);
      const [kept] = await t.db.select().from(slotHolds).where(eq(slotHolds.holderKey, c));
      expect(left[0]!.holdId).toBe(kept!.id);
    });
  });

  describe('bad input and limits', () => {
    it('answers bad input with the envelope and an Italian message, never a 500', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const cases: Array<[string, string, unknown, string]> = [
        ['POST', '/bookings/holds', timesPayload({ startTime: '08:00' }), MESSAGES.required],
        ['POST', '/bookings/holds', timesPayload({ startTime: '08:00', holderKey: 'abc' }), MESSAGES.invalidHolderKey],
        ['POST', '/bookings/holds', timesPayload({ startTime: '08:00', holderKey: 42 }), MESSAGES.invalidHolderKey],
        [
          'POST',
          '/bookings/holds',
          timesPayload({ startTime: '08:00', startDate: '2026-02-30', holderKey: randomUUID() }),
          MESSAGES.invalidDate,
        ],
        [
          'POST',
          '/bookings/holds',
          timesPayload({ startTime: '25:00', holderKey: randomUUID() }),
          MESSAGES.invalidTime,
        ],
        [
          'POST',
          '/bookings/holds/salotto',
          timesPayload({ services: SALOTTO, startTime: '16:00', numberOfCustomers: 1, holderKey: randomUUID() }),
          MESSAGES.salottoMinParticipants,
        ],
        ['POST', '/bookings/holds/renew', {}, MESSAGES.required],
        ['POST', '/bookings/holds/release', { holderKey: 'x' }, MESSAGES.invalidHolderKey],
        ['POST', '/bookings/holds/release', 'not json', API_MESSAGES.badJson],
        ['DELETE', '/bookings/holds/not-a-key', undefined, MESSAGES.invalidHolderKey],
        ['POST', '/bookings/available-times', timesPayload({ holderKey: 'abc' }), MESSAGES.invalidHolderKey],
        ['POST', '/bookings/store', bookingPayload({ holderKey: 'abc' }), MESSAGES.invalidHolderKey],
      ];
      for (const [method, path, body, message] of cases) {
        const reply = await call(app, method, path, { body });
        expect(reply.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
        expect(reply.body.result.success).toBe(false);
        expect(errorOf(reply), `${method} ${path}`).toBe(message);
      }
      // A time never offered (past, or nobody works then): taken, not a 500.
      const never = await hold(app, randomUUID(), '03:00');
      expect(never.status).toBe(409);
      expect(errorOf(never)).toBe(MESSAGES.slotJustTaken);
      expect(await holdRows()).toHaveLength(0);
    });

    it('limits picks per holder key and per address (429 with Retry-After)', async () => {
      await seedBookingData(t.db);
      const rule = (limit: number) => ({ limit, windowMs: 15 * MINUTE });
      const app = t.app({
        config: {
          rateLimits: { ...GENEROUS_RATE_LIMITS, holdSlot: { perIp: rule(5), perEmail: rule(2) } },
        },
      });
      const holder = randomUUID();
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const pick = (key: string, ip: string) =>
        call(app, 'POST', '/bookings/holds', {
          body: timesPayload({ startTime: '10:00', holderKey: key }),
          headers: from(ip),
        });
      expect((await pick(holder, '10.0.0.1')).status).toBe(201);
      expect((await pick(holder, '10.0.0.2')).status).toBe(201);
      const third = await pick(holder, '10.0.0.3');
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(errorOf(third)).toBe(API_MESSAGES.tooManyRequests);
      // Per address, whatever the keys.
      for (let i = 0; i < 5; i++) expect((await pick(randomUUID(), '10.0.0.9')).status).not.toBe(429);
      expect((await pick(randomUUID(), '10.0.0.9')).status).toBe(429);
    });
  });
});
