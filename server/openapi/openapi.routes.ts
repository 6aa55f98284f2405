import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { openApiDocument } from './document';

/** `GET /openapi.json`: the contract as OpenAPI 3.1, outside the envelope (what API tools expect). */
export const openApiRoutes = new Hono<AppEnv>().get('/openapi.json', (c) =>
  c.json(openApiDocument(), 200, { 'Cache-Control': 'public, max-age=300' }),
);
