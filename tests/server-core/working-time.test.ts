import { describe, expect, it } from 'vitest';
import {
  createAvailability,
  type AvailabilityProfessional,
  type RequestedService,
} from '../../server/availability/availability';
import type { WorkingHours } from '../../server/domain/professionals';
import { zonedDateTimeToInstant } from '../../server/domain/time';
import { hoursOn, withinHours, workingWindows, worksOn } from '../../server/domain/working-time';

/**
 * Issue 40: when a professional works on a day, the one rule (server/domain/working-time.ts): her
 * week in force that day (the latest saved from on or before it, else her baseline), minus her time
 * off; availability (single and salotto) applies exactly that.
 */
const week = (start: string, end: string, weekdays: number[] = [1, 2, 3, 4, 5, 6, 7]): WorkingHours[] =>
  weekdays.map((weekday) => ({ weekday: weekday as WorkingHours['weekday'], start, end }));
const at = (date: string, time: string) => zonedDateTimeToInstant(date, time).getTime();

const BASE = week('09:00', '18:00');
const LATER = week('14:00', '20:00', [1, 2, 3, 4, 5]);
const FROM = '2026-12-10'; // a Thursday
const pro = (over: Partial<AvailabilityProfessional> = {}): AvailabilityProfessional => ({
  id: 'anna',
  zoneIds: ['torino'],
  skills: { categories: ['hair', 'make-up'] },
  hours: BASE,
  hoursFrom: [{ validFrom: FROM, hours: LATER }],
  hoursConfirmed: true,
  travelBufferMM: 0,
  ...over,
});

describe('hoursOn: the week in force on a day', () => {
  it('is the baseline before the first saved week, the saved week from its day on, and the latest one after', () => {
    const anna = pro({
      hoursFrom: [
        { validFrom: FROM, hours: LATER },
        { validFrom: '2027-01-04', hours: BASE },
      ],
    });
    expect(hoursOn(anna, '2026-12-09')).toBe(BASE);
    expect(hoursOn(anna, FROM)).toBe(LATER);
    expect(hoursOn(anna, '2027-01-03')).toBe(LATER);
    expect(hoursOn(anna, '2027-01-04')).toBe(BASE);
  });

  it('says whether she works that day by that week (Saturdays off from FROM)', () => {
    expect(worksOn(pro(), '2026-12-05')).toBe(true);
    expect(worksOn(pro(), '2026-12-12')).toBe(false);
  });
});

describe('workingWindows: her hours that day minus her time off', () => {
  it('cuts a time off of hours out of the day, and a time off of days takes it all', () => {
    const day = '2026-12-09';
    const hours = { start: at(day, '11:00'), end: at(day, '12:30') };
    expect(workingWindows(pro({ timeOff: [hours] }), day)).toEqual([
      at(day, '09:00'),
      at(day, '11:00'),
      at(day, '12:30'),
      at(day, '18:00'),
    ]);
    const days = { start: at('2026-12-08', '00:00'), end: at('2026-12-10', '00:00') };
    expect(workingWindows(pro({ timeOff: [days] }), day)).toEqual([]);
    expect(workingWindows(pro({ timeOff: [days] }), '2026-12-07')).toEqual([
      at('2026-12-07', '09:00'),
      at('2026-12-07', '18:00'),
    ]);
  });

  it('judges an appointment outside her hours by the week in force on its day, her time off aside', () => {
    expect(withinHours(pro(), '2026-12-09', at('2026-12-09', '10:00'), at('2026-12-09', '11:00'))).toBe(true);
    expect(withinHours(pro(), FROM, at(FROM, '10:00'), at(FROM, '11:00'))).toBe(false);
    expect(withinHours(pro(), FROM, at(FROM, '19:00'), at(FROM, '20:00'))).toBe(true);
  });
});

describe('availability applies it', () => {
  const piega: RequestedService = { id: 'piega', category: 'hair', durationMM: 60 };
  const trucco: RequestedService = { id: 'trucco', category: 'make-up', durationMM: 60 };
  const zones = [{ id: 'torino', name: 'Torino', city: 'Torino', center: { lat: 45.0677, lng: 7.6826 }, radiusKm: 20 }];
  const query = (
    professionals: AvailabilityProfessional[],
    services = [piega],
    kind: 'single' | 'salotto' = 'single',
  ) =>
    createAvailability({
      professionals,
      busy: new Map(),
      services,
      point: { lat: 45.0677, lng: 7.6826 },
      zones,
      kind,
      participants: kind === 'salotto' ? 2 : 1,
      now: new Date('2026-12-01T08:00:00Z'),
      rules: { supplementFrom: '00:00', supplementUntil: '24:00' },
    });

  it('offers the new hours from their day, the old ones before', () => {
    const starts = (date: string) =>
      query([pro()])
        .slots(date)
        .map((s) => s.startTime);
    expect(starts('2026-12-09')[0]).toBe('09:00');
    expect(starts('2026-12-09').at(-1)).toBe('17:00');
    expect(starts(FROM)[0]).toBe('14:00');
    expect(starts(FROM).at(-1)).toBe('19:00');
    expect(starts('2026-12-12')).toEqual([]);
  });

  it('never offers her inside her time off, a single booking or a salotto part', () => {
    const day = '2026-12-09';
    const off = { start: at(day, '11:00'), end: at(day, '13:00') };
    const single = query([pro({ timeOff: [off] })])
      .slots(day)
      .map((s) => s.startTime);
    expect(single).toContain('10:00');
    expect(single).not.toContain('10:30');
    expect(single).not.toContain('12:00');
    expect(single).toContain('13:00');
    const bice = pro({ id: 'bice', skills: { categories: ['make-up'] }, hoursFrom: [] });
    const anna = pro({ skills: { categories: ['hair'] }, timeOff: [off] });
    const team = query([anna, bice], [piega, trucco], 'salotto').slots(day);
    for (const slot of team) {
      const hers = slot.team!.find((m) => m.professionalId === 'anna')!;
      const [s, e] = [Date.parse(hers.startDateTime), Date.parse(hers.endDateTime)];
      expect(e <= off.start || s >= off.end, `${slot.startTime}`).toBe(true);
    }
    expect(team.map((s) => s.startTime)).toContain('09:00');
    expect(team.map((s) => s.startTime)).not.toContain('10:00');
  });
});
