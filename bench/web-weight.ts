/**
 * `npm run bench -- --weight` (issue 40, "Weight"): what a phone fetches on /booking/location until
 * the page is idle, in bytes as served. The app is built as `npm start` builds it (Vite, prerendered
 * pages, brotli and gzip copies) into a temp folder, with the API's address of this run; the API runs
 * as in production (`dist-server/main.js`, PGlite in a temp folder) and the built app is served by
 * the production web server (web-server/server.ts, compressed). Playwright's system Chromium opens
 * the page at 390×844 and waits until it is idle (e2e/support/page-weight.ts). Prints each response's transfer
 * (the encoded body, gzip or brotli as served, and its headers), by kind and by file, beside the
 * first-load figure the budget test holds (gzip -9 of the manifest's files). Never passes or fails
 * on a size: tests/web-server/first-load-budget.test.ts does that.
 *
 *   BENCH_API_PORT, BENCH_WEB_PORT   fixed ports (default: free ones)
 *   BENCH_DIST                       a build made before (with VITE_API_BASE_URL at BENCH_API_PORT) instead of a new one
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { fetchedUntilIdle, KINDS, sumBodies, type Fetched } from '../e2e/support/page-weight';
import { chromiumPath } from '../scripts/ensure-chromium.mjs';
import { freePort } from '../tests/server/helpers/postgres';
import { measureFirstLoad, readManifest, untilIdleFiles } from '../web-server/first-load';
import { createWebServer } from '../web-server/server';
import { formatted } from './docs-block';
import { ROOT, startApi } from './processes';

const ROUTE = '/booking/location';
const KB = 1000;
const kB = (bytes: number) => (bytes / KB).toFixed(1);

export async function runWebWeight(): Promise<number> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'musa-weight-'));
  const apiPort = Number(process.env.BENCH_API_PORT ?? (await freePort()));
  const webPort = Number(process.env.BENCH_WEB_PORT ?? (await freePort()));
  const apiBase = `http://localhost:${apiPort}`;
  const webBase = `http://localhost:${webPort}`;
  const prebuilt = process.env.BENCH_DIST;
  const dist = prebuilt ? path.resolve(prebuilt) : path.join(temp, 'dist');
  let api: Awaited<ReturnType<typeof startApi>> | null = null;
  let web: http.Server | null = null;
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    if (prebuilt) console.log(`Serving the build in ${dist} (API expected at ${apiBase})`);
    else console.log(`Building the app into ${dist} (API at ${apiBase})…`);
    if (!prebuilt)
      execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
        cwd: ROOT,
        env: { ...process.env, VITE_API_BASE_URL: apiBase, NODE_ENV: 'production' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    api = await startApi({ DATA_DIR: path.join(temp, 'data'), APP_URL: webBase, API_WORKERS: '1' }, apiPort);
    web = await createWebServer({ root: dist });
    await new Promise<void>((resolve) => web!.listen(webPort, resolve));

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
    });
    const page = await context.newPage();
    const { fetched, failed } = await fetchedUntilIdle(page, `${webBase}${ROUTE}`, apiBase);
    await context.close();

    const firstLoad = await measureFirstLoad(dist, ROUTE);
    const idle = untilIdleFiles(await readManifest(dist), ROUTE);
    await report(fetched, failed, webBase, firstLoad, idle);
    return 0;
  } finally {
    await browser.close();
    if (web) await new Promise<void>((resolve) => web!.close(() => resolve()));
    await api?.stop();
    await rm(temp, { recursive: true, force: true });
  }
}

async function report(
  fetched: Fetched[],
  failed: string[],
  webBase: string,
  firstLoad: Awaited<ReturnType<typeof measureFirstLoad>>,
  idle: { js: string[] },
) {
  const name = (url: string) => (url.startsWith(webBase) ? url.slice(webBase.length) : url);
  const total = sumBodies(fetched);
  const headers = fetched.reduce((sum, f) => sum + f.headers, 0);
  console.log(`\n${ROUTE} at 390×844, until idle: ${fetched.length} responses, ${kB(total)} kB of bodies as sent`);
  console.log(`(+ ${kB(headers)} kB of response headers; ${kB(total + headers)} kB transferred in all)\n`);
  console.log('| kind | files | kB as sent |\n| --- | --- | --- |');
  for (const kind of KINDS) {
    const of = fetched.filter((f) => f.kind === kind);
    if (of.length) console.log(`| ${kind} | ${of.length} | ${kB(sumBodies(of))} |`);
  }
  console.log('\n| file | kind | encoding | kB as sent | at ms |\n| --- | --- | --- | --- | --- |');
  for (const f of [...fetched].sort((a, b) => a.at - b.at))
    console.log(`| ${name(f.url)} | ${f.kind} | ${f.encoding} | ${kB(f.body)} | ${f.at} |`);
  if (failed.length) console.log(`\nFailed requests:\n${failed.map((line) => `- ${line}`).join('\n')}`);
  const js = fetched.filter((f) => f.kind === 'JS');
  console.log(
    `\nFirst load (budget test, gzip -9 of the manifest's files): JS ${kB(firstLoad.js.gzipBytes)} kB in ${firstLoad.js.files.length} files, CSS ${kB(firstLoad.css.gzipBytes)} kB (inlined in the HTML).`,
  );
  console.log(
    `Until idle, JS as served: ${kB(sumBodies(js))} kB in ${js.length} files; the JS after the first load: ${js.length - firstLoad.js.files.length} files.`,
  );
  // The files the budget test counts as loaded until idle (web-server/first-load.ts) against those fetched.
  const fetchedJs = new Set(js.map((f) => name(f.url).replace(/^\//, '')));
  const expected = new Set(idle.js);
  const missing = [...expected].filter((file) => !fetchedJs.has(file));
  const extra = [...fetchedJs].filter((file) => !expected.has(file));
  console.log(
    missing.length || extra.length
      ? `The budget test's idle set differs from what was fetched: not fetched ${JSON.stringify(missing)}, not counted ${JSON.stringify(extra)}.`
      : `The budget test's idle set (web-server/first-load.ts, UNTIL_IDLE) is exactly the JS fetched (${expected.size} files).`,
  );
  const file = path.join(ROOT, 'bench', 'results', `${new Date().toISOString().slice(0, 10)}-weight.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    await formatted(file, JSON.stringify({ route: ROUTE, total, headers, fetched, failed, firstLoad })),
  );
}
