/**
 * What the user sees in each state a generated path reaches: the URL the state's `meta.path`
 * names and the screen's heading (SPEC copy). Booking steps are typed against the machine's step
 * kinds; a session state left out has no assertion yet and `assertState()` fails on it by name.
 */
import { expect, type Page } from '@playwright/test';
import type { AppContext } from '../../machines/app/context';
import { pathOf } from '../../machines/app/routing';
import { kindOf, type StepId, type StepKind } from '../../machines/shared/draft';
import type { SystemSnapshot } from '../../machines/testing/system';
import type { BookingPage } from './booking-page';

const STEP_HEADINGS: Record<StepKind, (step: StepId) => string> = {
  location: () => 'Dove vuoi ricevere il servizio?',
  participants: () => 'Per quante persone vuoi prenotare?',
  'participants-salotto': () => 'Quante siete di preciso?',
  category: () => 'Che tipo di servizio ti interessa oggi?',
  'category-salotto': () => 'Che tipo di servizi vi interessano? Puoi scegliere una o più opzioni.',
  hair: () => 'Dicci dei tuoi capelli e facci capire che Musa sei!',
  service: (step) => (step.startsWith('salotto-') ? 'Quali servizi desiderate?' : 'Quale servizio desideri?'),
  details: () => "Spiegaci un po' più nel dettaglio cosa vorreste fare.",
  data: (step) =>
    step.startsWith('salotto-')
      ? "Quando vorreste richiedere l'appuntamento, Musa?"
      : 'Quando vorresti ricevere il servizio, Musa?',
  checkout: () => 'Completa la tua prenotazione',
};

interface StateCheck {
  page: Page;
  booking: BookingPage;
  sys: SystemSnapshot;
}

const atPath = async (page: Page, path: string) => {
  await expect(page).toHaveURL((url) => url.pathname === path);
};

const bookingStep = async ({ page, booking, sys }: StateCheck) => {
  const step = (sys.root.context as AppContext).step;
  const wizard = flatten((sys.root.value as Record<string, unknown>).wizard);
  if (wizard.some((value) => value.endsWith('checkout.completed'))) {
    // A new customer is sent to complete her account (ARCHITECTURE: redirectUrl with the signup token).
    await expect(page).toHaveURL(/\/reset-password\?token=.+&email=/, { timeout: 15_000 });
    return;
  }
  const path = pathOf(sys.root);
  if (path) await atPath(page, path);
  await expect(page.getByRole('heading', { level: 1, name: STEP_HEADINGS[kindOf(step)](step) })).toBeVisible();
  if (sys.kids.confirmation) await expect(booking.confirmation()).toBeVisible();
};

/** Session states by their first two levels (`signedOut.login`, `signedIn.home`…). */
const SESSION_STATES: Record<string, (check: StateCheck) => Promise<void>> = {
  'signedOut.booking': bookingStep,
  'signedIn.booking': bookingStep,
  'signedOut.login': async ({ page }) => {
    await atPath(page, '/login');
    await expect(page.getByRole('heading', { name: 'Bentornata, Musa!' })).toBeVisible();
  },
  'signedIn.home': async ({ page, booking, sys }) => {
    await atPath(page, '/');
    await expect(page.getByText('Cosa vuoi prenotare oggi?')).toBeVisible();
    const profile = sys.kids.profileDialog?.snapshot.value;
    if (profile !== undefined && profile !== 'closed') await expect(booking.profileDialog()).toBeVisible();
    else await expect(booking.profileDialog()).toBeHidden();
  },
  'signedOut.notFound': async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Errore 404' })).toBeVisible();
  },
  'signedIn.notFound': async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Errore 404' })).toBeVisible();
  },
  // The logout loader's two phases last a few hundred ms: the state after them is asserted instead.
  'loggingOut.showing': async () => {},
  'loggingOut.hiding': async () => {},
};

const flatten = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) => flatten(child).map((rest) => `${key}.${rest}`))
      : [];

/** The session state by its first two levels, e.g. `signedOut.login`. */
export const sessionKey = (sys: SystemSnapshot): string => {
  const session = (sys.root.value as Record<string, unknown>).session;
  return (flatten(session)[0] ?? '').split('.').slice(0, 2).join('.');
};

export const unsupportedState = (sys: SystemSnapshot): string | null =>
  SESSION_STATES[sessionKey(sys)] ? null : `no browser assertion for state 'session.${sessionKey(sys)}'`;

/** Asserts what the user sees in the state; fails by name when the state has no assertion. */
export async function assertState(check: StateCheck): Promise<void> {
  const key = sessionKey(check.sys);
  const assertion = SESSION_STATES[key];
  if (!assertion) throw new Error(`No browser assertion for state 'session.${key}' (e2e/paths/states.ts)`);
  await assertion(check);
}
