/**
 * The page object the path replay acts through: one locator or action per thing a generated path
 * does, with the SPEC copy the real app shows (the same locators as booking.e2e.ts).
 */
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { mainButton } from '../support/app';

interface SlotAnswer {
  startTime: string;
  instantBooking: boolean;
}

const findTimes = (value: unknown): SlotAnswer[] | null => {
  if (!value || typeof value !== 'object') return null;
  if (Array.isArray(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'availableTimes' && Array.isArray(child)) return child as SlotAnswer[];
    const found = findTimes(child);
    if (found) return found;
  }
  return null;
};

export class BookingPage {
  /** The last day's slots the real API answered, to pick an instant or a to-confirm one. */
  private lastTimes: SlotAnswer[] | null = null;

  constructor(readonly page: Page) {
    page.on('response', (response: Response) => {
      if (!response.url().includes('/bookings/available-times')) return;
      response
        .json()
        .then((body: unknown) => {
          this.lastTimes = findTimes(body);
        })
        .catch(() => undefined);
    });
  }

  readonly address = () => this.page.getByRole('combobox', { name: 'Indirizzo' });
  readonly suggestions = () => this.page.getByRole('option');
  readonly days = () =>
    this.page.getByRole('group', { name: 'Scegli il giorno' }).getByRole('button', { disabled: false });
  readonly slots = () => this.page.getByRole('group', { name: 'Orari disponibili' }).getByRole('button');
  readonly noSlots = () => this.page.getByText('Prova a guardare un altro giorno!');
  readonly noDate = () => this.page.getByText('Seleziona una data per vedere le disponibilità!');
  readonly confirmation = () => this.page.getByRole('dialog', { name: 'Richiesta di appuntamento' });
  readonly providerFilter = () => this.page.getByRole('dialog', { name: 'Mostra solo le disponibilità di:' });
  readonly profileDialog = () => this.page.getByRole('dialog', { name: 'Modifica il tuo profilo' });
  readonly serviceGroup = (role: 'main' | 'secondary') =>
    this.page.locator(`section[aria-labelledby="services-${role}"]`);
  readonly next = () => mainButton(this.page, /^(AVANTI|RICHIEDI PRENOTAZIONE)$/);

  /** Chooses an Ark radio card or checkbox (the native input is hidden: click its label). */
  async choose(control: Locator) {
    await control.locator('xpath=ancestor::label[1]').click();
    await expect(control).toBeChecked();
  }

  async toggle(control: Locator) {
    const was = await control.isChecked();
    await control.locator('xpath=ancestor::label[1]').click();
    await expect(control).toBeChecked({ checked: !was });
  }

  /** The slots of the chosen day, or null when the day has none (waits for the answer). */
  private async daySlots(): Promise<'slots' | 'empty' | 'noDate'> {
    return Promise.race([
      this.slots()
        .first()
        .waitFor({ timeout: 10_000 })
        .then(() => 'slots' as const),
      this.noSlots()
        .waitFor({ timeout: 10_000 })
        .then(() => 'empty' as const),
      this.noDate()
        .waitFor({ timeout: 10_000 })
        .then(() => 'noDate' as const),
    ]);
  }

  /** Picks the day `offset` days after today (0 = today) among the days the picker enables. */
  async pickDay(offset: number) {
    const day = this.days().nth(Math.max(offset, 0));
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true');
  }

  /**
   * The machine's fixtures always answer with slots; the real API may not have any on the chosen
   * day (e.g. today, late): from there, the first later day that has a slot of the kind asked.
   */
  async ensureSlots(kind?: { instantBooking: boolean }) {
    const matches = () =>
      kind === undefined || (this.lastTimes ?? []).some((time) => time.instantBooking === kind.instantBooking);
    let state = await this.daySlots();
    if (state === 'slots' && matches()) return;
    const start = state === 'noDate' ? 0 : Math.max(await this.pressedIndex(), 0) + 1;
    for (let index = start; index < start + 14; index++) {
      this.lastTimes = null;
      await this.pickDay(index);
      state = await this.daySlots();
      if (state === 'slots') {
        await expect.poll(() => this.lastTimes !== null).toBe(true);
        if (matches()) return;
      }
    }
    throw new Error(
      `Nessun giorno con orari${kind ? (kind.instantBooking ? ' immediati' : ' da confermare') : ''} nelle prossime due settimane`,
    );
  }

  private async pressedIndex(): Promise<number> {
    return this.days().evaluateAll((nodes) => nodes.findIndex((node) => node.getAttribute('aria-pressed') === 'true'));
  }

  /** The first slot of the kind the path chose (instant booking or to be confirmed). */
  async pickSlot(kind: { instantBooking: boolean }) {
    await this.ensureSlots(kind);
    const times = this.lastTimes ?? [];
    const index = Math.max(
      times.findIndex((time) => time.instantBooking === kind.instantBooking),
      0,
    );
    const slot = this.slots().nth(index);
    await slot.click();
    await expect(slot).toHaveAttribute('aria-pressed', 'true');
  }

  async fillCheckout(email: string) {
    const page = this.page;
    await page.getByLabel('Nome', { exact: true }).fill('Anna');
    await page.getByLabel('Cognome', { exact: true }).fill('Rossi');
    await page.getByLabel('Telefono', { exact: true }).fill('+39 333 123 4567');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Nome sul citofono').fill('Rossi');
    const fitToPlead = page.getByRole('radiogroup', { name: /buone condizioni di salute/ });
    await this.choose(fitToPlead.getByRole('radio', { name: 'Sì' }));
    const privacy = page.getByRole('checkbox', { name: /privacy policy/ });
    if (!(await privacy.isChecked())) await this.choose(privacy);
  }
}
