/**
 * What the benches write into docs/performance.md: their block between two markers (replaced on
 * each full run, or appended under `heading` the first time), formatted as `npm run lint` wants it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { ROOT } from './processes';

/** Text formatted by the project's Prettier settings for that file's type. */
export async function formatted(file: string, text: string): Promise<string> {
  return format(text, { ...(await resolveConfig(file)), filepath: file });
}

/** Writes `table` between `<!-- bench:<marker>:start -->` and its end in docs/performance.md. */
export async function writeDocsBlock(marker: string, heading: string, table: string): Promise<void> {
  const file = path.join(ROOT, 'docs', 'performance.md');
  const start = `<!-- bench:${marker}:start -->`;
  const end = `<!-- bench:${marker}:end -->`;
  const current = await readFile(file, 'utf8').catch(() => '');
  const block = `${start}\n${table}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current || '# Performance\n'}\n## ${heading}\n\n${block}\n`;
  await writeFile(file, await formatted(file, next));
}
