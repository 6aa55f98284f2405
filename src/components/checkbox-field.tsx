import { useId, useLayoutEffect, useRef, type ReactNode, type Ref } from 'react';
import { Checkbox } from '@ark-ui/react/checkbox';
import * as css from './checkbox-field.css';
import { CheckIcon } from './icons';

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A note under the label. */
  description?: ReactNode;
  /** Validation message, e.g. 'Campo richiesto' for the privacy consent. */
  error?: string | null;
  name?: string;
  value?: string;
  form?: string;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  /** The real (visually hidden) input: focus it to bring the user to an erroring consent. */
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  /** For a checkbox that is data (a service): the fixed name its clicks report, the label as value. */
  analyticsLabel?: string;
}

/** A checkbox with its label, note and error (Ark UI Checkbox over a native input). */
export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  description,
  error,
  name,
  value,
  form,
  disabled,
  required,
  id,
  inputRef,
  className,
  analyticsLabel,
}: CheckboxFieldProps) {
  const auto = useId();
  const rootId = id ?? `checkbox-${auto}`;
  const descriptionId = `${rootId}-description`;
  const errorId = `${rootId}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  // The value is the parent's. A click toggles the native input at once, and Ark puts it back only
  // when the value changes: a value the parent keeps (a choice the server has not taken yet, or has
  // refused) would stay toggled for assistive technology while the box shows the value kept.
  const hiddenInput = useRef<HTMLInputElement | null>(null);
  const kept = useRef(checked);
  useLayoutEffect(() => {
    kept.current = checked;
  });
  const keepValue = () =>
    setTimeout(() => {
      const input = hiddenInput.current;
      if (input && input.checked !== kept.current) input.checked = kept.current;
    });
  return (
    <div className={[css.field, className].filter(Boolean).join(' ')} data-analytics-label={analyticsLabel}>
      <Checkbox.Root
        id={rootId}
        checked={checked}
        onCheckedChange={(details) => {
          onCheckedChange(details.checked === true);
          keepValue();
        }}
        invalid={Boolean(error)}
        disabled={disabled}
        required={required}
        name={name}
        value={value}
        form={form}
        className={css.root}
      >
        <Checkbox.Control className={css.control}>
          <Checkbox.Indicator>
            <CheckIcon />
          </Checkbox.Indicator>
        </Checkbox.Control>
        <Checkbox.Label className={css.label}>{label}</Checkbox.Label>
        <Checkbox.HiddenInput
          ref={(element) => {
            hiddenInput.current = element;
            if (typeof inputRef === 'function') inputRef(element);
            else if (inputRef) inputRef.current = element;
          }}
          aria-describedby={describedBy || undefined}
        />
      </Checkbox.Root>
      {description ? (
        <p id={descriptionId} className={css.description}>
          {description}
        </p>
      ) : null}
      <p id={errorId} className={css.error} aria-live="polite">
        {error || ''}
      </p>
    </div>
  );
}
