import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fromPool, type DatabaseHandle } from '../../../server/db/client';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A free TCP port on the loopback (for the servers tests and benchmarks start). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (initdb refuses root). */
function runPg(binary: string, args: string[]): void {
  const command = path.join(BIN, binary);
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) {
    const output = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').slice(-3).join(' ');
    throw new Error(`${binary} non riuscito: ${output || result.error?.message || `codice ${result.status}`}`);
  }
}

export type PostgresServer = {
  handle: DatabaseHandle;
  /** postgres://… of the server, for another process (the API started as users run it). */
  url: string;
  stop: () => Promise<void>;
  /** Stops the server (fast shutdown: every connection is cut) and starts it again: fault tests. */
  halt: () => void;
  resume: () => void;
};

/**
 * Starts a throw-away PostgreSQL 15 cluster (Debian's binaries) on a free loopback port in a temp
 * dir, migrated. Throws with a readable reason when that is impossible (no binaries, no postgres
 * user…): the caller reports the PostgreSQL half of the suite as skipped with it.
 */
export async function startPostgres(): Promise<PostgresServer> {
  if (!existsSync(path.join(BIN, 'initdb'))) throw new Error(`initdb non trovato in ${BIN}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'musa-pg-'));
  const cleanupDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    if (isRoot()) execFileSync('chown', ['postgres', dir]);
    const data = path.join(dir, 'data');
    runPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '-N']);
    const port = await freePort();
    const startServer = () =>
      runPg('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(dir, 'pg.log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
        'start',
      ]);
    startServer();
    let stopped = false;
    const stopServer = () => {
      if (stopped) return;
      stopped = true;
      try {
        runPg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        cleanupDir();
      }
    };
    // A crashed or interrupted test run must not leave a server behind.
    process.once('exit', stopServer);
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      database: 'postgres',
      max: 5,
    });
    const handle = fromPool(pool);
    try {
      await handle.migrate();
    } catch (error) {
      await pool.end();
      stopServer();
      throw error;
    }
    return {
      handle,
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      halt: () => runPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
      resume: startServer,
      stop: async () => {
        await pool.end();
        stopServer();
        process.removeListener('exit', stopServer);
      },
    };
  } catch (error) {
    if (existsSync(dir) && !existsSync(path.join(dir, 'data', 'postmaster.pid'))) cleanupDir();
    throw error;
  }
}
