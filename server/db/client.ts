import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * The one database type the API uses, whichever driver is underneath (PGlite or node-postgres).
 * Queries use Drizzle's core query builder (no relational `db.query`), so no schema is attached.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows of a raw query: both drivers (node-postgres, PGlite) answer `{ rows }`. */
export async function selectRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseHandle =
  | {
      kind: 'pglite';
      db: Db;
      client: PGlite;
      migrate: () => Promise<void>;
      close: () => Promise<void>;
    }
  | {
      kind: 'postgres';
      db: Db;
      client: pg.Pool;
      migrate: () => Promise<void>;
      close: () => Promise<void>;
    };

/** The extensions every PGlite instance needs (the first migration creates btree_gist). */
export const PGLITE_EXTENSIONS = { btree_gist };

/** Wraps an open PGlite (file, memory or a loaded data directory) in the API's handle. */
export function fromPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client });
  return {
    kind: 'pglite',
    db,
    client,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/**
 * What a dropped connection reports. node-postgres emits 'error' on the pool for an idle client and
 * on the client itself while it is checked out; an 'error' event nobody listens to ends the process.
 */
export type ConnectionErrorListener = (error: Error) => void;

const logConnectionError: ConnectionErrorListener = (error) =>
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'error',
      message: 'database connection lost',
      error: error.message,
    }),
  );

/**
 * Wraps a node-postgres pool in the API's handle. A connection the server drops is logged and
 * thrown away (the pool opens a new one on the next query), so the API outlives a database restart.
 */
export function fromPool(
  pool: pg.Pool,
  onConnectionError: ConnectionErrorListener = logConnectionError,
): DatabaseHandle {
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const db = drizzlePg({ client: pool });
  return {
    kind: 'postgres',
    db,
    client: pool,
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}

export type DatabaseOptions = {
  /** postgres://… → a PostgreSQL server; otherwise the embedded PGlite under `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Drop the embedded database files first (E2E_FRESH_DB=1). */
  fresh?: boolean;
  /** Connections per process (PostgreSQL only). */
  poolSize?: number;
  onConnectionError?: ConnectionErrorListener;
};

export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Opens the database named by the options; PGlite's file mode needs its parent directory to exist. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A request waits at most this long for a connection; then it answers 503 instead of hanging.
      connectionTimeoutMillis: 5000,
    });
    const handle = fromPool(pool, options.onConnectionError);
    if (options.fresh) await dropEverything(handle.db);
    return handle;
  }
  const dir = pgliteDir(options.dataDir);
  if (options.fresh) await rm(dir, { recursive: true, force: true });
  await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  return fromPglite(client);
}

/** Drops every table, type and the migration journal: `npm run db:reset` then migrates again. */
export async function dropEverything(db: Db): Promise<void> {
  await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await db.execute(sql`CREATE SCHEMA public`);
}
