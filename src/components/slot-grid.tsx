import { useState, type KeyboardEvent } from 'react';
import { LIMITS } from '../../contract/constants';
import type { AvailableTime } from '../../contract/slot';
import { Button } from './button';
import { formatPrice } from '../lib/format';
import { whatsappLink } from '../lib/whatsapp';
import * as css from './slot-grid.css';
import * as placeholder from './placeholder.css';

export const SLOT_COPY = {
  loading: 'Caricamento orari disponibili',
  noDate: 'Seleziona una data per vedere le disponibilità!',
  emptyTitle: 'Prova a guardare un altro giorno!',
  emptyText: 'Siamo già sold-out per quest data! Prova a scegliere un altro giorno o contattaci su Whatsapp.',
  whatsapp: 'Contattaci su WhatsApp',
  /** Issue 16 (ours): the waitlist of a sold-out day. */
  waitlist: 'Avvisami se si libera un orario',
  grid: 'Orari disponibili',
  /** Issue 28 (ours): the time she holds, offered to her alone. */
  heldByYou: 'tenuto per te',
  /** Issue 29 (ours): the only one free then is a professional she rated 1–2★: the time says who comes. */
  onlyWith: (firstName: string) => `con ${firstName}`,
} as const;

/** Where a key moves the focus among `count` slots from `index` (wrapping is left out on purpose). */
const SLOT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => Math.min(index + 1, count - 1),
  ArrowDown: (index, count) => Math.min(index + 1, count - 1),
  ArrowLeft: (index) => Math.max(index - 1, 0),
  ArrowUp: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_, count) => count - 1,
};

export type SlotsView = 'noDate' | 'loading' | 'available' | 'empty' | 'failed';

export interface SlotGridProps {
  view: SlotsView;
  times: readonly AvailableTime[];
  selected: AvailableTime | null;
  onSelect: (time: AvailableTime) => void;
  /** On a sold-out day: 'Avvisami se si libera un orario' (the waitlist; absent when moving an appointment). */
  onWaitlist?: () => void;
  /** The '+ supplement' of each slot (SPEC §2); off when moving an appointment, which keeps its price. */
  showSupplements?: boolean;
}

/** The time slots of the chosen day (SPEC §2, §9): skeletons, grid with supplements, empty states. */
export function SlotGrid({ view, times, selected, onSelect, onWaitlist, showSupplements = true }: SlotGridProps) {
  if (view === 'loading')
    return (
      <div role="status" aria-live="polite">
        <span hidden>{SLOT_COPY.loading}</span>
        <div className={css.slots} aria-hidden="true">
          {Array.from({ length: LIMITS.slotSkeletons }, (_, index) => (
            <div key={index} className={placeholder.skeleton} data-testid="slot-skeleton" />
          ))}
        </div>
      </div>
    );
  if (view === 'noDate')
    return (
      <p className={placeholder.empty} role="status">
        {SLOT_COPY.noDate}
      </p>
    );
  if (view === 'empty' || view === 'failed' || times.length === 0)
    return (
      <div className={placeholder.empty} role="status">
        <p className={placeholder.emptyTitle}>{SLOT_COPY.emptyTitle}</p>
        <p>{SLOT_COPY.emptyText}</p>
        <div className={css.emptyActions}>
          {onWaitlist && view === 'empty' ? <Button onClick={onWaitlist}>{SLOT_COPY.waitlist}</Button> : null}
          <Button variant="secondary" onClick={() => window.open(whatsappLink(), '_blank', 'noopener')}>
            {SLOT_COPY.whatsapp}
          </Button>
        </div>
      </div>
    );
  return <SlotButtons times={times} selected={selected} onSelect={onSelect} showSupplements={showSupplements} />;
}

/** The slots: one tab stop; arrows, Home and End move between them; Enter or Space picks. */
function SlotButtons({ times, selected, onSelect, showSupplements }: Omit<SlotGridProps, 'view'>) {
  const isSelected = (time: AvailableTime) =>
    selected?.startTime === time.startTime && selected.endTime === time.endTime;
  // One tab stop (roving tabindex): the slot focused last, else the chosen one, else the first.
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop = focused !== null && focused < times.length ? focused : Math.max(0, times.findIndex(isSelected));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
    const index = buttons.indexOf(event.target as HTMLButtonElement);
    const target = index < 0 ? undefined : SLOT_KEYS[event.key]?.(index, buttons.length);
    if (target === undefined) return;
    event.preventDefault();
    buttons[target]?.focus();
  };
  return (
    <div
      className={css.slots}
      role="group"
      aria-label={SLOT_COPY.grid}
      data-analytics-label="orario"
      onKeyDown={onKeyDown}
    >
      {times.map((time, index) => (
        <button
          key={`${time.startTime}-${time.endTime}`}
          type="button"
          className={css.slot}
          tabIndex={index === tabStop ? 0 : -1}
          aria-pressed={isSelected(time)}
          onFocus={() => setFocused(index)}
          onClick={() => onSelect(time)}
        >
          <span>{time.startTime}</span>
          {/* Hers while it is chosen: a hold is only ever the chosen time's (machines/app/hold.ts). The
              server's mark on a time no longer chosen is an answer that crossed her hold's release
              (a lapse, another pick): the time is free for her, not hers. */}
          {time.heldByYou && isSelected(time) ? <span className={css.supplement}>{SLOT_COPY.heldByYou}</span> : null}
          {time.onlyWith ? <span className={css.supplement}>{SLOT_COPY.onlyWith(time.onlyWith)}</span> : null}
          {showSupplements && time.supplement > 0 ? (
            <span className={css.supplement}>+ {formatPrice(time.supplement)}</span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
