import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db/client';
import { API_MESSAGES } from '../../server/http/messages';
import { call, errorOf } from './helpers/fixtures';
import { CapturingLogger, CapturingMailer, GENEROUS_RATE_LIMITS, TestClock, TEST_APP_URL } from './helpers/test-app';

/** A database that fails every query: the plumbing below must not need one, or must fail cleanly. */
const brokenDb = new Proxy({} as Db, {
  get: () => () => {
    throw new Error('connessione persa: segreto-interno');
  },
});

/** A database whose server went away: node-postgres' error for a dropped connection. */
const droppedDb = new Proxy({} as Db, {
  get: () => () => Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), {})),
});

/** A database that answers every query with no rows. */
const healthyDb = { execute: () => Promise.resolve({ rows: [] }) } as unknown as Db;

function build(db: Db = brokenDb) {
  const logger = new CapturingLogger();
  const clock = new TestClock();
  const app = createApp({
    db,
    mailer: new CapturingMailer(),
    now: clock.now,
    logger,
    config: {
      appUrl: TEST_APP_URL,
      rateLimits: GENEROUS_RATE_LIMITS,
      trustProxy: false,
      bodyLimitBytes: 100 * 1024,
    },
  });
  return { app, logger };
}

describe('createApp', () => {
  it('answers /health in the envelope with the database up', async () => {
    const reply = await call(build(healthyDb).app, 'GET', '/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      result: { success: true, data: { status: 'ok', database: 'up', time: '2026-03-02T09:00:00.000Z' } },
    });
  });

  it('reports the database down on /health with 503', async () => {
    const reply = await call(build(droppedDb).app, 'GET', '/health');
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({
      result: { success: true, data: { status: 'degraded', database: 'down', time: '2026-03-02T09:00:00.000Z' } },
    });
  });

  it('answers 503 with Retry-After, in the envelope, when the database connection is lost', async () => {
    const reply = await call(build(droppedDb).app, 'GET', '/ping');
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('5');
    expect(errorOf(reply)).toBe(API_MESSAGES.databaseUnavailable);
  });

  it('refuses a write whose body is not JSON with 415 (a cross-site text/plain post)', async () => {
    const reply = await call(build(healthyDb).app, 'POST', '/login', {
      body: '{"email":"anna@example.it","password":"Segreta123"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(reply.status).toBe(415);
    expect(errorOf(reply)).toBe(API_MESSAGES.unsupportedMediaType);
  });

  it('sends security headers and no-store on every reply', async () => {
    const reply = await call(build().app, 'GET', '/nope');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown route with 404 and an Italian message in the envelope', async () => {
    const reply = await call(build().app, 'GET', '/nope');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      result: { success: false, error: { message: 'Risorsa non trovata' } },
    });
  });

  it('answers 404 to a known path with a method it does not serve', async () => {
    const reply = await call(build().app, 'DELETE', '/login');
    expect(reply.status).toBe(404);
    expect(errorOf(reply)).toBe(API_MESSAGES.notFound);
  });

  it('refuses a body larger than 100 kB with 413', async () => {
    const big = JSON.stringify({ email: 'anna@example.it', password: 'x'.repeat(101 * 1024) });
    const reply = await call(build().app, 'POST', '/login', { body: big });
    expect(reply.status).toBe(413);
    expect(errorOf(reply)).toBe(API_MESSAGES.payloadTooLarge);
  });

  it('answers 400 to malformed JSON before touching the database', async () => {
    const reply = await call(build().app, 'POST', '/ask-reset-password', { body: '{"email":' });
    expect(reply.status).toBe(400);
    expect(errorOf(reply)).toBe(API_MESSAGES.badJson);
  });

  it('allows the web app’s origin in CORS, with the Authorization header', async () => {
    const res = await build().app.request('/me', {
      method: 'OPTIONS',
      headers: {
        origin: TEST_APP_URL,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(TEST_APP_URL);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const other = await build().app.request('/health', {
      headers: { origin: 'http://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('echoes X-Request-Id and logs refused requests with it', async () => {
    const { app, logger } = build();
    const reply = await call(app, 'GET', '/me', { headers: { 'x-request-id': 'prova-123' } });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('x-request-id')).toBe('prova-123');
    expect(logger.lines).toContainEqual({
      level: 'warn',
      message: 'request refused',
      fields: {
        requestId: 'prova-123',
        method: 'GET',
        path: '/me',
        status: 401,
        error: API_MESSAGES.unauthenticated,
      },
    });
  });

  it('makes up a request id when none (or a strange one) is sent', async () => {
    const reply = await call(build().app, 'GET', '/health', {
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(reply.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns an unexpected failure into a generic 500 without details, and logs it without its message', async () => {
    const { app, logger } = build();
    const reply = await call(app, 'GET', '/me', {
      token: 'qualsiasi',
      headers: { 'x-request-id': 'guasto-1' },
    });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({
      result: { success: false, error: { message: API_MESSAGES.internal } },
    });
    expect(JSON.stringify(reply.body)).not.toContain('segreto-interno');
    const logged = logger.lines.find((l) => l.level === 'error' && l.message === 'unexpected error');
    expect(logged?.fields?.requestId).toBe('guasto-1');
    expect(String(logged?.fields?.error)).toMatch(/^Error at /);
    // A driver's message can quote SQL parameters (names, phone numbers): never in the logs.
    expect(JSON.stringify(logger.lines)).not.toContain('segreto-interno');
  });
});
