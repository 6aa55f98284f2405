import { expect, test } from './support/clock';
import { mainButton } from './support/app';
import { choose, confirmSlot, fillCheckoutAndSend, pickAddress, pickFirstFreeSlot } from './support/booking';

test('a visitor books a hair service at home with a coupon, then completes her account', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `e2e-${Date.now()}-${test.info().project.name}@musa.example`;

  await page.goto('/booking/location?utm_source=instagram');
  await pickAddress(page);
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
  await confirmSlot(page, /\/booking\/hair\/checkout/);
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

  await fillCheckoutAndSend(page, { firstName: 'Elena', lastName: 'Verdi', phone: '+39 333 000 1111', email: email });

  // A new customer is sent to complete her account (ARCHITECTURE: redirectUrl with the signup token).
  await expect(page).toHaveURL(/\/reset-password\?token=.+&email=/, { timeout: 15_000 });
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Scegli una password per il tuo profilo Musa!').fill('Prenotata2026!');
  await page.getByRole('button', { name: 'CREA ACCOUNT' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByText('Ciao Elena!')).toBeVisible();
  await expect(page.getByText('Piega liscia')).toBeVisible();
});
