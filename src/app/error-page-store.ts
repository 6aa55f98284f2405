import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the error / not-found page is on screen: the chrome (footer label, back buttons)
 * follows it. The error components mark it while mounted.
 */
let shown = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useIsErrorPage = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => shown > 0,
    () => false,
  );

export function useMarkErrorPage(): void {
  useEffect(() => {
    shown += 1;
    emit();
    return () => {
      shown -= 1;
      emit();
    };
  }, []);
}
