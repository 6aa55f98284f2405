import { expect, type Locator, type Page } from '@playwright/test';
import { mainButton } from './app';

/** The seeded served address every journey starts from. */
export const TORINO_ADDRESS = { typed: 'Via Roma 2, Torino', suggestion: /Via Roma, 2/ };

/** Types the address on the location step and picks its suggestion, as a person would. */
export async function pickAddress(page: Page, address = TORINO_ADDRESS) {
  await page.getByRole('combobox', { name: 'Indirizzo' }).fill(address.typed);
  await page.getByRole('option', { name: address.suggestion }).first().click();
}

/** Chooses a radio card or checkbox by its visible label (Ark keeps the native input hidden). */
export async function choose(scope: Page | Locator, role: 'radio' | 'checkbox', name: string | RegExp) {
  const control = scope.getByRole(role, { name });
  await control.locator('xpath=ancestor::label[1]').click();
  await expect(control).toBeChecked();
}

/**
 * The first day from `fromDay` days after today on (the next one by default) with a free slot, and
 * its first slot; the slot's time.
 */
export async function pickFirstFreeSlot(page: Page, fromDay = 1): Promise<string> {
  const days = page.getByRole('group', { name: 'Scegli il giorno' }).getByRole('button', { disabled: false });
  const slots = page.getByRole('group', { name: 'Orari disponibili' }).getByRole('button');
  for (let index = fromDay; index <= fromDay + 13; index++) {
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
      const time = ((await slot.locator('span').first().textContent()) ?? '').trim();
      await slot.click();
      await expect(slot).toHaveAttribute('aria-pressed', 'true');
      return time;
    }
  }
  throw new Error('Nessun orario libero nei prossimi 14 giorni');
}

/**
 * AVANTI from the data step: an instant slot goes straight to checkout; one to be confirmed first
 * opens SPEC §4's confirmation modal (an alertdialog), whose CONTINUA goes on. Waits for whichever
 * comes; true when the modal opened.
 */
export async function confirmSlot(page: Page, checkoutPath: RegExp): Promise<boolean> {
  await mainButton(page, 'AVANTI').click();
  const modal = page.getByRole('alertdialog', { name: 'Richiesta di appuntamento' });
  const next = await Promise.race([
    modal.waitFor({ state: 'visible', timeout: 10_000 }).then(() => 'modal' as const),
    page.waitForURL(checkoutPath, { timeout: 10_000 }).then(() => 'checkout' as const),
  ]);
  if (next === 'modal') {
    await modal.getByRole('button', { name: 'CONTINUA' }).click();
    await expect(modal).toBeHidden();
  }
  await expect(page).toHaveURL(checkoutPath);
  return next === 'modal';
}

/** A customer's checkout details, as she types them. */
export interface Customer {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

/**
 * Fills the checkout form (name, surname, phone, e-mail, the doorbell under her surname, fit to be
 * treated: yes, privacy accepted) and sends it with RICHIEDI PRENOTAZIONE.
 */
export async function fillCheckoutAndSend(page: Page, customer: Customer) {
  await page.getByLabel('Nome', { exact: true }).fill(customer.firstName);
  await page.getByLabel('Cognome', { exact: true }).fill(customer.lastName);
  await page.getByLabel('Telefono', { exact: true }).fill(customer.phone);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Nome sul citofono').fill(customer.lastName);
  await choose(page.getByRole('radiogroup', { name: /buone condizioni di salute/ }), 'radio', 'Sì');
  await choose(page, 'checkbox', /privacy policy/);
  await mainButton(page, 'RICHIEDI PRENOTAZIONE').click();
}

/**
 * The hair flow up to its data step, as a person goes: the Torino address, one person, hair above
 * the chin, Piega liscia.
 */
export async function toHairData(page: Page) {
  await page.goto('/booking/location');
  await pickAddress(page);
  await mainButton(page, 'AVANTI').click();
  await choose(page, 'radio', /Solo 1/);
  await mainButton(page, 'AVANTI').click();
  await choose(page, 'radio', /Capelli/);
  await mainButton(page, 'AVANTI').click();
  await choose(page, 'radio', /Sopra il mento/);
  await mainButton(page, 'AVANTI').click();
  await choose(page, 'radio', /Piega liscia/);
  await mainButton(page, 'AVANTI').click();
  await expect(page).toHaveURL(/\/booking\/hair\/data/);
}

/**
 * A visitor's hair booking, end to end (the booking journey of booking.e2e.ts without its checks):
 * the hair flow's data step, the first free slot from `fromDay` days ahead on (tomorrow by
 * default), checkout. Ends on the account completion the booking redirects to. The slot's time.
 */
export async function bookHairAsVisitor(page: Page, customer: Customer, options: { fromDay?: number } = {}) {
  await toHairData(page);
  const time = await pickFirstFreeSlot(page, options.fromDay);
  await confirmSlot(page, /\/booking\/hair\/checkout/);
  await fillCheckoutAndSend(page, customer);
  await expect(page).toHaveURL(/\/reset-password\?token=.+&email=/, { timeout: 15_000 });
  return time;
}
