/**
 * The statechart's generated flow paths replayed in Chromium against the real app and API
 * (`npm run e2e:paths`, one by name with `-- --grep "<name>"`). See e2e/paths/select.ts for which.
 */
import { test } from './support/clock';
import { replayPath } from './paths/replay';
import { selectPaths } from './paths/select';

const { replayable, left } = selectPaths();

// The others are replayed against the machine alone in vitest (tests/machines); here they are counted.
if (!process.env.TEST_WORKER_INDEX) {
  const leftCount = [...left.values()].reduce((sum, names) => sum + names.length, 0);
  console.log(`e2e:paths: ${replayable.length} paths replayable in the browser, ${leftCount} not:`);
  for (const [reason, names] of left) console.log(`  ${names.length} × ${reason}`);
}

test.describe('generated flow paths', () => {
  for (const path of replayable) {
    test(path.name, async ({ page }, testInfo) => {
      test.setTimeout(30_000 + 4_000 * path.steps.length);
      const runId = `${Date.now()}-${testInfo.testId}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
      await replayPath(page, path, runId);
    });
  }
});
