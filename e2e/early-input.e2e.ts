import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/clock';
import { API_URL, DEMO, appStarted, login, mainButton } from './support/app';
import { TORINO_ADDRESS } from './support/booking';
import { MESSAGES } from '../contract/messages';

/**
 * The prerendered /booking/location shows its address field before any script runs (src/prerender.tsx),
 * and the app takes the page over later (src/main.tsx, src/start-app.tsx). What a person types or taps
 * in between must reach the app (issue 25): on a slow phone that gap is the time she needs to type
 * the first words. The app's scripts are held back here until the test releases them, so the gap is
 * as long as the test needs, whatever the machine's speed; the CPU runs 4× slower, as on a phone.
 */
async function openWithAppHeldBack(
  page: Page,
  path = '/booking/location',
): Promise<{ release: () => void; errors: string[] }> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.unrouteAll();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = async (route: Route) => {
    await released;
    await route.continue();
  };
  await page.route(/\/assets\/[^/]+\.js(\?.*)?$/, held);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Not until 'load': the held scripts, added once the page has painted, may hold that event back.
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('#root[data-prerendered]')).toBeAttached();
  return { release, errors };
}

/** True once React has taken the page over (the same check as appStarted, asked once). */
const reactStarted = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

test.describe('typing before the app has taken the prerendered page over', () => {
  test.setTimeout(60_000);

  test('the whole address typed reaches the app: suggestions, then the next step', async ({ page }) => {
    const { release, errors } = await openWithAppHeldBack(page);
    const address = page.getByRole('combobox', { name: 'Indirizzo' });
    await expect(address).toBeVisible();
    expect(await reactStarted(page)).toBe(false);

    // A tap on the field, then the address, as she would type it, key by key.
    await address.click();
    await page.keyboard.type(TORINO_ADDRESS.typed, { delay: 20 });
    await expect(address).toHaveValue(TORINO_ADDRESS.typed);
    expect(await reactStarted(page)).toBe(false);

    release();
    await appStarted(page, 20_000);
    await expect(address).toHaveValue(TORINO_ADDRESS.typed);
    await expect(address).toBeFocused();
    const suggestion = page.getByRole('option', { name: TORINO_ADDRESS.suggestion }).first();
    await expect(suggestion).toBeVisible({ timeout: 15_000 });
    await suggestion.click();
    await mainButton(page, 'AVANTI').click();
    await expect(page).toHaveURL(/\/booking\/participants$/, { timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test('typing goes on where it was once the app runs: the focus and the caret are kept', async ({ page }) => {
    const { release, errors } = await openWithAppHeldBack(page);
    const address = page.getByRole('combobox', { name: 'Indirizzo' });
    await address.click();
    await page.keyboard.type('Via Roma', { delay: 20 });
    await expect(address).toHaveValue('Via Roma');

    release();
    await appStarted(page, 20_000);
    // No new tap: the keys go where the caret was.
    await page.keyboard.type(' 2, Torino', { delay: 20 });
    await expect(address).toHaveValue(TORINO_ADDRESS.typed);
    await expect(page.getByRole('option', { name: TORINO_ADDRESS.suggestion }).first()).toBeVisible({
      timeout: 15_000,
    });
    expect(errors).toEqual([]);
  });

  test('a tap on AVANTI before the app runs is made once it runs: she is told what the step needs, her text kept', async ({
    page,
  }) => {
    const { release, errors } = await openWithAppHeldBack(page);
    const address = page.getByRole('combobox', { name: 'Indirizzo' });
    await address.click();
    await page.keyboard.type(TORINO_ADDRESS.typed, { delay: 20 });
    // A tap where the button is, as she would make it: no suggestion chosen yet.
    const avanti = mainButton(page, 'AVANTI');
    const box = await avanti.boundingBox();
    if (!box) throw new Error('AVANTI is not on screen');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // Nothing happens yet: no native submission (the URL keeps no address).
    await expect(page).toHaveURL(/\/booking\/location$/);
    await expect(page.getByText(MESSAGES.pickAddress)).toHaveCount(0);

    release();
    await appStarted(page, 20_000);
    // The press, made now, asks for an address from the list, as a press after the start would.
    await expect(page.getByText(MESSAGES.pickAddress).first()).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/booking\/location$/);
    await expect(address).toHaveValue(TORINO_ADDRESS.typed);
    await expect(page.getByRole('option', { name: TORINO_ADDRESS.suggestion }).first()).toBeVisible({
      timeout: 15_000,
    });
    expect(errors).toEqual([]);
  });

  test('signed in, the app draws the page anew while her profile loads: what she types meanwhile, the focus and the caret go into its field', async ({
    page,
  }) => {
    // A stored credential: the app loads the profile and draws the step itself (src/start-app.tsx).
    await login(page);
    const { release, errors } = await openWithAppHeldBack(page);
    // Issue 41: her profile answers only once she has typed on, so the app draws the page anew while
    // it loads and she types through it, whatever the machine's speed (the window where her keys went
    // into a field turned read-only, and were lost).
    let answerProfile = () => {};
    const profileHeld = new Promise<void>((resolve) => (answerProfile = resolve));
    await page.route(new RegExp(`^${API_URL}/me(\\?.*)?$`), async (route) => {
      await profileHeld;
      await route.continue();
    });
    const address = page.getByRole('combobox', { name: 'Indirizzo' });
    await address.click();
    await page.keyboard.type('Via Roma 2', { delay: 20 });

    release();
    await appStarted(page, 20_000);
    // No waiting for the app's field: she goes on typing while it replaces the prerendered one.
    await page.keyboard.type(', Torino', { delay: 20 });
    await expect(address).toHaveValue(TORINO_ADDRESS.typed, { timeout: 15_000 });
    await expect(address).toBeEditable();
    await expect(address).toBeFocused();
    answerProfile();
    await expect(page.getByRole('option', { name: TORINO_ADDRESS.suggestion }).first()).toBeVisible({
      timeout: 15_000,
    });
    await expect(address).toHaveValue(TORINO_ADDRESS.typed);
    await expect(address).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('at the page’s own pace, typed as soon as the field shows, the whole address arrives', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/booking/location', { waitUntil: 'commit' });
    const address = page.getByRole('combobox', { name: 'Indirizzo' });
    await address.click();
    await page.keyboard.type(TORINO_ADDRESS.typed, { delay: 30 });
    await appStarted(page, 20_000);
    await expect(address).toHaveValue(TORINO_ADDRESS.typed);
    await expect(page.getByRole('option', { name: TORINO_ADDRESS.suggestion }).first()).toBeVisible({
      timeout: 15_000,
    });
  });

  test('on /login, the e-mail and password typed and LOGIN pressed before the app runs: she is signed in', async ({
    page,
  }) => {
    const { release, errors } = await openWithAppHeldBack(page, '/login');
    await expect(page.getByRole('heading', { name: 'Bentornata, Musa!' })).toBeVisible();
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    await email.click();
    await page.keyboard.type(DEMO.email, { delay: 10 });
    await password.click();
    await page.keyboard.type(DEMO.password, { delay: 10 });
    await mainButton(page, 'LOGIN').click();
    // Nothing happens yet: no native submission (the URL keeps no e-mail or password), no app.
    // (A regular expression: a predicate would wait for the 'load' event, which the held scripts hold back.)
    await expect(page).toHaveURL(/\/login$/);
    expect(await reactStarted(page)).toBe(false);

    release();
    await appStarted(page, 20_000);
    // The press reaches the app with what she typed: she is signed in and lands on her home.
    await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 15_000 });
    await expect(page.getByText(`Ciao ${DEMO.firstName}!`)).toBeVisible({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test('on /login, typed before the app runs and pressed after: the text is the app’s', async ({ page }) => {
    const { release, errors } = await openWithAppHeldBack(page, '/login');
    const email = page.getByLabel('Email');
    await email.click();
    await page.keyboard.type('giulia', { delay: 10 });
    release();
    await appStarted(page, 20_000);
    // Typing goes on where it was, then her first press after the app runs checks the whole e-mail.
    await page.keyboard.type('@example', { delay: 10 });
    await expect(email).toHaveValue('giulia@example');
    await mainButton(page, 'LOGIN').click();
    await expect(page.getByText(MESSAGES.invalidFormat)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(errors).toEqual([]);
  });
});
