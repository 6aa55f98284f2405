// `npm test`: type check, lint and the paths' generation (side by side), vitest, then Playwright in
// the system Chromium. Stops at the first failure, and prints each step's time at the end.
// With E2E_PATHS=all (CI) Playwright runs the journeys on a phone and a desktop and replays every
// generated path after them; otherwise the journeys on a phone and a quick sample of the paths.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';

/** Where Playwright's failures are written short (e2e/support/failure-context-reporter.ts DIGEST). */
const FAILURE_DIGEST = 'test-results/failure-digest.txt';
const runStarted = Date.now();

/**
 * A failed run's Playwright failures, short, printed last: a CI log is read from its end, and the
 * list reporter printed them (and each failure's page) far above.
 */
const printFailureDigest = () => {
  try {
    if (statSync(FAILURE_DIGEST).mtimeMs < runStarted) return;
    console.log(`\nPlaywright's failures, short (${FAILURE_DIGEST}):\n${readFileSync(FAILURE_DIGEST, 'utf8')}`);
  } catch {
    // No digest: Playwright did not run, or nothing of it failed.
  }
};

const run = (cmd, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
  });

/** Runs the commands one after the other, up to the first that fails: its status, else 0. */
const runInTurn = async (commands) => {
  for (const [cmd, args, env] of commands) {
    const status = await run(cmd, args, env);
    if (status !== 0) return status;
  }
  return 0;
};

/**
 * The check of every step the model explored (tests/oracle/explored.test.ts) generates the whole
 * model; with PATHS_FROM_EXPLORED=1 that generation is also the run's paths, kept on disk for
 * vitest's other files and Playwright (tests/machines/generated.ts), where `npm run paths` made them
 * a second time before (~70 s of a core). It runs beside the type check and the lint, and vitest's
 * run after it leaves it out.
 */
const EXPLORED_TEST = 'tests/oracle/explored.test.ts';

const allPaths = process.env.E2E_PATHS === 'all';
/**
 * The projects of the quick run (their dependencies, the suites that move the API's clock, come
 * along), without the journeys tagged @ci (issue 40's sick day: it runs alone, with a core idle).
 */
const QUICK_PROJECTS = ['--project=mobile', '--project=paths', '--grep-invert=@ci'];
const steps = [
  [
    ['Type check', [['npm', ['run', '--silent', 'typecheck']]]],
    ['Lint', [['npm', ['run', '--silent', 'lint']]]],
    // The statechart's paths, generated once and cached (tests/machines/paths-cache.ts) beside the two
    // above, by the check of every explored step, for vitest and Playwright: on a fresh clone vitest's
    // setup would otherwise make them on one core while the other waits (~2 min). Then their coverage.
    [
      'Explored model and its paths',
      [
        ['npx', ['vitest', 'run', EXPLORED_TEST], { PATHS_FROM_EXPLORED: '1' }],
        ['npm', ['run', '--silent', 'paths', '--', '--summary']],
      ],
    ],
  ],
  [['Vitest', [['npx', ['vitest', 'run', '--exclude', EXPLORED_TEST]]]]],
  // One Playwright run on three workers: the suites that move the API's clock first, alone, then the
  // journeys, then the paths (every one with E2E_PATHS=all) as the workers come free
  // (playwright.config.ts): one build and one API, and no core idle while the journeys' last suite ends.
  // Issue 41: `npm test` on a laptop stays under 12 minutes: the journeys on the phone (every customer
  // flow's size, SPEC: mobile first) and the sample of paths. CI's run (E2E_PATHS=all) adds the
  // journeys on a desktop and every path on both.
  [
    allPaths
      ? ['Playwright: journeys and every generated path', [['npm', ['run', '--silent', 'e2e']]]]
      : [
          'Playwright: journeys on a phone, sample of paths',
          [['npm', ['run', '--silent', 'e2e', '--', ...QUICK_PROJECTS]]],
        ],
  ],
];

const times = [];
const summary = () => {
  console.log('\nnpm test:');
  for (const [label, seconds, ok] of times)
    console.log(
      `  ${label.padEnd(34)} ${String(Math.floor(seconds / 60)).padStart(3)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s  ${ok ? 'ok' : 'FAILED'}`,
    );
};

for (const group of steps) {
  const results = await Promise.all(
    group.map(async ([label, commands]) => {
      const started = Date.now();
      console.log(`\n▶ ${label}`);
      const status = await runInTurn(commands);
      const seconds = (Date.now() - started) / 1000;
      times.push([label, seconds, status === 0]);
      console.log(`${status === 0 ? '✔' : '✖'} ${label} (${seconds.toFixed(1)}s)`);
      return status;
    }),
  );
  const failed = results.find((status) => status !== 0);
  if (failed !== undefined) {
    printFailureDigest();
    summary();
    process.exit(failed);
  }
}
summary();
