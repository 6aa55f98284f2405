/**
 * What the shell around the screens must show for an oracle `Observation` (SPEC §2, §4, §9): which
 * header and footer (the page), the progress bar, whether the main button waits, the service list's
 * view, the order total, the confirmation modal and which of the step's parts are drawn. Written
 * from SPEC like spec.ts and page.ts; it imports nothing from machines/ (the draft is a type).
 * tests/oracle/paths.test.ts compares the selectors the UI reads (machines/app/selectors.ts) with it.
 */
import type { Draft } from '../../machines/shared/draft';
import type { Observation } from './oracle';
import { APPOINTMENT_PATH, flowOf, PRO_PATH, SESSION_URLS, stepsOf, WAITLIST_PATH } from './spec';

/** The header and footer a page has (SPEC §2: no progress bar or help on the session forms). */
export type ShellPage =
  'home' | 'login' | 'askReset' | 'reset' | 'booking' | 'appointment' | 'reschedule' | 'pro' | 'error' | 'none';

/** SPEC §9: services, plus the time's supplement above 0, minus the coupon's discount above 0. */
export function orderTotal(draft: Draft): number {
  const { primaryService, secondaryServices } = draft.services;
  const services = secondaryServices.reduce((sum, service) => sum + service.price, primaryService?.price ?? 0);
  const supplement = Math.max(0, draft.availableTime?.supplement ?? 0);
  const discount = Math.max(0, draft.couponCodeDiscount);
  return services + supplement - discount;
}

/**
 * The page for the URL shown (SPEC §2 routes); null while the session settles (the global loader
 * covers the app: SPEC says nothing of the page under it).
 */
export function expectedPage(now: Observation): ShellPage | null {
  if (now.phase === 'booting' || now.phase === 'loadingProfile' || now.phase === 'loggingOut') return null;
  if (now.title === 'Errore 404') return 'error';
  if (now.screen === 'waitlistOffer' || now.screen === 'appointmentRebook') return 'none';
  const url = now.url;
  if (url === null) return null;
  if (url === SESSION_URLS.home) return 'home';
  if (url === SESSION_URLS.login) return 'login';
  if (url === SESSION_URLS.askResetPassword) return 'askReset';
  // A reset link without its e-mail shows the login form (SPEC §2).
  if (url === SESSION_URLS.resetPassword) return now.screen === 'resetPassword' ? 'reset' : 'login';
  if (url.startsWith('/booking/')) return 'booking';
  if (APPOINTMENT_PATH.test(url)) return url.endsWith('/reschedule') ? 'reschedule' : 'appointment';
  if (WAITLIST_PATH.test(url)) return 'none';
  // Issue 27: the professionals' side.
  if (PRO_PATH.test(url)) return 'pro';
  return null;
}

/** SPEC §2: the step-progress bar, totalSteps segments with the current one filled. */
export function expectedProgress(now: Observation): { current: number; total: number } | null {
  if (now.screen !== 'booking') return null;
  // A step of another flow fills no segment (none is reached: tests/oracle/oracle.ts judges the URL).
  const steps = stepsOf(flowOf(now.draft));
  const at = steps.indexOf(now.step);
  return { current: at + 1, total: steps.length };
}

/** The calls a person waits on with the main button loading or the global loader shown (SPEC §2, §4, §6). */
const WAITED_ON = [
  'login',
  'loginWithToken',
  'loadProfile',
  'askResetPassword',
  'checkSignupToken',
  'completeSignup',
  'loadWaitlistOffer',
  'loadRebook',
];

/** The address's lookups and check, which AVANTI may wait for (SPEC §4). */
const ADDRESS_CHECKS = ['resolveAddress', 'lookupStreetNumber', 'checkLocation'];

/**
 * Whether the app shows it is working (the main button's spinner, the global loader): a sign-in, a
 * link or the profile being read, the service list loading, logging out. Null where SPEC leaves it
 * to the moment (the address still being looked up or checked: busy only once AVANTI waits for it;
 * the booking being sent: RICHIEDI PRENOTAZIONE's own spinner, in the checkout form).
 */
export function expectedBusy(now: Observation): boolean | null {
  if (now.phase === 'booting') return null;
  // Booked: the browser leaves for the address the server gave (SPEC §2 checkout); the app waits.
  if (now.effects.some((effect) => effect.type === 'redirect')) return true;
  if (now.calls.some((call) => ADDRESS_CHECKS.includes(call) || call === 'createBooking')) return null;
  if (now.phase === 'loggingOut' || now.phase === 'loadingProfile') return true;
  // Issue 43: signed in, the profile read again on / is read behind the area she sees (the profile
  // she had shows meanwhile): not waited on.
  const waited = now.phase === 'signedIn' ? WAITED_ON.filter((call) => call !== 'loadProfile') : WAITED_ON;
  if (now.calls.some((call) => waited.includes(call))) return true;
  return now.serviceList === 'loading';
}
