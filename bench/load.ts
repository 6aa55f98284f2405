/**
 * The load generator: a process of its own (forked by bench/run.ts), so the figures measure the
 * API and not a load generator sharing its event loop. It runs autocannon for each job it is
 * sent and answers the figures.
 */
import autocannon from 'autocannon';
import { storeBody, type Fixture, type StoreKind } from './payloads';

export interface LoadJob {
  id: number;
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Each request a new checkout on a slot no other request asks. */
  store?: { kind: StoreKind; fixture: Fixture; runId: string };
  connections: number;
  seconds: number;
}

export interface LoadResult {
  id: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  codes: Record<string, number>;
}

/** Slots already asked, per run and kind: the warm-up and the measure never ask one twice. */
const sequences = new Map<string, number>();

async function run(job: LoadJob): Promise<LoadResult> {
  const { store } = job;
  const key = store ? `${store.runId}|${store.kind}` : '';
  const result = await autocannon({
    url: job.url,
    method: job.method,
    connections: job.connections,
    duration: job.seconds,
    headers: { 'content-type': 'application/json', ...job.headers },
    ...(job.body !== undefined ? { body: job.body } : {}),
    ...(store
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const n = sequences.get(key) ?? 0;
                sequences.set(key, n + 1);
                // Each checkout from its own customer's address (the API runs with TRUST_PROXY=1, as
                // behind its proxy): per-address limits are for one client, not for the bench's crowd.
                const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
                return {
                  ...request,
                  headers: { ...request.headers, 'x-forwarded-for': ip },
                  body: storeBody(store.fixture, store.kind, n, store.runId),
                };
              },
            },
          ],
        }
      : {}),
  });
  const codes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) codes[code] = stat.count ?? 0;
  return {
    id: job.id,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    codes,
  };
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ id: job.id, failed: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
