import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/accounts';
import { openIdleConnection } from './helpers/idle-connection';
import { freePort } from './helpers/postgres';

async function waitForHealth(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}): ${output()}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the API did not answer /health: ${output()}`);
}

/** `npm run start:api` (tsx server/main.ts) on a fresh DATA_DIR, as a user would run it. */
describe('start:api on an empty DATA_DIR', () => {
  let child: ChildProcess | undefined;
  let root: string | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('creates the directory, migrates, seeds, serves, and writes reset e-mails to the outbox', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'musa-start-'));
    const dataDir = path.join(root, 'not', 'yet', 'there');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let output = '';
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:5999',
      E2E_FRESH_DB: '1',
    };
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await waitForHealth(base, child, () => output);
    // A connection left idle while the rest is checked (see the last check).
    const idle = await openIdleConnection(`${base}/health`);

    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);

    const reset = await fetch(`${base}/ask-reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5999' },
      body: JSON.stringify({ email: DEMO_EMAIL }),
    });
    expect(reset.status).toBe(200);
    expect(reset.headers.get('access-control-allow-origin')).toBe('http://localhost:5999');
    // The e-mail is written just after the reply (the reply must not tell who has an account).
    const outbox = path.join(dataDir, 'outbox');
    await expect
      .poll(async () => (existsSync(outbox) ? (await readdir(outbox)).length : 0), { timeout: 10_000 })
      .toBe(1);
    const files = await readdir(outbox);
    expect(files[0]).toMatch(/-demo@musa\.example\.eml$/);
    await expect.poll(() => output, { timeout: 5000 }).toContain('http://localhost:5999/reset-password?token=');

    // A client that comes back after 7 s finds its connection still open (Node's default closes
    // it after 5 s, and a call sent as it closes is lost with ECONNRESET: contract/connections.ts).
    expect(idle.first.status).toBe(200);
    expect(await idle.askAgainAfter(7000)).toEqual({ status: 200, reused: true });
  }, 60_000);
});
