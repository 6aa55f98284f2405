/**
 * What each event of a generated path is in the browser (CONVENTIONS: kiesraad/abacus). The table
 * is keyed by every event type of the model, so the compiler asks for each one: a browser action,
 * or the reason no screen sends it. `unsupportedEvent()` fails a path on any event of the second
 * kind (checked for every path before the replay starts, e2e/flows.paths.e2e.ts).
 *
 * The action does what the event names and nothing more: the named service (through the table of
 * e2e/paths/catalogue.ts), the named day (relative to the path's today), a slot of the named kind,
 * the named professional, the coupon code typed. No dialog is closed and no day changed unless the
 * path says so.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { CATEGORY_TITLES, fromApiCategory, HAIR_LENGTH_TITLES } from '../../contract/constants';
import { PATH_INPUTS, type PathInput } from '../../machines/paths';
import { OUTCOMES, PROVIDERS } from '../../machines/testing/fixtures';
import { isHoldTimer } from '../../machines/testing/model';
import { machineOf, type SystemEvent, type SystemSnapshot } from '../../machines/testing/system';
import { REQUEST } from '../../machines/testing/pro-fixtures';
import type { AppointmentRating } from '../../contract/rating';
import { DIALOG_TITLES, PRO_PAGE, RATING_PAGE } from '../../tests/oracle/page';
import { appStarted, mainButton } from '../support/app';
import type { BookingPage } from './booking-page';
import { realGroupMember, realServiceName, type Flow } from './catalogue';
import { OBTAIN, proAppointmentOf, type GeoSource, type World } from './world';

export type EventType = SystemEvent['type'];
type EventOf<T extends EventType> = Extract<SystemEvent, { type: T }>;

export interface ReplayContext {
  page: Page;
  booking: BookingPage;
  world: World;
  /** The model before and after the event (the machine replayed alongside the browser). */
  before: SystemSnapshot;
  after: SystemSnapshot;
  /** The events still to come in the path (to type the query whose suggestion the path picks). */
  rest: SystemEvent[];
  input: PathInput;
  /** A unique e-mail for this run, so bookings never collide with earlier customers. */
  email: string;
  /** True for the path's first event: a URL is then opened, later ones navigate in the app. */
  first: boolean;
}

type Action<T extends EventType> = (context: ReplayContext, event: EventOf<T>) => Promise<void>;
/** Events the machine handles that no screen sends (the reason), or that only children send. */
type NotSent = { notSent: string };
type EventTable = { [T in EventType]: Action<T> | NotSent };

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const addDaysTo = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const main = (page: Page) => page.locator('main');
/** Issue 27: the request's offer panel and quote form (sections named by their headings). */
const offerPanel = (page: Page) => page.getByRole('region', { name: PRO_PAGE.offer.title });
const quotePanel = (page: Page) => page.getByRole('region', { name: PRO_PAGE.quote.title });
/** The time the real request asks for (e2e/paths/links.ts: Martina's 07:30). */
const ASKED_TIME = '07:30';

/**
 * Issue 40: her time off lives TIME_OFF_WEEKS_AHEAD weeks after the path's today (the same weekday),
 * after every day any path books (the paths' weeks, phone and desktop, take far fewer), and each path
 * that enters one lives its own week (e2e/flows.paths.e2e.ts), so no path's time off meets another's
 * or takes Martina from any path's times. The model's days keep their distance from its today; a
 * second save in the same path moves TIME_OFF_SHIFT_DAYS later (the first may still stand).
 */
export const TIME_OFF_WEEKS_AHEAD = 520;
const TIME_OFF_SHIFT_DAYS = 3;
const timeOffSaves = new WeakMap<World, number>();
const timeOffPanel = (page: Page) => page.getByRole('form', { name: PRO_PAGE.timeOff.form });

/**
 * Issue 40: her week is saved from HOURS_WEEKS_AHEAD weeks after the path's today (the model's
 * distance from its today kept), after every day any path books and past the time off's weeks, so
 * no path's customers meet the new hours; each path that saves one lives its own week
 * (e2e/flows.paths.e2e.ts), and saving the same day again only replaces it.
 */
export const HOURS_WEEKS_AHEAD = 1040;
const hoursPanel = (page: Page) => page.getByRole('form', { name: PRO_PAGE.hours.form });

/** Issue 29: the professional of the rating screen the model names, and her place in the form. */
const ratedProfessional = (sys: SystemSnapshot, professionalId: string) => {
  const rating = (sys.kids.rating?.snapshot.context as { rating: AppointmentRating | null } | undefined)?.rating;
  const index = rating?.professionals.findIndex((professional) => professional._id === professionalId) ?? -1;
  if (!rating || index < 0) throw new Error(`no professional '${professionalId}' on the rating screen`);
  return { firstName: rating.professionals[index]!.firstName, index };
};

const flowOfSys = (sys: SystemSnapshot): Flow => {
  const draft = (sys.root.context as { draft: { participants: string | null; category: string | null } }).draft;
  return draft.participants === 'salotto' ? 'salotto' : ((draft.category as Flow | null) ?? 'hair');
};

/** The first URL's query that starts the app as the path's input (src/app/app-input.ts). */
export const INPUT_QUERY: Record<PathInput, string> = {
  visitor: '',
  customer: '',
  // Issue 27: their first URL is one of /pro…, which loads that side (src/start-app.tsx).
  professional: '',
  proVisitor: '',
  autoSelect: 'autoSelectAddress=1',
  experiment14: `experimentID=${PATH_INPUTS.experiment14.abTest?.experimentID}&variantID=${PATH_INPUTS.experiment14.abTest?.variantID}`,
  experiment14Variant1: `experimentID=${PATH_INPUTS.experiment14Variant1.abTest?.experimentID}&variantID=${PATH_INPUTS.experiment14Variant1.abTest?.variantID}`,
  otherExperimentVariant2: `experimentID=${PATH_INPUTS.otherExperimentVariant2.abTest?.experimentID}&variantID=${PATH_INPUTS.otherExperimentVariant2.abTest?.variantID}`,
};

/** Changes the URL inside the running app (a new page load would lose the draft), once it listens. */
async function navigateInApp(page: Page, url: string) {
  await appStarted(page);
  await page.evaluate((target) => {
    window.history.pushState(window.history.state, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
}

/**
 * The query typed in the page for the fixtures' one: the real gazetteer suggests a house number only
 * when one is typed, as the fixtures' answer does (machines/testing/fixtures.ts searchAddresses).
 */
const queryFor = (typed: string): string => {
  if (typed.trim() === '') return typed;
  // Two different queries of the path stay two different texts in the field (a same text is no input).
  const city = typed.includes('Torino') ? ', Torino' : ' Torino';
  return /\d/.test(typed) ? `Via Roma 2${city}` : `Via Roma${city}`;
};

/** The address picker's actions (src/components/address-combobox.tsx), in the page or in a dialog. */
const address = {
  field: (within: Page | Locator) => within.getByRole('combobox', { name: 'Indirizzo' }),
  // A person taps the field (it may have kept the focus since the last choice: focusing it again
  // would do nothing); SPEC §4: the picker opens on focus or click.
  focus: (within: Page | Locator) => address.field(within).click(),
  type: (within: Page | Locator, text: string) => address.field(within).fill(text),
  blur: (within: Page | Locator) => address.field(within).blur(),
  enter: (within: Page | Locator) => address.field(within).press('Enter'),
  select: async (within: Page | Locator, suggestion: { mainText: string }) => {
    const main = suggestion.mainText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await within
      .getByRole('option')
      .filter({ hasText: new RegExp(`^\\s*${main}\\s*Torino`) })
      .first()
      .click();
  },
  // A blank number is typed and left like any other: the page sends nothing, the picker ignores it.
  streetNumber: async (within: Page | Locator, value: string) => {
    const field = within.getByRole('textbox', { name: 'Numero civico' });
    await field.fill(value);
    await field.blur();
  },
};

/**
 * The toasts (placement top, SPEC §9) cover the header's buttons on a phone: a person closes them
 * before pressing one (closing a toast changes nothing in the model), while the page's clock runs
 * (a toast leaves after its exit delay): the replay does it before holding the clock.
 */
export async function closeToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Chiudi notifica' });
  for (let left = await close.count(); left > 0; left -= 1) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(close).toHaveCount(0);
}

/**
 * The professional the fixture names (`prov-giulia`: the demo customer's Giulia, met in the seed), by
 * her first name: the filter lists every professional the customer met, by name, and the demo
 * customer meets more of them as the journeys and the other paths book for her (a path once picked
 * the first of the list, who did not work that day). A customer who never met one of that name (a
 * path's own) has her first.
 */
async function providerOption(page: Page, providerId: string) {
  const dialog = page.getByRole('dialog', { name: 'Mostra solo le disponibilità di:' });
  const first = dialog.getByRole('radio').first();
  await first.waitFor({ state: 'attached' });
  const firstName = PROVIDERS.find(({ _id }) => _id === providerId)?.firstName;
  const named = firstName ? dialog.getByRole('radio', { name: new RegExp(`\\b${firstName}\\b`) }) : null;
  return named && (await named.count()) > 0 ? named.first() : first;
}

/** The service named, on the service step, in the flow of the draft. */
function serviceControl(context: ReplayContext, service: { id: string }, role: 'radio' | 'checkbox') {
  const flow = flowOfSys(context.before);
  const name = realServiceName(flow, service);
  if (!name)
    throw new Error(`No real service for the fixture '${service.id}' in the ${flow} flow (e2e/paths/catalogue.ts)`);
  return context.page.locator('main').getByRole(role, { name, exact: true });
}

/** The event's effect starts a geocoder call the path fails: the next such call fails as named. */
function prepareGeo(context: ReplayContext) {
  const started = context.after.effects.filter((effect) => !context.before.effects.includes(effect));
  for (const effect of started) {
    if (!['searchAddresses', 'resolveAddress', 'lookupStreetNumber'].includes(effect.src)) continue;
    if (context.world.heldGeo.has(effect.src as GeoSource)) continue;
    const settle = context.rest.find(
      (event): event is Extract<SystemEvent, { type: 'effect.settle' }> =>
        event.type === 'effect.settle' && event.src === effect.src,
    );
    if (!settle) continue;
    const outcome = OUTCOMES[effect.src]?.(effect.input)[settle.outcome];
    const message = outcome && 'error' in outcome ? outcome.error : '';
    context.world.forceGeo(effect.src as GeoSource, settle.outcome, message);
  }
}

const EVENTS: EventTable = {
  'route.changed': async ({ page, first, input, world }, event) => {
    // Issue 16: the fixture's appointment and waitlist links stand for the path's real ones (links.ts).
    const target = world.links ? world.links.url(event.path, event.search ?? '') : `${event.path}${event.search ?? ''}`;
    const query = INPUT_QUERY[input];
    const url = `${target}${query ? `${target.includes('?') ? '&' : '?'}${query}` : ''}`;
    // A page load: the path's next step is a person's press, made once the app has the page (what
    // she does before that is e2e/early-input.e2e.ts's concern; here the page's clock may be held).
    if (first) {
      await page.goto(url);
      await appStarted(page);
    } else await navigateInApp(page, target);
  },
  // The browser itself (machines/testing/browser.ts): its own buttons, its reload, a URL typed in its
  // address bar (a new page load, in the same tab: session storage keeps the draft).
  'browser.back': async ({ page }) => {
    await page.goBack({ waitUntil: 'commit' });
    await appStarted(page);
  },
  'browser.forward': async ({ page }) => {
    await page.goForward({ waitUntil: 'commit' });
    await appStarted(page);
  },
  'browser.reload': async ({ page }) => {
    await page.reload({ waitUntil: 'commit' });
    await appStarted(page);
  },
  'browser.open': async ({ page, input, world }, event) => {
    const target = world.links ? world.links.url(event.path, event.search ?? '') : `${event.path}${event.search ?? ''}`;
    const query = INPUT_QUERY[input];
    await page.goto(`${target}${query ? `${target.includes('?') ? '&' : '?'}${query}` : ''}`, { waitUntil: 'commit' });
    await appStarted(page);
  },
  'step.next': async ({ booking }) => {
    await booking.next().click();
  },
  'step.back': async ({ page, before }) => {
    // On a phone INDIETRO is in the header, under the toasts (SPEC §9: placed at the top): she closes
    // them first, as for the header's other buttons, rather than wait out their 9 s.
    await closeToasts(page);
    const back = page.getByRole('button', { name: 'Indietro', exact: true });
    // Pressed while the booking is being sent (issue 43): a tap on the button as it is.
    if (before.effects.some((effect) => effect.src === 'createBooking')) await back.click({ force: true });
    else await back.click();
  },
  'draft.reset': { notSent: 'no screen empties the draft (machines/testing/model.ts UNSENT_EVENTS)' },
  'session.expired': { notSent: 'raised by the session region when her profile cannot be read on /' },
  'address.focus': async ({ page }) => {
    await address.focus(page);
  },
  'address.type': async (context, event) => {
    await address.type(context.page, queryFor(event.value));
  },
  'address.select': async ({ page }, event) => {
    await address.select(page, event.suggestion);
  },
  'address.blur': async ({ page }) => {
    await address.blur(page);
  },
  'address.enter': async ({ page }) => {
    await address.enter(page);
  },
  'address.streetNumber': async ({ page }, event) => {
    await address.streetNumber(page, event.value);
  },
  // The profile dialog draws the same picker: the same actions, inside the dialog.
  'profile.address.focus': async ({ booking }) => {
    await address.focus(booking.profileDialog());
  },
  'profile.address.type': async (context, event) => {
    await address.type(context.booking.profileDialog(), queryFor(event.value));
  },
  'profile.address.select': async ({ booking }, event) => {
    await address.select(booking.profileDialog(), event.suggestion);
  },
  'profile.address.blur': async ({ booking }) => {
    await address.blur(booking.profileDialog());
  },
  'profile.address.enter': async ({ booking }) => {
    await address.enter(booking.profileDialog());
  },
  'profile.address.streetNumber': async ({ booking }, event) => {
    await address.streetNumber(booking.profileDialog(), event.value);
  },
  'location.set': { notSent: 'sent by the address picker, not a screen' },
  'location.clear': { notSent: 'sent by the address picker, not a screen' },
  'location.clearStreetNumber': { notSent: 'sent by the address picker, not a screen' },
  'location.outOfZone': { notSent: 'sent by the address picker, not a screen' },
  'location.pending': { notSent: 'sent by the address picker, not a screen' },
  'location.settled': { notSent: 'sent by the address picker, not a screen' },
  'outOfZone.subscribe': async ({ page }, event) => {
    const dialog = page.getByRole('dialog', { name: /non è ancora arrivata nella tua zona/ });
    await dialog.getByLabel('Email').fill(event.email);
    await dialog.getByRole('button', { name: 'TIENIMI AGGIORNATA' }).click();
  },
  'outOfZone.close': async ({ page }) => {
    await page.keyboard.press('Escape');
  },
  'outOfZone.useOtherAddress': async ({ page }) => {
    await page.getByRole('button', { name: 'USA UN ALTRO INDIRIZZO' }).click();
  },
  'participants.set': async ({ page, booking }, event) => {
    const label = event.participants === 'default' ? /Solo 1/ : /Salotto di Musa/;
    await booking.choose(page.getByRole('radio', { name: label }));
  },
  'participantsCount.increment': async ({ page }) => {
    await page.getByRole('button', { name: 'Una persona in più' }).click();
  },
  'participantsCount.decrement': async ({ page, before }) => {
    const minus = page.getByRole('button', { name: 'Una persona in meno' });
    // SPEC §2: minus disabled at 2; the press of the disabled button changes nothing (the model refuses it).
    if ((before.root.context as { draft: { participantsCount: number } }).draft.participantsCount <= 2) {
      await expect(minus).toBeDisabled();
      return;
    }
    await minus.click();
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
  'services.retry': async ({ page }) => {
    await page.getByRole('button', { name: 'RIPROVA' }).click();
  },
  'service.selectMain': async (context, event) => {
    await context.booking.choose(serviceControl(context, event.service, 'radio'));
  },
  'service.pickSecondary': async (context, event) => {
    await context.booking.choose(serviceControl(context, event.service, 'radio'));
  },
  'service.toggleSecondary': async (context, event) => {
    await context.booking.toggle(serviceControl(context, event.service, 'checkbox'));
  },
  'service.include': { notSent: 'no screen includes a service (UNSENT_EVENTS)' },
  'service.addSecondary': { notSent: 'no screen adds an extra by this event (UNSENT_EVENTS)' },
  'service.removeSecondary': { notSent: 'no screen removes an extra by this event (UNSENT_EVENTS)' },
  'service.clearExtras': { notSent: 'no screen clears the extras (UNSENT_EVENTS)' },
  'upsell.open': async (context, event) => {
    // The box opens from the group's service chosen on the step (after a choice in the box, that one).
    const flow = flowOfSys(context.before);
    const chosen = (
      context.before.root.context as { draft: { services: { services: { id: string; _group_id: string | null }[] } } }
    ).draft.services.services.find((service) => service._group_id === event.groupId);
    const name = chosen ? realServiceName(flow, chosen) : realGroupMember(flow, event.groupId);
    if (!name) throw new Error(`No real variant group for '${event.groupId}' (e2e/paths/catalogue.ts)`);
    const option = context.page.locator('main label').filter({
      has: context.page
        .getByRole('radio', { name, exact: true })
        .or(context.page.getByRole('checkbox', { name, exact: true })),
    });
    await option.getByRole('button', { name: 'Scegli altre opzioni' }).click();
  },
  'upsell.close': async ({ page }) => {
    await page
      .getByRole('region', { name: 'Specifica le tue preferenze' })
      .getByRole('button', { name: 'Chiudi' })
      .click();
  },
  'upsell.choose': async (context, event) => {
    const name = realServiceName(flowOfSys(context.before), event.service);
    if (!name) throw new Error(`No real service for the fixture '${event.service.id}' (e2e/paths/catalogue.ts)`);
    const box = context.page.getByRole('region', { name: 'Specifica le tue preferenze' });
    // The box closes on the choice: the state after it shows the option chosen on the step.
    await box.getByRole('radio', { name, exact: true }).locator('xpath=ancestor::label[1]').click();
  },
  'date.set': async ({ booking, before }, event) => {
    const today = (before.root.context as { today: string }).today;
    await booking.pickDay(daysBetween(today, event.date));
  },
  'date.clear': async ({ booking }) => {
    await booking.pressedDay().click();
  },
  'time.set': async ({ booking }, event) => {
    await booking.pickSlot({ instantBooking: event.availableTime.instantBooking });
  },
  'provider.set': { notSent: 'sent by the slots machine when the filter applies' },
  'errorPage.shown': {
    notSent: 'sent by the error page when a screen fails to draw (tests/screens/error-page.test.tsx)',
  },
  'errorPage.left': { notSent: 'sent by the error page when it goes (tests/screens/error-page.test.tsx)' },
  'provider.clear': async ({ page }) => {
    await page.getByRole('button', { name: 'Rimuovi il filtro professionista' }).click();
  },
  'providerFilter.open': async ({ page }) => {
    await page.getByRole('button', { name: 'Filtra professionista' }).click();
  },
  'providerFilter.select': async ({ page, booking }, event) => {
    await booking.choose(await providerOption(page, event.providerId));
  },
  'providerFilter.apply': async ({ booking, before }) => {
    const apply = booking.providerFilter().getByRole('button', { name: 'APPLICA FILTRO' });
    // SPEC §2: disabled without a selection; its press changes nothing (the model's guard refuses it).
    if ((before.kids.slots?.snapshot.context as { choice: string | null } | undefined)?.choice == null) {
      await expect(apply).toBeDisabled();
      return;
    }
    await apply.click();
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
    const apply = page.getByRole('button', { name: 'APPLICA', exact: true });
    if (await apply.isDisabled()) throw new Error('APPLICA is disabled: the page cannot send coupon.apply here');
    await apply.click();
  },
  'coupon.remove': async ({ page }) => {
    await page.getByRole('button', { name: 'Rimuovi', exact: true }).click();
  },
  // Issue 28: the checkout's button in the hold's last minute.
  'hold.extend': async ({ page }) => {
    await page.getByRole('button', { name: 'MI SERVE PIÙ TEMPO' }).click();
  },
  'hold.lost': { notSent: "raised by the hold region when her time's hold is lost" },
  'booking.sending': { notSent: 'sent by the checkout machine as it sends the booking' },
  'booking.failed': { notSent: 'sent by the checkout machine when the booking is refused' },
  'coupon.applied': { notSent: 'sent by the coupon machine' },
  'coupon.removed': { notSent: 'sent by the coupon machine' },
  'checkout.submit': async ({ booking, email, before }, event) => {
    // Pressed again while the booking is being sent (an impatient person): the form is busy, so the
    // press is a tap on the button as it is, nothing filled.
    if (before.effects.some((effect) => effect.src === 'createBooking')) {
      await booking.next().click({ force: true });
      return;
    }
    await booking.fillCheckout(event.form, email);
    await booking.next().click();
  },
  'session.login': async ({ page }, event) => {
    await page.getByLabel('Email').fill(event.email);
    await page.getByLabel('Password', { exact: true }).fill(event.password);
    // Straight from the field, as a person does (a mended field's message leaves as she types:
    // src/screens/use-form-errors.ts, docs/testing.md "Issue 43's replay").
    await mainButton(page, 'LOGIN').click();
  },
  'session.logout': async ({ page }) => {
    await page.getByRole('button', { name: 'Esci' }).click();
  },
  'session.askReset': async ({ page }, event) => {
    await page.getByLabel('Email').fill(event.email);
    await mainButton(page, 'INVIA EMAIL').click();
  },
  // Issue 43: 'Controlla le tue Email!' closed as a dialog is (SPEC §4): Escape.
  'resetConfirmation.close': async ({ page }) => {
    await page.keyboard.press('Escape');
  },
  'session.completeSignup': async ({ page }, event) => {
    if (event.firstName !== undefined) await page.getByLabel('Nome', { exact: true }).fill(event.firstName);
    if (event.lastName !== undefined) await page.getByLabel('Cognome', { exact: true }).fill(event.lastName);
    await page.getByLabel(/Scegli una password/).fill(event.password);
    await mainButton(page, 'CREA ACCOUNT').click();
  },
  'session.userUpdated': { notSent: 'sent by the profile dialog machine' },
  'profile.open': async ({ page }) => {
    await page.getByRole('button', { name: 'Modifica profilo' }).first().click();
  },
  'profile.submit': async ({ booking }, event) => {
    const dialog = booking.profileDialog();
    await dialog.getByLabel('Nome', { exact: true }).fill(event.form.firstName);
    await dialog.getByLabel('Cognome', { exact: true }).fill(event.form.lastName);
    // A valid e-mail stands for the customer's own, kept: the paths share the demo customer, whose
    // e-mail later paths sign in with. An invalid one is typed as the path says.
    if (!event.form.email.includes('.')) await dialog.getByLabel('Email', { exact: true }).fill(event.form.email);
    await dialog.getByRole('button', { name: 'SALVA' }).click();
  },
  'profile.cancel': async ({ booking }) => {
    await booking.profileDialog().getByRole('button', { name: 'ANNULLA' }).click();
  },
  // Issue 16: the waitlist of a sold-out day, an appointment's screen, moving it.
  'waitlist.open': async ({ page }) => {
    await page.getByRole('button', { name: 'Avvisami se si libera un orario' }).click();
  },
  'waitlist.join': async ({ booking, email }, event) => {
    const dialog = booking.dialog('Avvisami se si libera un orario');
    // A valid e-mail is this run's own (as at the checkout); an invalid one is typed as the path says.
    await dialog.getByLabel('Email', { exact: true }).fill(event.email.includes('.') ? email : event.email);
    await dialog.getByRole('button', { name: 'AVVISAMI' }).click();
  },
  'waitlist.close': async ({ booking }) => {
    await booking.dialog('Avvisami se si libera un orario').getByRole('button', { name: 'CHIUDI' }).last().click();
  },
  'appointment.cancel': async ({ page }) => {
    await page.getByRole('button', { name: 'ANNULLA APPUNTAMENTO' }).click();
  },
  // NO, TIENILO in the cancel's dialog; NO, TORNA INDIETRO in the offer's (issue 27).
  'appointment.keep': async ({ booking, before }) => {
    const declining = before.kids.appointment?.snapshot.matches({ ready: 'confirmingDeclineOffer' }) === true;
    if (declining)
      await booking.dialog('Rifiuti il nuovo orario?').getByRole('button', { name: 'NO, TORNA INDIETRO' }).click();
    else await booking.dialog("Vuoi annullare l'appuntamento?").getByRole('button', { name: 'NO, TIENILO' }).click();
  },
  'appointment.confirmCancel': async ({ booking }) => {
    await booking.dialog("Vuoi annullare l'appuntamento?").getByRole('button', { name: 'SÌ, ANNULLA' }).click();
  },
  // Issue 27: the offer's buttons on the screen, and its dialog's.
  'appointment.acceptOffer': async ({ page }) => {
    await page.getByRole('button', { name: 'ACCETTA IL NUOVO ORARIO' }).click();
  },
  'appointment.declineOffer': async ({ page }) => {
    await page.getByRole('button', { name: 'RIFIUTA', exact: true }).click();
  },
  'appointment.confirmDeclineOffer': async ({ booking }) => {
    await booking.dialog('Rifiuti il nuovo orario?').getByRole('button', { name: 'SÌ, RIFIUTA' }).click();
  },
  'appointment.reminder': async ({ page }) => {
    // The box shows her choice as the server keeps it: it changes when the answer comes (states.ts).
    const box = page.getByRole('checkbox', { name: 'Ricordamelo anche 2 ore prima' });
    await box.locator('xpath=ancestor::label[1]').click();
  },
  'reschedule.date': async ({ booking, before }, event) => {
    const today = (before.root.context as { today: string }).today;
    await booking.pickDay(daysBetween(today, event.date));
  },
  'reschedule.clearDate': async ({ booking }) => {
    await booking.pressedDay().click();
  },
  'reschedule.time': async ({ booking }, event) => {
    await booking.pickSlot({ instantBooking: event.availableTime.instantBooking });
  },
  'reschedule.keepProfessional': async ({ page, booking }) => {
    await booking.toggle(page.getByRole('checkbox', { name: /^Con la stessa professionista/ }));
  },
  'reschedule.confirm': async ({ page }) => {
    await mainButton(page, 'SPOSTA QUI').click();
  },
  // Issue 29: the rating screen (src/screens/rating/rating-screen.tsx): each professional's stars
  // (a radio group named after her), her comment, INVIA LA VALUTAZIONE.
  'rating.stars': async ({ page, booking, before }, event) => {
    const { firstName } = ratedProfessional(before, event.professionalId);
    const group = main(page).getByRole('radiogroup', { name: RATING_PAGE.group(firstName) });
    await booking.choose(group.getByRole('radio', { name: RATING_PAGE.stars(event.stars), exact: true }));
  },
  'rating.comment': async ({ page, before }, event) => {
    const { index } = ratedProfessional(before, event.professionalId);
    await main(page).getByRole('textbox', { name: RATING_PAGE.comment }).nth(index).fill(event.comment);
  },
  'rating.submit': async ({ page, before }) => {
    const button = main(page).getByRole('button', { name: RATING_PAGE.submit });
    // Pressed again while the rating is sent (an impatient person): the button is busy (disabled),
    // so the press is a tap on it as it is.
    if (before.effects.some((effect) => effect.src === 'rateAppointment')) await button.click({ force: true });
    else await button.click();
  },
  // Issue 27, the professionals' screens (src/screens/pro): her agenda, the requests, a request.
  'pro.retry': async ({ page }) => {
    await main(page).getByRole('button', { name: PRO_PAGE.retry }).click();
  },
  'pro.moreDays': async ({ page }) => {
    await main(page).getByRole('button', { name: PRO_PAGE.agenda.moreDays }).click();
  },
  'pro.accept': async ({ page }) => {
    await main(page).getByRole('button', { name: PRO_PAGE.request.accept, exact: true }).click();
  },
  'pro.decline.open': async ({ page }) => {
    await main(page).getByRole('button', { name: PRO_PAGE.request.decline, exact: true }).click();
  },
  'pro.decline.close': async ({ booking }) => {
    await booking.dialog(DIALOG_TITLES.declineRequest).getByRole('button', { name: PRO_PAGE.decline.cancel }).click();
  },
  'pro.decline.submit': async ({ booking }, event) => {
    const dialog = booking.dialog(DIALOG_TITLES.declineRequest);
    // The reason named (none: the form as it is); her words as typed.
    if (event.reason) await booking.choose(dialog.getByRole('radio', { name: PRO_PAGE.decline.reasons[event.reason] }));
    await dialog.getByLabel(PRO_PAGE.decline.message).fill(event.message);
    await dialog.getByRole('button', { name: PRO_PAGE.decline.submit }).click();
  },
  'pro.offer.open': async ({ page }) => {
    await main(page).getByRole('button', { name: PRO_PAGE.request.offer }).click();
  },
  'pro.offer.day': async ({ page, world }, event) => {
    // The model's day, as far from its request's day as the path's is from its real request's.
    const real = world.links?.requests.get(REQUEST.id);
    if (!real) throw new Error('no real request for the offer of another day (e2e/paths/links.ts)');
    const date = addDaysTo(real.date, daysBetween(REQUEST.date, event.date));
    await offerPanel(page).getByLabel(PRO_PAGE.offer.day).fill(date);
  },
  'pro.offer.pick': async ({ page, world }, event) => {
    // The model's time is one of hers other than the one asked: the same time, else the first such real one.
    const asked = world.links?.requests.get(REQUEST.id) ? ASKED_TIME : null;
    const slots = offerPanel(page).getByRole('group', { name: PRO_PAGE.offer.times }).getByRole('button');
    const named = slots.filter({ hasText: new RegExp(`^\\s*${event.startTime}`) });
    const other = slots.filter({ hasNotText: new RegExp(`^\\s*${asked ?? 'none'}`) }).first();
    await ((await named.count()) > 0 ? named.first() : other).click();
  },
  'pro.offer.submit': async ({ page }) => {
    await offerPanel(page).getByRole('button', { name: PRO_PAGE.offer.submit }).click();
  },
  'pro.offer.close': async ({ page }) => {
    await offerPanel(page).getByRole('button', { name: PRO_PAGE.offer.cancel }).click();
  },
  'pro.quote.open': async ({ page }) => {
    await main(page).getByRole('button', { name: PRO_PAGE.request.quote }).click();
  },
  'pro.quote.submit': async ({ page, booking, world }, event) => {
    const panel = quotePanel(page);
    await panel.getByLabel(PRO_PAGE.quote.total).fill(event.total);
    await panel.getByLabel(PRO_PAGE.quote.includes).fill(event.includes);
    // A member named instead of the proposed one (the fixture's stands for another real one who
    // serves that category there); the quote's answer must have her in the team.
    const chosen: string[] = [];
    for (const change of event.team ?? []) {
      const title = CATEGORY_TITLES[fromApiCategory(change.category)];
      const group = panel.getByRole('radiogroup', { name: PRO_PAGE.quote.member(title) });
      // The first one not chosen, by her id (an 'unchecked' locator would move on once she is chosen).
      const id = await group.getByRole('radio', { checked: false }).first().getAttribute('value');
      if (!id) throw new Error(`no other professional to name for ${title}`);
      await booking.choose(group.locator(`input[type="radio"][value="${id}"]`));
      chosen.push(id);
    }
    world.overrides.set('quoteSalotto:ok', {
      kind: 'real',
      holds: (data) => {
        const quoted = proAppointmentOf(data);
        return (
          quoted.status === 'confirmed' &&
          chosen.every((id) => quoted.team?.some((member) => member.professionalId === id))
        );
      },
      what: `the salotto confirmed${chosen.length > 0 ? ' with the member she named' : ''}`,
    });
    await panel.getByRole('button', { name: PRO_PAGE.quote.submit }).click();
  },
  'pro.quote.close': async ({ page }) => {
    await quotePanel(page).getByRole('button', { name: PRO_PAGE.quote.cancel }).click();
  },
  // Issue 40: her time off (src/screens/pro/time-off-screen.tsx).
  'pro.timeOff.submit': async ({ page, world, before }, event) => {
    const form = timeOffPanel(page);
    const modelToday = (before.root.context as { today: string }).today;
    const pageToday = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    const saves = timeOffSaves.get(world) ?? 0;
    const real = (date: string) =>
      date === ''
        ? ''
        : addDaysTo(pageToday, TIME_OFF_WEEKS_AHEAD * 7 + saves * TIME_OFF_SHIFT_DAYS + daysBetween(modelToday, date));
    if (event.form.kind !== 'days') throw new Error('the model enters whole days only');
    await form.getByLabel(PRO_PAGE.timeOff.startDate, { exact: true }).fill(real(event.form.startDate));
    await form.getByLabel(PRO_PAGE.timeOff.endDate, { exact: true }).fill(real(event.form.endDate));
    await form.getByRole('textbox', { name: PRO_PAGE.timeOff.reason }).fill(event.form.reason);
    if (event.form.startDate !== '') timeOffSaves.set(world, saves + 1);
    await form.getByRole('button', { name: PRO_PAGE.timeOff.submit }).click();
  },
  'pro.timeOff.cancel': async ({ page }) => {
    // The model's one time off listed (the path's own, saved for real): the first ANNULLA ASSENZA.
    await main(page).getByRole('button', { name: PRO_PAGE.timeOff.cancel }).first().click();
  },
  // Issue 40: the team's board (src/screens/pro/team-board-screen.tsx); its answers are the model's (world.ts).
  'pro.board.show': async ({ page, before }, event) => {
    const form = main(page).getByRole('form', { name: PRO_PAGE.board.filters });
    const modelToday = (before.root.context as { today: string }).today;
    const pageToday = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    const city = { milano: 'Milano', roma: 'Roma', torino: 'Torino' }[event.zoneId] ?? event.zoneId;
    await form.getByLabel(PRO_PAGE.board.city, { exact: true }).selectOption({ label: city });
    await form
      .getByLabel(PRO_PAGE.board.day, { exact: true })
      .fill(addDaysTo(pageToday, daysBetween(modelToday, event.date)));
    await form.getByRole('button', { name: PRO_PAGE.board.show }).click();
  },
  'pro.board.reassign': async ({ page, before }, event) => {
    const board = (
      before.kids.proTeamBoard?.snapshot.context as
        { board: { columns: { professional: { id: string; name: string } }[] } | null } | undefined
    )?.board;
    const name = board?.columns.find((c) => c.professional.id === event.professionalId)?.professional.name;
    if (!name) throw new Error(`no professional ${event.professionalId} on the model's board`);
    const list = main(page).getByRole('region', { name: PRO_PAGE.board.toPlace });
    await list.getByLabel(PRO_PAGE.board.reassignTo, { exact: true }).first().selectOption({ label: name });
    await list.getByRole('button', { name: PRO_PAGE.board.reassign }).first().click();
  },
  'pro.board.timeOff': async ({ page, before }, event) => {
    const form = page.getByRole('form', { name: PRO_PAGE.board.timeOffForm });
    const modelToday = (before.root.context as { today: string }).today;
    const pageToday = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    const real = (date: string) => (date === '' ? '' : addDaysTo(pageToday, daysBetween(modelToday, date)));
    const board = (
      before.kids.proTeamBoard?.snapshot.context as
        { board: { columns: { professional: { id: string; name: string } }[] } | null } | undefined
    )?.board;
    const name = board?.columns.find((c) => c.professional.id === event.professionalId)?.professional.name;
    if (name) await form.getByLabel(PRO_PAGE.board.professional, { exact: true }).selectOption({ label: name });
    await form.getByLabel(PRO_PAGE.timeOff.startDate, { exact: true }).fill(real(event.form.startDate));
    await form.getByLabel(PRO_PAGE.timeOff.endDate, { exact: true }).fill(real(event.form.endDate));
    await form.getByRole('textbox', { name: PRO_PAGE.timeOff.reason }).fill(event.form.reason);
    await form.getByRole('button', { name: PRO_PAGE.timeOff.submit }).click();
  },
  // Issue 40: her hours (src/screens/pro/hours-screen.tsx): each weekday emptied, then its ranges typed.
  'pro.hours.submit': async ({ page, before }, event) => {
    const form = hoursPanel(page);
    const modelToday = (before.root.context as { today: string }).today;
    const pageToday = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    const validFrom =
      event.form.validFrom === ''
        ? ''
        : addDaysTo(pageToday, HOURS_WEEKS_AHEAD * 7 + daysBetween(modelToday, event.form.validFrom));
    await form.getByLabel(PRO_PAGE.hours.validFrom, { exact: true }).fill(validFrom);
    for (const [i, ranges] of event.form.days.entries()) {
      const day = form.getByRole('group', { name: PRO_PAGE.hours.weekdays[i]!, exact: true });
      const dayOff = day.getByRole('button', { name: new RegExp(`^${PRO_PAGE.hours.dayOff}`) });
      if (await dayOff.count()) await dayOff.click();
      for (const [n, range] of ranges.entries()) {
        await day.getByRole('button', { name: new RegExp(`^${PRO_PAGE.hours.addRange}`) }).click();
        const fields = day.getByRole('group', { name: new RegExp(`^Fascia ${n + 1} `) });
        await fields.getByLabel(PRO_PAGE.hours.start, { exact: true }).fill(range.start);
        await fields.getByLabel(PRO_PAGE.hours.end, { exact: true }).fill(range.end);
      }
    }
    await form.getByRole('button', { name: PRO_PAGE.hours.submit }).click();
  },
  'pro.hours.handOver': async ({ page }) => {
    // The model's one appointment outside her hours (the replay's list is the model's): its button.
    await main(page).getByRole('button', { name: PRO_PAGE.hours.handOver }).first().click();
  },
  'effect.settle': async ({ world, before }, event) => {
    const effect = before.effects.find((e) => e.actor === event.actor && e.src === event.src);
    const outcome = effect ? OUTCOMES[event.src]?.(effect.input)[event.outcome] : undefined;
    const message = outcome && 'error' in outcome ? outcome.error : '';
    if (['searchAddresses', 'resolveAddress', 'lookupStreetNumber'].includes(event.src)) {
      // Held only when the person acted while it was pending (World.heldGeo); else it answered at once.
      if (world.holds(event.src)) await world.settle(event.src, event.outcome, message);
      else await world.passedAtOnce(event.src as GeoSource);
      return;
    }
    // The app makes no call for a visitor's professionals (no one met): nothing to answer then.
    await world.settle(event.src, event.outcome, message, event.src === 'loadProviders' ? 1_000 : 5_000, event.actor);
  },
  'timer.elapse': async ({ world, before }, event) => {
    const machine = machineOf(before, event.actor);
    const delay = (machine?.implementations.delays as Record<string, unknown> | undefined)?.[event.delay];
    if (typeof delay !== 'number') throw new Error(`No delay '${event.delay}' in machine '${event.actor}'`);
    const timer = before.timers.find((candidate) => candidate.id === event.timer);
    if (timer && isHoldTimer(timer)) await world.elapseHoldTimer(timer.id, delay);
    else await world.elapse(delay);
  },
};

const namedServices = (event: SystemEvent): { id: string }[] =>
  event.type === 'service.selectMain' ||
  event.type === 'service.pickSecondary' ||
  event.type === 'service.toggleSecondary' ||
  event.type === 'upsell.choose'
    ? [event.service]
    : [];

/**
 * Whether a path's event can be replayed in the browser from the model's state `sys`, and why not:
 * no browser action, a service the page of that flow does not list, an action the page disables.
 */
export function unsupportedEvent(event: SystemEvent, sys?: SystemSnapshot): string | null {
  if (sys) {
    const flow = flowOfSys(sys);
    for (const service of namedServices(event))
      if (!realServiceName(flow, service))
        return `event '${event.type}' names '${service.id}', which the ${flow} flow's service list does not offer (fixtures: no such service in that list; e2e/paths/catalogue.ts)`;
    if (event.type === 'upsell.open' && !realGroupMember(flow, event.groupId))
      return `event 'upsell.open' names the group '${event.groupId}', which the ${flow} flow's list does not offer`;
    const coupon = sys.kids.coupon?.snapshot.context as { code?: string } | undefined;
    if (event.type === 'coupon.apply' && (coupon?.code ?? '').trim() === '')
      return "event 'coupon.apply' with no code typed: the page disables APPLICA (coupon-block.tsx)";
  }
  const entry = (EVENTS as Partial<Record<EventType, Action<EventType> | NotSent>>)[event.type];
  if (!entry) return `event '${event.type}' has no entry in e2e/paths/events.ts`;
  if ('notSent' in entry) return `event '${event.type}' has no browser action: ${entry.notSent}`;
  if (event.type === 'effect.settle' && !OBTAIN[event.src]?.[event.outcome])
    return `no way to obtain '${event.outcome}' of '${event.src}' from the API`;
  return null;
}

/** The browser action of an event, after its world is prepared (forced geocoder answers). */
export async function perform(context: ReplayContext, event: SystemEvent): Promise<void> {
  const entry = (EVENTS as Partial<Record<EventType, Action<EventType> | NotSent>>)[event.type];
  if (!entry) throw new Error(`No browser action for event '${event.type}'`);
  if ('notSent' in entry) throw new Error(`No browser action for event '${event.type}': ${entry.notSent}`);
  prepareGeo(context);
  await entry(context, event as never);
}
