import { useEffect, useState } from 'react';
import { dismissToast, toaster } from '../app/toasts';
import { onFirstIntent } from '../lib/first-intent';
import { lazyComponent } from '../lib/lazy-component';
import * as css from './toaster.css';

const ToasterRegion = lazyComponent(
  () => import('./toaster-region'),
  (module) => module.ToasterRegion,
);

/** The toasts in the store, as the fallback draws them (title and a text description). */
type Shown = { id: string; title: string; description: string | null; type: string };
const shownToasts = (): Shown[] =>
  toaster.getVisibleToasts().map((toast) => ({
    id: String(toast.id),
    title: typeof toast.title === 'string' ? toast.title : '',
    description: typeof toast.description === 'string' ? toast.description : null,
    type: toast.type ?? 'info',
  }));

/**
 * The toasts drawn without the region, when its chunk could not load (the connection is gone: the very
 * case a toast must tell her about). Plain text in a live region, each with a close button; the region
 * is tried again at the next toast and replaces this once it is in.
 */
function FallbackToasts() {
  const [toasts, setToasts] = useState(shownToasts);
  useEffect(() => {
    setToasts(shownToasts());
    return toaster.subscribe(() => setToasts(shownToasts()));
  }, []);
  if (toasts.length === 0) return null;
  return (
    <section aria-label="Notifiche" className={css.fallback}>
      {toasts.map((toast) => (
        <div key={toast.id} role={toast.type === 'error' ? 'alert' : 'status'} className={css.fallbackToast}>
          <div className={css.texts}>
            <p className={css.title}>{toast.title}</p>
            {toast.description ? <p className={css.description}>{toast.description}</p> : null}
          </div>
          <button type="button" className={css.action} onClick={() => dismissToast(toast.id)}>
            Chiudi
          </button>
        </div>
      ))}
    </section>
  );
}

/**
 * Render once, near the root. The region's chunk loads at her first press, key or typing on the page
 * (issue 40: not when the page is idle, a visitor who only looks fetches none of it) or at the first
 * toast raised before that; a chunk that failed to load is tried again at the next toast. Until it is
 * in, a chunk that failed (a connection lost since the page loaded) leaves the toasts to
 * `FallbackToasts`, so that the toast saying the connection is gone is still drawn.
 */
export function AppToaster() {
  const [loaded, setLoaded] = useState(ToasterRegion.isLoaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    const load = () => {
      ToasterRegion.preload().then(
        () => live && setLoaded(true),
        () => live && setFailed(true),
      );
    };
    if (toaster.getCount() > 0) load();
    const unsubscribe = toaster.subscribe(load);
    const cancelIntent = onFirstIntent(load);
    return () => {
      live = false;
      unsubscribe();
      cancelIntent();
    };
  }, [loaded]);
  if (loaded) return <ToasterRegion />;
  return failed ? <FallbackToasts /> : null;
}
