import type { KeyboardEvent, ReactNode } from 'react';
import { Toast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast';
import { DELAYS, LIMITS } from '../../contract/constants';
import { trackError } from '../lib/analytics';
import { Spinner } from './spinner';
import * as css from './toaster.css';
import { CloseIcon } from './icons';

/**
 * The app's one toaster (SPEC §4, §9): placement top, 9000 ms, removed 300 ms after dismissal,
 * at most 24 at once (extras queue), paused while hovered, focused or the page is hidden,
 * loading toasts persist, Alt+T focuses the region, Escape dismisses.
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
  if (currentErrorId) toaster.dismiss(currentErrorId);
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

export const dismissToast = (id: string): void => toaster.dismiss(id);

/** SPEC §2: every route change dismisses all toasts. */
export function dismissAllToasts(): void {
  toaster.dismiss();
  currentErrorId = null;
}

/**
 * A route change the app itself makes (a sign-in landing on /) dismisses every toast but those in
 * `keep`: the ones raised by the very transition that moved ('Benvenuta Musa!').
 */
export function dismissToastsExcept(keep: ReadonlySet<string>): void {
  for (const toast of toaster.getVisibleToasts()) {
    if (toast.id && !keep.has(toast.id)) toaster.dismiss(toast.id);
  }
  if (currentErrorId && !keep.has(currentErrorId)) currentErrorId = null;
}

const TYPE_LABEL: Record<string, string> = {
  error: 'Errore',
  success: 'Fatto',
  warning: 'Attenzione',
  info: 'Informazione',
  loading: 'In corso',
};

function ToastIcon({ type }: { type: string | undefined }) {
  if (type === 'loading') return <Spinner size={20} label={null} />;
  const paths: Record<string, string> = {
    error: 'M12 8v5m0 3h.01M12 3l10 18H2L12 3z',
    success: 'M5 12.5l4.5 4.5L19 7.5',
    warning: 'M12 8v5m0 3h.01M12 3l10 18H2L12 3z',
    info: 'M12 11v6m0-10h.01M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z',
  };
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={paths[type ?? 'info'] ?? paths.info} />
    </svg>
  );
}

/** Escape on the focused region (after Alt+T) dismisses the newest toast. */
function onRegionKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Escape' || event.defaultPrevented || event.target !== event.currentTarget) return;
  const [newest] = toaster.getVisibleToasts();
  if (newest?.id) {
    toaster.dismiss(newest.id);
    event.preventDefault();
  }
}

/** Render once, near the root. */
export function AppToaster() {
  return (
    <ArkToaster toaster={toaster} className={css.group} aria-label="Notifiche (Alt+T)" onKeyDown={onRegionKeyDown}>
      {(toast) => (
        <Toast.Root
          key={toast.id}
          className={css.root}
          // Errors interrupt (alert); the rest wait their turn (status).
          role={toast.type === 'error' ? 'alert' : 'status'}
          aria-live={toast.type === 'error' ? 'assertive' : 'polite'}
        >
          <span className={css.icon}>
            <ToastIcon type={toast.type} />
          </span>
          <div className={css.texts}>
            <span className={css.srOnly}>{TYPE_LABEL[toast.type ?? 'info'] ?? ''}: </span>
            <Toast.Title className={css.title}>{toast.title}</Toast.Title>
            {toast.description ? (
              <Toast.Description className={css.description}>{toast.description}</Toast.Description>
            ) : null}
            {toast.action ? (
              <Toast.ActionTrigger className={css.action}>{toast.action.label}</Toast.ActionTrigger>
            ) : null}
          </div>
          {toast.closable !== false ? (
            <Toast.CloseTrigger
              className={css.close}
              aria-label="Chiudi notifica"
              data-analytics-label="chiudi_notifica"
            >
              <CloseIcon size={20} />
            </Toast.CloseTrigger>
          ) : null}
        </Toast.Root>
      )}
    </ArkToaster>
  );
}
