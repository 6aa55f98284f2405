import type { Page } from '@playwright/test';
import { expect, test } from './support/clock';
import { mainButton } from './support/app';

/** Chooses a radio card or checkbox by its visible label (Ark keeps the native input hidden). */
async function choose(page: Page, role: 'radio' | 'checkbox', name: string | RegExp) {
  const control = page.getByRole(role, { name });
  await control.locator('xpath=ancestor::label[1]').click();
  await expect(control).toBeChecked();
}

/** Picks the first day from tomorrow on that has a free slot, and its first slot. */
async function pickFirstFreeSlot(page: Page): Promise<string> {
  const days = page.getByRole('group', { name: 'Scegli il giorno' }).getByRole('button', { disabled: false });
  const slots = page.getByRole('group', { name: 'Orari disponibili' }).getByRole('button');
  for (let index = 1; index <= 10; index++) {
    await days.nth(index).click();
    const outcome = await Promise.race([
      slots
        .first()
        .waitFor({ timeout: 8000 })
        .then(() => 'slots' as const),
      page
        .getByText('Prova a guardare un altro giorno!')
        .waitFor({ timeout: 8000 })
        .then(() => 'empty' as const),
    ]);
    if (outcome === 'slots') {
      const slot = slots.first();
      const label = (await slot.textContent()) ?? '';
      await slot.click();
      await expect(slot).toHaveAttribute('aria-pressed', 'true');
      return label;
    }
  }
  throw new Error('Nessun orario libero nei prossimi 10 giorni');
}

test('a visitor books a hair service at home with a coupon, then completes her account', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `e2e-${Date.now()}-${test.info().project.name}@musa.example`;

  await page.goto('/booking/location?utm_source=instagram');
  const address = page.getByRole('combobox', { name: 'Indirizzo' });
  await address.fill('Via Roma 2, Torino');
  await page
    .getByRole('option', { name: /Via Roma, 2/ })
    .first()
    .click();
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/participants/);
  await choose(page, 'radio', /Solo 1/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/category/);
  // Going on without a choice is refused with SPEC's message.
  await mainButton(page, 'AVANTI').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Devi selezionare un opzione' })).toBeVisible();
  await choose(page, 'radio', /Capelli/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/hair$|\/booking\/hair\?/);
  await expect(
    page.getByRole('heading', { name: 'Dicci dei tuoi capelli e facci capire che Musa sei!' }),
  ).toBeVisible();
  await choose(page, 'radio', /Sopra il mento/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/hair\/service/);
  await mainButton(page, 'AVANTI').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Devi selezionare un servizio' })).toBeVisible();
  await choose(page, 'radio', /Piega liscia/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/hair\/data/);
  await expect(page.getByRole('heading', { name: 'Quando vorresti ricevere il servizio, Musa?' })).toBeVisible();
  await pickFirstFreeSlot(page);
  await mainButton(page, 'AVANTI').click();
  // An instant slot goes straight to checkout; one to be confirmed first opens SPEC §4's
  // confirmation modal (an alertdialog), whose CONTINUA goes on. Wait for whichever comes.
  const confirmation = page.getByRole('alertdialog', { name: 'Richiesta di appuntamento' });
  const next = await Promise.race([
    confirmation.waitFor({ state: 'visible', timeout: 10_000 }).then(() => 'modal' as const),
    page.waitForURL(/\/booking\/hair\/checkout/, { timeout: 10_000 }).then(() => 'checkout' as const),
  ]);
  if (next === 'modal') {
    await confirmation.getByRole('button', { name: 'CONTINUA' }).click();
    await expect(confirmation).toBeHidden();
  }

  await expect(page).toHaveURL(/\/booking\/hair\/checkout/);
  await expect(page.getByText('Fee Musa')).toBeVisible();
  await choose(page, 'checkbox', 'Hai un codice promozionale o una gift card?');
  await page.getByLabel('Codice promozionale o gift card').fill('BENVENUTA10');
  await page.getByRole('button', { name: 'APPLICA' }).click();
  await expect(page.getByText('Coupon aggiunto correttamente')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rimuovi' })).toBeVisible();
  await expect(page.getByText('Sconto')).toBeVisible();

  // Submitting empty personal data is refused field by field.
  await mainButton(page, 'RICHIEDI PRENOTAZIONE').click();
  await expect(page.getByText('*Campo richiesto').first()).toBeVisible();

  await page.getByLabel('Nome', { exact: true }).fill('Elena');
  await page.getByLabel('Cognome', { exact: true }).fill('Verdi');
  await page.getByLabel('Telefono', { exact: true }).fill('+39 333 000 1111');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Nome sul citofono').fill('Verdi');
  const fitToPlead = page.getByRole('radiogroup', { name: /buone condizioni di salute/ });
  await fitToPlead.getByRole('radio', { name: 'Sì' }).locator('xpath=ancestor::label[1]').click();
  await expect(fitToPlead.getByRole('radio', { name: 'Sì' })).toBeChecked();
  await choose(page, 'checkbox', /privacy policy/);
  await mainButton(page, 'RICHIEDI PRENOTAZIONE').click();

  // A new customer is sent to complete her account (ARCHITECTURE: redirectUrl with the signup token).
  await expect(page).toHaveURL(/\/reset-password\?token=.+&email=/, { timeout: 15_000 });
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Scegli una password per il tuo profilo Musa!').fill('Prenotata2026!');
  await page.getByRole('button', { name: 'CREA ACCOUNT' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByText('Ciao Elena!')).toBeVisible();
  await expect(page.getByText('Piega liscia')).toBeVisible();
});
