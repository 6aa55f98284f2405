// `npm run db:reset` (drop, migrate, seed) and `npm run db:seed` (migrate, seed) on the database
// in use: DATABASE_URL when set, else the embedded PGlite in DATA_DIR.
import { runtimeFromEnv } from '../config/config';
import { dropEverything, openDatabase } from './client';
import { seed } from './seed/index';

const command = process.argv[2];
if (command !== 'reset' && command !== 'seed') {
  console.error('Uso: tsx server/db/cli.ts reset|seed');
  process.exit(2);
}

const runtime = runtimeFromEnv();
const handle = await openDatabase({ databaseUrl: runtime.databaseUrl, dataDir: runtime.dataDir });
try {
  if (command === 'reset') await dropEverything(handle.db);
  await handle.migrate();
  await seed(handle.db);
  console.log(
    `Database ${command === 'reset' ? 'azzerato e ' : ''}popolato (${handle.kind === 'pglite' ? runtime.dataDir : 'DATABASE_URL'}).`,
  );
} finally {
  await handle.close();
}
