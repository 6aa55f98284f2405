import { skipToken, type QueryClient } from '@tanstack/react-query';
import type { Appointment, AppointmentKey } from '../../contract/appointment';
import type { CheckoutFormInput } from '../../contract/booking';
import { SAVED_DRAFT_VERSION } from '../../contract/draft';
import {
  appointmentReminderCall,
  askResetPasswordCall,
  appointmentOfferCall,
  appointmentRebookCall,
  cancelAppointmentCall,
  checkCouponCall,
  checkLocationCall,
  checkSalottoCouponCall,
  completeSignupCall,
  createBookingCall,
  createSalottoBookingCall,
  holdSalottoSlotCall,
  holdSlotCall,
  releaseHoldCall,
  renewHoldCall,
  joinWaitlistCall,
  loginByTokenCall,
  loginCall,
  rescheduleAppointmentCall,
  subscribeToListCall,
  updateUserCall,
} from '../../contract/calls';
import type { ServiceList } from '../../contract/service';
import type { AppActions, AppCalls, AppEffects } from '../../machines/app/provide';
import { flowOf, type Draft } from '../../machines/shared/draft';
import { ApiError, revokeSession, type ApiClient } from '../api/client';
import {
  appointmentQueryOptions,
  appointmentTimesQueryOptions,
  availableTimesQueryOptions,
  meQueryOptions,
  providersOfUserQueryOptions,
  queryKeys,
  resetTokenQueryOptions,
  salottoServicesQueryOptions,
  servicesQueryOptions,
  signupTokenQueryOptions,
  waitlistOfferQueryOptions,
} from '../api/query-options';
import { pushEvent, type AnalyticsContext } from '../lib/analytics';
import {
  clearCredential,
  forgetSavedDraft,
  getCredential,
  holderKey,
  setCredential,
  setUserIdCookie,
  storeToastErrorMessage,
} from '../lib/storage';
import { toastError, toastInfo, toastSuccess, toastWarning } from './toasts';
import type { AppSnapshot } from './app-actor';
import type { Geocoder } from './geocoder-interface';

/**
 * The real effects of the root machine (machines/app/provide.ts). Every read goes through TanStack
 * Query with the option factories of `src/api/query-options.ts` (one cache with the screens, SPEC
 * §7's stale times); writes call the API client. Every action goes through the toaster, analytics
 * and storage modules.
 */

export interface EffectDeps {
  api: ApiClient;
  queryClient: QueryClient;
  geocoder: Geocoder;
  /** The e-mail of /reset-password?token=&email= (the machine keeps it in its context). */
  getTokenEmail: () => string | null;
  /** The page's query string, for the utm_* fields of a booking. */
  getSearch?: () => string;
  redirect?: (url: string) => void;
}

/** The service ids a booking or an availability request sends (SPEC §7). */
export function bookedServiceIds(draft: Draft): string[] {
  const { primaryService, secondaryServices } = draft.services;
  return [
    ...(primaryService ? [primaryService.id] : []),
    ...secondaryServices.filter((service) => !service.excludeFromBooking).map((service) => service.id),
  ];
}

/** Hair prices and durations depend on the hair length; the server prices with it. */
const hairLengthOf = (draft: Draft) => (flowOf(draft) === 'hair' && draft.hair ? { hairLength: draft.hair } : {});

const utm = (search: string) => {
  const query = new URLSearchParams(search);
  return {
    utm_source: query.get('utm_source'),
    utm_medium: query.get('utm_medium'),
    utm_campaign: query.get('utm_campaign'),
    utm_content: query.get('utm_content'),
  };
};

function bookingPayload(form: CheckoutFormInput, draft: Draft, search: string) {
  const services = draft.services.services;
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phoneNumber: form.phoneNumber,
    providerId: draft.providerId,
    // The location step refuses an address without a number; the server checks it again.
    location: draft.location!,
    services: bookedServiceIds(draft),
    startDate: draft.date ?? '',
    startTime: draft.availableTime?.startTime ?? '',
    isManualFlow: services.some((service) => service.isManualFlow),
    allergies: form.allergiesSwitch === 'yes' ? (form.allergies ?? '') : '',
    doorbellName: form.doorbellName,
    notes: [draft.salottoNotes, form.notes ?? ''].filter((text) => text.trim() !== '').join('\n\n'),
    fitToPlead: form.fitToPlead === 'yes',
    allowMarketing: form.allowMarketing ?? false,
    couponCode: form.couponCodeEnabled ? (form.couponCode ?? '') : '',
    ...hairLengthOf(draft),
    ...utm(search),
    // Issue 28: her held time is booked as held.
    holderKey: holderKey(),
  };
}

/**
 * What availability asks for the draft's day (SPEC §7), and a hold of one of its times (issue 28):
 * with her holder key, so the time she holds stays offered to her.
 */
const timesPayload = (draft: Draft, date: string) => ({
  bookingLocation: draft.location!,
  services: bookedServiceIds(draft),
  startDate: date,
  providerId: draft.providerId,
  ...hairLengthOf(draft),
  ...(flowOf(draft) === 'salotto' ? { numberOfCustomers: draft.participantsCount } : {}),
  holderKey: holderKey(),
});

/**
 * Null when the call succeeds; the server's message when it refuses with a 409 (its 'taken' or
 * 'lapsed', said to her); any other failure is thrown on.
 */
async function refusedWith409(call: Promise<unknown>): Promise<string | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return error.message;
    throw error;
  }
}

const servicesParamsOf = (draft: Draft) => ({
  category: draft.category ?? 'hair',
  hairLength: draft.hair,
  coordinates: draft.location?.coordinates ?? null,
});

/**
 * The service list of the draft's flow (SPEC §7): the salotto catalogue of the chosen categories,
 * else the category's list at the address (hair with its length). A list already in the cache
 * (prefetched, or seen before a back-and-forth) is answered at once and refreshed behind it when
 * older than SPEC's 2 s; otherwise the step waits for it.
 */
export function loadServiceList(queryClient: QueryClient, api: ApiClient, draft: Draft): Promise<ServiceList> {
  const cached = { revalidateIfStale: true } as const;
  return flowOf(draft) === 'salotto'
    ? queryClient.ensureQueryData({ ...salottoServicesQueryOptions(draft.salottoCategories, api), ...cached })
    : queryClient.ensureQueryData({ ...servicesQueryOptions(servicesParamsOf(draft), api), ...cached });
}

/** SPEC §7: booking pages prefetch the service list as soon as the draft says which one. */
export function prefetchServiceList(queryClient: QueryClient, api: ApiClient, draft: Draft): void {
  if (flowOf(draft) === 'salotto') {
    const options = salottoServicesQueryOptions(draft.salottoCategories, api);
    if (options.queryFn !== skipToken) void queryClient.prefetchQuery(options);
    return;
  }
  const options = servicesQueryOptions(servicesParamsOf(draft), api);
  if (options.queryFn !== skipToken) void queryClient.prefetchQuery(options);
}

export function createCalls(deps: EffectDeps): AppCalls {
  const { api, queryClient, geocoder } = deps;
  const search = () => deps.getSearch?.() ?? (typeof window === 'undefined' ? '' : window.location.search);

  return {
    // One cache with the personal area: the machine's profile load fills ['me'].
    loadProfile: () => queryClient.fetchQuery(meQueryOptions(api)),
    login: async ({ email, password }) => {
      const answer = await api.call(loginCall, { payload: { email, password } });
      queryClient.setQueryData(queryKeys.me, answer.user);
      return answer;
    },
    loginWithToken: async ({ token }) => {
      const answer = await api.call(loginByTokenCall, { payload: { token } });
      queryClient.setQueryData(queryKeys.me, answer.user);
      return answer;
    },
    askResetPassword: ({ email }) => api.call(askResetPasswordCall, { payload: { email } }),
    // Reset links carry the e-mail: the reset check ties the token to it. Sign-up links (booking
    // redirects) carry it too; the reset check accepts either kind of token (docs/api.md).
    checkSignupToken: ({ token }) => {
      const email = deps.getTokenEmail();
      return email
        ? queryClient.fetchQuery(resetTokenQueryOptions(token, email, api))
        : queryClient.fetchQuery(signupTokenQueryOptions(token, api));
    },
    completeSignup: async ({ token, password, firstName, lastName }) => {
      const answer = await api.call(completeSignupCall, {
        payload: {
          signupToken: token,
          password,
          ...(firstName ? { firstName } : {}),
          ...(lastName ? { lastName } : {}),
        },
      });
      queryClient.setQueryData(queryKeys.me, answer.user);
      // The link is spent: a second check must ask the server again.
      queryClient.removeQueries({ queryKey: queryKeys.signupToken(token) });
      queryClient.removeQueries({ queryKey: queryKeys.resetToken(token, deps.getTokenEmail()) });
      return answer;
    },
    loadServices: ({ draft }) => loadServiceList(queryClient, api, draft),
    searchAddresses: ({ query }) => geocoder.search(query),
    resolveAddress: ({ suggestion }) => geocoder.resolve(suggestion),
    lookupStreetNumber: ({ location, streetNumber }) => geocoder.lookupStreetNumber(location, streetNumber),
    checkLocation: ({ location }) => api.call(checkLocationCall, { payload: { bookingLocation: location } }),
    subscribeToList: ({ email, location }) =>
      // The dialog opens only for a picked address; the server refuses a missing one with its message.
      api.call(subscribeToListCall, { payload: { email, location: location! } }),
    // Stale time 0 (SPEC §7): always asked again; the cache only shares a request in flight.
    loadAvailableTimes: ({ request, date }) => {
      if (request.kind === 'move') {
        const { appointment, keepProfessional } = request;
        return queryClient.fetchQuery(
          appointmentTimesQueryOptions({ ...appointment, startDate: date, keepProfessional }, api),
        );
      }
      const { draft, flow } = request;
      const payload = timesPayload(draft, date);
      return queryClient.fetchQuery(availableTimesQueryOptions(payload, { salotto: flow === 'salotto' }, api));
    },
    holdSlot: async ({ draft }) => {
      const payload = { ...timesPayload(draft, draft.date ?? ''), startTime: draft.availableTime?.startTime ?? '' };
      const call = flowOf(draft) === 'salotto' ? holdSalottoSlotCall : holdSlotCall;
      const refused = await refusedWith409(api.call(call, { payload }));
      return refused === null ? { held: true } : { held: false, message: refused };
    },
    renewHold: async () => {
      const refused = await refusedWith409(api.call(renewHoldCall, { payload: { holderKey: holderKey() } }));
      return refused === null ? { renewed: true } : { renewed: false, message: refused };
    },
    releaseHold: () => api.call(releaseHoldCall, { params: { holderKey: holderKey() } }),
    loadProviders: ({ userId }) =>
      userId ? queryClient.fetchQuery(providersOfUserQueryOptions(userId, api)) : Promise.resolve([]),
    checkCoupon: async ({ code, draft }) => {
      const salotto = flowOf(draft) === 'salotto';
      const base = {
        providerId: draft.providerId,
        location: draft.location!,
        services: bookedServiceIds(draft),
        startDate: draft.date ?? '',
        ...(draft.availableTime ? { startTime: draft.availableTime.startTime } : {}),
        couponCode: code,
        ...hairLengthOf(draft),
        ...utm(search()),
        holderKey: holderKey(),
      };
      const answer = salotto
        ? await api.call(checkSalottoCouponCall, {
            query: { onlyCheckCoupon: '1' },
            payload: { ...base, numberOfCustomers: draft.participantsCount },
          })
        : await api.call(checkCouponCall, { query: { onlyCheckCoupon: '1' }, payload: base });
      return {
        discount: answer.booking.discount,
        services: (answer.booking.customers[0]?.services ?? []).map((service) => ({
          serviceId: service.serviceId,
          name: service.name,
          price: service.price,
          listPrice: service.listPrice,
        })),
      };
    },
    createBooking: ({ form, draft }) => {
      const payload = bookingPayload(form, draft, search());
      return flowOf(draft) === 'salotto'
        ? api.call(createSalottoBookingCall, { payload: { ...payload, numberOfCustomers: draft.participantsCount } })
        : api.call(createBookingCall, { payload });
    },
    updateProfile: async ({ userId, form }) => {
      const { user } = await api.call(updateUserCall, {
        params: { userId },
        payload: {
          firstName: form.firstName,
          lastName: form.lastName,
          phoneNumber: form.phoneNumber,
          location: form.location,
          accountEmail: form.email,
        },
      });
      // SPEC §7: then me is refetched.
      queryClient.setQueryData(queryKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      return user;
    },
    joinWaitlist: ({ email, draft, services }) =>
      api.call(joinWaitlistCall, {
        payload: {
          email,
          location: draft.location!,
          date: draft.date ?? '',
          services: bookedServiceIds(draft),
          ...hairLengthOf(draft),
          ...(flowOf(draft) === 'salotto' ? { numberOfCustomers: draft.participantsCount } : {}),
          draft: { version: SAVED_DRAFT_VERSION, draft, services },
        },
      }),
    loadWaitlistOffer: ({ entryId, token }) => queryClient.fetchQuery(waitlistOfferQueryOptions(entryId, token, api)),
    loadRebook: ({ key }) => api.call(appointmentRebookCall, address(key)),
    loadAppointment: ({ key }) => queryClient.fetchQuery(appointmentQueryOptions(key, api)),
    cancelAppointment: async ({ key }) => changed(key, await api.call(cancelAppointmentCall, address(key))),
    setAppointmentReminder: async ({ key, twoHoursBefore }) =>
      changed(key, await api.call(appointmentReminderCall, { ...address(key), payload: { twoHoursBefore } })),
    answerOffer: async ({ key, accept }) =>
      changed(key, await api.call(appointmentOfferCall, { ...address(key), payload: { accept } })),
    rescheduleAppointment: async ({ key, date, startTime, keepProfessional }) =>
      changed(
        key,
        await api.call(rescheduleAppointmentCall, {
          ...address(key),
          payload: { startDate: date, startTime, keepProfessional },
        }),
      ),
    // Issue 29: the rating calls load with the screen that makes them (never in the first load).
    loadRating: async ({ key }) => {
      const { appointmentRatingCall } = await import('../../contract/rating-calls');
      return (await api.call(appointmentRatingCall, address(key))).rating;
    },
    rateAppointment: async ({ key, ratings }) => {
      const { rateAppointmentCall } = await import('../../contract/rating-calls');
      const { rating } = await api.call(rateAppointmentCall, { ...address(key), payload: { ratings } });
      // Rated: the personal area's 'Da valutare' is read again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.meNext });
      return rating;
    },
  };

  /**
   * An appointment changed (cancelled, moved, its reminder): the answer is the appointment as it is
   * now, kept for its screen; the personal area's list is read again.
   */
  function changed(key: AppointmentKey, { appointment }: { appointment: Appointment }): Appointment {
    queryClient.setQueryData(queryKeys.appointment(key.id), appointment);
    void queryClient.invalidateQueries({ queryKey: queryKeys.meNext });
    return appointment;
  }
}

/** How a call addresses an appointment: its id, and the e-mail link's token when it was opened from one. */
const address = (key: AppointmentKey) => ({
  params: { bookingId: key.id },
  query: key.token ? { token: key.token } : {},
});

export function createActions(deps: Pick<EffectDeps, 'queryClient' | 'redirect'>): AppActions {
  return {
    showToast: ({ type, title, description }) => {
      const content = description ? { description } : {};
      if (type === 'error') toastError(title, content);
      else if (type === 'success') toastSuccess(title, content);
      else if (type === 'warning') toastWarning(title, content);
      else toastInfo(title, content);
    },
    track: ({ event, label, fields }) => {
      pushEvent(event, label, fields);
    },
    storeCredential: ({ token }) => setCredential(token),
    clearCredential: () => {
      const token = getCredential();
      clearCredential();
      if (token) revokeSession(token);
    },
    resetQueryCache: () => deps.queryClient.clear(),
    storeToastMessage: ({ message }) => storeToastErrorMessage(message),
    forgetSavedDraft: () => forgetSavedDraft(),
    storeUserCookie: ({ userId }) => setUserIdCookie(userId),
    redirect: ({ url }) => (deps.redirect ?? ((href: string) => window.location.assign(href)))(url),
  };
}

export const createEffects = (deps: EffectDeps): AppEffects => ({
  calls: createCalls(deps),
  actions: createActions(deps),
});

/** What analytics reads at each event (SPEC §3): the page, the signed-in user, the draft's choices. */
export const analyticsContextOf = (snapshot: AppSnapshot, pagePath: string): AnalyticsContext => {
  const { user, draft } = snapshot.context;
  return {
    pagePath,
    email: user?.email ?? null,
    draft: {
      participants: draft.participants ?? 'default',
      category: draft.category,
      salottoCategories: draft.salottoCategories,
    },
  };
};
