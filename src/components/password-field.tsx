import { useId, useState } from 'react';
import { EyeIcon } from './icons';
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
