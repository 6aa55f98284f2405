import { useEffect, useState } from 'react';
import { lazyComponent, useLoadedWhen } from '../lib/lazy-component';
import type { DialogProps } from './dialog';

/** The dialog and its focus trap, scroll lock and presence code: a chunk of its own (issue 15). */
const RealDialog = lazyComponent(
  () => import('./dialog'),
  (module) => module.Dialog,
);

/**
 * `Dialog` with the same props, for screens whose first paint draws no dialog: nothing is rendered
 * until it first opens; its chunk loads once the page is idle (or at that first opening). From then
 * on it is the real dialog, kept mounted so that it animates its closing and restores the focus.
 */
export function Dialog(props: DialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const ready = () => setIdle(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(ready, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(ready, 2000);
    return () => clearTimeout(timer);
  }, []);
  const loaded = useLoadedWhen(RealDialog, wanted || idle);
  return wanted && loaded ? <RealDialog {...props} /> : null;
}
