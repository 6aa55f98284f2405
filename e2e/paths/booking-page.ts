/**
 * The page object the path replay acts through: one locator or action per thing a generated path
 * does, with the SPEC copy the real app shows (the same locators as booking.e2e.ts). It never
 * chooses for the path: a day without the slot asked fails instead of moving to another day.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { CheckoutFormInput } from '../../contract/booking';
import { mainButton } from '../support/app';
import type { World } from './world';

interface SlotAnswer {
  startTime: string;
  instantBooking: boolean;
}

export class BookingPage {
  constructor(
    readonly page: Page,
    private readonly world: World,
  ) {}

  readonly address = () => this.page.getByRole('combobox', { name: 'Indirizzo' });
  readonly suggestions = () => this.page.getByRole('option');
  // A dialog over the data step hides it from the accessibility tree, not from the screen.
  readonly dayGroup = () => this.page.getByRole('group', { name: 'Scegli il giorno', includeHidden: true });
  readonly days = () => this.dayGroup().getByRole('button', { disabled: false, includeHidden: true });
  readonly pressedDay = () => this.dayGroup().locator('button[aria-pressed="true"]');
  readonly slots = () =>
    this.page
      .getByRole('group', { name: 'Orari disponibili', includeHidden: true })
      .getByRole('button', { includeHidden: true });
  readonly dialog = (name: string) =>
    this.page.getByRole('dialog', { name }).or(this.page.getByRole('alertdialog', { name }));
  readonly confirmation = () => this.dialog('Richiesta di appuntamento');
  readonly providerFilter = () => this.dialog('Mostra solo le disponibilità di:');
  readonly profileDialog = () => this.dialog('Modifica il tuo profilo');
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

  /**
   * Picks the day `offset` days after today (0 = today). A day before today is offered by no
   * button: the path's `date.set` of yesterday is the press of yesterday's disabled cell.
   */
  async pickDay(offset: number) {
    if (offset < 0) {
      const first = this.days().first();
      await expect(first).toBeVisible();
      // The grid shows no enabled day before today: a person cannot pick one; nothing to press.
      return;
    }
    const day = this.days().nth(offset);
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true');
  }

  /** The first slot of the day of the kind the path chose (instant booking or to be confirmed). */
  async pickSlot(kind: { instantBooking: boolean }) {
    await expect(this.slots().first()).toBeVisible();
    const times = ((this.world.answers.get('loadAvailableTimes') as { availableTimes?: SlotAnswer[] } | undefined)
      ?.availableTimes ?? []) as SlotAnswer[];
    // The workers replay at once on one database: each takes the slots of the kind from its own end
    // (even workers the first, odd ones the last), so two paths never race for one professional's
    // time (the loser's booking would be refused, 409). One worker's paths run one after the other:
    // a slot it booked is no longer offered to its next path.
    const ofKind = times.flatMap((time, i) => (time.instantBooking === kind.instantBooking ? [i] : []));
    const index = (test.info().parallelIndex % 2 === 0 ? ofKind[0] : ofKind.at(-1)) ?? -1;
    if (index < 0) {
      throw new Error(
        `the day has no slot ${kind.instantBooking ? 'with instant booking' : 'to be confirmed'} (real slots: ${times
          .map((t) => `${t.startTime}${t.instantBooking ? '' : '*'}`)
          .join(' ')})`,
      );
    }
    const slot = this.slots().nth(index);
    await slot.click();
    await expect(slot).toHaveAttribute('aria-pressed', 'true');
  }

  /** Fills the checkout form with the path's values (a valid e-mail is this run's own). */
  async fillCheckout(form: CheckoutFormInput, email: string) {
    const page = this.page;
    const main = page.locator('main');
    await main.getByLabel('Nome', { exact: true }).fill(form.firstName);
    await main.getByLabel('Cognome', { exact: true }).fill(form.lastName);
    await main.getByLabel('Telefono', { exact: true }).fill(form.phoneNumber);
    await main.getByLabel('Email', { exact: true }).fill(form.email.includes('.') ? email : form.email);
    await main.getByLabel('Nome sul citofono').fill(form.doorbellName);
    const yesNo = async (name: RegExp, value: string) => {
      if (value !== 'yes' && value !== 'no') return;
      await this.choose(
        main.getByRole('radiogroup', { name }).getByRole('radio', { name: value === 'yes' ? 'Sì' : 'No' }),
      );
    };
    await yesNo(/allergie o intolleranze\?/, form.allergiesSwitch ?? '');
    if (form.allergiesSwitch === 'yes' && form.allergies)
      await main.getByLabel('Quali allergie o intolleranze?').fill(form.allergies);
    await yesNo(/buone condizioni di salute/, form.fitToPlead ?? '');
    const privacy = main.getByRole('checkbox', { name: /privacy policy/ });
    if ((await privacy.isChecked()) !== form.privacy) await this.toggle(privacy);
  }
}
