/**
 * What the page must show in each state a generated path reaches, from the SPEC oracle: the model's
 * state is read as the oracle's `Observation` (tests/oracle/observe.ts) and each part of it is
 * asserted in the page with the oracle's SPEC expectations (tests/oracle/page.ts, spec.ts): the
 * URL, the heading, the dialogs open, the values chosen on the step, the service list's and the
 * slots' loading / empty / failed states, the upsell box, the coupon block and the recap's lines
 * and total, the toasts the step caused.
 *
 * The parts are a table keyed by the session screen and the booking step's kind: a screen or a
 * step kind without an entry fails the path by name (`unsupportedState`).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { CATEGORY_TITLES, HAIR_LENGTH_TITLES } from '../../contract/constants';
import { RATING_MESSAGES, type AppointmentRating } from '../../contract/rating';
import type { SystemSnapshot } from '../../machines/testing/system';
import { observeSystem } from '../../tests/oracle/observe';
import type { Observation } from '../../tests/oracle/oracle';
import {
  APPOINTMENT_PAGE,
  appointmentActions,
  CHECKOUT_COPY,
  HOLD_PAGE,
  DIALOG_TITLES,
  PRO_PAGE,
  RATING_PAGE,
  expectedHeading,
  expectedPathname,
  showsMovePicker,
  SLOTS_COPY,
} from '../../tests/oracle/page';
import { COPY, flowOf, kindOfStep, refusalOf } from '../../tests/oracle/spec';
import { mainButton } from '../support/app';
import type { BookingPage } from './booking-page';
import { realServiceName } from './catalogue';
import type { World } from './world';

interface StateCheck {
  page: Page;
  booking: BookingPage;
  world: World;
  before: SystemSnapshot;
  sys: SystemSnapshot;
}

type Part = (check: StateCheck, now: Observation) => Promise<void>;

/**
 * Issue 41: the page rules a replay judged (each kind of check below, by name), reported with the
 * replay's coverage (e2e/paths/coverage-reporter.ts): fewer, longer paths must judge no fewer of them.
 */
const judged = new Set<string>();
const judge = (rule: string) => void judged.add(rule);
/** Starts a replay's record of the rules it judges. */
export const startJudging = () => judged.clear();
/** The rules judged since `startJudging`. */
export const judgedRules = (): string[] => [...judged].sort();

const main = (page: Page) => page.locator('main');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The day picker and the slot grid (the data step's, and the move's of issue 16): the day pressed,
 * the slots' loading / no-date / empty / available views, the slot pressed.
 */
async function daysAndTimes(
  booking: BookingPage,
  now: { date: string | null; time: boolean; shown: NonNullable<Observation['slots']>['shown'] | undefined },
) {
  const page = booking.page;
  judge(`days and times: ${now.date === null ? 'no day' : 'a day'}, ${now.shown ?? 'nothing'}`);
  await expect(booking.pressedDay()).toHaveCount(now.date === null ? 0 : 1);
  if (now.shown === 'loading') await expect(page.getByTestId('slot-skeleton').first()).toBeVisible();
  if (now.shown === 'noDate') await expect(page.getByText(SLOTS_COPY.noDate)).toBeVisible();
  if (now.shown === 'empty' || now.shown === 'failed') await expect(page.getByText(SLOTS_COPY.empty)).toBeVisible();
  if (now.shown === 'available') {
    await expect(booking.slots().first()).toBeVisible();
    await expect(booking.slots().and(page.locator('[aria-pressed="true"]'))).toHaveCount(now.time ? 1 : 0);
  }
}

/** The values chosen on each booking step kind, as the page shows them checked. */
const STEP_KINDS: Record<string, Part> = {
  location: async ({ booking }, now) => {
    const picker = now.addressPicker ?? '';
    const field = now.addressFields.location;
    // SPEC §4 'opens on focus or click': the list shows, and the field says so (issue 43).
    if (picker === 'open.results') {
      judge('address: the suggestions shown');
      await expect(booking.suggestions().first()).toBeVisible();
      await expect(booking.address()).toHaveAttribute('aria-expanded', 'true');
    }
    // SPEC §4 'House-number field shows when the address has no street number' (issue 43: whenever).
    if (picker === 'needsStreetNumber' || (field?.houseNumberShown && !now.dialogs.outOfZone)) {
      judge('address: the house-number field');
      await expect(booking.page.getByRole('textbox', { name: 'Numero civico' })).toBeVisible();
    }
    if (now.draft.location && picker === 'closed' && !now.dialogs.outOfZone)
      await expect(booking.address()).toHaveValue(new RegExp(now.draft.location.components.route));
  },
  participants: async ({ page }, now) => {
    if (now.draft.participants === null) return;
    const label = now.draft.participants === 'default' ? /Solo 1/ : /Salotto di Musa/;
    await expect(main(page).getByRole('radio', { name: label })).toBeChecked();
  },
  'participants-salotto': async ({ page }, now) => {
    await expect(main(page).locator('output')).toHaveText(String(now.draft.participantsCount));
  },
  category: async ({ page }, now) => {
    for (const [category, title] of Object.entries(CATEGORY_TITLES))
      await expect(main(page).getByRole('radio', { name: title, exact: true })).toBeChecked({
        checked: now.draft.category === category,
      });
  },
  'category-salotto': async ({ page }, now) => {
    for (const [category, title] of Object.entries(CATEGORY_TITLES))
      await expect(main(page).getByRole('checkbox', { name: title, exact: true })).toBeChecked({
        checked: (now.draft.salottoCategories as string[]).includes(category),
      });
  },
  hair: async ({ page }, now) => {
    if (now.draft.hair === null) return;
    await expect(main(page).getByRole('radio', { name: HAIR_LENGTH_TITLES[now.draft.hair] })).toBeChecked();
  },
  service: async ({ page, world }, now) => {
    // SPEC §7: the list is cached (stale after 2 s, prefetched on the booking pages): the step shows
    // the list it has while it asks again, the loading state only when it has none.
    if (now.serviceList === 'loading' && world.holds('loadServices'))
      await expect(
        page
          .getByText('Caricamento servizi...')
          .or(main(page).getByRole('radio'))
          .or(main(page).getByRole('checkbox'))
          .first(),
      ).toBeVisible();
    if (now.serviceList === 'failed')
      await expect(page.getByText('Non siamo riusciti a caricare i servizi.')).toBeVisible();
    if (now.serviceList !== 'ready') return;
    const flow = flowOf(now.draft);
    for (const service of now.draft.services.services) {
      const name = realServiceName(flow, service);
      if (!name) throw new Error(`No real service for '${service.id}' in the ${flow} flow (e2e/paths/catalogue.ts)`);
      await expect(
        main(page)
          .getByRole('radio', { name, exact: true })
          .or(main(page).getByRole('checkbox', { name, exact: true })),
      ).toBeChecked();
    }
  },
  details: async ({ page }, now) => {
    // Only a salotto writes notes; the other flows' details step has nothing to fill in.
    if (flowOf(now.draft) === 'salotto')
      await expect(page.getByLabel('Informazioni aggiuntive')).toHaveValue(now.draft.salottoNotes);
  },
  data: async ({ booking }, now) => {
    await daysAndTimes(booking, {
      date: now.draft.date,
      time: now.draft.availableTime !== null,
      shown: now.slots?.shown,
    });
    // Issue 16: a sold-out day offers its waitlist (not a day whose times could not be read).
    const waitlist = booking.page.getByRole('button', {
      name: DIALOG_TITLES.waitlist,
      exact: true,
      includeHidden: true,
    });
    if (now.slots?.shown === 'empty') await expect(waitlist).toHaveCount(1);
    if (now.slots?.shown === 'failed') await expect(waitlist).toHaveCount(0);
    await expect(
      booking.page.getByRole('button', { name: 'Rimuovi il filtro professionista', includeHidden: true }),
    ).toHaveCount(now.draft.providerId ? 1 : 0);
  },
  checkout: async ({ page, world }, now) => {
    // Issue 28: how long her time is held, and the button of its last minute.
    const countdown = page.getByRole('timer');
    await expect(countdown).toHaveCount(now.hold.countdown ? 1 : 0);
    if (now.hold.countdown) await expect(countdown).toHaveText(HOLD_PAGE.countdown);
    await expect(page.getByRole('button', { name: HOLD_PAGE.extend })).toHaveCount(now.hold.lastMinute ? 1 : 0);
    const coupon = now.coupon?.state ?? 'off';
    const toggle = page.getByRole('checkbox', { name: CHECKOUT_COPY.couponSwitch });
    await expect(toggle).toBeChecked({ checked: coupon !== 'off' });
    if (coupon === 'applied') await expect(page.getByRole('button', { name: 'Rimuovi', exact: true })).toBeVisible();
    if (now.coupon?.error) {
      const message = (world.answers.get('checkCoupon:error') as string | undefined) ?? now.coupon.error;
      await expect(main(page).getByText(message)).toBeVisible();
    }
    // The recap: one line per service chosen, the discount when a coupon applies, a total that adds up.
    const recap = page
      .getByRole('region', { name: 'Riepilogo' })
      .or(page.locator('section[aria-labelledby="order-summary-title"]'));
    const flow = flowOf(now.draft);
    for (const service of now.draft.services.services) {
      const name = realServiceName(flow, service);
      if (name) await expect(recap.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(recap.getByText(CHECKOUT_COPY.discount, { exact: true })).toHaveCount(
      now.draft.couponCodeDiscount > 0 ? 1 : 0,
    );
    const lines = await recap
      .locator('li')
      .evaluateAll((items) => items.map((item) => [...item.children].map((child) => child.textContent ?? '')));
    // The last amount of a line (a struck 'invece di' price comes first), with its sign.
    const euros = (text: string) => {
      const amounts = text.match(/-?\s*€?\s*-?\d+(?:\.\d{3})*,\d{2}/g) ?? ['0,00'];
      const last = amounts[amounts.length - 1]!;
      const value = Number(last.replace(/[^\d,]/g, '').replace(',', '.'));
      return last.includes('-') ? -value : value;
    };
    const total = lines.find(([label]) => label === CHECKOUT_COPY.total);
    const sum = lines
      .filter(([label]) => label !== CHECKOUT_COPY.total)
      .reduce((acc, [, price]) => acc + euros(price ?? ''), 0);
    if (!total) throw new Error('the recap has no total');
    judge(`checkout: the recap adds up${now.draft.couponCodeDiscount > 0 ? ', with a discount' : ''}`);
    judge(`checkout: coupon ${coupon}${now.coupon?.error ? ', refused' : ''}`);
    judge(
      `checkout: hold ${now.hold.lastMinute ? 'in its last minute' : now.hold.countdown ? 'counting down' : 'not shown'}`,
    );
    expect(
      Math.max(euros(total[1] ?? ''), 0),
      `recap total ${total[1]} for lines ${JSON.stringify(lines)}`,
    ).toBeCloseTo(Math.max(sum, 0), 2);
  },
};

const bookingScreen: Part = async (check, now) => {
  const { page, sys } = check;
  const redirect = sys.emitted.find((effect) => effect.type === 'redirect');
  const wizard = JSON.stringify(sys.root.value);
  if ((redirect?.params as { url?: string } | undefined)?.url === '/') {
    judge('booked: the home page, no redirect address');
    // No redirect address from the server (SPEC §3 makes it optional): the home page, which for a
    // visitor is the booking start again, afresh (docs/decisions.md).
    await expect(page).toHaveURL(/\/booking\/location(\?.*)?$/, { timeout: 15_000 });
    return;
  }
  if (redirect || wizard.includes('"completed"')) {
    judge('booked: sent on to complete her account');
    // A new customer is sent on to complete her account (the redirect address the server gave).
    await expect(page).toHaveURL(/\/reset-password\?token=.+&email=/, { timeout: 15_000 });
    return;
  }
  const kind = kindOfStep(now.step);
  const part = STEP_KINDS[kind];
  if (!part) throw new Error(`No browser assertion for the booking step kind '${kind}' (e2e/paths/states.ts)`);
  judge(`step ${kind}`);
  await part(check, now);
  const upsell = sys.kids.upsell?.snapshot.value;
  const box = page.getByRole('region', { name: 'Specifica le tue preferenze' });
  // SPEC §2: the box shows only on /service routes (closing after a route change away: not shown).
  const onService = kind === 'service';
  const boxShown = upsell === 'open' || (upsell === 'closing' && onService);
  judge(`upsell box ${boxShown ? 'shown' : 'not shown'}`);
  if (boxShown) await expect(box).toBeVisible();
  else await expect(box).toHaveCount(0);
};

/**
 * Issue 16, /appointments/:id: the appointment loading, not shown (and why), or its state and what
 * she can do with it now (appointmentActions): cancel and move while free, the WhatsApp help
 * otherwise, the two-hour reminder's box as she asked.
 */
const appointmentScreen: Part = async ({ page, world }, now) => {
  const appointment = now.appointment;
  judge(
    `appointment: ${appointment?.shown ?? 'loading'}${appointment?.shown === 'ready' ? ` ${appointment.status}` : ''}`,
  );
  if (!appointment || appointment.shown === 'loading') {
    await expect(page.getByText(APPOINTMENT_PAGE.loading)).toBeAttached();
    return;
  }
  // A dialog over the screen hides it from the accessibility tree, not from the screen.
  const role = (name: 'button' | 'link' | 'checkbox', label: string) =>
    main(page).getByRole(name, { name: label, exact: true, includeHidden: true });
  if (appointment.shown === 'failed') {
    const alert = main(page).getByRole('alert', { includeHidden: true }).filter({ hasText: APPOINTMENT_PAGE.failed });
    await expect(alert).toBeVisible();
    const message = world.answers.get('loadAppointment:error') as string | undefined;
    if (message) await expect(alert).toContainText(message);
    return;
  }
  const status = APPOINTMENT_PAGE.status[appointment.status as keyof typeof APPOINTMENT_PAGE.status];
  await expect(
    main(page)
      .locator('dd')
      .filter({ hasText: new RegExp(`^${status}$`) }),
  ).toBeVisible();
  const actions = appointmentActions(appointment);
  await expect(role('button', APPOINTMENT_PAGE.cancel)).toHaveCount(actions.cancel ? 1 : 0);
  await expect(role('link', APPOINTMENT_PAGE.move)).toHaveCount(actions.move ? 1 : 0);
  await expect(role('link', APPOINTMENT_PAGE.help)).toHaveCount(actions.help ? 1 : 0);
  const reminder = role('checkbox', APPOINTMENT_PAGE.reminder);
  if (actions.reminder === null) await expect(reminder).toHaveCount(0);
  else await expect(reminder).toBeChecked({ checked: actions.reminder });
  await expect(page.getByText(APPOINTMENT_PAGE.cancelledNote)).toHaveCount(
    appointment.status === 'cancelled' && appointment.declinedBecause === null ? 1 : 0,
  );
  // Issue 27: until when her request waits; another time offered, with its two answers; why it was declined.
  const waits = appointment.answerBy !== null && appointment.offeredInsteadOf === null;
  await expect(main(page).locator('dt').filter({ hasText: APPOINTMENT_PAGE.answerBy })).toHaveCount(waits ? 1 : 0);
  await expect(main(page).getByRole('heading', { name: APPOINTMENT_PAGE.offerTitle, includeHidden: true })).toHaveCount(
    actions.answerOffer ? 1 : 0,
  );
  await expect(role('button', APPOINTMENT_PAGE.acceptOffer)).toHaveCount(actions.answerOffer ? 1 : 0);
  await expect(role('button', APPOINTMENT_PAGE.declineOffer)).toHaveCount(actions.answerOffer ? 1 : 0);
  if (appointment.offeredInsteadOf)
    await expect(main(page).getByText(appointment.offeredInsteadOf.startTime, { exact: false }).first()).toBeAttached();
  if (appointment.declinedBecause)
    await expect(main(page).getByText(APPOINTMENT_PAGE.declined, { exact: false })).toBeVisible();
};

/**
 * Issue 16, /appointments/:id/reschedule: while the appointment loads its spinner, then (one that can
 * be moved) her professional's box, the day picker and the times, SPOSTA QUI; else why not.
 */
const moveScreen: Part = async ({ page, booking }, now) => {
  const appointment = now.appointment;
  judge(
    `move: ${!appointment || appointment.shown === 'loading' ? 'loading' : showsMovePicker(now) ? 'the picker' : 'not movable'}`,
  );
  if (!appointment || appointment.shown === 'loading') {
    await expect(page.getByText(APPOINTMENT_PAGE.loading)).toBeAttached();
    return;
  }
  if (!showsMovePicker(now)) {
    await expect(main(page).getByRole('alert').filter({ hasText: APPOINTMENT_PAGE.notMovable })).toBeVisible();
    return;
  }
  const move = now.move!;
  // The real appointment has its professional (the box shows with her name).
  await expect(
    main(page).getByRole('checkbox', { name: new RegExp(`^${APPOINTMENT_PAGE.keepProfessional}`) }),
  ).toBeChecked({ checked: move.keepProfessional });
  await daysAndTimes(booking, { date: move.date, time: move.time !== null, shown: move.slots });
  await expect(mainButton(page, APPOINTMENT_PAGE.moveHere)).toBeVisible();
};

/**
 * Issue 27: a professionals' screen's list or request as its machine has it: loading (its
 * spinner's label), failed (the alert, with the API's message), or shown.
 */
async function proLoaded(
  { page, world }: StateCheck,
  shown: 'loading' | 'failed' | 'ready',
  copy: { loading: string; failed: string },
  src: string,
): Promise<boolean> {
  judge(`${src}: ${shown}`);
  if (shown === 'loading') {
    await expect(page.getByText(copy.loading)).toBeAttached();
    return false;
  }
  const alert = main(page).getByRole('alert').filter({ hasText: copy.failed });
  if (shown === 'failed') {
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('button', { name: PRO_PAGE.retry })).toBeVisible();
    const message = world.answers.get(`${src}:error`) as string | undefined;
    if (message) await expect(alert).toContainText(message);
    return false;
  }
  await expect(alert).toHaveCount(0);
  return true;
}

/** /pro: her agenda, a link to the requests and ALTRI GIORNI once read. */
const proAgendaScreen: Part = async (check, now) => {
  const list = now.pro?.list;
  if (!list || !(await proLoaded(check, list.shown, PRO_PAGE.agenda, 'loadProAgenda'))) return;
  await expect(main(check.page).getByRole('link', { name: new RegExp(`^${PRO_PAGE.agenda.requests}`) })).toBeVisible();
  await expect(main(check.page).getByRole('button', { name: PRO_PAGE.agenda.moreDays })).toBeVisible();
  // Issue 40: the way to her time off, and to her hours.
  await expect(main(check.page).getByRole('link', { name: PRO_PAGE.timeOff.link, exact: true })).toBeVisible();
  await expect(main(check.page).getByRole('link', { name: PRO_PAGE.hours.link, exact: true })).toBeVisible();
  // Issue 29: her ratings under it, once read (refused or failed, nothing of them).
  const ratings = (check.sys.kids.proAgenda?.snapshot.context as { ratings: unknown } | undefined)?.ratings ?? null;
  await expect(main(check.page).getByRole('heading', { level: 2, name: PRO_PAGE.agenda.ratings })).toHaveCount(
    ratings === null ? 0 : 1,
  );
};

/**
 * Issue 29: /appointments/:id/rating. Its loader; the API's refusal in place of the form; the rating
 * final (its note, nothing to send); or the form: each professional's stars chosen (none checked
 * while none is), her comment, 'Scegli da 1 a 5 stelle' where it was refused, the thanks after a
 * save, the send busy while it is sent.
 */
const ratingScreen: Part = async ({ page, sys }, now) => {
  const rating = now.rating;
  if (!rating) return;
  judge(`rating: ${rating.shown}${rating.thanked ? ', thanked' : ''}${rating.busy ? ', busy' : ''}`);
  const screen = main(page);
  const submit = screen.getByRole('button', { name: RATING_PAGE.submit });
  if (rating.shown === 'loading') {
    await expect(screen.getByText(RATING_PAGE.loading)).toBeAttached();
    return;
  }
  if (rating.shown === 'failed') {
    const alert = screen.getByRole('alert');
    await expect(alert.getByText(RATING_PAGE.failedTitle)).toBeVisible();
    if (rating.message) await expect(alert.getByText(rating.message, { exact: true })).toBeVisible();
    await expect(submit).toHaveCount(0);
    return;
  }
  if (rating.shown === 'final') {
    await expect(screen.getByText(RATING_PAGE.final)).toBeVisible();
    await expect(submit).toHaveCount(0);
    await expect(screen.getByRole('radiogroup')).toHaveCount(0);
    return;
  }
  const shown = (sys.kids.rating?.snapshot.context as { rating: AppointmentRating | null } | undefined)?.rating;
  for (const [index, professional] of (shown?.professionals ?? []).entries()) {
    const choice = rating.choices[professional._id];
    const group = screen.getByRole('radiogroup', { name: RATING_PAGE.group(professional.firstName) });
    await expect(group).toBeVisible();
    if (choice?.stars != null)
      await expect(group.getByRole('radio', { name: RATING_PAGE.stars(choice.stars), exact: true })).toBeChecked();
    else await expect(group.getByRole('radio', { checked: true })).toHaveCount(0);
    if (rating.errors[`${professional._id}.stars`] === RATING_MESSAGES.chooseStars)
      await expect(group.getByText(RATING_MESSAGES.chooseStars)).toBeVisible();
    else await expect(group).not.toHaveAttribute('aria-invalid', 'true');
    await expect(screen.getByRole('textbox', { name: RATING_PAGE.comment }).nth(index)).toHaveValue(
      choice?.comment ?? '',
    );
  }
  await expect(screen.getByText(RATING_PAGE.thanks)).toHaveCount(rating.thanked ? 1 : 0);
  if (rating.busy) await expect(submit).toHaveAttribute('aria-busy', 'true');
  else await expect(submit).toBeEnabled();
};

/** /pro/requests: the requests waiting (the real ones of the path's world), or none. */
const proRequestsScreen: Part = async (check, now) => {
  // Issue 40: the team lands here, and its board is a link away (nobody else's).
  await expect(main(check.page).getByRole('link', { name: PRO_PAGE.board.link, exact: true })).toHaveCount(
    now.team ? 1 : 0,
  );
  const list = now.pro?.list;
  if (!list || !(await proLoaded(check, list.shown, PRO_PAGE.requests, 'loadProRequests'))) return;
  const items = main(check.page).getByRole('listitem');
  if (list.count === 0) {
    await expect(main(check.page).getByText(PRO_PAGE.requests.empty)).toBeVisible();
    await expect(items).toHaveCount(0);
  } else await expect(items.first()).toBeVisible();
};

/**
 * Issue 40, /pro/time-off: her time off (as many as the model holds: the replay's list is the model's,
 * e2e/paths/world.ts), the form's messages under their fields ('' the server's refusal, under the
 * form), SALVA ASSENZA busy while it is sent.
 */
const proTimeOffScreen: Part = async (check, now) => {
  const list = now.pro?.list;
  const form = now.pro?.timeOff;
  if (!list || !form || !(await proLoaded(check, list.shown, PRO_PAGE.timeOff, 'loadProTimeOff'))) return;
  const screen = main(check.page);
  judge(`time off: ${list.count} listed, ${form.errors.length} messages`);
  const cancels = screen.getByRole('button', { name: PRO_PAGE.timeOff.cancel });
  if (list.count === 0) await expect(screen.getByText(PRO_PAGE.timeOff.empty)).toBeVisible();
  await expect(cancels).toHaveCount(list.count);
  const errors = (check.sys.kids.proTimeOff?.snapshot.context as { errors: Record<string, string> } | undefined)
    ?.errors;
  for (const [field, message] of Object.entries(errors ?? {})) {
    if (field === '') await expect(screen.getByRole('alert').filter({ hasText: message })).toBeVisible();
    else await expect(screen.getByText(message).first()).toBeVisible();
  }
  if (!errors?.['']) await expect(screen.getByText(PRO_PAGE.timeOff.overlaps)).toHaveCount(0);
  const submit = screen.getByRole('button', { name: PRO_PAGE.timeOff.submit });
  if (form.saving) await expect(submit).toHaveAttribute('aria-busy', 'true');
  else await expect(submit).toBeVisible();
};

/**
 * Issue 40, /pro/team: the team's board as the model holds it (the replay's board is the model's,
 * e2e/paths/world.ts): its city, a column per professional with her appointments, requests and time
 * off, the appointments to place each with RIASSEGNA when someone is offered, the store's refusal
 * said on the board, the sick-day form's messages, RIASSEGNA or SALVA ASSENZA busy while out.
 */
const proTeamScreen: Part = async (check, now) => {
  const board = now.pro?.board;
  if (!board || !(await proLoaded(check, board.shown, PRO_PAGE.board, 'loadTeamBoard'))) return;
  const screen = main(check.page);
  judge(`board: ${board.zone}, ${board.columns.length} columns, ${board.toPlace.length} to place`);
  if (board.zone)
    await expect(screen.getByRole('heading', { level: 2, name: new RegExp(`^${board.zone}, `) })).toBeVisible();
  const columns = screen.getByRole('region', { name: PRO_PAGE.board.columns });
  await expect(columns.locator(':scope > ul > li')).toHaveCount(board.columns.length);
  const toPlace = screen.getByRole('region', { name: PRO_PAGE.board.toPlace });
  if (board.toPlace.length === 0) await expect(toPlace.getByText(PRO_PAGE.board.toPlaceEmpty)).toBeVisible();
  await expect(toPlace.locator(':scope > ul > li')).toHaveCount(board.toPlace.length);
  await expect(toPlace.getByRole('button', { name: PRO_PAGE.board.reassign })).toHaveCount(
    board.toPlace.filter((item) => item.offered.length > 0).length,
  );
  if (board.refusal) await expect(screen.getByRole('alert').filter({ hasText: board.refusal })).toBeVisible();
  for (const refusal of [PRO_PAGE.board.notServing, PRO_PAGE.board.notWorking, PRO_PAGE.board.notFree])
    if (refusal !== board.refusal) await expect(screen.getByText(refusal)).toHaveCount(0);
  const errors = (check.sys.kids.proTeamBoard?.snapshot.context as { errors: Record<string, string> } | undefined)
    ?.errors;
  for (const [field, message] of Object.entries(errors ?? {})) {
    if (field === '') await expect(screen.getByRole('alert').filter({ hasText: message })).toBeVisible();
    else await expect(screen.getByText(message).first()).toBeVisible();
  }
  if (board.enteringTimeOff)
    await expect(screen.getByRole('button', { name: PRO_PAGE.timeOff.submit })).toHaveAttribute('aria-busy', 'true');
};

/**
 * Issue 40, /pro/hours: the appointments outside her hours as the model lists them (the page opens on
 * the model's, e2e/paths/world.ts; after a real save, on days no path books, the API's own list is not
 * the model's and is left alone), each handed over said; the form's messages; SALVA ORARI busy while sent.
 */
const proHoursScreen: Part = async (check, now) => {
  const hours = now.pro?.hours;
  if (!hours || !(await proLoaded(check, hours.shown, PRO_PAGE.hours, 'loadProHours'))) return;
  const screen = main(check.page);
  const context = check.sys.kids.proHours?.snapshot.context as
    { errors: Record<string, string>; saved: number } | undefined;
  judge(
    `hours: ${hours.outside.length} outside, ${hours.handedOver.length} handed over, ${hours.errors.length} messages`,
  );
  if (context?.saved === 0) {
    const pending = hours.outside.length - hours.handedOver.length;
    await expect(screen.getByRole('button', { name: PRO_PAGE.hours.handOver })).toHaveCount(pending);
    await expect(screen.getByText(PRO_PAGE.hours.handedOver)).toHaveCount(hours.handedOver.length);
    if (hours.outside.length === 0) await expect(screen.getByText(PRO_PAGE.hours.outsideEmpty)).toBeVisible();
  }
  for (const [field, message] of Object.entries(context?.errors ?? {})) {
    if (field === '') await expect(screen.getByRole('alert').filter({ hasText: message })).toBeVisible();
    else await expect(screen.getByText(message).first()).toBeVisible();
  }
  if (!context?.errors['week.0.ranges.1.end']) await expect(screen.getByText(PRO_PAGE.hours.reversed)).toHaveCount(0);
  const submit = screen.getByRole('button', { name: PRO_PAGE.hours.submit });
  if (hours.saving) await expect(submit).toHaveAttribute('aria-busy', 'true');
  else await expect(submit).toBeVisible();
};

/**
 * /pro/requests/:id: the request, and what she may do now: each answer's button when the API lists
 * it; the decline's dialog (DIALOG_TITLES), the offer's panel with her free times and the one
 * picked, the quote's form; the fields refused; once answered, the way back to the requests.
 */
const proRequestScreen: Part = async (check, now) => {
  const request = now.pro?.request;
  const { page } = check;
  if (!request || !(await proLoaded(check, request.shown, PRO_PAGE.request, 'loadProRequest'))) return;
  const open = request.open;
  judge(`request: ${open ?? 'no panel'}${request.errors.length > 0 ? ', refused fields' : ''}`);
  // A dialog over the screen hides it from the accessibility tree, not from the screen.
  const button = (name: string) => main(page).getByRole('button', { name, exact: true, includeHidden: true });
  const answers = open === 'offering' || open === 'quoting' ? [] : request.actions;
  for (const [action, name] of [
    ['accept', PRO_PAGE.request.accept],
    ['decline', PRO_PAGE.request.decline],
    ['offer', PRO_PAGE.request.offer],
    ['quote', PRO_PAGE.request.quote],
  ] as const)
    await expect(button(name)).toHaveCount(answers.includes(action) ? 1 : 0);
  await expect(main(page).getByRole('link', { name: PRO_PAGE.request.back, includeHidden: true })).toHaveCount(
    request.actions.length === 0 ? 1 : 0,
  );
  const offer = page.getByRole('region', { name: PRO_PAGE.offer.title });
  await expect(offer).toHaveCount(open === 'offering' ? 1 : 0);
  await expect(page.getByRole('region', { name: PRO_PAGE.quote.title })).toHaveCount(open === 'quoting' ? 1 : 0);
  if (open === 'offering') {
    const times = offer.getByRole('group', { name: PRO_PAGE.offer.times }).getByRole('button');
    if (request.offer.times > 0) {
      await expect(times.first()).toBeVisible();
      await expect(times.and(page.locator('[aria-pressed="true"]'))).toHaveCount(request.offer.startTime ? 1 : 0);
    } else if (!check.world.holds('loadRequestTimes')) await expect(times).toHaveCount(0);
  }
  // Each field refused is marked so (its message under it), the others are not: the decline's
  // reason and words while its dialog is open, the quote's total and what it includes.
  const refused = (field: string) => request.errors.includes(field);
  if (open === 'declining') {
    const dialog = check.booking.dialog(DIALOG_TITLES.declineRequest);
    const reason = dialog.getByRole('radiogroup', { name: PRO_PAGE.decline.reason });
    if (refused('reason')) await expect(reason).toHaveAttribute('aria-describedby', /-error$/);
    else await expect(reason).not.toHaveAttribute('aria-describedby', /-error$/);
    await expectInvalid(dialog.getByLabel(PRO_PAGE.decline.message, { exact: true }), refused('message'));
  }
  if (open === 'quoting') {
    const form = page.getByRole('region', { name: PRO_PAGE.quote.title });
    await expectInvalid(form.getByLabel(PRO_PAGE.quote.total, { exact: true }), refused('total'));
    await expectInvalid(form.getByLabel(PRO_PAGE.quote.includes, { exact: true }), refused('includes'));
  }
};

const expectInvalid = async (field: Locator, invalid: boolean) => {
  if (invalid) await expect(field).toHaveAttribute('aria-invalid', 'true');
  else await expect(field).not.toHaveAttribute('aria-invalid', 'true');
};

/** Session screens: what each adds to the URL and heading. */
const SCREENS: Record<string, Part> = {
  booking: bookingScreen,
  home: async () => {},
  login: async ({ page }, now) => {
    for (const message of Object.values(now.errors)) await expect(page.getByText(message).first()).toBeVisible();
  },
  loginWithToken: async () => {},
  askResetPassword: async ({ page }, now) => {
    for (const message of Object.values(now.errors)) await expect(page.getByText(message).first()).toBeVisible();
  },
  resetPassword: async ({ page }, now) => {
    if (now.sessionForm === 'checking') await expect(page.getByText('Verifica del link in corso')).toBeVisible();
    for (const message of Object.values(now.errors)) await expect(page.getByText(message).first()).toBeVisible();
  },
  notFound: async () => {},
  appointment: appointmentScreen,
  appointmentReschedule: moveScreen,
  // Issue 16: the offer's link read, its spinner (then the wizard, or the booking start with a toast).
  waitlistOffer: async ({ page }, now) => {
    if (now.calls.includes('loadWaitlistOffer'))
      await expect(page.getByText(APPOINTMENT_PAGE.offerLoading)).toBeAttached();
  },
  // Issue 27: 'Prenota di nuovo' read, its spinner (then the wizard, or the booking start with a toast).
  appointmentRebook: async ({ page }, now) => {
    if (now.calls.includes('loadRebook')) await expect(page.getByText(APPOINTMENT_PAGE.rebookLoading)).toBeAttached();
  },
  // Issue 29: rating an appointment.
  appointmentRating: ratingScreen,
  proAgenda: proAgendaScreen,
  proRequests: proRequestsScreen,
  proRequest: proRequestScreen,
  proTimeOff: proTimeOffScreen,
  proTeam: proTeamScreen,
  proHours: proHoursScreen,
};

export const unsupportedState = (sys: SystemSnapshot): string | null => {
  const now = observeSystem(sys);
  if (now.screen && !SCREENS[now.screen]) return `no browser assertion for the screen '${now.screen}'`;
  if (now.screen === 'booking' && !STEP_KINDS[kindOfStep(now.step)])
    return `no browser assertion for the step kind '${kindOfStep(now.step)}'`;
  return null;
};

/** The toasts the step caused (the oracle's effects), by their titles. */
async function toasts({ page, world, before, sys }: StateCheck, now: Observation) {
  const was = observeSystem(before);
  if (now.notice && now.notice.id !== was.notice?.id) {
    judge('a notice of the step');
    const expected = refusalOf(was.step, was.draft, null) ?? now.notice.message;
    await expect(page.getByText(now.notice.message === expected ? expected : now.notice.message).first()).toBeVisible();
  }
  for (const effect of sys.emitted) {
    if (effect.type !== 'showToast') continue;
    const { title, type } = effect.params as { title: string; type: string };
    judge(`a toast: ${type}`);
    const shown = type === 'error' && world.stepError ? world.stepError : title;
    await expect(page.getByText(shown, { exact: true }).first()).toBeVisible();
  }
}

/**
 * Which of `titles` name a dialog open on the page (role dialog or alertdialog, `data-state="open"`,
 * shown), sorted. Named as the accessibility tree names it: by the text its aria-labelledby points to,
 * else its aria-label; a title matches a name it is part of, as a query by role and name does.
 */
const openDialogs = (page: Page, titles: string[]): Promise<string[]> =>
  page
    .evaluate((known) => {
      const nameOf = (element: Element) => {
        const ids = element.getAttribute('aria-labelledby');
        if (ids)
          return ids
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
            .replace(/\s+/g, ' ')
            .trim();
        return element.getAttribute('aria-label') ?? '';
      };
      const shown = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      };
      const names = [
        ...document.querySelectorAll('[role="dialog"][data-state="open"],[role="alertdialog"][data-state="open"]'),
      ]
        .filter(shown)
        .map(nameOf)
        .map((name) => name.toLowerCase());
      return known.filter((title) => names.some((name) => name.includes(title.toLowerCase()))).sort();
    }, titles)
    // A page loading anew (a redirect) has no document to look at yet: looked at again.
    .catch(() => ['(a page loading)']);

/** Asserts what the user sees in the state; fails by name when the screen has no assertion. */
export async function assertState(check: StateCheck): Promise<void> {
  const now = observeSystem(check.sys);
  const { page } = check;
  // Issue 27: the page loads anew at the professionals' side (its code comes with its pages): she
  // lands there, on her agenda or the requests, as the page read her profile again.
  if (now.leaving) {
    judge('the professionals’ side loads anew');
    await expect(page).toHaveURL((url) => /^\/pro(\/|$)/.test(url.pathname), { timeout: 15_000 });
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: new RegExp(`^(${PRO_PAGE.agenda.title}|${PRO_PAGE.requests.title})$`),
      }),
    ).toBeVisible({ timeout: 15_000 });
    return;
  }
  const screen = SCREENS[now.screen ?? ''];
  const settled = now.phase === 'signedIn' || now.phase === 'signedOut';
  if (settled && !screen) throw new Error(`No browser assertion for the screen '${now.screen}' (e2e/paths/states.ts)`);
  const completed = check.sys.emitted.some((effect) => effect.type === 'redirect');
  // Issue 16: the model's fixture ids (b-1, w-1) stand for the path's real ones (e2e/paths/links.ts).
  const expected = expectedPathname(now);
  const pathname = expected && check.world.links ? check.world.links.pathname(expected) : expected;
  if (pathname && !completed) {
    judge('the URL of the screen');
    await expect(page).toHaveURL((url) => url.pathname === pathname);
  }
  const heading = expectedHeading(now);
  // A modal dialog hides the page under it from the accessibility tree: its heading is still on screen.
  const modal = Object.values(now.dialogs).some(Boolean);
  if (heading && !completed) {
    judge(`the heading${modal ? ' under a dialog' : ''}`);
    await expect(page.getByRole('heading', { level: 1, name: heading, includeHidden: modal })).toBeVisible();
  }
  if (!settled) return;
  // The dialogs open, and only those: read in one look at the page (a query by role and name for each
  // of them took most of a step's time on the data step's long day picker), retried until it holds.
  const expectedOpen = Object.entries(DIALOG_TITLES)
    .filter(([dialog]) => now.dialogs[dialog as keyof Observation['dialogs']])
    .map(([dialog, title]) => {
      judge(`dialog open: ${dialog}`);
      return title;
    });
  judge('no other dialog open');
  await expect
    .poll(() => openDialogs(page, Object.values(DIALOG_TITLES)), { timeout: 7_000 })
    .toEqual(expectedOpen.sort());
  // Issue 16: the waitlist dialog's e-mail refused as SPEC §5 refuses one.
  if (now.waitlistErrors && now.waitlistErrors.length > 0) judge('the waitlist e-mail refused');
  if (now.waitlistErrors && now.waitlistErrors.length > 0)
    await expect(
      check.booking
        .dialog(DIALOG_TITLES.waitlist)
        .getByText(new RegExp(`^(${escape(COPY.invalidFormat)}|${escape(COPY.required)})$`)),
    ).toBeVisible();
  judge(`screen ${now.screen}`);
  await screen!(check, now);
  await toasts(check, now);
}
