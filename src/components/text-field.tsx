import { useId, type ComponentProps, type ReactNode } from 'react';
import { useHydrated } from '../lib/hydrated';
import * as css from './text-field.css';

interface FieldChrome {
  /** The floating label: inside the field when empty, above the text when focused or filled. */
  label: string;
  /** Validation message; marks the field invalid and is read with it (aria-describedby). */
  error?: string | null;
  /** A note below the field, e.g. 'Almeno 8 caratteri'. */
  hint?: ReactNode;
  /** Content at the field's end, e.g. the show-password button. */
  endSlot?: ReactNode;
  className?: string;
}

export type TextFieldProps = FieldChrome &
  Omit<ComponentProps<'input'>, 'className'> & {
    /**
     * The field takes typing in prerendered HTML too, because its owner carries what was typed there
     * over to the app once it takes the page over (the address field: AddressCombobox).
     */
    typingCarriedOver?: boolean;
  };
export type TextAreaFieldProps = FieldChrome & Omit<ComponentProps<'textarea'>, 'className'>;

function useFieldIds(id: string | undefined, error: string | null | undefined, hint: ReactNode, describedBy?: string) {
  const auto = useId();
  const inputId = id ?? `field-${auto}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedByIds = [describedBy, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return { inputId, hintId, errorId, describedBy: describedByIds || undefined };
}

function FieldFooter({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint: ReactNode;
  hintId: string;
  error?: string | null;
  errorId: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className={css.hint}>
          {hint}
        </p>
      ) : null}
      {/* Always present so the message is announced when it appears (polite live region). */}
      <p id={errorId} className={css.error} aria-live="polite">
        {error || ''}
      </p>
    </>
  );
}

/** A text input with a floating label (240 ms), a hint, and its error linked for assistive tech. */
export function TextField({
  label,
  error,
  hint,
  endSlot,
  className,
  id,
  placeholder,
  typingCarriedOver,
  ...input
}: TextFieldProps) {
  const ids = useFieldIds(id, error, hint, input['aria-describedby']);
  // In prerendered HTML the field takes no typing until the app runs, unless its owner carries the
  // text over: otherwise what was typed would be lost.
  const hydrated = useHydrated();
  return (
    <div className={[css.field, className].filter(Boolean).join(' ')}>
      <div className={css.control}>
        <input
          {...input}
          readOnly={input.readOnly || (!hydrated && !typingCarriedOver)}
          id={ids.inputId}
          // A blank placeholder lets CSS know whether the field is empty (:placeholder-shown).
          placeholder={placeholder ?? ' '}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={[css.input, endSlot ? css.withEnd : ''].filter(Boolean).join(' ')}
        />
        <label htmlFor={ids.inputId} className={css.label}>
          {label}
        </label>
        {endSlot ? <div className={css.end}>{endSlot}</div> : null}
      </div>
      <FieldFooter hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

/** The multi-line variant (e.g. 'Informazioni aggiuntive'). */
export function TextAreaField({ label, error, hint, className, id, placeholder, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(id, error, hint, textarea['aria-describedby']);
  return (
    <div className={[css.field, className].filter(Boolean).join(' ')}>
      <div className={css.control}>
        <textarea
          {...textarea}
          id={ids.inputId}
          placeholder={placeholder ?? ' '}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={[css.input, css.textarea].join(' ')}
        />
        <label htmlFor={ids.inputId} className={[css.label, css.labelTextarea].join(' ')}>
          {label}
        </label>
      </div>
      <FieldFooter hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
