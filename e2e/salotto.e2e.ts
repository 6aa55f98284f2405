import { expect, test } from './support/clock';
import { mainButton } from './support/app';
import { choose, confirmSlot, fillCheckoutAndSend, pickAddress, pickFirstFreeSlot } from './support/booking';

/**
 * A salotto of three with hair, estetica and make-up: served by a team (one professional per
 * category, all from the same start), booked as a request and shown in the personal area as
 * 'Richiesta di salotto'. Phone-sized in every project.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a visitor requests a salotto of 3 with hair, estetica and make-up and sees it in her personal area', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `e2e-salotto-${Date.now()}-${test.info().project.name}@musa.example`;
  const notes = 'Addio al nubilato, tre amiche';

  await page.goto('/booking/location');
  await pickAddress(page);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/participants/);
  await choose(page, 'radio', /Salotto di Musa/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/participants-salotto/);
  await expect(page.getByRole('heading', { name: 'Quante siete di preciso?' })).toBeVisible();
  const people = page.getByRole('group', { name: 'Numero di persone' });
  await people.getByRole('button', { name: 'Una persona in più' }).click();
  await expect(people.locator('output')).toHaveText('3');
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/category-salotto/);
  for (const category of [/Capelli/, /Estetica/, /Make up/]) await choose(page, 'checkbox', category);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/salotto\/service/);
  // One service of each chosen category (SPEC §5).
  for (const title of [/capelli/i, /estetica/i, /make.?up/i]) {
    const first = page.getByRole('group', { name: title }).getByRole('checkbox').first();
    await first.locator('xpath=ancestor::label[1]').click();
    await expect(first).toBeChecked();
  }
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/salotto\/details/);
  await page.getByLabel('Informazioni aggiuntive').fill(notes);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/salotto\/data/);
  const time = await pickFirstFreeSlot(page);
  // Every salotto slot is a request: the quote follows the consultation call.
  expect(await confirmSlot(page, /\/booking\/salotto\/checkout/)).toBe(true);

  await fillCheckoutAndSend(page, { firstName: 'Marta', lastName: 'Bassi', phone: '+39 333 000 3333', email: email });

  // A new customer completes her account, then lands in her personal area.
  await expect(page).toHaveURL(/\/reset-password\?token=.+&email=/, { timeout: 15_000 });
  await page.getByLabel('Scegli una password per il tuo profilo Musa!').fill('Salotto2026!');
  await page.getByRole('button', { name: 'CREA ACCOUNT' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByText('Ciao Marta!')).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: 'Richiesta di salotto' });
  await expect(card).toBeVisible();
  await expect(card).toHaveAccessibleName(new RegExp(`ore ${time}$`));
  await expect(card.getByText('3 persone')).toBeVisible();
  await expect(card.getByText('Categorie: Capelli, Estetica, Make up')).toBeVisible();
  await expect(card.getByText(`Note: ${notes}`)).toBeVisible();
  await expect(card.getByText('Include una beauty box in omaggio')).toBeVisible();
});
