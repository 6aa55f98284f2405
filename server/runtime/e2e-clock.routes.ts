import { Hono } from 'hono';
import * as v from 'valibot';
import { ok } from '../../contract/envelope';
import { isoDateTimeField } from '../../contract/fields';
import type { AppEnv } from '../http/env';
import { readJson } from '../http/input';

/** `{ "at": "2026-12-04T12:00:00.000Z" }` moves the clock there; `{ "at": null }` puts it back. */
const moveClockPayload = v.object({ at: v.nullable(isoDateTimeField) });

/**
 * POST /e2e/clock: the browser tests move the API's time (issue 29: past an appointment, for its
 * invitation to rate). Mounted only when the clock can move, i.e. when Playwright starts the API
 * with `E2E_FRESH_DB=1` and `E2E_NOW` (server/config/config.ts clockFromEnv); never in production, never in
 * the OpenAPI document. The e2e API runs one process (PGlite), so one process's clock is the API's.
 */
export function e2eClockRoutes(moveTo: (at: Date | null) => void) {
  const routes = new Hono<AppEnv>();
  routes.post('/e2e/clock', async (c) => {
    const { at } = await readJson(c, moveClockPayload);
    moveTo(at === null ? null : new Date(at));
    return c.json(ok({ now: c.var.deps.now().toISOString() }));
  });
  return routes;
}
