/**
 * Feeds the pure availability core (availability.ts) from the database: the professionals who
 * serve the address's zones and their busy intervals (non-cancelled bookings) over the days
 * asked, in one query each, whatever the number of days.
 */
import { and, arrayOverlaps, eq, inArray, ne, sql } from 'drizzle-orm';
import type { HairLength } from '../../contract/constants';
import type { LatLng } from '../geo/distance';
import type { Db } from '../db/client';
import { bookings } from '../db/schema/bookings';
import { professionals } from '../db/schema/professionals';
import type { CatalogueService } from '../seed-data/catalogue';
import type { Zone } from '../seed-data/zones';
import {
  createAvailability,
  type AvailabilityProfessional,
  type AvailabilityQuery,
  type BusyInterval,
  type RequestedService,
} from './availability';
import { serviceDuration } from './catalogue';
import { servingZoneIds } from './served-zones';
import { dayFrame } from './time';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

const MINUTE_MS = 60_000;

export function toRequestedServices(
  services: readonly CatalogueService[],
  hairLength: HairLength | null,
): RequestedService[] {
  return services.map((s) => ({
    id: s.id,
    category: s.category,
    durationMM: serviceDuration(s, hairLength),
    excludeFromBooking: s.excludeFromBooking,
    isManualFlow: s.isManualFlow,
  }));
}

export type LoadedProfessional = AvailabilityProfessional & {
  firstName: string;
  lastName: string;
};

/** Active professionals serving at least one of `zoneIds` (only `providerId` when given). */
export async function loadProfessionals(
  db: Db,
  zoneIds: readonly string[],
  providerId?: string | null,
): Promise<LoadedProfessional[]> {
  if (zoneIds.length === 0) return [];
  if (providerId && !isUuid(providerId)) return [];
  const rows = await db
    .select()
    .from(professionals)
    .where(
      and(
        eq(professionals.active, true),
        arrayOverlaps(professionals.zoneIds, [...zoneIds]),
        providerId ? eq(professionals.id, providerId) : undefined,
      ),
    );
  return rows.map((p) => ({
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    zoneIds: p.zoneIds,
    skills: {
      categories: p.skillCategories as RequestedService['category'][],
      exceptServiceIds: p.exceptServiceIds,
    },
    hours: p.weeklyHours,
    hoursConfirmed: p.hoursConfirmed,
    travelBufferMM: p.travelBufferMM,
  }));
}

/**
 * Busy intervals of these professionals touching [fromMs, toMs): one query, served by the GiST
 * index of the `bookings_no_overlap` exclusion constraint.
 */
export async function loadBusy(
  db: Db,
  professionalIds: readonly string[],
  fromMs: number,
  toMs: number,
): Promise<Map<string, BusyInterval[]>> {
  const busy = new Map<string, BusyInterval[]>();
  if (professionalIds.length === 0) return busy;
  const rows = await db
    .select({
      professionalId: bookings.professionalId,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.professionalId, [...professionalIds]),
        ne(bookings.status, 'cancelled'),
        sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}) && tstzrange(${new Date(fromMs).toISOString()}::timestamptz, ${new Date(toMs).toISOString()}::timestamptz)`,
      ),
    );
  for (const row of rows) {
    if (!row.professionalId) continue;
    const list = busy.get(row.professionalId) ?? [];
    list.push({ start: row.startsAt, end: row.endsAt });
    busy.set(row.professionalId, list);
  }
  return busy;
}

export interface AvailabilityRequest {
  point: LatLng;
  zones: readonly Zone[];
  services: readonly CatalogueService[];
  hairLength: HairLength | null;
  participants: number;
  providerId?: string | null;
  /** Local calendar days (Europe/Rome) the caller will ask about. */
  fromDate: string;
  toDate: string;
  now: Date;
  maxRangeDays?: number;
}

export interface LoadedAvailability {
  query: AvailabilityQuery;
  professionals: LoadedProfessional[];
  availability: ReturnType<typeof createAvailability>;
}

/** Loads what availability needs for the days fromDate…toDate and builds the calculator. */
export async function loadAvailability(db: Db, request: AvailabilityRequest): Promise<LoadedAvailability> {
  const zoneIds = servingZoneIds(request.point, request.zones);
  const pros = await loadProfessionals(db, zoneIds, request.providerId);
  const maxBufferMs = Math.max(0, ...pros.map((p) => p.travelBufferMM)) * MINUTE_MS;
  const busy = await loadBusy(
    db,
    pros.map((p) => p.id),
    dayFrame(request.fromDate).startMs - maxBufferMs,
    dayFrame(request.toDate).endMs + maxBufferMs,
  );
  const query: AvailabilityQuery = {
    professionals: pros,
    busy,
    services: toRequestedServices(request.services, request.hairLength),
    point: request.point,
    zones: request.zones,
    providerId: request.providerId ?? null,
    participants: request.participants,
    now: request.now,
    ...(request.maxRangeDays ? { rules: { maxRangeDays: request.maxRangeDays } } : {}),
  };
  return { query, professionals: pros, availability: createAvailability(query) };
}
