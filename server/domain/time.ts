/**
 * Wall-clock ↔ instant conversions for one IANA time zone (Europe/Rome by default), built on the
 * Intl API only: no tz database dependency.
 *
 * The unit of work is a `DayFrame`: one local calendar day, its first and last instant, and the
 * offset(s) in force that day. A day holds at most one offset change (true for Europe/Rome and
 * every zone we serve), so after two or three Intl calls per day every conversion is arithmetic.
 *
 * Non-existent local times (the skipped hour when clocks go forward) resolve with the offset in
 * force before the change, i.e. 02:30 on 2026-03-29 becomes 03:30 CEST; ambiguous times (the
 * repeated hour in autumn) resolve to the earlier instant. Both match Temporal's 'compatible'.
 */
import { instantToZoned as zonedOf } from '../../contract/zoned-time';
import type { IsoWeekday } from './professionals';

export const TIME_ZONE = 'Europe/Rome';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, f);
  }
  return f;
}

/** Offset of `timeZone` from UTC at `instantMs`, in milliseconds (Rome: +3 600 000 or +7 200 000). */
export function offsetMs(instantMs: number, timeZone: string = TIME_ZONE): number {
  const part = offsetFormatter(timeZone)
    .formatToParts(instantMs)
    .find((p) => p.type === 'timeZoneName');
  const m = part ? /GMT([+-])(\d{2}):(\d{2})/.exec(part.value) : null;
  if (!m) return 0; // 'GMT' alone: UTC itself
  const sign = m[1] === '-' ? -1 : 1;
  return sign * (Number(m[2]) * 60 + Number(m[3])) * MINUTE_MS;
}

/** Parses 'YYYY-MM-DD' into UTC milliseconds of that calendar date at 00:00 (a wall-clock value). */
export function parseIsoDate(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Invalid date '${date}', expected YYYY-MM-DD`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const ms = Date.UTC(y, mo - 1, d);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    throw new RangeError(`Invalid date '${date}'`);
  }
  return ms;
}

export function isIsoDate(value: string): boolean {
  try {
    parseIsoDate(value);
    return true;
  } catch {
    return false;
  }
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Formats UTC-midnight milliseconds of a calendar date as 'YYYY-MM-DD'. */
export function formatIsoDate(wallMidnightMs: number): string {
  const d = new Date(wallMidnightMs);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

export function addDays(date: string, days: number): string {
  return formatIsoDate(parseIsoDate(date) + days * DAY_MS);
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday (Postgres `isodow`). */
export function isoWeekday(date: string): IsoWeekday {
  const day = new Date(parseIsoDate(date)).getUTCDay();
  return (day === 0 ? 7 : day) as IsoWeekday;
}

/** 'HH:mm' → minutes since midnight. */
export function parseHHmm(time: string): number {
  const m = TIME_RE.exec(time);
  if (!m) {
    if (time === '24:00') return 1440;
    throw new RangeError(`Invalid time '${time}', expected HH:mm`);
  }
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes since midnight → 'HH:mm' (wraps past midnight). */
export function formatHHmm(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

/** Converts a wall-clock value (local time expressed as UTC ms) to an instant. */
function wallToInstant(wallMs: number, timeZone: string): number {
  const first = wallMs - offsetMs(wallMs, timeZone);
  const second = wallMs - offsetMs(first, timeZone);
  if (first === second) return first;
  // Near a change the two guesses disagree; keep one that maps back, preferring the earlier.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const t of candidates) if (t + offsetMs(t, timeZone) === wallMs) return t;
  return wallMs - offsetMs(wallMs - DAY_MS / 2, timeZone); // gap: offset before the change
}

export interface DayFrame {
  readonly date: string;
  readonly timeZone: string;
  /** The calendar date's 00:00 as UTC ms (a wall-clock value, not an instant). */
  readonly wallMidnightMs: number;
  /** First instant of the local day. */
  readonly startMs: number;
  /** First instant of the next local day (exclusive end). 23 h or 25 h after start on DST days. */
  readonly endMs: number;
  readonly offsetBeforeMs: number;
  readonly offsetAfterMs: number;
  /** First instant with `offsetAfterMs`, or null when the offset does not change that day. */
  readonly transitionMs: number | null;
}

const frameCache = new Map<string, DayFrame>();

/** The local day `date` in `timeZone`. Cached: a frame is immutable. */
export function dayFrame(date: string, timeZone: string = TIME_ZONE): DayFrame {
  const key = `${timeZone}|${date}`;
  const cached = frameCache.get(key);
  if (cached) return cached;
  const wallMidnightMs = parseIsoDate(date);
  const startMs = wallToInstant(wallMidnightMs, timeZone);
  const endMs = wallToInstant(wallMidnightMs + DAY_MS, timeZone);
  const offsetBeforeMs = offsetMs(startMs, timeZone);
  const offsetAfterMs = offsetMs(endMs - 1, timeZone);
  let transitionMs: number | null = null;
  if (offsetBeforeMs !== offsetAfterMs) {
    // Binary search, to the minute, for the first instant with the new offset.
    let lo = startMs;
    let hi = endMs - 1;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMs(mid, timeZone) === offsetBeforeMs) lo = mid;
      else hi = mid;
    }
    transitionMs = hi;
  }
  const frame: DayFrame = {
    date,
    timeZone,
    wallMidnightMs,
    startMs,
    endMs,
    offsetBeforeMs,
    offsetAfterMs,
    transitionMs,
  };
  if (frameCache.size > 5000) frameCache.clear();
  frameCache.set(key, frame);
  return frame;
}

/** Offset in force at `instantMs`, assuming it falls on (or just after) the frame's day. */
export function frameOffsetAt(frame: DayFrame, instantMs: number): number {
  return frame.transitionMs !== null && instantMs >= frame.transitionMs ? frame.offsetAfterMs : frame.offsetBeforeMs;
}

/** The instant at which local time `minutes` (since the frame's midnight) occurs. */
export function frameInstant(frame: DayFrame, minutes: number): number {
  const wall = frame.wallMidnightMs + minutes * MINUTE_MS;
  const before = wall - frame.offsetBeforeMs;
  if (frame.transitionMs === null || before < frame.transitionMs) return before;
  const after = wall - frame.offsetAfterMs;
  return after >= frame.transitionMs ? after : before;
}

/** Local minutes since the frame's midnight at `instantMs` (≥ 1440 for the following day). */
export function frameLocalMinutes(frame: DayFrame, instantMs: number): number {
  return Math.floor((instantMs + frameOffsetAt(frame, instantMs) - frame.wallMidnightMs) / MINUTE_MS);
}

/** Instant of a local date and 'HH:mm' time. */
export function zonedDateTimeToInstant(date: string, time: string, timeZone: string = TIME_ZONE): Date {
  return new Date(frameInstant(dayFrame(date, timeZone), parseHHmm(time)));
}

/** An instant on the zone's clocks (the API's zone by default): contract/zoned-time.ts. */
export function instantToZoned(instant: Date | number, timeZone: string = TIME_ZONE): { date: string; time: string } {
  return zonedOf(instant, timeZone);
}

/** Today's local date at `now`. */
export function localToday(now: Date | number, timeZone: string = TIME_ZONE): string {
  return instantToZoned(now, timeZone).date;
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseIsoDate(to) - parseIsoDate(from)) / DAY_MS);
}
