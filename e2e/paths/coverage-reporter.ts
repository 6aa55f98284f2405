/**
 * Issue 41: what the browser replay of the generated paths covered, printed at the end of every
 * Playwright run that replays them: the paths that passed (on the phone, and the professionals'
 * side's on a desktop too), the statechart's state nodes and transitions their steps took, and the
 * page rules the replay judged (e2e/paths/states.ts `judge`), beside the model's totals. The states
 * and transitions are the model's own accounting of each path's steps (machines/testing/system.ts),
 * counted only for the paths the browser replayed to the end.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { countedKeys, PATH_INPUTS, type GeneratedPath } from '../../machines/paths';
import { initialSystem, step } from '../../machines/testing/system';
import { cachedPaths } from '../../tests/machines/paths-cache';

/** The name of the attachment in which a replay lists the page rules it judged. */
export const JUDGED_ATTACHMENT = 'judged-rules';

const PATH_PROJECTS = ['paths', 'paths-desktop'];

export default class PathsCoverageReporter implements Reporter {
  private readonly passed = new Map<string, Set<string>>();
  private readonly failed = new Map<string, number>();
  private readonly rules = new Set<string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    if (!PATH_PROJECTS.includes(project)) return;
    if (result.status !== 'passed') {
      this.failed.set(project, (this.failed.get(project) ?? 0) + 1);
      return;
    }
    const names = this.passed.get(project) ?? new Set<string>();
    names.add(test.title);
    this.passed.set(project, names);
    const judged = result.attachments.find((attachment) => attachment.name === JUDGED_ATTACHMENT);
    if (judged?.body) for (const rule of JSON.parse(judged.body.toString()) as string[]) this.rules.add(rule);
  }

  onEnd(_result: FullResult): void {
    if (this.passed.size === 0 && this.failed.size === 0) return;
    const { paths } = cachedPaths();
    const byName = new Map<string, GeneratedPath>(paths.map((path) => [path.name, path]));
    const states = new Set<string>();
    const transitions = new Set<string>();
    const replayed = new Set<string>();
    for (const names of this.passed.values())
      for (const name of names) {
        const path = byName.get(name);
        if (!path || replayed.has(name)) continue;
        replayed.add(name);
        let sys = initialSystem(PATH_INPUTS[path.input]);
        sys.taken.states.forEach((key) => states.add(key));
        for (const { event } of path.steps) {
          sys = step(sys, event);
          sys.taken.states.forEach((key) => states.add(key));
          sys.taken.transitions.forEach((key) => transitions.add(key));
        }
      }
    const counted = countedKeys();
    const statesCovered = counted.states.filter((key) => states.has(key)).length;
    const transitionsCovered = counted.transitions.filter((key) => transitions.has(key)).length;
    const perProject = PATH_PROJECTS.map(
      (project) => `${project}: ${this.passed.get(project)?.size ?? 0} passed, ${this.failed.get(project) ?? 0} failed`,
    ).join('; ');
    console.log(
      [
        `generated paths replayed in Chromium (${perProject}), ${replayed.size} of ${paths.length} paths:`,
        `  states ${statesCovered}/${counted.states.length}, transitions ${transitionsCovered}/${counted.transitions.length} (the statechart's, taken by the paths that passed)`,
        `  page rules judged: ${this.rules.size}`,
      ].join('\n'),
    );
  }
}
