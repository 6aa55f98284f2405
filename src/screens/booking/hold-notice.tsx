/**
 * Issue 28: how long the time she picked is still hers, on the checkout. The countdown is a timer
 * (screen readers do not read each second); its last minute is said once, politely, with the button
 * that keeps the time (WCAG 2.2.1: warned, and a simple way to get more time). When it lapses the
 * machine takes her back to the day's times with a message.
 */
import { useEffect, useState } from 'react';
import {
  selectHoldDeadline,
  selectHoldLastMinute,
  selectHoldRenewing,
  selectHoldShown,
} from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { Button } from '../../components/button';
import * as css from './steps.css';

export const HOLD_COPY = {
  region: 'Il tuo orario',
  heldFor: (left: string) => `Ti teniamo questo orario ancora per ${left}`,
  lastMinute: (left: string) =>
    `Ti teniamo questo orario ancora per ${left}: se ti serve più tempo, premi MI SERVE PIÙ TEMPO.`,
  extend: 'MI SERVE PIÙ TEMPO',
} as const;

/** m:ss of what is left (never below 0:00). */
export const formatLeft = (ms: number): string => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** What is left until `deadline`, redrawn every second while there is one. */
function useTimeLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : deadline - now;
}

export function HoldNotice() {
  const actor = useAppActor();
  const shown = useAppSelector(selectHoldShown);
  const lastMinute = useAppSelector(selectHoldLastMinute);
  const renewing = useAppSelector(selectHoldRenewing);
  const deadline = useAppSelector(selectHoldDeadline);
  const left = formatLeft(useTimeLeft(deadline));
  // The announcement is written once, as the last minute starts (not at each second).
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    setAnnounced(lastMinute ? HOLD_COPY.lastMinute(formatLeft((deadline ?? Date.now()) - Date.now())) : '');
  }, [lastMinute, deadline]);
  if (!shown || deadline === null) return null;
  return (
    <section className={css.notice} aria-label={HOLD_COPY.region} data-hold={lastMinute ? 'last-minute' : 'held'}>
      <p role="timer">{HOLD_COPY.heldFor(left)}</p>
      <p className={css.hidden} aria-live="polite">
        {announced}
      </p>
      {lastMinute || renewing ? (
        <Button
          variant="secondary"
          loading={renewing}
          data-analytics-label="tieni_orario"
          onClick={() => actor.send({ type: 'hold.extend' })}
        >
          {HOLD_COPY.extend}
        </Button>
      ) : null}
    </section>
  );
}
