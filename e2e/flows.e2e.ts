import type { Page } from '@playwright/test';
import { expect, test } from './support/clock';
import { mainButton } from './support/app';
import { choose, confirmSlot, fillCheckoutAndSend, pickAddress, pickFirstFreeSlot } from './support/booking';

/**
 * The estetica and make-up flows, booked end to end as a visitor (the hair flow is in
 * booking.e2e.ts, the salotto in salotto.e2e.ts): category, the first service the catalogue
 * offers, the details step, a free slot, checkout, account completion, the personal area.
 */

/** Picks the first service of the list (a radio card, or a checkbox when the list has only extras); its name. */
async function pickFirstService(page: Page): Promise<string> {
  const main = page.getByRole('main');
  await expect(main.getByRole('radio').or(main.getByRole('checkbox')).first()).toBeVisible();
  const role = (await main.getByRole('radio').count()) > 0 ? 'radio' : 'checkbox';
  const control = main.getByRole(role).first();
  const label = control.locator('xpath=ancestor::label[1]');
  // The control's accessible name is the service's name (its label element, by aria-labelledby),
  // read in one look. (A step used to be drawn twice when the URL went from one segment to two:
  // the control found first was gone, with its label, by the time it was read. Fixed at its cause,
  // tests/screens/step-drawn-once.test.tsx.)
  const name = (
    await control.evaluate((element) => {
      const labelId = element.getAttribute('aria-labelledby');
      const labelled = labelId ? element.ownerDocument.getElementById(labelId) : element.closest('label');
      return labelled?.textContent ?? '';
    })
  ).trim();
  await label.click();
  await expect(control).toBeChecked();
  return name;
}

for (const { category, flow } of [
  { category: /Estetica/, flow: 'beauty' },
  { category: /Make up/, flow: 'make-up' },
] as const) {
  test(`a visitor books the ${flow} flow end to end and finds it in her personal area`, async ({ page }) => {
    test.setTimeout(120_000);
    const email = `e2e-${flow}-${Date.now()}-${test.info().project.name}@musa.example`;

    await page.goto('/booking/location');
    await pickAddress(page);
    await mainButton(page, 'AVANTI').click();

    await expect(page).toHaveURL(/\/booking\/participants$/);
    await choose(page, 'radio', /Solo 1/);
    await mainButton(page, 'AVANTI').click();

    await expect(page).toHaveURL(/\/booking\/category$/);
    await choose(page, 'radio', category);
    await mainButton(page, 'AVANTI').click();

    await expect(page).toHaveURL(new RegExp(`/booking/${flow}/service$`));
    await expect(page.getByRole('heading', { name: 'Quale servizio desideri?' })).toBeVisible();
    const service = await pickFirstService(page);
    expect(service).not.toBe('');
    await mainButton(page, 'AVANTI').click();

    await expect(page).toHaveURL(new RegExp(`/booking/${flow}/details$`));
    await expect(
      page.getByRole('heading', { name: "Spiegaci un po' più nel dettaglio cosa vorreste fare." }),
    ).toBeVisible();
    await mainButton(page, 'AVANTI').click();

    await expect(page).toHaveURL(new RegExp(`/booking/${flow}/data$`));
    const time = await pickFirstFreeSlot(page);
    await confirmSlot(page, new RegExp(`/booking/${flow}/checkout$`));
    await expect(page.getByRole('region', { name: 'Riepilogo' })).toContainText(service);

    await fillCheckoutAndSend(page, { firstName: 'Sara', lastName: 'Gallo', phone: '+39 333 000 4444', email: email });

    await expect(page).toHaveURL(/\/reset-password\?token=.+&email=/, { timeout: 15_000 });
    await page.getByLabel('Scegli una password per il tuo profilo Musa!').fill('Prenotata2026!');
    await page.getByRole('button', { name: 'CREA ACCOUNT' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByText('Ciao Sara!')).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: service });
    await expect(card).toBeVisible();
    await expect(card).toHaveAccessibleName(new RegExp(`ore ${time}$`));
  });
}
