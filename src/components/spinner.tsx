import { SIZES } from '../../contract/constants';
import * as css from './spinner.css';

export interface SpinnerProps {
  /** Diameter in pixels: 32 by default, 26 inside buttons (SPEC §9). */
  size?: number;
  /** Announced to screen readers; `null` makes the spinner decorative (its context already says it). */
  label?: string | null;
  /** `inherit` takes the text colour (inside buttons); brand colour otherwise. */
  tone?: 'brand' | 'inherit';
  className?: string;
}

/** A loading indicator. With a label it is a polite status; without, it is hidden from assistive tech. */
export function Spinner({ size = SIZES.spinner, label = 'Caricamento', tone = 'brand', className }: SpinnerProps) {
  const sized = css.sizes[size];
  const ring = sized ? (
    <span className={`${css.spinner} ${sized}`} aria-hidden="true" />
  ) : (
    <span className={css.spinner} style={{ width: size, height: size }} aria-hidden="true" />
  );
  if (label === null)
    return (
      <span className={[css.wrapper[tone], className].filter(Boolean).join(' ')} aria-hidden="true">
        {ring}
      </span>
    );
  return (
    <span role="status" className={[css.wrapper[tone], className].filter(Boolean).join(' ')}>
      {ring}
      <span className={css.hidden}>{label}</span>
    </span>
  );
}
