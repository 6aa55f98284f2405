import { serve } from '@hono/node-server';
import { createApp } from './app';

const port = Number(process.env.PORT ?? 8787);
const appUrl = process.env.APP_URL ?? 'http://localhost:5173';

const app = createApp({ appUrl });
serve({ fetch: app.fetch, port, hostname: '::' }, (info) => {
  console.log(`API Musa in ascolto su http://localhost:${info.port}`);
});
