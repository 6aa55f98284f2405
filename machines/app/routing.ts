/**
 * URL ↔ machine. The machine decides where the user is; these helpers turn a snapshot into its
 * URL (`pathOf`) and a URL the user changed into the event that asks the machine to go there
 * (`routeEvent`). The machine answers by accepting the step or by staying on / moving to the
 * first incomplete step, whose path then differs from the URL: the app replaces the URL.
 */
import type { ServiceList } from '../../contract/service';
import {
  ALL_STEPS,
  FLOW_STEPS,
  firstIncompleteStep,
  flowOf,
  pathOfStep,
  type Draft,
  type StepId,
} from '../shared/draft';
import type { AppointmentKey } from '../../contract/appointment';
import type { Screen, WaitlistOfferKey } from './context';
import type { RouteEvent } from './events';

const STEP_BY_PATH = new Map<string, StepId>(ALL_STEPS.map((step) => [pathOfStep(step), step]));

const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The step a booking path names, null when it names none (SPEC: an unhandled step is an error). */
export const stepOfPath = (path: string): StepId | null => {
  const clean = trimSlash(path);
  if (clean === '/booking') return 'location';
  return STEP_BY_PATH.get(clean) ?? null;
};

const params = (search: string | undefined): URLSearchParams => new URLSearchParams(search);

/**
 * /appointments/:id and /appointments/:id/reschedule (issue 16), /appointments/:id/rebook (issue 27),
 * /appointments/:id/rating (issue 29).
 */
const APPOINTMENT_PATH = /^\/appointments\/([^/]+)(\/reschedule|\/rebook|\/rating)?$/;
/**
 * Issue 27, the professionals' side: /pro, /pro/requests, /pro/requests/:id (the e-mails' link);
 * issue 40: /pro/time-off, /pro/team (the team's board), /pro/hours.
 */
const PRO_PATH = /^\/pro(\/requests(?:\/([^/]+))?|\/time-off|\/team|\/hours)?$/;

/** Whether a path is one of the professionals' side (its code loads with such a page). */
export const isProPath = (path: string): boolean => PRO_PATH.test(trimSlash(path));

/** The request a URL names (/pro/requests/:id), null for other URLs. */
export const proRequestOf = (path: string): string | null => {
  const id = PRO_PATH.exec(trimSlash(path))?.[2];
  return id === undefined ? null : segment(id);
};

/** The screen of each appointment path's tail. */
const APPOINTMENT_SCREENS: Record<string, Screen> = {
  '/reschedule': 'appointmentReschedule',
  '/rebook': 'appointmentRebook',
  '/rating': 'appointmentRating',
};

/** /waitlist/:entryId (issue 16: the offer's e-mail link). */
const WAITLIST_PATH = /^\/waitlist\/([^/]+)$/;

const segment = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The appointment a URL names, with the e-mail link's token when it carries one; null for other URLs. */
export const appointmentKeyOf = (path: string, search?: string): AppointmentKey | null => {
  const match = APPOINTMENT_PATH.exec(trimSlash(path));
  return match ? { id: segment(match[1]!), token: params(search).get('token') || null } : null;
};

/** The waitlist entry a URL names with its token; null for other URLs (or without a token). */
export const waitlistOfferOf = (path: string, search?: string): WaitlistOfferKey | null => {
  const match = WAITLIST_PATH.exec(trimSlash(path));
  const token = params(search).get('token');
  return match && token ? { entryId: segment(match[1]!), token } : null;
};

/** SPEC §2: which screen a URL asks for. */
export const screenOf = (path: string, search?: string): Screen => {
  const clean = trimSlash(path);
  const query = params(search);
  const appointment = APPOINTMENT_PATH.exec(clean);
  if (appointment) return APPOINTMENT_SCREENS[appointment[2] ?? ''] ?? 'appointment';
  if (WAITLIST_PATH.test(clean)) return 'waitlistOffer';
  const pro = PRO_PATH.exec(clean);
  if (pro) {
    if (pro[1] === '/time-off') return 'proTimeOff';
    if (pro[1] === '/team') return 'proTeam';
    if (pro[1] === '/hours') return 'proHours';
    return pro[2] !== undefined ? 'proRequest' : pro[1] ? 'proRequests' : 'proAgenda';
  }
  if (clean === '/') return 'home';
  if (clean === '/login') return query.get('token') ? 'loginWithToken' : 'login';
  if (clean === '/ask-reset-password') return 'askResetPassword';
  if (clean === '/reset-password') {
    return query.get('token') && query.get('email') ? 'resetPassword' : 'resetPasswordWithoutToken';
  }
  if (stepOfPath(clean)) return 'booking';
  return 'notFound';
};

/**
 * The step the machine shows for a booking path: the one asked for when every earlier step of
 * the draft's flow is complete, else the first incomplete one. A step of another flow counts
 * as asking past the end of this one.
 */
export const resolveStep = (draft: Draft, services: ServiceList | null, path: string): StepId | null => {
  const requested = stepOfPath(path);
  if (!requested) return null;
  const steps = FLOW_STEPS[flowOf(draft)];
  const firstIncomplete = firstIncompleteStep(draft, services);
  const requestedIndex = steps.indexOf(requested);
  const incompleteIndex = steps.indexOf(firstIncomplete);
  if (requestedIndex < 0) return firstIncomplete;
  // Stryker disable next-line EqualityOperator: at equal indexes the step asked for is the first incomplete one
  return requestedIndex <= incompleteIndex ? requested : firstIncomplete;
};

/** The event that reports a URL to the machine (the router calls it on every location change). */
export const routeEvent = (path: string, search = '', reload = false): RouteEvent => ({
  type: 'route.changed',
  path,
  search,
  ...(reload ? { reload } : {}),
});

interface MetaSnapshot {
  getMeta(): Record<string, unknown>;
  context: { appointment: AppointmentKey | null; proRequest: string | null };
}

interface PathMeta {
  path?: string;
  screen?: 'booking';
}

/**
 * The URL of a snapshot: the session screen's `meta.path`, or the wizard step's when the
 * session shows the booking. Null while nothing is decided (booting, loading the profile,
 * logging out) or on the not-found screen: the URL stays as it is.
 */
export const pathOf = (snapshot: MetaSnapshot): string | null => {
  const metas = Object.values(snapshot.getMeta()) as PathMeta[];
  const showsBooking = metas.some((meta) => meta.screen === 'booking');
  const paths = metas.map((meta) => meta.path).filter((path): path is string => typeof path === 'string');
  // The wizard's step path while the session shows the booking, else the session screen's.
  const path = paths.find((path) => path.startsWith('/booking') === showsBooking);
  return path === undefined ? null : fillPath(path, snapshot.context);
};

/** A `meta.path` with parameters (`/appointments/:id`) filled from the context; null when one is unknown. */
const fillPath = (path: string, context: MetaSnapshot['context']): string | null => {
  if (path.includes(':requestId'))
    return context.proRequest ? path.replace(':requestId', encodeURIComponent(context.proRequest)) : null;
  if (!path.includes(':id')) return path;
  return context.appointment ? path.replace(':id', encodeURIComponent(context.appointment.id)) : null;
};

/**
 * The paths an e-mail's link opens with a secret in its query (`token`, `email`): login by token,
 * account completion, an appointment's manage link, a waitlist offer (issue 16), the invitation to
 * rate an appointment (issue 29).
 */
const LINK_PATH = /^\/(login|reset-password|appointments\/[^/]+(\/reschedule|\/rebook|\/rating)?|waitlist\/[^/]+)$/;
const LINK_SCREENS: ReadonlySet<Screen> = new Set([
  'loginWithToken',
  'resetPassword',
  'appointment',
  'appointmentReschedule',
  'waitlistOffer',
  'appointmentRebook',
  'appointmentRating',
]);

/**
 * The query string a URL keeps when the app follows the machine to `target` (the shell's route sync,
 * and the model's browser): the link's secret while its screen shows on a link's path, else the query
 * without `token` and `email` (an experiment's keys stay).
 */
export const searchKept = (screen: Screen | null, target: string, search: string): string => {
  if (screen !== null && LINK_SCREENS.has(screen) && LINK_PATH.test(trimSlash(target))) return search;
  const params = new URLSearchParams(search);
  params.delete('token');
  params.delete('email');
  const text = params.toString();
  return text ? `?${text}` : '';
};
