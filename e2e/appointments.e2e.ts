import type { Page } from '@playwright/test';
import { expect, longDate, pinClock, suiteDate, test } from './support/clock';
import { expectNoSeriousViolations } from './support/axe';
import { BOOKING_START, DEMO, login, mainButton } from './support/app';
import { bookHairAsVisitor, confirmSlot, fillCheckoutAndSend, pickFirstFreeSlot, toHairData } from './support/booking';
import { calendarIn, linkIn, waitForMail } from './support/outbox';

/**
 * After the booking (issue 16), in Chromium against the real app and API: a customer moves and
 * cancels her appointment from the confirmation e-mail's link (no password) and from her personal
 * area; a sold-out day's waitlist, and the link of the e-mail that says the day freed up. The
 * e-mails are read from the API's outbox.
 */

const MANAGE_LINK = /\/appointments\/[^?]+/;

/**
 * @ci: CI's run only (scripts/test.mjs), on the phone and the desktop: `npm test` on a laptop stays
 * under 12 minutes without this suite's heaviest journeys (the e-mail link's move and cancel stays in it).
 */
const CI_ONLY = { tag: '@ci' };

const uniqueEmail = (name: string) => `e2e-${name}-${Date.now()}-${test.info().project.name}@musa.example`;

/** The appointment's card: 'sabato 12 dicembre, ore 10:30' names it. */
const card = (page: Page) => page.getByRole('main').getByRole('article');

/** SPOSTA APPUNTAMENTO → a free time of another day → SPOSTA QUI; the new time. */
async function moveToAnotherDay(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'SPOSTA APPUNTAMENTO' }).click();
  await expect(page).toHaveURL(/\/appointments\/[^/]+\/reschedule/);
  await expect(page.getByRole('heading', { name: 'Scegli il nuovo orario' })).toBeVisible();
  await expectNoSeriousViolations(page);
  // Without a time the move is refused with the wizard's message.
  await mainButton(page, 'SPOSTA QUI').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Devi selezionare un orario' })).toBeVisible();
  // Four days ahead: a day after the booked one, still free to cancel afterwards.
  const time = await pickFirstFreeSlot(page, 4);
  await mainButton(page, 'SPOSTA QUI').click();
  await expect(page.getByText('Appuntamento spostato')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Il tuo appuntamento' })).toBeVisible();
  return time;
}

/** ANNULLA APPUNTAMENTO, first kept (NO, TIENILO), then cancelled (SÌ, ANNULLA). */
async function cancel(page: Page) {
  await page.getByRole('button', { name: 'ANNULLA APPUNTAMENTO' }).click();
  const dialog = page.getByRole('alertdialog', { name: "Vuoi annullare l'appuntamento?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'NO, TIENILO' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'ANNULLA APPUNTAMENTO' }).click();
  await dialog.getByRole('button', { name: 'SÌ, ANNULLA' }).click();
  await expect(page.getByText('Appuntamento annullato')).toBeVisible();
  await expect(page.getByText('Questo appuntamento è stato annullato.')).toBeVisible();
  await expect(card(page)).toContainText('Annullato');
  await expect(page.getByRole('button', { name: 'ANNULLA APPUNTAMENTO' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'PRENOTA UN ALTRO APPUNTAMENTO' })).toBeVisible();
}

test('from the confirmation e-mail’s link, without a password: she moves her appointment, then cancels it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('gestisci');
  const since = Date.now();
  // Three days ahead: free to cancel and move until 24 hours before.
  const booked = await bookHairAsVisitor(
    page,
    { firstName: 'Irene', lastName: 'Conti', phone: '+39 333 000 5555', email },
    { fromDay: 3 },
  );
  const confirmation = await waitForMail(email, since);
  const link = linkIn(confirmation, MANAGE_LINK);
  expect(link).toMatch(/\?token=/);

  // Another browser, nobody signed in: the link alone opens it.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const visitor = await context.newPage();
  await pinClock(visitor);
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Il tuo appuntamento' })).toBeVisible();
  await expect(card(visitor)).toHaveAccessibleName(new RegExp(`ore ${booked}$`));
  await expect(card(visitor)).toContainText('Piega liscia');
  await expect(card(visitor)).toContainText('Via Roma');
  await expect(visitor.getByText(/Puoi annullarlo o spostarlo gratis fino a/)).toBeVisible();
  await expectNoSeriousViolations(visitor);

  const movedSince = Date.now();
  const moved = await moveToAnotherDay(visitor);
  await expect(card(visitor)).toHaveAccessibleName(new RegExp(`ore ${moved}$`));
  // The link still works on the next screen, and its token left nothing behind in the URL.
  await expect(visitor).toHaveURL(/\/appointments\/[^/?]+\?token=/);
  // The e-mail of the move replaces the calendar event (same UID, next SEQUENCE).
  const uid = calendarIn(confirmation)
    .match(/UID:(.+)/)?.[1]
    ?.trim();
  const movedCalendar = calendarIn(await waitForMail(email, movedSince));
  expect(movedCalendar).toContain(`UID:${uid}`);
  expect(movedCalendar).toMatch(/SEQUENCE:1\b/);

  const cancelledSince = Date.now();
  await cancel(visitor);
  // The move's e-mail may be a second old or less: the cancellation's is the one whose calendar
  // says METHOD:CANCEL (the calendar part is base64: read through calendarIn).
  const cancels = (message: string) => {
    try {
      return calendarIn(message).includes('METHOD:CANCEL');
    } catch {
      return false;
    }
  };
  const cancelledCalendar = calendarIn(await waitForMail(email, cancelledSince, 10_000, cancels));
  expect(cancelledCalendar).toContain('METHOD:CANCEL');
  expect(cancelledCalendar).toContain(`UID:${uid}`);

  // PRENOTA UN ALTRO APPUNTAMENTO: the booking start, without the link's token.
  await visitor.getByRole('link', { name: 'PRENOTA UN ALTRO APPUNTAMENTO' }).click();
  await expect(visitor).toHaveURL((url) => url.pathname === BOOKING_START && !url.search.includes('token'));
  await context.close();
});

test(
  'from her personal area: GESTISCI, she moves it and cancels it; a URL without the token is closed to others',
  CI_ONLY,
  async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('area');
    await bookHairAsVisitor(
      page,
      { firstName: 'Marta', lastName: 'Sala', phone: '+39 333 000 6666', email },
      { fromDay: 3 },
    );
    await page.getByLabel('Scegli una password per il tuo profilo Musa!').fill('Prenotata2026!');
    await page.getByRole('button', { name: 'CREA ACCOUNT' }).click();
    await expect(page.getByText('Ciao Marta!')).toBeVisible();

    await page.getByRole('link', { name: 'GESTISCI' }).first().click();
    await expect(page).toHaveURL(/\/appointments\/[^/?]+$/);
    await expect(page.getByRole('heading', { name: 'Il tuo appuntamento' })).toBeVisible();
    const url = page.url();

    // The same URL in a browser without her session nor a token: the booking start.
    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await stranger.goto(url);
    await expect(stranger).toHaveURL((where) => where.pathname === BOOKING_START);
    await strangerContext.close();

    const moved = await moveToAnotherDay(page);
    await page.getByRole('link', { name: 'I TUOI APPUNTAMENTI' }).click();
    await expect(page).toHaveURL((where) => where.pathname === '/');
    await expect(card(page).first()).toHaveAccessibleName(new RegExp(`ore ${moved}$`));

    await page.getByRole('link', { name: 'GESTISCI' }).first().click();
    await cancel(page);
    await page.getByRole('link', { name: 'I TUOI APPUNTAMENTI' }).click();
    await expect(page.getByText('Nessun appuntamento in programma.')).toBeVisible();
  },
);

test(
  'a sold-out day: she joins its waitlist; when a booking of that day is cancelled, the e-mail’s link opens the wizard on it',
  CI_ONLY,
  async ({ page, browser }) => {
    test.setTimeout(150_000);
    // The demo customer met Giulia Ferrero (seed): with her as the filter, the suite's Saturday (she
    // works Monday to Friday) is sold out.
    const saturday = suiteDate('saturday');
    const day = (on: Page) => on.getByRole('group', { name: 'Scegli il giorno' }).locator(`[data-date="${saturday}"]`);
    await login(page);
    await toHairData(page);
    await page.getByRole('button', { name: 'Filtra professionista' }).click();
    const filter = page.getByRole('dialog', { name: 'Mostra solo le disponibilità di:' });
    await filter.getByText('Giulia Ferrero').click();
    await filter.getByRole('button', { name: 'APPLICA FILTRO' }).click();
    await expect(filter).toBeHidden();
    await expect(day(page)).toHaveAccessibleName(new RegExp(`^${longDate(saturday)}`));
    await day(page).click();
    await expect(page.getByText('Prova a guardare un altro giorno!')).toBeVisible();

    await page.getByRole('button', { name: 'Avvisami se si libera un orario' }).click();
    const waitlist = page.getByRole('dialog', { name: 'Avvisami se si libera un orario' });
    await expect(waitlist).toBeVisible();
    await expect(waitlist.getByLabel('Email')).toHaveValue(DEMO.email);
    await expectNoSeriousViolations(page);
    await waitlist.getByRole('button', { name: 'AVVISAMI' }).click();
    await expect(page.getByText('Ti avviseremo se si libera un orario')).toBeVisible();
    await expect(waitlist).toBeHidden();

    // Someone else books that Saturday and cancels it from her e-mail's link.
    const otherContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const other = await otherContext.newPage();
    await pinClock(other);
    const otherEmail = uniqueEmail('sabato');
    const since = Date.now();
    await toHairData(other);
    await day(other).click();
    const slot = other.getByRole('group', { name: 'Orari disponibili' }).getByRole('button').first();
    await slot.click();
    await confirmSlot(other, /\/booking\/hair\/checkout/);
    await fillCheckoutAndSend(other, {
      firstName: 'Bea',
      lastName: 'Neri',
      phone: '+39 333 000 7777',
      email: otherEmail,
    });
    await expect(other).toHaveURL(/\/reset-password/, { timeout: 15_000 });
    await other.goto(linkIn(await waitForMail(otherEmail, since), MANAGE_LINK));
    const offeredSince = Date.now();
    await cancel(other);
    await otherContext.close();

    // The waitlisted customer's e-mail: its link opens the wizard on that Saturday, the service chosen.
    // The demo customer is every suite's, on both screens: hers is the offer of this Saturday.
    const offer = await waitForMail(
      DEMO.email,
      offeredSince,
      20_000,
      (message) => message.includes(longDate(saturday)) && /\/waitlist\/[^?\s]+\?token=/.test(message),
    );
    const offerLink = linkIn(offer, /\/waitlist\/[^?]+/);
    await page.goto(offerLink);
    await expect(page).toHaveURL(/\/booking\/hair\/data/);
    await expect(page.getByRole('heading', { name: 'Quando vorresti ricevere il servizio, Musa?' })).toBeVisible();
    await expect(day(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('group', { name: 'Orari disponibili' }).getByRole('button').first()).toBeVisible();
    await expect(page).not.toHaveURL(/token=/);
  },
);
