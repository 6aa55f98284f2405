/**
 * Issue 28 in Chromium, against the real API: the time she picked is hers while she fills the
 * checkout. Two browsers (two customers, each her own tab session and holder key):
 *  - the second no longer sees the time the first picked; the first goes back (her time still shown
 *    chosen, 'tenuto per te'), picks another: the second sees the first time again and not the new
 *    one; the first books hers;
 *  - with the first one's clock moved past the hold on checkout, she is told, sees the day's times
 *    again with her booking kept, and the time is free for the second.
 * Each test uses a day of its own, in the suite's own weeks (e2e/support/clock.ts): no other suite,
 * nor the other project's run, meets them there.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, pinClock, test } from './support/clock';
import { mainButton } from './support/app';
import { confirmSlot, fillCheckoutAndSend, toHairData } from './support/booking';

const COUNTDOWN = /^Ti teniamo questo orario ancora per \d+:\d{2}$/;
const EXPIRED = 'Il tempo per confermare questo orario è scaduto: sceglilo di nuovo.';

/** The day picker's n-th free day (0: today). */
const day = (page: Page, index: number) =>
  page.getByRole('group', { name: 'Scegli il giorno' }).getByRole('button', { disabled: false }).nth(index);
const slots = (page: Page) => page.getByRole('group', { name: 'Orari disponibili' });
/** A time's button, by its start (the label may add a supplement or 'tenuto per te'). */
const slot = (page: Page, time: string) => slots(page).getByRole('button', { name: new RegExp(`^${time}`) });

/** The times the day shows, as they read. */
async function timesShown(page: Page): Promise<string[]> {
  await expect(slots(page).getByRole('button').first()).toBeVisible({ timeout: 10_000 });
  return (await slots(page).getByRole('button').locator('span:first-child').allTextContents()).map((t) => t.trim());
}

/** Shows a day's times anew (another day, then that one), as a person looking again would. */
async function lookAgain(page: Page, index: number): Promise<string[]> {
  await day(page, index + 1).click();
  await day(page, index).click();
  await expect(page.getByText('Caricamento orari disponibili')).toHaveCount(0, { timeout: 10_000 });
  return timesShown(page);
}

/** Picks a time and waits until the API holds it for her. */
async function pickAndHold(page: Page, time: string) {
  const held = page.waitForResponse(
    (response) => response.url().endsWith('/bookings/holds') && response.request().method() === 'POST',
  );
  await slot(page, time).click();
  expect((await held).status()).toBe(201);
  await expect(slot(page, time)).toHaveAttribute('aria-pressed', 'true');
}

/** A second customer in a browser of her own, on the same day's times. */
async function secondCustomer(browser: Browser, project: string, dayIndex: number) {
  const { viewport, hasTouch, baseURL } = test.info().project.use;
  const context: BrowserContext = await browser.newContext({
    viewport,
    hasTouch,
    baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
  const page = await context.newPage();
  await pinClock(page);
  await toHairData(page);
  await day(page, dayIndex).click();
  return { context, page, project };
}

/** Each test's day: the day picker's 7th and 9th free days from the suite's start. */
const DAY_OF = { two: 6, lapse: 8 } as const;

test('two browsers: a time picked is hers alone; picking another gives it back; she books hers', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  const dayIndex = DAY_OF.two;

  await toHairData(page);
  await day(page, dayIndex).click();
  // The day's first time: one professional's (the early one), so holding it takes it from everyone.
  const [first] = await timesShown(page);
  if (!first) throw new Error('the day needs a free time');
  await pickAndHold(page, first);

  // The second customer does not see it.
  const other = await secondCustomer(browser, project, dayIndex);
  const seen = await timesShown(other.page);
  expect(seen).not.toContain(first);
  // The day's last time (the late professional's), far from the first.
  const second = seen.at(-1)!;

  // The first goes on to checkout: it says how long the time is hers.
  await confirmSlot(page, /\/booking\/hair\/checkout$/);
  await expect(page.getByRole('timer')).toHaveText(COUNTDOWN);
  // Back: her time still shown chosen, marked hers (not gone, as in Cal.com #10973).
  await mainButton(page, 'INDIETRO').click();
  await expect(page).toHaveURL(/\/booking\/hair\/data$/);
  await expect(slot(page, first)).toHaveAttribute('aria-pressed', 'true');
  await expect(slot(page, first)).toContainText('tenuto per te');

  // She picks another: the first time is free again for the second customer, the new one is not.
  await pickAndHold(page, second);
  const again = await lookAgain(other.page, dayIndex);
  expect(again).toContain(first);
  expect(again).not.toContain(second);

  // She books hers.
  await confirmSlot(page, /\/booking\/hair\/checkout$/);
  await fillCheckoutAndSend(page, {
    firstName: 'Giada',
    lastName: 'Ferri',
    phone: '+39 333 000 4444',
    email: `hold-${Date.now()}-${project}@musa.example`,
  });
  await expect(page).toHaveURL(/\/reset-password\?token=/, { timeout: 15_000 });
  expect(await lookAgain(other.page, dayIndex)).not.toContain(second);
  await other.context.close();
});

test('the hold lapses on checkout (her clock moved past it): told, the day’s times again, the time free for others', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  const dayIndex = DAY_OF.lapse;

  await toHairData(page);
  await day(page, dayIndex).click();
  const [time] = await timesShown(page);
  if (!time) throw new Error('the day needs a free time');
  await pickAndHold(page, time);
  const other = await secondCustomer(browser, project, dayIndex);
  expect(await timesShown(other.page)).not.toContain(time);

  await confirmSlot(page, /\/booking\/hair\/checkout$/);
  await page.getByLabel('Nome', { exact: true }).fill('Marta');
  await expect(page.getByRole('timer')).toHaveText(COUNTDOWN);

  // Nine minutes on: her last minute, with the button that keeps it.
  await page.clock.fastForward('09:00');
  await expect(page.getByRole('button', { name: 'MI SERVE PIÙ TEMPO' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/ancora per (1:00|0:5\d)$/);

  // One more: lapsed.
  const released = page.waitForResponse(
    (response) => /\/bookings\/holds\/[^/]+$/.test(response.url()) && response.request().method() === 'DELETE',
  );
  await page.clock.fastForward('01:01');
  await expect(page.getByText(EXPIRED)).toBeVisible();
  await expect(page).toHaveURL(/\/booking\/hair\/data$/);
  await expect(page.getByRole('heading', { name: 'Quando vorresti ricevere il servizio, Musa?' })).toBeVisible();
  expect((await released).status()).toBe(200);
  // Her booking is kept: the day, the service; the time is hers to pick again.
  await expect(day(page, dayIndex)).toHaveAttribute('aria-pressed', 'true');
  await expect(slot(page, time)).toHaveAttribute('aria-pressed', 'false');
  await expect(slot(page, time)).not.toContainText('tenuto per te');

  // Free for the second customer.
  expect(await lookAgain(other.page, dayIndex)).toContain(time);
  await other.context.close();
});
