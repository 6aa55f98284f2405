/**
 * `npm run bench`: the API measured from outside, as production runs it (`npm start`: the API compiled to
 * `dist-server/main.js`, run by node in a process of its own), over a fresh seeded database in a temp directory:
 * PGlite, then a PostgreSQL 15 server (Debian's, started and stopped here; skipped with the reason
 * when it cannot start) with 1 and 2 API workers (`API_WORKERS`). The load comes from autocannon
 * in another process (bench/load.ts). Prints req/s, p50, p99, errors and each route's ratio to
 * the one-query route (/ping); writes bench/results/<date>.json and, on a full run, the tables
 * of docs/performance.md. Never passes or fails on time.
 *
 *   npm run bench                 8 s per route (BENCH_SECONDS), 20 connections (BENCH_CONNECTIONS)
 *   npm run bench -- --quick      1 s per route, fewer routes on 2 workers: under 2 minutes
 *   npm run bench -- --scale N    issue 30: the N× world beside the seed-sized one (bench/scale/run-scale.ts)
 *   npm run bench -- --weight     issue 40: the bytes /booking/location fetches until idle (bench/web-weight.ts)
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { migrateAndSeedIfEmpty } from '../server/db/bootstrap';
import { openDatabase, selectRows, type DatabaseHandle } from '../server/db/client';
import { users } from '../server/db/schema/accounts';
import { bookings } from '../server/db/schema/bookings';
import { professionals } from '../server/db/schema/professionals';
import { DEMO_EMAIL } from '../server/db/seed/accounts';
import { HOUR_MS, addDays, dayFrame, isoWeekday, localToday } from '../server/domain/time';
import { startPostgres, type PostgresServer } from '../tests/server/helpers/postgres';
import type { LoadJob } from './load';
import { formatted, writeDocsBlock } from './docs-block';
import { ROOT, startApi, startLoader, type Api } from './processes';
import { MASCHERA, PIEGA, TORINO, type Fixture, type StoreKind } from './payloads';

const QUICK = process.argv.includes('--quick');
const SECONDS = QUICK ? 1 : Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = QUICK ? 0.3 : 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

// ---------------------------------------------------------------------------------------------
// Routes

type RouteKey =
  | 'health'
  | 'ping'
  | 'services'
  | 'times1'
  | 'times2'
  | 'timesFilter'
  | 'daysMonth'
  | 'daysSoldOut'
  | 'daysSoldOutAlone'
  | 'store'
  | 'storeSalotto';

interface Route {
  key: RouteKey;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  store?: StoreKind;
  /** Fewer connections than the rest (1: the latency of a request alone). */
  connections?: number;
}

function routes(f: Fixture): Route[] {
  const times = (services: string[], providerId: string | null = null) =>
    JSON.stringify({ bookingLocation: TORINO, services, startDate: f.timesDate, providerId });
  const days = (month: { from: string; to: string }) =>
    JSON.stringify({ bookingLocation: TORINO, services: [PIEGA, MASCHERA], fromDate: month.from, toDate: month.to });
  const { lat, lng } = TORINO.coordinates;
  return [
    { key: 'health', label: 'GET /health (no query)', method: 'GET', path: '/health' },
    { key: 'ping', label: 'GET /ping (one query)', method: 'GET', path: '/ping' },
    {
      key: 'services',
      label: 'GET /services/list/v2 (hair, Torino)',
      method: 'GET',
      path: `/services/list/v2?category=hair&hairLength=medium&lat=${lat}&lng=${lng}`,
    },
    {
      key: 'times1',
      label: 'POST available-times (1 service)',
      method: 'POST',
      path: '/bookings/available-times',
      body: times([PIEGA]),
    },
    {
      key: 'times2',
      label: 'POST available-times (2 services)',
      method: 'POST',
      path: '/bookings/available-times',
      body: times([PIEGA, MASCHERA]),
    },
    {
      key: 'timesFilter',
      label: 'POST available-times (2 services, professional filter)',
      method: 'POST',
      path: '/bookings/available-times',
      body: times([PIEGA, MASCHERA], f.filterProviderId),
    },
    {
      key: 'daysMonth',
      label: 'POST available-days (a month)',
      method: 'POST',
      path: '/bookings/available-days',
      body: days(f.month),
    },
    {
      key: 'daysSoldOut',
      label: 'POST available-days (a sold-out month)',
      method: 'POST',
      path: '/bookings/available-days',
      body: days(f.soldOut),
    },
    {
      key: 'daysSoldOutAlone',
      label: 'POST available-days (a sold-out month, 1 connection)',
      method: 'POST',
      path: '/bookings/available-days',
      body: days(f.soldOut),
      connections: 1,
    },
    {
      key: 'store',
      label: 'POST /bookings/store (distinct slots)',
      method: 'POST',
      path: '/bookings/store',
      store: 'single',
    },
    {
      key: 'storeSalotto',
      label: 'POST /bookings/store/salotto (distinct slots)',
      method: 'POST',
      path: '/bookings/store/salotto',
      store: 'salotto',
    },
  ];
}

interface Setup {
  name: string;
  database: 'pglite' | 'postgres';
  workers: number;
  routes: readonly RouteKey[];
}

const ALL: RouteKey[] = routes({
  today: '',
  timesDate: '',
  filterProviderId: '',
  soldOut: { from: '', to: '' },
  month: { from: '', to: '' },
}).map((r) => r.key);
const SETUPS: Setup[] = [
  { name: 'PGlite', database: 'pglite', workers: 1, routes: ALL },
  { name: 'PostgreSQL, 1 worker', database: 'postgres', workers: 1, routes: ALL },
  {
    name: 'PostgreSQL, 2 workers',
    database: 'postgres',
    workers: 2,
    routes: QUICK
      ? ['ping', 'services', 'times2', 'store']
      : ['health', 'ping', 'services', 'times2', 'daysSoldOut', 'store'],
  },
];

// ---------------------------------------------------------------------------------------------
// The database: seeded as on a first start, plus a sold-out month

const firstOfNextMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const monthOf = (first: string) => ({ from: first, to: addDays(firstOfNextMonth(first), -1) });

const TORINO_HAIRDRESSERS = ['pro-giulia-ferrero', 'pro-martina-rinaldi', 'pro-sara-costa', 'pro-valentina-greco'];

/** Migrates and seeds (as the API's first start does), then books every Torino hairdresser all next month. */
async function prepare(handle: DatabaseHandle): Promise<Fixture> {
  const now = new Date();
  await migrateAndSeedIfEmpty(handle, now);
  const today = localToday(now);
  let timesDate = addDays(today, 3);
  // Martina (the filter) works Tuesday to Saturday.
  while (isoWeekday(timesDate) === 1 || isoWeekday(timesDate) === 7) timesDate = addDays(timesDate, 1);
  const soldOut = monthOf(firstOfNextMonth(timesDate));
  const month = monthOf(firstOfNextMonth(soldOut.from));

  const [customer] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
  const pros = await handle.db.select({ id: professionals.id, slug: professionals.slug }).from(professionals);
  const idOf = (slug: string) => pros.find((p) => p.slug === slug)?.id;
  const filterProviderId = idOf('pro-martina-rinaldi');
  if (!customer || !filterProviderId) throw new Error('seed without the demo customer or Martina Rinaldi');
  const rows = [];
  for (const slug of TORINO_HAIRDRESSERS)
    for (let date = soldOut.from; date <= soldOut.to; date = addDays(date, 1)) {
      // 01:00 to 23:00 in Rome: every working hour, and apart from the next day's by more than the
      // travel buffers the database keeps around each appointment (midnight to midnight overlapped).
      const frame = dayFrame(date);
      rows.push({
        userId: customer.id,
        professionalId: idOf(slug) ?? null,
        startsAt: new Date(frame.startMs + HOUR_MS),
        endsAt: new Date(frame.endMs - HOUR_MS),
        location: TORINO,
        services: [],
        total: 0,
        totalBeforeDiscount: 0,
        notes: 'bench: giornata piena',
        // One customer fills four calendars at once: outside her no-overlap rule (migration 0015),
        // as the bookings stored before it that overlapped.
        customerExclusive: false,
      });
    }
  await handle.db.insert(bookings).values(rows);
  return { today, timesDate, filterProviderId, soldOut, month };
}

/** Pairs of live bookings of one professional that overlap (must be 0), and the bench's bookings. */
async function verify(handle: DatabaseHandle) {
  const [overlap] = await selectRows<{ n: number }>(
    handle.db,
    sql`SELECT count(*)::int AS n FROM bookings a JOIN bookings b
      ON a.professional_id = b.professional_id AND a.id < b.id
      AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
      WHERE a.status <> 'cancelled' AND b.status <> 'cancelled'`,
  );
  const stored = await handle.db
    .select({ kind: bookings.kind, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(sql`${bookings.idempotencyKey} LIKE 'bench-%'`))
    .groupBy(bookings.kind);
  return {
    overlaps: overlap?.n ?? -1,
    stored: Object.fromEntries(stored.map((r) => [r.kind, r.n])) as Record<string, number>,
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Row {
  key: RouteKey;
  route: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  codes: Record<string, number>;
  /** req/s over /ping's in the same setup. */
  ratio: number | null;
}

interface SetupResult {
  name: string;
  workers: number;
  skipped?: string;
  /** The machine's 1-minute load average when the setup started: other work shares the cores. */
  loadAverage?: number;
  rows: Row[];
  overlaps?: number;
  stored?: Record<string, number>;
}

async function measure(api: Api, fixture: Fixture, keys: readonly RouteKey[], runId: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const route of routes(fixture).filter((r) => keys.includes(r.key))) {
    const job: Omit<LoadJob, 'id' | 'seconds'> = {
      url: `${api.base}${route.path}`,
      method: route.method,
      connections: route.connections ?? CONNECTIONS,
      ...(route.body !== undefined ? { body: route.body } : {}),
      ...(route.store ? { store: { kind: route.store, fixture, runId } } : {}),
    };
    await load({ ...job, seconds: WARMUP_SECONDS });
    // A booking can take longer than a quick run's second: such a window would count none.
    const r = await load({ ...job, seconds: route.store ? Math.max(SECONDS, 3) : SECONDS });
    const bad = Object.entries(r.codes)
      .filter(([code]) => !code.startsWith('2'))
      .reduce((sum, [, n]) => sum + n, 0);
    rows.push({
      key: route.key,
      route: route.label,
      connections: job.connections,
      requests: r.requests,
      rps: Math.round(r.rps),
      p50: r.p50,
      p99: r.p99,
      errors: r.errors + r.timeouts + bad,
      codes: r.codes,
      ratio: null,
    });
    process.stdout.write('.');
  }
  const ping = rows.find((r) => r.key === 'ping')?.rps;
  for (const row of rows) row.ratio = ping ? Math.round((row.rps / ping) * 100) / 100 : null;
  return rows;
}

async function runSetup(setup: Setup, root: string, postgres: PostgresServer | string): Promise<SetupResult> {
  const base = { name: setup.name, workers: setup.workers, rows: [] };
  const runId = `${setup.database}-${setup.workers}-${process.pid}`;
  let env: Record<string, string>;
  let open: () => Promise<DatabaseHandle>;
  if (setup.database === 'pglite') {
    const dataDir = path.join(root, `pglite-${setup.workers}`);
    env = { DATA_DIR: dataDir };
    open = () => openDatabase({ dataDir });
  } else {
    if (typeof postgres === 'string') return { ...base, skipped: postgres };
    const name = `bench_${setup.workers}w`;
    await postgres.handle.db.execute(sql.raw(`CREATE DATABASE ${name}`));
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DATA_DIR: path.join(root, `pg-${setup.workers}`) };
    open = () => openDatabase({ databaseUrl: url.toString(), dataDir: env.DATA_DIR! });
  }
  const since = Date.now();
  let handle = await open();
  const fixture = await prepare(handle);
  await handle.close();

  const load1 = os.loadavg()[0]!;
  process.stdout.write(`${setup.name} (load average ${load1.toFixed(1)}, prepared in ${seconds(since)} s) `);
  const api = await startApi({
    ...env,
    API_WORKERS: String(setup.workers),
    APP_URL: 'http://localhost:5173',
    TRUST_PROXY: '1',
  });
  let rows: Row[];
  try {
    rows = await measure(api, fixture, setup.routes, runId);
  } finally {
    await api.stop();
  }
  process.stdout.write(` ${seconds(since)} s\n`);
  handle = await open();
  try {
    return { ...base, loadAverage: load1, rows, ...(await verify(handle)) };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
const fmt = (n: number | null | undefined, digits = 0) => (n === null || n === undefined ? '—' : n.toFixed(digits));

function printSetup(result: SetupResult) {
  console.log(
    `\n${result.name}${result.skipped ? ` — not measured: ${result.skipped}` : ` (load average ${fmt(result.loadAverage, 1)} at start)`}`,
  );
  if (result.skipped) return;
  const header = ['route', 'conn', 'req/s', 'p50 ms', 'p99 ms', 'errors', '× /ping', 'status codes'];
  const table = result.rows.map((r) => [
    r.route,
    String(r.connections),
    String(r.rps),
    fmt(r.p50),
    fmt(r.p99),
    String(r.errors),
    fmt(r.ratio, 2),
    Object.entries(r.codes)
      .map(([code, n]) => `${code}×${n}`)
      .join(' '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));
  const stored = Object.entries(result.stored ?? {})
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  console.log(`bookings stored by the bench: ${stored || 'none'}; overlapping pairs afterwards: ${result.overlaps}`);
}

interface Check {
  target: string;
  measured: string;
  met: boolean | null;
}

/** The issue's targets, on PostgreSQL with one worker (and the worker ratio). */
function checks(results: SetupResult[]): Check[] {
  const one = results.find((r) => r.name === 'PostgreSQL, 1 worker');
  const two = results.find((r) => r.name === 'PostgreSQL, 2 workers');
  if (!one || one.skipped) return [];
  const row = (result: SetupResult | undefined, key: RouteKey) => result?.rows.find((r) => r.key === key);
  const list: Check[] = [];
  const ratioAndP99 = (key: RouteKey, ratio: number, label: string) => {
    const r = row(one, key);
    if (!r) return;
    list.push({
      target: `${label}: ≥ ${ratio} × /ping req/s, p99 ≤ 25 ms`,
      measured: `${fmt(r.ratio, 2)} ×, p99 ${fmt(r.p99)} ms`,
      met: (r.ratio ?? 0) >= ratio && r.p99 <= 25,
    });
  };
  ratioAndP99('services', 0.8, 'services list');
  ratioAndP99('times1', 0.5, 'available-times, 1 service');
  ratioAndP99('times2', 0.5, 'available-times, 2 services');
  ratioAndP99('timesFilter', 0.5, 'available-times, professional filter');
  for (const key of ['daysSoldOutAlone', 'daysSoldOut'] as const) {
    const r = row(one, key);
    if (r)
      list.push({
        target: `sold-out month ≤ 100 ms (${r.connections} connection${r.connections > 1 ? 's' : ''}, p99)`,
        measured: `p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms`,
        met: r.p99 <= 100,
      });
  }
  const store = row(one, 'store');
  if (store)
    list.push({
      target: 'store ≥ 500 bookings/s, p99 ≤ 100 ms, zero overlaps',
      measured: `${store.rps}/s (${store.codes['201'] ?? 0} × 201 in ${SECONDS} s), p99 ${fmt(store.p99)} ms, ${one.overlaps} overlaps`,
      met: store.rps >= 500 && store.p99 <= 100 && one.overlaps === 0,
    });
  if (two && !two.skipped)
    for (const key of ['ping', 'times2', 'services', 'store'] as const) {
      const a = row(one, key);
      const b = row(two, key);
      if (a && b)
        list.push({
          target: `2 workers / 1 worker, ${a.route}`,
          measured: `${b.rps} / ${a.rps} req/s = ${fmt(b.rps / a.rps, 2)} ×`,
          met: null,
        });
    }
  return list;
}

function markdown(results: SetupResult[], when: string): string {
  const measured = results.filter((r) => !r.skipped);
  const keys = [...new Set(measured.flatMap((r) => r.rows.map((row) => row.key)))];
  const head = ['route', ...measured.flatMap((r) => [`${r.name} req/s`, 'p50 ms', 'p99 ms', 'errors', '× /ping'])];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const key of keys) {
    const label = measured.flatMap((r) => r.rows).find((row) => row.key === key)!.route;
    const cells = measured.flatMap((r) => {
      const row = r.rows.find((x) => x.key === key);
      return row
        ? [String(row.rps), fmt(row.p50), fmt(row.p99), String(row.errors), fmt(row.ratio, 2)]
        : ['', '', '', '', ''];
    });
    lines.push(`| ${[label, ...cells].join(' | ')} |`);
  }
  const skipped = results.filter((r) => r.skipped).map((r) => `- ${r.name}: not measured (${r.skipped}).`);
  const integrity = measured.map(
    (r) =>
      `- ${r.name} (1-minute load average ${fmt(r.loadAverage, 1)} at start): bookings stored ${Object.entries(
        r.stored ?? {},
      )
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}; overlapping pairs afterwards ${r.overlaps}.`,
  );
  const targetLines = checks(results).map(
    (c) => `| ${c.target} | ${c.measured} | ${c.met === null ? '—' : c.met ? 'yes' : 'no'} |`,
  );
  return [
    `Measured ${when} by \`npm run bench\` on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'cpu'}), Node ${process.version}, ${CONNECTIONS} connections, ${SECONDS} s per route after ${WARMUP_SECONDS} s of warm-up.`,
    '',
    ...lines,
    '',
    ...integrity,
    ...skipped,
    '',
    '| target (PostgreSQL 15, 1 worker) | measured | met |',
    '|---|---|---|',
    ...targetLines,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

/**
 * Why a setup broke, in a line: the database's own message when a query failed (drizzle wraps it,
 * with the whole statement and its parameters, in `cause`).
 */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  const detail = (cause as { detail?: unknown }).detail;
  return typeof detail === 'string' ? `${message} (${detail})` : message;
}

const scaleAt = process.argv.indexOf('--scale');
if (scaleAt >= 0) {
  // Issue 30: the N× world (bench/scale/), measured beside the seed-sized one.
  const { runScale } = await import('./scale/run-scale');
  process.exit(await runScale(Number(process.argv[scaleAt + 1]), { quick: QUICK }));
}

if (process.argv.includes('--weight')) {
  // Issue 40: what the first screen fetches until the page is idle, in a browser.
  const { runWebWeight } = await import('./web-weight');
  process.exit(await runWebWeight());
}

const loader = startLoader();
const load = loader.load;
const started = Date.now();
const root = await mkdtemp(path.join(os.tmpdir(), 'musa-bench-'));
const results: SetupResult[] = [];
/** Setups that broke (a bug of the bench or the API, unlike a PostgreSQL that cannot start). */
const failures: string[] = [];
let postgres: PostgresServer | string = 'PostgreSQL not started yet';
try {
  try {
    const since = Date.now();
    postgres = await startPostgres();
    console.log(`PostgreSQL 15 started in ${seconds(since)} s`);
  } catch (error) {
    postgres = error instanceof Error ? error.message : String(error);
  }
  for (const setup of SETUPS) {
    try {
      results.push(await runSetup(setup, root, postgres));
    } catch (error) {
      failures.push(`${setup.name}: ${reasonOf(error)}`);
    }
  }
} finally {
  loader.close();
  if (typeof postgres !== 'string') await postgres.stop();
  await rm(root, { recursive: true, force: true });
}

if (failures.length) {
  // Nothing is written: a table of setups that broke would read as figures.
  console.error(`\nThe bench broke, nothing written:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}

console.log(
  `\nMusa API bench${QUICK ? ' (quick)' : ''}: ${CONNECTIONS} connections, ${SECONDS} s per route, the API as \`npm start\` runs it (compiled, plain node), load from another process; Node ${process.version}, ${os.cpus().length} cores`,
);
for (const result of results) printSetup(result);
const targets = checks(results);
if (targets.length) {
  console.log('\nTargets of issue 14 (PostgreSQL, 1 worker):');
  for (const c of targets) console.log(`  ${c.met === null ? ' ' : c.met ? '✓' : '✗'} ${c.target}: ${c.measured}`);
}

const now = new Date();
const date = now.toISOString().slice(0, 10);
await mkdir(path.join(ROOT, 'bench', 'results'), { recursive: true });
const out = path.join(ROOT, 'bench', 'results', `${date}${QUICK ? '-quick' : ''}.json`);
await writeFile(
  out,
  await formatted(
    out,
    JSON.stringify(
      {
        date: now.toISOString(),
        quick: QUICK,
        node: process.version,
        cpus: os.cpus().length,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        setups: results,
        targets,
      },
      null,
      2,
    ),
  ),
);
if (!QUICK) await writeDocsBlock('api', 'API', markdown(results, date));
console.log(
  `\nWritten ${path.relative(ROOT, out)}${QUICK ? '' : ' and docs/performance.md'} in ${Math.round((Date.now() - started) / 1000)} s.`,
);
