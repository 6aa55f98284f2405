// @vitest-environment jsdom
import './jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../contract/messages';
import { CheckboxField } from '../../src/components/checkbox-field';
import { RadioCards } from '../../src/components/radio-cards';

afterEach(cleanup);

const participants = [
  { value: 'default', label: 'Solo 1' },
  { value: 'salotto', label: 'Salotto di Musa (2+ persone)', description: 'Include una beauty box in omaggio' },
];

function Participants({ onValue, initial = '' }: { onValue?: (value: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setError(value ? null : MESSAGES.selectOption);
      }}
    >
      <RadioCards
        label="Per quante persone?"
        options={participants}
        value={value}
        error={error}
        onValueChange={(next) => {
          setValue(next);
          setError(null);
          onValue?.(next);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Azzera
      </button>
      <button type="submit">AVANTI</button>
    </form>
  );
}

describe('RadioCards', () => {
  it('is a labelled radio group whose cards carry the copy', () => {
    render(<Participants />);
    const group = screen.getByRole('radiogroup', { name: 'Per quante persone?' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Solo 1' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Salotto di Musa (2+ persone)' })).toBeTruthy();
    expect(screen.getByText('Include una beauty box in omaggio')).toBeTruthy();
  });

  it('shows the step error on the group, highlighted, until a choice is made', async () => {
    const onValue = vi.fn();
    render(<Participants onValue={onValue} />);
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    const group = screen.getByRole('radiogroup');
    expect(group.hasAttribute('data-invalid')).toBe(true);
    expect(screen.getByText('Devi selezionare un opzione')).toBeTruthy();
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Devi selezionare un opzione',
    );

    await userEvent.click(screen.getByText('Salotto di Musa (2+ persone)'));
    expect(onValue).toHaveBeenLastCalledWith('salotto');
    expect((screen.getByRole('radio', { name: 'Salotto di Musa (2+ persone)' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(group.hasAttribute('data-invalid')).toBe(false);
    expect(screen.queryByText('Devi selezionare un opzione')).toBeNull();
  });

  it('treats an empty string as no choice', async () => {
    render(<Participants initial="default" />);
    expect((screen.getByRole('radio', { name: 'Solo 1' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Azzera' }));
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });
});

function Privacy() {
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <CheckboxField
        label="Accetto la privacy policy"
        checked={checked}
        error={error}
        onCheckedChange={(next) => {
          setChecked(next);
          setError(next ? null : MESSAGES.requiredPrivacy);
        }}
      />
      <button type="button" onClick={() => setError(checked ? null : MESSAGES.requiredPrivacy)}>
        RICHIEDI PRENOTAZIONE
      </button>
    </>
  );
}

describe('CheckboxField', () => {
  it('toggles by click and keyboard and links its error', async () => {
    render(<Privacy />);
    const box = screen.getByRole('checkbox', { name: 'Accetto la privacy policy' }) as HTMLInputElement;
    await userEvent.click(screen.getByRole('button', { name: 'RICHIEDI PRENOTAZIONE' }));
    expect(screen.getByText('Campo richiesto')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Campo richiesto');

    // The parent's new value is committed by React's scheduler, which yields after 5 ms: on a busy
    // machine the commit lands after the click's promise, so the box is judged once it has settled
    // (a bare-clone run on 2 cores saw it unchecked at once, before the parent's render).
    await userEvent.click(screen.getByText('Accetto la privacy policy'));
    await waitFor(() => expect(box.checked).toBe(true));
    expect(screen.queryByText('Campo richiesto')).toBeNull();

    box.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(box.checked).toBe(false));
    expect(screen.getByText('Campo richiesto')).toBeTruthy();
  });

  it('keeps the value its parent keeps, for assistive technology too (a choice the server has not taken)', async () => {
    const asked: boolean[] = [];
    render(
      <CheckboxField
        label="Ricordamelo anche 2 ore prima"
        checked={false}
        onCheckedChange={(next) => asked.push(next)}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Ricordamelo anche 2 ore prima' }) as HTMLInputElement;
    await userEvent.click(screen.getByText('Ricordamelo anche 2 ore prima'));
    expect(asked).toEqual([true]);
    await waitFor(() => expect(box.checked).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(box.checked).toBe(false);
  });
});
