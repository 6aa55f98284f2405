/**
 * `npm run bench -- --scale N` (issue 30): the same routes measured on a seed-sized world (N = 1)
 * and on N× worlds (bench/scale/world.ts) in one run, from outside the API (its own process, as
 * `npm start` runs it: compiled, plain node; the load from bench/load.ts). On PostgreSQL at N = 1, 10 (when
 * N > 10) and N, each in a database of its own on one server started here; on PGlite at 1 and a
 * smaller N (BENCH_SCALE_PGLITE, default min(N, 4): one connection in WebAssembly, said so). For
 * each world: req/s, p50, p99, the cost relative to /ping in the same API (ping req/s ÷ route
 * req/s), the API worker's memory (VmRSS and its peak VmHWM from /proc), the waitlist's offer
 * round on a day with 200 customers waiting, and the CPU time per request of the API's processes and
 * PostgreSQL's (from /proc: the cost the goals are read on, steadier than req/s on shared cores). Prints the table with the ratios to N = 1; a full
 * run (not --quick) writes bench/results/<date>-scale.json, bench/results/scale.svg and the
 * issue 30 section of docs/performance.md.
 *
 *   npm run bench -- --scale 40            6 s per route (BENCH_SECONDS) after 2 s of warm-up
 *   npm run bench -- --scale 5 --quick     1 s per route: development
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateAndSeedIfEmpty } from '../../server/db/bootstrap';
import { openDatabase, selectRows, type DatabaseHandle } from '../../server/db/client';
import { busyTextSql } from '../../server/availability/availability-store';
import { loadCatalogueSnapshot } from '../../server/catalogue/catalogue-store';
import { startPostgres, type PostgresServer } from '../../tests/server/helpers/postgres';
import type { LoadJob } from '../load';
import { databaseErrorText } from '../db-error';
import { formatted, writeDocsBlock } from '../docs-block';
import { MASCHERA, PIEGA, TORINO } from '../payloads';
import { ROOT, sleep, startApi, startLoader, type Api, type Loader } from '../processes';
import { scaleChart } from './chart';
import { prepareScaleFixture, type ScaleFixture } from './fixture';
import { growWorld, type WorldSummary } from './world';

type RouteKey =
  'ping' | 'services' | 'times' | 'timesFilter' | 'days' | 'meNext' | 'providers' | 'store' | 'move' | 'cancel';

interface ScaleRoute {
  key: RouteKey;
  label: string;
  /** A read (the p99 and cost goals), or a write measured in successes per second. */
  read: boolean;
  job: Omit<LoadJob, 'id' | 'seconds' | 'connections'>;
}

const READS: RouteKey[] = ['services', 'times', 'timesFilter', 'days', 'meNext', 'providers'];

function scaleRoutes(api: Api, f: ScaleFixture, runId: string): ScaleRoute[] {
  const url = (p: string) => `${api.base}${p}`;
  const auth = { authorization: `Bearer ${f.historyToken}` };
  const times = (providerId: string | null) =>
    JSON.stringify({ bookingLocation: TORINO, services: [PIEGA, MASCHERA], startDate: f.timesDate, providerId });
  const { lat, lng } = TORINO.coordinates;
  return [
    { key: 'ping', label: 'GET /ping (one query)', read: false, job: { url: url('/ping'), method: 'GET' } },
    {
      key: 'services',
      label: 'GET /services/list/v2 (hair, Torino)',
      read: true,
      job: { url: url(`/services/list/v2?category=hair&hairLength=medium&lat=${lat}&lng=${lng}`), method: 'GET' },
    },
    {
      key: 'times',
      label: 'POST available-times (Torino, 2 services, busy day)',
      read: true,
      job: { url: url('/bookings/available-times'), method: 'POST', body: times(null) },
    },
    {
      key: 'timesFilter',
      label: 'POST available-times (professional filter)',
      read: true,
      job: { url: url('/bookings/available-times'), method: 'POST', body: times(f.filterProviderId) },
    },
    {
      key: 'days',
      label: 'POST available-days (Torino, a month)',
      read: true,
      job: {
        url: url('/bookings/available-days'),
        method: 'POST',
        body: JSON.stringify({
          bookingLocation: TORINO,
          services: [PIEGA, MASCHERA],
          fromDate: f.month.from,
          toDate: f.month.to,
        }),
      },
    },
    {
      key: 'meNext',
      label: 'GET /me/next (50 past bookings)',
      read: true,
      job: { url: url('/me/next'), method: 'GET', headers: auth },
    },
    {
      key: 'providers',
      label: 'GET /users/:id/providers (the filter’s list)',
      read: true,
      job: { url: url(`/users/${f.historyUserId}/providers`), method: 'GET', headers: auth },
    },
    {
      key: 'store',
      label: 'POST /bookings/store (distinct slots)',
      read: false,
      job: { url: url('/bookings/store'), method: 'POST', store: { kind: 'single', fixture: f.store, runId } },
    },
    {
      key: 'move',
      label: 'POST /appointments/:id/reschedule',
      read: false,
      job: { url: url('/'), method: 'POST', sequence: { key: `${runId}-move`, items: f.moves } },
    },
    {
      key: 'cancel',
      label: 'POST /appointments/:id/cancel',
      read: false,
      job: { url: url('/'), method: 'POST', sequence: { key: `${runId}-cancel`, items: f.cancels } },
    },
  ];
}

interface Row {
  key: RouteKey;
  route: string;
  read: boolean;
  requests: number;
  rps: number;
  /** 2xx answers per second (a write's throughput). */
  okPerSecond: number;
  p50: number;
  p99: number;
  codes: Record<string, number>;
  /** /ping's req/s in the same API ÷ this route's: what one request costs, in /ping requests. */
  cost: number | null;
  /**
   * CPU time per request, ms, read from /proc over the measured window: the API's processes and
   * the database's (PostgreSQL's server processes; PGlite runs inside the API). Unlike req/s, it does
   * not move with what else the shared cores run.
   */
  cpuMs: number | null;
  apiCpuMs: number | null;
  dbCpuMs: number | null;
  repeated?: number;
}

interface Memory {
  /** The API worker (the process serving requests): resident now and at its peak, MB. */
  rssMB: number;
  peakMB: number;
  /** Every process of the API's tree (tsx, the supervisor, the worker, esbuild), resident now, MB. */
  treeMB: number;
  processes: { pid: number; command: string; rssMB: number; peakMB: number }[];
}

interface WaitlistRound {
  waiting: number;
  told: number;
  /** The round itself, in the API (claim to sent). */
  roundMs: number | null;
  /** From the cancellation's reply to the end of the round (the outbox's rounds start every 5 s). */
  totalMs: number | null;
}

/** The catalogue every API process keeps in memory, read as it reads it (issue 30: its cost at 1,000 professionals). */
interface CatalogueCost {
  professionals: number;
  /** Median of five reads, in the bench's process. */
  loadMs: number;
  /** The snapshot's data as JSON: a proxy of its size in memory (which is a few times larger). */
  jsonKB: number;
}

interface World {
  database: 'postgres' | 'pglite';
  scale: number;
  catalogue: CatalogueCost;
  summary: WorldSummary;
  databaseMB: number;
  pastBookings: number;
  loadAverage: number;
  rows: Row[];
  memory: Memory | null;
  waitlist: WaitlistRound | null;
  /** The 20 heaviest statements of the API while it was measured (pg_stat_statements is not loaded: EXPLAINs instead). */
  explain?: Record<string, string>;
}

const mb = (kb: number) => Math.round(kb / 102.4) / 10;

async function readStatus(pid: number): Promise<{ rss: number; hwm: number; children: number[] } | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(/\d+/.exec(status.split('\n').find((l) => l.startsWith(field)) ?? '')?.[0] ?? 0);
    const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => ''))
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return { rss: kb('VmRSS:'), hwm: kb('VmHWM:'), children };
  } catch {
    return null;
  }
}

/** The API's processes from /proc: the worker is the leaf of its tree. */
async function apiMemory(pid: number): Promise<Memory | null> {
  const processes: Memory['processes'] = [];
  const walk = async (p: number) => {
    const s = await readStatus(p);
    if (!s) return;
    const command = (await readFile(`/proc/${p}/cmdline`, 'utf8').catch(() => ''))
      .split('\0')
      .filter(Boolean)
      .map((part) => path.basename(part))
      .join(' ')
      .slice(0, 80);
    processes.push({ pid: p, command, rssMB: mb(s.rss), peakMB: mb(s.hwm) });
    for (const child of s.children) await walk(child);
  };
  await walk(pid);
  // The worker: cluster's fork of the supervisor, the largest node process (esbuild is tsx's helper).
  const worker = processes
    .filter((p) => p.command.startsWith('node'))
    .reduce<Memory['processes'][number] | undefined>((a, b) => (!a || b.rssMB > a.rssMB ? b : a), undefined);
  const treeMB = Math.round(processes.reduce((sum, p) => sum + p.rssMB, 0));
  return worker ? { rssMB: worker.rssMB, peakMB: worker.peakMB, treeMB, processes } : null;
}

const TICK_MS = 10;

/** CPU ticks (user + system, with those of exited children) of `pid` and its descendants. */
async function cpuTicks(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
    const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => ''))
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    for (const child of children) ticks += await cpuTicks(child);
    return ticks;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server listening on `port` (its postmaster), from /proc. */
async function postmasterOf(port: string): Promise<number | null> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (args[0]?.endsWith('/postgres') && args.includes('-p') && args[args.indexOf('-p') + 1] === port)
      return Number(entry);
  }
  return null;
}

/** Cancels the booking of the waitlist day and times the outbox's offer round for its 200 customers. */
async function waitlistRound(db: DatabaseHandle['db'], api: Api, f: ScaleFixture): Promise<WaitlistRound> {
  const [{ n: waiting } = { n: 0 }] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM waitlist WHERE date = ${f.waitDay} AND notified_at IS NULL`,
  );
  const answer = await fetch(`${api.base}/appointments/${f.waitBookingId}/cancel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${f.waitToken}`, 'x-forwarded-for': '10.255.255.1' },
  });
  const cancelled = Date.now();
  if (!answer.ok) throw new Error(`the waitlist day's cancellation answered ${answer.status}`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const [row] = await selectRows<{ sent: number | null; claimed: number | null }>(
      db,
      sql`SELECT (extract(epoch FROM sent_at) * 1000)::float8 AS sent,
          (extract(epoch FROM next_attempt_at) * 1000 - 60000)::float8 AS claimed
        FROM outbox WHERE booking_id = ${f.waitBookingId} AND kind = 'waitlist-offer'`,
    );
    if (row?.sent) {
      const [{ n: told } = { n: 0 }] = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM waitlist WHERE date = ${f.waitDay} AND notified_at IS NOT NULL`,
      );
      return {
        waiting,
        told,
        roundMs: row.claimed ? Math.round(Number(row.sent) - Number(row.claimed)) : null,
        totalMs: Math.round(Number(row.sent) - cancelled),
      };
    }
    if (Date.now() > deadline) return { waiting, told: 0, roundMs: null, totalMs: null };
    await sleep(100);
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the busy-interval query as the API makes it (availability-store.ts
 * `busyTextSql`), for Torino's qualified hairdressers over the day of available-times and over the
 * month of available-days (everyone at once: the month's first batch reads fewer).
 */
async function explainBusy(db: DatabaseHandle['db'], f: ScaleFixture): Promise<Record<string, string>> {
  const plan = async (from: string, to: string) => {
    const rows = await selectRows<Record<string, string>>(
      db,
      sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT ${busyTextSql({
        ids: sql`ARRAY(SELECT id FROM professionals WHERE zone_ids && ARRAY['torino'] AND 'hair' = ANY(skill_categories) AND active)`,
        from: sql`${from}::date::timestamptz`,
        to: sql`(${to}::date + 1)::timestamptz`,
        now: sql`now()`,
        holder: sql`''`,
      })}`,
    );
    return rows.map((r) => Object.values(r)[0]).join('\n');
  };
  return { day: await plan(f.timesDate, f.timesDate), month: await plan(f.month.from, f.month.to) };
}

interface Options {
  quick: boolean;
}

export async function runScale(target: number, options: Options): Promise<number> {
  if (!Number.isInteger(target) || target < 1) {
    console.error('npm run bench -- --scale N: N is a whole number ≥ 1 (40: the issue’s national company)');
    return 2;
  }
  const seconds = options.quick ? 1 : Number(process.env.BENCH_SECONDS ?? 6);
  const warmup = options.quick ? 0.3 : 2;
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const pgScales = [...new Set([1, ...(target > 10 ? [10] : []), target])];
  const pgliteTop = Math.min(target, Number(process.env.BENCH_SCALE_PGLITE ?? 4));
  const pgliteScales = process.env.BENCH_SCALE_PGLITE === '0' ? [] : [...new Set([1, pgliteTop])];
  const started = Date.now();
  const root = await mkdtemp(path.join(os.tmpdir(), 'musa-scale-'));
  const loader = startLoader();
  const worlds: World[] = [];
  const failures: string[] = [];
  let postgres: PostgresServer | string = 'not started';
  try {
    try {
      postgres = await startPostgres();
    } catch (error) {
      postgres = error instanceof Error ? error.message : String(error);
      console.log(`PostgreSQL not measured: ${postgres}`);
    }
    const plan: { database: 'postgres' | 'pglite'; scale: number }[] = [
      ...(typeof postgres === 'string' ? [] : pgScales.map((scale) => ({ database: 'postgres' as const, scale }))),
      ...pgliteScales.map((scale) => ({ database: 'pglite' as const, scale })),
    ];
    for (const { database, scale } of plan) {
      try {
        worlds.push(
          await measureWorld(database, scale, postgres, root, loader, {
            seconds,
            warmup,
            connections,
            quick: options.quick,
          }),
        );
      } catch (error) {
        // The database's own answer (constraint, key, detail), not only Drizzle's "Failed query" (issue 44).
        failures.push(`${database} N=${scale}: ${databaseErrorText(error)}`);
        console.log(`\n${database} N=${scale} broke: ${failures.at(-1)}`);
      }
    }
  } finally {
    loader.close();
    if (typeof postgres !== 'string') await postgres.stop();
    await rm(root, { recursive: true, force: true });
  }
  const report = reportOf(worlds, { seconds, warmup, connections, target });
  console.log(`\n${report.text}`);
  if (failures.length) {
    // What was measured is printed; nothing is written: a table with a world missing would read as figures.
    console.error(
      `\nThe scale bench broke, nothing written:\n${failures.map((f) => `- ${f.replaceAll('\n', '\n  ')}`).join('\n')}`,
    );
    return 1;
  }
  const now = new Date();
  const date = now.toISOString().slice(0, 10);
  const dir = path.join(ROOT, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  const out = path.join(dir, `${date}-scale${options.quick ? '-quick' : ''}.json`);
  await writeFile(
    out,
    await formatted(
      out,
      JSON.stringify(
        {
          date: now.toISOString(),
          quick: options.quick,
          node: process.version,
          cpus: os.cpus().length,
          connections,
          seconds,
          warmupSeconds: warmup,
          worlds,
          goals: report.goals,
        },
        null,
        2,
      ),
    ),
  );
  if (!options.quick) {
    await writeFile(
      path.join(dir, 'scale.svg'),
      scaleChart(
        worlds.filter((w) => w.database === 'postgres'),
        READS,
      ),
    );
    await writeDocsBlock('scale', 'At scale (issue 30)', report.markdown);
  }
  console.log(
    `\nWritten ${path.relative(ROOT, out)}${options.quick ? '' : ', bench/results/scale.svg and docs/performance.md'} in ${Math.round((Date.now() - started) / 1000)} s.`,
  );
  return 0;
}

async function measureWorld(
  database: 'postgres' | 'pglite',
  scale: number,
  postgres: PostgresServer | string,
  root: string,
  loader: Loader,
  o: { seconds: number; warmup: number; connections: number; quick: boolean },
): Promise<World> {
  const since = Date.now();
  let env: Record<string, string>;
  let open: () => Promise<DatabaseHandle>;
  let drop: () => Promise<void>;
  const dataDir = path.join(root, `${database}-${scale}`);
  if (database === 'pglite') {
    env = { DATA_DIR: dataDir };
    open = () => openDatabase({ dataDir });
    drop = () => rm(dataDir, { recursive: true, force: true });
  } else {
    if (typeof postgres === 'string') throw new Error(postgres);
    const name = `scale_${scale}`;
    await postgres.handle.db.execute(sql.raw(`CREATE DATABASE ${name}`));
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    open = () => openDatabase({ databaseUrl: url.toString(), dataDir });
    drop = async () => {
      await postgres.handle.db.execute(sql.raw(`DROP DATABASE ${name}`));
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const label = `${database === 'postgres' ? 'PostgreSQL' : 'PGlite'} N=${scale}`;
  process.stdout.write(`${label}: `);
  const now = new Date();
  let handle = await open();
  let summary: WorldSummary;
  let fixture: ScaleFixture;
  let databaseMB: number;
  let catalogue: CatalogueCost;
  try {
    await migrateAndSeedIfEmpty(handle, now);
    summary = await growWorld(handle.db, scale, now);
    process.stdout.write(
      `${summary.professionals} professionals, ${summary.bookings} bookings generated and loaded in ${summary.seconds.toFixed(1)} s; `,
    );
    fixture = await prepareScaleFixture(handle.db, now, o.quick ? 400 : 3000);
    const times: number[] = [];
    let snapshot: Awaited<ReturnType<typeof loadCatalogueSnapshot>> | null = null;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      snapshot = await loadCatalogueSnapshot(handle.db);
      times.push(performance.now() - t);
    }
    const { memo: _memo, servicesById: _byId, ...data } = snapshot!;
    catalogue = {
      professionals: snapshot!.professionals.length,
      loadMs: Math.round(times.sort((a, b) => a - b)[2]! * 10) / 10,
      jsonKB: Math.round(JSON.stringify(data).length / 1024),
    };
    const [size] = await selectRows<{ bytes: number }>(
      handle.db,
      sql`SELECT pg_database_size(current_database())::float8 AS bytes`,
    );
    databaseMB = Math.round(Number(size?.bytes ?? 0) / 1048576);
  } finally {
    await handle.close();
  }

  const loadAverage = os.loadavg()[0]!;
  const api = await startApi({ ...env, API_WORKERS: '1', APP_URL: 'http://localhost:5173', TRUST_PROXY: '1' });
  const rows: Row[] = [];
  let memory: Memory | null;
  let waitlist: WaitlistRound | null;
  let explain: Record<string, string> | undefined;
  const runId = `${database}-${scale}-${process.pid}`;
  try {
    const routes = scaleRoutes(api, fixture, runId);
    const postmaster =
      database === 'postgres' && typeof postgres !== 'string' ? await postmasterOf(new URL(postgres.url).port) : null;
    const measure = async (route: ScaleRoute) => {
      const job = { ...route.job, connections: o.connections };
      // The after-booking routes take each booking once: a short warm-up leaves more for the measure.
      await loader.load({ ...job, seconds: route.job.sequence ? Math.min(o.warmup, 0.5) : o.warmup });
      const before = [await cpuTicks(api.pid), postmaster ? await cpuTicks(postmaster) : 0];
      const r = await loader.load({
        ...job,
        seconds: route.read || route.key === 'ping' ? o.seconds : Math.max(o.seconds, 3),
      });
      const after = [await cpuTicks(api.pid), postmaster ? await cpuTicks(postmaster) : 0];
      const perRequest = (i: number) =>
        r.requests ? Math.round((((after[i] ?? 0) - (before[i] ?? 0)) * TICK_MS * 100) / r.requests) / 100 : null;
      const apiCpuMs = perRequest(0);
      const dbCpuMs = postmaster ? perRequest(1) : null;
      const okCount = Object.entries(r.codes)
        .filter(([code]) => code.startsWith('2'))
        .reduce((sum, [, n]) => sum + n, 0);
      rows.push({
        key: route.key,
        route: route.label,
        read: route.read,
        requests: r.requests,
        rps: Math.round(r.rps),
        okPerSecond: Math.round(okCount / (route.read || route.key === 'ping' ? o.seconds : Math.max(o.seconds, 3))),
        p50: r.p50,
        p99: r.p99,
        codes: r.codes,
        cost: null,
        cpuMs: apiCpuMs === null ? null : Math.round((apiCpuMs + (dbCpuMs ?? 0)) * 100) / 100,
        apiCpuMs,
        dbCpuMs,
        ...(r.repeated !== undefined ? { repeated: r.repeated } : {}),
      });
      process.stdout.write('.');
    };
    // Reads first; the waitlist round before the after-booking routes, whose own offer rounds queue
    // in the outbox (20 rows a round).
    // /ping before and after the reads (their mean is the reference of × /ping).
    const ping = routes.find((r) => r.key === 'ping')!;
    await measure(ping);
    for (const route of routes.filter((r) => r.read)) await measure(route);
    await measure(ping);
    memory = await apiMemory(api.pid);
    const writes = routes.filter((r) => !r.read && r.key !== 'ping');
    if (database === 'postgres') {
      // PGlite is one process's database: the bench cannot read it while the API holds it.
      handle = await open();
      try {
        waitlist = await waitlistRound(handle.db, api, fixture);
        process.stdout.write('w');
        for (const route of writes) await measure(route);
        if (!o.quick) explain = await explainBusy(handle.db, fixture);
      } finally {
        await handle.close();
      }
    } else {
      waitlist = null;
      for (const route of writes) await measure(route);
    }
    const after = await apiMemory(api.pid);
    if (memory && after) memory = { ...after, rssMB: Math.max(memory.rssMB, after.rssMB) };
  } finally {
    await api.stop();
  }
  // The pings: one row of their mean; the writes' cost against it.
  const pings = rows.filter((r) => r.key === 'ping');
  const others = rows.filter((r) => r.key !== 'ping');
  const ping = pings.length ? Math.round(pings.reduce((sum, r) => sum + r.rps, 0) / pings.length) : 0;
  const slowest = pings.reduce<Row | undefined>((worst, r) => (!worst || r.p99 > worst.p99 ? r : worst), undefined);
  const mean = (f: (r: Row) => number | null) =>
    pings.every((r) => f(r) !== null)
      ? Math.round((pings.reduce((sum, r) => sum + f(r)!, 0) / pings.length) * 100) / 100
      : null;
  if (slowest)
    others.unshift({
      ...slowest,
      rps: ping,
      okPerSecond: ping,
      cost: 1,
      cpuMs: mean((r) => r.cpuMs),
      apiCpuMs: mean((r) => r.apiCpuMs),
      dbCpuMs: mean((r) => r.dbCpuMs),
    });
  for (const row of others)
    if (row.key !== 'ping') row.cost = ping && row.rps ? Math.round((ping / row.rps) * 100) / 100 : null;
  rows.splice(0, rows.length, ...others);
  await drop();
  console.log(` ${((Date.now() - since) / 1000).toFixed(0)} s`);
  return {
    database,
    scale,
    catalogue,
    summary,
    databaseMB,
    pastBookings: fixture.pastBookings,
    loadAverage,
    rows,
    memory,
    waitlist,
    ...(explain ? { explain } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Reporting

interface Goal {
  goal: string;
  measured: string;
  met: boolean;
}

const fmt = (n: number | null | undefined, digits = 0) => (n === null || n === undefined ? '—' : n.toFixed(digits));

const BOUND_BY: Record<RouteKey, string> = {
  ping: 'one round trip (`SELECT 1`): the floor of every route',
  services: 'memory: the reply rendered once per catalogue version, one tiny version query',
  times:
    'the busy-interval query (a btree descent per qualified professional of the zone, one aggregated row); the slots computed once per distinct intervals read',
  timesFilter: 'the busy-interval query for one professional; the zone’s list filtered in memory',
  days: 'the first batch of 8 qualified professionals’ month (a later batch only for days still without a slot); each batch computed once per distinct intervals read',
  meNext:
    'the session, then her upcoming bookings, her last one and those to rate (index reads of `bookings_user_starts_idx`)',
  providers: 'her bookings joined to their assignments and professionals (index reads)',
  store: 'CPU per booking: 8 statements, the confirmation e-mail rendered after the reply',
  move: 'the day’s availability for her professional, then a transaction (lock, update, trigger, outbox)',
  cancel: 'one transaction (row lock, update, trigger, two outbox rows), the e-mail after the reply',
};

function reportOf(
  worlds: World[],
  run: { seconds: number; warmup: number; connections: number; target: number },
): { text: string; markdown: string; goals: Goal[] } {
  const pg = worlds.filter((w) => w.database === 'postgres');
  const lite = worlds.filter((w) => w.database === 'pglite');
  const goals: Goal[] = [];
  const base = pg.find((w) => w.scale === 1);
  const top = pg.find((w) => w.scale === run.target) ?? pg.at(-1);
  if (base && top && top !== base) {
    for (const key of READS) {
      const a = base.rows.find((r) => r.key === key);
      const b = top.rows.find((r) => r.key === key);
      if (!a || !b || !a.cpuMs || !b.cpuMs) continue;
      const ratio = b.cpuMs / a.cpuMs;
      goals.push({
        goal: `${b.route}: CPU per request at N=${top.scale} ≤ 1.5 × N=1, p99 ≤ 25 ms`,
        measured: `${fmt(ratio, 2)} × (${fmt(a.cpuMs, 2)} → ${fmt(b.cpuMs, 2)} ms; × /ping ${fmt(a.cost, 2)} → ${fmt(b.cost, 2)}), p99 ${fmt(b.p99)} ms`,
        met: ratio <= 1.5 && b.p99 <= 25,
      });
    }
    const sa = base.rows.find((r) => r.key === 'store');
    const sb = top.rows.find((r) => r.key === 'store');
    if (sa && sb)
      goals.push({
        goal: `store bookings/s at N=${top.scale} ≥ 0.8 × N=1`,
        measured: `${sb.okPerSecond} / ${sa.okPerSecond} = ${fmt(sb.okPerSecond / Math.max(1, sa.okPerSecond), 2)} ×`,
        met: sb.okPerSecond >= 0.8 * sa.okPerSecond,
      });
  }
  for (const w of pg)
    if (w.memory)
      goals.push({
        goal: `API worker's memory at N=${w.scale} ≤ 300 MB`,
        measured: `VmRSS ${w.memory.rssMB} MB, peak ${w.memory.peakMB} MB`,
        met: w.memory.peakMB <= 300,
      });

  const keys = [...new Set(worlds.flatMap((w) => w.rows.map((r) => r.key)))];
  const name = (w: World) => `${w.database === 'postgres' ? 'PG' : 'PGlite'} N=${w.scale}`;
  const costTable = (set: World[]) => {
    const first = set[0];
    const head = ['route', ...set.flatMap((w) => [`${name(w)} req/s`, 'p99 ms', 'CPU ms/req', '× /ping'])];
    if (first) head.push(...set.slice(1).map((w) => `CPU N=${w.scale} ÷ N=${first.scale}`));
    const lines = [head];
    for (const key of keys) {
      const label = set.flatMap((w) => w.rows).find((r) => r.key === key)?.route;
      if (!label) continue;
      const cells = set.flatMap((w) => {
        const r = w.rows.find((x) => x.key === key);
        if (!r) return ['', '', '', ''];
        const rate = r.read || key === 'ping' ? String(r.rps) : `${r.okPerSecond} ok/s`;
        return [rate, fmt(r.p99), fmt(r.cpuMs, 2), fmt(r.cost, 2)];
      });
      const ratios = set.slice(1).map((w) => {
        const a = first?.rows.find((x) => x.key === key)?.cpuMs;
        const b = w.rows.find((x) => x.key === key)?.cpuMs;
        return a && b ? fmt(b / a, 2) : '—';
      });
      lines.push([label, ...cells, ...ratios]);
    }
    return lines;
  };
  const worldLines = worlds.map(
    (w) =>
      `${name(w)}: ${w.summary.cities} cities, ${w.summary.professionals} professionals, ${w.summary.customers} customers, ${w.summary.bookings} bookings (${w.summary.cancelled} cancelled, ${w.summary.moved} moved), ${w.summary.outbox} outbox rows, ${w.summary.waitlist} waitlist entries, ${w.databaseMB} MB; the catalogue in memory ${w.catalogue.professionals} professionals, ${w.catalogue.jsonKB} kB as JSON, read in ${fmt(w.catalogue.loadMs, 1)} ms; generated and loaded in ${fmt(w.summary.seconds, 1)} s; load average ${fmt(w.loadAverage, 1)} at the start; API worker ${w.memory ? `${w.memory.rssMB} MB resident, peak ${w.memory.peakMB} MB` : '—'}; waitlist round: ${w.waitlist ? `${w.waitlist.told} of ${w.waitlist.waiting} told in ${fmt(w.waitlist.roundMs)} ms (${fmt(w.waitlist.totalMs)} ms after the cancellation)` : '—'}.`,
  );
  const codes = worlds.flatMap((w) =>
    w.rows
      .filter((r) => Object.keys(r.codes).some((c) => !c.startsWith('2')) || r.repeated)
      .map(
        (r) =>
          `${name(w)}, ${r.route}: ${Object.entries(r.codes)
            .map(([c, n]) => `${c}×${n}`)
            .join(' ')}${r.repeated ? `, ${r.repeated} requests after the list ran out` : ''}`,
      ),
  );

  const plain = (lines: string[][]) => {
    const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
    return lines.map((l) => l.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n');
  };
  const md = (lines: string[][]) =>
    [lines[0]!, lines[0]!.map(() => '---'), ...lines.slice(1)].map((l) => `| ${l.join(' | ')} |`).join('\n');
  const goalLines = goals.map((g) => `${g.met ? '✓' : '✗'} ${g.goal}: ${g.measured}`);
  const header = `Scale bench (issue 30): ${run.connections} connections, ${run.seconds} s per route after ${run.warmup} s of warm-up, 1 API worker as \`npm start\` runs it (compiled, plain node); Node ${process.version}, ${os.cpus().length} cores. "× /ping" is /ping's req/s in the same API ÷ the route's (its cost in /ping requests); writes count 2xx answers per second; "CPU ms/req" is the CPU time of the API's processes and the database's server processes (read from /proc over the window) per request: the cost the goals are read on, as it does not move with what else the shared cores run.`;
  const text = [
    header,
    '',
    'PostgreSQL 15',
    plain(costTable(pg)),
    ...(lite.length ? ['', 'PGlite (one connection in WebAssembly, a smaller N)', plain(costTable(lite))] : []),
    '',
    ...worldLines,
    ...codes,
    '',
    'Goals:',
    ...goalLines.map((g) => `  ${g}`),
  ].join('\n');
  const boundLines = keys.map((k) => `- ${pg[0]?.rows.find((r) => r.key === k)?.route ?? k}: ${BOUND_BY[k]}.`);
  const explainBlock = top?.explain
    ? [
        '',
        `The busy-interval query at N=${top.scale} (Torino's hairdressers, all of them; EXPLAIN (ANALYZE, BUFFERS) after the run), as the API makes it, a day then a month (available-days reads the month's first batch only, see below):`,
        ...[top.explain.day, top.explain.month].flatMap((p) => ['', '```', p ?? '', '```']),
      ]
    : [];
  const markdown = [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --scale ${run.target}\`. ${header}`,
    '',
    md(costTable(pg)),
    '',
    ...(lite.length ? ['PGlite, at a smaller N (one connection in WebAssembly):', '', md(costTable(lite)), ''] : []),
    ...worldLines.map((l) => `- ${l}`),
    ...codes.map((l) => `- ${l}`),
    '',
    '![CPU time per request of each read, by N](../bench/results/scale.svg)',
    '',
    '| goal | measured | met |',
    '|---|---|---|',
    ...goals.map((g) => `| ${g.goal} | ${g.measured} | ${g.met ? 'yes' : 'no'} |`),
    '',
    'What each route is bound by:',
    '',
    ...boundLines,
    ...explainBlock,
  ].join('\n');
  return { text, markdown, goals };
}
