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
const broken = vi.hoisted(() => ({ location: true }));
vi.mock('../../src/screens/booking/location-step', async (importOriginal) => {
  const real = await importOriginal<typeof LocationStepModule>();
  return {
    ...real,
    LocationStep: () => {
      if (broken.location) throw new Error('Qualcosa è andato storto: riprova.');
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
