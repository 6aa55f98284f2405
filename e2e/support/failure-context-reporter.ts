/**
 * A failing test's page, printed: Playwright writes what the page showed when a test failed (its
 * accessibility snapshot) to test-results/…/error-context.md, which a CI log does not carry. A failure
 * seen once on CI and never again on a laptop leaves only the log; with the page printed beside the
 * error, it names its cause (which dialog was open, which message showed, what the field held).
 */
import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** A busy page's snapshot is long; 300 lines hold a screen with its dialog open. */
const MAX_LINES = 300;

export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context');
    let text: string;
    try {
      text = context?.path ? readFileSync(context.path, 'utf8') : (context?.body?.toString() ?? '');
    } catch {
      return;
    }
    const at = text.indexOf('# Page snapshot');
    if (at < 0) return;
    const lines = text.slice(at).split('\n');
    const shown = lines.slice(0, MAX_LINES).join('\n');
    const more = lines.length > MAX_LINES ? `\n… ${lines.length - MAX_LINES} more lines in ${context?.path}` : '';
    console.log(`\n── the page when "${test.title}" [${test.parent.project()?.name}] failed ──\n${shown}${more}\n`);
  }
}
