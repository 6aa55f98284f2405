import type { Page } from '@playwright/test';
import { expect, suiteDate, test } from './support/clock';
import { login } from './support/app';
import { newCustomer } from './support/api';

/**
 * The profile dialog's address goes through the same picker as the booking start (SPEC §4, §5):
 * the combobox with its suggestions, the house-number field when the address has none, and SALVA
 * pressed right after typing the number waits for its lookup, then saves. Phone-sized. The address
 * changed is a customer's of this suite's own (the demo customer's is read by the suites beside it).
 */
test.use({ viewport: { width: 390, height: 844 } });

async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'Modifica indirizzo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifica il tuo profilo' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the profile address changes through the shared picker, house number included', async ({ page }) => {
  const email = `e2e-profile-${Date.now()}-${test.info().project.name}@musa.example`;
  const password = 'Profilo2026!';
  await newCustomer(
    { firstName: 'Irene', lastName: 'Bassi', email, phoneNumber: '+39 333 000 4141', doorbellName: 'Bassi' },
    suiteDate('wednesday'),
    password,
  );
  await login(page, email, password);
  const area = page.getByRole('main');
  await expect(area.getByText(/Via Roma, 2/)).toBeVisible();

  let dialog = await openProfile(page);
  const field = dialog.getByRole('combobox', { name: 'Indirizzo' });
  await expect(field).toHaveValue(/Via Roma, 2/);
  await field.fill('Via Po, Torino');
  await expect(field).toHaveValue('Via Po, Torino');
  const suggestion = dialog.getByRole('option', { name: /^Via Po\s*Torino/ }).first();
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(field).toHaveValue(/Via Po/);

  // No number yet: SALVA is refused with SPEC §5's message, nothing is saved.
  const number = dialog.getByRole('textbox', { name: 'Numero civico' });
  await expect(number).toBeVisible();
  await dialog.getByRole('button', { name: 'SALVA' }).click();
  await expect(dialog.getByText('Devi aggiungere il numero civico')).toBeVisible();
  await expect(dialog).toBeVisible();

  // The number typed and SALVA at once: the click's blur starts the lookup, SALVA waits for it.
  await number.fill('12');
  await dialog.getByRole('button', { name: 'SALVA' }).click();
  await expect(page.getByText('Dati aggiornati correttamente')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(area.getByText(/Via Po, 12/)).toBeVisible();

  // The next opening starts from the saved address; back to the first one.
  dialog = await openProfile(page);
  await expect(dialog.getByRole('combobox', { name: 'Indirizzo' })).toHaveValue(/Via Po, 12/);
  const again = dialog.getByRole('combobox', { name: 'Indirizzo' });
  await again.fill('Via Roma 2, Torino');
  // What she typed is in the field (a fill that did not land would leave the list unasked).
  await expect(again).toHaveValue('Via Roma 2, Torino');
  await dialog
    .getByRole('option', { name: /Via Roma, 2/ })
    .first()
    .click();
  await expect(dialog.getByRole('textbox', { name: 'Numero civico' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'SALVA' }).click();
  await expect(dialog).toBeHidden();
  await expect(area.getByText(/Via Roma, 2/)).toBeVisible();
});
