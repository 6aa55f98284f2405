import type { ComponentProps } from 'react';
import { SIZES } from '../../contract/constants';
import { Spinner } from './spinner';
import * as css from './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  /** Shows a 26px spinner over the label, marks the button busy and refuses clicks. */
  loading?: boolean;
  fullWidth?: boolean;
}

/** Class names of a button look, for links that must look like buttons (`<Link className=…>`). */
export function buttonClassName(variant: ButtonVariant = 'primary', options: { fullWidth?: boolean } = {}): string {
  return [css.variant[variant], options.fullWidth ? css.fullWidth : ''].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  loading = false,
  fullWidth = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  // In prerendered HTML a press before the app runs is queued and made again once it does
  // (web-server/build-prerender.mjs queueEarlyTaps, components/early-input.ts).
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={[buttonClassName(variant, { fullWidth }), className].filter(Boolean).join(' ')}
    >
      <span className={[css.label, loading ? css.labelHidden : ''].filter(Boolean).join(' ')}>{children}</span>
      {loading && (
        <span className={css.spinnerSlot}>
          <Spinner size={SIZES.spinnerInButton} label={null} tone="inherit" />
        </span>
      )}
    </button>
  );
}
