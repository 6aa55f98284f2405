import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  computeSlots,
  type AvailabilityProfessional,
  type AvailabilityQuery,
} from '../../server/availability/availability';
import {
  FAIR_ORDER_CRITERIA,
  fairOrder,
  rotationKey,
  type FairCandidate,
  type FairContext,
  type FairCriterion,
} from '../../server/availability/fair-order';
import { addDays, zonedDateTimeToInstant } from '../../server/domain/time';
import { ZONES } from '../../server/seed-data/zones';

/**
 * Issue 40: who gets a time when several professionals are free for it. docs/api.md writes the
 * rule once ("Who gets the time"), server/availability/fair-order.ts applies it in the order of
 * FAIR_ORDER_CRITERIA, and the behaviour below follows that order: the three agree.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DAY = '2026-12-09';

/** The rule as docs/api.md writes it: the criteria of its numbered list, in order, and its text. */
function documentedRule(): { criteria: string[]; text: string } {
  const doc = readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');
  const start = doc.indexOf('- **Who gets the time**');
  expect(start, 'docs/api.md has the rule').toBeGreaterThan(-1);
  const text = doc.slice(start, doc.indexOf('\n- ', start + 1));
  const criteria = [...text.matchAll(/^\s+(\d+)\. `(\w+)`:/gm)].map((m) => {
    return { n: Number(m[1]), name: m[2]! };
  });
  expect(criteria.map((c) => c.n)).toEqual(criteria.map((_, i) => i + 1));
  return { criteria: criteria.map((c) => c.name), text };
}

const candidate = (id: string, over: Partial<FairCandidate> = {}): FairCandidate => ({
  id,
  hoursConfirmed: true,
  appointmentsThatDay: 0,
  ...over,
});
const none: FairContext = { day: DAY };

/**
 * For each criterion, `better` wins it and `worse` wins the next one: the criterion comes first,
 * whatever the next one says (the rotation, the last, is checked on its own below).
 */
function duel(criterion: FairCriterion): { better: FairCandidate; worse: FairCandidate; context: FairContext } {
  switch (criterion) {
    case 'ratedLow':
      // Worse: rated 1★, yet confirmed hours where the better one is on request.
      return {
        better: candidate('b', { hoursConfirmed: false }),
        worse: candidate('w'),
        context: { day: DAY, ratings: { avoid: new Set(['w']), prefer: new Set() } },
      };
    case 'confirmedHours':
      return {
        better: candidate('b', { appointmentsThatDay: 3 }),
        worse: candidate('w', { hoursConfirmed: false }),
        context: none,
      };
    case 'fewerAppointments':
      return {
        better: candidate('b'),
        worse: candidate('w', { appointmentsThatDay: 1 }),
        context: { day: DAY, ratings: { avoid: new Set(), prefer: new Set(['w']) } },
      };
    case 'ratedFive': {
      // Rated 5★ and last in the day's rotation: her 5★ still puts her first.
      const [first, second] = [candidate('x'), candidate('y')].sort(
        (a, b) => rotationKey(a.id, DAY) - rotationKey(b.id, DAY),
      );
      return {
        better: second!,
        worse: first!,
        context: { day: DAY, ratings: { avoid: new Set(), prefer: new Set([second!.id]) } },
      };
    }
    case 'rotation': {
      const [first, second] = [candidate('x'), candidate('y')].sort(
        (a, b) => rotationKey(a.id, DAY) - rotationKey(b.id, DAY),
      );
      return { better: first!, worse: second!, context: none };
    }
  }
}

describe('the rule of who gets the time (fair-order.ts)', () => {
  it('docs/api.md lists the criteria in the order the code applies them, and names the function', () => {
    const { criteria, text } = documentedRule();
    expect(criteria).toEqual([...FAIR_ORDER_CRITERIA]);
    expect(text).toContain('`fairOrder` in server/availability/fair-order.ts');
    expect(text).toContain('`FAIR_ORDER_CRITERIA`');
    // The words of the issue: confirmed calendars, fewer appointments that day, her ratings, a rotation.
    expect(text).toMatch(/1–2★\*\* comes only when nobody else is\s+free/);
    expect(text).toMatch(/confirmed calendars first/);
    expect(text).toMatch(/fewer appointments that day first/);
    expect(text).toMatch(/5★\*\* first/);
    expect(text).toMatch(/never the\s+ids' order/);
  });

  it('applies each criterion before the next one, in that order', () => {
    for (const criterion of FAIR_ORDER_CRITERIA) {
      const { better, worse, context } = duel(criterion);
      expect(
        fairOrder([worse, better], context).map((c) => c.id),
        criterion,
      ).toEqual([better.id, worse.id]);
      expect(
        fairOrder([better, worse], context).map((c) => c.id),
        criterion,
      ).toEqual([better.id, worse.id]);
    }
  });

  it('one rated 1–2★ comes last even with confirmed hours and no appointment, and still comes when alone', () => {
    const ratings = { avoid: new Set(['giulia']), prefer: new Set<string>() };
    const order = fairOrder(
      [candidate('giulia'), candidate('martina', { hoursConfirmed: false, appointmentsThatDay: 4 })],
      { day: DAY, ratings },
    );
    expect(order.map((c) => c.id)).toEqual(['martina', 'giulia']);
    expect(fairOrder([candidate('giulia')], { day: DAY, ratings }).map((c) => c.id)).toEqual(['giulia']);
  });

  it('the rotation is deterministic, changes with the day, and is not the ids’ order', () => {
    const three = [candidate('a'), candidate('b'), candidate('c')];
    expect(fairOrder(three, none)).toEqual(fairOrder([...three].reverse(), none));
    const firsts = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      const first = fairOrder(three, { day: addDays(DAY, i) })[0]!.id;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    // Over 300 days each one comes first about a third of the time (never always the smallest id).
    for (const id of ['a', 'b', 'c']) {
      expect(firsts.get(id), id).toBeGreaterThan(70);
      expect(firsts.get(id), id).toBeLessThan(130);
    }
  });

  it('a day of bookings given one by one, each to the first in the order, goes round: 10 each of 30', () => {
    const counts = new Map([
      ['a', 0],
      ['b', 0],
      ['c', 0],
    ]);
    for (let i = 0; i < 30; i++) {
      const first = fairOrder(
        [...counts].map(([id, n]) => candidate(id, { appointmentsThatDay: n })),
        none,
      )[0]!;
      counts.set(first.id, counts.get(first.id)! + 1);
    }
    expect([...counts.values()]).toEqual([10, 10, 10]);
  });
});

describe('availability ranks each slot with it', () => {
  const TORINO = { lat: 45.0677, lng: 7.6826 };
  const ALL_WEEK = ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
  const pro = (id: string, over: Partial<AvailabilityProfessional> = {}): AvailabilityProfessional => ({
    id,
    zoneIds: ['torino'],
    skills: { categories: ['hair'] },
    hours: ALL_WEEK,
    hoursConfirmed: true,
    travelBufferMM: 30,
    ...over,
  });
  const at = (time: string, date = DAY) => zonedDateTimeToInstant(date, time);
  const query = (over: Partial<AvailabilityQuery>): AvailabilityQuery => ({
    professionals: [pro('anna'), pro('bice')],
    busy: {},
    services: [{ id: 'piega', category: 'hair', durationMM: 60 }],
    point: TORINO,
    zones: ZONES,
    now: new Date('2026-12-01T08:00:00Z'),
    ...over,
  });
  const slotAt = (q: AvailabilityQuery, time: string) => computeSlots(q, DAY).find((s) => s.startTime === time)!;

  it('counts each appointment that day once, even two whose travel buffers touch', () => {
    // Anna: 08:00–09:00 and 09:30–10:30 (30 minutes' travel between: one busy stretch); Bice: one.
    const busy = {
      anna: [
        { start: at('08:00'), end: at('09:00') },
        { start: at('09:30'), end: at('10:30') },
      ],
      bice: [{ start: at('08:00'), end: at('09:00') }],
    };
    const slot = slotAt(query({ busy }), '15:00');
    expect(slot.providerId).toBe('bice');
    expect(slot.professionalIds).toEqual(['bice', 'anna']);
    expect(slot.appointmentsThatDay).toEqual(
      new Map([
        ['anna', 2],
        ['bice', 1],
      ]),
    );
  });

  it('counts the appointments of that local day only (not the evening before, ending after midnight)', () => {
    const busy = { anna: [{ start: at('23:00', addDays(DAY, -1)), end: at('00:30') }] };
    const slot = slotAt(query({ busy }), '15:00');
    expect(slot.appointmentsThatDay?.get('anna')).toBe(0);
    // Equal on everything else: the day's rotation decides, whatever the ids.
    const rotation = ['anna', 'bice'].sort((a, b) => rotationKey(a, DAY) - rotationKey(b, DAY));
    expect(slot.professionalIds).toEqual(rotation);
    expect(slotAt(query({ busy, professionals: [pro('bice'), pro('anna')] }), '15:00').professionalIds).toEqual(
      rotation,
    );
  });

  it('a salotto’s parts follow the same order', () => {
    const q = query({
      professionals: [pro('anna'), pro('bice'), pro('elsa', { skills: { categories: ['estetica'] } })],
      services: [
        { id: 'piega', category: 'hair', durationMM: 60 },
        { id: 'manicure', category: 'estetica', durationMM: 45 },
      ],
      kind: 'salotto',
      participants: 2,
      busy: { anna: [{ start: at('08:00'), end: at('09:00') }] },
    });
    expect(slotAt(q, '15:00').team?.[0]?.professionalId).toBe('bice');
  });
});
