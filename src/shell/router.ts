import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { ErrorScreen } from '../screens/not-found/error-screen';
import { NotFoundScreen } from '../screens/not-found/not-found-screen';
import type { RouterContext } from './router-context';
import { parseSearch, stringifySearch } from './search';

/** `history` is the browser's by default; tests pass a memory history. */
export function createAppRouter(context: RouterContext, options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    context,
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    // The shell scrolls its main area itself on every route change (SPEC §2).
    scrollRestoration: false,
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    parseSearch,
    stringifySearch,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
