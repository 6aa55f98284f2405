import { customerTypeOf, serviceTypeOf, type AnalyticsEvent, type UserStatus } from '../../contract/analytics';
import type { Category, ParticipantMode } from '../../contract/constants';

/**
 * Analytics (SPEC §3, §8): events pushed to `window.dataLayer` with the fields of
 * contract/analytics.ts. A tag manager reads the array when one is configured; without one it only
 * grows in memory, so the app never depends on it.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The fields every event carries (SPEC §3). */
export type AnalyticsFields = Omit<AnalyticsEvent, 'event' | 'label'>;

export interface AnalyticsContext {
  pagePath: string;
  /** The signed-in user's e-mail, or null for a visitor. */
  email: string | null;
  draft?: {
    participants: ParticipantMode;
    category: Category | null;
    salottoCategories: readonly Category[];
  };
}

/** SPEC §3's fields from what the app knows now. */
export function analyticsFields(context: AnalyticsContext): AnalyticsFields {
  const status: UserStatus = context.email ? 'logged_in' : 'logged_out';
  const fields: AnalyticsFields = {
    page_path: context.pagePath,
    user_status: status,
    user_email: context.email ?? '',
  };
  if (context.draft) {
    fields.customer_type = customerTypeOf(context.draft);
    const serviceType = serviceTypeOf(context.draft);
    if (serviceType) fields.service_type = serviceType;
  }
  return fields;
}

let getContext: () => AnalyticsContext = () => ({
  pagePath: typeof location === 'undefined' ? '/' : location.pathname,
  email: null,
});

/** The app tells analytics where to read the page, the user and the draft from. */
export function setAnalyticsContext(provider: () => AnalyticsContext): void {
  getContext = provider;
}

/** Pushes one event with the current fields. */
export function pushEvent(event: string, label?: string): AnalyticsEvent {
  const entry: AnalyticsEvent = { event, ...(label === undefined ? {} : { label }), ...analyticsFields(getContext()) };
  if (typeof window !== 'undefined') {
    window.dataLayer ??= [];
    window.dataLayer.push(entry);
  }
  return entry;
}

export const trackClick = (label: string) => pushEvent('button_click', label);
/** e.g. `trackPageView('modale_conferma')` when the confirmation modal opens (SPEC §4). */
export const trackPageView = (name: string) => pushEvent('page_view', name);
export const trackPopup = (name: string) => pushEvent('popup', name);
/** SPEC §8: the error toast reports the message, or a custom label. */
export const trackError = (label: string) => pushEvent('error', label);
export const trackBookingRequest = (label?: string) => pushEvent('booking_request', label);
