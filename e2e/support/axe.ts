import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe on the page once its animations have finished (a dialog fading in reads as low contrast):
 * no serious or critical violation (each listed with its nodes). `include`: only that part of the page.
 */
export async function expectNoSeriousViolations(page: Page, include?: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner or a skeleton's pulse never ends; a cancelled animation rejects.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
