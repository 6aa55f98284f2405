// `npm start`: build the web app, then serve it (vite preview on WEB_PORT) beside the API (PORT).
import { spawn, execSync } from 'node:child_process';

const port = process.env.PORT ?? '8787';
const webPort = process.env.WEB_PORT ?? '5173';
const skipBuild = process.env.SKIP_BUILD === '1';

if (!skipBuild) execSync('npx vite build', { stdio: 'inherit' });

const children = [
  spawn('npx', ['tsx', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
  spawn('npx', ['vite', 'preview', '--port', webPort, '--strictPort'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  }),
];

console.log(`\nMusa web app: http://localhost:${webPort}\nMusa API:     http://localhost:${port}\n`);

const stop = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
