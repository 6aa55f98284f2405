/**
 * When a professional works on a day (issue 40), the one rule every room applies: availability
 * (single bookings and each salotto part), the store and the holds through it, the moves, the
 * times offered instead of a request's, and her hours screen's list of appointments outside them.
 *
 * - Her week in force on a local day is the one saved with the latest `validFrom` on or before it;
 *   before her first saved week, her baseline week (`hours`).
 * - Her working time that day is that week's ranges for the day's weekday, as instants of the
 *   day's clocks (DST days included), minus her time off (not cancelled).
 */
import type { AvailabilityProfessional, DatedHours, WorkingHours } from './professionals';
import { dayFrame, frameInstant, isoWeekday, parseHHmm, type DayFrame } from './time';

/** Her week in force on `date` ('YYYY-MM-DD'): the latest dated week from on or before it, else her baseline. */
export function hoursOn(
  pro: Pick<AvailabilityProfessional, 'hours' | 'hoursFrom'>,
  date: string,
): readonly WorkingHours[] {
  const dated = pro.hoursFrom;
  if (!dated || dated.length === 0) return pro.hours;
  let found: DatedHours | null = null;
  // Sorted by validFrom ascending (the catalogue keeps them so): the last one not after `date`.
  for (const week of dated) {
    if (week.validFrom > date) break;
    found = week;
  }
  return found ? found.hours : pro.hours;
}

/** Weekly hours as sorted minute ranges by weekday, computed once per hours list. */
type WeeklyRanges = ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
const rangesByHours = new WeakMap<readonly WorkingHours[], WeeklyRanges>();

function weeklyRanges(hours: readonly WorkingHours[]): WeeklyRanges {
  const known = rangesByHours.get(hours);
  if (known) return known;
  const ranges: Array<Array<readonly [number, number]>> = Array.from({ length: 8 }, () => []);
  for (const h of hours) ranges[h.weekday]!.push([parseHHmm(h.start), parseHHmm(h.end)] as const);
  for (const r of ranges) r.sort((a, b) => a[0] - b[0]);
  rangesByHours.set(hours, ranges);
  return ranges;
}

/** Whether she has any hours on `date` (before her time off is taken out). */
export function worksOn(pro: Pick<AvailabilityProfessional, 'hours' | 'hoursFrom'>, date: string): boolean {
  return weeklyRanges(hoursOn(pro, date))[isoWeekday(date)]!.length > 0;
}

/**
 * Her working time on `date` as instants, [start, end) pairs flattened and ascending: the ranges of
 * her week in force that day, minus her time off (`timeOff`, sorted by start).
 */
export function workingWindows(
  pro: Pick<AvailabilityProfessional, 'hours' | 'hoursFrom' | 'timeOff'>,
  date: string,
  frame: DayFrame = dayFrame(date),
): number[] {
  const ranges = weeklyRanges(hoursOn(pro, date))[isoWeekday(date)]!;
  const windows: number[] = [];
  for (const [s, e] of ranges) windows.push(frameInstant(frame, s), frameInstant(frame, e));
  const off = pro.timeOff;
  if (!off || off.length === 0 || windows.length === 0) return windows;
  return subtract(windows, off, frame.startMs, frame.endMs);
}

/** `windows` (flattened pairs, ascending) minus the spans of `off` that touch [dayStart, dayEnd). */
function subtract(
  windows: readonly number[],
  off: readonly { start: number; end: number }[],
  dayStart: number,
  dayEnd: number,
): number[] {
  const spans = off.filter((o) => o.end > dayStart && o.start < dayEnd);
  if (spans.length === 0) return [...windows];
  const result: number[] = [];
  for (let k = 0; k < windows.length; k += 2) {
    let pieces: Array<[number, number]> = [[windows[k]!, windows[k + 1]!]];
    for (const o of spans) {
      const next: Array<[number, number]> = [];
      for (const [s, e] of pieces) {
        if (o.end <= s || o.start >= e) next.push([s, e]);
        else {
          if (o.start > s) next.push([s, o.start]);
          if (o.end < e) next.push([o.end, e]);
        }
      }
      pieces = next;
    }
    for (const [s, e] of pieces) result.push(s, e);
  }
  return result;
}

/** Whether [startMs, endMs) lies within one of `windows` (flattened pairs). */
export function withinWindows(windows: readonly number[], startMs: number, endMs: number): boolean {
  for (let k = 0; k < windows.length; k += 2) if (startMs >= windows[k]! && endMs <= windows[k + 1]!) return true;
  return false;
}

/**
 * Whether an appointment of hers on `date` from `startMs` to `endMs` lies within the hours of her
 * week in force that day (her time off left aside: an appointment it covers is handed over, not
 * outside her hours).
 */
export function withinHours(
  pro: Pick<AvailabilityProfessional, 'hours' | 'hoursFrom'>,
  date: string,
  startMs: number,
  endMs: number,
): boolean {
  return withinWindows(workingWindows({ hours: pro.hours, hoursFrom: pro.hoursFrom }, date), startMs, endMs);
}
