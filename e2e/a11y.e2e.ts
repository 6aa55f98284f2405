import { expect, test } from './support/clock';
import { login } from './support/app';
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
