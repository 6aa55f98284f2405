import { useEffect, type KeyboardEvent } from 'react';
import { Toast, Toaster as ArkToaster } from '@ark-ui/react/toast';
import { Spinner } from './spinner';
import { regionMounted, toaster } from '../app/toasts';
import * as css from './toaster.css';
import { CloseIcon } from './icons';
import { ToastKindIcon } from './icons';

/**
 * The toasts' region: Ark's toaster (zag's toast machines, presence and dismissable code, ~16 kB
 * gzip) and its styles, in a chunk of its own (issue 15). `AppToaster` (./toaster.tsx) loads it
 * when the page is idle or at the first toast, whichever comes first; the toasts raised before wait
 * in the store and appear when it mounts.
 */

const TYPE_LABEL: Record<string, string> = {
  error: 'Errore',
  success: 'Fatto',
  warning: 'Attenzione',
  info: 'Informazione',
  loading: 'In corso',
};

function ToastIcon({ type }: { type: string | undefined }) {
  if (type === 'loading') return <Spinner size={20} label={null} />;
  return <ToastKindIcon type={type} />;
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

/**
 * SPEC §4: toasts pause while the page is hidden. zag's toaster (1.43.3) notices the page hidden
 * (`pauseOnPageIdle`) but its group machine has no handler for what it then sends, so nothing
 * paused: the region pauses and resumes the toasts itself.
 */
function usePausedWhileHidden(): void {
  useEffect(() => {
    const onVisibility = () => (document.visibilityState === 'hidden' ? toaster.pause() : toaster.resume());
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
}

export function ToasterRegion() {
  // Ark's toaster subscribes to the store in its own effect, which runs before this one: from here
  // on, a dismissal is heard by the region and animates out.
  useEffect(() => regionMounted(), []);
  usePausedWhileHidden();
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
