/**
 * Issue 42: server/ in rooms by business component, one way down, no circles. The import graphs
 * of server/, e2e/ and web-server/ are read from the TypeScript sources (every `import … from`,
 * `export … from`, side-effect import and `import()` of a relative path, resolved to its file), and
 *
 * - no file of server/ or e2e/ reaches itself again through its imports (the circle is printed);
 * - every file of server/ is in a room of server/rooms.json, and a room imports only rooms of the
 *   layers under its own (the table ESLint's no-restricted-imports reads too: eslint.config.js);
 * - server/seed-data/ is read only by the seed, server/ never imports src/ or machines/, and
 *   web-server/ never imports scripts/.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Room {
  /** A folder of server/, or one file at its root (server/app.ts). */
  path: string;
  owns: string;
  /** The only folders that may import this room (server/seed-data/: the seed). */
  onlyFrom?: string[];
}
interface RoomTable {
  layers: string[][];
  rooms: Record<string, Room>;
}

const TABLE = JSON.parse(readFileSync(path.join(ROOT, 'server/rooms.json'), 'utf8')) as RoomTable;

const SOURCE = /\.(?:ts|tsx|mts|mjs|js)$/;

/** The source files under `dir`, repo-relative with '/' (migrations are SQL and are skipped). */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts') && statSync(path.join(ROOT, file)).isFile());
}

const IMPORT =
  /\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** What a relative specifier of `from` names: a file of the repository, or null (a package, or nothing). */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mts`,
    base.replace(/\.js$/, '.ts'),
    `${base}/index.ts`,
  ];
  return (
    candidates.find((file) => {
      try {
        return statSync(path.join(ROOT, file)).isFile();
      } catch {
        return false;
      }
    }) ?? null
  );
}

/** Each file's imports, resolved: the files of the repository it names (in these folders or not). */
function importGraph(dirs: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolve(file, match[1] ?? match[2] ?? match[3] ?? '');
      if (target) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The circles of the graph, one printed per strongly connected group of files (Tarjan), e.g.
 * 'a.ts → b.ts → a.ts'. Only edges between files of the graph count.
 */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const next = (file: string) => (graph.get(file) ?? []).filter((target) => graph.has(target));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const target of next(file)) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || next(file).includes(file)) groups.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);

  // One circle through each group: the shortest way back to its first file (breadth first).
  return groups.map((group) => {
    const members = new Set(group);
    const start = group[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      for (const target of next(queue[i]!).filter((t) => members.has(t))) {
        if (target === start) {
          const way = [start];
          for (let at: string | undefined = queue[i]; at !== undefined && at !== start; at = cameFrom.get(at))
            way.unshift(at);
          way.unshift(start);
          return `${way.join(' → ')}${group.length > way.length - 1 ? ` (a group of ${group.length} files)` : ''}`;
        }
        if (!cameFrom.has(target) && target !== start) {
          cameFrom.set(target, queue[i]!);
          queue.push(target);
        }
      }
    }
    return group.join(' → ');
  });
}

/** The room of a file of server/, or null. */
function roomOf(file: string): string | null {
  for (const [name, room] of Object.entries(TABLE.rooms))
    if (file === room.path || file.startsWith(`${room.path}/`)) return name;
  return null;
}

const LAYER = new Map(TABLE.layers.flatMap((layer, i) => layer.map((name) => [name, i] as const)));

describe('no circles between files', () => {
  it('of server/', () => {
    expect(circles(importGraph(['server'])), 'files of server/ importing each other in a circle').toEqual([]);
  });

  it('of e2e/', () => {
    expect(circles(importGraph(['e2e'])), 'files of e2e/ importing each other in a circle').toEqual([]);
  });

  it('finds a circle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(circles(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  });
});

describe('the rooms of server/ (server/rooms.json, docs/architecture.md)', () => {
  const graph = importGraph(['server']);

  it('are each in one layer, and each room of the layers is described', () => {
    const inLayers = TABLE.layers.flat();
    expect(new Set(inLayers).size, 'a room in two layers').toBe(inLayers.length);
    expect([...inLayers].sort()).toEqual(Object.keys(TABLE.rooms).sort());
  });

  it('hold every file and folder of server/', () => {
    expect([...graph.keys()].filter((file) => roomOf(file) === null)).toEqual([]);
    const entries = readdirSync(path.join(ROOT, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || SOURCE.test(entry.name))
      .map((entry) => `server/${entry.name}`);
    expect(entries.filter((entry) => roomOf(entry) === null)).toEqual([]);
    for (const room of Object.values(TABLE.rooms)) expect(statSync(path.join(ROOT, room.path))).toBeTruthy();
  });

  it('import only rooms of the layers under their own', () => {
    const against: string[] = [];
    for (const [file, targets] of graph) {
      const from = roomOf(file)!;
      for (const target of targets) {
        const to = roomOf(target);
        if (to === null || to === from) continue;
        if (LAYER.get(to)! <= LAYER.get(from)!)
          against.push(
            `${file} (${from}, layer ${LAYER.get(from)! + 1}) imports ${target} (${to}, layer ${LAYER.get(to)! + 1})`,
          );
      }
    }
    expect(against, 'imports against the drawn direction').toEqual([]);
  });

  it('seed data is read only by the seed; server/ never imports src/ or machines/', () => {
    const refused: string[] = [];
    for (const [file, targets] of graph)
      for (const target of targets) {
        const room = roomOf(target);
        const only = room ? TABLE.rooms[room]!.onlyFrom : undefined;
        if (only && roomOf(file) !== room && !only.some((dir) => file.startsWith(`${dir}/`)))
          refused.push(`${file} imports ${target} (only ${only.join(', ')} may)`);
        if (/^(?:src|machines)\//.test(target)) refused.push(`${file} imports ${target}`);
      }
    expect(refused).toEqual([]);
  });

  it('are drawn in docs/architecture.md, one line each', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const at = doc.indexOf('## Server rooms');
    expect(at, 'docs/architecture.md has a "Server rooms" section').toBeGreaterThanOrEqual(0);
    const section = doc.slice(at);
    const missing = Object.entries(TABLE.rooms)
      .filter(([, room]) => !section.includes(`\`${room.path.replace(/^server\//, '')}`))
      .map(([name]) => name);
    expect(missing, 'rooms the docs do not name').toEqual([]);
  });
});

describe('web-server/', () => {
  it('imports nothing of scripts/', () => {
    const fromScripts = [...importGraph(['web-server'])].flatMap(([file, targets]) =>
      targets.filter((target) => target.startsWith('scripts/')).map((target) => `${file} imports ${target}`),
    );
    expect(fromScripts).toEqual([]);
  });
});
