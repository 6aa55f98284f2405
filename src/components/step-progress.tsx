import * as css from './step-progress.css';

export interface StepProgressProps {
  /** 1-based index of the current step. */
  current: number;
  totalSteps: number;
  label?: string;
}

/** SPEC §2: totalSteps segments, filled through the current one; a progressbar for assistive tech. */
export function StepProgress({ current, totalSteps, label = 'Avanzamento della prenotazione' }: StepProgressProps) {
  const total = Math.max(1, Math.floor(totalSteps));
  const now = Math.min(Math.max(1, Math.floor(current)), total);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={total}
      aria-valuenow={now}
      aria-valuetext={`Passo ${now} di ${total}`}
      className={css.bar}
    >
      {Array.from({ length: total }, (_, index) => (
        <span key={index} className={css.segment} data-filled={index < now ? '' : undefined} />
      ))}
    </div>
  );
}
