import { useCallback, useId, useLayoutEffect, useRef, type ComponentProps, type ReactNode, type Ref } from 'react';
import { carryTypedValue } from './early-input';
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
     * The owner carries what was typed into the prerendered field over to the app itself (the
     * address field: AddressCombobox); otherwise the field does (components/early-input.ts).
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
  const element = useRef<HTMLInputElement | null>(null);
  const { ref: ownerRef, ...attributes } = input;
  const drawn = typeof input.value === 'string' ? input.value : null;
  // In the commit that takes a prerendered field over (or draws it in place of one), before anything
  // draws it again: what she typed before the app ran reaches the owner's onChange (issue 25).
  // Once, on mount: a field the app drew itself holds what it drew, and nothing happens.
  const drawnOnMount = useRef(drawn);
  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      element.current = node;
      return assignRef(ownerRef, node);
    },
    [ownerRef],
  );
  useLayoutEffect(() => {
    const field = element.current;
    if (field && !typingCarriedOver && drawnOnMount.current !== null) carryTypedValue(field, drawnOnMount.current);
  }, [typingCarriedOver]);
  return (
    <div className={[css.field, className].filter(Boolean).join(' ')}>
      <div className={css.control}>
        <input
          {...attributes}
          ref={setRefs}
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

/** Gives the owner's ref the element too (a callback, its cleanup, or an object). */
function assignRef<T>(ref: Ref<T> | undefined, node: T | null): (() => void) | undefined {
  if (typeof ref === 'function') {
    const cleanup = ref(node);
    return typeof cleanup === 'function' ? cleanup : undefined;
  }
  if (ref) ref.current = node;
  return undefined;
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
