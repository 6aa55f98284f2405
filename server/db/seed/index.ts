import type { Db } from '../client';
import { seedAccounts, seedProAccounts } from './accounts';
import { seedCatalogue } from './catalogue';
import { seedCoupons } from './coupons';
import { seedHistory } from './history';
import { seedProfessionals } from './professionals';

/**
 * Fills an empty (or partly filled) database with demo data. Each part is idempotent, so
 * `npm run db:seed` can run again. Order matters: history needs accounts and professionals.
 * Catalogue, zones, professionals (20+, with skills, zones, weekly hours), coupons and the gift card
 * come from server/seed-data.
 */
export async function seed(db: Db, now: Date = new Date()): Promise<void> {
  await seedAccounts(db);
  await seedCatalogue(db);
  await seedProfessionals(db);
  await seedProAccounts(db);
  await seedCoupons(db);
  await seedHistory(db, now);
}
