import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { appConfigFromEnv, runtimeFromEnv } from './config';
import { migrateAndSeedIfEmpty } from './db/bootstrap';
import { openDatabase } from './db/client';
import { consoleLogger } from './logger';
import { sweepRateLimits } from './services/rate-limit';
import type { Mailer } from './mail/mailer';
import { createOutboxMailer, createSmtpMailer } from './mail/transports';

const runtime = runtimeFromEnv();
const config = appConfigFromEnv();
const logger = consoleLogger;

const handle = await openDatabase({
  databaseUrl: runtime.databaseUrl,
  dataDir: runtime.dataDir,
  fresh: runtime.freshDb,
});
const { seeded } = await migrateAndSeedIfEmpty(handle);
logger.info(
  `Database pronto (${handle.kind === 'pglite' ? `PGlite in ${runtime.dataDir}` : 'PostgreSQL'})${seeded ? ', dati demo inseriti' : ''}`,
);

const mailer: Mailer = runtime.smtpUrl
  ? createSmtpMailer(runtime.smtpUrl, runtime.mailFrom)
  : createOutboxMailer(path.join(runtime.dataDir, 'outbox'), runtime.mailFrom, logger);

const app = createApp({ db: handle.db, mailer, now: () => new Date(), config, logger });

const server = serve({ fetch: app.fetch, port: runtime.port, hostname: '::' }, (info) => {
  console.log(`API Musa in ascolto su http://localhost:${info.port}`);
});

// Finished rate-limit windows are useless; drop them every ten minutes.
const sweeper = setInterval(() => {
  sweepRateLimits(handle.db, new Date()).catch((error: unknown) =>
    logger.error('rate-limit sweep failed', { error: String(error) }),
  );
}, 10 * 60_000);
sweeper.unref();

const shutdown = () => {
  clearInterval(sweeper);
  server.close(() => {
    void handle.close().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
