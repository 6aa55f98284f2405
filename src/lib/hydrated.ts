import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React takes over a page whose HTML was rendered at build time (src/prerender.tsx),
 * true once the page runs: during hydration React reads the server value, then renders again with
 * the browser's. Controls that would do nothing (or submit the form natively, putting the typed
 * e-mail in the URL) before then are drawn inert in that HTML: a press waits for the app, nothing
 * typed is lost.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
