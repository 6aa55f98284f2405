import { defineConfig, devices } from '@playwright/test';
import { CLOCK_PROJECT_PREFIX, CLOCK_SUITES, E2E_NOW, PHONE_ONLY_CLOCK_SUITES } from './e2e/support/clock';
import { chromiumPath } from './scripts/ensure-chromium.mjs';

const CHROMIUM = chromiumPath();
const apiPort = Number(process.env.E2E_API_PORT ?? 8797);
const webPort = Number(process.env.E2E_WEB_PORT ?? 5183);

/**
 * Playwright runs the real app (built, served by the production web server of `web-server/`, with its
 * compression, caching and security headers) against the real API on its own ports and its own data
 * directory, in the system Chromium (never a downloaded one).
 */
/**
 * Playwright's trace records every action of every test to keep the failing ones' (`retain-on-failure`):
 * a third of a replay's time on 2 cores (hair-booked 14.9 s with it, 9.4 s without). Off unless asked
 * (E2E_TRACE=1); a failure still leaves its screenshot, its page's snapshot and the replay's own account
 * of the step and state where it failed.
 */
const trace = process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off';

const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    // Back and Forward across page loads load the page again, as the model plays them
    // (machines/testing/browser.ts): no back-forward cache restoring an old app.
    '--disable-features=BackForwardCache',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** A phone (390×844, touch) in the system Chromium: the size every customer flow is checked at. */
const phone = {
  ...devices['Desktop Chrome'],
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: false,
  launchOptions,
};

/**
 * The generated paths replay the statechart's states and transitions as a person who asked her
 * phone for less motion (`prefers-reduced-motion: reduce`, which the app honours: dialogs and toasts
 * without their animations, spinners slower): the replay judges what each state shows, not how it
 * moves in, and Chromium draws fewer frames (51 paths: 133 s → 122 s on two workers). The journeys
 * keep the motion every other person sees, and axe judges their pages once it has settled
 * (e2e/support/axe.ts). E2E_PATHS_MOTION=1 replays the paths with it too.
 */
const PATHS_MOTION = process.env.E2E_PATHS_MOTION === '1' ? ('no-preference' as const) : ('reduce' as const);

/** The journeys' desktop (the team plans the days at a desk). */
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions };

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // Issue 41: three workers on the 2 cores. The journeys' suites (files) run side by side, each in
  // weeks of its own (e2e/support/clock.ts SUITE_WEEKS) and with customers of its own; the suites that
  // move the API's clock run before all of them, alone (their projects below). With two workers a
  // core stood idle 10–20% of the time while a page waited for its API or its clock: a third keeps
  // both busy (51 paths: 133 s on two, 120 s on three; the whole CI run, 343 tests, 0 failed:
  // docs/testing.md, "CI in 25 minutes").
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // A test that passes only on a second try has a cause to find (issue 41): never retried.
  retries: 0,
  // The generated paths' replay prints what it covered (states, transitions, page rules judged).
  reporter: [['list'], ['./e2e/paths/coverage-reporter.ts'], ['./e2e/support/failure-context-reporter.ts']],
  use: {
    baseURL: `http://localhost:${webPort}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace,
    launchOptions,
    // A click or a page load that waits longer than this fails there, named (the element it waited
    // for): without it, it waits out the test's whole time and the log says only 'Test timeout'.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
  },
  projects: [
    // The suites that move the API's clock (POST /e2e/clock: ratings, past its appointment; week, to
    // its own Tuesday and Wednesday) run first and one at a time (one worker): a moved clock would lapse
    // the holds and sessions of a suite running beside them. The journeys' projects depend on them
    // (`--project=mobile` runs them too).
    {
      name: `${CLOCK_PROJECT_PREFIX}mobile`,
      use: phone,
      testMatch: CLOCK_SUITES,
      workers: 1,
    },
    {
      name: `${CLOCK_PROJECT_PREFIX}desktop`,
      use: desktop,
      testMatch: CLOCK_SUITES,
      testIgnore: PHONE_ONLY_CLOCK_SUITES,
      workers: 1,
      dependencies: [`${CLOCK_PROJECT_PREFIX}mobile`],
    },
    {
      name: 'mobile',
      use: phone,
      testIgnore: [/\.paths\.e2e\.ts$/, CLOCK_SUITES],
      testMatch: /.*\.e2e\.ts$/,
      dependencies: [`${CLOCK_PROJECT_PREFIX}desktop`],
    },
    {
      name: 'desktop',
      use: desktop,
      testIgnore: [/\.paths\.e2e\.ts$/, CLOCK_SUITES],
      testMatch: /.*\.e2e\.ts$/,
      dependencies: [`${CLOCK_PROJECT_PREFIX}desktop`],
    },
    {
      // `npm run e2e:paths`: every generated path of the statechart (e2e/flows.paths.e2e.ts), phone-sized,
      // in parallel (each path is its own customer; scripts/e2e-paths.mjs asks for the workers), never
      // retried (a path that fails once is a difference to look at), a screenshot per failure (and a trace with E2E_TRACE=1).
      name: 'paths',
      fullyParallel: true,
      retries: 0,
      use: {
        ...phone,
        screenshot: 'only-on-failure',
        trace,
        // An action the page does not allow (a disabled button, a missing option) fails the path soon.
        actionTimeout: 10_000,
        reducedMotion: PATHS_MOTION,
      },
      testMatch: /\.paths\.e2e\.ts$/,
      dependencies: [`${CLOCK_PROJECT_PREFIX}desktop`],
    },
    {
      // Issue 27: the professionals' side's generated paths (tagged @pro) on a desktop too: the team
      // plans the days at a desk.
      name: 'paths-desktop',
      fullyParallel: true,
      retries: 0,
      grep: /@pro/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions,
        screenshot: 'only-on-failure',
        trace,
        actionTimeout: 10_000,
        reducedMotion: PATHS_MOTION,
      },
      testMatch: /\.paths\.e2e\.ts$/,
      dependencies: [`${CLOCK_PROJECT_PREFIX}desktop`],
    },
  ],
  webServer: [
    {
      command: `npx tsx server/main.ts`,
      url: `http://localhost:${apiPort}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(apiPort),
        DATA_DIR: '.data-e2e',
        APP_URL: `http://localhost:${webPort}`,
        E2E_FRESH_DB: '1',
        E2E_NOW,
        // The replay books many times from one address: limits × 100 (honoured only with E2E_FRESH_DB).
        RATE_LIMIT_FACTOR: '100',
      },
    },
    {
      command: `npx vite build --mode e2e && npx tsx web-server/main.ts`,
      url: `http://localhost:${webPort}`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { VITE_API_BASE_URL: `http://localhost:${apiPort}`, WEB_PORT: String(webPort), DIST_DIR: 'dist' },
    },
  ],
});
