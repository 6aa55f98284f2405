/**
 * What the bench sends: the fixture it prepared in the database (ids, dates) and the request
 * bodies, shared by the runner (bench/run.ts) and the load generator (bench/load.ts).
 */
import type { Location } from '../contract/location';
import { SEED_LOCATIONS } from '../server/db/seed/locations';
import { addDays, isoWeekday } from '../server/domain/time';

export const TORINO: Location = SEED_LOCATIONS.torinoViaRoma;
export const MILANO: Location = SEED_LOCATIONS.milanoCorsoBuenosAires;
export const PIEGA = 'capelli-piega-liscia';
export const MASCHERA = 'capelli-maschera-idratante';
export const SALOTTO_PIEGHE = 'salotto-capelli-pieghe';

/** Dates and ids the routes are measured with (see bench/run.ts `prepare`). */
export interface Fixture {
  /** Today in Rome when the bench started. */
  today: string;
  /** The day asked for available times (a weekday soon, not sold out). */
  timesDate: string;
  /** A professional of Torino working that day, for the professional filter. */
  filterProviderId: string;
  /** A calendar month where every Torino hairdresser is fully booked. */
  soldOut: { from: string; to: string };
  /** The calendar month after it, with ordinary availability. */
  month: { from: string; to: string };
}

/**
 * Start times a single booking takes: every other hour from 09:00 to 17:00. A blow-dry holds its
 * professional 45 minutes plus her 30-minute travel buffer on both sides, so hourly bookings in one
 * city needed two professionals at once, which a city on some weekdays has not: the API rightly
 * answered 409 (PGlite, which runs one query at a time, too). Two hours apart, one professional a
 * city can take them all.
 */
const HOURS = ['09:00', '11:00', '13:00', '15:00', '17:00'];
/**
 * A salotto of two blow-dries holds its hairdresser 90 minutes plus her travel buffers: three
 * hours apart.
 */
const SALOTTO_HOURS = ['09:00', '12:00', '15:00'];

/**
 * The n-th (day, hour, city) of a sequence where no two bookings ask the same slot: days from two
 * days ahead, Sundays and the sold-out month left out, both cities in turn, at each of `hours`.
 */
export function distinctSlot(fixture: Fixture, n: number, firstDayOffset: number, hours = HOURS) {
  const perDay = hours.length * 2;
  const location = n % 2 === 0 ? TORINO : MILANO;
  const time = hours[Math.floor(n / 2) % hours.length]!;
  let index = Math.floor(n / perDay);
  let date = addDays(fixture.today, firstDayOffset);
  for (;;) {
    const usable = isoWeekday(date) !== 7 && (date < fixture.soldOut.from || date > fixture.soldOut.to);
    if (usable && index-- === 0) break;
    date = addDays(date, 1);
  }
  return { location, date, time };
}

export type StoreKind = 'single' | 'salotto';

/** A checkout as the app sends it, for the n-th distinct slot; the salotto books far ahead of the rest. */
export function storeBody(fixture: Fixture, kind: StoreKind, n: number, runId: string): string {
  const slot = kind === 'single' ? distinctSlot(fixture, n, 2) : distinctSlot(fixture, n, 200, SALOTTO_HOURS);
  return JSON.stringify({
    firstName: 'Bench',
    lastName: 'Cliente',
    email: `bench-${runId}-${kind}-${n}@example.it`,
    phoneNumber: '+39 333 000 0000',
    providerId: null,
    location: slot.location,
    services: kind === 'single' ? [PIEGA] : [SALOTTO_PIEGHE],
    startDate: slot.date,
    startTime: slot.time,
    doorbellName: 'Bench',
    fitToPlead: true,
    allergies: '',
    notes: '',
    couponCode: '',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    ...(kind === 'salotto' ? { numberOfCustomers: 2 } : {}),
    idempotencyKey: `bench-${runId}-${kind}-${n}`,
  });
}
