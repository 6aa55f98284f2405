import type { Db } from '../client';
import { seedAccounts } from './accounts';
import { seedHistory } from './history';
import { seedProfessionals } from './professionals';

/**
 * Fills an empty (or partly filled) database with demo data. Each part is idempotent, so
 * `npm run db:seed` can run again. Order matters: history needs accounts and professionals.
 */
export async function seed(db: Db): Promise<void> {
  await seedAccounts(db);
  await seedProfessionals(db);
  // The bookings part adds its catalogue (services, zones, coupons) here, before the history.
  await seedHistory(db);
}
