// `npm run e2e:paths`: replays the statechart's generated paths in Chromium against the real app
// and API (playwright project `paths`). Extra arguments go to Playwright: `-- --grep "hair: booked"`.
import { spawnSync } from 'node:child_process';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });

const ensured = run(process.execPath, ['scripts/ensure-chromium.mjs']);
if (ensured.status !== 0) process.exit(ensured.status ?? 1);

const result = run('npx', ['playwright', 'test', '--project=paths', ...process.argv.slice(2)]);
process.exit(result.status ?? 1);
