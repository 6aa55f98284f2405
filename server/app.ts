import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { fail, ok } from '../contract/envelope';
import { ApiError } from './http/api-error';
import type { AppDeps, AppEnv, AppInput } from './http/env';
import { API_MESSAGES } from './http/messages';
import { sql } from 'drizzle-orm';
import { causeChain, isDatabaseUnavailable } from './db/errors';
import { appointmentRoutes } from './appointments/appointments.routes';
import { authRoutes } from './accounts/auth.routes';
import { bookingRoutes } from './bookings/bookings.routes';
import { geoRoutes } from './geo/geo.routes';
import { holdRoutes } from './bookings/holds.routes';
import { releaseHoldBeaconCall } from '../contract/calls';
import { openApiRoutes } from './openapi/openapi.routes';
import { serviceRoutes } from './catalogue/services.routes';
import { meRoutes } from './accounts/me.routes';
import { meNextRoutes } from './appointments/me-next.routes';
import { offerRoutes } from './requests/offer.routes';
import { ratingRoutes } from './ratings/ratings.routes';
import { proRoutes } from './requests/pro.routes';
import { weekRoutes } from './week/week.routes';
import { feedRoutes } from './week/feed.routes';
import { boardRoutes } from './week/board.routes';
import { signupRoutes } from './accounts/signup.routes';
import { subscriptionRoutes } from './accounts/subscriptions.routes';
import { userRoutes } from './accounts/users.routes';
import { waitlistRoutes } from './waitlist/waitlist.routes';
import { jobRegistry } from './jobs/registry';
import { bookingJobs } from './bookings/booking-jobs';
import { requestJobs } from './requests/request-jobs';
import { ratingJobs } from './ratings/rating-jobs';
import { waitlistJobs } from './waitlist/waitlist-jobs';
import { weekJobs } from './week/week-jobs';

export type { AppDeps, AppInput } from './http/env';

/**
 * The outbox's job kinds, each registered by the room that owns it (server/jobs/registry.ts): the
 * one registry the API (after a reply), the workers' rounds (runtime/worker.ts) and the tests run.
 */
export const OUTBOX_JOBS = jobRegistry([bookingJobs, requestJobs, ratingJobs, waitlistJobs, weekJobs]);

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Builds the API. Tests call `createApp(deps).request(...)` without a port. */
export function createApp(input: AppInput) {
  const deps: AppDeps = { ...input, jobs: OUTBOX_JOBS };
  const app = new Hono<AppEnv>();

  app.use(
    requestId({
      generator: (c) => {
        const given = c.req.header('x-request-id');
        return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
      },
    }),
  );

  // Every failed reply is logged once, with its request id, status and message.
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
    if (c.res.status >= 400) {
      const fields = {
        requestId: c.var.requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        error: c.var.failure,
      };
      if (c.res.status >= 500) deps.logger.error('request failed', fields);
      else deps.logger.warn('request refused', fields);
    }
  });

  app.use(
    cors({
      origin: deps.config.appUrl,
      allowMethods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Authorization', 'X-Request-Id', 'Idempotency-Key'],
      exposeHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    }),
  );

  // Bodies over the limit are refused (413). A body with its length declared is judged by the
  // header (Node's parser never reads past it) without touching the body: hono's bodyLimit reads
  // `c.req.raw.body` first, which makes @hono/node-server build a whole web Request for every
  // request (a GET included) and read the body through it: a large share of a small request's
  // CPU. Only a chunked body is counted as it streams, by hono's middleware.
  const tooLarge = (c: Context<AppEnv>) => {
    c.set('failure', API_MESSAGES.payloadTooLarge);
    return c.json(fail(API_MESSAGES.payloadTooLarge), 413);
  };
  const countChunkedBody = bodyLimit({ maxSize: deps.config.bodyLimitBytes, onError: tooLarge });
  app.use(async (c, next) => {
    const chunked = c.req.header('transfer-encoding') !== undefined;
    const length = c.req.header('content-length');
    if (!chunked && length !== undefined)
      return Number.parseInt(length, 10) > deps.config.bodyLimitBytes ? tooLarge(c) : next();
    // Over HTTP/1.1 (@hono/node-server passes the Node request as `incoming`) a request with
    // neither header has no body; a Request handed to app.request (tests) may have one.
    const overHttp = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
    if (!chunked && overHttp) return next();
    return countChunkedBody(c, next);
  });

  // The API answers JSON only; nothing it sends may be framed, sniffed or run as a page.
  app.use(
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      crossOriginResourcePolicy: 'same-site',
      referrerPolicy: 'no-referrer',
      xFrameOptions: 'DENY',
    }),
  );

  // Replies carry personal data unless a route says otherwise (the public catalogue does).
  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  // A write with a body must say it is JSON: a `text/plain` form post from another site (which
  // skips the CORS preflight) is refused before it reaches a route.
  app.use(async (c, next) => {
    const method = c.req.method;
    if (method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE') {
      const length = c.req.header('content-length');
      // Over HTTP/1.1 a request with neither Content-Length nor Transfer-Encoding has no body (RFC
      // 9112 §6.3: `curl -X POST`), though @hono/node-server still hands the route a body stream; a
      // Request given to app.request (tests) has one only when it was built with one.
      const overHttp = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
      const chunked = c.req.header('transfer-encoding') !== undefined;
      const hasBody = length !== undefined ? length !== '0' : overHttp ? chunked : c.req.raw.body !== null;
      const type = c.req.header('content-type') ?? '';
      // `navigator.sendBeacon` can only POST text/plain without a preflight: the hold's release
      // accepts it (all it can do is end the hold of the key it names, issue 28).
      const beacon =
        method === 'POST' && c.req.path === releaseHoldBeaconCall.route && /^text\/plain\s*(?:;|$)/i.test(type);
      if (hasBody && !beacon && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
        c.set('failure', API_MESSAGES.unsupportedMediaType);
        return c.json(fail(API_MESSAGES.unsupportedMediaType), 415);
      }
    }
    return next();
  });

  // Liveness and the database's state: 200 when a query answers, 503 while it does not.
  app.get('/health', async (c) => {
    let database: 'up' | 'down' = 'up';
    try {
      await deps.db.execute(sql`SELECT 1`);
    } catch {
      database = 'down';
    }
    const body = { status: database === 'up' ? 'ok' : 'degraded', database, time: deps.now().toISOString() };
    return c.json(ok(body), database === 'up' ? 200 : 503);
  });

  app.route('/', openApiRoutes);

  // One trivial database query: the baseline of `npm run bench` and a readiness probe.
  app.get('/ping', async (c) => {
    await deps.db.execute(sql`SELECT 1`);
    return c.json(ok({ pong: true }));
  });

  // Each room's routes (docs/architecture.md, server rooms).
  app.route('/', authRoutes);
  app.route('/', signupRoutes);
  app.route('/', meRoutes);
  app.route('/', meNextRoutes);
  app.route('/', userRoutes);
  app.route('/', subscriptionRoutes);
  app.route('/', holdRoutes);
  app.route('/', bookingRoutes);
  app.route('/', appointmentRoutes);
  app.route('/', offerRoutes);
  app.route('/', ratingRoutes);
  app.route('/', proRoutes);
  app.route('/', weekRoutes);
  app.route('/', feedRoutes);
  app.route('/', boardRoutes);
  app.route('/', waitlistRoutes);
  app.route('/', serviceRoutes);
  app.route('/', geoRoutes);

  app.notFound((c) => {
    c.set('failure', API_MESSAGES.notFound);
    return c.json(fail(API_MESSAGES.notFound), 404);
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      c.set('failure', err.message);
      return c.json(fail(err.message), err.status, err.headers);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const message =
        err.status === 413
          ? API_MESSAGES.payloadTooLarge
          : err.status === 404
            ? API_MESSAGES.notFound
            : API_MESSAGES.badJson;
      c.set('failure', message);
      return c.json(fail(message), err.status);
    }
    if (isDatabaseUnavailable(err)) {
      c.set('failure', API_MESSAGES.databaseUnavailable);
      return c.json(fail(API_MESSAGES.databaseUnavailable), 503, { 'Retry-After': '5' });
    }
    // Only the error's name and code: a driver's message and stack can quote the SQL parameters,
    // which carry personal data (names, phone numbers, notes).
    c.set('failure', describeError(err));
    deps.logger.error('unexpected error', {
      requestId: c.var.requestId,
      error: describeError(err),
    });
    return c.json(fail(API_MESSAGES.internal), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/** An error as it may be logged: its class, SQLSTATE or errno code, and where it was thrown. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return typeof err;
  const causes = [...causeChain(err, 3)].map(({ code, name }) =>
    typeof code === 'string' ? `${String(name)}(${code})` : String(name),
  );
  const frame =
    err.stack
      ?.split('\n')
      .find((line) => line.includes(' at '))
      ?.trim() ?? '';
  return `${causes.join(' <- ')} ${frame}`.trim();
}
