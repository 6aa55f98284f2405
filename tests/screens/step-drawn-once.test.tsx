// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCATION_TORINO, SERVICE_LISTS } from '../../machines/testing/fixtures';
import { renderApp } from './app-harness';

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
});

/** The radio inputs taken out of the page while `during` runs (their values). */
async function radiosRemovedDuring(during: () => Promise<void>): Promise<string[]> {
  const removed: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes)
        if (node instanceof Element)
          for (const radio of [node, ...node.querySelectorAll('input[type="radio"]')])
            if (radio instanceof HTMLInputElement && radio.type === 'radio') removed.push(radio.value);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  try {
    await during();
  } finally {
    observer.takeRecords();
    observer.disconnect();
  }
  return removed;
}

/**
 * A step is drawn once. The machine moves first and the URL follows it: a step of one segment
 * (/booking/hair) to one of two (/booking/hair/service) used to be two routes, so the new step was
 * drawn in the old route's screen, then drawn again, from scratch, when the router had loaded the new
 * route. A tap in between (a busy phone: a quarter of a second) landed on cards about to be replaced,
 * and was lost (e2e: 'Piega liscia' pressed, never chosen).
 */
describe('a booking step is drawn once', () => {
  it('the services shown on arriving at /booking/hair/service are the ones still there once the URL has followed', async () => {
    app = await renderApp('/booking/hair', {
      draft: { location: LOCATION_TORINO, participants: 'default', category: 'hair', hair: 'long' },
      calls: { loadServices: () => Promise.resolve(SERVICE_LISTS.hair) },
    });
    const router = app.router;
    const stepForm = document.querySelector('main form');
    expect(stepForm).not.toBeNull();
    const serviceValues = new Set<string>();
    const removed = await radiosRemovedDuring(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
      await screen.findByRole('radio', { name: /Piega/ });
      for (const radio of document.querySelectorAll<HTMLInputElement>('main input[type="radio"]'))
        serviceValues.add(radio.value);
      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/booking/hair/service');
        expect(router.state.status).toBe('idle');
        expect(router.state.matches.at(-1)?.pathname).toBe('/booking/hair/service');
      });
      // Whatever the router draws once it has loaded the route, drawn by now.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(serviceValues.size).toBeGreaterThan(0);
    expect(removed.filter((value) => serviceValues.has(value))).toEqual([]);
    // The step's screen itself is the one she was on: nothing of it drawn again from scratch.
    expect(document.querySelector('main form')).toBe(stepForm);
    expect(screen.getByRole('heading', { level: 1, name: 'Quale servizio desideri?' })).toBeTruthy();
  });
});
