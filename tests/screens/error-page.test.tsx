// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as LocationStepModule from '../../src/screens/booking/location-step';
import { renderApp } from './app-harness';

/**
 * A screen that fails to draw (a bug, or its chunk did not load) shows the router's error page. Its
 * header and footer follow the machine, which the page tells it is shown (SPEC §2: the error page's
 * footer offers TORNA ALL'INIZIO, no INDIETRO, no progress).
 */
const broken = vi.hoisted(() => ({ location: true, error: new Error('Qualcosa è andato storto: riprova.') }));
const reload = vi.hoisted(() => ({ reloadPage: vi.fn() }));
vi.mock('../../src/lib/reload', () => reload);
vi.mock('../../src/screens/booking/location-step', async (importOriginal) => {
  const real = await importOriginal<typeof LocationStepModule>();
  return {
    ...real,
    LocationStep: () => {
      if (broken.location) throw broken.error;
      return real.LocationStep();
    },
  };
});

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
  broken.location = true;
  broken.error = new Error('Qualcosa è andato storto: riprova.');
  reload.reloadPage.mockClear();
  window.sessionStorage.clear();
});

describe('the error page of a screen that failed to draw', () => {
  it("shows the message with TORNA ALL'INIZIO in the footer, no back and no progress; the restart brings the app back", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    app = await renderApp('/booking/location');
    expect(await screen.findByRole('heading', { name: 'Errore 404' })).toBeTruthy();
    expect(screen.getByText('Qualcosa è andato storto: riprova.')).toBeTruthy();
    expect(app.actor.getSnapshot().context.errorPages).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: "TORNA ALL'INIZIO" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'AVANTI' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'INDIETRO' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();

    broken.location = false;
    await userEvent.click(screen.getByRole('button', { name: "TORNA ALL'INIZIO" }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Errore 404' })).toBeNull());
    expect(app.actor.getSnapshot().context.errorPages).toBe(0);
    expect(await screen.findByRole('button', { name: 'AVANTI' })).toBeTruthy();
  });
});

describe('a route module that failed to load', () => {
  it('reloads the page, once: a second failure of the same module shows the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.sessionStorage.clear();
    // What the browser says when a deployment replaced the step's chunk (the router gets it from the lazy step).
    broken.error = new TypeError(
      'Failed to fetch dynamically imported module: https://musa.example/assets/location-step-B1x.js',
    );
    app = await renderApp('/booking/location');
    await waitFor(() => expect(reload.reloadPage).toHaveBeenCalledOnce());

    // The page reloaded and the module failed again: no reload loop.
    app.cleanup();
    cleanup();
    app = await renderApp('/booking/location');
    expect(await screen.findByRole('heading', { name: 'Errore 404' })).toBeTruthy();
    expect(reload.reloadPage).toHaveBeenCalledOnce();
  });

  it('any other error does not reload the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    app = await renderApp('/booking/location');
    expect(await screen.findByRole('heading', { name: 'Errore 404' })).toBeTruthy();
    expect(reload.reloadPage).not.toHaveBeenCalled();
  });
});
