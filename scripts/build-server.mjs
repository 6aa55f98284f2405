// `npm run build:server`: compiles the API (server/main.ts) and the web server (web-server/main.ts)
// to plain JavaScript in dist-server/, so `npm start` runs them with `node` (no transpiler at run time).
// Packages stay in node_modules (PGlite finds its wasm and data files there); the Drizzle migrations
// are copied beside the bundle, where server/db/client.ts looks for them (`<dir of the module>/migrations`).
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const outdir = 'dist-server';

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'server/main.ts', web: 'web-server/main.ts' },
  outdir,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('server/db/migrations', `${outdir}/migrations`, { recursive: true });
console.log(`API and web server compiled to ${outdir}/ (main.js, web.js)`);
