import type { Page, Request } from 'playwright-core';

/**
 * Issue 40 ("Weight"): what a page fetches from its opening until it is idle, as served (the bytes of
 * each response's body as sent: brotli or gzip when the server compressed it). Shared by
 * `npm run bench -- --weight` (bench/web-weight.ts), which prints it, and e2e/page-weight.e2e.ts,
 * which holds it to a budget.
 *
 * Idle: no request in flight for QUIET_MS, then two of the page's idle callbacks (what the app loads
 * when the page is idle has started by then), then quiet again.
 */
const QUIET_MS = 1500;
/** A page that never goes quiet is measured as it is after this long. */
const MAX_MS = 30_000;

export type Kind = 'HTML' | 'JS' | 'CSS' | 'fonts' | 'images' | 'API JSON' | 'other';
export const KINDS: readonly Kind[] = ['HTML', 'JS', 'CSS', 'fonts', 'images', 'API JSON', 'other'];

export interface Fetched {
  url: string;
  kind: Kind;
  encoding: string;
  /** The response's body as sent (compressed when the server compressed it). */
  body: number;
  headers: number;
  /** Milliseconds after the navigation started. */
  at: number;
}

function kindOf(request: Request, contentType: string, apiOrigin: string): Kind {
  const type = request.resourceType();
  if (request.url().startsWith(apiOrigin)) return 'API JSON';
  if (type === 'document') return 'HTML';
  if (type === 'script' || contentType.includes('javascript')) return 'JS';
  if (type === 'stylesheet' || contentType.includes('css')) return 'CSS';
  if (type === 'font' || contentType.startsWith('font/')) return 'fonts';
  if (type === 'image' || contentType.startsWith('image/')) return 'images';
  return 'other';
}

/** Opens `url` in `page` and records every response until the page is idle. */
export async function fetchedUntilIdle(
  page: Page,
  url: string,
  apiOrigin: string,
): Promise<{ fetched: Fetched[]; failed: string[] }> {
  const fetched: Fetched[] = [];
  const failed: string[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const start = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastChange = Date.now();
  });
  page.on('requestfailed', (request) => {
    inFlight -= 1;
    lastChange = Date.now();
    failed.push(`${request.url()} (${request.failure()?.errorText ?? 'failed'})`);
  });
  page.on('requestfinished', async (request) => {
    const at = Date.now() - start;
    try {
      const response = await request.response();
      const sizes = await request.sizes();
      const headers = response ? await response.allHeaders() : {};
      fetched.push({
        url: request.url(),
        kind: kindOf(request, headers['content-type'] ?? '', apiOrigin),
        encoding: headers['content-encoding'] ?? 'identity',
        body: sizes.responseBodySize,
        headers: sizes.responseHeadersSize,
        at,
      });
    } finally {
      inFlight -= 1;
      lastChange = Date.now();
    }
  });
  const quiet = async () => {
    while (Date.now() - start < MAX_MS) {
      if (inFlight <= 0 && Date.now() - lastChange >= QUIET_MS) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const idleCallback = () =>
    page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
  await page.goto(url, { waitUntil: 'load' });
  await quiet();
  await idleCallback();
  await idleCallback();
  await quiet();
  return { fetched, failed };
}

export const sumBodies = (fetched: readonly Fetched[]) => fetched.reduce((sum, f) => sum + f.body, 0);
