import type { QueryClient } from '@tanstack/react-query';
import { flowOf, type Draft } from '../../machines/shared/draft';
import type { ApiClient } from '../api/client';
import type { AppActor } from './app-actor';
import { prefetchServiceList } from './effects';

/** What decides which service list a draft needs (SPEC §7 services query). */
const serviceListKey = (draft: Draft): string =>
  flowOf(draft) === 'salotto'
    ? `salotto:${draft.salottoCategories.join(',')}`
    : `${draft.category ?? 'hair'}:${draft.hair ?? ''}:${draft.location?.coordinates.lat ?? ''},${draft.location?.coordinates.lng ?? ''}`;

/**
 * SPEC §7: booking pages prefetch the service list. As soon as the draft names one (the category
 * and address, the hair length, the salotto's categories) it is fetched while the customer is
 * still on the step before, so the service step draws at once. Once per list, not per change.
 */
export function prefetchServicesOnBookingPages(actor: AppActor, queryClient: QueryClient, api: ApiClient): () => void {
  let lastKey: string | null = null;
  const subscription = actor.subscribe((snapshot) => {
    if (snapshot.context.screen !== 'booking') return;
    const key = serviceListKey(snapshot.context.draft);
    if (key === lastKey) return;
    lastKey = key;
    prefetchServiceList(queryClient, api, snapshot.context.draft);
  });
  return () => subscription.unsubscribe();
}
