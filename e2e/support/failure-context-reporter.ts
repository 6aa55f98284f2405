/**
 * A failing test's page, printed: Playwright writes what the page showed when a test failed (its
 * accessibility snapshot) to test-results/…/error-context.md, which a CI log does not carry. A failure
 * seen once on CI and never again on a laptop leaves only the log; with the page printed beside the
 * error, it names its cause (which dialog was open, which message showed, what the field held).
 *
 * A CI log is read from its end (the last screenful is often all that is kept), and the list
 * reporter prints a failure's page hundreds of lines before it. So each failure is also written,
 * short, to `DIGEST` (its error, its last steps with their durations: where a test that ran out of
 * time spent it, and the page), which scripts/test.mjs prints after everything else when a run fails.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

/** A busy page's snapshot is long; 300 lines hold a screen with its dialog open. */
const MAX_LINES = 300;
/** The digest is read at a log's end: its page is shorter, and so are its error and its steps. */
const DIGEST_PAGE_LINES = 40;
const DIGEST_ERROR_LINES = 8;
const DIGEST_STEPS = 12;
const DIGEST_SLOWEST = 5;

/** Where the digest of a run's failures is written (scripts/test.mjs reads it from there). */
export const DIGEST = path.join('test-results', 'failure-digest.txt');

/** The page snapshot of a failure's error context, or null when Playwright left none. */
function pageSnapshot(result: TestResult): { lines: string[]; file: string | undefined } | null {
  const context = result.attachments.find((attachment) => attachment.name === 'error-context');
  let text: string;
  try {
    text = context?.path ? readFileSync(context.path, 'utf8') : (context?.body?.toString() ?? '');
  } catch {
    return null;
  }
  const at = text.indexOf('# Page snapshot');
  if (at < 0) return null;
  // The test's source follows the page in the file: the log has it already, in the error.
  const end = text.indexOf('# Test source', at);
  return {
    lines: text
      .slice(at, end < 0 ? undefined : end)
      .trimEnd()
      .split('\n'),
    file: context?.path,
  };
}

/** The test's own steps (its calls, expectations and `test.step`s), hooks and fixtures left out, in order. */
function ownSteps(result: TestResult): TestStep[] {
  return result.steps.filter((step) => step.category !== 'hook' && step.category !== 'fixture');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A step as the digest names it: its title and where in the test it is (file:line). */
const named = (step: TestStep) =>
  `${step.title}${step.location ? ` (${path.basename(step.location.file)}:${step.location.line})` : ''}`;

/** A failure in a few lines: title, error, the last steps with their durations, the page. */
export function digestOf(test: TestCase, result: TestResult): string {
  const project = test.parent.project()?.name ?? '';
  const error = (result.error?.message ?? result.error?.value ?? result.status)
    // Playwright colours its call log for a terminal; the digest is read in a log.
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .slice(0, DIGEST_ERROR_LINES)
    .join('\n    ');
  const steps = ownSteps(result);
  const last = steps.slice(-DIGEST_STEPS);
  const stepLines = last.map(
    (step) => `    ${seconds(step.duration).padStart(7)}  ${named(step)}${step.error ? '  ✖' : ''}`,
  );
  const accounted = steps.reduce((sum, step) => sum + step.duration, 0);
  // Where a test that ran out of time spent it: its slowest steps, wherever they were.
  const slowest = [...steps.entries()]
    .sort(([, a], [, b]) => b.duration - a.duration)
    .slice(0, DIGEST_SLOWEST)
    .map(([index, step]) => `    ${seconds(step.duration).padStart(7)}  step ${index + 1}: ${named(step)}`);
  const snapshot = pageSnapshot(result);
  const page = snapshot
    ? snapshot.lines.slice(0, DIGEST_PAGE_LINES).join('\n') +
      (snapshot.lines.length > DIGEST_PAGE_LINES ? `\n… (${snapshot.file ?? 'error-context.md'})` : '')
    : '(no page snapshot)';
  return [
    `✖ ${test.title} [${project}] after ${seconds(result.duration)}`,
    `    ${error}`,
    `  its last ${last.length} of ${steps.length} steps (${seconds(accounted)} in steps, ${seconds(result.duration - accounted)} between them):`,
    ...stepLines,
    `  its slowest ${slowest.length}:`,
    ...slowest,
    page,
  ].join('\n');
}

export default class FailureContextReporter implements Reporter {
  private readonly digests: string[] = [];

  onBegin(): void {
    rmSync(DIGEST, { force: true });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    this.digests.push(digestOf(test, result));
    const snapshot = pageSnapshot(result);
    if (!snapshot) return;
    const shown = snapshot.lines.slice(0, MAX_LINES).join('\n');
    const more =
      snapshot.lines.length > MAX_LINES
        ? `\n… ${snapshot.lines.length - MAX_LINES} more lines in ${snapshot.file}`
        : '';
    console.log(`\n── the page when "${test.title}" [${test.parent.project()?.name}] failed ──\n${shown}${more}\n`);
  }

  onEnd(): void {
    if (this.digests.length === 0) return;
    mkdirSync(path.dirname(DIGEST), { recursive: true });
    writeFileSync(DIGEST, `${this.digests.join('\n\n')}\n`);
  }
}
