import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { apiClient } from './api/client';
import { createQueryClient } from './api/query-options';
import { AppActorProvider } from './app/actor-context';
import { createAppActor, loadInspector } from './app/app-actor';
import { inputFromSearch } from './app/app-input';
import { restoreDraft, saveDraftOnChange } from './app/draft-storage';
import { prefetchServicesOnBookingPages } from './app/prefetch';
import { analyticsContextOf, createEffects } from './app/effects';
import { createGeocoder } from './app/geocoder';
import { GeocoderProvider } from './app/geocoder-context';
import { syncRouterWithActor } from './app/route-sync';
import { createAppRouter } from './app/router';
import { todayInRome } from './app/today';
import { listenForClicks, loadTagManager, setAnalyticsContext } from './lib/analytics';
import { GTM_ID } from './lib/env';
import { hasCredential } from './lib/storage';
import './styles/theme.css';

const queryClient = createQueryClient();
const googleMapsApiKey = (import.meta.env.VITE_GOOGLE_MAPS_API_KEY as string | undefined)?.trim() || undefined;
const geocoder = createGeocoder(apiClient, googleMapsApiKey);

const today = todayInRome();
const actor = createAppActor({
  input: {
    today,
    hasCredential: hasCredential(),
    ...restoreDraft(today),
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

saveDraftOnChange(actor);
prefetchServicesOnBookingPages(actor, queryClient, apiClient);
setAnalyticsContext(() => analyticsContextOf(actor.getSnapshot(), window.location.pathname));

listenForClicks();
const router = createAppRouter({ actor, queryClient });
syncRouterWithActor(router, actor, { getMainElement: () => document.getElementById('main') });

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root mancante');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppActorProvider actor={actor}>
        <GeocoderProvider geocoder={geocoder}>
          <RouterProvider router={router} />
        </GeocoderProvider>
      </AppActorProvider>
    </QueryClientProvider>
  </StrictMode>,
);
// After the first paint, and only when a container is configured (docs/analytics.md).
loadTagManager(GTM_ID);
