// @vitest-environment jsdom
/**
 * SPEC §7 page views, as the real app (router synced to the machine) sends them: one per route the
 * user is shown; a URL the machine redirects at once is no view; a signed-in customer's first view
 * waits for her profile, so it carries logged_in and her e-mail.
 */
import '../components/jsdom-shims';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { USER } from '../../machines/testing/fixtures';
import { analyticsContextOf } from '../../src/app/effects';
import { setAnalyticsContext } from '../../src/lib/analytics';
import { renderApp } from '../screens/app-harness';

type Entry = Record<string, unknown>;
const pageViews = () => ((window.dataLayer ?? []) as Entry[]).filter((entry) => entry.event === 'page_view');

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
beforeEach(() => {
  window.dataLayer = [];
  // As main.tsx, with the memory history's path in place of the window's.
  // (Before renderApp returns there is no app to read: the views of the first render are not asserted.)
  setAnalyticsContext(() =>
    app
      ? analyticsContextOf(app.actor.getSnapshot(), app.router.state.location.pathname)
      : { pagePath: '/', email: null },
  );
});
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
});

describe('page views', () => {
  it('a visitor sent to / is shown the booking start: one view, of /booking/location', async () => {
    app = await renderApp('/login');
    expect(await screen.findByRole('heading', { name: /Bentornata/ })).toBeTruthy();
    window.dataLayer = [];
    await act(() => app!.router.navigate({ to: '/' }));
    expect(await screen.findByRole('heading', { name: 'Dove vuoi ricevere il servizio?' })).toBeTruthy();
    expect(pageViews()).toEqual([
      expect.objectContaining({
        label: '/booking/location',
        page_path: '/booking/location',
        user_status: 'logged_out',
      }),
    ]);
  });

  it('a customer’s first view waits for her profile: logged_in with her e-mail', async () => {
    let answer: (user: typeof USER) => void = () => {};
    app = await renderApp('/', {
      signedIn: true,
      meNext: { lastProposal: null, nextBookings: [] },
      calls: { loadProfile: () => new Promise((resolve) => (answer = resolve)) },
    });
    expect(pageViews()).toEqual([]);
    await act(async () => answer(USER));
    expect(await screen.findByRole('heading', { name: 'Cosa vuoi prenotare oggi?' })).toBeTruthy();
    expect(pageViews()).toEqual([
      expect.objectContaining({ label: '/', page_path: '/', user_status: 'logged_in', user_email: USER.email }),
    ]);
  });

  it('a link is one view; the same page again is none', async () => {
    app = await renderApp('/login');
    expect(await screen.findByRole('heading', { name: /Bentornata/ })).toBeTruthy();
    window.dataLayer = [];
    await act(() => app!.router.navigate({ to: '/ask-reset-password' }));
    await screen.findByRole('button', { name: 'INVIA EMAIL' });
    await act(() => app!.router.navigate({ to: '/ask-reset-password' }));
    expect(pageViews().map((entry) => entry.page_path)).toEqual(['/ask-reset-password']);
  });
});
