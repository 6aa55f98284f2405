import { describe, expect, it } from 'vitest';
import {
  availableDays,
  computeSlots,
  type AvailabilityProfessional,
  type AvailabilityQuery,
  type RequestedService,
} from '../../server/availability/availability';
import { SERVICES } from '../../server/seed-data/catalogue';
import { PROFESSIONALS } from '../../server/seed-data/professionals';
import { ZONES } from '../../server/seed-data/zones';
import { zonedDateTimeToInstant } from '../../server/domain/time';

/** A salotto is served by a team: one professional per chosen category, all from the same start. */
const TORINO = { lat: 45.0677, lng: 7.6826 };
const DATE = '2026-12-09'; // a Wednesday
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday: weekday as 1 | 2 | 3 | 4 | 5 | 6 | 7,
  start: '08:00',
  end: '20:00',
}));

const pro = (id: string, categories: AvailabilityProfessional['skills']['categories'], over = {}) => ({
  id,
  zoneIds: ['torino'],
  skills: { categories },
  hours: ALL_WEEK,
  hoursConfirmed: true,
  travelBufferMM: 30,
  ...over,
});

const hairdresser = pro('hana', ['hair']);
const beautician = pro('elsa', ['estetica']);
const makeupArtist = pro('mia', ['make-up']);
const allRounder = pro('tutta', ['hair', 'estetica', 'make-up']);

const pieghe: RequestedService = { id: 'pieghe', category: 'hair', durationMM: 45 };
const manicure: RequestedService = { id: 'manicure', category: 'estetica', durationMM: 40 };
const trucco: RequestedService = { id: 'trucco', category: 'make-up', durationMM: 30 };

const at = (time: string, date = DATE) => zonedDateTimeToInstant(date, time);

function salotto(over: Partial<AvailabilityQuery> = {}): AvailabilityQuery {
  return {
    professionals: [hairdresser, beautician, makeupArtist],
    busy: {},
    zones: ZONES,
    services: [pieghe, manicure, trucco],
    point: TORINO,
    participants: 3,
    kind: 'salotto',
    now: new Date('2026-12-01T08:00:00Z'),
    ...over,
  };
}

describe('salotto availability (a team)', () => {
  it('finds a team, one professional per category, each for her own services × the people', () => {
    const [first] = computeSlots(salotto(), DATE);
    // The longest part (hair: 45 min × 3) sets the end; every slot is a request.
    expect(first).toMatchObject({
      startTime: '08:00',
      endTime: '10:15',
      durationMM: 135,
      toBeConfirmed: true,
      instantBooking: false,
      professionalIds: ['hana', 'elsa', 'mia'],
    });
    expect(first!.team).toEqual([
      {
        category: 'hair',
        professionalId: 'hana',
        startDateTime: at('08:00').toISOString(),
        endDateTime: at('10:15').toISOString(),
        durationMM: 135,
      },
      {
        category: 'estetica',
        professionalId: 'elsa',
        startDateTime: at('08:00').toISOString(),
        endDateTime: at('10:00').toISOString(),
        durationMM: 120,
      },
      {
        category: 'make-up',
        professionalId: 'mia',
        startDateTime: at('08:00').toISOString(),
        endDateTime: at('09:30').toISOString(),
        durationMM: 90,
      },
    ]);
    // The last start leaves the hairdresser her whole part before 20:00.
    expect(computeSlots(salotto(), DATE).at(-1)?.startTime).toBe('17:30');
  });

  it('has no slot when one category’s only professional is busy for her part (travel buffer included)', () => {
    const busy = { mia: [{ start: at('10:00'), end: at('12:00') }] };
    const times = computeSlots(salotto({ busy }), DATE).map((s) => s.startTime);
    // Make-up lasts 90 minutes and needs 30 minutes' travel after it: it must end by 09:30.
    expect(times).toContain('08:00');
    expect(times).not.toContain('08:30');
    expect(times).not.toContain('11:00');
    // Back after 12:00 + 30 minutes.
    expect(times).toContain('12:30');
    const allDay = { mia: [{ start: at('07:00'), end: at('21:00') }] };
    expect(computeSlots(salotto({ busy: allDay }), DATE)).toEqual([]);
    expect(availableDays(DATE, DATE, salotto({ busy: allDay }))).toEqual([{ date: DATE, available: false }]);
  });

  it('never puts one professional in two parts: one person cannot serve two categories at once', () => {
    expect(computeSlots(salotto({ professionals: [allRounder] }), DATE)).toEqual([]);
    const slots = computeSlots(salotto({ professionals: [allRounder, beautician, makeupArtist] }), DATE);
    expect(slots[0]?.professionalIds).toEqual(['tutta', 'elsa', 'mia']);
    // The all-rounder is busy: nobody left for hair.
    const busy = { tutta: [{ start: at('07:00'), end: at('21:00') }] };
    expect(computeSlots(salotto({ professionals: [allRounder, beautician, makeupArtist], busy }), DATE)).toEqual([]);
  });

  it('keeps the professional filter: the chosen professional is in the team', () => {
    const second = pro('hilde', ['hair'], { hoursConfirmed: false });
    const q = salotto({ professionals: [hairdresser, second, beautician, makeupArtist] });
    expect(computeSlots(q, DATE)[0]?.team?.[0]?.professionalId).toBe('hana');
    const filtered = computeSlots({ ...q, providerId: 'hilde' }, DATE);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((s) => s.professionalIds.includes('hilde'))).toBe(true);
    expect(computeSlots({ ...q, providerId: 'mia' }, DATE)[0]?.professionalIds).toContain('mia');
    // Someone who cannot do any chosen category, or is unknown: no slot.
    expect(computeSlots({ ...q, providerId: 'nessuna' }, DATE)).toEqual([]);
    expect(computeSlots(salotto({ services: [pieghe], providerId: 'elsa' }), DATE)).toEqual([]);
  });

  it('leaves the single booking as it was (one professional does every service)', () => {
    const single = computeSlots(salotto({ kind: 'single', professionals: [allRounder], participants: 1 }), DATE);
    expect(single[0]).toMatchObject({ startTime: '08:00', endTime: '09:55', providerId: 'tutta' });
    expect(single[0]?.team).toBeUndefined();
  });

  it('lets every served city field a salotto of hair + estetica + make-up on every day of two weeks (seed)', () => {
    const pick = (id: string): RequestedService => {
      const s = SERVICES.find((x) => x.id === id)!;
      return { id, category: s.category, durationMM: s.durationMM };
    };
    const services = ['salotto-capelli-taglio-piega', 'salotto-estetica-semipermanente', 'salotto-makeup-evento'].map(
      pick,
    );
    for (const zone of ZONES) {
      const days = availableDays('2026-12-02', '2026-12-15', {
        professionals: PROFESSIONALS,
        busy: {},
        zones: ZONES,
        services,
        point: zone.center,
        participants: 3,
        kind: 'salotto',
        now: new Date('2026-12-01T08:00:00Z'),
      });
      expect(days.filter((d) => !d.available).map((d) => `${zone.id} ${d.date}`)).toEqual([]);
    }
  });
});
