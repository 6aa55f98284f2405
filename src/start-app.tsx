import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { apiClient } from './api/client';
import { createQueryClient } from './api/query-options';
import { AppActorProvider } from './app/actor-context';
import { createAppActor, loadInspector } from './app/app-actor';
import { inputFromSearch } from './app/app-input';
import { restoreDraft, saveDraftOnChange } from './app/draft-storage';
import { releaseHoldOnPageHide } from './app/hold-beacon';
import { prefetchServicesOnBookingPages } from './app/prefetch';
import { analyticsContextOf, createEffects } from './app/effects';
import { createGeocoder } from './app/geocoder';
import { GeocoderProvider } from './app/geocoder-context';
import { keepTypingForRedraw, replayEarlyTaps, takeEarlyTaps } from './components/early-input';
import { syncRouterWithActor } from './shell/route-sync';
import { createAppRouter } from './shell/router';
import { todayInRome } from './app/today';
import { listenForClicks, loadTagManager, setAnalyticsContext } from './lib/analytics';
import { GTM_ID } from './lib/env';
import { hasCredential } from './lib/storage';
import { isProPath, pathOf } from '../machines/app/routing';

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Starts the app (src/main.tsx loads this module last): the actor, the router, then React drawing or
 * taking over the screen. The steps run in tasks of their own (`nextTask`), so that none holds the
 * main thread for long (issue 15, Total Blocking Time).
 */
export async function startApp(nextTask: () => Promise<void>): Promise<void> {
  // The first read of localStorage and sessionStorage can take a while: the browser opens them.
  const today = todayInRome();
  const credential = hasCredential();
  const restored = restoreDraft(today);

  await nextTask();
  const queryClient = createQueryClient();
  const googleMapsApiKey = (import.meta.env.VITE_GOOGLE_MAPS_API_KEY as string | undefined)?.trim() || undefined;
  const geocoder = createGeocoder(apiClient, googleMapsApiKey);
  // Issue 27: a page of the professionals' side brings its machines and calls (never the customer's pages).
  const proSide = isProPath(window.location.pathname)
    ? (await import('./app/pro-side')).createProSide(apiClient)
    : undefined;
  const actor = createAppActor({
    proSide,
    input: {
      today,
      hasCredential: credential,
      ...restored,
      ...inputFromSearch(window.location.search),
    },
    effects: (getActor) =>
      createEffects({
        api: apiClient,
        queryClient,
        geocoder,
        getTokenEmail: () => getActor()?.getSnapshot().context.tokenEmail ?? null,
      }),
    inspect: await loadInspector(window.location.search),
  });

  await nextTask();
  saveDraftOnChange(actor);
  releaseHoldOnPageHide(actor);
  prefetchServicesOnBookingPages(actor, queryClient, apiClient);
  setAnalyticsContext(() => analyticsContextOf(actor.getSnapshot(), window.location.pathname));

  listenForClicks();
  const router = createAppRouter({ actor, queryClient });
  syncRouterWithActor(router, actor, { getMainElement: () => document.getElementById('main') });

  const root = document.getElementById('root');
  if (!root) throw new Error('Elemento #root mancante');
  // The route's chunks first: the first render then draws the screen at once, as the build did.
  await router.load();
  await nextTask();

  /**
   * The entry screens come drawn in the HTML (src/prerender.tsx, for a visitor who just arrived): the
   * app takes that markup over (hydration) when it would draw the very same screen. With a session, a
   * saved draft or a query string it draws something else (a loader, a filled field, links that keep
   * the query string): it then draws from scratch, replacing the markup in one go.
   */
  const drawsPrerendered = (): boolean => {
    const marker = root.dataset.prerendered;
    if (!marker || window.location.search !== '' || credential || 'draft' in restored) return false;
    const snapshot = actor.getSnapshot();
    const pathname = trim(router.state.location.pathname);
    const machinePath = pathOf(snapshot);
    if (machinePath !== null && trim(machinePath) !== pathname) return false;
    return marker === 'not-found' ? snapshot.context.screen === 'notFound' : marker === pathname;
  };

  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppActorProvider actor={actor}>
          <GeocoderProvider geocoder={geocoder}>
            <RouterProvider router={router} />
          </GeocoderProvider>
        </AppActorProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  // Presses made before the app ran (issue 25): React listens from here on, and they are made again
  // once the page is its own.
  takeEarlyTaps(root);
  if (drawsPrerendered()) {
    hydrateRoot(root, app, {
      // A difference React recovers from by drawing the screen again: a warning, not a failure.
      onRecoverableError: (error, info) =>
        console.warn('Schermata ridisegnata dopo il caricamento:', error, info.componentStack),
    });
    replayEarlyTaps();
  } else {
    // What she typed into the prerendered fields goes into the ones the app draws (issue 25); her
    // presses there were on a page the app replaces: dropped.
    keepTypingForRedraw(root);
    // React empties the root on its first commit: the markup stays until the new screen replaces it.
    // As a transition, the first render yields to the browser every few milliseconds instead of
    // holding the main thread until the whole screen is drawn (issue 15, Total Blocking Time).
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
  // After the first paint, and only when a container is configured (docs/analytics.md).
  loadTagManager(GTM_ID);
}
