import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../shell/router-context';
import { keepSearchSchema } from '../shell/search';
import { AppShell } from '../shell/app-shell';
import { NotFoundScreen } from '../screens/not-found/not-found-screen';

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: keepSearchSchema,
  component: AppShell,
  notFoundComponent: NotFoundScreen,
});
