// `npm test`: type check, lint, vitest, then Playwright in the system Chromium. Stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Type check', 'npm', ['run', '--silent', 'typecheck']],
  ['Lint', 'npm', ['run', '--silent', 'lint']],
  ['Vitest', 'npx', ['vitest', 'run']],
  ['Playwright', 'npm', ['run', '--silent', 'e2e']],
];

for (const [label, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status !== 0) {
    console.error(`✖ ${label} failed (${seconds}s)`);
    process.exit(status ?? 1);
  }
  console.log(`✔ ${label} (${seconds}s)`);
}
