import { QueryClient, queryOptions, skipToken } from '@tanstack/react-query';
import {
  appointmentAvailableTimesCall,
  appointmentCall,
  availableTimesCall,
  checkResetTokenCall,
  checkSignupTokenCall,
  currentUserCall,
  nextBookingsCall,
  providersOfUserCall,
  salottoAvailableTimesCall,
  salottoServicesCall,
  servicesCall,
  waitlistOfferCall,
  type AvailableTimesPayload,
} from '../../contract/calls';
import {
  QUERY_GC_TIME,
  STALE_TIMES,
  toApiCategory,
  type ApiCategory,
  type Category,
  type HairLength,
} from '../../contract/constants';
import type { AppointmentKey } from '../../contract/appointment';
import { apiClient, type ApiClient } from './client';

/**
 * TanStack Query option factories (CONVENTIONS §5), the one place each read request is built:
 * the machine's effects (`src/app/effects.ts`, through `fetchQuery` / `ensureQueryData`) and the
 * screens (`useQuery`) share one cache. SPEC §7/§9: no retries, 5-minute garbage collection, stale
 * times of 5 s (user), 2 s (services) and 0 (times).
 */

const common = { retry: false, gcTime: QUERY_GC_TIME } as const;

/** The app's client with SPEC's defaults, for anything not built from these factories. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...common }, mutations: { retry: false } } });
}

export const queryKeys = {
  me: ['me'] as const,
  meNext: ['me', 'next'] as const,
  services: (query: ServicesKey) => ['services', query] as const,
  salottoServices: (categories: readonly string[]) => ['services', 'salotto', categories] as const,
  availableTimes: (kind: 'single' | 'salotto', payload: AvailableTimesPayload | null) =>
    ['available-times', kind, payload] as const,
  providersOfUser: (userId: string | null) => ['providers', userId] as const,
  signupToken: (token: string | null) => ['signup-token', token] as const,
  resetToken: (token: string | null, email: string | null) => ['reset-token', token, email] as const,
  appointment: (id: string) => ['appointment', id] as const,
  appointmentTimes: (request: AppointmentTimesRequest) => ['appointment-times', request] as const,
  waitlistOffer: (entryId: string, token: string) => ['waitlist-offer', entryId, token] as const,
};

export type AppointmentTimesRequest = AppointmentKey & { startDate: string; keepProfessional: boolean };

const manageQuery = (token: string | null) => (token ? { token } : {});

/** SPEC §6: the current-user query runs only while a credential is stored. */
export const meQueryOptions = (api: ApiClient = apiClient) =>
  queryOptions({
    ...common,
    queryKey: queryKeys.me,
    queryFn: async ({ signal }) => (await api.call(currentUserCall, { signal })).user,
    staleTime: STALE_TIMES.user,
    enabled: () => api.hasToken(),
  });

export const meNextQueryOptions = (api: ApiClient = apiClient) =>
  queryOptions({
    ...common,
    queryKey: queryKeys.meNext,
    queryFn: ({ signal }) => api.call(nextBookingsCall, { signal }),
    staleTime: STALE_TIMES.user,
    enabled: () => api.hasToken(),
  });

export interface ServicesParams {
  category: Category | null;
  hairLength: HairLength | null;
  coordinates: { lat: number; lng: number } | null;
}
type ServicesKey = { category: ApiCategory; hairLength: HairLength | null; lat: number; lng: number } | null;

/** SPEC §7: enabled only with a category, coordinates and (for hair) a hair length; beauty is sent as estetica. */
export function servicesQueryOptions(params: ServicesParams, api: ApiClient = apiClient) {
  const { category, hairLength, coordinates } = params;
  const ready = category !== null && coordinates !== null && (category !== 'hair' || hairLength !== null);
  const key: ServicesKey = ready
    ? {
        category: toApiCategory(category),
        hairLength: category === 'hair' ? hairLength : null,
        lat: coordinates.lat,
        lng: coordinates.lng,
      }
    : null;
  return queryOptions({
    ...common,
    queryKey: queryKeys.services(key),
    queryFn: key
      ? async ({ signal }) =>
          (
            await api.call(servicesCall, {
              signal,
              query: {
                category: key.category,
                ...(key.hairLength ? { hairLength: key.hairLength } : {}),
                lat: String(key.lat),
                lng: String(key.lng),
              },
            })
          ).services
      : skipToken,
    staleTime: STALE_TIMES.services,
  });
}

/** SPEC §7: the salotto catalogue of the chosen categories (beauty mapped to estetica). */
export function salottoServicesQueryOptions(categories: readonly Category[], api: ApiClient = apiClient) {
  const apiCategories = categories.map(toApiCategory);
  return queryOptions({
    ...common,
    queryKey: queryKeys.salottoServices(apiCategories),
    queryFn:
      apiCategories.length > 0
        ? async ({ signal }) =>
            (await api.call(salottoServicesCall, { signal, query: { categories: apiCategories.join(',') } })).services
        : skipToken,
    staleTime: STALE_TIMES.services,
  });
}

/** SPEC §7: times of a day, never fresh (stale time 0); null payload while the draft is incomplete. */
export function availableTimesQueryOptions(
  payload: AvailableTimesPayload | null,
  options: { salotto?: boolean } = {},
  api: ApiClient = apiClient,
) {
  const kind = options.salotto ? 'salotto' : 'single';
  return queryOptions({
    ...common,
    queryKey: queryKeys.availableTimes(kind, payload),
    queryFn: payload
      ? async ({ signal }) =>
          (await api.call(kind === 'salotto' ? salottoAvailableTimesCall : availableTimesCall, { signal, payload }))
            .availableTimes
      : skipToken,
    staleTime: STALE_TIMES.times,
  });
}

/** The professionals the customer already met (the provider filter). */
export function providersOfUserQueryOptions(userId: string | null, api: ApiClient = apiClient) {
  return queryOptions({
    ...common,
    queryKey: queryKeys.providersOfUser(userId),
    queryFn: userId
      ? async ({ signal }) => (await api.call(providersOfUserCall, { signal, params: { userId } })).providers
      : skipToken,
    staleTime: STALE_TIMES.user,
  });
}

export function signupTokenQueryOptions(signupToken: string | null, api: ApiClient = apiClient) {
  return queryOptions({
    ...common,
    queryKey: queryKeys.signupToken(signupToken),
    queryFn: signupToken
      ? ({ signal }) => api.call(checkSignupTokenCall, { signal, query: { signupToken } })
      : skipToken,
    // A link is single-use and expires: each visit of its screen asks the server again, as the machine
    // shows it ('Verifica del link in corso'), instead of an answer kept from an earlier visit.
    staleTime: 0,
  });
}

export function resetTokenQueryOptions(token: string | null, email: string | null, api: ApiClient = apiClient) {
  return queryOptions({
    ...common,
    queryKey: queryKeys.resetToken(token, email),
    queryFn:
      token && email ? ({ signal }) => api.call(checkResetTokenCall, { signal, query: { token, email } }) : skipToken,
    // Single-use and expiring, as the sign-up link above: asked again at each visit.
    staleTime: 0,
  });
}

/** One appointment (issue 16): always asked again when its screen opens (it may have moved meanwhile). */
export function appointmentQueryOptions({ id, token }: AppointmentKey, api: ApiClient = apiClient) {
  return queryOptions({
    ...common,
    queryKey: queryKeys.appointment(id),
    queryFn: async ({ signal }) =>
      (await api.call(appointmentCall, { signal, params: { bookingId: id }, query: manageQuery(token) })).appointment,
    staleTime: 0,
  });
}

/** The free times of a day to move an appointment to: like a booking's, never fresh. */
export function appointmentTimesQueryOptions(request: AppointmentTimesRequest, api: ApiClient = apiClient) {
  const { id, token, startDate, keepProfessional } = request;
  return queryOptions({
    ...common,
    queryKey: queryKeys.appointmentTimes(request),
    queryFn: async ({ signal }) =>
      (
        await api.call(appointmentAvailableTimesCall, {
          signal,
          params: { bookingId: id },
          query: manageQuery(token),
          payload: { startDate, keepProfessional },
        })
      ).availableTimes,
    staleTime: STALE_TIMES.times,
  });
}

/** The waitlist offer's link: the freed day and the draft left with the entry. */
export function waitlistOfferQueryOptions(entryId: string, token: string, api: ApiClient = apiClient) {
  return queryOptions({
    ...common,
    queryKey: queryKeys.waitlistOffer(entryId, token),
    queryFn: ({ signal }) => api.call(waitlistOfferCall, { signal, params: { entryId }, query: { token } }),
    staleTime: 0,
  });
}
