import { useId, type ReactNode, type Ref } from 'react';
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
  return (
    <div className={[css.field, className].filter(Boolean).join(' ')} data-analytics-label={analyticsLabel}>
      <Checkbox.Root
        id={rootId}
        checked={checked}
        onCheckedChange={(details) => onCheckedChange(details.checked === true)}
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
        <Checkbox.HiddenInput ref={inputRef} aria-describedby={describedBy || undefined} />
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
