import { expect, test } from './support/clock';
import { login, mainButton, PRO_MARTINA, TEAM } from './support/app';
import { expectNoSeriousViolations } from './support/axe';

const publicPages: Array<[string, string, RegExp | string]> = [
  ['login', '/login', 'Bentornata, Musa!'],
  ['ask reset', '/ask-reset-password', /email/i],
  ['error page', '/pagina-inesistente', 'Errore 404'],
  ['booking start', '/booking/location', /./],
];

for (const [name, path, heading] of publicPages) {
  test(`axe: no serious or critical violation on the ${name} page`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('axe: no serious or critical violation on the personal area and the profile dialog', async ({ page }) => {
  await login(page);
  await expect(page.getByText('Cosa vuoi prenotare oggi?')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Modifica profilo' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page);
});

// Issue 40: her time off and her hours (a professional's own pages, loaded with their own code), and
// the team's board.
for (const [path, heading, who] of [
  ['/pro/time-off', 'Le tue assenze', PRO_MARTINA],
  ['/pro/hours', 'I tuoi orari', PRO_MARTINA],
  ['/pro/team', 'La bacheca del team', TEAM],
] as const) {
  test(`axe: no serious or critical violation on ${path}`, async ({ page }) => {
    // Asked signed out, the page asks her to sign in and then shows what she asked for.
    await page.goto(path);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    // LOGIN is the page's main button (the sticky bar on a phone, under the form on a desktop).
    await mainButton(page, 'LOGIN').click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('button', { name: /^SALVA/ })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}
