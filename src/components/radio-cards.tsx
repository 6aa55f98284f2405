import { useId, type ReactNode } from 'react';
import { RadioGroup } from '@ark-ui/react/radio-group';
import * as message from './field-message.css';
import * as css from './radio-cards.css';

export interface RadioCardOption {
  value: string;
  label: string;
  /** A second line, e.g. 'Include una beauty box in omaggio'. */
  description?: ReactNode;
  /** Trailing content, e.g. the price. */
  aside?: ReactNode;
  /** A decorative icon (category cards). */
  icon?: ReactNode;
  disabled?: boolean;
}

export interface RadioCardsProps {
  /** The group's name for assistive tech (and its visible heading unless `hideLabel`). */
  label: ReactNode;
  hideLabel?: boolean;
  options: readonly RadioCardOption[];
  /** The chosen value; '' when none. */
  value: string;
  /** Called with the chosen value, or '' when the group is cleared (SPEC §5). */
  onValueChange: (value: string) => void;
  /** Validation message: highlights the group's background and is read with it. */
  error?: string | null;
  name?: string;
  /** 2 for the category grid. */
  columns?: 1 | 2;
  /** Icon above the texts (grid cards) rather than beside them. */
  stacked?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
  /**
   * For options that are data (services, professionals): the fixed name their clicks report, with
   * the option's text as the value (docs/analytics.md). Fixed options report their own text.
   */
  analyticsLabel?: string;
}

/** A single choice rendered as cards (Ark UI RadioGroup: arrow keys move, Space selects). */
export function RadioCards({
  label,
  hideLabel = false,
  options,
  value,
  onValueChange,
  error,
  name,
  columns = 1,
  stacked = false,
  disabled,
  id,
  className,
  analyticsLabel,
}: RadioCardsProps) {
  const auto = useId();
  const rootId = id ?? `radio-${auto}`;
  const errorId = `${rootId}-error`;
  return (
    <RadioGroup.Root
      id={rootId}
      name={name}
      value={value === '' ? null : value}
      onValueChange={(details) => onValueChange(details.value ?? '')}
      invalid={Boolean(error)}
      disabled={disabled}
      aria-describedby={error ? errorId : undefined}
      className={[css.root, className].filter(Boolean).join(' ')}
      data-analytics-label={analyticsLabel}
    >
      <RadioGroup.Label className={hideLabel ? css.labelHidden : css.label}>{label}</RadioGroup.Label>
      <div className={css.grid[columns]}>
        {options.map((option) => (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            disabled={option.disabled}
            className={[css.item, stacked ? css.itemStacked : ''].filter(Boolean).join(' ')}
          >
            {option.icon ? (
              <span className={css.icon} aria-hidden="true">
                {option.icon}
              </span>
            ) : (
              <RadioGroup.ItemControl className={css.control} />
            )}
            <span className={css.texts}>
              <RadioGroup.ItemText className={css.itemText}>{option.label}</RadioGroup.ItemText>
              {option.description ? <span className={css.description}>{option.description}</span> : null}
            </span>
            {option.aside ? <span className={css.aside}>{option.aside}</span> : null}
            <RadioGroup.ItemHiddenInput />
          </RadioGroup.Item>
        ))}
      </div>
      <p id={errorId} className={message.error} aria-live="polite">
        {error || ''}
      </p>
    </RadioGroup.Root>
  );
}
