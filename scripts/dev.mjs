// `npm run dev`: the API (restarted on change by tsx watch) and the Vite dev server with hot reload.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8787';
const webPort = process.env.WEB_PORT ?? '5173';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], { stdio: 'inherit', env: process.env }),
];
console.log(
  `\nMusa web app (dev): http://localhost:${webPort}  ·  ?inspect attaches the Stately inspector\nMusa API:           http://localhost:${port}\n`,
);

const stop = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
