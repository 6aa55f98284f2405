// `npm run bench:web`: Lighthouse (mobile defaults: Moto G Power, simulated slow 4G, 4× CPU) on the
// entry screens of the production build, served by the production web server beside the compiled
// API, on their own ports and a throwaway database. Prints the scores, LCP, TBT, CLS and the
// first-load bytes per route, checks the security headers, and writes its block of docs/performance.md.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureFirstLoad, ROUTE_CHUNKS, type EntryRoute } from '../web-server/first-load';

const apiPort = Number(process.env.BENCH_API_PORT ?? 8807);
const webPort = Number(process.env.BENCH_WEB_PORT ?? 5193);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROUTES = Object.keys(ROUTE_CHUNKS) as EntryRoute[];
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
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
};

function lighthouse(url: string): string {
  const output = path.join(work, 'report.json');
  run(
    'npx',
    [
      'lighthouse',
      url,
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      '--quiet',
    ],
    { CHROME_PATH: chromePath },
  );
  return output;
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
  for (const route of ROUTES) {
    const url = `http://localhost:${webPort}${route}`;
    console.log(`▶ Lighthouse ${route}`);
    const result = JSON.parse(await readFile(lighthouse(url), 'utf8')) as LighthouseResult;
    const score = (name: string) => result.categories[name]?.score?.toFixed(2) ?? '—';
    const ms = (name: string) => `${Math.round(result.audits[name]?.numericValue ?? NaN)} ms`;
    const load = await measureFirstLoad(distDir, route);
    const row = [
      route,
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
    rows.push(`| ${row.join(' | ')} |`);
    console.log(`  ${row.join('  ')}`);

    const response = await fetch(url, { headers: { 'Accept-Encoding': 'br' } });
    const missing = REQUIRED_HEADERS.filter((name) => !response.headers.get(name));
    headerRows.push(
      `| ${route} | ${response.headers.get('content-encoding') ?? 'none'} | ${response.headers.get('cache-control')} | ${missing.length === 0 ? 'all present' : `missing: ${missing.join(', ')}`} |`,
    );
  }

  const asset = (await readFile(path.join(distDir, 'index.html'), 'utf8')).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  const entry = asset
    ? await fetch(`http://localhost:${webPort}${asset}`, { headers: { 'Accept-Encoding': 'br, gzip' } })
    : null;

  const report = `Measured by \`npm run bench:web\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse 12, mobile defaults (simulated
throttling), Debian's Chromium, against the production build served by \`web-server/\` (the server
\`npm start\` runs) beside the compiled API. First-load bytes: gzip of the entry chunk, the route's
split component and their static imports (\`web-server/first-load.ts\`). Figures from a shared
machine (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end of the run): Lighthouse's
simulated times scale with the CPU time it observes, so a loaded machine inflates TBT and LCP.

| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | first-load JS | first-load CSS |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Issue 15 asks for: first-load JS of /booking/location ≤ 120 kB gzip and CSS ≤ 10 kB; performance ≥ 0.98,
accessibility, best practices and SEO 1.0, LCP ≤ 1.2 s, TBT ≤ 50 ms, CLS ≤ 0.02.

### Headers

| page | encoding (Accept-Encoding: br) | Cache-Control | security headers |
| --- | --- | --- | --- |
${headerRows.join('\n')}

Entry script \`${asset ?? '?'}\`: \`Content-Encoding: ${entry?.headers.get('content-encoding') ?? '?'}\`,
\`Cache-Control: ${entry?.headers.get('cache-control') ?? '?'}\`.
`;
  await writeSection(report);
  run('npx', ['prettier', '--write', '--log-level', 'warn', 'docs/performance.md']);
  console.log('\nScritto docs/performance.md');
} finally {
  stopAll();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await rm(work, { recursive: true, force: true });
}
