import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateAndSeedIfEmpty } from '../../../server/db/bootstrap';
import { dropEverything, MIGRATIONS_FOLDER, type DatabaseHandle } from '../../../server/db/client';
import { users } from '../../../server/db/schema/accounts';
import { bookings } from '../../../server/db/schema/bookings';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../../server/db/seed/accounts';
import { seed } from '../../../server/db/seed/index';
import { describeEachDb } from '../helpers/databases';
import { call, dataOf } from '../helpers/fixtures';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describeEachDb('database', (t) => {
  const countOf = async (table: typeof users | typeof bookings) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;

  /** Re-runs the migrations on the suite's database, whichever driver it is. */
  const migrateAgain = (db: typeof t.db) => {
    const kind: DatabaseHandle['kind'] = db.constructor.name.startsWith('Pglite') ? 'pglite' : 'postgres';
    return kind === 'pglite'
      ? migratePglite(db as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER })
      : migratePg(db as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  };

  describe('migrations', () => {
    it('enable btree_gist (needed by the bookings exclusion constraint)', async () => {
      const result = await t.db.execute(sql`SELECT extname FROM pg_extension WHERE extname = 'btree_gist'`);
      expect(rowsOf(result)).toEqual([{ extname: 'btree_gist' }]);
    });

    it('rebuild every table after a reset (npm run db:reset)', async () => {
      await t.db.insert(users).values({ email: 'prima@example.it' });
      await dropEverything(t.db);
      await migrateAgain(t.db);
      expect(await countOf(users)).toBe(0);
      const tables = rowsOf(
        await t.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`),
      ).map((r) => r.tablename);
      expect(tables).toEqual(
        expect.arrayContaining([
          'bookings',
          'list_subscriptions',
          'professionals',
          'rate_limits',
          'sessions',
          'user_tokens',
          'users',
        ]),
      );
    });
  });

  describe('seed', () => {
    it('lets the demo customer sign in and shows her last recommendation and professional', async () => {
      // The seed dates its history from the real clock.
      t.clock.set(new Date());
      await seed(t.db);
      const app = t.app();
      const login = dataOf<{ token: string; user: { id: string; firstName: string } }>(
        await call(app, 'POST', '/login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } }),
      );
      expect(login.user.firstName).toBe('Chiara');
      const next = dataOf<{
        lastProposal: { services: { name: string }[] } | null;
        nextBookings: unknown[];
      }>(await call(app, 'GET', '/me/next', { token: login.token }));
      expect(next.nextBookings).toEqual([]);
      expect(next.lastProposal?.services.map((s) => s.name)).toEqual(['Piega', 'Trattamento ristrutturante']);
      const providers = dataOf<{ providers: unknown[] }>(
        await call(app, 'GET', `/users/${login.user.id}/providers`, { token: login.token }),
      );
      expect(providers.providers).toHaveLength(1);
    });

    it('can run twice without duplicating anything', async () => {
      await seed(t.db);
      const [u, b] = [await countOf(users), await countOf(bookings)];
      await seed(t.db);
      expect(await countOf(users)).toBe(u);
      expect(await countOf(bookings)).toBe(b);
    });

    it('runs at start only on an empty database', async () => {
      const handle = { db: t.db, migrate: () => migrateAgain(t.db) } as unknown as DatabaseHandle;
      expect(await migrateAndSeedIfEmpty(handle)).toEqual({ seeded: true });
      expect(await migrateAndSeedIfEmpty(handle)).toEqual({ seeded: false });
    });
  });
});
