/**
 * npm run paths: lists the flow paths generated from the statechart (machines/paths.ts).
 *   npm run paths                 names, step counts and the coverage summary
 *   npm run paths -- --json       { paths: [{ name, input, steps: [{ state, event }] }], coverage }
 *   npm run paths -- --grep hair  only the paths whose name contains "hair"
 *   npm run paths -- --summary    the coverage summary alone (`npm test` prints it beside the type check,
 *                                 once the check of every explored step has generated and kept the
 *                                 paths: tests/machines/generated.ts)
 */
import { cachedPaths } from '../tests/machines/paths-cache';
import { UNOFFERED_TRANSITIONS } from '../machines/testing/model';

const args = process.argv.slice(2);
const json = args.includes('--json');
const grepAt = args.indexOf('--grep');
const grep = grepAt >= 0 ? (args[grepAt + 1] ?? '') : '';
const summaryOnly = args.includes('--summary');

const started = Date.now();
const { paths, coverage, personEvents } = cachedPaths();
const chosen = grep ? paths.filter((path) => path.name.toLowerCase().includes(grep.toLowerCase())) : paths;
const summary = {
  states: { covered: coverage.states.covered, total: coverage.states.total, missing: coverage.states.missing },
  transitions: {
    covered: coverage.transitions.covered,
    total: coverage.transitions.total,
    missing: coverage.transitions.missing,
  },
  unreachable: coverage.unreachable,
  unoffered: coverage.unoffered,
  // The person's own events among the steps the paths take (issue 25): the browser's, the impatient ones.
  personEvents,
};

if (json) {
  process.stdout.write(`${JSON.stringify({ paths: chosen, coverage: summary }, null, 2)}\n`);
} else {
  if (!summaryOnly) for (const path of chosen) console.log(`${path.name}  [${path.input}, ${path.steps.length} steps]`);
  const percent = (covered: number, total: number) => `${((100 * covered) / Math.max(total, 1)).toFixed(1)}%`;
  console.log('');
  console.log(`${chosen.length} paths (of ${paths.length}) in ${Date.now() - started} ms`);
  console.log(
    `states covered: ${coverage.states.covered}/${coverage.states.total} (${percent(coverage.states.covered, coverage.states.total)})`,
  );
  console.log(
    `transitions covered: ${coverage.transitions.covered}/${coverage.transitions.total} (${percent(coverage.transitions.covered, coverage.transitions.total)})`,
  );
  for (const key of [...coverage.states.missing, ...coverage.transitions.missing]) console.log(`  missing: ${key}`);
  console.log(
    `the person's events in the paths: ${Object.entries(summary.personEvents)
      .map(([type, count]) => `${type} ×${count}`)
      .join(', ')}`,
  );
  console.log(`not counted: ${coverage.unreachable.length} transitions on events no screen sends`);
  console.log(
    `not counted: ${coverage.unoffered.length} transitions in a state where the page does not send their event:`,
  );
  if (!summaryOnly) for (const key of coverage.unoffered) console.log(`  ${key}: ${UNOFFERED_TRANSITIONS[key]}`);
}
if (coverage.states.missing.length > 0 || coverage.transitions.missing.length > 0) process.exitCode = 1;
