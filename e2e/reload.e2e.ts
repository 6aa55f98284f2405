import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../contract/constants';
import { expect, test } from './support/clock';
import { mainButton } from './support/app';
import { choose, confirmSlot, fillCheckoutAndSend, pickAddress, pickFirstFreeSlot } from './support/booking';

/** Reloads as a person would (F5) and waits for the step to be drawn again. */
async function reload(page: Page, heading: string | RegExp) {
  await page.reload();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

test('a reload on every booking step keeps the step and everything chosen', async ({ page }) => {
  test.setTimeout(120_000);

  await page.goto('/booking/location');
  await pickAddress(page);
  // The address counts once the served-zone check has answered (it is then saved with the draft).
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key) ?? '', STORAGE_KEYS.draft))
    .toContain('Via Roma');
  await reload(page, 'Dove vuoi ricevere il servizio?');
  await expect(page).toHaveURL(/\/booking\/location$/);
  await expect(page.getByRole('combobox', { name: 'Indirizzo' })).toHaveValue(/Via Roma, 2/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/participants$/);
  await choose(page, 'radio', /Solo 1/);
  await reload(page, 'Per quante persone vuoi prenotare?');
  await expect(page).toHaveURL(/\/booking\/participants$/);
  await expect(page.getByRole('radio', { name: /Solo 1/ })).toBeChecked();
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/category$/);
  await choose(page, 'radio', /Capelli/);
  await reload(page, 'Che tipo di servizio ti interessa oggi?');
  await expect(page.getByRole('radio', { name: /Capelli/ })).toBeChecked();
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/hair$/);
  await choose(page, 'radio', /Sopra il mento/);
  await reload(page, 'Dicci dei tuoi capelli e facci capire che Musa sei!');
  await expect(page).toHaveURL(/\/booking\/hair$/);
  await expect(page.getByRole('radio', { name: /Sopra il mento/ })).toBeChecked();
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/hair\/service$/);
  await choose(page, 'radio', /Piega liscia/);
  await reload(page, 'Quale servizio desideri?');
  await expect(page).toHaveURL(/\/booking\/hair\/service$/);
  await expect(page.getByRole('radio', { name: /Piega liscia/ })).toBeChecked();
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/hair\/data$/);
  const time = await pickFirstFreeSlot(page);
  await reload(page, 'Quando vorresti ricevere il servizio, Musa?');
  await expect(page).toHaveURL(/\/booking\/hair\/data$/);
  // Slots are loaded again, never restored: the chosen one is shown chosen once they are back.
  const slots = page.getByRole('group', { name: 'Orari disponibili' });
  await expect(slots.getByRole('button', { name: new RegExp(time), pressed: true })).toBeVisible();
  await confirmSlot(page, /\/booking\/hair\/checkout$/);

  // The recap (service, fee, the slot's supplement, total) reads the same after a reload.
  const recap = page.getByRole('region', { name: 'Riepilogo' });
  await expect(recap).toContainText('Piega liscia');
  const before = (await recap.textContent()) ?? '';
  await reload(page, 'Completa la tua prenotazione');
  await expect(page).toHaveURL(/\/booking\/hair\/checkout$/);
  await expect(recap).toHaveText(before);

  // A shared link in a new tab has no saved draft: it starts from the first step.
  const other = await page.context().newPage();
  await other.goto('/booking/hair/checkout');
  await expect(other).toHaveURL(/\/booking\/location$/);
  await other.close();

  // Booked: the saved draft is gone.
  const email = `reload-${Date.now()}-${test.info().project.name}@musa.example`;
  await fillCheckoutAndSend(page, { firstName: 'Rita', lastName: 'Neri', phone: '+39 333 000 2222', email: email });
  await expect(page).toHaveURL(/\/reset-password\?token=/, { timeout: 15_000 });
  expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.draft)).toBeNull();
});
