import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import type { Location } from '../contract/location';
import { APP_CALL_NAMES, type AppActions, type AppCalls } from '../machines/app/provide';
import { pathOf, routeEvent } from '../machines/app/routing';
import type { Draft } from '../machines/shared/draft';
import { createQueryClient } from './api/query-options';
import { AppActorProvider } from './app/actor-context';
import { createAppActor } from './app/app-actor';
import type { Geocoder } from './app/geocoder-interface';
import { GeocoderProvider } from './app/geocoder-context';
import { createAppRouter } from './shell/router';
import { todayInRome } from './app/today';

/**
 * Build-time rendering of the entry screens (issue 15, web-server/build-prerender.mjs): the same
 * components as the app, drawn for a visitor who just arrived (no session, no query string, no
 * saved draft), so that the heading and the address field are in the HTML before any JavaScript.
 * start-app.tsx hydrates this markup when the browser's first screen is that same one.
 *
 * Nothing runs: every call stays pending and every action does nothing; the machine only hears the
 * route, as route-sync tells it in the browser.
 */
export const PRERENDERED_ROUTES = ['/booking/location', '/login', '/ask-reset-password'] as const;

/**
 * An address for the drafts below. The service step never shows it: it only asks the services of its
 * zone, a call that stays pending here.
 */
const SOME_ADDRESS: Location = {
  address: 'Via Roma, 1, Torino',
  googlePlaceId: 'prerender',
  coordinates: { lat: 45.07, lng: 7.68 },
  components: {
    route: 'Via Roma',
    streetNumber: '1',
    city: 'Torino',
    province: '',
    provinceCode: '',
    region: '',
    postalCode: '',
    country: '',
    countryCode: '',
  },
};

/**
 * Booking steps a customer lands on with a draft saved in the tab, when she reloads the page (issue 15
 * measures /booking/hair/service so): the service step of each flow, drawn for a draft of that flow
 * whose services are still loading (the header, the progress, the heading and the list's
 * placeholders, the same for every customer of the flow). In the browser the draft makes the app draw
 * the screen anew over this markup (start-app.tsx: no hydration with a draft); a visitor without a draft is
 * sent to the first step, as before. The later steps (details, date and time, checkout) show the
 * customer's own choices: they are not drawn ahead.
 */
export const DRAFT_ROUTES: Record<string, Partial<Draft>> = {
  '/booking/hair/service': { location: SOME_ADDRESS, participants: 'default', category: 'hair', hair: 'medium' },
  '/booking/beauty/service': { location: SOME_ADDRESS, participants: 'default', category: 'beauty' },
  '/booking/make-up/service': { location: SOME_ADDRESS, participants: 'default', category: 'make-up' },
  '/booking/salotto/service': { location: SOME_ADDRESS, participants: 'salotto', salottoCategories: ['hair'] },
};
/** A path no route matches: the app's not-found screen. */
export const NOT_FOUND_PATH = '/pagina-non-trovata';

const pending = () => new Promise<never>(() => undefined);

/**
 * The app's route patterns ('/login', '/booking/$step/{-$childStep}'...): web-server answers 404 with the
 * prerendered not-found screen for a path none of them matches.
 */
export function appRoutePatterns(): string[] {
  // Only the route table is read: the router never loads, so its context is never used.
  const router = createAppRouter({} as Parameters<typeof createAppRouter>[0], {
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return Object.keys(router.routesByPath).sort();
}

export async function prerender(url: string, draft?: Partial<Draft>): Promise<string> {
  const calls = Object.fromEntries(APP_CALL_NAMES.map((name) => [name, pending])) as unknown as AppCalls;
  const nothing = () => undefined;
  const actions: AppActions = {
    showToast: nothing,
    track: nothing,
    storeCredential: nothing,
    clearCredential: nothing,
    resetQueryCache: nothing,
    storeToastMessage: nothing,
    forgetSavedDraft: nothing,
    storeUserCookie: nothing,
    redirect: nothing,
  };
  const queryClient = createQueryClient();
  // The same tree as start-app.tsx's (hydration matches it node for node); nothing is looked up.
  const geocoder = new Proxy({}, { get: () => pending }) as Geocoder;
  const actor = createAppActor({
    input: { today: todayInRome(), hasCredential: false, ...(draft ? { draft } : {}) },
    effects: () => ({ calls, actions }),
  });
  const router = createAppRouter({ actor, queryClient }, { history: createMemoryHistory({ initialEntries: [url] }) });
  try {
    actor.send(routeEvent(url, '', true));
    // A draft that does not reach its step would draw another one: the build stops instead.
    if (draft && pathOf(actor.getSnapshot()) !== url)
      throw new Error(`prerender: the draft for ${url} leads to ${pathOf(actor.getSnapshot())}`);
    await router.load();
    return renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppActorProvider actor={actor}>
            <GeocoderProvider geocoder={geocoder}>
              {/* In the browser (no TanStack Start) the router wraps its matches in a Suspense
                  boundary that it leaves out on a server: the same boundary here, so that the
                  markup hydrates node for node. */}
              <Suspense>
                <RouterProvider router={router} />
              </Suspense>
            </GeocoderProvider>
          </AppActorProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  } finally {
    actor.stop();
    queryClient.clear();
  }
}
