/**
 * Every generated flow path of the statechart replayed in Chromium against the real app and API
 * (`npm run e2e:paths`; one by its slug with `-- --grep <slug>`). Before any replay, every path is
 * checked to have a browser action for each event and an assertion for each state: a path without
 * one fails by name (e2e/paths/replay.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GeneratedPath } from '../machines/paths';
import { test as base } from '@playwright/test';
import { JOURNEYS_END } from './support/clock';
import { HOURS_WEEKS_AHEAD, TIME_OFF_WEEKS_AHEAD } from './paths/events';
import { linkNeeds, needsLinks } from './paths/links';
import { replayPath, unreplayable } from './paths/replay';
import { onProSide, selectPaths } from './paths/select';
import { judgedRules } from './paths/states';
import { JUDGED_ATTACHMENT } from './paths/coverage-reporter';

/**
 * Generating the paths takes seconds: the main process does it once and leaves them in a file for
 * the workers (a worker starts anew after each failing path).
 */
function loadPaths(): GeneratedPath[] {
  const cached = process.env.E2E_PATHS_CACHE;
  if (cached && existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as GeneratedPath[];
  const selected = selectPaths();
  if (!process.env.TEST_WORKER_INDEX) {
    const file = join(tmpdir(), `musa-e2e-paths-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(selected));
    process.env.E2E_PATHS_CACHE = file;
  }
  return selected;
}

/**
 * The pages of the replay live on a Thursday at 09:00 in Rome, two days after the journeys' weeks
 * (JOURNEYS_END, e2e/support/clock.ts: each suite books in weeks of its own), long after the API's
 * E2E_NOW (which only sets the minimum notice): the first day on which the seeded Torino team of
 * every flow has both a slot booked instantly and one to be confirmed (on Tuesday and Wednesday every
 * make-up slot waits for the professional's confirmation), so a path's `time.set` of either kind has
 * a slot to press.
 *
 * Each path that picks a slot lives its own week (the n-th such path n weeks later, still a Thursday):
 * the paths share one database, and a slot to be confirmed is scarce (on a Friday in Torino only one
 * beautician works in the evening, and one booking of a long treatment fills it), so two paths on one
 * day would take each other's slot, and which one failed would depend on the order the workers ran.
 * So does each path that opens an appointment or a waitlist offer (issue 16): its real bookings are
 * made on its own Friday and Saturday (e2e/paths/links.ts). So does each path that enters a time off
 * (issue 40): Martina's days off, TIME_OFF_WEEKS_AHEAD weeks after its own today (e2e/paths/events.ts),
 * after every day any path books, and never another path's.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const PATHS_NOW = JOURNEYS_END + Number(process.env.E2E_PATHS_DAYS ?? 2) * DAY_MS;

const paths = loadPaths();

const pathWeeks = new Map<string, number>();
for (const path of paths)
  if (
    path.steps.some(
      ({ event }) =>
        event.type === 'time.set' || event.type === 'pro.timeOff.submit' || event.type === 'pro.hours.submit',
    ) ||
    needsLinks(linkNeeds(path))
  )
    pathWeeks.set(path.name, pathWeeks.size);
// Issue 40: the time off entered lies after every path's week, the desktop's included.
if (2 * pathWeeks.size + 1 >= TIME_OFF_WEEKS_AHEAD)
  throw new Error(`${pathWeeks.size} paths' weeks reach the time off entered ${TIME_OFF_WEEKS_AHEAD} weeks ahead`);
// Issue 40: her hours saved lie after every path's week and its time off's.
if (HOURS_WEEKS_AHEAD <= TIME_OFF_WEEKS_AHEAD + 2 * pathWeeks.size + 1)
  throw new Error(`her hours saved ${HOURS_WEEKS_AHEAD} weeks ahead meet the paths' weeks or their time off`);

/**
 * The path's today in the page (a Thursday): its clock starts there at 09:00 in Rome. The desktop
 * replay of a path (issue 27) lives in weeks after all of the phone's, so the two never meet.
 */
const startOf = (name: string, project: string) =>
  PATHS_NOW + ((pathWeeks.get(name) ?? 0) + (project === 'paths-desktop' ? pathWeeks.size : 0)) * 7 * DAY_MS;

const test = base.extend<{ pinnedClock: null }>({
  pinnedClock: [
    async ({ page }, use, testInfo) => {
      await page.clock.install({ time: new Date(startOf(testInfo.title, testInfo.project.name)) });
      await use(null);
    },
    { auto: true },
  ],
});

if (!process.env.TEST_WORKER_INDEX) {
  const missing = paths.map((path) => [path.name, unreplayable(path)] as const).filter(([, reason]) => reason);
  console.log(`e2e:paths: ${paths.length} paths, ${missing.length} without a browser implementation`);
  for (const [name, reason] of missing) console.log(`  ${name}: ${reason}`);
}

test.describe('generated flow paths', () => {
  for (const path of paths) {
    // The professionals' side's paths carry the tag the desktop project replays (playwright.config.ts).
    test(path.name, { tag: onProSide(path) ? ['@pro'] : [] }, async ({ page }, testInfo) => {
      test.setTimeout(30_000 + 3_000 * path.steps.length);
      const runId = `${Date.now()}-${testInfo.testId}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
      const today = new Date(startOf(path.name, testInfo.project.name)).toISOString().slice(0, 10);
      await replayPath(page, path, runId, today);
      // What the coverage reporter counts (e2e/paths/coverage-reporter.ts).
      await testInfo.attach(JUDGED_ATTACHMENT, {
        body: JSON.stringify(judgedRules()),
        contentType: 'application/json',
      });
    });
  }
});
