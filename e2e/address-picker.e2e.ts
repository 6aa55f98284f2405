import { expect, test } from './support/clock';
import { mainButton } from './support/app';

/**
 * Issue 43, SPEC §4 'Address picker: closed/open; opens on focus or click' and 'A street number comes
 * from the suggestion or is typed separately': after a pick without a house number, the house-number
 * field shows, a click on the address field opens the suggestions again, and the number typed in its
 * field gives the address its number. Phone-sized.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('after a pick without a house number, a click on the address opens the suggestions, and the number typed is taken', async ({
  page,
}) => {
  await page.goto('/booking/location');
  const address = page.getByRole('combobox', { name: 'Indirizzo' });
  await address.fill('Via Roma');
  // The gazetteer's street without a number: 'Via Roma' + 'Torino, TO, Italia'.
  const street = page.getByRole('option', { name: /^Via Roma\s*Torino/ }).first();
  await expect(street).toBeVisible();
  await street.click();

  const houseNumber = page.getByRole('textbox', { name: 'Numero civico' });
  await expect(houseNumber).toBeVisible();
  await expect(address).toHaveAttribute('aria-expanded', 'false');

  // She clicks the address field again: the list she picked from shows.
  await address.click();
  await expect(address).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('option', { name: /^Via Roma\s*Torino/ }).first()).toBeVisible();

  // Then she types the number in its field (the list closes as the address field loses the focus).
  await houseNumber.click();
  await expect(address).toHaveAttribute('aria-expanded', 'false');
  await houseNumber.fill('2');
  await houseNumber.press('Tab');
  // The address has its number: the field goes, and AVANTI goes on.
  await expect(houseNumber).toBeHidden({ timeout: 15_000 });
  await mainButton(page, 'AVANTI').click();
  await expect(page).toHaveURL(/\/booking\/participants$/, { timeout: 15_000 });
});
