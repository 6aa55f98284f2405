/**
 * Reads the catalogue, zones, coupons and gift cards from the database in the shapes the pure
 * booking core (catalogue.ts, served-zones.ts, pricing.ts) works on.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ApiCategory } from '../../contract/constants';
import type { Db } from '../db/client';
import { serviceSections, services, zones } from '../db/schema/catalogue';
import { coupons, giftCards } from '../db/schema/coupons';
import type { CatalogueSection, CatalogueService } from '../seed-data/catalogue';
import type { SeedCoupon, SeedGiftCard } from '../seed-data/coupons';
import type { Zone } from '../seed-data/zones';
import { normalizeCode } from './pricing';

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
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    audience: r.audience,
    role: r.role,
    title: r.title,
    itemType: r.itemType,
    serviceIds: r.serviceIds,
  }));
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

/** The coupon and the gift card named `code` (either may be absent), for pricing.resolveCode. */
export async function loadCode(db: Db, code: string): Promise<{ coupons: SeedCoupon[]; giftCards: SeedGiftCard[] }> {
  const key = normalizeCode(code);
  if (key === '') return { coupons: [], giftCards: [] };
  const [couponRows, cardRows] = [
    await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.code, key), eq(coupons.active, true))),
    await db.select().from(giftCards).where(eq(giftCards.code, key)),
  ];
  return { coupons: couponRows.map(toSeedCoupon), giftCards: cardRows.map(toGiftCard) };
}

export const toSeedCoupon = (row: typeof coupons.$inferSelect): SeedCoupon => ({
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

export const toGiftCard = (row: typeof giftCards.$inferSelect): SeedGiftCard => ({
  code: row.code,
  description: row.description,
  initialBalance: row.initialBalance,
  balance: row.balance,
  validUntil: row.validUntil,
});
