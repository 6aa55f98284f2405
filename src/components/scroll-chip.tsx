import { useEffect, useState } from 'react';
import { DELAYS } from '../../contract/constants';
import { ArrowDownIcon } from './icons';
import * as css from './scroll-chip.css';

export interface ScrollChipProps {
  /** The scrolling area watched (the main area, or `document.scrollingElement` for the page). */
  container: HTMLElement | null;
  /** A new key (the route) shows the chip again if the new content scrolls. */
  resetKey?: string | number;
  label?: string;
}

/** SPEC §2: 'Scorri' with a down arrow while the area is scrollable and unscrolled; hides 250 ms after the first scroll. */
export function ScrollChip({ container, resetKey, label = 'Scorri' }: ScrollChipProps) {
  // Keyed, so a reset starts from a fresh state instead of patching the old one.
  return <ScrollChipState key={resetKey ?? ''} container={container} label={label} />;
}

const isDocumentScroller = (el: HTMLElement) =>
  el === document.scrollingElement || el === document.documentElement || el === document.body;

function ScrollChipState({ container, label }: { container: HTMLElement | null; label: string }) {
  const [scrollable, setScrollable] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!container || dismissed) return;
    const target: HTMLElement | Window = isDocumentScroller(container) ? window : container;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const measure = () => setScrollable(container.scrollHeight - container.clientHeight > 1);
    const onScroll = () => {
      if (timer !== undefined || container.scrollTop <= 0) return;
      timer = setTimeout(() => setDismissed(true), DELAYS.scrollChipHide);
    };

    measure();
    target.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(container);
    if (container.firstElementChild) observer?.observe(container.firstElementChild);
    return () => {
      target.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [container, dismissed]);

  if (!container || !scrollable || dismissed) return null;
  return (
    <button
      type="button"
      className={css.chip}
      onClick={() => container.scrollBy({ top: Math.round(container.clientHeight * 0.6), behavior: 'smooth' })}
    >
      {label}
      <span className={css.arrow}>
        <ArrowDownIcon size={18} />
      </span>
    </button>
  );
}
