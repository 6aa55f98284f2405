import type { Browser, Locator, Page } from '@playwright/test';
import { expect, pinClock, romeInstant, suiteDate, test } from './support/clock';
import { expectNoSeriousViolations } from './support/axe';
import { call, data, torinoAddress } from './support/api';
import { DEMO, login } from './support/app';
import { toHairData } from './support/booking';
import { linkIn, waitForMail } from './support/outbox';

/**
 * Issue 29's journey, in Chromium against the real app and API: a visitor's appointment with Giulia
 * Ferrero is over (the API's clock is moved past it: POST /e2e/clock), the invitation to rate it is
 * in her mailbox two hours after the end, its link opens the rating screen, she gives 4 stars and a
 * comment by keyboard; the next customer who met Giulia (the demo customer, seed) sees her average
 * in 'Filtra professionista'.
 *
 * What she should read is counted here, not taken from the API: the seed gave Giulia two ratings (5
 * and 4) and every run of this journey (one per project, in one database) gives her 4 more stars.
 * With two: 'Nuova'; with three, (5 + 4 + 4) / 3 = 4,3; with four, 17 / 4 = 4,25 → 4,3.
 */

/** What the filter dialog says of Giulia when she has `count` ratings: the seed's two, then 4 stars each. */
function standing(count: number): { label: string } | 'Nuova' {
  if (count < 3) return 'Nuova';
  const sum = 5 + 4 + 4 * (count - 2);
  const average = (Math.round((sum * 10) / count) / 10).toFixed(1).replace('.', ',');
  return { label: `Valutazione media ${average} su 5, ${count} valutazioni` };
}

/** What Giulia's option says (the customer may have met others too: their standing is theirs). */
async function expectStanding(filter: Locator, count: number) {
  const expected = standing(count);
  const option = filter.locator('label', { hasText: GIULIA });
  await expect(option).toHaveCount(1);
  if (expected === 'Nuova') {
    await expect(option.getByText('Nuova')).toBeVisible();
    await expect(option.getByText(/★/)).toHaveCount(0);
  } else {
    await expect(option.getByRole('img', { name: expected.label })).toBeVisible();
    await expect(option.getByText('Nuova')).toHaveCount(0);
  }
}

const GIULIA = 'Giulia Ferrero';

/** The filter dialog of the demo customer's date step, open. */
async function providerFilter(page: Page) {
  await login(page);
  // Her personal area lists her past appointment with Giulia (seed), not rated yet: 'Valuta'.
  await expect(page.getByRole('link', { name: /Valuta/ }).first()).toBeVisible();
  await toHairData(page);
  await page.getByRole('button', { name: 'Filtra professionista' }).click();
  const filter = page.getByRole('dialog', { name: 'Mostra solo le disponibilità di:' });
  await expect(filter).toBeVisible();
  return filter;
}

/** A second browser for the customer (nobody signed in), phone-sized, its clock at `at`. */
async function customerPage(browser: Browser, at: Date): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await pinClock(page, at);
  return page;
}

test('after a past appointment: the invitation, its link, 4 stars and a comment; the next customer who met Giulia sees her average', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = `e2e-rating-${Date.now()}-${test.info().project.name}@musa.example`;

  // How many ratings Giulia has now (the seed's two, and this journey's in another project).
  const demo = await data<{ token: string; user: { id: string } }>('POST', '/login', {
    email: DEMO.email,
    password: DEMO.password,
  });
  const { providers } = await data<{
    providers: { _id: string; firstName: string; lastName: string; rating: { count: number } }[];
  }>('GET', `/users/${demo.user.id}/providers`, undefined, demo.token);
  const giulia = providers.find((p) => `${p.firstName} ${p.lastName}` === GIULIA)!;
  const count = giulia.rating.count;
  expect(count).toBeGreaterThanOrEqual(2);

  // Before: the demo customer reads it beside her name.
  const before = await providerFilter(page);
  await expect(before.getByText(GIULIA)).toBeVisible();
  await expectStanding(before, count);

  // A visitor books Giulia's first free time on the suite's Thursday (she works Monday to Friday), as
  // the app books it.
  const thursday = suiteDate('thursday');
  const location = await torinoAddress();
  const services = ['capelli-piega-liscia'];
  const { availableTimes } = await data<{ availableTimes: { startTime: string; endTime: string }[] }>(
    'POST',
    '/bookings/available-times',
    { bookingLocation: location, services, startDate: thursday, providerId: giulia._id, hairLength: 'long' },
  );
  const time = availableTimes[0]!;
  await data('POST', '/bookings/store', {
    firstName: 'Noemi',
    lastName: 'Fontana',
    email,
    phoneNumber: '+39 333 000 2929',
    doorbellName: 'Fontana',
    fitToPlead: true,
    location,
    services,
    startDate: thursday,
    startTime: time.startTime,
    providerId: giulia._id,
    hairLength: 'long',
  });

  // Two hours after its end (in Rome) the invitation goes out.
  const invitedAt = new Date(romeInstant(thursday, time.endTime).getTime() + 2 * 60 * 60 * 1000 + 30_000);
  const since = Date.now();
  expect((await call('POST', '/e2e/clock', { at: invitedAt.toISOString() })).status).toBe(200);
  try {
    const invitation = await waitForMail(email, since, 20_000, (m) => m.includes('/rating?token='));
    expect(invitation).toContain('VALUTA L');
    const link = linkIn(invitation, /\/appointments\/[^/?]+\/rating/);

    // Her phone, at that moment: the link opens the rating screen.
    const customer = await customerPage(browser, invitedAt);
    await customer.goto(link);
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText("Com'è andata?");
    const stars = customer.getByRole('radiogroup', { name: 'Valutazione per Giulia' });
    await expect(stars).toBeVisible();
    await expectNoSeriousViolations(customer);
    // By keyboard: the first star, then the arrows to the fourth.
    await stars.getByRole('radio', { name: '1 stella' }).focus();
    await customer.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await customer.keyboard.press('ArrowRight');
    await expect(stars.getByRole('radio', { name: '4 stelle' })).toBeChecked();
    await customer.getByLabel('Un commento (facoltativo)').fill('Puntuale e gentilissima, piega perfetta.');
    await customer.getByRole('button', { name: 'INVIA LA VALUTAZIONE' }).click();
    await expect(customer.getByText('Grazie! La tua valutazione è stata salvata.')).toBeVisible();
    await customer.context().close();
  } finally {
    expect((await call('POST', '/e2e/clock', { at: null })).status).toBe(200);
  }

  // After: the next customer who met Giulia reads her average with this rating counted.
  const next = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const nextPage = await next.newPage();
  await pinClock(nextPage);
  const after = await providerFilter(nextPage);
  await expect(after.getByText(GIULIA)).toBeVisible();
  await expectStanding(after, count + 1);
  await expectNoSeriousViolations(nextPage);
  await next.close();
});
