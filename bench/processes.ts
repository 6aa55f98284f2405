/**
 * The processes a bench starts: the API as production runs it (`npm start`: the API compiled by
 * scripts/build-server.mjs and run with plain node, `dist-server/main.js`, its own process group;
 * compiled once per bench run, from the working tree) and the load generator (bench/load.ts,
 * forked). Shared by `npm run bench` and its `--scale` mode (bench/scale/run-scale.ts).
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tests/server/helpers/postgres';
import type { LoadJob, LoadResult } from './load';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Api {
  base: string;
  /** The API's supervisor (its workers are its children). */
  pid: number;
  stop(): Promise<void>;
}

let compiled = false;

/** `port`: a fixed one (the default is a free one). */
export async function startApi(env: Record<string, string>, fixedPort?: number): Promise<Api> {
  if (!compiled) {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'ignore' });
    compiled = true;
  }
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, ['dist-server/main.js'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited: ${output.trim().split('\n').slice(-5).join(' | ')}`);
    if (Date.now() > deadline) {
      stopGroup(child);
      throw new Error('the API did not answer /health within 120 s');
    }
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  // The other workers come up beside the first one.
  if (Number(env.API_WORKERS ?? 1) > 1) await sleep(2000);
  return {
    base,
    pid: child.pid ?? 0,
    stop: async () => {
      stopGroup(child, 'SIGTERM');
      const killer = setTimeout(() => stopGroup(child, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Signals the API and the processes it started (its own process group), nothing else. */
export function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export interface Loader {
  load(job: Omit<LoadJob, 'id'>): Promise<LoadResult>;
  close(): void;
}

/** Forks the load generator; each job is answered with its figures. */
export function startLoader(): Loader {
  const loader = fork(path.join(ROOT, 'bench', 'load.ts'), [], { execArgv: ['--import', 'tsx'], cwd: ROOT });
  let jobs = 0;
  return {
    load: (job) => {
      const id = ++jobs;
      return new Promise((resolve, reject) => {
        const onMessage = (message: LoadResult | { id: number; failed: string }) => {
          if (message.id !== id) return;
          loader.off('message', onMessage);
          if ('failed' in message) reject(new Error(message.failed));
          else resolve(message);
        };
        loader.on('message', onMessage);
        loader.send({ ...job, id });
      });
    },
    close: () => loader.disconnect(),
  };
}
