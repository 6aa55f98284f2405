import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { keepIdleConnections } from '../contract/connections.js';
import { BUILD_FACTS_FILE, securityHeaders, type BuildFacts } from './policy.js';

/**
 * The production web server: serves the built app (`dist/`) with the brotli/gzip copies the build
 * wrote, long caching for hashed assets, the SPA fallback and the security headers.
 */

/** Vite names every file under `assets/` with a content hash: they never change, cache them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML and the files of `public/` keep their names across builds: revalidate them every time. */
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

/** The precompressed copies, best first, and the suffix the build gives them. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/**
 * The encodings a client accepts (RFC 9110 §12.5.3): `br;q=0` refuses brotli, `*` accepts any
 * encoding not named, `identity` is always acceptable unless refused.
 */
export function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const accepted = new Set<Encoding>();
  for (const { name } of ENCODINGS) {
    const weight = weights.get(name) ?? (name === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*');
    if (weight !== undefined && weight > 0) accepted.add(name);
  }
  return accepted;
}

type Found = { file: string; size: number; mtimeMs: number };

async function findFile(file: string): Promise<Found | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? { file, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** The file a URL path names inside `root`, or null when it leaves the root or names a hidden file. */
function resolveInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) || file === root ? file : null;
}

/**
 * App routes are paths whose last segment has no extension (`/booking/location`, `/login`), outside
 * `assets/`: the app draws them (its not-found screen included), so they all get index.html.
 */
const isAppRoute = (pathname: string) =>
  !pathname.startsWith('/assets/') && !path.posix.basename(pathname).includes('.');

export type WebServerOptions = {
  /** The built app (Vite's outDir). */
  root: string;
  /** The build's facts; read from `<root>/.web-server.json` when omitted. */
  facts?: BuildFacts;
};

/** A list of 'sha256-…' sources, nothing else (a keyword such as 'unsafe-inline' is refused). */
const isHashList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((hash) => typeof hash === 'string' && /^sha256-[A-Za-z0-9+/=]+$/.test(hash));

/** Reads the facts the build recorded; a build without them gets a policy with only its own origin. */
export async function readBuildFacts(root: string): Promise<BuildFacts> {
  try {
    const parsed = JSON.parse(await readFile(path.join(root, BUILD_FACTS_FILE), 'utf8')) as Partial<BuildFacts>;
    return {
      apiOrigin: typeof parsed.apiOrigin === 'string' ? parsed.apiOrigin : '',
      googleMaps: parsed.googleMaps === true,
      tagManager: parsed.tagManager === true,
      ...(Array.isArray(parsed.appRoutes) && parsed.appRoutes.every((route) => typeof route === 'string')
        ? { appRoutes: parsed.appRoutes }
        : {}),
      ...(isHashList(parsed.styleHashes) ? { styleHashes: parsed.styleHashes } : {}),
      ...(isHashList(parsed.scriptHashes) ? { scriptHashes: parsed.scriptHashes } : {}),
    };
  } catch {
    return { apiOrigin: '', googleMaps: false, tagManager: false };
  }
}

/** TanStack Router's optional segment: `{-$childStep}`. */
const isOptionalSegment = (segment: string): boolean => /^\{-\$[^}]+\}$/.test(segment);

/**
 * Does `pathname` match a route pattern? '/login' matches itself; a `$name` segment matches any one
 * segment; an optional `{-$name}` one segment or none ('/booking/$step/{-$childStep}' matches
 * '/booking/location' and '/booking/hair/service', not '/booking' nor '/booking/a/b/c').
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  const from = (w: number, g: number): boolean => {
    const segment = want[w];
    if (segment === undefined) return g === got.length;
    if (isOptionalSegment(segment) && from(w + 1, g)) return true;
    const part = got[g];
    if (part === undefined) return false;
    return (segment.startsWith('$') || isOptionalSegment(segment) || segment === part) && from(w + 1, g + 1);
  };
  return from(0, 0);
}

/** The prerendered not-found page the build writes beside index.html (build-prerender.mjs). */
export const NOT_FOUND_PAGE = '404.html';

export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export async function createWebHandler(options: WebServerOptions): Promise<RequestHandler> {
  const root = path.resolve(options.root);
  const facts = options.facts ?? (await readBuildFacts(root));
  const headers = securityHeaders(facts);

  /**
   * The HTML an app route gets: its prerendered page when the build wrote one (`<path>/index.html`),
   * the prerendered not-found page (status 404) when no route of the app matches it, index.html
   * otherwise (the app draws the screen).
   */
  const appPage = async (pathname: string, file: string): Promise<{ found: Found | null; status: number }> => {
    if (pathname !== '/') {
      const prerendered = await findFile(path.join(file, 'index.html'));
      if (prerendered) return { found: prerendered, status: 200 };
    }
    const routes = facts.appRoutes;
    if (routes && !routes.some((route) => matchesRoute(route, pathname))) {
      const notFound = await findFile(path.join(root, NOT_FOUND_PAGE));
      if (notFound) return { found: notFound, status: 404 };
    }
    return { found: await findFile(path.join(root, 'index.html')), status: 200 };
  };

  const send = (res: http.ServerResponse, status: number, body: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
    res.end(res.req.method === 'HEAD' ? undefined : body);
  };

  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const requested = resolveInside(root, pathname);
    let found = requested && !isAppRoute(pathname) ? await findFile(requested) : null;
    const isHtmlFallback = !found && isAppRoute(pathname) && requested !== null;
    let status = 200;
    if (isHtmlFallback) ({ found, status } = await appPage(pathname, requested));
    if (!found) {
      send(res, 404, 'Not Found', { 'Cache-Control': REVALIDATE });
      return;
    }

    const ext = path.extname(found.file).toLowerCase();
    const immutable = !isHtmlFallback && pathname.startsWith('/assets/');
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    let body = found;
    let encoding: Encoding | null = null;
    let hasVariants = false;
    for (const { name, suffix } of ENCODINGS) {
      const variant = await findFile(found.file + suffix);
      if (!variant) continue;
      hasVariants = true;
      if (!encoding && accepted.has(name)) {
        encoding = name;
        body = variant;
      }
    }

    const etag = `"${found.size.toString(36)}-${Math.floor(found.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
    const responseHeaders: Record<string, string> = {
      ...headers,
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': immutable ? IMMUTABLE : REVALIDATE,
      ETag: etag,
      'Last-Modified': new Date(found.mtimeMs).toUTCString(),
      ...(hasVariants ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    };
    const ifNoneMatch = req.headers['if-none-match'];
    if (status === 200 && ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
      res.writeHead(304, responseHeaders);
      res.end();
      return;
    }
    res.writeHead(status, { ...responseHeaders, 'Content-Length': String(body.size) });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(body.file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };

  return (req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  };
}

/** An http.Server for `root` (not yet listening). */
export async function createWebServer(options: WebServerOptions): Promise<http.Server> {
  const server = http.createServer(await createWebHandler(options));
  keepIdleConnections(server);
  return server;
}
