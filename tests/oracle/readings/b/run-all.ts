/**
 * Runs every probe of reader B (probes/NN-*.ts), each in its own process, and prints a summary
 * table: the probe, its verdict (the last `DIVERGES:` line), and how long it took.
 *
 *   npx tsx tests/oracle/readings/b/run-all.ts
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const probesDir = join(here, 'probes');
const probes = readdirSync(probesDir)
  .filter((name) => /^\d\d-.*\.ts$/.test(name))
  .sort();

interface Row {
  probe: string;
  verdict: string;
  ms: number;
}

const rows: Row[] = [];
for (const probe of probes) {
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(probesDir, probe)], {
    cwd: join(here, '..', '..', '..', '..'),
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = (run.stdout ?? '').trim().split('\n');
  const last = lines[lines.length - 1] ?? '';
  const match = /^DIVERGES: (yes|no)$/.exec(last);
  const verdict = run.status !== 0 ? `ERROR (exit ${run.status ?? 'signal'})` : (match?.[1] ?? 'no verdict');
  if (process.argv.includes('--verbose') || !match || run.status !== 0) {
    console.log(run.stdout);
    if (run.stderr) console.error(run.stderr);
  }
  rows.push({ probe, verdict, ms: Date.now() - started });
}

const width = Math.max(...rows.map((row) => row.probe.length), 'probe'.length);
console.log(`${'probe'.padEnd(width)}  diverges  time`);
console.log(`${'-'.repeat(width)}  --------  ------`);
for (const row of rows) console.log(`${row.probe.padEnd(width)}  ${row.verdict.padEnd(8)}  ${row.ms} ms`);
const yes = rows.filter((row) => row.verdict === 'yes').length;
const bad = rows.filter((row) => row.verdict !== 'yes' && row.verdict !== 'no').length;
console.log(
  `\n${rows.length} probes: ${yes} diverge, ${rows.length - yes - bad} hold${bad ? `, ${bad} failed to run` : ''}`,
);
process.exitCode = bad > 0 ? 1 : 0;
