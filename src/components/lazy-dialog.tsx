import { useEffect, useState } from 'react';
import { onFirstIntent } from '../lib/first-intent';
import { lazyComponent, useLoadedWhen } from '../lib/lazy-component';
import type { DialogProps } from './dialog';

/** The dialog and its focus trap, scroll lock and presence code: a chunk of its own (issue 15). */
const RealDialog = lazyComponent(
  () => import('./dialog'),
  (module) => module.Dialog,
);

/**
 * `Dialog` with the same props, for screens whose first paint draws no dialog: nothing is rendered
 * until it first opens; its chunk loads at her first press, key or typing on the page (or at that
 * first opening; issue 40: not when the page is idle, a visitor who only looks fetches none of it).
 * From then on it is the real dialog, kept mounted so that it animates its closing and restores the
 * focus.
 */
export function Dialog(props: DialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  const [intent, setIntent] = useState(false);
  useEffect(() => onFirstIntent(() => setIntent(true)), []);
  const loaded = useLoadedWhen(RealDialog, wanted || intent);
  return wanted && loaded ? <RealDialog {...props} /> : null;
}
