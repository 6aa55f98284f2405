// `npm run e2e:paths`: replays every generated path of the statechart in Chromium against the real
// app and API (playwright project `paths`), printing the count and the duration. Extra arguments
// go to Playwright. `-- --grep <slug>` with a path's slug (`npm run paths` lists them, e.g.
// `hair-booked`) replays that path alone: a plain slug is matched as the whole test name, not as a
// prefix of longer ones. `-- --seed <n>` replays the random walks of seed n (tests/oracle/walks.test.ts). Workers: E2E_PATHS_WORKERS (default: playwright.config.ts's three for the 2 cores; they share the API
// and the build the config starts once).
import { spawnSync } from 'node:child_process';

const run = (command, args, env = process.env) =>
  spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32', env });

const ensured = run(process.execPath, ['scripts/ensure-chromium.mjs']);
if (ensured.status !== 0) process.exit(ensured.status ?? 1);

const args = process.argv.slice(2);
// `-- --seed <n>`: the random walks of that seed (the shortest failing one when the model finds one).
const seedAt = args.indexOf('--seed');
const seed = seedAt >= 0 ? args.splice(seedAt, 2)[1] : undefined;
const grepAt = args.findIndex((arg) => arg === '--grep' || arg === '-g');
// (A path's title may end with its tags: ` @pro` for the professionals' side.)
if (grepAt >= 0 && /^[a-z0-9-]+$/.test(args[grepAt + 1] ?? ''))
  args[grepAt + 1] = `(^| )${args[grepAt + 1]}( @[a-z-]+)*$`;
// Without E2E_PATHS_WORKERS (or --workers), the config's own count (playwright.config.ts `workers`).
const workers =
  args.some((arg) => arg.startsWith('--workers') || arg === '-j') || !process.env.E2E_PATHS_WORKERS
    ? []
    : [`--workers=${process.env.E2E_PATHS_WORKERS}`];

const started = Date.now();
const env = { ...process.env, E2E_PATHS: process.env.E2E_PATHS ?? 'all', ...(seed ? { E2E_WALK_SEED: seed } : {}) };
// Every path on a phone; the professionals' side's on a desktop too (the `paths-desktop` project).
const result = run(
  'npx',
  ['playwright', 'test', '--project=paths', '--project=paths-desktop', '--no-deps', ...workers, ...args],
  env,
);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `e2e:paths: ${env.E2E_PATHS === 'all' ? 'all generated paths' : 'the quick sample'} replayed in ${Math.floor(seconds / 60)} min ${seconds % 60} s`,
);
process.exit(result.status ?? 1);
