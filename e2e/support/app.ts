import { expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@musa.example', password: 'Musa2026!', firstName: 'Chiara' };
export const API_URL = `http://localhost:${process.env.E2E_API_PORT ?? 8797}`;
export const BOOKING_START = '/booking/location';

/** The main footer button (LOGIN on /login, AVANTI on the steps). */
export const mainButton = (page: Page, name: string | RegExp) =>
  page.getByRole('contentinfo').getByRole('button', { name, exact: typeof name === 'string' });

export async function login(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Bentornata, Musa!' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await mainButton(page, 'LOGIN').click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}
