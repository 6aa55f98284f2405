/**
 * Which generated paths the browser replays. Against the real server only paths whose effects all
 * succeed can run (a failure cannot be asked for), from the visitor's start; of those, the named
 * flow scenarios (machines/testing/scenarios.ts) — the shortest paths generated for coverage add
 * ~100 more and stay with the machine-only replay in vitest.
 */
import { generatePaths, slugOf, type GeneratedPath } from '../../machines/paths';
import { SCENARIOS } from '../../machines/testing/scenarios';
import { unreplayable } from './replay';

export interface Selection {
  replayable: GeneratedPath[];
  /** Paths left out, grouped by the reason. */
  left: Map<string, string[]>;
}

const NAMED = new Set(SCENARIOS.map((scenario) => slugOf(scenario.name)));
export const NOT_NAMED = 'a generated shortest path (replayed against the machine only, in vitest)';

/**
 * A salotto asking hair and estetica needs one professional who does both (server/services/
 * availability.ts), and the seeded team in Torino has none: such paths find no slot to pick.
 */
export const NO_SALOTTO_TEAM =
  'reaches the salotto date step: no seeded professional in Torino does every category asked';
const reachesSalottoData = (path: GeneratedPath) =>
  path.steps.some(({ state }) => String(state).includes('salotto-flow.data'));

export function selectPaths(): Selection {
  const replayable: GeneratedPath[] = [];
  const left = new Map<string, string[]>();
  for (const path of generatePaths().paths) {
    const reason =
      unreplayable(path) ?? (NAMED.has(path.name) ? (reachesSalottoData(path) ? NO_SALOTTO_TEAM : null) : NOT_NAMED);
    if (reason === null) replayable.push(path);
    else left.set(reason, [...(left.get(reason) ?? []), path.name]);
  }
  return { replayable, left };
}
