/**
 * SPEC §7 available-days: which days from `fromDate` to `toDate` have a slot. A single booking's
 * slot needs one professional free, so a day is available as soon as any one of those who qualify
 * has a slot that day: the days are answered reading the qualified professionals' busy intervals in
 * batches, in the catalogue's order, the next batch (twice as large) only for the days still
 * without a slot on which one of the professionals not read yet works (issue 30). A city of the
 * seed's size is one batch; at 40× the seed, 40 hairdressers in Torino, a month is one batch of 8
 * instead of 40 professionals' intervals, with the same answer. A salotto needs a team, whose
 * members are not independent: it is answered from everyone's intervals at once, as before.
 */
import type { Db } from '../db/client';
import type { AvailableDay } from './availability';
import { loadAvailability, type AvailabilityRequestSource, type LoadedProfessional } from './availability-store';
import { availabilityKey, cachedAvailabilityReply } from './availability-replies';
import { addDays, daysBetween } from '../domain/time';
import { worksOn } from '../domain/working-time';

/** The first batch: larger than the seed's cities' qualified professionals (Torino's hairdressers: 4). */
export const FIRST_BATCH = 8;

export interface AvailableDaysAnswer {
  days: AvailableDay[];
  /** How many batches were read (one query each): for the tests of the rule above. */
  batches: number;
}

/**
 * The days of `source` (its fromDate…toDate), batch by batch. Each batch's days are computed once
 * per distinct set of busy intervals read (the reply cache of availability-replies.ts).
 */
export async function availableDaysOf(
  db: Db,
  source: AvailabilityRequestSource,
  { firstBatch = FIRST_BATCH }: { firstBatch?: number } = {},
): Promise<AvailableDaysAnswer> {
  const found = new Map<string, boolean>();
  let asked: { from: string; to: string } | null = null;
  let span: { from: string; to: string } | null = null;
  let offset = 0;
  let size = Math.max(1, firstBatch);
  let version: number | null = null;
  let everyone = false;
  let batches = 0;
  for (;;) {
    let qualified: readonly LoadedProfessional[] = [];
    const [from, to] = [offset, offset + size];
    const window = span;
    const loaded = await loadAvailability(
      db,
      (catalogue) => {
        const request = typeof source === 'function' ? source(catalogue) : source;
        asked = { from: request.fromDate, to: request.toDate };
        return window ? { ...request, fromDate: window.from, toDate: window.to } : request;
      },
      everyone
        ? {}
        : {
            choose: (all) => {
              qualified = all;
              return all.slice(from, to);
            },
          },
    );
    batches++;
    if (version !== null && loaded.version !== version) {
      // The catalogue changed between two batches: its professionals may have too. Everyone, once.
      found.clear();
      [span, everyone, version] = [null, true, null];
      continue;
    }
    version = loaded.version;
    const { from: fromDate, to: toDate } = window ?? asked!;
    const bits = cachedAvailabilityReply(db, availabilityKey(loaded, `days:${fromDate}:${toDate}`), () =>
      loaded.availability
        .days(fromDate, toDate)
        .map((d) => (d.available ? '1' : '0'))
        .join(''),
    );
    for (let i = 0; i < bits.length; i++) if (bits[i] === '1') found.set(addDays(fromDate, i), true);
    // A salotto, the filter, or everyone read: nothing is left to read.
    if (everyone || loaded.query.kind === 'salotto' || to >= qualified.length) break;
    const later = qualified.slice(to);
    const open: string[] = [];
    for (let i = 0; i < bits.length; i++) {
      const date = addDays(fromDate, i);
      if (!found.get(date) && later.some((p) => worksOn(p, date))) open.push(date);
    }
    if (open.length === 0) break;
    span = { from: open[0]!, to: open[open.length - 1]! };
    offset = to;
    size *= 2;
  }
  const { from, to } = asked!;
  const count = daysBetween(from, to) + 1;
  const days: AvailableDay[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(from, i);
    days.push({ date, available: found.get(date) === true });
  }
  return { days, batches };
}
