import { vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import * as v from 'valibot';
import { nextBookingsDataSchema } from '../../contract/user';
import type { AppInput } from '../../machines/app/context';
import { APP_CALL_NAMES, type AppCalls } from '../../machines/app/provide';
import { TODAY, USER } from '../../machines/testing/fixtures';
import { createQueryClient, queryKeys } from '../../src/api/query-options';
import { AppActorProvider } from '../../src/app/actor-context';
import { createAppActor } from '../../src/app/app-actor';
import { createActions } from '../../src/app/effects';
import { syncRouterWithActor } from '../../src/shell/route-sync';
import { createAppRouter } from '../../src/shell/router';
import { dismissAllToasts, toaster } from '../../src/app/toasts';
import { clearCredential, setCredential } from '../../src/lib/storage';

/**
 * The whole app as main.tsx builds it (one actor with the real machine, the router synced to it,
 * the real toaster/storage actions) with fake calls and a memory history.
 */
export interface AppOptions {
  calls?: Partial<AppCalls>;
  /** A stored credential: the session loads the profile first. */
  signedIn?: boolean;
  /** What GET /me/next answers (the API's shape: defaults filled in as the app parses it). */
  meNext?: v.InferInput<typeof nextBookingsDataSchema>;
  /** A draft restored at start (to open the app on a later booking step). */
  draft?: AppInput['draft'];
  /** YYYY-MM-DD; the fixtures' TODAY by default. */
  today?: string;
}

// jsdom has no scrolling; the router resets the window's scroll on each navigation.
window.scrollTo = () => {};

const notFaked = (name: string) => () => Promise.reject(new Error(`${name} non previsto dal test`));

export function fakeCalls(overrides: Partial<AppCalls> = {}): AppCalls {
  const calls = Object.fromEntries(APP_CALL_NAMES.map((name) => [name, vi.fn(notFaked(name))])) as unknown as AppCalls;
  for (const [name, fn] of Object.entries(overrides)) (calls as unknown as Record<string, unknown>)[name] = vi.fn(fn);
  return calls;
}

/** The calls as the app is given them: each mock hears the call's input alone (not its abort signal). */
const inputOnly = (calls: AppCalls): AppCalls =>
  Object.fromEntries(
    Object.entries(calls).map(([name, mock]) => [
      name,
      (input: unknown) => (mock as (input: unknown) => unknown)(input),
    ]),
  ) as unknown as AppCalls;

/** The app's parts, not drawn yet: `draw()` renders it. */
export function buildApp(url: string, options: AppOptions = {}) {
  window.localStorage.clear();
  if (options.signedIn) setCredential('token-demo');
  else clearCredential();
  const queryClient = createQueryClient();
  if (options.meNext) queryClient.setQueryData(queryKeys.meNext, v.parse(nextBookingsDataSchema, options.meNext));
  const calls = fakeCalls({
    loadProfile: () => Promise.resolve(USER),
    ...options.calls,
  });
  const redirect = vi.fn();
  const actor = createAppActor({
    input: {
      today: options.today ?? TODAY,
      hasCredential: Boolean(options.signedIn),
      ...(options.draft ? { draft: options.draft } : {}),
    },
    effects: () => ({ calls: inputOnly(calls), actions: createActions({ queryClient, redirect }) }),
  });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createAppRouter({ actor, queryClient }, { history });
  // As src/start-app.tsx does: the shell's main area is the one scrolled to the top on a route change.
  const stop = syncRouterWithActor(router, actor, { getMainElement: () => document.getElementById('main') });
  const draw = () =>
    render(
      <QueryClientProvider client={queryClient}>
        <AppActorProvider actor={actor}>
          <RouterProvider router={router} />
        </AppActorProvider>
      </QueryClientProvider>,
    );
  const cleanup = () => {
    stop();
    actor.stop();
    // Removed at once, not after the 300 ms remove delay: no frame may fire after jsdom is gone.
    act(() => {
      dismissAllToasts();
      toaster.remove();
    });
  };
  return { actor, router, calls, queryClient, redirect, draw, cleanup, href: () => router.state.location.href };
}

export async function renderApp(url: string, options: AppOptions = {}) {
  const { draw, ...app } = buildApp(url, options);
  const view = draw();
  await act(() => app.router.load());
  return { ...view, ...app };
}
