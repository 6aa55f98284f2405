import type { Locator } from '@playwright/test';
import { DEMO, login, mainButton } from './support/app';
import { choose, confirmSlot, fillCheckoutAndSend, pickAddress, pickFirstFreeSlot } from './support/booking';
import { expect, test as pinned } from './support/clock';

/**
 * Analytics as a product owner reads them (issue 18; SPEC §3, §4, §7, §8; docs/analytics.md): every
 * push to `window.dataLayer` over a visitor's single booking and a customer's salotto request is
 * recorded — across the full page load the booking's redirect makes — and the sequence is checked:
 * one page view per step with its page_path, a click for every AVANTI and choice, a popup per
 * dialog, an error per error toast, one booking event, SPEC §3's fields on every event.
 */

type Event = Record<string, unknown> & { event: string; label?: string; page_path: string };

/** The page runs at the suite's pinned instant, in its own week (support/clock.ts); `events` records. */
const test = pinned.extend<{ events: Event[] }>({
  events: async ({ page }, use) => {
    const events: Event[] = [];
    await page.exposeFunction('__recordAnalytics', (entry: Event) => {
      events.push(entry);
    });
    // The app pushes to the array it finds: this one also tells the test, in order.
    await page.addInitScript(() => {
      const layer: unknown[] = [];
      const push = layer.push.bind(layer);
      layer.push = (...items: unknown[]) => {
        const record = (window as unknown as { __recordAnalytics: (entry: unknown) => void }).__recordAnalytics;
        for (const item of items) void record(JSON.parse(JSON.stringify(item)));
        return push(...items);
      };
      (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
    });
    await use(events);
  },
});

const named = (events: Event[], name: string) => events.filter((entry) => entry.event === name);
const labels = (events: Event[], name: string) => named(events, name).map((entry) => entry.label);

/** Waits until a dialog holds the focus: it has finished opening and answers its buttons. */
async function opened(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  return dialog;
}

/** Every page view's label is its page_path; each path shown once per arrival, in this order. */
function expectPageViews(events: Event[], paths: string[]) {
  const views = named(events, 'page_view').filter((entry) => entry.label !== 'modale_conferma');
  expect(views.map((entry) => entry.page_path)).toEqual(paths);
  for (const view of views) expect(view.label).toBe(view.page_path);
}

/** SPEC §3: every event has the page, the user's status (and e-mail only when signed in). */
function expectFields(events: Event[], user: { email: string } | null) {
  for (const entry of events.filter((item) => item.event !== 'gtm.js')) {
    expect(entry.page_path, JSON.stringify(entry)).toMatch(/^\//);
    expect(entry.user_status, JSON.stringify(entry)).toBe(user ? 'logged_in' : 'logged_out');
    if (user) expect(entry.user_email, JSON.stringify(entry)).toBe(user.email);
    else expect(entry, JSON.stringify(entry)).not.toHaveProperty('user_email');
    expect(['single', 'multiple', 'cross']).toContain(entry.customer_type);
  }
}

test('a visitor’s single booking: page views, clicks, popups, errors and the booking event', async ({
  page,
  events,
}) => {
  test.setTimeout(120_000);
  const email = `analytics-${Date.now()}-${test.info().project.name}@musa.example`;

  await page.goto('/booking/location');
  await expect(page.getByRole('heading', { name: 'Dove vuoi ricevere il servizio?' })).toBeVisible();
  // The heading is in the prerendered HTML: the view is counted once the app has started.
  await expect.poll(() => named(events, 'page_view').length).toBe(1);
  // A reload is a new view of the same page, exactly one.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dove vuoi ricevere il servizio?' })).toBeVisible();
  await expect.poll(() => named(events, 'page_view').length).toBe(2);

  // The header's help dialog.
  await page.getByRole('button', { name: 'Aiuto' }).click();
  const help = await opened(page.getByRole('dialog', { name: 'Hai bisogno di aiuto?' }));
  await help.getByRole('button', { name: 'Chiudi' }).click();
  await expect(help).toBeHidden();

  await pickAddress(page);
  await expect(page.getByRole('combobox', { name: 'Indirizzo' })).toHaveValue(/Via Roma/);
  await mainButton(page, 'AVANTI').click();
  await expect(page).toHaveURL(/\/booking\/participants/);

  // Back and forward are route changes too: one view each.
  await page.goBack();
  await expect(page).toHaveURL(/\/booking\/location/);
  await page.goForward();
  await expect(page).toHaveURL(/\/booking\/participants/);
  await expect(page.getByRole('heading', { name: /Per quante persone/ })).toBeVisible();

  await choose(page, 'radio', /Solo 1/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/category/);
  // AVANTI without a choice: an error toast, and its error event.
  await mainButton(page, 'AVANTI').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Devi selezionare un opzione' })).toBeVisible();
  await choose(page, 'radio', /Capelli/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/hair(\?|$)/);
  await choose(page, 'radio', /Sopra il mento/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/hair\/service/);
  await choose(page, 'radio', /Piega liscia/);
  // The variant group's upsell box.
  const piega = page.getByRole('radio', { name: /Piega liscia/ }).locator('xpath=ancestor::label[1]');
  await piega.getByRole('button', { name: /altre opzioni/i }).click();
  const upsell = page.getByRole('region', { name: 'Specifica le tue preferenze' });
  await expect(upsell).toBeVisible();
  await upsell.getByRole('button', { name: 'Chiudi' }).click();
  await expect(upsell).toBeHidden();
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/hair\/data/);
  // The professional filter (a visitor has met nobody yet).
  await page.getByRole('button', { name: 'Filtra professionista' }).click();
  const filter = await opened(page.getByRole('dialog', { name: 'Mostra solo le disponibilità di:' }));
  await filter.locator('button', { hasText: 'CHIUDI' }).click();
  await expect(filter).toBeHidden();
  const time = await pickFirstFreeSlot(page);
  const modal = await confirmSlot(page, /\/booking\/hair\/checkout/);

  await fillCheckoutAndSend(page, { firstName: 'Elena', lastName: 'Verdi', phone: '+39 333 000 1111', email: email });
  await expect(page).toHaveURL(/\/reset-password\?token=.+&email=/, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'CREA ACCOUNT' })).toBeVisible();
  await expect.poll(() => named(events, 'page_view').at(-1)?.page_path).toBe('/reset-password');

  expectPageViews(events, [
    '/booking/location',
    '/booking/location', // the reload
    '/booking/participants',
    '/booking/location', // back
    '/booking/participants', // forward
    '/booking/category',
    '/booking/hair',
    '/booking/hair/service',
    '/booking/hair/data',
    '/booking/hair/checkout',
    '/reset-password',
  ]);

  const clicks = labels(events, 'button_click');
  // location, participants, category refused then accepted, hair, service, data.
  expect(clicks.filter((label) => label === 'AVANTI')).toHaveLength(7);
  for (const label of [
    'aiuto',
    'chiudi',
    'indirizzo',
    'Solo 1',
    'Capelli',
    'Sopra il mento',
    'servizio',
    'altre_opzioni',
  ]) {
    expect(clicks, label).toContain(label);
  }
  for (const label of ['Filtra professionista', 'CHIUDI', 'giorno', 'orario', 'Sì', 'RICHIEDI PRENOTAZIONE']) {
    expect(clicks, label).toContain(label);
  }
  expect(named(events, 'button_click').find((entry) => entry.label === 'servizio')).toMatchObject({
    value: expect.stringContaining('Piega liscia'),
    page_path: '/booking/hair/service',
  });
  expect(named(events, 'button_click').find((entry) => entry.label === 'orario')).toMatchObject({
    value: expect.stringContaining(time),
    page_path: '/booking/hair/data',
  });

  const popups = labels(events, 'popup');
  expect(popups).toEqual(['aiuto', 'upsell', 'filtro_professionista', ...(modal ? ['modale_conferma'] : [])]);
  expect(named(events, 'popup').find((entry) => entry.label === 'upsell')).toMatchObject({
    upsell_group: expect.stringMatching(/./),
    page_path: '/booking/hair/service',
  });
  if (modal) {
    expect(named(events, 'page_view').filter((entry) => entry.label === 'modale_conferma')).toHaveLength(1);
  }

  expect(named(events, 'error')).toEqual([
    expect.objectContaining({ label: 'Devi selezionare un opzione', page_path: '/booking/category' }),
  ]);
  const bookings = named(events, 'purchase');
  expect(bookings).toHaveLength(1);
  expect(bookings[0]).toMatchObject({
    page_path: '/booking/hair/checkout',
    customer_type: 'single',
    service_type: 'hair',
  });

  expectFields(events, null);
  // The category is known from its choice on: every later event says hair.
  const afterCategory = events.slice(events.findIndex((entry) => entry.page_path === '/booking/hair'));
  for (const entry of afterCategory.filter((item) => item.page_path.startsWith('/booking'))) {
    expect(entry).toMatchObject({ customer_type: 'single', service_type: 'hair' });
  }
});

test('a customer’s salotto request (hair and make-up): cross, with her e-mail on every event', async ({
  page,
  events,
}) => {
  test.setTimeout(120_000);
  await login(page);
  await expect(page.getByText('Cosa vuoi prenotare oggi?')).toBeVisible();
  const fromHere = events.length;
  await page.getByRole('link', { name: 'NUOVO APPUNTAMENTO' }).click();
  await expect(page).toHaveURL(/\/booking\/location/);
  const address = page.getByRole('combobox', { name: 'Indirizzo' });
  if (!(await address.inputValue())) await pickAddress(page);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/participants/);
  await choose(page, 'radio', /Salotto di Musa/);
  await mainButton(page, 'AVANTI').click();
  await expect(page).toHaveURL(/\/booking\/participants-salotto/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/category-salotto/);
  await choose(page, 'checkbox', /Capelli/);
  await choose(page, 'checkbox', /Make up/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/salotto\/service/);
  // One service of each category (SPEC §5).
  for (const title of [/capelli/i, /make.?up|trucco/i]) {
    const first = page.getByRole('group', { name: title }).getByRole('checkbox').first();
    await first.locator('xpath=ancestor::label[1]').click();
    await expect(first).toBeChecked();
  }
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/salotto\/details/);
  await mainButton(page, 'AVANTI').click();

  await expect(page).toHaveURL(/\/booking\/salotto\/data/);
  await page.getByRole('button', { name: 'Filtra professionista' }).click();
  const filter = await opened(page.getByRole('dialog', { name: 'Mostra solo le disponibilità di:' }));
  await filter.locator('button', { hasText: 'CHIUDI' }).click();
  await expect(filter).toBeHidden();
  await pickFirstFreeSlot(page);
  const modal = await confirmSlot(page, /\/booking\/salotto\/checkout/);

  const fill = async (label: string, value: string) => {
    const field = page.getByLabel(label, { exact: true });
    if (!(await field.inputValue())) await field.fill(value);
  };
  await fill('Nome', DEMO.firstName);
  await fill('Cognome', 'Demo');
  await fill('Telefono', '+39 333 000 2222');
  await fill('Nome sul citofono', 'Demo');
  await choose(page.getByRole('radiogroup', { name: /buone condizioni di salute/ }), 'radio', 'Sì');
  const privacy = page.getByRole('checkbox', { name: /privacy policy/ });
  if (!(await privacy.isChecked())) await choose(page, 'checkbox', /privacy policy/);
  await mainButton(page, 'RICHIEDI PRENOTAZIONE').click();
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 15_000 });
  await expect(page.getByText('Cosa vuoi prenotare oggi?')).toBeVisible();

  const booking = events.slice(fromHere);
  const views = named(booking, 'page_view').filter((entry) => entry.label !== 'modale_conferma');
  expect(views.map((entry) => entry.page_path)).toEqual([
    '/booking/location',
    '/booking/participants',
    '/booking/participants-salotto',
    '/booking/category-salotto',
    '/booking/salotto/service',
    '/booking/salotto/details',
    '/booking/salotto/data',
    '/booking/salotto/checkout',
    '/',
  ]);
  const clicks = labels(booking, 'button_click');
  expect(clicks.filter((label) => label === 'AVANTI')).toHaveLength(7);
  for (const label of ['NUOVO APPUNTAMENTO', 'Salotto di Musa (2+ persone)', 'Capelli', 'Make up', 'servizio']) {
    expect(clicks, label).toContain(label);
  }
  expect(labels(booking, 'popup')).toEqual(['filtro_professionista', ...(modal ? ['modale_conferma'] : [])]);
  expect(named(booking, 'error')).toEqual([]);
  const bookings = named(booking, 'purchase');
  expect(bookings).toHaveLength(1);
  expect(bookings[0]).toMatchObject({
    page_path: '/booking/salotto/checkout',
    customer_type: 'cross',
    service_type: 'hair | make-up',
  });
  // Signed in from the personal area on: logged_in with her e-mail on every event.
  expectFields(booking, { email: DEMO.email });
  const salotto = booking.filter((entry) => entry.page_path.startsWith('/booking/salotto'));
  for (const entry of salotto) expect(entry).toMatchObject({ customer_type: 'cross', service_type: 'hair | make-up' });
});
