import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { openApiDocument } from './document';

let text: string | undefined;

/** `GET /openapi.json`: the contract as OpenAPI 3.1, outside the envelope (what API tools expect). */
export const openApiRoutes = new Hono<AppEnv>().get('/openapi.json', (c) => {
  text ??= JSON.stringify(openApiDocument());
  return c.body(text, 200, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Cache-Control': 'public, max-age=300',
  });
});
