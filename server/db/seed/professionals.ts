import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { professionals } from '../schema/professionals';

/**
 * A few professionals so the accounts' booking history has someone to point at. The bookings
 * part may replace this with its catalogue seeding (skills, zones, weekly hours).
 */
export async function seedProfessionals(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(professionals);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(professionals).values([
    { firstName: 'Martina', lastName: 'Esposito', picture: null },
    { firstName: 'Alessia', lastName: 'Ferrari', picture: null },
    { firstName: 'Francesca', lastName: 'Romano' },
  ]);
}
