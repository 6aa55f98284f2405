import path from 'node:path';

export type RateLimitRule = { limit: number; windowMs: number };
/** One rule per IP and one per e-mail for each limited action. */
export type RateLimitRules = { perIp: RateLimitRule; perEmail: RateLimitRule };
export type RateLimitAction = 'login' | 'askResetPassword' | 'subscribeToList' | 'completeSignup';
export type RateLimitConfig = Record<RateLimitAction, RateLimitRules>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  login: {
    perIp: { limit: 30, windowMs: 15 * MINUTE },
    perEmail: { limit: 10, windowMs: 15 * MINUTE },
  },
  askResetPassword: {
    perIp: { limit: 20, windowMs: HOUR },
    perEmail: { limit: 5, windowMs: HOUR },
  },
  subscribeToList: {
    perIp: { limit: 30, windowMs: HOUR },
    perEmail: { limit: 10, windowMs: HOUR },
  },
  completeSignup: {
    perIp: { limit: 20, windowMs: 15 * MINUTE },
    perEmail: { limit: 10, windowMs: 15 * MINUTE },
  },
};

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
    rateLimits: DEFAULT_RATE_LIMITS,
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
  };
}
