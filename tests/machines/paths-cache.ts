/**
 * The generated paths, kept on disk between the processes of one run (issue 41). Generating them
 * explores the whole model (~2 minutes of CPU on 2 cores), and a CI run needed them in vitest's
 * global setup, in Playwright's main process and in `npm run paths`: the same answer each time.
 *
 * The file's name is a hash of everything the generation reads (machines/, contract/ and xstate's
 * version), so a change to any of them generates anew; an old file is never read. Checks that must
 * see the machines as they are in memory (Stryker's mutants: tests/machines/generated.ts) generate
 * themselves and never come here.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  generatePaths,
  personEvents,
  type Generated,
  type GeneratedPath,
  type PathCoverage,
} from '../../machines/paths';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'musa-paths');

export interface CachedPaths {
  paths: GeneratedPath[];
  coverage: PathCoverage;
  personEvents: Record<string, number>;
}

const sourcesOf = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? sourcesOf(full) : /\.tsx?$/.test(name) ? [full] : [];
    });

/** The hash of what the generation reads. */
export function pathsInputHash(): string {
  const hash = createHash('sha256');
  for (const file of [...sourcesOf(path.join(ROOT, 'machines')), ...sourcesOf(path.join(ROOT, 'contract'))]) {
    hash.update(path.relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  hash.update(readFileSync(path.join(ROOT, 'node_modules', 'xstate', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * `npm test` (scripts/test.mjs) runs explored.test.ts first, beside the type check and the lint,
 * with PATHS_FROM_EXPLORED=1: its generation, from the machines as written, is also the run's paths,
 * kept here (tests/machines/generated.ts) instead of made a second time (~70 s of a core), and
 * vitest's global setup of that run hands none over (tests/machines/provide-paths.ts). Never set
 * under Stryker or the hand-made mutants: a mutant's model would be kept as the paths of the code on
 * disk.
 */
export const PATHS_FROM_EXPLORED = process.env.PATHS_FROM_EXPLORED === '1';

/** The cache's file for the machines, contract and xstate as they are on disk. */
const cacheFile = () => path.join(CACHE_DIR, `paths-${pathsInputHash()}.json`);

/**
 * Keeps what a generation made, for the other processes of the run. `npm test` generates once, in
 * the check of every explored step (tests/machines/generated.ts, PATHS_FROM_EXPLORED), which needs
 * the whole model anyway.
 */
export function keepPaths({ paths, coverage }: Pick<Generated, 'paths' | 'coverage'>): CachedPaths {
  const made: CachedPaths = { paths, coverage, personEvents: personEvents(paths) };
  const file = cacheFile();
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // The newest few are kept (another checkout sharing node_modules may use another version).
    const kept = readdirSync(CACHE_DIR)
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ name, at: statSync(path.join(CACHE_DIR, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const { name } of kept.slice(3)) rmSync(path.join(CACHE_DIR, name), { force: true });
    // Written aside, then renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(made));
    renameSync(partial, file);
  } catch {
    // A read-only checkout: the paths are still right, only not kept.
  }
  return made;
}

/** The paths and their coverage: read from the cache when the inputs are unchanged, else generated and kept. */
export function cachedPaths(): CachedPaths {
  try {
    return JSON.parse(readFileSync(cacheFile(), 'utf8')) as CachedPaths;
  } catch {
    // Not there yet (or half written by a process that died): generate.
  }
  return keepPaths(generatePaths());
}
