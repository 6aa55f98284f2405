// @vitest-environment jsdom
import './jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../contract/messages';
import { Button } from '../../src/components/button';
import { PasswordField } from '../../src/components/password-field';
import { TextField } from '../../src/components/text-field';
import { Spinner } from '../../src/components/spinner';

afterEach(cleanup);

describe('Button', () => {
  it('keeps its label as accessible name while loading, and refuses clicks', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>AVANTI</Button>);
    const button = screen.getByRole('button', { name: 'AVANTI' });
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button onClick={onClick} loading>
        AVANTI
      </Button>,
    );
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'AVANTI' })).toBe(button);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is a plain button unless told to submit', () => {
    render(<Button>INVIA EMAIL</Button>);
    expect(screen.getByRole('button', { name: 'INVIA EMAIL' }).getAttribute('type')).toBe('button');
  });
});

describe('Spinner', () => {
  it('announces loading as a status, or hides when decorative', () => {
    const { rerender } = render(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe('Caricamento');
    rerender(<Spinner label={null} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

function EmailField() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <TextField
      label="Email"
      type="email"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() =>
        setError(value === '' ? MESSAGES.required : /.+@.+\..+/.test(value) ? null : MESSAGES.invalidFormat)
      }
      error={error}
    />
  );
}

describe('TextField', () => {
  it('is labelled and shows the validation message on blur, linked to the field', async () => {
    render(
      <>
        <EmailField />
        <button type="button">altro</button>
      </>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();

    await userEvent.click(input);
    await userEvent.tab();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('*Campo richiesto')).toBeTruthy();
    const described = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('*Campo richiesto');

    await userEvent.type(input, 'giulia@');
    await userEvent.tab();
    expect(screen.getByText('Formato invalido')).toBeTruthy();

    await userEvent.type(input, 'example.com');
    await userEvent.tab();
    expect(screen.queryByText('Formato invalido')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('reads its hint with the field', () => {
    render(<TextField label="Nome" hint="Come ti chiami" />);
    const input = screen.getByLabelText('Nome');
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain('Come ti chiami');
  });
});

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed', async () => {
    render(<PasswordField label="Password" hint={MESSAGES.passwordTooShort} />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Mostra password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Almeno 8 caratteri')).toBeTruthy();
  });
});
