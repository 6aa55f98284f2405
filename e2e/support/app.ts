import './stack-traces';
import { expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@musa.example', password: 'Musa2026!', firstName: 'Chiara' };
/** Issue 27: the seeded professional of Torino (her hours are on request: her bookings wait for her) and the team. */
export const PRO_MARTINA = { email: 'martina.rinaldi@professioniste.musa.example', password: 'Musa2026!' };
export const TEAM = { email: 'team@musa.example', password: 'Musa2026!' };
export const API_URL = `http://localhost:${process.env.E2E_API_PORT ?? 8797}`;
export const BOOKING_START = '/booking/location';

/** The main footer button (LOGIN on /login, AVANTI on the steps). */
export const mainButton = (page: Page, name: string | RegExp) =>
  page.getByRole('contentinfo').getByRole('button', { name, exact: typeof name === 'string' });

/**
 * Waits for the app to have taken the page over. The entry screens are prerendered (their heading
 * and fields are in the HTML before any script runs), and the app starts in steps after the first
 * paint (src/main.tsx, src/start-app.tsx): a blur or a URL change before then meets plain HTML. Polled
 * from here, not in the page: the page's clock may be held.
 */
export async function appStarted(page: Page, timeoutMs = 10_000) {
  const started = () =>
    page.evaluate(() => {
      const root = document.getElementById('root');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    });
  for (const deadline = Date.now() + timeoutMs; !(await started());) {
    if (Date.now() > deadline) throw new Error('the app did not start (no React root)');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until the page's fields and buttons are React's: the app has started (appStarted) and each
 * of them carries its props, i.e. hydration (or the app's own drawing) has reached it. React listens
 * from its root as soon as it is created, but a focus or a blur on a field hydration has not reached
 * yet is not replayed (only presses are, src/components/early-input.ts): a test that checks what a
 * blur does waits for this (issue 41: the login journey's '*Campo richiesto' was missed under load).
 */
export async function appInteractive(page: Page, timeoutMs = 15_000) {
  await appStarted(page, timeoutMs);
  const hydrated = () =>
    page.evaluate(() => {
      const controls = [...document.querySelectorAll('#root input, #root button')];
      return (
        controls.length > 0 && controls.every((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')))
      );
    });
  for (const deadline = Date.now() + timeoutMs; !(await hydrated());) {
    if (Date.now() > deadline) throw new Error("the page's controls were never React's (hydration did not reach them)");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function login(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Bentornata, Musa!' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await mainButton(page, 'LOGIN').click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}
