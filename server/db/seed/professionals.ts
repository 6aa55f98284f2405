import type { Db } from '../client';
import { professionals } from '../schema/professionals';
import { PROFESSIONALS } from '../../seed-data/professionals';

/**
 * The professionals of server/seed-data/professionals.ts (Torino, Milano, Roma) with their skills,
 * zones, weekly hours and whether their hours are confirmed. Idempotent by slug.
 */
export async function seedProfessionals(db: Db): Promise<void> {
  await db
    .insert(professionals)
    .values(
      PROFESSIONALS.map((p) => ({
        slug: p.id,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        zoneIds: [...p.zoneIds],
        skillCategories: [...p.skills.categories],
        exceptServiceIds: [...(p.skills.exceptServiceIds ?? [])],
        weeklyHours: [...p.hours],
        hoursConfirmed: p.hoursConfirmed,
        travelBufferMM: p.travelBufferMM,
      })),
    )
    .onConflictDoNothing({ target: professionals.slug });
}
