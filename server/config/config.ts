import path from 'node:path';

export type RateLimitRule = { limit: number; windowMs: number };
/**
 * One rule per IP and one per e-mail for each limited action (the holds' second key is the holder
 * key, counted by `perEmail`).
 */
export type RateLimitRules = { perIp: RateLimitRule; perEmail: RateLimitRule };
export type RateLimitAction =
  | 'login'
  | 'askResetPassword'
  | 'subscribeToList'
  | 'completeSignup'
  | 'storeBooking'
  | 'checkCoupon'
  | 'manageAppointment'
  | 'openWaitlistOffer'
  | 'holdSlot'
  | 'renewHold'
  | 'proSide'
  | 'calendarFeed';
export type RateLimitConfig = Record<RateLimitAction, RateLimitRules>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** `limit` per address and `perEmail` per e-mail (the same by default), in windows of `windowMs`. */
const rules = (perIp: number, windowMs: number, perEmail = perIp): RateLimitRules => ({
  perIp: { limit: perIp, windowMs },
  perEmail: { limit: perEmail, windowMs },
});

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  // Per account, a high backstop against guesses spread over many addresses; one address's
  // guesses on one account are slowed much sooner (server/accounts/login-backoff.ts).
  login: rules(30, 15 * MINUTE, 100),
  askResetPassword: rules(20, HOUR, 5),
  subscribeToList: rules(30, HOUR, 10),
  completeSignup: rules(20, 15 * MINUTE, 10),
  storeBooking: rules(30, 15 * MINUTE, 10),
  // Coupon and gift-card codes must not be guessable by trying: a handful of checks per address.
  checkCoupon: rules(30, 15 * MINUTE),
  // Opening and cancelling appointments: a manage token must not be guessable by trying (per
  // address; the e-mail is not known before the token is checked).
  manageAppointment: rules(60, 15 * MINUTE),
  // Opening a waitlist offer's link: its token must not be guessable by trying either (per address).
  openWaitlistOffer: rules(60, 15 * MINUTE),
  // Holding a time (issue 28): every pick holds one for 10 minutes, so one address cannot keep a
  // day's times from everyone by picking with fresh holder keys; per holder key, an indecisive
  // customer still has room (a pick, Back, another pick… 30 times in 15 minutes).
  holdSlot: rules(60, 15 * MINUTE, 30),
  // Renewals: the checkout renews before the hold lapses (a few times per 10 minutes).
  renewHold: rules(120, 15 * MINUTE, 20),
  // The professionals' side (issue 27): her agenda and requests, read and answered between two
  // appointments; per address and per account (the e-mail key is her user id).
  proSide: rules(300, 15 * MINUTE, 200),
  // Her calendar feed (issue 40), polled by calendar apps: per address high (Google's and Apple's
  // servers poll many feeds from one address), per feed token (the second key) a poll a minute.
  calendarFeed: rules(1200, HOUR, 60),
};

/**
 * The limits multiplied by `factor`: `RATE_LIMIT_FACTOR` (honoured only with `E2E_FRESH_DB=1`,
 * when a test run starts the API: the browser replay, the fault test and the benchmarks send
 * many requests from one address).
 */
export const scaledRateLimits = (factor: number): RateLimitConfig =>
  Object.fromEntries(
    Object.entries(DEFAULT_RATE_LIMITS).map(([action, rules]) => [
      action,
      {
        perIp: { ...rules.perIp, limit: rules.perIp.limit * factor },
        perEmail: { ...rules.perEmail, limit: rules.perEmail.limit * factor },
      },
    ]),
  ) as RateLimitConfig;

export type AppConfig = {
  /** The web app's public address: CORS origin and e-mail links. */
  appUrl: string;
  rateLimits: RateLimitConfig;
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number;
};

export const DEFAULT_APP_URL = 'http://localhost:5173';

export function appConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    appUrl: env.APP_URL ?? DEFAULT_APP_URL,
    rateLimits:
      env.E2E_FRESH_DB === '1' && Number(env.RATE_LIMIT_FACTOR) > 1
        ? scaledRateLimits(Number(env.RATE_LIMIT_FACTOR))
        : DEFAULT_RATE_LIMITS,
    trustProxy: env.TRUST_PROXY === '1',
    bodyLimitBytes: 100 * 1024,
  };
}

/** Process-level settings read by main.ts and the db CLI. */
export function runtimeFromEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    port: Number(env.PORT ?? 8787),
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Musa <ciao@musa.example>',
    freshDb: env.E2E_FRESH_DB === '1',
    clock: clockFromEnv(env),
    /** API processes on the port (PostgreSQL only; PGlite is one process's database). */
    workers: positiveInt(env.API_WORKERS, 1),
    /** Database connections per API process. */
    poolSize: positiveInt(env.DB_POOL_SIZE, 10),
  };
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * The API's clock. `E2E_NOW` (an ISO instant, honoured only with `E2E_FRESH_DB=1`, i.e. when
 * Playwright starts the API) makes the server's time start at that instant and flow from there,
 * so browser tests that pin the page's clock to the same instant see the same day and hour.
 */
export function clockFromEnv(env: NodeJS.ProcessEnv = process.env): ApiClock {
  const start = env.E2E_FRESH_DB === '1' && env.E2E_NOW ? Date.parse(env.E2E_NOW) : Number.NaN;
  if (Number.isNaN(start)) return () => new Date();
  const first = start - Date.now();
  let offset = first;
  const clock: ApiClock = () => new Date(Date.now() + offset);
  // The browser tests' own: time jumps to `at` and flows from there; null goes back to E2E_NOW's flow.
  clock.moveTo = (at: Date | null) => {
    offset = at ? at.getTime() - Date.now() : first;
  };
  return clock;
}

/**
 * The API's time. `moveTo` exists only on the browser tests' clock (E2E_NOW): issue 29's journey
 * moves it past an appointment to rate it (server/runtime/e2e-clock.routes.ts), then back.
 */
export type ApiClock = (() => Date) & { moveTo?: (at: Date | null) => void };
