import { useEffect, useState } from 'react';
import { toaster } from '../app/toasts';
import { lazyComponent } from '../lib/lazy-component';

const ToasterRegion = lazyComponent(
  () => import('./toaster-region'),
  (module) => module.ToasterRegion,
);

/**
 * Render once, near the root. The region's chunk loads when the page is idle (so that a toast about
 * a lost connection can still be drawn) or at the first toast raised before that; a chunk that
 * failed to load is tried again at the next toast.
 */
export function AppToaster() {
  const [loaded, setLoaded] = useState(ToasterRegion.isLoaded);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    const load = () => {
      ToasterRegion.preload().then(
        () => live && setLoaded(true),
        () => undefined,
      );
    };
    if (toaster.getCount() > 0) load();
    const unsubscribe = toaster.subscribe(load);
    let cancelIdle: () => void;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 4000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const timer = setTimeout(load, 2000);
      cancelIdle = () => clearTimeout(timer);
    }
    return () => {
      live = false;
      unsubscribe();
      cancelIdle();
    };
  }, [loaded]);
  return loaded ? <ToasterRegion /> : null;
}
