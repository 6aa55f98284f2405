// `npm run mutation`: Stryker over machines/ (stryker.config.mjs), in parts, then one score.
//
// A whole run is about 3,300 mutants: hours on 2 cores. Run as one Stryker process, nothing is
// kept until the very end. Here each part (a few machine files) is its own Stryker run with its own
// incremental file and report under reports/mutation/parts/<part>/, so an interrupted run keeps
// what it finished, and the next run only tests what changed since (Stryker's incremental mode:
// mutants of changed code, and the survivors of changed tests).
//
//   npm run mutation                      every part, then the score over all of machines/
//   npm run mutation -- --part app-guards one part (see PARTS), then the score so far
//   npm run mutation -- --report          only the score of the parts already run
//   npm run mutation -- --retest-survivors  also test again the survivors of earlier runs (see below)
//   npm run mutation -- --mutate <glob>   one plain Stryker run, for a quick look at a file
// Other arguments (e.g. --force, --concurrency 1) go to Stryker.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const partsDir = join(root, 'reports', 'mutation', 'parts');

/** The parts, each a few files of machines/ (all of them together: stryker.config.mjs's `mutate`), small ones first. */
export const PARTS = {
  'after-booking': [
    'machines/appointment/machine.ts',
    'machines/reschedule/machine.ts',
    'machines/waitlist/machine.ts',
  ],
  booking: [
    'machines/slots/machine.ts',
    'machines/upsell/machine.ts',
    'machines/confirmation/machine.ts',
    'machines/checkout/machine.ts',
    'machines/coupon/machine.ts',
  ],
  dialogs: [
    'machines/address-picker/machine.ts',
    'machines/out-of-zone/machine.ts',
    'machines/profile-dialog/machine.ts',
  ],
  shared: ['machines/shared/*.ts'],
  'app-rest': [
    'machines/app/guards.ts',
    'machines/app/routing.ts',
    'machines/app/selectors.ts',
    'machines/app/context.ts',
    'machines/app/events.ts',
    'machines/app/machine.ts',
    'machines/app/provide.ts',
  ],
  'app-wizard': ['machines/app/wizard.ts'],
  'app-session': ['machines/app/session.ts'],
  'app-setup': ['machines/app/setup.ts'],
};

const args = process.argv.slice(2);
const take = (flag) => {
  const at = args.indexOf(flag);
  if (at === -1) return null;
  const [, value] = args.splice(at, 2);
  return value ?? '';
};

const stryker = (extra, env = {}) =>
  spawnSync('npx', ['stryker', 'run', ...extra], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

if (args.includes('--mutate')) {
  process.exit(stryker(args).status ?? 1);
}

const reportOnly = args.includes('--report');
// Stryker's incremental mode tests a survivor again only when a test that covered it changed; a
// static mutant lists no covering test, so a new test file never reaches it. This forgets the
// survivors of each part's incremental file first, so they are tested against today's tests.
const retestSurvivors = args.includes('--retest-survivors');
if (retestSurvivors) args.splice(args.indexOf('--retest-survivors'), 1);
const only = take('--part');
if (only !== null && !(only in PARTS)) {
  console.error(`No part '${only}'. Parts: ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}

const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const failed = [];
if (!reportOnly) {
  for (const [part, files] of Object.entries(PARTS)) {
    if (only !== null && part !== only) continue;
    console.log(`\n=== mutation: part ${part} (${files.join(', ')}) ===`);
    const incremental = join(partsDir, part, 'stryker-incremental.json');
    if (retestSurvivors && existsSync(incremental)) {
      const previous = JSON.parse(readFileSync(incremental, 'utf8'));
      for (const file of Object.values(previous.files)) {
        file.mutants = file.mutants.filter((m) => !UNDETECTED.has(m.status));
      }
      writeFileSync(incremental, JSON.stringify(previous));
    }
    const started = Date.now();
    const run = stryker(['--mutate', files.join(','), ...args], { MUTATION_PART: part });
    console.log(`=== part ${part}: ${Math.round((Date.now() - started) / 1000)} s, exit ${run.status} ===`);
    // The next parts still run: a part that breaks keeps its previous results, and says so here.
    if (run.status !== 0) failed.push(part);
  }
}

// The score over every part run so far, as Stryker counts it: (killed + timeout) / (killed +
// timeout + survived + no coverage); ignored mutants (equivalent ones marked in the code with the
// reason, `// Stryker disable …`) and errors do not count.
const merged = { files: {} };
const missing = [];
for (const part of Object.keys(PARTS)) {
  const file = join(partsDir, part, 'mutation.json');
  if (!existsSync(file)) {
    missing.push(part);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(merged, { ...report, files: { ...merged.files, ...report.files } });
}
const DETECTED = new Set(['Killed', 'Timeout']);
const count = (mutants) => {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
  const ignored = mutants.filter((m) => m.status === 'Ignored').length;
  return { detected, undetected, ignored, score: (100 * detected) / Math.max(1, detected + undetected) };
};
const rows = Object.entries(merged.files)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([file, { mutants }]) => ({ file, ...count(mutants) }));
const all = count(Object.values(merged.files).flatMap(({ mutants }) => mutants));
console.log('\nMutation score of machines/ (parts in reports/mutation/parts/):');
for (const row of rows) {
  console.log(
    `  ${row.score.toFixed(2).padStart(6)}%  ${row.file}  (${row.detected} killed, ${row.undetected} survived, ${row.ignored} ignored)`,
  );
}
console.log(
  `  ${all.score.toFixed(2).padStart(6)}%  all files  (${all.detected} killed, ${all.undetected} survived, ${all.ignored} ignored)`,
);
if (missing.length > 0) console.log(`  Not run yet: ${missing.join(', ')} (the score above leaves them out)`);
mkdirSync(join(root, 'reports', 'mutation'), { recursive: true });
writeFileSync(join(root, 'reports', 'mutation', 'mutation.json'), JSON.stringify(merged));
console.log('  Every mutant, merged: reports/mutation/mutation.json');
if (failed.length > 0) {
  console.error(`  Stryker failed on: ${failed.join(', ')} (their results above are from an earlier run, if any)`);
  process.exitCode = 1;
}
