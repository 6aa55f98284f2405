// `npm start`: build the web app (dist/, with brotli and gzip copies) and compile the API and the web
// server (dist-server/), then run both with plain node: the API on PORT, the web app on WEB_PORT.
// SKIP_BUILD=1 reuses the previous build.
import { spawn, execSync } from 'node:child_process';
import { apiPort as port, runTogether, webPort } from './processes.mjs';
import os from 'node:os';

const skipBuild = process.env.SKIP_BUILD === '1';
// One API process per core on PostgreSQL (the API's supervisor replaces any that dies); PGlite is
// one process's database, so the API itself keeps it at one.
const apiWorkers = process.env.API_WORKERS ?? String(os.availableParallelism());

if (!skipBuild) {
  execSync('npx vite build', { stdio: 'inherit' });
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
}

const children = [
  spawn(process.execPath, ['dist-server/main.js'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_WORKERS: apiWorkers },
  }),
  spawn(process.execPath, ['dist-server/web.js'], { stdio: 'inherit', env: { ...process.env, WEB_PORT: webPort } }),
];

runTogether(children, `\nMusa web app: http://localhost:${webPort}\nMusa API:     http://localhost:${port}\n`);
