import { defineConfig } from 'drizzle-kit';

/** Migrations are generated from every file of server/db/schema/ and run at API start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema',
  out: './server/db/migrations',
});
