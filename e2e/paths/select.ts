/**
 * The generated paths the browser replays: all of them with E2E_PATHS=all (`npm run e2e:paths` sets
 * it), else `QUICK_SAMPLE`, the few that `npm test`'s Playwright run replays, one per kind of journey.
 */
import { generatePaths, type GeneratedPath } from '../../machines/paths';

export const QUICK_SAMPLE = [
  'hair-booked',
  'salotto-booked-with-confirmation',
  'session-login-profile-update-logout',
  'routes-a-deep-link-one-step-ahead-and-the-same-step-with-another-query-string',
  'address-leaving-the-field-picks-the-first-suggestion',
];

export function selectPaths(): GeneratedPath[] {
  const paths = generatePaths().paths;
  return process.env.E2E_PATHS === 'all' ? paths : paths.filter((path) => QUICK_SAMPLE.includes(path.name));
}
