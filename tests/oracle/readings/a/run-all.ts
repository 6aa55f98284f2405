/**
 * Runs every probe of reader A (probes/NN-*.ts) in turn, each in its own Node process with tsx, prints
 * its output, then a summary table. Run from /work/main: `npx tsx tests/oracle/readings/a/run-all.ts`.
 * Pass a number or a name fragment to run only the probes that match (`... run-all.ts 02`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const probesDir = join(here, 'probes');
const filter = process.argv[2];
const probes = readdirSync(probesDir)
  .filter((name) => /^\d+-.*\.ts$/.test(name))
  .filter((name) => filter === undefined || name.includes(filter))
  .sort();

const rows: { probe: string; diverges: string; seconds: string }[] = [];
for (const probe of probes) {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(probesDir, probe)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const output = `${result.stdout}${result.stderr}`;
  process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  const match = /^DIVERGES: (yes|no)$/m.exec(result.stdout);
  const diverges = match?.[1] ?? `error (exit ${result.status ?? result.signal ?? '?'})`;
  rows.push({ probe, diverges, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  console.log('');
}

const width = Math.max(5, ...rows.map((row) => row.probe.length));
console.log(`${'probe'.padEnd(width)}  diverges  s`);
console.log(`${'-'.repeat(width)}  --------  ----`);
for (const row of rows) console.log(`${row.probe.padEnd(width)}  ${row.diverges.padEnd(8)}  ${row.seconds}`);
const count = rows.filter((row) => row.diverges === 'yes').length;
console.log(`\n${count} of ${rows.length} probes show a divergence.`);
if (rows.some((row) => row.diverges !== 'yes' && row.diverges !== 'no')) process.exitCode = 1;
