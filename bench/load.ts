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
  /**
   * Each request the next of these (its own path, headers and body), from its own client address;
   * the list is taken once per key (a warm-up and its measure go on where the other stopped).
   */
  sequence?: { key: string; items: SequenceItem[] };
  connections: number;
  seconds: number;
}

export interface SequenceItem {
  path: string;
  headers?: Record<string, string>;
  body?: string;
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
  /** Requests of a sequence sent after its list ran out (each item again from the start). */
  repeated?: number;
}

/** Slots already asked, per run and kind: the warm-up and the measure never ask one twice. */
const sequences = new Map<string, number>();

/** A client address of its own for the n-th request (per-address limits are for one client). */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function run(job: LoadJob): Promise<LoadResult> {
  const { store, sequence } = job;
  const key = store ? `${store.runId}|${store.kind}` : sequence ? `sequence|${sequence.key}` : '';
  let repeated = 0;
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
                return {
                  ...request,
                  headers: { ...request.headers, 'x-forwarded-for': addressOf(n) },
                  body: storeBody(store.fixture, store.kind, n, store.runId),
                };
              },
            },
          ],
        }
      : {}),
    ...(sequence
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const n = sequences.get(key) ?? 0;
                sequences.set(key, n + 1);
                if (n >= sequence.items.length) repeated++;
                const item = sequence.items[n % sequence.items.length]!;
                return {
                  ...request,
                  path: item.path,
                  headers: { ...request.headers, ...item.headers, 'x-forwarded-for': addressOf(n) },
                  ...(item.body !== undefined ? { body: item.body } : {}),
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
    ...(sequence ? { repeated } : {}),
  };
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ id: job.id, failed: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
