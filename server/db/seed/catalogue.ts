import type { Db } from '../client';
import { serviceSections, services, zones } from '../schema/catalogue';
import { SECTIONS, SERVICES } from '../../seed-data/catalogue';
import { ZONES } from '../../seed-data/zones';

/**
 * The catalogue (services and the sections they show in) and the served zones, copied from
 * server/seed-data. Idempotent by primary key: rows already there are left as they are, so an
 * operator's edits survive a second `npm run db:seed`.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  await db
    .insert(zones)
    .values(
      ZONES.map((z) => ({
        id: z.id,
        name: z.name,
        city: z.city,
        centerLat: z.center.lat,
        centerLng: z.center.lng,
        radiusKm: z.radiusKm,
      })),
    )
    .onConflictDoNothing({ target: zones.id });

  await db
    .insert(services)
    .values(
      SERVICES.map((s, position) => ({
        id: s.id,
        category: s.category,
        name: s.name,
        description: s.description,
        formDescription: s.formDescription ?? null,
        durationMM: s.durationMM,
        durationByHairLength: s.durationByHairLength ?? null,
        price: s.price,
        priceByHairLength: s.priceByHairLength ?? null,
        listPrice: s.listPrice ?? null,
        listPriceByHairLength: s.listPriceByHairLength ?? null,
        priceStartingFrom: s.priceStartingFrom,
        isManualFlow: s.isManualFlow,
        image: s.image,
        groupId: s.groupId,
        excludeFromBooking: s.excludeFromBooking,
        salotto: s.salotto,
        position,
      })),
    )
    .onConflictDoNothing({ target: services.id });

  await db
    .insert(serviceSections)
    .values(
      SECTIONS.map((s, position) => ({
        id: s.id,
        category: s.category,
        audience: s.audience,
        role: s.role,
        title: s.title,
        itemType: s.itemType,
        serviceIds: [...s.serviceIds],
        position,
      })),
    )
    .onConflictDoNothing({ target: serviceSections.id });
}
