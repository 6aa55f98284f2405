import cluster from 'node:cluster';
import { appConfigFromEnv, runtimeFromEnv } from './config/config';
import { consoleLogger } from './config/logger';
import { runPrimary } from './runtime/primary';
import { runWorker } from './runtime/worker';

/**
 * The API process. The primary migrates and seeds the database, then supervises `API_WORKERS`
 * workers (node:cluster, one port) and replaces any that dies; each worker serves the app.
 */
const runtime = runtimeFromEnv();

if (cluster.isPrimary) {
  await runPrimary(runtime, consoleLogger);
} else {
  await runWorker(runtime, appConfigFromEnv(), consoleLogger, process.env.API_ANNOUNCE === '1');
}
