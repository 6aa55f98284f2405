import path from 'node:path';
import { createWebServer } from './server.js';

/**
 * `node dist-server/web.js` (compiled by `scripts/build-server.mjs`, run by `npm start`): serves the
 * built app in `DIST_DIR` (default `dist/`) on `WEB_PORT` (default 5173), on every interface.
 */
const port = Number(process.env.WEB_PORT ?? 5173);
const root = path.resolve(process.env.DIST_DIR ?? 'dist');

const server = await createWebServer({ root });
server.on('error', (error) => {
  console.error(`Web server: ${error.message}`);
  process.exit(1);
});
server.listen(port, () => {
  console.log(`Web app Musa servita da ${path.relative(process.cwd(), root) || '.'} su http://localhost:${port}`);
});

const shutdown = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
