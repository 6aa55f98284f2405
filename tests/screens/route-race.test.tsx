// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import type { User } from '../../contract/user';
import { TODAY, USER } from '../../machines/testing/fixtures';
import { createQueryClient } from '../../src/api/query-options';
import { AppActorProvider } from '../../src/app/actor-context';
import { createAppActor } from '../../src/app/app-actor';
import { createActions } from '../../src/app/effects';
import { syncRouterWithActor } from '../../src/shell/route-sync';
import { createAppRouter } from '../../src/shell/router';
import { fakeCalls, renderApp } from './app-harness';

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
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
    app = await renderApp('/booking/location', { signedIn: true, calls: { loadProfile: () => profile } });
    await act(async () => {
      app!.router.history.push('/pagina-inesistente');
      answer(USER);
      await profile;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Errore 404' })).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/pagina-inesistente');
    expect(app.actor.getSnapshot().context.screen).toBe('notFound');
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
    const queryClient = createQueryClient();
    const calls = fakeCalls({ loadProfile: () => profile });
    const actor = createAppActor({
      input: { today: TODAY, hasCredential: true },
      effects: () => ({ calls, actions: createActions({ queryClient, redirect: vi.fn() }) }),
    });
    const history = createMemoryHistory({ initialEntries: ['/booking/location'] });
    const router = createAppRouter({ actor, queryClient }, { history });
    const stop = syncRouterWithActor(router, actor);
    await act(() => router.load());
    history.push('/pagina-inesistente');
    render(
      <QueryClientProvider client={queryClient}>
        <AppActorProvider actor={actor}>
          <RouterProvider router={router} />
        </AppActorProvider>
      </QueryClientProvider>,
    );
    await act(async () => {
      answer(USER);
      await profile;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Errore 404' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pagina-inesistente');
    expect(actor.getSnapshot().context.screen).toBe('notFound');
    stop();
    actor.stop();
  });
});
