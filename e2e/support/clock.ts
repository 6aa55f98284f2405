import { test as base } from '@playwright/test';

/**
 * The instant every browser test starts at: Tuesday 1 December 2026, 09:00 in Rome. Playwright
 * starts the API with `E2E_NOW` set to it (playwright.config.ts), and the `test` below pins each
 * page's clock to it, so the day picker, the free slots and whether a slot is instant or to be
 * confirmed are the same whatever the time of day the suite runs. Time flows from there.
 */
export const E2E_NOW = '2026-12-01T08:00:00.000Z';

/** Playwright's `test` with the page's clock installed at `E2E_NOW` before anything loads. */
export const test = base.extend<{ pinnedClock: null }>({
  pinnedClock: [
    async ({ page }, use) => {
      await page.clock.install({ time: new Date(E2E_NOW) });
      await use(null);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
