// @vitest-environment jsdom
import './jsdom-shims';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { moveInPicker, type PickerDay } from '../../src/components/day-picker-keys';
import { DayPicker } from '../../src/components/day-picker';

// The picker shows 2 months, then 12 after half a second (SPEC §9): the clock stays put unless a test
// moves it, so most tests walk the first two months only.
// Testing Library recognises fake timers through a `jest` global; vitest's answer to the same calls.
let userEvent: ReturnType<typeof userEventBase.setup>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  userEvent = userEventBase.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Wednesday 25 November 2026: Monday 23 and Tuesday 24 are shown, disabled (SPEC §5: no day before today).
const TODAY = '2026-11-25';

function Picker({ initial = null, unavailable }: { initial?: string | null; unavailable?: ReadonlySet<string> }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <button type="button">prima</button>
      <DayPicker
        today={TODAY}
        value={value}
        onSelect={setValue}
        onClear={() => setValue(null)}
        {...(unavailable ? { unavailable } : {})}
      />
      <button type="button">dopo</button>
    </>
  );
}

const day = (name: string) => screen.getByRole('button', { name });
const focusedDay = () => document.activeElement?.getAttribute('aria-label');

/** Keys the picker handles itself, pressed on the focused day (Tab, Enter and Space go through user-event). */
function press(...keys: string[]) {
  for (const key of keys) {
    const [ctrl, name] = key.startsWith('Ctrl+') ? [true, key.slice(5)] : [false, key];
    fireEvent.keyDown(document.activeElement!, { key: name, ctrlKey: ctrl });
  }
}

async function tabIntoPicker() {
  await userEvent.click(screen.getByRole('button', { name: 'prima' }));
  await userEvent.tab();
}

describe('DayPicker keyboard', () => {
  it('shows 2 months, then 12 after 0.5 s', () => {
    render(<Picker />);
    const months = () => screen.getAllByRole('rowheader').map((header) => header.textContent);
    expect(months()).toEqual(['novembre 2026', 'dicembre 2026']);
    act(() => vi.advanceTimersByTime(499));
    expect(months()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(months()).toEqual([
      'novembre 2026',
      'dicembre 2026',
      'gennaio 2027',
      'febbraio 2027',
      'marzo 2027',
      'aprile 2027',
      'maggio 2027',
      'giugno 2027',
      'luglio 2027',
      'agosto 2027',
      'settembre 2027',
      'ottobre 2027',
    ]);
    expect(day('venerdì 29 ottobre 2027')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'lunedì 1 novembre 2027' })).toBeNull();
  });

  it('is one tab stop: Tab lands on the chosen day and the next Tab leaves the picker', async () => {
    render(<Picker initial="2026-11-27" />);
    const grid = screen.getByRole('grid', { name: 'Calendario' });
    expect(within(grid).getAllByRole('row').length).toBeGreaterThanOrEqual(2);
    expect(grid.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
    await tabIntoPicker();
    expect(focusedDay()).toBe('venerdì 27 novembre 2026');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'dopo' }));
    await userEvent.tab({ shift: true });
    expect(focusedDay()).toBe('venerdì 27 novembre 2026');
  });

  it('without a chosen day the tab stop is today, not a disabled day before it', async () => {
    render(<Picker />);
    await tabIntoPicker();
    expect(focusedDay()).toBe('mercoledì 25 novembre 2026');
  });

  it('arrows move between days across months and never onto a past or unavailable day', async () => {
    render(<Picker unavailable={new Set(['2026-11-26', '2026-12-01'])} />);
    await tabIntoPicker();
    press('ArrowLeft');
    expect(focusedDay()).toBe('mercoledì 25 novembre 2026');
    press('ArrowRight');
    expect(focusedDay()).toBe('venerdì 27 novembre 2026');
    expect((day('giovedì 26 novembre 2026') as HTMLButtonElement).disabled).toBe(true);
    press('ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight');
    expect(focusedDay()).toBe('mercoledì 2 dicembre 2026');
    press('ArrowLeft');
    expect(focusedDay()).toBe('lunedì 30 novembre 2026');
  });

  it('Home and End go to the first and last selectable day of the month; with Ctrl of the whole picker', async () => {
    render(<Picker initial="2026-12-10" />);
    await tabIntoPicker();
    press('End');
    expect(focusedDay()).toBe('giovedì 31 dicembre 2026');
    press('Home');
    expect(focusedDay()).toBe('martedì 1 dicembre 2026');
    press('ArrowLeft', 'Home');
    expect(focusedDay()).toBe('mercoledì 25 novembre 2026');
    press('Ctrl+End');
    expect(focusedDay()).toBe('giovedì 31 dicembre 2026');
  });

  it('PageDown and PageUp move a month, to the same day or the nearest selectable one', async () => {
    render(<Picker initial="2026-11-27" />);
    expect(screen.queryByText('gennaio 2027')).toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('gennaio 2027')).toBeTruthy();
    await tabIntoPicker();
    press('PageDown');
    expect(focusedDay()).toBe('domenica 27 dicembre 2026');
    press('End', 'PageDown');
    expect(focusedDay()).toBe('domenica 31 gennaio 2027');
    press('PageDown');
    expect(focusedDay()).toBe('domenica 28 febbraio 2027');
    press('Home', 'PageUp', 'PageUp', 'PageUp');
    // 1 November is in the past: the nearest selectable day of November is today.
    expect(focusedDay()).toBe('mercoledì 25 novembre 2026');
    press('PageUp');
    expect(focusedDay()).toBe('mercoledì 25 novembre 2026');
  });

  it('the tab stop follows the focus; Enter picks the focused day, Space on the chosen day clears it', async () => {
    render(<Picker initial="2026-11-25" />);
    await tabIntoPicker();
    press('ArrowRight', 'ArrowRight');
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    expect(focusedDay()).toBe('venerdì 27 novembre 2026');
    expect(day('mercoledì 25 novembre 2026').getAttribute('aria-pressed')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(day('venerdì 27 novembre 2026').getAttribute('aria-pressed')).toBe('true');
    expect(day('mercoledì 25 novembre 2026').getAttribute('aria-pressed')).toBe('false');
    await userEvent.keyboard(' ');
    expect(day('venerdì 27 novembre 2026').getAttribute('aria-pressed')).toBe('false');
  });
});

describe('moveInPicker', () => {
  // Three months: the middle one has no selectable day (all sold out).
  const days: PickerDay[] = [
    { iso: '2027-01-30', row: 0, disabled: false },
    { iso: '2027-01-31', row: 0, disabled: false },
    { iso: '2027-02-01', row: 1, disabled: true },
    { iso: '2027-02-02', row: 1, disabled: true },
    { iso: '2027-03-01', row: 2, disabled: true },
    { iso: '2027-03-02', row: 2, disabled: false },
  ];

  it('passes over a month without a selectable day', () => {
    expect(moveInPicker(days, '2027-01-31', 'PageDown')).toBe('2027-03-02');
    expect(moveInPicker(days, '2027-03-02', 'PageUp')).toBe('2027-01-30');
    expect(moveInPicker(days, '2027-01-31', 'ArrowRight')).toBe('2027-03-02');
  });

  it('stays at the ends', () => {
    expect(moveInPicker(days, '2027-03-02', 'ArrowRight')).toBeNull();
    expect(moveInPicker(days, '2027-03-02', 'PageDown')).toBeNull();
    expect(moveInPicker(days, '2027-01-30', 'ArrowLeft')).toBeNull();
    expect(moveInPicker(days, 'not-a-day', 'Home')).toBeNull();
  });

  it('ArrowDown and ArrowUp move between rows (months)', () => {
    expect(moveInPicker(days, '2027-01-30', 'ArrowDown')).toBe('2027-03-02');
    expect(moveInPicker(days, '2027-03-02', 'ArrowUp')).toBe('2027-01-30');
  });
});
