// `npm run dev`: the API (restarted on change by tsx watch) and the Vite dev server with hot reload.
import { spawn } from 'node:child_process';
import { apiPort as port, runTogether, webPort } from './processes.mjs';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], { stdio: 'inherit', env: process.env }),
];
runTogether(
  children,
  `\nMusa web app (dev): http://localhost:${webPort}  ·  ?inspect attaches the Stately inspector\nMusa API:           http://localhost:${port}\n`,
);
