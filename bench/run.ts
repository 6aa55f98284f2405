/**
 * `npm run bench`: the API in this process on a free loopback port, over a fresh seeded PGlite in
 * a temp DATA_DIR, measured with autocannon for a few seconds per route. Prints figures; never
 * passes or fails on time. Loopback only; the temp directory is removed at the end.
 *
 *   BENCH_SECONDS (default 5)   BENCH_CONNECTIONS (default 20)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { createApp } from '../server/app';
import { appConfigFromEnv } from '../server/config';
import { migrateAndSeedIfEmpty } from '../server/db/bootstrap';
import { openDatabase } from '../server/db/client';
import type { Logger } from '../server/logger';
import type { Mailer } from '../server/mail/mailer';
import { SEED_LOCATIONS } from '../server/db/seed/locations';
import { addDays, localToday } from '../server/services/time';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const quietLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
let mailsSent = 0;
/** Counts confirmations instead of writing thousands of .eml files. */
const countingMailer: Mailer = {
  send: async () => {
    mailsSent++;
  },
};

const root = await mkdtemp(path.join(os.tmpdir(), 'musa-bench-'));
const handle = await openDatabase({ dataDir: path.join(root, 'data') });
await migrateAndSeedIfEmpty(handle);
const app = createApp({
  db: handle.db,
  mailer: countingMailer,
  now: () => new Date(),
  config: { ...appConfigFromEnv(), appUrl: 'http://localhost:5173' },
  logger: quietLogger,
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const torino = SEED_LOCATIONS.torinoViaRoma;
const today = localToday(new Date());
const json = { 'content-type': 'application/json' };

/** Distinct (day, time) pairs over the next months, so most bookings find a free slot. */
const TIMES = Array.from({ length: 17 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
let bookingSeq = 0;
function nextBooking(): string {
  const n = bookingSeq++;
  const day = addDays(today, 2 + (Math.floor(n / TIMES.length) % 300));
  return JSON.stringify({
    firstName: 'Bench',
    lastName: 'Cliente',
    email: `bench-${n}@example.it`,
    phoneNumber: '+39 333 000 0000',
    location: torino,
    services: ['capelli-piega-liscia'],
    startDate: day,
    startTime: TIMES[n % TIMES.length],
    doorbellName: 'Bench',
    fitToPlead: true,
    idempotencyKey: `bench-${process.pid}-${n}`,
  });
}

type Row = {
  route: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  codes: string;
};

async function measure(route: string, options: Partial<autocannon.Options> & { path: string }): Promise<Row> {
  const result = await autocannon({
    url: `${base}${options.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...options,
  });
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${stat.count ?? 0}`)
    .join(' ');
  return {
    route,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    codes: result.errors > 0 ? `${codes} errors×${result.errors}` : codes,
  };
}

const rows: Row[] = [];
try {
  rows.push(await measure('GET /ping (1 query)', { path: '/ping' }));
  rows.push(
    await measure('POST /bookings/available-times', {
      path: '/bookings/available-times',
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        bookingLocation: torino,
        services: ['capelli-piega-liscia', 'capelli-maschera-idratante'],
        startDate: addDays(today, 3),
      }),
    }),
  );
  rows.push(
    await measure('POST /bookings/store', {
      path: '/bookings/store',
      method: 'POST',
      headers: json,
      requests: [{ setupRequest: (request) => ({ ...request, body: nextBooking() }) }],
    }),
  );
} finally {
  server.close();
  await handle.close();
  await rm(root, { recursive: true, force: true });
}

const header = ['route', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'status codes'];
const table = rows.map((r) => [
  r.route,
  String(r.requests),
  String(r.rps),
  String(r.p50),
  String(r.p99),
  String(r.non2xx),
  r.codes,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(
  `\nMusa API bench — PGlite (embedded), ${CONNECTIONS} connections, ${SECONDS} s per route, Node ${process.version}, ${os.cpus().length} cores`,
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(row));
console.log(
  `\nstore: 201 = booked, 409 = slot already taken (sequential day/time pairs; the constraint refuses overlaps). Confirmation e-mails composed: ${mailsSent}.`,
);
