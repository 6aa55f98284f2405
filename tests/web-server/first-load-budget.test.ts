import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureFirstLoad, measureUntilIdle, readManifest, type FirstLoad } from '../../web-server/first-load';

/**
 * Issue 15's size budget for the first screen, /booking/location, in bytes sent (gzip), not time:
 * the JavaScript and CSS a phone downloads before the address field can appear. The app is built
 * here, into a temporary folder, exactly as `npm run build` builds it (same vite.config.ts).
 *
 * CSS holds the budget (10 kB). JavaScript does not: the issue asks for 120 kB. The build
 * measured 241 kB on 23 Nov 2026; the route split (later steps, checkout, dialogs, date formatting and
 * the phone rules in chunks of their own) brought it to 178 kB, the toasts' region loaded on idle or
 * at the first toast to 164 kB; issue 16's machines and contract added ~3.5 kB, loading the app in steps
 * with one chunk per library group instead of a dozen small shared ones took ~3 kB of compression
 * overhead off (25 Nov 2026: 167.0 kB; JS_CEILING leaves ~1 kB for issue 16's work in progress). On 26
 * Nov 2026 new behaviour of the first screen took it to 169.4 kB (measured against the day's first
 * build, gzip -9): issue 25's typing and presses before the app runs reaching it (+0.8 kB,
 * components/early-input.ts), issue 28's hold calls in the contract every call is checked with
 * (+0.45 kB), SPEC §2's category icons and §9's address loading held after a selection (+0.3 kB);
 * JS_CEILING moved from 168 to 170 kB for them, nothing else. Later that day issue 28's hold of the
 * time she picked (the root's hold region, its calls with her holder key, the pagehide beacon) took
 * it to 170.8 kB: JS_CEILING 171 kB. On 27 Nov 2026 issue 27's customer states in the root machine
 * (the answer to another time offered, 'Prenota di nuovo' of a declined request, their calls) took it
 * to 171.1 kB; the root's side of the professionals' pages (their states, guards, routes and the
 * names of what their screens send; not their machines, screens or calls, which LATER keeps out and
 * which load with those pages only) to 172.8 kB: JS_CEILING 173 kB, to be won back. Later on 27 Nov 2026
 * issue 29's customer side in the root (the rating screen's states, guards and routes, the rating
 * machine it invokes as the appointment's is, the contract's rating rules it checks the form with; not
 * the screen, the stars, the copy or the rating calls, which LATER keeps out) took it from 173.0 to
 * 174.3 kB: JS_CEILING 175 kB, to be won back with the rest. On 29 Nov 2026 issue 43's reading of the
 * machines against SPEC §4 (the address picker's house number typed whenever its field shows, the
 * session's profile read again on /, the booking being sent heard out) took it to 175.1 kB: JS_CEILING
 * 176 kB, for that behaviour only. Later that day issue 40's weight work moved three idle loads to her
 * first action (below), and the toasts drawn without the region when its chunk cannot load (a
 * connection lost since the page loaded: the toast that says so must still show;
 * src/components/toaster.tsx `FallbackToasts`) took the first load to 176.4 kB: JS_CEILING 177 kB, for
 * that only. What is
 * left is mostly what every screen needs (docs/performance.md, "What the first load still carries":
 * react-dom with React ~68 kB, TanStack Router ~26 kB, XState ~13 kB, the machines ~13 kB: ~119 kB
 * before any of the app's own code), so the test holds the line at JS_CEILING: the first load cannot
 * grow back.
 */
const KB = 1000;
const CSS_BUDGET = 10 * KB;
const JS_TARGET = 120 * KB;
const JS_CEILING = 177 * KB;
/**
 * Issue 40 ("Weight"): the JavaScript /booking/location has fetched once the page is idle, before the
 * visitor does anything: its first load and web-server/first-load.ts's UNTIL_IDLE (e2e/page-weight.e2e.ts
 * holds that list to what a browser fetches). On 29 Nov 2026 (`npm run bench -- --weight`) the page
 * fetched 201.9 kB until idle as served (brotli, HTML included): the first load and, on idle, the
 * participants step with Ark's radio cards and zag's runtime (18.0 kB gzip -9), the dialog with zag's
 * dismissable code (16.7 kB) and the toasts' region (6.8 kB). Moving the three to her first keystroke
 * lost the address typed during a redraw (docs/performance.md): they load as before, and this ceiling
 * holds the line above them.
 */
const IDLE_JS_CEILING = JS_CEILING + 43 * KB;

/** Code the first screen must not download (issue 15): it loads with the screens that use it. */
const LATER = [
  /node_modules\/date-fns\//,
  /node_modules\/libphonenumber-js\//,
  /src\/screens\/booking\/(checkout-step|service-step|data-step|choice-steps|upsell-box)\.tsx$/,
  // The dialog itself (its lazy wrapper, lazy-profile-dialog.ts, is the shell's: it loads the dialog).
  /src\/screens\/profile-dialog\/(?!lazy-profile-dialog\.ts$)/,
  /src\/components\/dialog\.tsx$/,
  // The toasts' region (Ark's toaster and zag's machines): loaded on idle or at the first toast.
  /src\/components\/toaster-region\.tsx$/,
  /node_modules\/@zag-js\/(dom-query|dismissable|react)\//,
  // Issue 27: the professionals' and the team's side loads only with its own pages (/pro…).
  // (what its screens send is named in the root, machines/pro/events.ts: its machines stay out)
  /machines\/pro\/(?!events\.ts$)/,
  /src\/screens\/pro\//,
  /contract\/pro(-calls)?\.ts$/,
  // Issue 29: the rating screen, its stars and copy, and the rating calls load with the screens that use them.
  /src\/screens\/rating\//,
  /src\/components\/stars\.tsx$/,
  /contract\/rating-calls\.ts$/,
];

/**
 * What the entry chunk may run itself (issue 15, Total Blocking Time): none of the libraries, which
 * load as steps of their own (src/main.tsx), each evaluated in a task of its own.
 */
const STEPS = [
  /node_modules\/react-dom\//,
  /node_modules\/valibot\//,
  /node_modules\/xstate\//,
  /node_modules\/@tanstack\/router-core\//,
  /node_modules\/@tanstack\/query-core\//,
  /\/machines\//,
];

let outDir: string;
let location: FirstLoad;
let locationUntilIdle: FirstLoad;
let serviceStep: FirstLoad;
let entryModules: string[];
/** The modules of each emitted chunk, by file name. */
const modulesByFile = new Map<string, string[]>();

const recordModules: Plugin = {
  name: 'record-chunk-modules',
  generateBundle(_options, bundle) {
    for (const [file, output] of Object.entries(bundle))
      if (output.type === 'chunk') modulesByFile.set(file, Object.keys(output.modules));
  },
};

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'musa-first-load-'));
  // Vitest runs with NODE_ENV=test, which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: path.resolve(import.meta.dirname, '../..'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: false },
      plugins: [recordModules],
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  location = await measureFirstLoad(outDir, '/booking/location');
  locationUntilIdle = await measureUntilIdle(outDir, '/booking/location');
  serviceStep = await measureFirstLoad(outDir, '/booking/hair/service');
  const manifest = await readManifest(outDir);
  const entryFiles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  entryModules = [...entryFiles].flatMap((file) => modulesByFile.get(file) ?? []);
}, 120_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('first load of /booking/location', () => {
  it('carries at most 10 kB of CSS (gzip)', () => {
    expect(location.css.files.length).toBeGreaterThan(0);
    expect(location.css.gzipBytes).toBeLessThanOrEqual(CSS_BUDGET);
  });

  it('leaves the date formatting, the phone rules, the later steps and the dialogs to later chunks', () => {
    const firstLoadModules = location.js.files.flatMap((file) => modulesByFile.get(file) ?? []);
    expect(firstLoadModules.length).toBeGreaterThan(100);
    for (const pattern of LATER) expect(firstLoadModules.filter((id) => pattern.test(id))).toEqual([]);
  });

  it('starts with an entry that runs no library itself: they load as steps, each in its own task', () => {
    expect(entryModules.some((id) => id.endsWith('src/main.tsx'))).toBe(true);
    for (const pattern of STEPS) expect(entryModules.filter((id) => pattern.test(id))).toEqual([]);
    // …and every step is part of the first load it measures.
    const firstLoadModules = location.js.files.flatMap((file) => modulesByFile.get(file) ?? []);
    for (const pattern of STEPS)
      expect(
        firstLoadModules.some((id) => pattern.test(id)),
        String(pattern),
      ).toBe(true);
  });

  it(`carries no more JavaScript than today's ceiling on the way to ${JS_TARGET / KB} kB (gzip)`, () => {
    expect(location.js.files.length).toBeGreaterThan(0);
    expect(location.js.gzipBytes).toBeLessThanOrEqual(JS_CEILING);
  });
});

describe('what /booking/location fetches until idle, before she acts (issue 40)', () => {
  it(`carries no more JavaScript than ${IDLE_JS_CEILING / KB} kB (gzip)`, () => {
    expect(locationUntilIdle.js.files.length).toBeGreaterThanOrEqual(location.js.files.length);
    expect(locationUntilIdle.js.gzipBytes).toBeLessThanOrEqual(IDLE_JS_CEILING);
  });
});

describe('first load of /booking/hair/service (a reload with a draft)', () => {
  it('shows no date, so it loads no date formatting (date-fns) and no phone rules', () => {
    const modules = serviceStep.js.files.flatMap((file) => modulesByFile.get(file) ?? []);
    expect(modules.some((id) => id.endsWith('src/screens/booking/service-step.tsx'))).toBe(true);
    expect(modules.filter((id) => /node_modules\/(date-fns|libphonenumber-js)\//.test(id))).toEqual([]);
  });
});
