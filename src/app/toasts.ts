import type { ReactNode } from 'react';
import { createToaster } from '@ark-ui/react/toast';
import { DELAYS, LIMITS } from '../../contract/constants';
import { trackError } from '../lib/analytics';

/**
 * The app's one toaster (SPEC §4, §9): placement top, 9000 ms, removed 300 ms after dismissal,
 * at most 24 at once (extras queue), paused while hovered, focused or the page is hidden,
 * loading toasts persist, Alt+T focuses the region, Escape dismisses.
 *
 * This module is the store and the functions that raise and dismiss toasts (a few hundred bytes of
 * zag's store), a provider of the app like the actor: the effects, the route sync and the screens
 * raise toasts through it. The region that draws them (Ark's toaster and its machines,
 * src/components/toaster-region.tsx) is a chunk of its own that `AppToaster`
 * (src/components/toaster.tsx) loads once the page is idle, or at the first toast (issue 15). A
 * toast raised before the region is in waits in the store and appears when the region mounts.
 */
export const toaster = createToaster({
  placement: 'top',
  duration: DELAYS.toastDuration,
  removeDelay: DELAYS.toastRemoveDelay,
  max: LIMITS.toastMax,
  pauseOnPageIdle: true,
  hotkey: ['altKey', 'KeyT'],
  overlap: false,
  gap: 12,
});

/** How many regions listen to the store (one in the app; React's strict mode mounts twice). */
let listeningRegions = 0;

/** Called by the region once it listens to the store; returns what its unmounting calls. */
export function regionMounted(): () => void {
  listeningRegions += 1;
  return () => {
    listeningRegions -= 1;
  };
}

/**
 * Dismisses a toast (every toast without an id): the region animates it out, then removes it. With
 * no region listening yet nobody would hear the dismissal and the toast would still appear when the
 * region mounts: it is removed from the store at once instead.
 */
function dismiss(id?: string): void {
  if (listeningRegions > 0) toaster.dismiss(id);
  else toaster.remove(id);
}

export interface ToastContent {
  description?: ReactNode;
  action?: { label: string; onClick: () => void };
  /** Override of the 9000 ms default (Infinity keeps it until dismissed). */
  duration?: number;
}

let currentErrorId: string | null = null;

/** Toasts raised since the app last took them (see `takeRecentToasts`). */
let recent = new Set<string>();
const raise = (options: Parameters<typeof toaster.create>[0]): string => {
  const id = toaster.create(options);
  recent.add(id);
  return id;
};

/**
 * The ids raised since the previous call. Route sync takes them at every state change, so a move
 * the app makes keeps the toasts its own transition raised ('Benvenuta Musa!') and drops the rest.
 */
export function takeRecentToasts(): ReadonlySet<string> {
  const taken = recent;
  recent = new Set();
  return taken;
}

/**
 * SPEC §8's shared error toast: the message as its title, one error at a time (the previous error
 * toast is dismissed), and an analytics error event with the message or a custom label.
 */
export function toastError(message: string, options: ToastContent & { analyticsLabel?: string } = {}): string {
  const { analyticsLabel, ...content } = options;
  if (currentErrorId) dismiss(currentErrorId);
  currentErrorId = raise({ type: 'error', title: message, closable: true, ...content });
  trackError(analyticsLabel ?? message);
  return currentErrorId;
}

export const toastSuccess = (title: string, content: ToastContent = {}): string =>
  raise({ type: 'success', title, closable: true, ...content });

export const toastInfo = (title: string, content: ToastContent = {}): string =>
  raise({ type: 'info', title, closable: true, ...content });

export const toastWarning = (title: string, content: ToastContent = {}): string =>
  raise({ type: 'warning', title, closable: true, ...content });

/** Stays until dismissed (or updated to another type): `toaster.update(id, { type: 'success', … })`. */
export const toastLoading = (title: string, content: Omit<ToastContent, 'duration'> = {}): string =>
  raise({ type: 'loading', title, closable: false, ...content });

export const dismissToast = (id: string): void => dismiss(id);

/** SPEC §2: every route change dismisses all toasts. */
export function dismissAllToasts(): void {
  dismiss();
  currentErrorId = null;
}

/**
 * A route change the app itself makes (a sign-in landing on /) dismisses every toast but those in
 * `keep`: the ones raised by the very transition that moved ('Benvenuta Musa!').
 */
export function dismissToastsExcept(keep: ReadonlySet<string>): void {
  for (const toast of toaster.getVisibleToasts()) {
    if (toast.id && !keep.has(toast.id)) dismiss(toast.id);
  }
  if (currentErrorId && !keep.has(currentErrorId)) currentErrorId = null;
}
