// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { User } from '../../contract/user';
import { USER } from '../../machines/testing/fixtures';
import { buildApp, renderApp } from './app-harness';

let app: { cleanup: () => void } | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
});

/**
 * A URL change the router has not resolved yet is where the person is going: the machine's answer to
 * another event (the profile arriving) must not send her back to the page she left (SPEC §2: the
 * machine decides from the URL the person asked for).
 */
describe('a page asked for while the profile loads', () => {
  it('shows that page, not the one left, when the profile arrives before the router has resolved it', async () => {
    let answer: (user: User) => void = () => undefined;
    const profile = new Promise<User>((resolve) => (answer = resolve));
    const shown = await renderApp('/booking/location', { signedIn: true, calls: { loadProfile: () => profile } });
    app = shown;
    await act(async () => {
      shown.router.history.push('/pagina-inesistente');
      answer(USER);
      await profile;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Errore 404' })).toBeTruthy();
    expect(shown.router.state.location.pathname).toBe('/pagina-inesistente');
    expect(shown.actor.getSnapshot().context.screen).toBe('notFound');
  });
});

/**
 * src/start-app.tsx loads the first URL, then draws the app in a transition: a URL changed in
 * between (back, forward, a link tapped on the prerendered screen's page) comes before the router
 * listens to the history.
 */
describe('a page asked for while the app is starting', () => {
  it('is the page shown once the app is drawn and the profile has arrived', async () => {
    let answer: (user: User) => void = () => undefined;
    const profile = new Promise<User>((resolve) => (answer = resolve));
    const { draw, ...started } = buildApp('/booking/location', {
      signedIn: true,
      calls: { loadProfile: () => profile },
    });
    app = started;
    // src/start-app.tsx: the first URL loaded, then the app drawn.
    await act(() => started.router.load());
    started.router.history.push('/pagina-inesistente');
    draw();
    await act(async () => {
      answer(USER);
      await profile;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Errore 404' })).toBeTruthy();
    expect(started.router.state.location.pathname).toBe('/pagina-inesistente');
    expect(started.actor.getSnapshot().context.screen).toBe('notFound');
  });
});
