/**
 * Reads the catalogue, zones, professionals, coupons and gift cards from the database in the
 * shapes the pure booking core (catalogue.ts, served-zones.ts, availability.ts, pricing.ts) works
 * on, and keeps the catalogue in memory (`catalogueCache`): services, sections, zones and
 * professionals (with their weeks from a day on and their time off, issue 40) change only when
 * seeded or edited, so each API process reads them once and reads them again when the database's
 * `catalogue_version` (bumped by triggers on those tables, migrations 0004 and 0022) is no longer
 * the version of its copy.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ApiCategory } from '../../contract/constants';
import { selectRows, type Db } from '../db/client';
import { serviceSections, services, zones } from '../db/schema/catalogue';
import { coupons, giftCards } from '../db/schema/coupons';
import { professionals } from '../db/schema/professionals';
import { timeOff } from '../db/schema/time-off';
import { professionalHours } from '../db/schema/week';
import type { BookingKind } from '../db/schema/bookings';
import type { CatalogueSection, CatalogueService } from '../domain/catalogue';
import { normalizeCode, type Coupon, type GiftCard } from '../domain/coupons';
import type { Zone } from '../domain/zones';
import type { AvailabilityProfessional, DatedHours, RequestedService, TimeOffSpan } from '../domain/professionals';

type ServiceRow = typeof services.$inferSelect;

export function toCatalogueService(row: ServiceRow): CatalogueService {
  return {
    id: row.id,
    category: row.category,
    name: row.name,
    description: row.description,
    ...(row.formDescription !== null ? { formDescription: row.formDescription } : {}),
    durationMM: row.durationMM,
    ...(row.durationByHairLength ? { durationByHairLength: row.durationByHairLength } : {}),
    price: row.price,
    ...(row.priceByHairLength ? { priceByHairLength: row.priceByHairLength } : {}),
    ...(row.listPrice !== null ? { listPrice: row.listPrice } : {}),
    ...(row.listPriceByHairLength ? { listPriceByHairLength: row.listPriceByHairLength } : {}),
    priceStartingFrom: row.priceStartingFrom,
    isManualFlow: row.isManualFlow,
    image: row.image,
    groupId: row.groupId,
    excludeFromBooking: row.excludeFromBooking,
    salotto: row.salotto,
  };
}

/** Active services of the given categories (all when omitted), in catalogue order. */
export async function loadServices(db: Db, categories?: readonly ApiCategory[]): Promise<CatalogueService[]> {
  const rows = await db
    .select()
    .from(services)
    .where(
      categories
        ? and(eq(services.active, true), inArray(services.category, [...categories]))
        : eq(services.active, true),
    )
    .orderBy(asc(services.position));
  return rows.map(toCatalogueService);
}

/** The active services with these ids, in the order asked; null when one is unknown or hidden. */
export async function loadServicesByIds(db: Db, ids: readonly string[]): Promise<CatalogueService[] | null> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(services)
    .where(and(inArray(services.id, unique), eq(services.active, true)));
  const byId = new Map(rows.map((r) => [r.id, toCatalogueService(r)]));
  const result: CatalogueService[] = [];
  for (const id of ids) {
    const service = byId.get(id);
    if (!service) return null;
    result.push(service);
  }
  return result;
}

const toSection = (r: typeof serviceSections.$inferSelect): CatalogueSection => ({
  id: r.id,
  category: r.category,
  audience: r.audience,
  role: r.role,
  title: r.title,
  itemType: r.itemType,
  serviceIds: r.serviceIds,
});

export async function loadSections(
  db: Db,
  audience: 'default' | 'salotto',
  categories: readonly ApiCategory[],
): Promise<CatalogueSection[]> {
  const rows = await db
    .select()
    .from(serviceSections)
    .where(and(eq(serviceSections.audience, audience), inArray(serviceSections.category, [...categories])))
    .orderBy(asc(serviceSections.position));
  return rows.map(toSection);
}

export async function loadZones(db: Db): Promise<Zone[]> {
  const rows = await db.select().from(zones).where(eq(zones.active, true));
  return rows.map((z) => ({
    id: z.id,
    name: z.name,
    city: z.city,
    center: { lat: z.centerLat, lng: z.centerLng },
    radiusKm: z.radiusKm,
  }));
}

export type LoadedProfessional = AvailabilityProfessional & {
  firstName: string;
  lastName: string;
};

/** Each professional's weeks from a day on and time off not cancelled (issue 40), as availability reads them. */
export interface ProfessionalWeeks {
  hoursFrom: ReadonlyMap<string, DatedHours[]>;
  timeOff: ReadonlyMap<string, TimeOffSpan[]>;
}

const NO_WEEKS: ProfessionalWeeks = { hoursFrom: new Map(), timeOff: new Map() };

/**
 * The weeks from a day on (by `validFrom`) and the time off not cancelled (by start) of these
 * professionals (everyone's when omitted): two queries. Time off over is kept too: it changes no
 * answer (past times are never offered) and costs a few rows.
 */
export async function loadProfessionalWeeks(db: Db, ids?: readonly string[]): Promise<ProfessionalWeeks> {
  if (ids && ids.length === 0) return NO_WEEKS;
  const hoursRows = await db
    .select({
      professionalId: professionalHours.professionalId,
      validFrom: professionalHours.validFrom,
      hours: professionalHours.weeklyHours,
    })
    .from(professionalHours)
    .where(ids ? inArray(professionalHours.professionalId, [...ids]) : undefined)
    .orderBy(asc(professionalHours.professionalId), asc(professionalHours.validFrom));
  const offRows = await db
    .select({ professionalId: timeOff.professionalId, startsAt: timeOff.startsAt, endsAt: timeOff.endsAt })
    .from(timeOff)
    .where(and(sql`${timeOff.cancelledAt} IS NULL`, ids ? inArray(timeOff.professionalId, [...ids]) : undefined))
    .orderBy(asc(timeOff.professionalId), asc(timeOff.startsAt));
  const hoursFrom = new Map<string, DatedHours[]>();
  for (const row of hoursRows) {
    const list = hoursFrom.get(row.professionalId) ?? [];
    list.push({ validFrom: row.validFrom, hours: row.hours });
    hoursFrom.set(row.professionalId, list);
  }
  const spans = new Map<string, TimeOffSpan[]>();
  for (const row of offRows) {
    const list = spans.get(row.professionalId) ?? [];
    list.push({ start: row.startsAt.getTime(), end: row.endsAt.getTime() });
    spans.set(row.professionalId, list);
  }
  return { hoursFrom, timeOff: spans };
}

export const toLoadedProfessional = (
  p: typeof professionals.$inferSelect,
  weeks: ProfessionalWeeks = NO_WEEKS,
): LoadedProfessional => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  zoneIds: p.zoneIds,
  skills: {
    categories: p.skillCategories as RequestedService['category'][],
    exceptServiceIds: p.exceptServiceIds,
  },
  hours: p.weeklyHours,
  hoursFrom: weeks.hoursFrom.get(p.id) ?? [],
  timeOff: weeks.timeOff.get(p.id) ?? [],
  hoursConfirmed: p.hoursConfirmed,
  travelBufferMM: p.travelBufferMM,
});

/** The services asked, active and of the audience of `kind` (salotto or not), in the order asked; else null. */
export function bookableServices(
  catalogue: Pick<CatalogueSnapshot, 'servicesById'>,
  ids: readonly string[],
  kind: BookingKind,
): CatalogueService[] | null {
  const result: CatalogueService[] = [];
  for (const id of ids) {
    const service = catalogue.servicesById.get(id);
    if (!service || service.salotto !== (kind === 'salotto')) return null;
    result.push(service);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The catalogue in memory

/** The catalogue as one API process keeps it: everything active, in catalogue order. */
export interface CatalogueSnapshot {
  /** The database's `catalogue_version` read before the tables (0 when the row is missing). */
  readonly version: number;
  readonly services: readonly CatalogueService[];
  readonly servicesById: ReadonlyMap<string, CatalogueService>;
  readonly sections: readonly CatalogueSection[];
  readonly zones: readonly Zone[];
  readonly professionals: readonly LoadedProfessional[];
  /** What `build` returns for `key`, computed once per snapshot (e.g. a rendered reply). */
  memo<T>(key: string, build: () => T): T;
}

/** Replies memoised per snapshot; a bound, since the keys come from requests. */
const MEMO_LIMIT = 1000;

/** The version of the catalogue the database holds now: one tiny query. */
export async function readCatalogueVersion(db: Db): Promise<number> {
  const rows = await selectRows<{ version: number }>(
    db,
    sql`SELECT coalesce((SELECT version FROM catalogue_version WHERE id = 1), 0)::float8 AS version`,
  );
  return Number(rows[0]?.version ?? 0);
}

/**
 * Reads the whole catalogue. The version is read first: if a change commits while the tables are
 * read, the copy may be newer than its label, never older, and the next check reloads it.
 */
export async function loadCatalogueSnapshot(db: Db): Promise<CatalogueSnapshot> {
  const version = await readCatalogueVersion(db);
  const serviceRows = await db.select().from(services).where(eq(services.active, true)).orderBy(asc(services.position));
  const sectionRows = await db.select().from(serviceSections).orderBy(asc(serviceSections.position));
  const zoneList = await loadZones(db);
  const proRows = await db
    .select()
    .from(professionals)
    .where(eq(professionals.active, true))
    .orderBy(asc(professionals.createdAt), asc(professionals.id));
  const weeks = await loadProfessionalWeeks(db);
  const list = serviceRows.map(toCatalogueService);
  const memo = new Map<string, unknown>();
  return {
    version,
    services: list,
    servicesById: new Map(list.map((s) => [s.id, s])),
    sections: sectionRows.map(toSection),
    zones: zoneList,
    professionals: proRows.map((row) => toLoadedProfessional(row, weeks)),
    memo<T>(key: string, build: () => T): T {
      if (memo.has(key)) return memo.get(key) as T;
      const value = build();
      if (memo.size < MEMO_LIMIT) memo.set(key, value);
      return value;
    },
  };
}

/**
 * Shares runs of `task` between callers without ever answering from a run that started before
 * the call: a call while a run is under way waits for the next run, which all such calls share.
 * So under load one query serves a whole batch of requests, and each still sees the database as
 * it was after it arrived.
 */
function coalesce<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const run = task().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    if (!queued) {
      const after = () => {
        queued = null;
        return running ?? start();
      };
      queued = running.then(after, after);
    }
    return queued;
  };
}

export interface CatalogueCache {
  /** The copy in memory, loaded on first use; it may miss a change made since the last check. */
  cached(): Promise<CatalogueSnapshot>;
  /** A copy at least as new as the database was when the call was made (one coalesced query). */
  current(): Promise<CatalogueSnapshot>;
  /** The copy of `version`, read by a query the request made anyway: reloads when it differs. */
  at(version: number): Promise<CatalogueSnapshot>;
}

const caches = new WeakMap<Db, CatalogueCache>();

/** This process's catalogue for `db` (one per database handle). */
export function catalogueCache(db: Db): CatalogueCache {
  let cache = caches.get(db);
  if (cache) return cache;
  let snapshot: CatalogueSnapshot | null = null;
  const reload = coalesce(async () => {
    snapshot = await loadCatalogueSnapshot(db);
    return snapshot;
  });
  const version = coalesce(() => readCatalogueVersion(db));
  const at = async (v: number) => {
    const copy = snapshot ?? (await reload());
    return copy.version === v ? copy : reload();
  };
  cache = {
    cached: async () => snapshot ?? reload(),
    current: async () => at(await version()),
    at,
  };
  caches.set(db, cache);
  return cache;
}

/** The coupon and the gift card named `code` (either may be absent), for pricing.resolveCode. */
export async function loadCode(db: Db, code: string): Promise<{ coupons: Coupon[]; giftCards: GiftCard[] }> {
  const key = normalizeCode(code);
  if (key === '') return { coupons: [], giftCards: [] };
  const [couponRows, cardRows] = [
    await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.code, key), eq(coupons.active, true))),
    await db.select().from(giftCards).where(eq(giftCards.code, key)),
  ];
  return { coupons: couponRows.map(toCoupon), giftCards: cardRows.map(toGiftCard) };
}

export const toCoupon = (row: typeof coupons.$inferSelect): Coupon => ({
  code: row.code,
  description: row.description,
  kind: row.kind,
  value: row.value,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  firstBookingOnly: row.firstBookingOnly,
  category: row.category,
  minSubtotal: row.minSubtotal,
});

export const toGiftCard = (row: typeof giftCards.$inferSelect): GiftCard => ({
  code: row.code,
  description: row.description,
  initialBalance: row.initialBalance,
  balance: row.balance,
  validUntil: row.validUntil,
});

/**
 * The professionals serving at least one of `zoneIds` (only `providerId` when given), from the
 * catalogue in memory, in the snapshot's order (availability-store.ts loadProfessionals reads the same
 * from the database).
 */
export function professionalsServing(
  catalogue: Pick<CatalogueSnapshot, 'professionals'>,
  zoneIds: readonly string[],
  providerId?: string | null,
): LoadedProfessional[] {
  if (zoneIds.length === 0) return [];
  return catalogue.professionals.filter(
    (p) => (!providerId || p.id === providerId) && p.zoneIds.some((z) => zoneIds.includes(z)),
  );
}
