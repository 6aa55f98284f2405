/**
 * What each event of a generated path is in the browser (CONVENTIONS: kiesraad/abacus). The map
 * is typed against the machine's events; an event type left out has no browser implementation
 * yet, and `eventImplementation()` fails on it by name rather than skipping it.
 */
import { expect, type Page } from '@playwright/test';
import { CATEGORY_TITLES, HAIR_LENGTH_TITLES } from '../../contract/constants';
import type { SystemEvent, SystemSnapshot } from '../../machines/testing/system';
import { mainButton } from '../support/app';
import type { BookingPage } from './booking-page';

export type EventType = SystemEvent['type'];
type EventOf<T extends EventType> = Extract<SystemEvent, { type: T }>;

export interface ReplayContext {
  page: Page;
  booking: BookingPage;
  /** The model before and after the event (the machine replayed alongside the browser). */
  before: SystemSnapshot;
  after: SystemSnapshot;
  /** The machine's `today` in the path's input: dates of the path are read relative to it. */
  today: string;
  /** A unique e-mail for this run, so bookings never collide with earlier customers. */
  email: string;
  /** True for the path's first event: a URL is then opened, later ones navigate in the app. */
  first: boolean;
}

type EventImplementation<T extends EventType> = (context: ReplayContext, event: EventOf<T>) => Promise<void>;
type EventImplementations = { [T in EventType]?: EventImplementation<T> };

/** Effect outcomes the real server gives for a valid request; the others need a forced failure. */
export const SUCCESS_OUTCOMES: Record<string, readonly string[]> = {
  searchAddresses: ['results'],
  resolveAddress: ['ok'],
  checkLocation: ['served'],
  loadServices: ['list'],
  loadAvailableTimes: ['slots'],
  loadProviders: ['ok'],
  checkCoupon: ['ok'],
  createBooking: ['ok'],
  login: ['ok'],
  loadProfile: ['ok'],
  updateProfile: ['ok'],
};

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** Changes the URL inside the running app (a new page load would lose the draft). */
async function navigateInApp(page: Page, url: string) {
  await page.evaluate((target) => {
    window.history.pushState(window.history.state, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
}

/** What the UI shows once an effect answered as the path says (the real server answers itself). */
const settled: Record<string, (context: ReplayContext) => Promise<void>> = {
  searchAddresses: async ({ booking }) => {
    await expect(booking.suggestions().first()).toBeVisible();
  },
  resolveAddress: async () => {},
  checkLocation: async ({ page, booking }) => {
    await expect(page.getByText('Verifica indirizzo in corso')).toHaveCount(0);
    await expect(booking.address()).not.toHaveValue('');
  },
  loadServices: async ({ booking }) => {
    await expect(booking.serviceGroup('main').or(booking.serviceGroup('secondary')).first()).toBeVisible();
  },
  loadAvailableTimes: async ({ booking }) => {
    // Whether the slot is instant or to be confirmed is time.set's concern.
    await booking.ensureSlots();
  },
  loadProviders: async ({ page }) => {
    await expect(page.getByText('Caricamento professionisti')).toHaveCount(0);
  },
  checkCoupon: async ({ page }) => {
    await expect(page.getByText('Coupon aggiunto correttamente')).toBeVisible();
  },
  createBooking: async ({ page }) => {
    await expect(page).toHaveURL(/\/reset-password\?token=.+&email=/, { timeout: 15_000 });
  },
  login: async ({ page }) => {
    await expect(page).toHaveURL((url) => url.pathname === '/');
  },
  loadProfile: async () => {},
  updateProfile: async ({ booking }) => {
    await expect(booking.profileDialog()).toBeHidden();
  },
};

const EVENTS: EventImplementations = {
  'route.changed': async ({ page, first }, event) => {
    const url = `${event.path}${event.search ?? ''}`;
    if (first) await page.goto(url);
    else await navigateInApp(page, url);
  },
  'step.next': async ({ booking, after }) => {
    await booking.next().click();
    // A to-confirm slot the model did not pick still opens the dialog: the replay then goes on.
    const confirming = after.kids.confirmation !== undefined;
    if (!confirming && (await booking.confirmation().isVisible())) {
      await booking.confirmation().getByRole('button', { name: 'CONTINUA' }).click();
    }
  },
  'address.focus': async ({ booking }) => {
    await booking.address().click();
  },
  'address.type': async ({ booking }, event) => {
    await booking.address().fill(event.value);
  },
  'address.select': async ({ booking }, event) => {
    const named = booking.suggestions().filter({ hasText: event.suggestion.mainText });
    const option = (await named.count()) > 0 ? named.first() : booking.suggestions().first();
    await option.click();
  },
  'address.blur': async ({ booking }) => {
    await booking.address().blur();
  },
  'address.enter': async ({ booking }) => {
    await booking.address().press('Enter');
  },
  'participants.set': async ({ page, booking }, event) => {
    const label = event.participants === 'default' ? /Solo 1/ : /Salotto di Musa/;
    await booking.choose(page.getByRole('radio', { name: label }));
  },
  'participantsCount.increment': async ({ page }) => {
    await page.getByRole('button', { name: 'Una persona in più' }).click();
  },
  'participantsCount.decrement': async ({ page }) => {
    await page.getByRole('button', { name: 'Una persona in meno' }).click();
  },
  'category.set': async ({ page, booking }, event) => {
    await booking.choose(page.getByRole('radio', { name: CATEGORY_TITLES[event.category], exact: true }));
  },
  'salottoCategory.toggle': async ({ page, booking }, event) => {
    await booking.toggle(page.getByRole('checkbox', { name: CATEGORY_TITLES[event.category], exact: true }));
  },
  'hair.set': async ({ page, booking }, event) => {
    await booking.choose(page.getByRole('radio', { name: HAIR_LENGTH_TITLES[event.hair] }));
  },
  'details.notes': async ({ page }, event) => {
    await page.getByLabel('Informazioni aggiuntive').fill(event.notes);
  },
  // The fixtures' service names are not the real catalogue's: the first option of the kind asked.
  'service.selectMain': async ({ booking }) => {
    await booking.choose(booking.serviceGroup('main').getByRole('radio').first());
  },
  'service.pickSecondary': async ({ booking }) => {
    // The real beauty list has main services (the fixture has only extras): the first radio offered.
    const main = booking.serviceGroup('main').getByRole('radio');
    if ((await main.count()) > 0) await booking.choose(main.first());
    else await booking.choose(booking.serviceGroup('secondary').getByRole('radio').first());
  },
  'service.addSecondary': async ({ booking }) => {
    // One service per section first (salotto: one per chosen category), then any unchecked one.
    const sections = booking.serviceGroup('secondary').locator('fieldset');
    for (const section of await sections.all()) {
      const boxes = section.getByRole('checkbox');
      const checked = await boxes.evaluateAll((nodes) => nodes.filter((node) => (node as HTMLInputElement).checked));
      if (checked.length === 0 && (await boxes.count()) > 0) {
        await booking.toggle(boxes.first());
        return;
      }
    }
    await booking.toggle(booking.serviceGroup('secondary').getByRole('checkbox', { checked: false }).first());
  },
  'service.toggleSecondary': async ({ booking }) => {
    await booking.toggle(booking.serviceGroup('secondary').getByRole('checkbox').first());
  },
  'date.set': async ({ booking, today }, event) => {
    await booking.pickDay(daysBetween(today, event.date));
  },
  'time.set': async ({ booking }, event) => {
    await booking.pickSlot({ instantBooking: event.availableTime.instantBooking });
  },
  'step.back': async ({ page }) => {
    await page.getByRole('button', { name: 'Indietro' }).click();
  },
  'providerFilter.open': async ({ page }) => {
    await page.getByRole('button', { name: 'Filtra professionista' }).click();
  },
  'providerFilter.close': async ({ booking }) => {
    await booking.providerFilter().getByRole('button', { name: 'CHIUDI' }).last().click();
  },
  'confirmation.continue': async ({ booking }) => {
    await booking.confirmation().getByRole('button', { name: 'CONTINUA' }).click();
  },
  'confirmation.close': async ({ booking }) => {
    await booking.confirmation().getByRole('button', { name: 'SCEGLI UN ALTRO ORARIO' }).click();
  },
  'coupon.enable': async ({ page, booking }) => {
    await booking.toggle(page.getByRole('checkbox', { name: 'Hai un codice promozionale o una gift card?' }));
  },
  'coupon.disable': async ({ page, booking }) => {
    await booking.toggle(page.getByRole('checkbox', { name: 'Hai un codice promozionale o una gift card?' }));
  },
  'coupon.input': async ({ page }, event) => {
    await page.getByLabel('Codice promozionale o gift card').fill(event.code);
  },
  'coupon.apply': async ({ page }) => {
    await page.getByRole('button', { name: 'APPLICA' }).click();
  },
  'coupon.remove': async ({ page }) => {
    await page.getByRole('button', { name: 'Rimuovi' }).click();
  },
  'checkout.submit': async ({ page, booking, email }, event) => {
    if (event.form.privacy) await booking.fillCheckout(email);
    await booking.next().click();
    if (!event.form.privacy) await expect(page.getByText('*Campo richiesto').first()).toBeVisible();
  },
  'session.login': async ({ page }, event) => {
    await page.getByLabel('Email').fill(event.email);
    await page.getByLabel('Password', { exact: true }).fill(event.password);
    await mainButton(page, 'LOGIN').click();
    if (!event.email.includes('@') || event.password === '') {
      await expect(page.getByText(/\*Campo richiesto|Formato invalido/).first()).toBeVisible();
    }
  },
  'session.logout': async ({ page }) => {
    await page.getByRole('button', { name: 'Esci' }).click();
  },
  'profile.open': async ({ page, booking }) => {
    await page.getByRole('button', { name: 'Modifica profilo' }).first().click();
    await expect(booking.profileDialog()).toBeVisible();
  },
  'profile.submit': async ({ booking }, event) => {
    const dialog = booking.profileDialog();
    await dialog.getByLabel('Nome', { exact: true }).fill(event.form.firstName);
    await dialog.getByLabel('Cognome', { exact: true }).fill(event.form.lastName);
    await dialog.getByLabel('Email', { exact: true }).fill(event.form.email);
    await dialog.getByRole('button', { name: 'SALVA' }).click();
  },
  'profile.cancel': async ({ booking }) => {
    await booking.profileDialog().getByRole('button', { name: 'ANNULLA' }).click();
  },
  'effect.settle': async (context, event) => {
    if (!(SUCCESS_OUTCOMES[event.src] ?? []).includes(event.outcome)) {
      throw new Error(
        `'${event.src}' → '${event.outcome}' needs a server failure: the real API cannot give it on demand`,
      );
    }
    const wait = settled[event.src];
    if (!wait) throw new Error(`No browser implementation for the answer of effect '${event.src}'`);
    await wait(context);
  },
  // The real app's timers run by themselves; the next state's assertion waits for their effect.
  'timer.elapse': async () => {},
};

/** Whether a path's event can be replayed in the browser, and why not. */
export function unsupportedEvent(event: SystemEvent): string | null {
  if (!EVENTS[event.type]) return `no browser implementation for event '${event.type}'`;
  if (event.type === 'effect.settle') {
    if (!settled[event.src]) return `no browser implementation for the answer of effect '${event.src}'`;
    if (!(SUCCESS_OUTCOMES[event.src] ?? []).includes(event.outcome)) return 'needs a server failure';
  }
  return null;
}

/** The browser action of an event; fails by name when there is none. */
export function eventImplementation<T extends EventType>(type: T): EventImplementation<T> {
  const implementation = EVENTS[type] as EventImplementation<T> | undefined;
  if (!implementation) throw new Error(`No browser implementation for event '${type}' (e2e/paths/events.ts)`);
  return implementation;
}
