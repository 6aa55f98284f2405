import { createApp, type App } from '../../../server/app';
import { DEFAULT_RATE_LIMITS, type AppConfig, type RateLimitConfig } from '../../../server/config/config';
import type { Db } from '../../../server/db/client';
import type { Logger } from '../../../server/config/logger';
import type { MailMessage, Mailer } from '../../../server/mail/mailer';

export const TEST_APP_URL = 'http://app.musa.test';

/** A clock tests move by hand: token expiry, rate-limit windows, "future" bookings. */
export class TestClock {
  static readonly START = new Date('2026-03-02T09:00:00.000Z');
  private current = TestClock.START.getTime();
  now = (): Date => new Date(this.current);
  set(date: Date | string): void {
    this.current = new Date(date).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
  reset(): void {
    this.current = TestClock.START.getTime();
  }
}

/** Keeps every message "sent", in order. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

export type LogLine = {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
};

export class CapturingLogger implements Logger {
  readonly lines: LogLine[] = [];
  info(message: string, fields?: Record<string, unknown>) {
    this.lines.push({ level: 'info', message, fields });
  }
  warn(message: string, fields?: Record<string, unknown>) {
    this.lines.push({ level: 'warn', message, fields });
  }
  error(message: string, fields?: Record<string, unknown>) {
    this.lines.push({ level: 'error', message, fields });
  }
}

/** Limits high enough that only the rate-limit tests ever meet them. */
export const GENEROUS_RATE_LIMITS: RateLimitConfig = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((action) => [
    action,
    { perIp: { limit: 10_000, windowMs: 60_000 }, perEmail: { limit: 10_000, windowMs: 60_000 } },
  ]),
) as RateLimitConfig;

export type TestAppOptions = { config?: Partial<AppConfig>; mailer?: Mailer };

export function buildTestApp(
  db: Db,
  clock: TestClock,
  mailer: Mailer,
  logger: Logger,
  options: TestAppOptions = {},
): App {
  const config: AppConfig = {
    appUrl: TEST_APP_URL,
    rateLimits: GENEROUS_RATE_LIMITS,
    trustProxy: true,
    bodyLimitBytes: 100 * 1024,
    ...options.config,
  };
  // Work the app does after a reply is awaited by `call()` (fixtures.ts) before it returns, so
  // tests read the outbox as the user would a moment later.
  const pending: Promise<void>[] = [];
  const app = createApp({
    db,
    mailer: options.mailer ?? mailer,
    now: clock.now,
    config,
    logger,
    afterReply: (task) => void pending.push(task()),
  });
  return Object.assign(app, {
    settle: async () => {
      while (pending.length > 0) await Promise.all(pending.splice(0));
    },
  });
}
