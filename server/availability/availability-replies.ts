/**
 * Rendered availability replies, kept per API process and keyed by everything the answer is
 * computed from: the catalogue version, the kind of booking, the services (with hair length) and
 * people, the professional filter, the served zones, the professionals in play and their busy
 * intervals as the request's own query just read them, the days asked, and the minute of `now`.
 * The database is still asked on every request (a booking made a moment ago changes the busy
 * intervals, hence the key); only the computation and the JSON rendering are shared by requests
 * that would produce the same bytes.
 *
 * `now` enters through the minimum notice only (availability.ts: earliestStart = now + notice,
 * then the next start on the step grid). Notice and step are whole minutes and the grid starts at
 * a local midnight (a whole minute), so every `now` in (m - 1 min, m] gives the same answer: the
 * key holds m, `now` rounded up to the minute.
 */
import type { AvailableTime } from '../../contract/slot';
import type { Db } from '../db/client';
import type { Slot } from './availability';
import type { LoadedAvailability } from './availability-store';
import { MINUTE_MS } from '../domain/time';

/** Replies kept per process (the oldest goes first). */
const LIMIT = 500;

/** One cache per database (tests run several in one process; an API process has one). */
const repliesOf = new WeakMap<Db, Map<string, string>>();

/** The key of a loaded availability's answer for `days` (e.g. one date, or from…to). */
export function availabilityKey(loaded: LoadedAvailability, days: string): string {
  const { query } = loaded;
  const services = query.services.map((s) => `${s.id}/${s.durationMM}`).join(',');
  const busy: string[] = [];
  for (const pro of query.professionals) busy.push(pro.id);
  // The intervals as read (one text per query), else as computed from.
  if (loaded.busyText !== null) busy.push(loaded.busyText);
  else
    for (const pro of query.professionals) {
      const intervals = query.busy instanceof Map ? query.busy.get(pro.id) : undefined;
      busy.push(pro.id);
      for (const b of intervals ?? []) busy.push(`${Number(b.start)}-${Number(b.end)}`);
    }
  const nowMs = typeof query.now === 'number' ? query.now : query.now.getTime();
  return [
    loaded.version,
    query.kind ?? 'single',
    days,
    Math.ceil(nowMs / MINUTE_MS),
    services,
    query.participants,
    query.providerId ?? '',
    loaded.zoneIds.join(','),
    busy.join(' '),
  ].join('|');
}

/** The reply rendered for `key`, or `render()`'s, kept for the next request with that key. */
export function cachedAvailabilityReply(db: Db, key: string, render: () => string): string {
  let replies = repliesOf.get(db);
  if (!replies) repliesOf.set(db, (replies = new Map()));
  const known = replies.get(key);
  if (known !== undefined) return known;
  const body = render();
  if (replies.size >= LIMIT) replies.delete(replies.keys().next().value!);
  replies.set(key, body);
  return body;
}

/** A slot as the contract's available time (SPEC §3): what the wizard and the move screen show. */
export const availableTimeOf = (slot: Slot): AvailableTime => ({
  startTime: slot.startTime,
  endTime: slot.endTime,
  supplement: slot.supplement,
  toBeConfirmed: slot.toBeConfirmed,
  instantBooking: slot.instantBooking,
  serviceFee: slot.serviceFee,
});
