import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';

/** Everything the API needs from outside; tests pass fakes (a clock, a capturing mailer). */
export type AppDeps = {
  db: Db;
  mailer: Mailer;
  /** The clock: token expiry, rate-limit windows, "future" bookings. */
  now: () => Date;
  config: AppConfig;
  logger: Logger;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    /** Set when a reply fails, so the request log line carries the message. */
    failure: string;
  };
};
