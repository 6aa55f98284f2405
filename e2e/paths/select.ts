/**
 * The generated paths the browser replays: all of them with E2E_PATHS=all (`npm run e2e:paths` sets
 * it), else `QUICK_SAMPLE`, the few that `npm test`'s Playwright run replays, one per kind of journey.
 */
import { PRO_CALL_NAMES } from '../../machines/app/provide';
import type { GeneratedPath } from '../../machines/paths';
import { walkPath, walkPathsOfSeed } from '../../machines/testing/walks';
import { shortestFailingWalk } from '../../tests/oracle/walk-problems';
import { cachedPaths } from '../../tests/machines/paths-cache';

// 'session-login-profile-update-logout' is left out: in npm test's run the other suites have
// already used the demo customer (login backoff, profile edits), so its login is refused there.
export const QUICK_SAMPLE = [
  'hair-booked',
  'salotto-booked-with-confirmation',
  'routes-a-deep-link-one-step-ahead-and-the-same-step-with-another-query-string',
  'address-leaving-the-field-picks-the-first-suggestion',
  // Issue 16: a real booking's e-mail link opens it, and it is moved to another day.
  'appointment-moved-from-the-e-mail-link-to-an-instant-time-of-another-day',
  // Issue 25: the browser's own buttons and a typed URL, where SPEC's rules must still hold.
  'checkout-a-code-applied-then-the-browser-s-back-and-forward-booked-without-it',
  'data-a-time-to-confirm-then-its-checkout-typed-in-the-address-bar-opens-the-modal',
  'beauty-the-day-cleared-the-browser-s-back-then-avanti-shows-today-s-times',
];

/**
 * `npm run e2e:paths -- --seed <n>` (E2E_WALK_SEED): the random walks of that seed
 * (tests/oracle/walks.test.ts): its shortest failing walk when the model finds one, else every walk it draws.
 */
const walksOfSeed = (seed: number): GeneratedPath[] => {
  const failing = shortestFailingWalk(seed);
  return failing ? [walkPath(failing, `walk-${seed}-shortest`)] : walkPathsOfSeed(seed);
};

/**
 * Issue 27: a path of the professionals' side (one of its starts, its URLs, its screens' events and
 * calls, a professional's or the team's sign-in). Replayed on a phone like every path, and on a
 * desktop too (the `paths-desktop` project), with axe on the page it ends on.
 */
export const onProSide = (path: GeneratedPath): boolean =>
  ['professional', 'proVisitor'].includes(path.input) ||
  path.steps.some(({ event }) => {
    if (event.type.startsWith('pro.')) return true;
    if (event.type === 'route.changed') return /^\/pro(\/|$)/.test(event.path);
    if (event.type === 'effect.settle')
      return (
        (PRO_CALL_NAMES as readonly string[]).includes(event.src) || ['professional', 'team'].includes(event.outcome)
      );
    return false;
  });

export function selectPaths(): GeneratedPath[] {
  if (process.env.E2E_WALK_SEED) return walksOfSeed(Number(process.env.E2E_WALK_SEED));
  const paths = cachedPaths().paths;
  return process.env.E2E_PATHS === 'all' ? paths : paths.filter((path) => QUICK_SAMPLE.includes(path.name));
}
