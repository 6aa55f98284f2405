/**
 * Feeds the pure availability core (availability.ts): the professionals who serve the address's
 * zones come from the catalogue in memory (catalogue-store.ts), and their busy intervals
 * (the active booking assignments: a single booking's one, each salotto member's own part, and
 * the unexpired holds of anyone but the asker, issue 28) over
 * the days asked from the database in one query, whatever the
 * number of days, which also reads the catalogue's version: when it is not the version of the
 * copy in memory, the copy is reloaded and the request computed again.
 */
import { and, arrayOverlaps, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { HairLength } from '../../contract/constants';
import type { LatLng } from '../domain/distance';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { bookingAssignments, slotHolds } from '../db/schema/bookings';
import { professionals } from '../db/schema/professionals';
import type { CatalogueService } from '../domain/catalogue';
import type { Zone } from '../domain/zones';
import {
  canPerform,
  createAvailability,
  type AvailabilityQuery,
  type BusyInterval,
  type RequestedService,
} from './availability';
import { serviceDuration } from '../catalogue/catalogue';
import {
  catalogueCache,
  loadProfessionalWeeks,
  professionalsServing,
  toLoadedProfessional,
  type CatalogueSnapshot,
  type LoadedProfessional,
} from '../catalogue/catalogue-store';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/input';
import { servingZoneIds } from '../domain/served-zones';
import { MINUTE_MS, dayFrame } from '../domain/time';

export type { LoadedProfessional } from '../catalogue/catalogue-store';

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

/** Active professionals serving at least one of `zoneIds` (only `providerId` when given), read from the database. */
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
    )
    .orderBy(asc(professionals.createdAt), asc(professionals.id));
  const weeks = await loadProfessionalWeeks(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toLoadedProfessional(row, weeks));
}

/**
 * Which holds (issue 28) count as busy: those unexpired at `now` (the API's clock) and not the
 * asker's own (`holderKey`: her held time stays offered to her). An expired hold blocks nobody.
 */
export interface HoldsSeenBy {
  now: Date;
  holderKey?: string | null;
}

/** The SQL condition: an assignment of a booking, or of a hold that blocks the asker. */
const countsAsBusy = (a: typeof bookingAssignments, now: unknown, holderKey: unknown) =>
  sql`(${a.holdId} IS NULL OR EXISTS (SELECT 1 FROM ${slotHolds} h WHERE h.id = ${a.holdId} AND h.expires_at > ${now}::timestamptz AND h.holder_key <> ${holderKey}))`;

/**
 * Busy intervals of these professionals touching [fromMs, toMs): one query over the active
 * assignments (bookings', and holds' that block the asker), served by the GiST index of the
 * `booking_assignments_no_overlap` constraint.
 */
export async function loadBusy(
  db: Db,
  professionalIds: readonly string[],
  fromMs: number,
  toMs: number,
  holds: HoldsSeenBy = { now: new Date(0) },
): Promise<Map<string, BusyInterval[]>> {
  const busy = new Map<string, BusyInterval[]>();
  if (professionalIds.length === 0) return busy;
  const a = bookingAssignments;
  const rows = await db
    .select({ professionalId: a.professionalId, startsAt: a.startsAt, endsAt: a.endsAt })
    .from(a)
    .where(
      and(
        inArray(a.professionalId, [...professionalIds]),
        eq(a.active, true),
        sql`tstzrange(${a.startsAt}, ${a.endsAt}) && tstzrange(${new Date(fromMs).toISOString()}::timestamptz, ${new Date(toMs).toISOString()}::timestamptz)`,
        // What the constraint's GiST index holds (see prepareBusyAndVersion): narrows by time too.
        sql`assignment_busy_range(${a.startsAt}, ${a.endsAt}, ${a.travelBufferMM}) && tstzrange(${new Date(fromMs).toISOString()}::timestamptz, ${new Date(toMs).toISOString()}::timestamptz)`,
        countsAsBusy(a, holds.now.toISOString(), holds.holderKey ?? ''),
      ),
    );
  for (const row of rows) {
    const list = busy.get(row.professionalId) ?? [];
    list.push({ start: row.startsAt, end: row.endsAt });
    busy.set(row.professionalId, list);
  }
  return busy;
}

/**
 * The busy intervals and the catalogue's version in one round trip and one row: the intervals
 * come aggregated by PostgreSQL as one text, `<professional id>:<start>+<length>,…` per
 * professional (seconds since the epoch, and seconds), the professionals in id order and each one's
 * intervals by start. One row instead of one per interval (issue 30: at 40× the seed a month of a
 * city is 1,500 rows, and mapping them row by row cost more than the query), and the same text is
 * the cache key of the reply (availability-replies.ts): equal texts are equal busy intervals.
 * A named prepared statement: PostgreSQL plans it once per connection (planning costs more than
 * the execution).
 */
function prepareBusyAndVersion(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({
      version: sql<number>`v.version::float8`,
      busy: busyTextSql({
        ids: sql`${p('ids')}::uuid[]`,
        from: sql`${p('from')}::timestamptz`,
        to: sql`${p('to')}::timestamptz`,
        now: sql`${p('now')}::timestamptz`,
        holder: sql`${p('holder')}`,
      }),
    })
    .from(sql`(SELECT coalesce((SELECT version FROM catalogue_version WHERE id = 1), 0) AS version) v`)
    .prepare('musa_busy_text_and_version');
}

/**
 * The busy intervals' text (see above) of the professionals `ids` touching [from, to), as `now`
 * and the asker's `holder` key see the holds. Exported for the scale bench's EXPLAIN.
 */
export function busyTextSql(p: { ids: SQL; from: SQL; to: SQL; now: SQL; holder: SQL }): SQL<string | null> {
  return sql<string | null>`(
    SELECT string_agg(x.pro || ':' || x.spans, ' ' ORDER BY x.pro) FROM (
      SELECT a.professional_id::text AS pro,
        string_agg(extract(epoch FROM a.starts_at)::float8 || '+' || extract(epoch FROM a.ends_at - a.starts_at)::float8, ','
          ORDER BY a.starts_at, a.ends_at) AS spans
      FROM ${bookingAssignments} a
      WHERE a.professional_id = ANY(${p.ids})
        AND a.active
        AND a.ends_at > ${p.from}
        -- The start's range, read from the index booking_assignments_active_starts_idx (migration
        -- 0021): no assignment lasts more than a day (its CHECK), so whatever ends after from
        -- started less than a day before it.
        AND a.starts_at < ${p.to}
        AND a.starts_at > ${p.from} - interval '1 day'
        AND (a.hold_id IS NULL OR EXISTS (SELECT 1 FROM ${slotHolds} h WHERE h.id = a.hold_id
          AND h.expires_at > ${p.now} AND h.holder_key <> ${p.holder}))
      GROUP BY a.professional_id
    ) x
  )`;
}

const busyStatement = preparedPerDb(prepareBusyAndVersion);

/** The intervals of the aggregated text (see prepareBusyAndVersion), by professional, in ms. */
export function parseBusyText(text: string | null): Map<string, BusyInterval[]> {
  const busy = new Map<string, BusyInterval[]>();
  if (!text) return busy;
  for (const entry of text.split(' ')) {
    const colon = entry.indexOf(':');
    const list: BusyInterval[] = [];
    for (const span of entry.slice(colon + 1).split(',')) {
      const plus = span.indexOf('+');
      const start = Math.round(Number(span.slice(0, plus)) * 1000);
      list.push({ start, end: start + Math.round(Number(span.slice(plus + 1)) * 1000) });
    }
    busy.set(entry.slice(0, colon), list);
  }
  return busy;
}

/** The busy intervals as text (parseBusyText reads them) and the catalogue's version, in one query. */
export async function loadBusyAndVersion(
  db: Db,
  professionalIds: readonly string[],
  fromMs: number,
  toMs: number,
  holds: HoldsSeenBy,
): Promise<{ version: number; text: string }> {
  const statement = busyStatement(db);
  const [row] = await statement.execute({
    // An array literal: the same text parameter for both drivers. Ids are UUIDs (checked).
    ids: `{${professionalIds.filter(isUuid).join(',')}}`,
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    now: holds.now.toISOString(),
    // No holder key is '' (keys are UUIDs): every unexpired hold is busy.
    holder: holds.holderKey ?? '',
  });
  return { version: Number(row?.version ?? 0), text: row?.busy ?? '' };
}

export interface AvailabilityRequest {
  point: LatLng;
  /** The served zones; the catalogue's when omitted. */
  zones?: readonly Zone[];
  services: readonly CatalogueService[];
  hairLength: HairLength | null;
  participants: number;
  /** A salotto is booked by a team (availability.ts); 'single' when omitted. */
  kind?: 'single' | 'salotto';
  /** Only slots this professional takes part in (the professional filter). */
  providerId?: string | null;
  /** Local calendar days (Europe/Rome) the caller will ask about. */
  fromDate: string;
  toDate: string;
  now: Date;
  maxRangeDays?: number;
  /**
   * An appointment being moved (issue 16): its own time is not busy for it, so it may move to a
   * time that overlaps the one it gives up. Its professional's other appointments stay busy.
   */
  ownTime?: { professionalId: string; startsAt: Date; endsAt: Date } | null;
  /** The asker's holder key (issue 28): her own hold is not busy for her. */
  holderKey?: string | null;
}

/** Leaves the moved appointment's own interval out of its professional's busy ones. */
function withoutOwnTime(
  busy: Map<string, BusyInterval[]>,
  own: NonNullable<AvailabilityRequest['ownTime']>,
): Map<string, BusyInterval[]> {
  const intervals = busy.get(own.professionalId);
  if (intervals) {
    const start = own.startsAt.getTime();
    const end = own.endsAt.getTime();
    // One active assignment of hers has exactly this interval (the exclusion constraint forbids two).
    busy.set(
      own.professionalId,
      intervals.filter((b) => !(Number(b.start) === start && Number(b.end) === end)),
    );
  }
  return busy;
}

export interface LoadedAvailability {
  query: AvailabilityQuery;
  professionals: LoadedProfessional[];
  /** The catalogue version the answer was computed with (current as of the busy query). */
  version: number;
  /** The served zones of the address. */
  zoneIds: string[];
  /**
   * The busy intervals as the query read them (`loadBusyAndVersion`'s text), or null when they were
   * changed after (a move's own time left out): what the reply's cache key holds.
   */
  busyText: string | null;
  /** The calculator, built on first use (a reply found in a cache does not need it). */
  readonly availability: ReturnType<typeof createAvailability>;
}

/** A request, or how to make it from the catalogue (e.g. the services asked, by id). */
export type AvailabilityRequestSource = AvailabilityRequest | ((catalogue: CatalogueSnapshot) => AvailabilityRequest);

/** Tries with a copy that turned out stale before answering from the last one read. */
const MAX_ATTEMPTS = 3;

/**
 * Loads what availability needs for the days fromDate…toDate and builds the calculator: one
 * query when the catalogue in memory is current. A request built from the catalogue may throw an
 * ApiError (an unknown service): it is thrown only once the copy is known to be current.
 */
export async function loadAvailability(
  db: Db,
  source: AvailabilityRequestSource,
  options: {
    /**
     * A single booking's professionals to read, among those who qualify (in the catalogue's order):
     * the month's batches (available-days.ts). Everyone when omitted.
     */
    choose?: (qualified: readonly LoadedProfessional[]) => readonly LoadedProfessional[];
  } = {},
): Promise<LoadedAvailability> {
  const cache = catalogueCache(db);
  let catalogue = await cache.cached();
  for (let attempt = 1; ; attempt++) {
    let request: AvailabilityRequest;
    try {
      request = typeof source === 'function' ? source(catalogue) : source;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fresh = await cache.current();
      if (fresh === catalogue) throw error;
      catalogue = fresh;
      continue;
    }
    const zoneIds = servingZoneIds(request.point, request.zones ?? catalogue.zones);
    const providerId = request.providerId && isUuid(request.providerId) ? request.providerId : null;
    const team = request.kind === 'salotto';
    // A salotto's filtered professional is one of its team: everyone serving the zone is loaded.
    // A single booking needs only those who can do every service asked (issue 30: their busy
    // intervals are all the query reads; availability would drop the others anyway).
    const requested = toRequestedServices(request.services, request.hairLength);
    const serving =
      request.providerId && !providerId ? [] : professionalsServing(catalogue, zoneIds, team ? null : providerId);
    const qualified = team ? serving : serving.filter((pro) => canPerform(pro, requested));
    const pros = !team && options.choose ? [...options.choose(qualified)] : qualified;
    const maxBufferMs = Math.max(0, ...pros.map((p) => p.travelBufferMM)) * MINUTE_MS;
    const { version, text } = await loadBusyAndVersion(
      db,
      pros.map((p) => p.id),
      dayFrame(request.fromDate).startMs - maxBufferMs,
      dayFrame(request.toDate).endMs + maxBufferMs,
      { now: request.now, holderKey: request.holderKey ?? null },
    );
    if (version !== catalogue.version && attempt < MAX_ATTEMPTS) {
      catalogue = await cache.at(version);
      continue;
    }
    // Parsed when first asked: a reply found in the cache is keyed by the text alone.
    let busy: Map<string, BusyInterval[]> | null = null;
    const ownTime = request.ownTime;
    const query: AvailabilityQuery = {
      professionals: pros,
      get busy() {
        return (busy ??= ownTime ? withoutOwnTime(parseBusyText(text), ownTime) : parseBusyText(text));
      },
      services: requested,
      point: request.point,
      zones: request.zones ?? catalogue.zones,
      providerId: request.providerId ?? null,
      participants: request.participants,
      kind: request.kind ?? 'single',
      now: request.now,
      ...(request.maxRangeDays ? { rules: { maxRangeDays: request.maxRangeDays } } : {}),
    };
    let calculator: ReturnType<typeof createAvailability> | null = null;
    return {
      query,
      professionals: pros,
      version: catalogue.version,
      zoneIds,
      busyText: request.ownTime ? null : text,
      get availability() {
        return (calculator ??= createAvailability(query));
      },
    };
  }
}
