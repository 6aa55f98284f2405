import { describe, expect, it } from 'vitest';
import {
  availableDays,
  bookingDurationMM,
  computeSlots,
  createAvailability,
  type AvailabilityProfessional,
  type AvailabilityQuery,
  type BusyInterval,
  type RequestedService,
} from '../../server/availability/availability';
import { isoWeekday, zonedDateTimeToInstant } from '../../server/domain/time';
import { PROFESSIONALS } from '../../server/seed-data/professionals';
import { SERVICES } from '../../server/seed-data/catalogue';
import { ZONES } from '../../server/seed-data/zones';
import { serviceDuration } from '../../server/catalogue/catalogue';

const TORINO = { lat: 45.0677, lng: 7.6826 };
const PALERMO = { lat: 38.1157, lng: 13.3615 };
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday: weekday as 1 | 2 | 3 | 4 | 5 | 6 | 7,
  start: '08:00',
  end: '20:00',
}));

const pro = (id: string, over: Partial<AvailabilityProfessional> = {}): AvailabilityProfessional => ({
  id,
  zoneIds: ['torino'],
  skills: { categories: ['hair'] },
  hours: ALL_WEEK,
  hoursConfirmed: true,
  travelBufferMM: 30,
  ...over,
});

const anna = pro('anna'); // instant booking
const bice = pro('bice', { hoursConfirmed: false }); // to be confirmed
const carla = pro('carla', { zoneIds: ['milano'] });
const dora = pro('dora', { skills: { categories: ['estetica'] } });
const TEAM = [anna, bice, carla, dora];

const piega: RequestedService = { id: 'piega', category: 'hair', durationMM: 60 };
const kit: RequestedService = {
  id: 'kit',
  category: 'hair',
  durationMM: 30,
  excludeFromBooking: true,
};
const manicure: RequestedService = { id: 'manicure', category: 'estetica', durationMM: 45 };

const DATE = '2026-12-09'; // a Wednesday
const at = (date: string, time: string) => zonedDateTimeToInstant(date, time);
const busy = (date: string, from: string, to: string): BusyInterval => ({
  start: at(date, from),
  end: at(date, to),
});

function query(over: Partial<AvailabilityQuery> = {}): AvailabilityQuery {
  return {
    professionals: TEAM,
    busy: {},
    services: [piega],
    point: TORINO,
    zones: ZONES,
    now: new Date('2026-12-01T08:00:00Z'),
    ...over,
  };
}
const times = (q: AvailabilityQuery, date = DATE) => computeSlots(q, date).map((s) => s.startTime);

describe('available slots', () => {
  it('offers a slot every 30 minutes while the appointment fits in working hours', () => {
    const slots = computeSlots(query(), DATE);
    expect(slots[0]?.startTime).toBe('08:00');
    expect(slots.at(-1)?.startTime).toBe('19:00'); // 60 minutes must end by 20:00
    expect(slots).toHaveLength(23);
    expect(slots[2]).toMatchObject({
      date: DATE,
      startTime: '09:00',
      endTime: '10:00',
      startDateTime: '2026-12-09T08:00:00.000Z',
      endDateTime: '2026-12-09T09:00:00.000Z',
      serviceFee: '5.00',
      durationMM: 60,
      timeZone: 'Europe/Rome',
    });
  });

  it('assigns the slot to a professional with confirmed hours when one is free (instant booking)', () => {
    const slot = computeSlots(query(), DATE).find((s) => s.startTime === '12:00')!;
    expect(slot).toMatchObject({ providerId: 'anna', instantBooking: true, toBeConfirmed: false });
    expect(slot.professionalIds).toEqual(['anna', 'bice']);
  });

  it('leaves out a busy professional; the other one takes the slot, to be confirmed', () => {
    const q = query({ busy: { anna: [busy(DATE, '10:00', '11:00')] } });
    const slot = computeSlots(q, DATE).find((s) => s.startTime === '10:00')!;
    expect(slot.professionalIds).toEqual(['bice']);
    expect(slot).toMatchObject({ providerId: 'bice', instantBooking: false, toBeConfirmed: true });
  });

  it('keeps the duration plus the travel buffer free around other appointments', () => {
    const q = query({
      providerId: 'anna',
      busy: new Map([['anna', [busy(DATE, '13:00', '14:00')]]]),
    });
    const list = times(q);
    expect(list).toContain('11:30'); // ends 12:30, 30 minutes before the 13:00 appointment
    expect(list).not.toContain('12:00');
    expect(list).not.toContain('13:30');
    expect(list).not.toContain('14:00'); // only 0 minutes after the appointment ends
    expect(list).toContain('14:30');
  });

  it('counts services that take time, not products (excludeFromBooking)', () => {
    expect(bookingDurationMM([piega, kit])).toBe(60);
    expect(times(query({ services: [piega, kit] }))).toEqual(times(query({ services: [piega] })));
    const longer = times(query({ services: [piega, { ...piega, id: 'maschera', durationMM: 30 }] }));
    expect(longer.at(-1)).toBe('18:30');
  });

  it('shows nothing in the past or within the 2-hour notice', () => {
    const q = query({ now: at(DATE, '10:10') });
    expect(times(q)[0]).toBe('12:30');
    expect(times(query({ now: at('2026-12-10', '08:00') }))).toEqual([]);
  });

  it('adds the €10 supplement to slots starting before 09:00 or ending after 19:00', () => {
    const bySlot = new Map(computeSlots(query(), DATE).map((s) => [s.startTime, s.supplement]));
    expect(bySlot.get('08:00')).toBe(10);
    expect(bySlot.get('08:30')).toBe(10);
    expect(bySlot.get('09:00')).toBe(0);
    expect(bySlot.get('18:00')).toBe(0); // ends 19:00 exactly
    expect(bySlot.get('18:30')).toBe(10);
  });

  it('gives the right UTC instants on the DST days (Europe/Rome)', () => {
    const early = new Date('2026-01-01T00:00:00Z');
    const spring = computeSlots(query({ now: early }), '2026-03-29');
    expect(spring.find((s) => s.startTime === '09:00')?.startDateTime).toBe('2026-03-29T07:00:00.000Z');
    expect(spring[0]?.startDateTime).toBe('2026-03-29T06:00:00.000Z');
    expect(spring).toHaveLength(23);
    const before = computeSlots(query({ now: early }), '2026-03-28');
    expect(before.find((s) => s.startTime === '09:00')?.startDateTime).toBe('2026-03-28T08:00:00.000Z');
    const autumn = computeSlots(query({ now: early }), '2026-10-25');
    expect(autumn.find((s) => s.startTime === '09:00')?.startDateTime).toBe('2026-10-25T08:00:00.000Z');
    expect(autumn.at(-1)).toMatchObject({
      startTime: '19:00',
      endTime: '20:00',
      endDateTime: '2026-10-25T19:00:00.000Z',
    });
    expect(autumn).toHaveLength(23);
  });

  it('runs a night appointment across the autumn change for its real length', () => {
    const night = pro('nina', { hours: [{ weekday: 7, start: '00:00', end: '24:00' }] });
    const slots = computeSlots(query({ professionals: [night], now: new Date('2026-01-01T00:00:00Z') }), '2026-10-25');
    expect(slots).toHaveLength(49); // 25 hours of starts every 30 minutes, but 23:30 would end past midnight
    const first = slots.find((s) => s.startTime === '02:00')!;
    expect(first.endTime).toBe('02:00'); // 02:00 CEST + 60 minutes = 02:00 CET
    expect(Date.parse(first.endDateTime) - Date.parse(first.startDateTime)).toBe(3_600_000);
  });

  it('filters by the chosen professional', () => {
    const slots = computeSlots(query({ providerId: 'bice' }), DATE);
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => s.providerId === 'bice' && s.professionalIds.join() === 'bice')).toBe(true);
    expect(slots.every((s) => s.toBeConfirmed && !s.instantBooking)).toBe(true);
    expect(computeSlots(query({ providerId: 'carla' }), DATE)).toEqual([]); // does not serve Torino
  });

  it('matches skills and zones', () => {
    const slots = computeSlots(query({ services: [manicure] }), DATE);
    expect(new Set(slots.flatMap((s) => s.professionalIds))).toEqual(new Set(['dora']));
    expect(computeSlots(query({ point: PALERMO }), DATE)).toEqual([]);
    const only = pro('solo', { skills: { categories: ['hair'], exceptServiceIds: ['piega'] } });
    expect(computeSlots(query({ professionals: [only] }), DATE)).toEqual([]);
  });

  it('marks every slot to be confirmed for a service on quote', () => {
    const slots = computeSlots(query({ services: [{ ...piega, isManualFlow: true }] }), DATE);
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => s.toBeConfirmed && !s.instantBooking)).toBe(true);
  });

  it('is sold out when every qualified professional is busy all day', () => {
    const allDay = (d: string) => [busy(d, '07:00', '21:00')];
    const q = query({ busy: { anna: allDay(DATE), bice: allDay(DATE) } });
    expect(computeSlots(q, DATE)).toEqual([]);
    expect(availableDays(DATE, '2026-12-10', q)).toEqual([
      { date: DATE, available: false },
      { date: '2026-12-10', available: true },
    ]);
  });

  it('prefers the less busy of two instant professionals', () => {
    const ada = pro('ada');
    const q = query({ professionals: [anna, ada], busy: { anna: [busy(DATE, '08:00', '09:00')] } });
    expect(computeSlots(q, DATE).find((s) => s.startTime === '15:00')?.providerId).toBe('ada');
  });

  it('serves a group one person after the other', () => {
    const slots = computeSlots(query({ participants: 3 }), DATE);
    expect(slots[0]).toMatchObject({ startTime: '08:00', endTime: '11:00', durationMM: 180 });
    expect(slots.at(-1)?.startTime).toBe('17:00');
  });
});

describe('available days', () => {
  it('lists 60 days with weekdays-only hours closed at weekends', () => {
    const weekdaysOnly = pro('wendy', { hours: ALL_WEEK.filter((h) => h.weekday <= 5) });
    const days = availableDays('2026-12-07', '2027-02-04', query({ professionals: [weekdaysOnly] }));
    expect(days).toHaveLength(60);
    for (const day of days) expect(day.available, day.date).toBe(isoWeekday(day.date) <= 5);
  });

  it('closes days before now + notice and counts a day available while any slot remains', () => {
    const q = query({ now: at(DATE, '17:30') });
    expect(availableDays('2026-12-08', DATE, q).map((d) => d.available)).toEqual([false, false]);
    const planner = createAvailability(query({ now: at(DATE, '16:30') }));
    expect(planner.hasSlots(DATE)).toBe(true);
    expect(planner.slots(DATE).map((s) => s.startTime)).toEqual(['18:30', '19:00']);
  });

  it('books seeded services with seeded professionals in Torino, Milano and Roma', () => {
    const service = SERVICES.find((s) => s.id === 'capelli-piega-liscia')!;
    const requested = [{ ...service, durationMM: serviceDuration(service, 'long') }];
    for (const point of [TORINO, { lat: 45.4754, lng: 9.2062 }, { lat: 41.9009, lng: 12.4833 }]) {
      const days = availableDays('2026-12-07', '2026-12-13', {
        professionals: PROFESSIONALS,
        busy: {},
        zones: ZONES,
        services: requested,
        point,
        now: new Date('2026-12-01T08:00:00Z'),
      });
      expect(days.every((d) => d.available)).toBe(true);
    }
  });
});
