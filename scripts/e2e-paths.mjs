// `npm run e2e:paths`: replays the statechart's generated paths in Chromium against the real app
// and API (playwright project `paths`). Extra arguments go to Playwright. `-- --grep <slug>` with a
// path's slug (`npm run paths` lists them, e.g. `hair-booked`) replays that path alone: a plain slug
// is matched as the whole test name, not as a prefix of longer ones.
import { spawnSync } from 'node:child_process';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });

const ensured = run(process.execPath, ['scripts/ensure-chromium.mjs']);
if (ensured.status !== 0) process.exit(ensured.status ?? 1);

const args = process.argv.slice(2);
const grepAt = args.findIndex((arg) => arg === '--grep' || arg === '-g');
if (grepAt >= 0 && /^[a-z0-9-]+$/.test(args[grepAt + 1] ?? '')) args[grepAt + 1] = `(^| )${args[grepAt + 1]}$`;

const result = run('npx', ['playwright', 'test', '--project=paths', ...args]);
process.exit(result.status ?? 1);
