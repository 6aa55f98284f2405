import { render } from '@testing-library/react';
import { RouterContextProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactElement } from 'react';

/**
 * Draws a professionals' screen inside a router, as the app does: its links (ProLink) are followed
 * by the router in place. The router's history is in memory, at `url`; the test reads where a
 * click took her from `router.history.location`.
 */
export function renderProScreen(ui: ReactElement, url = '/pro') {
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  return { router, ...render(<RouterContextProvider router={router}>{ui}</RouterContextProvider>) };
}
