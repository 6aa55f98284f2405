import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutePatterns } from '../../src/prerender';
import { createWebServer, matchesRoute } from '../../web-server/server';

/**
 * The prerendered entry screens (issue 15): the build writes `<route>/index.html` for each and
 * `404.html` for the not-found screen, and records the app's route patterns. The server sends each
 * page for its own path, the not-found page (404) for a path no route matches, and index.html for
 * the other app routes.
 */

const page = (name: string) => `<!doctype html><html lang="it"><body><div id="root">${name}</div></body></html>\n`;
const INDEX = page('');
const LOCATION = page('<h1>Dove vuoi ricevere il servizio?</h1>');
const LOGIN = page('<h1>Bentornata, Musa!</h1>');
const NOT_FOUND = page('<h1>Errore 404</h1>');
/** The app's own route patterns, as the build writes them into its facts. */
const APP_ROUTES = appRoutePatterns();

let root: string;
let server: http.Server;
let port: number;

const get = (pathname: string): Promise<{ status: number; type: string | undefined; body: string }> =>
  new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
      })
      .on('error', reject);
  });

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'musa-prerendered-'));
  await mkdir(path.join(root, 'booking', 'location'), { recursive: true });
  await mkdir(path.join(root, 'login'));
  await writeFile(path.join(root, 'index.html'), INDEX);
  await writeFile(path.join(root, 'booking', 'location', 'index.html'), LOCATION);
  await writeFile(path.join(root, 'login', 'index.html'), LOGIN);
  await writeFile(path.join(root, '404.html'), NOT_FOUND);
  await writeFile(
    path.join(root, '.web-server.json'),
    JSON.stringify({ apiOrigin: '', googleMaps: false, tagManager: false, appRoutes: APP_ROUTES }),
  );
  server = await createWebServer({ root });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('prerendered pages', () => {
  it('each entry screen gets its own page, with or without a query string or a final slash', async () => {
    for (const [route, body] of [
      ['/booking/location', LOCATION],
      ['/booking/location/', LOCATION],
      ['/booking/location?utm_source=instagram', LOCATION],
      ['/login', LOGIN],
    ] as const) {
      const reply = await get(route);
      expect(reply.status, route).toBe(200);
      expect(reply.type).toBe('text/html; charset=utf-8');
      expect(reply.body, route).toBe(body);
    }
  });

  it('the other app routes get index.html', async () => {
    for (const route of ['/', '/booking', '/booking/participants', '/booking/hair/service', '/ask-reset-password']) {
      const reply = await get(route);
      expect(reply.status, route).toBe(200);
      expect(reply.body, route).toBe(INDEX);
    }
  });

  it('a path no route matches gets the not-found screen with status 404', async () => {
    for (const route of ['/pagina-che-non-esiste', '/booking/hair/service/extra', '/login/altro']) {
      const reply = await get(route);
      expect(reply.status, route).toBe(404);
      expect(reply.type).toBe('text/html; charset=utf-8');
      expect(reply.body, route).toBe(NOT_FOUND);
    }
  });
});

describe('matchesRoute', () => {
  it('matches a parameter segment with any one segment, and nothing else', () => {
    expect(matchesRoute('/booking/$step', '/booking/location')).toBe(true);
    expect(matchesRoute('/booking/$step', '/booking/location/')).toBe(true);
    expect(matchesRoute('/booking/$step', '/booking')).toBe(false);
    expect(matchesRoute('/booking/$step', '/other/location')).toBe(false);
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/', '/login')).toBe(false);
  });

  it('matches an optional segment with one segment or none', () => {
    const steps = '/booking/$step/{-$childStep}';
    expect(matchesRoute(steps, '/booking/location')).toBe(true);
    expect(matchesRoute(steps, '/booking/hair/service')).toBe(true);
    expect(matchesRoute(steps, '/booking/hair/service/')).toBe(true);
    expect(matchesRoute(steps, '/booking')).toBe(false);
    expect(matchesRoute(steps, '/booking/hair/service/extra')).toBe(false);
    expect(matchesRoute(steps, '/other/hair/service')).toBe(false);
    expect(matchesRoute('/{-$lang}/about', '/about')).toBe(true);
    expect(matchesRoute('/{-$lang}/about', '/en/about')).toBe(true);
    expect(matchesRoute('/{-$lang}/about', '/en/other')).toBe(false);
  });
});
