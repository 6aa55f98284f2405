import { useId, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';
import * as css from './text-field.css';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endSlot'>;

/** A password input with a show/hide toggle (a pressed-state button, reachable by keyboard). */
export function PasswordField({ autoComplete = 'current-password', id, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const auto = useId();
  const inputId = id ?? `password-${auto}`;
  return (
    <TextField
      {...props}
      id={inputId}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      endSlot={
        <button
          type="button"
          className={css.toggle}
          aria-label="Mostra password"
          data-analytics-label="mostra_password"
          aria-pressed={visible}
          aria-controls={inputId}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}
