import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { e2eClockRoutes } from './e2e-clock.routes';
import { createApp, OUTBOX_JOBS } from '../app';
import type { appConfigFromEnv, runtimeFromEnv } from '../config/config';
import { openDatabase } from '../db/client';
import type { Logger } from '../config/logger';
import type { Mailer } from '../mail/mailer';
import { createOutboxMailer, createSmtpMailer } from '../mail/transports';
import { sweepLoginFailures } from '../accounts/login-backoff';
import { runOutboxRound } from '../jobs/outbox';
import { sweepRateLimits } from '../http/rate-limit-store';
import { answerClientErrorsWithEnvelope } from './client-errors';
import { keepIdleConnections } from '../../contract/connections';

type Runtime = ReturnType<typeof runtimeFromEnv>;
type Config = ReturnType<typeof appConfigFromEnv>;

/** The exit code of a worker that cannot listen on its port (EX_CONFIG): the supervisor stops. */
export const EXIT_CANNOT_LISTEN = 78;

/** How long a SIGTERM waits for requests in flight before the process ends anyway. */
const DRAIN_MS = 10_000;
/** How often each worker looks for e-mails due in the outbox. */
const OUTBOX_ROUND_MS = 5000;

/**
 * One API process: opens the (already migrated) database, serves the app on the port (several
 * workers share it through node:cluster), and on SIGTERM/SIGINT stops accepting connections,
 * lets requests in flight finish, then closes the database.
 */
export async function runWorker(runtime: Runtime, config: Config, logger: Logger, announce: boolean): Promise<void> {
  const now = runtime.clock;
  const handle = await openDatabase({
    databaseUrl: runtime.databaseUrl,
    dataDir: runtime.dataDir,
    poolSize: runtime.poolSize,
    onConnectionError: (error) => logger.error('database connection lost', { error: error.message }),
  });

  const mailer: Mailer = runtime.smtpUrl
    ? createSmtpMailer(runtime.smtpUrl, runtime.mailFrom)
    : createOutboxMailer(path.join(runtime.dataDir, 'outbox'), runtime.mailFrom, logger);

  const app = createApp({ db: handle.db, mailer, now, config, logger });
  // The browser tests' clock (E2E_NOW) can be moved by them; no other clock can.
  if (now.moveTo) app.route('/', e2eClockRoutes(now.moveTo));

  const server = serve({ fetch: app.fetch, port: runtime.port, hostname: '::' }, (info) => {
    if (announce) console.log(`API Musa in ascolto su http://localhost:${info.port}`);
  });
  // serve() without createServer options makes a plain node:http server.
  answerClientErrorsWithEnvelope(server as Server);
  keepIdleConnections(server as Server);
  // A port that cannot be had is a setting to fix, not a crash to retry: tell the supervisor.
  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.error('API cannot listen', { port: runtime.port, code: error.code ?? error.name });
    process.exit(EXIT_CANNOT_LISTEN);
  });

  // Finished rate-limit windows and old login failures are useless; drop them every ten minutes.
  const sweeper = setInterval(() => {
    Promise.all([sweepRateLimits(handle.db, now()), sweepLoginFailures(handle.db, now())]).catch((error: unknown) =>
      logger.error('rate-limit sweep failed', { error: error instanceof Error ? error.name : String(error) }),
    );
  }, 10 * 60_000);
  sweeper.unref();

  // E-mails waiting in the outbox (a delivery that failed, or a process that stopped before
  // sending), and the holds that lapsed: every worker runs the rooms' jobs that are due
  // (OUTBOX_JOBS, as the app's replies do); SKIP LOCKED keeps two from taking the same row.
  const outboxDeps = { db: handle.db, mailer, logger, appUrl: config.appUrl, now, jobs: OUTBOX_JOBS };
  const postman = setInterval(() => {
    runOutboxRound(outboxDeps).catch((error: unknown) =>
      logger.warn('outbox round failed', { error: error instanceof Error ? error.name : String(error) }),
    );
  }, OUTBOX_ROUND_MS);
  postman.unref();

  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    clearInterval(sweeper);
    clearInterval(postman);
    setTimeout(() => process.exit(0), DRAIN_MS).unref();
    server.close(() => {
      void handle.close().finally(() => process.exit(0));
    });
    // Keep-alive connections with no request in flight would hold close() open.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
