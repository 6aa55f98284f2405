import type { AppConfig } from '../config/config';
import type { Db } from '../db/client';
import type { JobRegistry } from '../jobs/registry';
import type { Logger } from '../config/logger';
import type { Mailer } from '../mail/mailer';

/** Everything the API needs from outside; tests pass fakes (a clock, a capturing mailer). */
export type AppDeps = {
  db: Db;
  mailer: Mailer;
  /** The clock: token expiry, rate-limit windows, "future" bookings. */
  now: () => Date;
  config: AppConfig;
  logger: Logger;
  /**
   * Runs work after the reply is sent (the reset e-mail), so the reply's timing says nothing about
   * whether the e-mail has an account. Failures are the task's own to log. Default: next tick.
   */
  afterReply?: (task: () => Promise<void>) => void;
  /** The outbox's job kinds, each registered by its room: set by createApp (server/app.ts `OUTBOX_JOBS`). */
  jobs: JobRegistry;
};

/** What createApp is given: everything but the job kinds, which the app composes from its rooms. */
export type AppInput = Omit<AppDeps, 'jobs'>;

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    /** Set when a reply fails, so the request log line carries the message. */
    failure: string;
  };
};
