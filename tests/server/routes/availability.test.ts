import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { availableDaysCall, availableTimesCall, salottoAvailableTimesCall } from '../../../contract/calls';
import { MESSAGES } from '../../../contract/messages';
import { describeEachDb } from '../helpers/databases';
import { call, dataOf, errorOf, PALERMO } from '../helpers/fixtures';
import {
  bookingPayload,
  fillGiuliasFriday,
  GIULIAS_FULL_FRIDAY,
  MASCHERA,
  PIEGA,
  professionalId,
  SATURDAY,
  seedBookingData,
  timesPayload,
  WEDNESDAY,
} from './booking-fixtures';

type Times = v.InferOutput<typeof availableTimesCall.response>['availableTimes'];

describeEachDb('availability', (t) => {
  const times = async (body: Record<string, unknown>, path = '/bookings/available-times') => {
    const reply = await call(t.app(), 'POST', path, { body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return v.parse(availableTimesCall.response, dataOf(reply)).availableTimes;
  };
  const starts = (list: Times) => list.map((s) => s.startTime);

  describe('POST /bookings/available-times', () => {
    it('answers the day’s slots in SPEC’s shape, every 30 minutes, ending after the services', async () => {
      await seedBookingData(t.db);
      const list = await times(timesPayload({ services: [PIEGA, MASCHERA] }));
      expect(list.length).toBeGreaterThan(10);
      // Martina starts at 07:30; piega (45 min) + maschera (10 min) = 55 min.
      expect(list[0]).toEqual({
        startTime: '07:30',
        endTime: '08:25',
        supplement: 10,
        toBeConfirmed: true,
        instantBooking: false,
        serviceFee: '5.00',
      });
      expect(list.every((s) => /^\d\d:[03]0$/.test(s.startTime))).toBe(true);
    });

    it('adds the €10 supplement outside 09:00–19:00 and books instantly with confirmed hours', async () => {
      await seedBookingData(t.db);
      const list = await times(timesPayload());
      const at = (time: string) => list.find((s) => s.startTime === time);
      expect(at('08:00')).toMatchObject({ supplement: 10, instantBooking: false });
      // 10:00: Giulia (confirmed hours) is preferred → instant booking, no supplement.
      expect(at('10:00')).toMatchObject({
        supplement: 0,
        instantBooking: true,
        toBeConfirmed: false,
      });
      // 20:00–20:45 with Valentina: after 19:00.
      expect(at('20:00')).toMatchObject({ supplement: 10, instantBooking: true });
      expect(at('20:30')).toBeUndefined();
    });

    it('uses the hair length sent with the request for the duration', async () => {
      await seedBookingData(t.db);
      const long = await times(timesPayload({ hairLength: 'long' }));
      expect(long[0]).toMatchObject({ startTime: '07:30', endTime: '08:25' });
    });

    it('never offers a past slot or one inside the two hours’ notice', async () => {
      await seedBookingData(t.db);
      // The clock says Monday 2 March 2026, 10:00 in Rome.
      const today = await times(timesPayload({ startDate: '2026-03-02' }));
      expect(today.length).toBeGreaterThan(0);
      expect(today[0]!.startTime).toBe('12:00');
      expect(await times(timesPayload({ startDate: '2026-03-01' }))).toEqual([]);
    });

    it('answers no slots out of zone', async () => {
      await seedBookingData(t.db);
      expect(await times(timesPayload({ bookingLocation: PALERMO }))).toEqual([]);
    });

    it('shows only the chosen professional’s slots with providerId', async () => {
      await seedBookingData(t.db);
      const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
      const list = await times(timesPayload({ providerId: giulia }));
      expect(list[0]!.startTime).toBe('09:00');
      expect(list.at(-1)!.startTime).toBe('17:00');
      expect(list.every((s) => s.instantBooking)).toBe(true);
      expect(await times(timesPayload({ providerId: 'not-a-professional' }))).toEqual([]);
    });

    it('drops a sold-out slot after a booking, with the professional’s travel time around it', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      expect(starts(await times(timesPayload()))).toContain('08:00');
      // At 08:00 only Martina works: once she is booked, 08:00 is sold out.
      const booked = await call(app, 'POST', '/bookings/store', {
        body: bookingPayload({ startTime: '08:00', services: [PIEGA] }),
      });
      expect(booked.status).toBe(201);
      const after = starts(await times(timesPayload()));
      expect(after).not.toContain('07:30');
      expect(after).not.toContain('08:00');
      expect(after).not.toContain('08:30');

      const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
      await call(app, 'POST', '/bookings/store', {
        body: bookingPayload({
          startTime: '11:00',
          services: [PIEGA],
          providerId: giulia,
          email: 'altra@example.it',
        }),
      });
      // 11:00–11:45 plus 30 minutes each side: her 10:30–12:00 starts are gone.
      const hers = starts(await times(timesPayload({ providerId: giulia })));
      expect(hers).toEqual(expect.arrayContaining(['09:00', '09:30', '12:30']));
      for (const gone of ['10:00', '10:30', '11:00', '11:30', '12:00']) expect(hers).not.toContain(gone);
    });

    it.each([
      ['no services', { services: [] }, MESSAGES.selectAtLeastOneService],
      ['an impossible date', { startDate: '2026-02-30' }, MESSAGES.invalidDate],
      ['an address not picked', { bookingLocation: { address: 'x' } }, MESSAGES.pickAddress],
      ['an unknown service', { services: ['capelli-inesistente'] }, MESSAGES.serviceUnavailable],
      ['a salotto service', { services: ['salotto-capelli-pieghe'] }, MESSAGES.serviceUnavailable],
      ['a bad hair length', { hairLength: 'xl' }, MESSAGES.selectOption],
    ])('answers 400 for %s', async (_case, change, message) => {
      await seedBookingData(t.db);
      const reply = await call(t.app(), 'POST', '/bookings/available-times', {
        body: timesPayload(change),
      });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(message);
    });
  });

  describe('POST /bookings/available-times/salotto', () => {
    it('times the group one person after the other and always asks for confirmation', async () => {
      await seedBookingData(t.db);
      const reply = await call(t.app(), 'POST', '/bookings/available-times/salotto', {
        body: timesPayload({ services: ['salotto-capelli-pieghe'], numberOfCustomers: 3 }),
      });
      const list = v.parse(salottoAvailableTimesCall.response, dataOf(reply)).availableTimes;
      // 45 minutes each, three people: 2 h 15.
      expect(list[0]).toMatchObject({
        startTime: '07:30',
        endTime: '09:45',
        toBeConfirmed: true,
        instantBooking: false,
      });
    });

    it('refuses a single-person service and a group of one', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      const single = await call(app, 'POST', '/bookings/available-times/salotto', {
        body: timesPayload(),
      });
      expect(single.status).toBe(400);
      expect(errorOf(single)).toBe(MESSAGES.serviceUnavailable);
      const one = await call(app, 'POST', '/bookings/available-times/salotto', {
        body: timesPayload({ services: ['salotto-capelli-pieghe'], numberOfCustomers: 1 }),
      });
      expect(errorOf(one)).toBe(MESSAGES.salottoMinParticipants);
    });
  });

  describe('POST /bookings/available-days', () => {
    const days = async (body: Record<string, unknown>) => {
      const reply = await call(t.app(), 'POST', '/bookings/available-days', { body });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return v.parse(availableDaysCall.response, dataOf(reply)).days;
    };
    const daysPayload = (over: Record<string, unknown> = {}) => ({
      bookingLocation: timesPayload().bookingLocation,
      services: [PIEGA],
      fromDate: '2026-03-01',
      toDate: '2026-04-30',
      ...over,
    });

    it('answers every day of two months: past days off, working days on', async () => {
      await seedBookingData(t.db);
      const list = await days(daysPayload());
      expect(list).toHaveLength(61);
      expect(list[0]).toEqual({ date: '2026-03-01', available: false });
      expect(list.find((d) => d.date === WEDNESDAY)?.available).toBe(true);
      expect(list.at(-1)?.date).toBe('2026-04-30');
    });

    it('follows the chosen professional’s week (Giulia works Monday to Friday)', async () => {
      await seedBookingData(t.db);
      const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
      const list = await days(daysPayload({ providerId: giulia, fromDate: WEDNESDAY, toDate: '2026-03-09' }));
      expect(list.map((d) => [d.date, d.available])).toEqual([
        ['2026-03-04', true],
        ['2026-03-05', true],
        ['2026-03-06', true],
        [SATURDAY, false],
        ['2026-03-08', false],
        ['2026-03-09', true],
      ]);
    });

    it('marks a day off once its last slot is booked', async () => {
      await seedBookingData(t.db);
      const giulia = await professionalId(t.db, 'pro-giulia-ferrero');
      const friday = GIULIAS_FULL_FRIDAY;
      const colour = {
        providerId: giulia,
        fromDate: friday,
        toDate: friday,
        services: ['capelli-colore-piega'],
      };
      const before = await days(daysPayload(colour));
      expect(before).toEqual([{ date: friday, available: true }]);
      await fillGiuliasFriday(t.app(), giulia);
      expect(await days(daysPayload(colour))).toEqual([{ date: friday, available: false }]);
      // A shorter piega still fits at the end of her day.
      expect(await days(daysPayload({ ...colour, services: [PIEGA] }))).toEqual([{ date: friday, available: true }]);
    });

    it('answers every day off out of zone', async () => {
      await seedBookingData(t.db);
      const list = await days(daysPayload({ bookingLocation: PALERMO }));
      expect(list.every((d) => !d.available)).toBe(true);
    });

    it.each([
      ['a range ending before it starts', { fromDate: '2026-03-10', toDate: '2026-03-01' }, MESSAGES.invalidDateRange],
      ['a range over 400 days', { fromDate: '2026-03-01', toDate: '2027-06-01' }, MESSAGES.invalidDateRange],
      ['a bad date', { fromDate: '2026-13-01' }, MESSAGES.invalidDate],
      ['no services', { services: [] }, MESSAGES.selectAtLeastOneService],
    ])('answers 400 for %s', async (_case, change, message) => {
      await seedBookingData(t.db);
      const reply = await call(t.app(), 'POST', '/bookings/available-days', {
        body: daysPayload(change),
      });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(message);
    });
  });
});
