import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a browser downloads before it can draw a route of the built app: the entry chunk of
 * index.html, the entry's own dynamic imports (the steps src/main.tsx loads the app in, one task
 * each: every page loads them), the route's lazily split component chunks (TanStack Router loads them
 * before it renders) and every chunk they import statically, with the CSS those chunks carry. Read from Vite's manifest
 * (`build.manifest: true` writes `dist/.vite/manifest.json`), sized as the server sends them (gzip,
 * each file on its own). The stylesheet is counted as a file although the build inlines it into
 * the HTML pages (the bytes are the same).
 */

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/** The manifest key of a route file's split component (tanstackRouter autoCodeSplitting). */
const splitComponent = (routeFile: string) => `src/routes/${routeFile}?tsr-split=component`;

/** Every booking step's route (one route for /booking/location and /booking/hair/service alike). */
const BOOKING_STEP = splitComponent('booking/$step.{-$childStep}.tsx');
/** A later step: the steps' route chunk and the step's own chunk, which the route's loader fetches beside it. */
const SERVICE_STEP = [BOOKING_STEP, 'src/screens/booking/service-step.tsx'];

/**
 * The chunks each prerendered page names in its HTML (web-server/build-prerender.mjs, given them by
 * web-server/vite-plugin.ts): the route's lazily split component and the step's own chunk.
 */
export const PAGE_CHUNKS: Readonly<Record<string, readonly string[]>> = {
  '/booking/location': [BOOKING_STEP],
  '/login': [splitComponent('login.tsx')],
  '/ask-reset-password': [splitComponent('ask-reset-password.tsx')],
  '/booking/hair/service': SERVICE_STEP,
  '/booking/beauty/service': SERVICE_STEP,
  '/booking/make-up/service': SERVICE_STEP,
  '/booking/salotto/service': SERVICE_STEP,
};

/**
 * The measured screens and their chunks (PAGE_CHUNKS'): the entry screens, and a later step reached
 * with a saved draft (src/app/lazy-screens.ts).
 */
const MEASURED = ['/booking/location', '/login', '/ask-reset-password', '/booking/hair/service'] as const;
export const ROUTE_CHUNKS = Object.fromEntries(MEASURED.map((route) => [route, PAGE_CHUNKS[route] ?? []])) as Record<
  (typeof MEASURED)[number],
  readonly string[]
>;
export type EntryRoute = keyof typeof ROUTE_CHUNKS;

export type FirstLoad = {
  js: { files: string[]; gzipBytes: number };
  css: { files: string[]; gzipBytes: number };
};

export async function readManifest(distDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest key of the app's one stylesheet when CSS is not split by chunk. */
const SINGLE_STYLESHEET = 'style.css';

/** The files (relative to dist) a route needs on first load, in the order they are found. */
export function firstLoadFiles(manifest: Manifest, chunkKeys: readonly string[]): { js: string[]; css: string[] } {
  const entry = manifest['index.html'];
  if (!entry) throw new Error('manifest without index.html');
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest without ${key}`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const key of entry.dynamicImports ?? []) visit(key);
  for (const key of chunkKeys) visit(key);
  // With `build.cssCodeSplit: false` the app's one stylesheet belongs to no chunk: every page has it.
  const sheet = manifest[SINGLE_STYLESHEET]?.file;
  if (sheet) css.add(sheet);
  return { js: [...js], css: [...css] };
}

const gzipBytes = async (distDir: string, files: readonly string[]) => {
  let total = 0;
  for (const file of files) total += gzipSync(await readFile(path.join(distDir, file)), { level: 9 }).byteLength;
  return total;
};

export async function measureFirstLoad(distDir: string, route: EntryRoute): Promise<FirstLoad> {
  const files = firstLoadFiles(await readManifest(distDir), ROUTE_CHUNKS[route]);
  return {
    js: { files: files.js, gzipBytes: await gzipBytes(distDir, files.js) },
    css: { files: files.css, gzipBytes: await gzipBytes(distDir, files.css) },
  };
}

/**
 * Issue 40 ("Weight"): what a route fetches after its first load and before the page is idle, while
 * the visitor has done nothing yet, by manifest key: the chunks the app loads on its own. On
 * /booking/location: the next step (preloaded while the step shows), the dialog and the toasts' region
 * (loaded once the page is idle). Loading them at her first press or keystroke instead (tried on 29 Nov
 * 2026) lost the address typed while the app drew the page anew, in Chromium: reverted
 * (docs/performance.md). e2e/page-weight.e2e.ts opens the page in a browser and fails when the
 * JavaScript fetched until idle is not exactly these files and the first load's;
 * tests/web-server/first-load-budget.test.ts measures them on every build.
 */
export const UNTIL_IDLE = {
  '/booking/location': [
    'src/screens/booking/choice-steps.tsx',
    'src/components/dialog.tsx',
    'src/components/toaster-region.tsx',
  ] as readonly string[],
} satisfies Partial<Record<EntryRoute, readonly string[]>>;
export type IdleRoute = keyof typeof UNTIL_IDLE;

/** The files (relative to dist) a route has fetched once the page is idle: its first load and UNTIL_IDLE. */
export function untilIdleFiles(manifest: Manifest, route: IdleRoute): { js: string[]; css: string[] } {
  return firstLoadFiles(manifest, [...ROUTE_CHUNKS[route], ...UNTIL_IDLE[route]]);
}

export async function measureUntilIdle(distDir: string, route: IdleRoute): Promise<FirstLoad> {
  const files = untilIdleFiles(await readManifest(distDir), route);
  return {
    js: { files: files.js, gzipBytes: await gzipBytes(distDir, files.js) },
    css: { files: files.css, gzipBytes: await gzipBytes(distDir, files.css) },
  };
}
