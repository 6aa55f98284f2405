import cluster, { type Worker } from 'node:cluster';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { runtimeFromEnv } from '../config/config';
import { migrateAndSeedIfEmpty } from '../db/bootstrap';
import { openDatabase } from '../db/client';
import type { Logger } from '../config/logger';
import { EXIT_CANNOT_LISTEN } from './worker';

type Runtime = ReturnType<typeof runtimeFromEnv>;

/** A worker that dies is replaced after this delay, doubled for each quick death in a row (max 10 s). */
const RESTART_BASE_MS = 250;
const RESTART_MAX_MS = 10_000;
/** A worker that lived this long counts as healthy: the next restart starts again from the base delay. */
const HEALTHY_AFTER_MS = 30_000;

/**
 * The supervisor of `API_WORKERS` API processes. It migrates and seeds the database once, then
 * forks the workers, which share the port; a worker that exits without being asked to is replaced
 * (with a growing delay if it keeps dying), so a crash never leaves the API down. SIGTERM/SIGINT
 * are passed to the workers, which drain their requests, and the supervisor exits after them.
 */
export async function runPrimary(runtime: Runtime, logger: Logger): Promise<void> {
  // A fresh test run (E2E_FRESH_DB=1) starts with an empty outbox too: its e-mails are read by name.
  if (runtime.freshDb) await rm(path.join(runtime.dataDir, 'outbox'), { recursive: true, force: true });
  const handle = await openDatabase({
    databaseUrl: runtime.databaseUrl,
    dataDir: runtime.dataDir,
    fresh: runtime.freshDb,
  });
  const { seeded } = await migrateAndSeedIfEmpty(handle, runtime.clock());
  // PGlite is one process's database: the workers open it after the supervisor lets it go.
  await handle.close();
  const where = runtime.databaseUrl ? 'PostgreSQL' : `PGlite in ${runtime.dataDir}`;
  logger.info(`Database pronto (${where})${seeded ? ', dati demo inseriti' : ''}`);

  const count = runtime.databaseUrl ? runtime.workers : 1;
  if (!runtime.databaseUrl && runtime.workers > 1) logger.info('PGlite serve un solo processo: parte un worker API');

  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map<Worker, number>();
  const fork = (first: boolean) => {
    const worker = cluster.fork({ API_ANNOUNCE: first ? '1' : '0' });
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (code === EXIT_CANNOT_LISTEN) {
      logger.error(`La porta ${runtime.port} è occupata o non disponibile: l'API si ferma`);
      stop('SIGTERM');
      process.exitCode = 1;
      return;
    }
    quickDeaths = lived >= HEALTHY_AFTER_MS ? 0 : quickDeaths + 1;
    const delay = Math.min(RESTART_BASE_MS * 2 ** Math.max(0, quickDeaths - 1), RESTART_MAX_MS);
    logger.error('API worker ended, starting another', { pid: worker.process.pid, code, signal, delayMs: delay });
    setTimeout(() => fork(false), delay);
  });

  for (let i = 0; i < count; i++) fork(i === 0);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
