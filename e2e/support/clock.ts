import { test as base, type Page, type TestInfo } from '@playwright/test';

/**
 * The API's instant: Tuesday 1 December 2026, 09:00 in Rome. Playwright starts the API with
 * `E2E_NOW` set to it (playwright.config.ts); its clock flows from there and sets the minimum notice
 * (a booking must start after it). The pages of the journeys live later, each suite in its own weeks
 * (below); the API's clock stays here (ratings.e2e.ts alone moves it, past its own appointment).
 */
export const E2E_NOW = '2026-12-01T08:00:00.000Z';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/**
 * Issue 41: the journeys share one database (one API per Playwright run), so each suite (file) books
 * in weeks of its own, chosen here and nowhere else: the suites in order, with how many weeks each
 * needs. Each suite gets its weeks once per project (the phone's run, then the desktop's), so no two
 * suites, nor the two runs of one suite, meet on a day. The weeks start one week after `E2E_NOW`: the
 * API's own week is left to what books on the API's today (the generated paths' links).
 *
 * ratings.e2e.ts comes first: it moves the API's clock past its appointment (its invitation to rate
 * is sent two hours after the end), and every booking of a week before that day would have its
 * reminders and invitations sent too; first, it passes only its own days. It also runs first in time,
 * alone (CLOCK_SUITES below): the other suites run side by side, two at a time.
 *
 * A suite not listed here cannot run (`suiteStart` says so): add it, with the weeks it books in.
 * The generated paths' replay (e2e/flows.paths.e2e.ts) lives after all of them (`JOURNEYS_END`).
 */
export const SUITE_WEEKS = [
  ['ratings', 1],
  ['a11y', 1],
  ['analytics', 1],
  ['appointments', 1],
  ['booking', 1],
  ['early-input', 1],
  ['flows', 1],
  ['keyboard', 1],
  // One Saturday per journey (Martina alone works at 07:30 then, and each journey asks for that
  // time), the salotto on the Wednesday of the fourth week.
  ['pro', 4],
  ['profile', 1],
  ['reload', 1],
  ['salotto', 1],
  ['session', 1],
  // Its days are the 7th and 9th free days from its today: into its second week.
  ['slot-hold', 2],
  ['smoke', 1],
  ['web-server', 1],
  // Last, so that no suite's weeks move (it books nothing).
  ['address-picker', 1],
  // Issue 40's acceptance (Martina's sick day): after every other suite's weeks, so that none moves.
  // It moves the API's clock to its own Tuesday and Wednesday (CLOCK_SUITES).
  ['week', 1],
] as const satisfies readonly (readonly [string, number])[];

/** The projects that run the journeys, in the order their weeks are laid out within a suite's. */
const PROJECTS = ['mobile', 'desktop'] as const;

/** Weeks after `E2E_NOW`'s before the first suite's. */
const FIRST_WEEK = 1;

/** How many weeks the journeys take, all projects included. */
export const JOURNEY_WEEKS = SUITE_WEEKS.reduce((sum, [, weeks]) => sum + weeks, 0) * PROJECTS.length;

/** The first instant after every suite's weeks (a Tuesday, 09:00 in Rome): the generated paths live from there. */
export const JOURNEYS_END = Date.parse(E2E_NOW) + (FIRST_WEEK + JOURNEY_WEEKS) * WEEK_MS;

/**
 * The suites that move the API's clock (POST /e2e/clock). playwright.config.ts runs them first, alone,
 * in projects named `clock-<project>` (their weeks are the project's: `clock-mobile` books in the
 * phone's weeks), before the other suites run side by side.
 */
export const CLOCK_SUITES = /(^|[\\/])(ratings|week)\.e2e\.ts$/;
/** Of the clock suites, the ones that run on the phone only (a professional on her phone, the team in a desktop window it opens). */
export const PHONE_ONLY_CLOCK_SUITES = /(^|[\\/])week\.e2e\.ts$/;
export const CLOCK_PROJECT_PREFIX = 'clock-';

/** The suite a test file is: its name without `.e2e.ts`. */
const suiteOf = (file: string): string => (file.split(/[\\/]/).pop() ?? file).replace(/\.e2e\.ts$/, '');

/**
 * The instant a suite's pages start at in a project: a Tuesday at 09:00 in Rome (summer time
 * included), as `E2E_NOW`, whole weeks later. `info`: the running test's (by default).
 */
export function suiteStart(info: Pick<TestInfo, 'file' | 'project'> = base.info()): Date {
  const suite = suiteOf(info.file);
  const project = PROJECTS.indexOf(info.project.name.replace(CLOCK_PROJECT_PREFIX, '') as (typeof PROJECTS)[number]);
  if (project < 0) throw new Error(`e2e/support/clock.ts: no weeks for the project '${info.project.name}'`);
  let week = FIRST_WEEK;
  for (const [name, weeks] of SUITE_WEEKS) {
    if (name === suite) {
      const day = new Date(Date.parse(E2E_NOW) + (week + project * weeks) * WEEK_MS).toISOString().slice(0, 10);
      return romeInstant(day, '09:00');
    }
    week += weeks * PROJECTS.length;
  }
  throw new Error(`e2e/support/clock.ts: the suite '${suite}' has no weeks in SUITE_WEEKS: add it there`);
}

const WEEKDAYS = ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'monday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * A day of the suite's weeks, as the API writes dates (YYYY-MM-DD): `weekday` of its `week`-th week
 * (0: the first), a week running from Tuesday (its start) to Monday.
 */
export function suiteDate(weekday: Weekday, week = 0, info?: Pick<TestInfo, 'file' | 'project'>): string {
  const start = suiteStart(info);
  // At 09:00 in Rome the UTC date is Rome's (noon keeps it whatever the day's offset).
  const noon = start.getTime() + 3 * 60 * 60 * 1000;
  return new Date(noon + (week * 7 + WEEKDAYS.indexOf(weekday)) * DAY_MS).toISOString().slice(0, 10);
}

/** The instant of a wall time in Rome (`2026-12-10`, `10:55`), in winter or in summer. */
export function romeInstant(date: string, time: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(asUtc)
      .map(({ type, value }) => [type, value]),
  );
  const romeWall = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
  return new Date(asUtc - (romeWall - asUtc));
}

/** 'sabato 12 dicembre' for a date (the screens' long date, without the year). */
export const longDate = (iso: string): string =>
  new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T12:00:00Z`),
  );

/**
 * Pins a page's clock to the suite's start (or to `at`) before anything loads: the page of the `test`
 * below is pinned already; a page of a second browser context is pinned with this.
 */
export async function pinClock(page: Page, at: Date = suiteStart()): Promise<void> {
  await page.clock.install({ time: at });
}

/**
 * Playwright's `test` with the page's clock installed at the suite's start before anything loads, so
 * the day picker, the free slots and whether a slot is instant or to be confirmed are the same
 * whatever the time of day the suite runs, and its bookings fall in its own weeks. Time flows from there.
 */
export const test = base.extend<{ pinnedClock: null }>({
  pinnedClock: [
    async ({ page }, use, testInfo) => {
      await pinClock(page, suiteStart(testInfo));
      await use(null);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
