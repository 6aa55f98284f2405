/**
 * Bookable time slots for a day, as SPEC §7 `available-times` returns them. Pure: the caller
 * loads professionals and their busy intervals (booking assignments, time off) and passes `now`.
 *
 * Rules (defaults in DEFAULT_AVAILABILITY_RULES):
 * - Slots start every 30 minutes on the local (Europe/Rome) clock, from local midnight.
 * - A slot needs one professional who serves a zone of the address, has the skills for every
 *   requested service, works for the whole appointment (her week in force that day, local time,
 *   minus her time off: domain/working-time.ts, issue 40), and is free for it with her travel
 *   buffer kept on both sides of every other appointment.
 * - Duration = sum of the requested services' durations, leaving out products that take no time
 *   (`excludeFromBooking`), multiplied by `participants` (1 for a single booking).
 * - A salotto (`kind: 'salotto'`) is served by a team: one professional per chosen category (the
 *   categories of its services), all starting at the same time, each busy for her category's
 *   services × participants. A slot exists when every category has a free professional in the
 *   zone for her whole part (working hours, travel buffers included) and no professional is in
 *   two parts; the slot lasts as long as the longest part. With the professional filter, she
 *   must be in the team. Every salotto slot is to be confirmed: the quote follows the
 *   consultation call. The slot carries the team (`team`), which the store books.
 * - Minimum notice: a slot starts at least 2 hours after `now` (time to confirm, travel and
 *   prepare); past slots never show.
 * - Extra-hours supplement (€10) when the appointment starts before 09:00 or ends after 19:00.
 * - The slot goes to the first of its free professionals in the order of fair-order.ts (issue 40,
 *   the one rule of who gets a time: confirmed hours, fewer appointments that day, a rotation; the
 *   customer's ratings are the store's to add), `professionalIds` in that order (a team: the same
 *   order in each category). `instantBooking` follows her `hoursConfirmed`; a service on quote
 *   (`isManualFlow`) is always to be confirmed.
 * - `serviceFee` is the list fee the app shows crossed out (we charge €0,00).
 *
 * Instants come from the time zone's rules (time.ts), so the DST days (23 and 25 hours) are right.
 */
import type { ApiCategory } from '../../contract/constants';
import type { LatLng } from '../domain/distance';
import type { Zone } from '../domain/zones';
import { canPerform, type AvailabilityProfessional, type RequestedService } from '../domain/professionals';
import { withinWindows, workingWindows } from '../domain/working-time';
import {
  TIME_ZONE,
  dayFrame,
  daysBetween,
  addDays,
  formatHHmm,
  frameLocalMinutes,
  MINUTE_MS,
  parseHHmm,
  type DayFrame,
} from '../domain/time';
import { servingZoneIds } from '../domain/served-zones';
import { compareFairRanks, fairRank, type FairRank } from './fair-order';

// The engine's inputs it shares with the catalogue (domain/professionals.ts), part of its API.
export { canPerform, type AvailabilityProfessional, type RequestedService };

export interface AvailabilityRules {
  timeZone: string;
  stepMinutes: number;
  minNoticeMinutes: number;
  /** Euros added for appointments outside `supplementFrom`–`supplementUntil`. */
  supplement: number;
  supplementFrom: string;
  supplementUntil: string;
  /** The list service fee (shown crossed out), or null for none. */
  serviceFee: string | null;
  /** Longest range `availableDays` accepts, in days. */
  maxRangeDays: number;
}

export const DEFAULT_AVAILABILITY_RULES: AvailabilityRules = {
  timeZone: TIME_ZONE,
  stepMinutes: 30,
  minNoticeMinutes: 120,
  supplement: 10,
  supplementFrom: '09:00',
  supplementUntil: '19:00',
  serviceFee: '5.00',
  maxRangeDays: 366,
};

/** A time a professional cannot take a booking: an appointment or time off. End exclusive. */
export interface BusyInterval {
  start: Date | number | string;
  end: Date | number | string;
}

export interface AvailabilityQuery {
  professionals: readonly AvailabilityProfessional[];
  /** Busy intervals by professional id. */
  busy: ReadonlyMap<string, readonly BusyInterval[]> | Readonly<Record<string, readonly BusyInterval[]>>;
  services: readonly RequestedService[];
  /** The address's coordinates; the zones serving it decide who can go there. */
  point: LatLng;
  /** The served zones (the catalogue's). */
  zones: readonly Zone[];
  /** Only this professional's slots (the provider filter). */
  providerId?: string | null;
  /** People served: one after the other by one professional, or by each member of a team. Default 1. */
  participants?: number;
  /** 'salotto': a team, one professional per category (see the header). Default 'single'. */
  kind?: 'single' | 'salotto';
  now: Date | number;
  rules?: Partial<AvailabilityRules>;
}

/** SPEC §3 available time slot plus what the server needs to book it. */
export interface Slot {
  date: string;
  /** Local 'HH:mm'. */
  startTime: string;
  endTime: string;
  /** ISO 8601 instants (UTC). */
  startDateTime: string;
  endDateTime: string;
  timeZone: string;
  /** Euros; 0 when none. */
  supplement: number;
  toBeConfirmed: boolean;
  instantBooking: boolean;
  serviceFee: string | null;
  /** The professional the booking goes to. */
  providerId: string;
  /** Every professional free for this slot, in the fair order (fair-order.ts; providerId first); a salotto: its team. */
  professionalIds: string[];
  /**
   * The appointments that day of each professional working it (a single booking's slots; one map
   * per day): what the store needs to order them again with the customer's ratings (fairOrder).
   */
  appointmentsThatDay?: ReadonlyMap<string, number>;
  durationMM: number;
  /** A salotto's team, one member per category in the order of the services asked. */
  team?: TeamMember[];
}

/** One member of a salotto's team: her category and her own part of the slot. */
export interface TeamMember {
  category: ApiCategory;
  professionalId: string;
  startDateTime: string;
  endDateTime: string;
  durationMM: number;
}

export interface AvailableDay {
  date: string;
  available: boolean;
}

/** Minutes of appointment time the services take (products excluded). */
export function bookingDurationMM(
  services: readonly Pick<RequestedService, 'durationMM' | 'excludeFromBooking'>[],
): number {
  let total = 0;
  for (const s of services) if (!s.excludeFromBooking) total += s.durationMM;
  return total;
}

interface PreparedProfessional {
  pro: AvailabilityProfessional;
  /** Busy intervals widened by the travel buffer, sorted by start, as [start, end) ms. */
  busyStart: Float64Array;
  busyEnd: Float64Array;
  /** The starts of her appointments (the busy intervals as given, not merged), ascending, ms. */
  appointmentStarts: Float64Array;
}

function toMs(value: Date | number | string): number {
  return typeof value === 'number' ? value : new Date(value).getTime();
}

function busyOf(query: AvailabilityQuery, id: string): readonly BusyInterval[] {
  const { busy } = query;
  if (busy instanceof Map) return busy.get(id) ?? [];
  return (busy as Readonly<Record<string, readonly BusyInterval[]>>)[id] ?? [];
}

function prepare(query: AvailabilityQuery, pro: AvailabilityProfessional): PreparedProfessional {
  const bufferMs = Math.max(0, pro.travelBufferMM) * MINUTE_MS;
  const appointments = busyOf(query, pro.id)
    .map((b) => [toMs(b.start), toMs(b.end)] as const)
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .sort((a, b) => a[0] - b[0]);
  const intervals = appointments.map(([s, e]) => [s - bufferMs, e + bufferMs] as const);
  // Merged, so starts and ends both ascend (binary search and the scan cursor rely on it).
  const merged: Array<[number, number]> = [];
  for (const [s, e] of intervals) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  const busyStart = new Float64Array(merged.length);
  const busyEnd = new Float64Array(merged.length);
  merged.forEach(([s, e], i) => {
    busyStart[i] = s;
    busyEnd[i] = e;
  });
  return { pro, busyStart, busyEnd, appointmentStarts: Float64Array.from(appointments, ([s]) => s) };
}

/** Index of the first value ≥ `ms` in an ascending array. */
function lowerBound(values: Float64Array, ms: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Her appointments that local day (fair-order.ts's `fewerAppointments`): each one starting in it,
 * counted once, whatever her travel buffer (merged busy intervals would count two close ones as one).
 */
function appointmentsOn(p: PreparedProfessional, frame: DayFrame): number {
  return lowerBound(p.appointmentStarts, frame.endMs) - lowerBound(p.appointmentStarts, frame.startMs);
}

/** Her place in the fair order on that day (no customer's ratings: the store adds them). */
function rankOn(p: PreparedProfessional, date: string, appointmentsThatDay: number): FairRank {
  return fairRank({ id: p.pro.id, hoursConfirmed: p.pro.hoursConfirmed, appointmentsThatDay }, { day: date });
}

/** Index of the first busy interval ending after `ms`. */
function firstBusyAfter(p: PreparedProfessional, ms: number): number {
  let lo = 0;
  let hi = p.busyEnd.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (p.busyEnd[mid]! <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface DayPlan {
  frame: DayFrame;
  /** Professionals working that day, their windows as instants, a scan cursor and their fair rank that day. */
  working: Array<{ p: PreparedProfessional; windows: number[]; cursor: number; rank: FairRank }>;
  /** The appointments that day of each professional working it. */
  appointmentsThatDay: Map<string, number>;
  firstStart: number;
  lastStart: number;
}

/**
 * Precomputes what does not depend on the day (zones, skills, hours, sorted busy intervals), so
 * `slots` and `hasSlots` cost little per day: `availableDays` over 60 days stays cheap.
 */
/** The times of a slot from `start` to `end` (ms) on a local day, and its extra-hours supplement. */
function slotTimes(
  rules: AvailabilityRules,
  /** `supplementFrom` / `supplementUntil` in local minutes, parsed once per query. */
  hours: { from: number; until: number },
  frame: DayFrame,
  date: string,
  start: number,
  end: number,
) {
  const startLocal = frameLocalMinutes(frame, start);
  const endLocal = frameLocalMinutes(frame, end);
  const outside = startLocal < hours.from || endLocal > hours.until;
  return {
    date,
    startTime: formatHHmm(startLocal),
    endTime: formatHHmm(endLocal),
    startDateTime: new Date(start).toISOString(),
    endDateTime: new Date(end).toISOString(),
    timeZone: rules.timeZone,
    supplement: outside ? rules.supplement : 0,
  };
}

export function createAvailability(query: AvailabilityQuery): Availability {
  if (query.kind === 'salotto') return createTeamAvailability(query);
  const rules: AvailabilityRules = { ...DEFAULT_AVAILABILITY_RULES, ...query.rules };
  const zoneIds = new Set(servingZoneIds(query.point, query.zones));
  const timed = query.services.filter((s) => !s.excludeFromBooking);
  const participants = Math.max(1, Math.floor(query.participants ?? 1));
  const durationMM = bookingDurationMM(query.services) * participants;
  const durationMs = durationMM * MINUTE_MS;
  const stepMs = rules.stepMinutes * MINUTE_MS;
  const manual = query.services.some((s) => s.isManualFlow);
  const supplementHours = { from: parseHHmm(rules.supplementFrom), until: parseHHmm(rules.supplementUntil) };
  const earliestStart = toMs(query.now) + rules.minNoticeMinutes * MINUTE_MS;

  const qualified: PreparedProfessional[] =
    timed.length === 0 || zoneIds.size === 0
      ? []
      : query.professionals
          .filter(
            (pro) =>
              (!query.providerId || pro.id === query.providerId) &&
              pro.zoneIds.some((z) => zoneIds.has(z)) &&
              canPerform(pro, timed),
          )
          .map((pro) => prepare(query, pro));

  function plan(date: string): DayPlan | null {
    if (qualified.length === 0 || durationMs <= 0) return null;
    const frame = dayFrame(date, rules.timeZone);
    if (frame.endMs <= earliestStart) return null;
    const working: DayPlan['working'] = [];
    const appointmentsThatDay = new Map<string, number>();
    let firstStart = Infinity;
    let lastStart = -Infinity;
    for (const p of qualified) {
      // Her hours in force that day minus her time off (working-time.ts, the one rule).
      const all = workingWindows(p.pro, date, frame);
      if (all.length === 0) continue;
      const windows: number[] = [];
      for (let k = 0; k < all.length; k += 2) {
        const ws = all[k]!;
        const we = all[k + 1]!;
        if (we - ws < durationMs) continue;
        windows.push(ws, we);
        if (ws < firstStart) firstStart = ws;
        if (we - durationMs > lastStart) lastStart = we - durationMs;
      }
      if (windows.length === 0) continue;
      const cursor = firstBusyAfter(p, frame.startMs);
      const appointments = appointmentsOn(p, frame);
      appointmentsThatDay.set(p.pro.id, appointments);
      working.push({ p, windows, cursor, rank: rankOn(p, date, appointments) });
    }
    if (working.length === 0) return null;
    return { frame, working, appointmentsThatDay, firstStart, lastStart };
  }

  /**
   * Calls `onSlot` for each bookable start with the indices (into plan.working) of the free
   * professionals; `onSlot` returns false to stop.
   */
  function scan(day: DayPlan, onSlot: (start: number, free: readonly number[]) => boolean): void {
    const { frame } = day;
    const from = Math.max(day.firstStart, earliestStart, frame.startMs);
    // Align to the step grid counted from local midnight (offsets are whole hours in our zones).
    let t = frame.startMs + Math.ceil((from - frame.startMs) / stepMs) * stepMs;
    const free: number[] = [];
    for (; t <= day.lastStart && t < frame.endMs; t += stepMs) {
      const end = t + durationMs;
      free.length = 0;
      for (let i = 0; i < day.working.length; i++) {
        const w = day.working[i]!;
        let inWindow = false;
        for (let k = 0; k < w.windows.length; k += 2) {
          if (t >= w.windows[k]! && end <= w.windows[k + 1]!) {
            inWindow = true;
            break;
          }
        }
        if (!inWindow) continue;
        const { busyStart, busyEnd } = w.p;
        while (w.cursor < busyEnd.length && busyEnd[w.cursor]! <= t) w.cursor++;
        let clash = false;
        for (let j = w.cursor; j < busyStart.length && busyStart[j]! < end; j++) {
          if (busyEnd[j]! > t) {
            clash = true;
            break;
          }
        }
        if (!clash) free.push(i);
      }
      if (free.length > 0 && onSlot(t, free) === false) return;
    }
  }

  function slots(date: string): Slot[] {
    const day = plan(date);
    if (!day) return [];
    const result: Slot[] = [];
    scan(day, (start, free) => {
      const ranked = [...free].sort((a, b) => compareFairRanks(day.working[a]!.rank, day.working[b]!.rank));
      const chosen = day.working[ranked[0]!]!.p.pro;
      const instant = chosen.hoursConfirmed && !manual;
      result.push({
        ...slotTimes(rules, supplementHours, day.frame, date, start, start + durationMs),
        toBeConfirmed: !instant,
        instantBooking: instant,
        serviceFee: rules.serviceFee,
        providerId: chosen.id,
        professionalIds: ranked.map((i) => day.working[i]!.p.pro.id),
        appointmentsThatDay: day.appointmentsThatDay,
        durationMM,
      });
      return true;
    });
    return result;
  }

  function hasSlots(date: string): boolean {
    const day = plan(date);
    return day ? findsOne((stop) => scan(day, stop)) : false;
  }

  return {
    rules,
    durationMM,
    /** Ids of the professionals who could take the booking on some day. */
    qualifiedProfessionalIds: qualified.map((p) => p.pro.id),
    slots,
    hasSlots,
    days: (from: string, to: string) => daysOf(rules, hasSlots, from, to),
  };
}

/** What `createAvailability` answers, for single bookings and salotti alike. */
export interface Availability {
  rules: AvailabilityRules;
  /** Minutes the slot lasts (a salotto: its longest part). */
  durationMM: number;
  /** Ids of the professionals who could take the booking (or a part of it) on some day. */
  qualifiedProfessionalIds: string[];
  slots(date: string): Slot[];
  hasSlots(date: string): boolean;
  days(from: string, to: string): AvailableDay[];
}

function daysOf(
  rules: AvailabilityRules,
  hasSlots: (date: string) => boolean,
  from: string,
  to: string,
): AvailableDay[] {
  const count = daysBetween(from, to) + 1;
  if (count <= 0) return [];
  if (count > rules.maxRangeDays) throw new RangeError(`At most ${rules.maxRangeDays} days`);
  const result: AvailableDay[] = new Array<AvailableDay>(count);
  for (let i = 0; i < count; i++) {
    const date = addDays(from, i);
    result[i] = { date, available: hasSlots(date) };
  }
  return result;
}

interface TeamPart {
  category: ApiCategory;
  durationMs: number;
  /** Indices into the prepared professionals who serve the zone and can do this part. */
  candidates: number[];
}

/**
 * A salotto: one professional per category, all from the same start (see the header). The day
 * is scanned on the step grid; at each start every part lists its free professionals in the fair
 * order (fair-order.ts), and the first team in that order with nobody twice (and the filtered
 * professional in it, when there is a filter) makes the slot.
 */
function createTeamAvailability(query: AvailabilityQuery): Availability {
  const rules: AvailabilityRules = { ...DEFAULT_AVAILABILITY_RULES, ...query.rules };
  const zoneIds = new Set(servingZoneIds(query.point, query.zones));
  const timed = query.services.filter((s) => !s.excludeFromBooking);
  const participants = Math.max(1, Math.floor(query.participants ?? 1));
  const stepMs = rules.stepMinutes * MINUTE_MS;
  const supplementHours = { from: parseHHmm(rules.supplementFrom), until: parseHHmm(rules.supplementUntil) };
  const earliestStart = toMs(query.now) + rules.minNoticeMinutes * MINUTE_MS;
  const providerId = query.providerId || null;

  const local = query.professionals.filter((pro) => pro.zoneIds.some((z) => zoneIds.has(z)));
  const prepared = local.map((pro) => prepare(query, pro));
  const categories = [...new Set(timed.map((s) => s.category))];
  const parts: TeamPart[] = categories.map((category) => {
    const services = timed.filter((s) => s.category === category);
    const candidates: number[] = [];
    local.forEach((pro, i) => {
      if (canPerform(pro, services)) candidates.push(i);
    });
    return { category, durationMs: bookingDurationMM(services) * participants * MINUTE_MS, candidates };
  });
  const durationMs = Math.max(0, ...parts.map((p) => p.durationMs));
  const durationMM = durationMs / MINUTE_MS;
  const qualified = new Set(parts.flatMap((p) => p.candidates));
  const feasible =
    parts.length > 0 &&
    parts.every((p) => p.candidates.length > 0 && p.durationMs > 0) &&
    (!providerId || local.some((pro, i) => pro.id === providerId && qualified.has(i)));

  /** Whether she works for all of [start, end) (`windows`: her working time that day) and is free for it, buffers included. */
  function freeFor(p: PreparedProfessional, windows: readonly number[], start: number, end: number): boolean {
    if (!withinWindows(windows, start, end)) return false;
    const j = firstBusyAfter(p, start);
    return !(j < p.busyStart.length && p.busyStart[j]! < end);
  }

  /** The team at `start` (indices into `prepared`, one per part), or null. */
  function teamAt(windows: Map<number, number[]>, ranks: Map<number, FairRank>, start: number): number[] | null {
    const free = parts.map((part) =>
      part.candidates
        .filter((i) => freeFor(prepared[i]!, windows.get(i)!, start, start + part.durationMs))
        .sort((a, b) => compareFairRanks(ranks.get(a)!, ranks.get(b)!)),
    );
    if (free.some((list) => list.length === 0)) return null;
    const chosen: number[] = [];
    const pick = (k: number): boolean => {
      if (k === free.length) return !providerId || chosen.some((i) => prepared[i]!.pro.id === providerId);
      for (const i of free[k]!) {
        if (chosen.includes(i)) continue;
        chosen.push(i);
        if (pick(k + 1)) return true;
        chosen.pop();
      }
      return false;
    };
    return pick(0) ? chosen : null;
  }

  function scan(date: string, onSlot: (frame: DayFrame, start: number, team: number[]) => boolean): void {
    if (!feasible) return;
    const frame = dayFrame(date, rules.timeZone);
    if (frame.endMs <= earliestStart) return;
    // Each one's place in the fair order that day (fair-order.ts), as for single bookings, and her
    // working time that day (working-time.ts).
    const ranks = new Map<number, FairRank>();
    const windows = new Map<number, number[]>();
    for (const i of qualified) {
      ranks.set(i, rankOn(prepared[i]!, date, appointmentsOn(prepared[i]!, frame)));
      windows.set(i, workingWindows(prepared[i]!.pro, date, frame));
    }
    const from = Math.max(earliestStart, frame.startMs);
    for (let t = frame.startMs + Math.ceil((from - frame.startMs) / stepMs) * stepMs; t < frame.endMs; t += stepMs) {
      const team = teamAt(windows, ranks, t);
      if (team && onSlot(frame, t, team) === false) return;
    }
  }

  function slots(date: string): Slot[] {
    const result: Slot[] = [];
    scan(date, (frame, start, members) => {
      const end = start + durationMs;
      const team: TeamMember[] = members.map((i, k) => ({
        category: parts[k]!.category,
        professionalId: prepared[i]!.pro.id,
        startDateTime: new Date(start).toISOString(),
        endDateTime: new Date(start + parts[k]!.durationMs).toISOString(),
        durationMM: parts[k]!.durationMs / MINUTE_MS,
      }));
      result.push({
        ...slotTimes(rules, supplementHours, frame, date, start, end),
        toBeConfirmed: true,
        instantBooking: false,
        serviceFee: rules.serviceFee,
        providerId: team[0]!.professionalId,
        professionalIds: team.map((m) => m.professionalId),
        durationMM,
        team,
      });
      return true;
    });
    return result;
  }

  const hasSlots = (date: string): boolean => findsOne((stop) => scan(date, stop));

  return {
    rules,
    durationMM,
    qualifiedProfessionalIds: [...qualified].sort((a, b) => a - b).map((i) => prepared[i]!.pro.id),
    slots,
    hasSlots,
    days: (from: string, to: string) => daysOf(rules, hasSlots, from, to),
  };
}

/** Slots of one day. */
export function computeSlots(query: AvailabilityQuery, date: string): Slot[] {
  return createAvailability(query).slots(date);
}

/** Whether each day from `from` to `to` (inclusive) has at least one slot. */
/** Whether a scan of a day meets one slot: it stops at the first (`stop` answers false). */
function findsOne(scanDay: (stop: () => boolean) => void): boolean {
  let found = false;
  scanDay(() => {
    found = true;
    return false;
  });
  return found;
}

export function availableDays(from: string, to: string, query: AvailabilityQuery): AvailableDay[] {
  return createAvailability(query).days(from, to);
}

/** The slot starting at `startTime` on `date`, if still bookable (re-check before storing). */
export function findSlot(query: AvailabilityQuery, date: string, startTime: string): Slot | undefined {
  return computeSlots(query, date).find((s) => s.startTime === startTime);
}

/**
 * The interval a stored booking is for its professional: the appointment itself. The travel
 * buffer is applied when reading busy intervals, and the database's exclusion constraint applies
 * the same rule (migration 0009: each assignment widened by half the buffer on each side).
 */
export function bookingInterval(startDateTime: string | Date, durationMM: number): { start: Date; end: Date } {
  const start = new Date(startDateTime);
  return { start, end: new Date(start.getTime() + durationMM * MINUTE_MS) };
}
