import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer, readBuildFacts } from '../../web-server/server';
import { precompress } from '../../web-server/vite-plugin';
import { contentSecurityPolicy } from '../../web-server/policy';
import { openIdleConnection } from '../server/helpers/idle-connection';

/**
 * The production web server against a small built app: a hashed script and stylesheet under assets/,
 * index.html, a public icon and the facts file the build writes. Oracles are the HTTP rules the
 * issue names (encodings, caching, fallback, 404) and the bytes of the fixture files themselves.
 */

const INDEX_HTML = `<!doctype html><html lang="it"><head><title>Musa</title>
<script type="module" crossorigin src="/assets/index-AbC123.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-XyZ789.css"></head>
<body><div id="root"></div></body></html>\n`.repeat(8);
const SCRIPT = `export const steps = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `step-${i}`))};\n`;
const STYLES = `.screen{display:grid;gap:1rem}\n`.repeat(60);
const ICON = `<svg xmlns="http://www.w3.org/2000/svg"/>`;

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

let parent: string;
let root: string;
let server: http.Server;
let port: number;

function request(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'musa-web-server-'));
  root = path.join(parent, 'dist');
  await mkdir(root);
  await writeFile(path.join(parent, 'secret.txt'), 'DATABASE_URL=postgres://secret');
  await mkdir(path.join(root, 'assets'));
  await writeFile(path.join(root, 'index.html'), INDEX_HTML);
  await writeFile(path.join(root, 'assets', 'index-AbC123.js'), SCRIPT);
  await writeFile(path.join(root, 'assets', 'index-XyZ789.css'), STYLES);
  await writeFile(path.join(root, 'logo.svg'), ICON);
  await writeFile(
    path.join(root, '.web-server.json'),
    JSON.stringify({ apiOrigin: 'https://api.musa.example', googleMaps: false, tagManager: false }),
  );
  await precompress(root);
  server = await createWebServer({ root });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(parent, { recursive: true, force: true });
});

describe('precompressed files', () => {
  it('the build step writes brotli and gzip copies of text files, not of tiny ones', async () => {
    const assets = await readdir(path.join(root, 'assets'));
    expect(assets.sort()).toEqual([
      'index-AbC123.js',
      'index-AbC123.js.br',
      'index-AbC123.js.gz',
      'index-XyZ789.css',
      'index-XyZ789.css.br',
      'index-XyZ789.css.gz',
    ]);
    expect(await readdir(root)).not.toContain('logo.svg.br');
  });

  it('a browser that accepts brotli gets brotli, and the bytes decode to the file', async () => {
    const reply = await request('/assets/index-AbC123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['vary']).toBe('Accept-Encoding');
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.byteLength);
    expect(reply.body.byteLength).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(reply.body).toString()).toBe(SCRIPT);
  });

  it('gzip when brotli is not accepted or refused with q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8', 'x-gzip']) {
      const reply = await request('/assets/index-XyZ789.css', { 'Accept-Encoding': accept });
      expect(reply.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(reply.body).toString()).toBe(STYLES);
    }
  });

  it('the file as it is when the client accepts no encoding we have', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'deflate, *;q=0' },
    ];
    for (const headers of cases) {
      const reply = await request('/assets/index-AbC123.js', headers);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers['vary']).toBe('Accept-Encoding');
      expect(reply.body.toString()).toBe(SCRIPT);
    }
  });
});

describe('connections', () => {
  it('a client that comes back after 7 s idle finds its connection still open (Node alone closes it after 5 s)', async () => {
    const idle = await openIdleConnection(`http://127.0.0.1:${port}/logo.svg`);
    expect(idle.first.status).toBe(200);
    expect(await idle.askAgainAfter(7000)).toEqual({ status: 200, reused: true });
  }, 15_000);
});

describe('caching', () => {
  it('hashed assets are cached for a year as immutable', async () => {
    const reply = await request('/assets/index-XyZ789.css', { 'Accept-Encoding': 'br' });
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('HTML and unhashed public files are revalidated, and an unchanged file answers 304', async () => {
    const page = await request('/', { 'Accept-Encoding': 'gzip' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const icon = await request('/logo.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.body.toString()).toBe(ICON);

    const again = await request('/logo.svg', { 'If-None-Match': String(icon.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });
});

describe('routes', () => {
  it('app routes get index.html (the app draws them, its not-found screen included)', async () => {
    for (const route of ['/', '/booking/location', '/login', '/booking/hair/service', '/pagina-che-non-esiste']) {
      const reply = await request(route, { 'Accept-Encoding': 'br' });
      expect(reply.status, route).toBe(200);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(reply.body).toString()).toBe(INDEX_HTML);
    }
  });

  it('a query string does not change the file', async () => {
    const reply = await request('/booking/location?utm_source=facebook');
    expect(reply.body.toString()).toBe(INDEX_HTML);
  });

  it('a missing asset is a 404, not the app', async () => {
    for (const missing of ['/assets/index-Old000.js', '/favicon.ico', '/images/missing.svg', '/assets/chunk']) {
      const reply = await request(missing);
      expect(reply.status, missing).toBe(404);
      expect(reply.body.toString()).not.toContain('<html');
    }
  });

  it('never serves the build facts, hidden files or anything outside the folder', async () => {
    const outside = [
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
    ];
    for (const hidden of ['/.web-server.json', '/%00', ...outside]) {
      const reply = await request(hidden);
      expect(reply.status, hidden).toBe(404);
      expect(reply.body.toString()).not.toContain('secret');
    }
  });

  it('HEAD answers the headers without a body; other methods are refused', async () => {
    const head = await request('/assets/index-AbC123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.byteLength).toBe(0);
    const post = await request('/login', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers['allow']).toBe('GET, HEAD');
  });
});

describe('security headers', () => {
  const directives = (csp: string | string[] | undefined) =>
    new Map(
      String(csp ?? '')
        .split(';')
        .map((part) => {
          const [name = '', ...sources] = part.trim().split(/\s+/);
          return [name, sources] as const;
        }),
    );

  it('every response carries them, pages, assets and errors alike', async () => {
    for (const pathname of ['/', '/booking/location', '/assets/index-AbC123.js', '/logo.svg', '/assets/nope.js']) {
      const reply = await request(pathname);
      expect(reply.headers['content-security-policy'], pathname).toBeDefined();
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(reply.headers['permissions-policy']).toContain('geolocation=()');
    }
  });

  it('scripts only from the app itself, never inline or eval; the API reachable; no framing', async () => {
    const reply = await request('/booking/location');
    const csp = directives(reply.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.musa.example']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(reply.headers['content-security-policy']).not.toMatch(/unsafe-(inline|eval)|googleapis/);
  });

  it('Google Maps is allowed only in a build with a Maps key, still without inline scripts or eval', () => {
    const keyed = directives(
      contentSecurityPolicy({ apiOrigin: 'https://api.musa.example', googleMaps: true, tagManager: false }),
    );
    expect(keyed.get('script-src')).toContain('https://maps.googleapis.com');
    expect(keyed.get('connect-src')).toEqual(
      expect.arrayContaining(['https://api.musa.example', 'https://*.googleapis.com']),
    );
    expect([...keyed.get('script-src')!].join(' ')).not.toMatch(/unsafe/);
  });

  it('reads what the build recorded, and a build without the file allows only its own origin', async () => {
    expect(await readBuildFacts(root)).toEqual({
      apiOrigin: 'https://api.musa.example',
      googleMaps: false,
      tagManager: false,
    });
    const bare = await readBuildFacts(path.join(root, 'assets'));
    expect(directives(contentSecurityPolicy(bare)).get('connect-src')).toEqual(["'self'"]);
  });
});
