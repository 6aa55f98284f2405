import type { Browser, Page } from '@playwright/test';
import type { Location } from '../contract/location';
import { expect, longDate, pinClock, romeInstant, suiteDate, suiteStart, test } from './support/clock';
import { expectNoSeriousViolations } from './support/axe';
import { call, data, torinoAddress } from './support/api';
import { mainButton, PRO_MARTINA, TEAM } from './support/app';
import { choose, toHairData } from './support/booking';
import { calendarHas, calendarIn, linkIn, waitForMail } from './support/outbox';

/**
 * Issue 40's acceptance, in Chromium against the real app and API: Martina is ill tomorrow.
 *
 * Her Wednesday holds three appointments she accepted (10:00, 14:00, 15:30, each a Piega liscia at the
 * seeded Torino address). At 10:00 Giulia, the one colleague who works then, is busy with a booking of
 * her own; Valentina starts at 12:00. So when Martina marks Wednesday off on her phone:
 * - the 14:00 and the 15:30 move to a colleague (Giulia or Valentina, by the one fair rule), and each
 *   customer's mailbox holds 'Cambio di professionista' with the same calendar event (its UID), its
 *   SEQUENCE raised;
 * - the 10:00 has nobody: its customer is told the team is looking, and it lands on the team's
 *   board. Giulia's own 10:00 is cancelled by its customer; the team, at a desk, reassigns the 10:00
 *   to her, and the customer gets 'Cambio di professionista' naming Giulia;
 * - availability no longer offers Martina that day: in the wizard 07:30 (a time only she works on a
 *   weekday) is offered on Friday and not on Wednesday, and a customer of hers moving a Thursday
 *   appointment with her finds no time on Wednesday;
 * - on Wednesday at 08:00 (inside 24 hours of the 14:00) that customer refuses her substitute from
 *   the e-mail's link: cancelled free of charge, and the time is free again.
 *
 * The API's clock is set to the suite's Tuesday 09:00 for the journey (and to Wednesday 08:00 for the
 * refusal), as the pages' are, and put back after: so the suite runs among the ones that move the
 * API's clock, alone (e2e/support/clock.ts CLOCK_SUITES), on the phone's project only (Martina on her
 * phone, the team in a desktop window of its own).
 */

const PIEGA = ['capelli-piega-liscia'];
const MOVED_SUBJECT = 'Cambio di professionista';
const UNPLACED_SUBJECT = 'Stiamo cercando una professionista per il tuo appuntamento';

const uniqueEmail = (name: string) => `e2e-week-${name}-${Date.now()}@musa.example`;

interface Booked {
  id: string;
  email: string;
  time: string;
  /** The confirmation's calendar event (the moves keep it). */
  uid: string;
}

/** A customer's Piega liscia with `providerId` at `date` `time`, booked as the app books it. */
async function book(
  name: string,
  location: Location,
  providerId: string,
  date: string,
  time: string,
): Promise<Omit<Booked, 'uid'>> {
  const email = uniqueEmail(name);
  const stored = await data<{ booking: { _id: string } }>('POST', '/bookings/store', {
    firstName: name,
    lastName: 'Settimana',
    email,
    phoneNumber: '+39 333 000 4040',
    doorbellName: name,
    fitToPlead: true,
    location,
    services: PIEGA,
    providerId,
    startDate: date,
    startTime: time,
    hairLength: 'long',
  });
  return { id: stored.booking._id, email, time };
}

/** The UID of the newest calendar event mailed to `email` since `since` that `matching` accepts. */
async function uidOf(email: string, since: number, matching: (message: string) => boolean): Promise<string> {
  const message = await waitForMail(email, since, 15_000, matching);
  const uid = /^UID:(.*)$/m.exec(calendarIn(message))?.[1]?.trim();
  if (!uid) throw new Error(`no UID in the calendar mailed to ${email}`);
  return uid;
}

const hasCalendar = (line: RegExp) => (message: string) => calendarHas(message, line);

/** Sets the API's clock (null: back to E2E_NOW's flow). */
async function apiClockAt(at: Date | null) {
  expect((await call('POST', '/e2e/clock', { at: at === null ? null : at.toISOString() })).status).toBe(200);
}

/** The free times of `date` for a Piega liscia at `location` (with `providerId`: hers only). */
async function freeTimes(location: Location, date: string, providerId?: string): Promise<string[]> {
  const { availableTimes } = await data<{ availableTimes: { startTime: string }[] }>(
    'POST',
    '/bookings/available-times',
    { bookingLocation: location, services: PIEGA, startDate: date, hairLength: 'long', providerId },
  );
  return availableTimes.map((time) => time.startTime);
}

/** Torino's professionals' ids by name (the team's board of `date` lists them). */
async function professionalIds(date: string): Promise<Map<string, string>> {
  const { token } = await data<{ token: string }>('POST', '/login', TEAM);
  const board = await data<{ columns: { professional: { id: string; name: string } }[] }>(
    'GET',
    `/pro/team/board?zoneId=torino&date=${date}`,
    undefined,
    token,
  );
  return new Map(board.columns.map(({ professional }) => [professional.name, professional.id]));
}

/** A professional or the team signs in on the same /login and lands on her side. */
async function signIn(page: Page, who: { email: string; password: string }, heading: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await mainButton(page, 'LOGIN').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 15_000 });
}

/** Another browser window, its clock at `at`: a customer's phone, or the team's desk. */
async function windowAt(browser: Browser, at: Date, desk = false): Promise<Page> {
  const context = await browser.newContext(
    desk ? { viewport: { width: 1280, height: 800 } } : { viewport: { width: 390, height: 844 }, hasTouch: true },
  );
  const page = await context.newPage();
  await pinClock(page, at);
  return page;
}

/** The times offered on `date` in the wizard's data step (the day clicked, its grid read). */
async function wizardTimes(page: Page, date: string): Promise<string[]> {
  await page.locator(`[data-date="${date}"]`).click();
  const grid = page.getByRole('group', { name: 'Orari disponibili' });
  await expect(grid.getByRole('button').first()).toBeVisible();
  return (await grid.getByRole('button').locator('span:first-child').allTextContents()).map((text) => text.trim());
}

// @ci: CI's run only (scripts/test.mjs): it runs alone, among the suites that move the API's clock,
// with one core idle, and `npm test` on a laptop stays under 12 minutes without it.
test(
  'Martina marks tomorrow off: her appointments move or reach the team’s board, the customers are told, and nobody is offered her that day',
  { tag: '@ci' },
  async ({ page, browser }) => {
    test.setTimeout(240_000);
    const tuesday = suiteStart();
    const wednesday = suiteDate('wednesday');
    const thursday = suiteDate('thursday');
    const friday = suiteDate('friday');
    const location = await torinoAddress();
    await apiClockAt(tuesday);
    try {
      // Her week, as the customers booked it and she accepted it (her hours are on request).
      const since = Date.now();
      const martina = await data<{ token: string }>('POST', '/login', PRO_MARTINA);
      const ids = await professionalIds(wednesday);
      const MARTINA_ID = ids.get('Martina Rinaldi')!;
      const GIULIA_ID = ids.get('Giulia Ferrero')!;
      const hers = [
        await book('Anna', location, MARTINA_ID, wednesday, '10:00'),
        await book('Bianca', location, MARTINA_ID, wednesday, '14:00'),
        await book('Carla', location, MARTINA_ID, wednesday, '15:30'),
        await book('Emma', location, MARTINA_ID, thursday, '07:30'),
      ];
      for (const booking of hers) await data('POST', `/pro/requests/${booking.id}/accept`, undefined, martina.token);
      const [anna, bianca, carla, emma] = await Promise.all(
        hers.map(async (booking): Promise<Booked> => ({
          ...booking,
          uid: await uidOf(booking.email, since, hasCalendar(/^STATUS:CONFIRMED\s*$/m)),
        })),
      );
      // Giulia's own 10:00: the one colleague working then is busy.
      const giuliasOwn = await book('Giorgia', location, GIULIA_ID, wednesday, '10:00');
      const giuliasConfirmation = await waitForMail(giuliasOwn.email, since, 15_000, hasCalendar(/^STATUS:CONFIRMED/m));

      // Martina, on her phone: her agenda, then her time off, Wednesday whole.
      await signIn(page, PRO_MARTINA, 'La tua agenda');
      await page.getByRole('link', { name: 'Le tue assenze' }).click();
      await expect(page).toHaveURL(/\/pro\/time-off$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le tue assenze');
      await choose(page, 'radio', 'Giorni interi');
      await page.getByLabel('Dal', { exact: true }).fill(wednesday);
      await page.getByLabel('Al (compreso)').fill(wednesday);
      await page.getByLabel('Motivo (facoltativo)').fill('Febbre');
      const saved = Date.now();
      await page.getByRole('button', { name: 'SALVA ASSENZA' }).click();
      await expect(
        page.getByText('Assenza salvata: in quel periodo non ti proponiamo più alle clienti.'),
      ).toBeVisible();

      // The moves: Bianca's and Carla's appointments go to a colleague, with the same calendar event.
      const movedTo = new Map<string, string>();
      for (const customer of [bianca!, carla!]) {
        const mail = await waitForMail(customer.email, saved, 30_000, (m) => m.includes(MOVED_SUBJECT));
        const who = /al suo posto verrà ([^,]+),/.exec(mail)?.[1];
        expect(who, `the colleague named to ${customer.email}`).toMatch(/^(Giulia Ferrero|Valentina Greco)$/);
        movedTo.set(customer.id, who!);
        const ics = calendarIn(mail);
        expect(ics).toContain(`UID:${customer.uid}`);
        expect(ics).toMatch(/^SEQUENCE:2\s*$/m);
        expect(ics).toMatch(/^STATUS:CONFIRMED\s*$/m);
      }
      // Anna's has nobody at 10:00: she is told the team is on it.
      const annaTold = await waitForMail(anna!.email, saved, 30_000, (m) => m.includes(UNPLACED_SUBJECT));
      expect(annaTold).toContain(UNPLACED_SUBJECT);
      // Her time off lists what became of each (read again: the moves ran after her save).
      await page.reload();
      const handOvers = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ hasText: 'I tuoi appuntamenti in quel periodo' });
      await expect(handOvers.getByRole('listitem')).toHaveCount(3);
      await expect(handOvers.getByText('Il team Musa sta cercando una collega')).toHaveCount(1);
      await expect(handOvers.getByText(/^Passato a /)).toHaveCount(2);
      await expectNoSeriousViolations(page);

      // Giulia's own 10:00 is cancelled by its customer: she is free then.
      await data('POST', `${linkIn(giuliasConfirmation, /\/appointments\/[^?]+/).replace(/\?/, '/cancel?')}`);

      // The team, at a desk: the board of Torino on Wednesday, the 10:00 to place, given to Giulia.
      const team = await windowAt(browser, tuesday, true);
      await signIn(team, TEAM, 'Richieste da confermare');
      const reassigned = Date.now();
      await reassignOnBoard(team, wednesday, '10:00', 'Giulia Ferrero');
      const annaMoved = await waitForMail(anna!.email, reassigned, 30_000, (m) => m.includes(MOVED_SUBJECT));
      expect(annaMoved).toContain('al suo posto verrà Giulia Ferrero');
      expect(calendarIn(annaMoved)).toContain(`UID:${anna!.uid}`);
      await team.context().close();

      // Availability: 07:30 on a weekday is Martina's alone. Offered on Friday, not on Wednesday.
      const visitor = await windowAt(browser, tuesday);
      await toHairData(visitor);
      expect(await wizardTimes(visitor, friday)).toContain('07:30');
      expect(await wizardTimes(visitor, wednesday)).not.toContain('07:30');
      await visitor.context().close();
      // …and Emma, moving her Thursday with Martina, finds no time with her on Wednesday.
      const emmaPage = await windowAt(browser, tuesday);
      const emmaConfirmation = await waitForMail(emma!.email, since, 15_000, hasCalendar(/^STATUS:CONFIRMED/m));
      await emmaPage.goto(linkIn(emmaConfirmation, /\/appointments\/[^?]+/));
      await emmaPage.getByRole('link', { name: 'SPOSTA APPUNTAMENTO' }).click();
      await expect(emmaPage.getByRole('heading', { name: 'Scegli il nuovo orario' })).toBeVisible();
      await expect(emmaPage.getByRole('checkbox', { name: /Con la stessa professionista/ })).toBeChecked();
      // (the move's day picker greys only past days: her Wednesday shows, and says it has no time)
      await emmaPage.locator(`[data-date="${wednesday}"]`).click();
      await expect(emmaPage.getByText('Prova a guardare un altro giorno!')).toBeVisible();
      await emmaPage.locator(`[data-date="${friday}"]`).click();
      await expect(
        emmaPage.getByRole('group', { name: 'Orari disponibili' }).getByRole('button', { name: /^07:30/ }),
      ).toBeVisible();
      await emmaPage.context().close();

      // Wednesday 08:00, inside 24 hours of her 14:00: Bianca refuses her substitute from the e-mail.
      const wednesdayMorning = romeInstant(wednesday, '08:00');
      await apiClockAt(wednesdayMorning);
      const substitute = movedTo.get(bianca!.id)!;
      const substituteId = ids.get(substitute)!;
      expect(await freeTimes(location, wednesday, substituteId)).not.toContain('14:00');
      const biancaMail = await waitForMail(bianca!.email, saved, 5_000, (m) => m.includes(MOVED_SUBJECT));
      const biancaPage = await windowAt(browser, wednesdayMorning);
      await biancaPage.goto(linkIn(biancaMail, /\/appointments\/[^?]+/));
      await expect(biancaPage.getByRole('heading', { name: 'Il tuo appuntamento' })).toBeVisible();
      await expect(biancaPage.getByRole('main').getByRole('article')).toContainText(substitute);
      await biancaPage.getByRole('button', { name: 'ANNULLA APPUNTAMENTO' }).click();
      const dialog = biancaPage.getByRole('alertdialog', { name: "Vuoi annullare l'appuntamento?" });
      await dialog.getByRole('button', { name: 'SÌ, ANNULLA' }).click();
      await expect(biancaPage.getByText('Appuntamento annullato')).toBeVisible();
      await expect(biancaPage.getByText('Questo appuntamento è stato annullato.')).toBeVisible();
      await biancaPage.context().close();
      // The time is free again for her substitute.
      expect(await freeTimes(location, wednesday, substituteId)).toContain('14:00');
    } finally {
      await apiClockAt(null);
    }
  },
);

/**
 * The team's board (/pro/team), from the requests page where the team lands: Torino on `date`, the
 * appointment at `time` among 'Da ricollocare' (whose it was said), given to `to`; the board read
 * again has nothing left to place.
 */
async function reassignOnBoard(team: Page, date: string, time: string, to: string) {
  await team.getByRole('link', { name: 'BACHECA DEL TEAM' }).click();
  await expect(team).toHaveURL(/\/pro\/team$/);
  await expect(team.getByRole('heading', { level: 1 })).toHaveText('La bacheca del team');
  const filters = team.getByRole('form', { name: 'Città e giorno' });
  await filters.getByLabel('Città', { exact: true }).selectOption({ label: 'Torino' });
  await filters.getByLabel('Giorno', { exact: true }).fill(date);
  await filters.getByRole('button', { name: 'MOSTRA' }).click();
  await expect(
    team.getByRole('heading', { level: 2, name: new RegExp(`^Torino, ${longDate(date)}`, 'i') }),
  ).toBeVisible();
  const toPlace = team.getByRole('region', { name: 'Da ricollocare' });
  const item = toPlace.getByRole('listitem', { name: new RegExp(`^${time}`) });
  await expect(item).toContainText('Era di Martina Rinaldi');
  await expectNoSeriousViolations(team);
  await item.getByLabel('Riassegna a', { exact: true }).selectOption({ label: to });
  await item.getByRole('button', { name: 'RIASSEGNA' }).click();
  await expect(
    team.getByText('Appuntamento riassegnato: la cliente riceve un’e-mail con il cambio di professionista.'),
  ).toBeVisible();
  await expect(toPlace.getByText('Nessun appuntamento da ricollocare.')).toBeVisible();
}
