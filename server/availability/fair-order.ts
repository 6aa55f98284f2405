/**
 * Who gets a time when several professionals are free for it (issue 40): one rule, written once in
 * docs/api.md ("Who gets the time") and applied here only. Availability ranks the free professionals
 * of every slot with it (a salotto: each category's), the store and the hold take the first of a
 * single booking's with the customer's ratings (bookingCandidates, server/bookings/booking-store.ts),
 * the times offered to a signed-in customer say who would come by it, and a request passed on asks
 * the next professional by it (server/requests/requests.ts). A hand-over calls `fairOrder` with the
 * colleagues free at the appointment's time.
 *
 * The criteria, in the order applied (FAIR_ORDER_CRITERIA; each compares only when every criterion
 * before it ties):
 * 1. `ratedLow`: one the customer last rated RATING_LOW_MAX stars or fewer goes after everyone else
 *    (she comes only when nobody else is free).
 * 2. `confirmedHours`: hours confirmed first (the booking is instant).
 * 3. `fewerAppointments`: fewer appointments that local day (Europe/Rome) first.
 * 4. `ratedFive`: one the customer last rated RATING_PREFERRED stars first.
 * 5. `rotation`: a hash of (professional id, day): a fixed order for a day, another the next day,
 *    never the ids' order; with `fewerAppointments` before it, a day's bookings go round.
 * Pure and deterministic: the same candidates, day and ratings give the same order.
 */

/** What the rule reads of a professional free for the time. */
export interface FairCandidate {
  id: string;
  hoursConfirmed: boolean;
  /**
   * Her appointments starting that local day (Europe/Rome): bookings not cancelled (a salotto:
   * her part) and the times held for another customer right now (availability's busy intervals).
   */
  appointmentsThatDay: number;
}

/** What the customer last thought of the professionals she rated (server/bookings/opinion.ts reads it). */
export interface CustomerRatings {
  /** Rated RATING_LOW_MAX stars or fewer. */
  avoid: ReadonlySet<string>;
  /** Rated RATING_PREFERRED stars. */
  prefer: ReadonlySet<string>;
}

export const NO_RATINGS: CustomerRatings = { avoid: new Set(), prefer: new Set() };

export interface FairContext {
  /** The local day of the time ('YYYY-MM-DD'): the rotation's. */
  day: string;
  /** The customer's, when she is known and books alone; none otherwise. */
  ratings?: CustomerRatings;
}

/**
 * The rotation's key: FNV-1a of "day|id", mixed (murmur3's finalizer) so that ids alike give
 * unrelated keys. An unsigned 32-bit integer.
 */
export function rotationKey(professionalId: string, day: string): number {
  const text = `${day}|${professionalId}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Each criterion as a number, lower first. */
const CRITERIA = {
  ratedLow: (c: FairCandidate, x: FairContext) => (x.ratings?.avoid.has(c.id) ? 1 : 0),
  confirmedHours: (c: FairCandidate) => (c.hoursConfirmed ? 0 : 1),
  fewerAppointments: (c: FairCandidate) => c.appointmentsThatDay,
  ratedFive: (c: FairCandidate, x: FairContext) => (x.ratings?.prefer.has(c.id) ? 0 : 1),
  rotation: (c: FairCandidate, x: FairContext) => rotationKey(c.id, x.day),
} satisfies Record<string, (candidate: FairCandidate, context: FairContext) => number>;

export type FairCriterion = keyof typeof CRITERIA;

/** The rule: its criteria in the order they are applied (docs/api.md lists them in this order). */
export const FAIR_ORDER_CRITERIA = [
  'ratedLow',
  'confirmedHours',
  'fewerAppointments',
  'ratedFive',
  'rotation',
] as const satisfies readonly FairCriterion[];

/** A candidate with her key under the rule, computed once (availability ranks every slot of a day with it). */
export interface FairRank {
  readonly id: string;
  readonly key: readonly number[];
}

export function fairRank(candidate: FairCandidate, context: FairContext): FairRank {
  return { id: candidate.id, key: FAIR_ORDER_CRITERIA.map((name) => CRITERIA[name](candidate, context)) };
}

/** Lower first, criterion by criterion; the ids only when two keys collide (the same rotation's hash). */
export function compareFairRanks(a: FairRank, b: FairRank): number {
  for (let i = 0; i < a.key.length; i++) {
    const d = a.key[i]! - b.key[i]!;
    if (d !== 0) return d;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The candidates in the rule's order: the first is the one who gets the time. */
export function fairOrder<T extends FairCandidate>(candidates: readonly T[], context: FairContext): T[] {
  return candidates
    .map((candidate) => ({ candidate, rank: fairRank(candidate, context) }))
    .sort((a, b) => compareFairRanks(a.rank, b.rank))
    .map((r) => r.candidate);
}
