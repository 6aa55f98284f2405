import type { QueryClient } from '@tanstack/react-query';
import type { AppActor } from '../app/app-actor';

/** What every route reads from the router context (CONVENTIONS §4: the actor travels here). */
export interface RouterContext {
  actor: AppActor;
  queryClient: QueryClient;
}
