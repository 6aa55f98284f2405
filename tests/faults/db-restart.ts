/**
 * Fault test (run by `.ci/run` after `npm test`, or `npm run test:faults`): the API as users run it
 * (`server/main.ts`, two workers) on a real PostgreSQL 15, under a steady load of one-query reads
 * and bookings, while PostgreSQL is stopped and started again. It must hold that:
 * - no request goes unanswered and no process exits: during the outage the API answers 503 with
 *   `Retry-After`, in the envelope;
 * - the API answers 2xx again within 5 s of the database's return, without a restart;
 * - every booking it acknowledged (201) is stored exactly once afterwards.
 * Prints the figures; exits 1 when a rule fails, 0 with the reason when PostgreSQL cannot start here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { bookings } from '../../server/db/schema/bookings';
import { freePort, startPostgres, type PostgresServer } from '../server/helpers/postgres';
import { bookingPayload, PIEGA, timesPayload } from '../server/routes/booking-fixtures';

/** Monday 2 March 2026, 10:00 in Rome: the clock the booking fixtures are written for. */
const START = '2026-03-02T09:00:00.000Z';
const DAYS = ['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-09', '2026-03-10'];
const CLIENTS = 8;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Outcome = { at: number; status: number | 'no-answer'; retryAfter: string | null; envelope: boolean };

async function main() {
  let pg: PostgresServer;
  try {
    pg = await startPostgres();
  } catch (error) {
    console.log(`db-restart: saltato, PostgreSQL non parte qui (${(error as Error).message})`);
    return;
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'musa-fault-'));
  const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: pg.url,
      DATA_DIR: dataDir,
      API_WORKERS: '2',
      DB_POOL_SIZE: '5',
      E2E_FRESH_DB: '1',
      E2E_NOW: START,
      RATE_LIMIT_FACTOR: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let apiExited: number | null = null;
  api.on('exit', (code) => (apiExited = code ?? -1));
  let workerRestarts = 0;
  api.stderr.on('data', (chunk: Buffer) => {
    workerRestarts += (chunk.toString().match(/API worker ended/g) ?? []).length;
  });
  api.stdout.resume();
  const base = `http://127.0.0.1:${port}`;

  const failures: string[] = [];
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 120) throw new Error('the API did not start');
      await sleep(500);
    }

    // Free slots to book during the run, one booking each.
    const slots: { startDate: string; startTime: string }[] = [];
    for (const startDate of DAYS) {
      const reply = await fetch(`${base}/bookings/available-times`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(timesPayload({ startDate, services: [PIEGA] })),
      });
      const body = (await reply.json()) as { result: { data: { availableTimes: { startTime: string }[] } } };
      for (const t of body.result.data.availableTimes) slots.push({ startDate, startTime: t.startTime });
    }

    const outcomes: Outcome[] = [];
    const acknowledged: string[] = [];
    let nextSlot = 0;
    let running = true;
    const request = async (kind: 'ping' | 'store', n: number) => {
      const slot = kind === 'store' ? slots[nextSlot++ % slots.length]! : null;
      const init: RequestInit =
        kind === 'ping'
          ? {}
          : {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': `fault-${n}-${crypto.randomUUID()}` },
              body: JSON.stringify(bookingPayload({ services: [PIEGA], email: `fault${n}@example.it`, ...slot })),
            };
      const at = Date.now();
      try {
        const reply = await fetch(`${base}/${kind === 'ping' ? 'ping' : 'bookings/store'}`, {
          ...init,
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await reply.json().catch(() => null)) as {
          result?: { success?: boolean; data?: { booking?: { _id: string } } };
        } | null;
        if (reply.status === 201 && body?.result?.data?.booking) acknowledged.push(body.result.data.booking._id);
        outcomes.push({
          at,
          status: reply.status,
          retryAfter: reply.headers.get('retry-after'),
          envelope: typeof body?.result?.success === 'boolean',
        });
      } catch {
        outcomes.push({ at, status: 'no-answer', retryAfter: null, envelope: false });
      }
    };
    let counter = 0;
    const clients = Array.from({ length: CLIENTS }, async (_, c) => {
      while (running) {
        await request(c === 0 ? 'store' : 'ping', counter++);
        await sleep(20);
      }
    });

    await sleep(3000);
    const haltedAt = Date.now();
    pg.halt();
    console.log('db-restart: PostgreSQL fermato');
    await sleep(4000);
    pg.resume();
    const resumedAt = Date.now();
    console.log('db-restart: PostgreSQL ripartito');
    await sleep(8000);
    running = false;
    await Promise.all(clients);

    const during = outcomes.filter((o) => o.at >= haltedAt + 200 && o.at < resumedAt);
    const after = outcomes.filter((o) => o.at >= resumedAt);
    const firstOk = after.find((o) => typeof o.status === 'number' && o.status < 300);
    const recoveryMs = firstOk ? firstOk.at - resumedAt : Infinity;
    const noAnswer = outcomes.filter((o) => o.status === 'no-answer').length;
    const fiveHundreds = outcomes.filter((o) => o.status === 500).length;
    const unavailable = during.filter((o) => o.status === 503);
    const lastFailure = [...after].reverse().find((o) => o.status !== 200 && o.status !== 201 && o.status !== 409);

    // Every acknowledged booking is there, once.
    const ids = [...new Set(acknowledged)];
    const counted = await pg.handle.db.select({ id: bookings.id, n: count() }).from(bookings).groupBy(bookings.id);
    const stored = new Map(counted.map((r) => [r.id, r.n]));
    const missing = ids.filter((id) => stored.get(id) !== 1);

    console.log(
      `db-restart: ${outcomes.length} richieste, ${during.length} durante il fermo (${unavailable.length} × 503), ` +
        `${noAnswer} senza risposta, ${fiveHundreds} × 500, prima risposta 2xx ${recoveryMs} ms dopo il ritorno, ` +
        `${ids.length} prenotazioni confermate (${missing.length} mancanti o doppie), worker riavviati ${workerRestarts}, ` +
        `ultima risposta non 2xx dopo il ritorno: ${lastFailure ? `${lastFailure.status} a +${lastFailure.at - resumedAt} ms` : 'nessuna'}`,
    );
    if (noAnswer > 0) failures.push(`${noAnswer} requests got no answer`);
    if (fiveHundreds > 0) failures.push(`${fiveHundreds} requests answered 500`);
    if (unavailable.length === 0) failures.push('no 503 during the outage');
    if (unavailable.some((o) => o.retryAfter === null || !o.envelope))
      failures.push('a 503 without Retry-After or envelope');
    if (recoveryMs > 5000) failures.push(`recovery took ${recoveryMs} ms`);
    if (lastFailure && lastFailure.at - resumedAt > 5000)
      failures.push('failures went on more than 5 s after the return');
    if (apiExited !== null) failures.push(`the API exited (${apiExited})`);
    if (workerRestarts > 0) failures.push(`${workerRestarts} worker(s) died`);
    if (missing.length > 0) failures.push(`${missing.length} acknowledged bookings missing or doubled`);
    if (ids.length === 0) failures.push('no booking was acknowledged');
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => {
      if (apiExited !== null) r(null);
      else api.once('exit', r);
    });
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`db-restart: FALLITO\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('db-restart: ok');
}

await main();
