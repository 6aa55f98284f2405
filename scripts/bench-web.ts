// `npm run bench:web`: Lighthouse (mobile defaults: Moto G Power, simulated slow 4G, 4× CPU) on the
// entry screens of the production build, and on /booking/hair/service reached with a saved draft,
// served by the production web server beside the compiled API, on their own ports and a throwaway
// database. Prints the scores, LCP, TBT, CLS and the first-load bytes per route, checks the security
// headers, and writes its block of docs/performance.md.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { STORAGE_KEYS } from '../contract/constants';
import { SAVED_DRAFT_VERSION } from '../contract/draft';
import { createDraft, type Draft } from '../machines/shared/draft';
import { LOCATION_TORINO } from '../machines/testing/fixtures';
import { todayInRome } from '../src/app/today';
import { measureFirstLoad, ROUTE_CHUNKS, type EntryRoute } from '../web-server/first-load';

const apiPort = Number(process.env.BENCH_API_PORT ?? 8807);
const webPort = Number(process.env.BENCH_WEB_PORT ?? 5193);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROUTES = Object.keys(ROUTE_CHUNKS) as EntryRoute[];
/**
 * The pages measured with a draft saved in the tab (session storage, as the wizard saves it): a
 * customer who reloads a later step. The draft reaches the hair service step: an address in Torino
 * (a served zone), one person, hair, medium length.
 */
const WITH_DRAFT: Partial<Record<EntryRoute, () => Draft>> = {
  '/booking/hair/service': () => ({
    ...createDraft(todayInRome()),
    location: LOCATION_TORINO,
    participants: 'default',
    category: 'hair',
    hair: 'medium',
  }),
};
/** Lighthouse runs per page (BENCH_WEB_RUNS, default 3): the table shows the median one. */
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
/**
 * On a shared machine: before each run, wait until the 1-minute load average is at most
 * BENCH_WEB_WAIT_LOAD (unset: no wait), for at most BENCH_WEB_WAIT_SECONDS (default 300); the run
 * then goes ahead whatever the load, which the table records.
 */
const WAIT_LOAD = process.env.BENCH_WEB_WAIT_LOAD ? Number(process.env.BENCH_WEB_WAIT_LOAD) : null;
const WAIT_SECONDS = Number(process.env.BENCH_WEB_WAIT_SECONDS ?? 300);
async function quietMachine(): Promise<number> {
  const until = Date.now() + WAIT_SECONDS * 1000;
  while (WAIT_LOAD !== null && os.loadavg()[0]! > WAIT_LOAD && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 5000));
  return os.loadavg()[0]!;
}
const REQUIRED_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
] as const;

const work = await mkdtemp(path.join(os.tmpdir(), 'musa-bench-web-'));
const distDir = path.join(work, 'dist');
const children: ChildProcess[] = [];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('exit', stopAll);

const run = (command: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });

async function waitFor(url: string, seconds = 120) {
  for (let i = 0; i < seconds * 2; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} non risponde`);
}

type Audit = { score: number | null; numericValue?: number };
type LighthouseResult = {
  finalDisplayedUrl: string;
  /** Set when the run failed (e.g. NO_FCP: the tab never painted); its scores are then null. */
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
};

/**
 * One Lighthouse run (its defaults: mobile, simulated throttling) in a fresh tab of `browser`. With a
 * draft, the tab first opens the app's origin and saves the draft in session storage, and Lighthouse
 * keeps the tab's storage (the draft survives its reload as it survives a customer's).
 */
async function lighthouseRun(browser: Browser, url: string, draft: Draft | null): Promise<LighthouseResult> {
  const page = await browser.newPage();
  // A tab in the background does not paint: Lighthouse would find no first paint.
  await page.bringToFront();
  try {
    if (draft) {
      await page.goto(new URL('/robots.txt', url).href);
      await page.evaluate(
        (key, value) => sessionStorage.setItem(key, value),
        STORAGE_KEYS.draft,
        JSON.stringify({ version: SAVED_DRAFT_VERSION, draft, services: null }),
      );
    }
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        disableStorageReset: draft !== null,
      },
      undefined,
      // lighthouse types its own copy of puppeteer-core's Page; the same package, the same object.
      page as unknown as Parameters<typeof lighthouse>[3],
    );
    if (!result) throw new Error(`Lighthouse non ha prodotto un risultato per ${url}`);
    const lhr = result.lhr as unknown as LighthouseResult;
    // A draft the app refused would have sent the page back to the first step: that is not the page asked for.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url}: Lighthouse ha misurato ${lhr.finalDisplayedUrl}`);
    return lhr;
  } finally {
    await page.close();
  }
}

const performanceOf = (run: LighthouseResult) => run.categories.performance?.score ?? 0;
const lcpOf = (run: LighthouseResult) => run.audits['largest-contentful-paint']?.numericValue ?? Infinity;

/** The run in the middle by performance score (then LCP), as Lighthouse advises for noisy figures. */
function medianRun(runs: readonly LighthouseResult[]): LighthouseResult {
  const measured = runs.filter((run) => !run.runtimeError);
  if (measured.length === 0) throw new Error(`Lighthouse: ${runs.map((run) => run.runtimeError?.code).join(', ')}`);
  const sorted = measured.sort((a, b) => performanceOf(a) - performanceOf(b) || lcpOf(b) - lcpOf(a));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Rewrites only this bench's block of docs/performance.md (the API bench owns its own block). */
const DOC_START = '<!-- bench:web:start -->';
const DOC_END = '<!-- bench:web:end -->';
async function writeSection(text: string) {
  const file = 'docs/performance.md';
  const current = await readFile(file, 'utf8').catch(() => '');
  const block = `${DOC_START}\n${text}\n${DOC_END}`;
  const start = current.indexOf(DOC_START);
  const end = current.indexOf(DOC_END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + DOC_END.length)}`
      : `${current || '# Performance\n'}\n## Web app\n\n${block}\n`;
  await writeFile(file, next);
}

try {
  console.log('▶ build (web app with VITE_API_BASE_URL of the bench API, API and web server)');
  run('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
    VITE_API_BASE_URL: `http://localhost:${apiPort}`,
  });
  run('node', ['scripts/build-server.mjs']);

  children.push(
    spawn(process.execPath, ['dist-server/main.js'], {
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(apiPort),
        DATA_DIR: path.join(work, 'data'),
        APP_URL: `http://localhost:${webPort}`,
      },
    }),
    spawn(process.execPath, ['dist-server/web.js'], {
      stdio: 'ignore',
      env: { ...process.env, WEB_PORT: String(webPort), DIST_DIR: distDir },
    }),
  );
  await waitFor(`http://localhost:${apiPort}/health`);
  await waitFor(`http://localhost:${webPort}/`);

  const rows: string[] = [];
  const headerRows: string[] = [];
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const loadAverages: number[] = [];
  for (const route of ROUTES) {
    const url = `http://localhost:${webPort}${route}`;
    const draft = WITH_DRAFT[route]?.() ?? null;
    console.log(`▶ Lighthouse ${route}${draft ? ' (with a saved draft)' : ''}`);
    const runs: LighthouseResult[] = [];
    const runLoads: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      runLoads.push(await quietMachine());
      runs.push(await lighthouseRun(browser, url, draft));
    }
    loadAverages.push(...runLoads);
    const result = medianRun(runs);
    const score = (name: string) => result.categories[name]?.score?.toFixed(2) ?? '—';
    const ms = (name: string) => `${Math.round(result.audits[name]?.numericValue ?? NaN)} ms`;
    const load = await measureFirstLoad(distDir, route);
    const row = [
      draft ? `${route} (draft)` : route,
      score('performance'),
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      ms('largest-contentful-paint'),
      ms('total-blocking-time'),
      (result.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
      `${(load.js.gzipBytes / 1000).toFixed(1)} kB`,
      `${(load.css.gzipBytes / 1000).toFixed(1)} kB`,
    ];
    const metric = (run: LighthouseResult, name: string) => Math.round(run.audits[name]?.numericValue ?? NaN);
    row.push(
      runs
        .map((run, i) =>
          run.runtimeError
            ? `error ${run.runtimeError.code} (load ${runLoads[i]!.toFixed(1)})`
            : `${performanceOf(run).toFixed(2)}, ${metric(run, 'largest-contentful-paint')}, ${metric(run, 'total-blocking-time')} (load ${runLoads[i]!.toFixed(1)})`,
        )
        .join(' / '),
    );
    rows.push(`| ${row.join(' | ')} |`);
    console.log(`  ${row.join('  ')}`);

    const response = await fetch(url, { headers: { 'Accept-Encoding': 'br' } });
    const missing = REQUIRED_HEADERS.filter((name) => !response.headers.get(name));
    headerRows.push(
      `| ${draft ? `${route} (draft)` : route} | ${response.headers.get('content-encoding') ?? 'none'} | ${response.headers.get('cache-control')} | ${missing.length === 0 ? 'all present' : `missing: ${missing.join(', ')}`} |`,
    );
  }

  await browser.close();
  loadAverages.push(os.loadavg()[0]!);

  // Every script of the first screen's first load, as a browser that accepts brotli asks for it.
  const scripts = (await measureFirstLoad(distDir, '/booking/location')).js.files;
  const scriptHeaders = new Map<string, number>();
  for (const file of scripts) {
    const response = await fetch(`http://localhost:${webPort}/${file}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    await response.arrayBuffer();
    const key = `\`Content-Encoding: ${response.headers.get('content-encoding') ?? 'none'}\`, \`Cache-Control: ${response.headers.get('cache-control')}\`${REQUIRED_HEADERS.every((name) => response.headers.get(name)) ? ', security headers' : ', security headers missing'}`;
    scriptHeaders.set(key, (scriptHeaders.get(key) ?? 0) + 1);
  }

  const report = `Measured by \`npm run bench:web\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse 12, mobile defaults (simulated
throttling), Debian's Chromium, against the production build served by \`web-server/\` (the server
\`npm start\` runs) beside the compiled API; ${RUNS} runs per page, the table shows the median run (by
performance score) of those that did not fail. "(draft)": the page opened with a booking draft saved in the
tab (session storage), as after a reload. First-load bytes: gzip of the entry chunk, the steps it loads
the app in (its own dynamic imports), the route's split component(s), their static imports, and the
app's stylesheet, inlined into the HTML (\`web-server/first-load.ts\`). Figures from a shared machine
(${os.cpus().length} cores; each run's 1-minute load average is given with it, ${loadAverages.at(-1)!.toFixed(1)} at the end${WAIT_LOAD === null ? '' : `; each run waited up to ${WAIT_SECONDS} s for a load of ${WAIT_LOAD} or less`}):
Lighthouse's simulated times scale with the time the page's tasks take on this machine, so a loaded
machine inflates TBT (and the score).

| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | first-load JS | first-load CSS | each run: performance, LCP ms, TBT ms (load) |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Issue 15 asks for: first-load JS of /booking/location ≤ 120 kB gzip and CSS ≤ 10 kB; performance ≥ 0.98,
accessibility, best practices and SEO 1.0, LCP ≤ 1.2 s, TBT ≤ 50 ms, CLS ≤ 0.02.

### Headers

| page | encoding (Accept-Encoding: br) | Cache-Control | security headers |
| --- | --- | --- | --- |
${headerRows.join('\n')}

Scripts of the first load of /booking/location (${scripts.length} files, Accept-Encoding: br, gzip): ${[
    ...scriptHeaders,
  ]
    .map(([headers, count]) => `${count} with ${headers}`)
    .join('; ')}.
`;
  await writeSection(report);
  run('npx', ['prettier', '--write', '--log-level', 'warn', 'docs/performance.md']);
  console.log('\nScritto docs/performance.md');
} finally {
  stopAll();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await rm(work, { recursive: true, force: true });
}
