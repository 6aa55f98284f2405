// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { User } from '../../contract/user';
import { USER } from '../../machines/testing/fixtures';
import { renderApp } from './app-harness';

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
