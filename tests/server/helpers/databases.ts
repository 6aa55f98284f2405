import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import type { App } from '../../../server/app';
import type { DatabaseHandle, Db } from '../../../server/db/client';
import { openPgliteTestDb } from './pglite';
import { startPostgres } from './postgres';
import { buildTestApp, CapturingLogger, CapturingMailer, TestClock, type TestAppOptions } from './test-app';

type Opened = { handle: DatabaseHandle; close: () => Promise<void> };

const DATABASES = [
  {
    name: 'PGlite',
    open: async (): Promise<Opened> => {
      const handle = await openPgliteTestDb();
      return { handle, close: () => handle.close() };
    },
  },
  {
    name: 'PostgreSQL',
    open: async (): Promise<Opened> => {
      const server = await startPostgres();
      return { handle: server.handle, close: server.stop };
    },
  },
] as const;

/** Empties every table of the public schema (whoever added it), keeping the migrations. */
export async function truncateAll(db: Db): Promise<void> {
  await db.execute(sql`DO $$ DECLARE t text; BEGIN
    SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') INTO t FROM pg_tables WHERE schemaname = 'public';
    IF t IS NOT NULL THEN EXECUTE 'TRUNCATE ' || t || ' RESTART IDENTITY CASCADE'; END IF;
  END $$`);
}

export type DbSuite = {
  /** The database of the current half (PGlite or PostgreSQL), emptied before each test. */
  readonly db: Db;
  readonly clock: TestClock;
  /** Messages the app sent during the current test. */
  readonly mailer: CapturingMailer;
  readonly logger: CapturingLogger;
  /** The API on this database, the test clock, the capturing mailer and logger. */
  app(options?: TestAppOptions): App;
};

/**
 * Runs `body` once per database: PGlite and a real PostgreSQL 15. Use once per test file (each
 * half opens its own database). When PostgreSQL cannot start, every test of that half is
 * reported as skipped with the reason, never silently passed.
 */
export function describeEachDb(title: string, body: (suite: DbSuite) => void): void {
  describe.each(DATABASES)(`${title} [$name]`, ({ name, open }) => {
    let opened: Opened | undefined;
    let unavailable: string | undefined;
    const clock = new TestClock();
    let mailer = new CapturingMailer();
    let logger = new CapturingLogger();

    beforeAll(async () => {
      try {
        opened = await open();
      } catch (error) {
        unavailable = error instanceof Error ? error.message : String(error);
        console.warn(`${name} non disponibile: ${unavailable}`);
      }
    });

    afterAll(async () => {
      await opened?.close();
    });

    beforeEach(async (ctx) => {
      if (!opened) {
        ctx.skip(`${name} non disponibile: ${unavailable ?? 'avvio non riuscito'}`);
        return;
      }
      await truncateAll(opened.handle.db);
      clock.reset();
      mailer = new CapturingMailer();
      logger = new CapturingLogger();
    });

    const suite: DbSuite = {
      get db() {
        if (!opened) throw new Error(`${name} non disponibile`);
        return opened.handle.db;
      },
      clock,
      get mailer() {
        return mailer;
      },
      get logger() {
        return logger;
      },
      app: (options) => buildTestApp(suite.db, clock, mailer, logger, options),
    };
    body(suite);
  });
}
