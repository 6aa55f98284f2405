import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { keepSearchSchema } from '../app/search';
import { AppShell } from '../app/app-shell';
import { NotFoundScreen } from '../screens/not-found/not-found-screen';

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: keepSearchSchema,
  component: AppShell,
  notFoundComponent: NotFoundScreen,
});
