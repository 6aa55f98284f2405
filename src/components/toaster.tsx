import { useEffect, useState } from 'react';
import { toaster } from '../app/toasts';
import { onFirstIntent } from '../lib/first-intent';
import { lazyComponent } from '../lib/lazy-component';

const ToasterRegion = lazyComponent(
  () => import('./toaster-region'),
  (module) => module.ToasterRegion,
);

/**
 * Render once, near the root. The region's chunk loads at her first press, key or typing on the page
 * (issue 40: before any call of hers starts, so that a toast about a lost connection can still be
 * drawn; not when the page is idle: a visitor who only looks fetches none of it) or at the first toast
 * raised before that; a chunk that failed to load is tried again at the next toast.
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
    const cancelIntent = onFirstIntent(load);
    return () => {
      live = false;
      unsubscribe();
      cancelIntent();
    };
  }, [loaded]);
  return loaded ? <ToasterRegion /> : null;
}
