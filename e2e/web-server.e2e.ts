import { expect, test } from './support/clock';
import { BOOKING_START, mainButton } from './support/app';
import { pickAddress } from './support/booking';

/**
 * The production web server (web-server/) in front of the real app: the browser gets compressed,
 * cached files and a Content-Security-Policy strict enough to forbid inline scripts, and the app
 * still draws, styles and calls the API without a single policy violation.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('the first screen comes compressed with the security headers, and nothing breaks the policy', async ({ page }) => {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  type Script = { url: string; encoding: string | undefined; cache: string | undefined; length: number };
  const scripts: Script[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      const headers = response.headers();
      scripts.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
        length: Number(headers['content-length']),
      });
    }
  });

  const landing = await page.goto(`${BOOKING_START}?utm_source=instagram`);
  const headers = landing!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cache-control']).toBe('no-cache');

  await pickAddress(page);
  await page.getByRole('button', { name: 'Aiuto' }).click();
  await expect(page.getByRole('dialog', { name: 'Hai bisogno di aiuto?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await mainButton(page, 'AVANTI').click();
  await expect(page).toHaveURL(/\/booking\/participants/);
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Bentornata, Musa!' })).toBeVisible();

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    // The build leaves files under 512 bytes as they are (a compressed copy would save nothing).
    if (script.encoding === undefined) expect(script.length, script.url).toBeLessThan(512);
    else expect(script.encoding, script.url).toBe('br');
    expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
  }
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
});
