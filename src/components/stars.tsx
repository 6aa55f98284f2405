import { useId } from 'react';
import * as message from './field-message.css';
import * as css from './stars.css';

/** A rating is 1 to 5 whole stars (contract/rating.ts). */
export const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** '1 stella', '4 stelle'. */
export const starsLabel = (stars: number): string => (stars === 1 ? '1 stella' : `${stars} stelle`);

/** '4 stelle su 5': what a rating given says to assistive technology. */
export const starsOutOfFive = (stars: number): string => `${starsLabel(stars)} su 5`;

/** A decorative star (the control or the image around it carries the words). */
function Star({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={css.star}
      data-filled={filled || undefined}
    >
      <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />
    </svg>
  );
}

/** The stars of a rating given, as one image: '4 stelle su 5'. */
export function StarsShown({ stars, size = 18 }: { stars: number; size?: number }) {
  return (
    <span role="img" aria-label={starsOutOfFive(stars)} className={css.shown}>
      {STAR_VALUES.map((value) => (
        <Star key={value} filled={value <= stars} size={size} />
      ))}
    </span>
  );
}

export interface StarPickerProps {
  /** The group's name for everyone: 'Valutazione per Giulia'. */
  label: string;
  /** The stars chosen; null while none is. */
  value: number | null;
  onChange: (stars: number) => void;
  /** Validation message ('Scegli da 1 a 5 stelle'), read with the group. */
  error?: string | null;
  /** The radios' shared name (one group per form field). */
  name: string;
  id?: string;
}

/**
 * 1 to 5 stars to choose: a radio group of native radios ('1 stella' … '5 stelle'), so the arrow
 * keys move and choose, Tab enters and leaves the group; the stars drawn beside them are decorative.
 */
export function StarPicker({ label, value, onChange, error, name, id }: StarPickerProps) {
  const auto = useId();
  const groupId = id ?? `stars-${auto}`;
  const labelId = `${groupId}-label`;
  const errorId = `${groupId}-error`;
  return (
    <div
      id={groupId}
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      aria-required="true"
    >
      <p id={labelId} className={css.label}>
        {label}
      </p>
      <div className={css.picker}>
        {STAR_VALUES.map((stars) => (
          <label key={stars} className={css.option}>
            <input
              type="radio"
              className={css.input}
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
            />
            <span className={css.optionStar}>
              <Star filled={value !== null && stars <= value} size={32} />
            </span>
            <span className={css.hidden}>{starsLabel(stars)}</span>
          </label>
        ))}
      </div>
      <p id={errorId} className={message.error} aria-live="polite">
        {error || ''}
      </p>
    </div>
  );
}
