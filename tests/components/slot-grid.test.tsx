// @vitest-environment jsdom
import './jsdom-shims';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AvailableTime } from '../../contract/slot';
import { SlotGrid } from '../../src/components/slot-grid';
import { applyStyles } from './styles';

afterEach(cleanup);

const slot = (startTime: string, endTime: string): AvailableTime => ({
  startTime,
  endTime,
  supplement: 0,
  toBeConfirmed: false,
  instantBooking: true,
  serviceFee: null,
});
const TIMES = [slot('09:00', '10:00'), slot('10:00', '11:00'), slot('11:00', '12:00'), slot('12:00', '13:00')];

function Slots() {
  const [selected, setSelected] = useState<AvailableTime | null>(null);
  return (
    <>
      <button type="button">prima</button>
      <SlotGrid view="available" times={TIMES} selected={selected} onSelect={setSelected} />
      <button type="button">AVANTI</button>
    </>
  );
}

const focusedName = () => document.activeElement?.textContent;

describe('SlotGrid keyboard', () => {
  it('is one tab stop; arrows, Home and End move between slots; Enter picks; Tab goes on to AVANTI', async () => {
    render(<Slots />);
    await userEvent.click(screen.getByRole('button', { name: 'prima' }));
    await userEvent.tab();
    expect(focusedName()).toBe('09:00');
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(focusedName()).toBe('11:00');
    await userEvent.keyboard('{ArrowLeft}');
    expect(focusedName()).toBe('10:00');
    await userEvent.keyboard('{End}');
    expect(focusedName()).toBe('12:00');
    await userEvent.keyboard('{ArrowRight}');
    expect(focusedName()).toBe('12:00');
    await userEvent.keyboard('{Home}{ArrowUp}');
    expect(focusedName()).toBe('09:00');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(screen.getByRole('button', { name: '11:00' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'AVANTI' }));
    await userEvent.tab({ shift: true });
    expect(focusedName()).toBe('11:00');
  });
});

describe('SlotGrid supplements and the sold-out day', () => {
  const priced = { ...slot('20:00', '21:00'), supplement: 10 };

  it('shows a slot’s supplement (SPEC §2), not when moving an appointment, which keeps its price', () => {
    const { unmount } = render(<SlotGrid view="available" times={[priced]} selected={null} onSelect={() => {}} />);
    expect(screen.getByRole('button', { name: '20:00 + € 10,00' })).toBeTruthy();
    unmount();
    render(<SlotGrid view="available" times={[priced]} selected={null} onSelect={() => {}} showSupplements={false} />);
    expect(screen.getByRole('button', { name: '20:00' })).toBeTruthy();
  });

  it('offers the waitlist on a sold-out day only, where the page asks for it', async () => {
    const asked: string[] = [];
    const { unmount } = render(
      <SlotGrid
        view="empty"
        times={[]}
        selected={null}
        onSelect={() => {}}
        onWaitlist={() => asked.push('waitlist')}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Avvisami se si libera un orario' }));
    expect(asked).toEqual(['waitlist']);
    unmount();
    // A failed load is no sold-out day; the move's grid asks for no waitlist.
    render(<SlotGrid view="failed" times={[]} selected={null} onSelect={() => {}} onWaitlist={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Avvisami se si libera un orario' })).toBeNull();
    cleanup();
    render(<SlotGrid view="empty" times={[]} selected={null} onSelect={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Avvisami se si libera un orario' })).toBeNull();
  });
});

describe('SlotGrid while the times load, and its look (SPEC §9)', () => {
  const STYLES = ['styles/theme.css.ts', 'components/day-picker.css.ts', 'components/slot-grid.css.ts'];
  const noop = () => undefined;

  it('shows 12 placeholders while the times load', () => {
    render(<SlotGrid view="loading" times={[]} selected={null} onSelect={noop} />);
    expect(screen.getAllByTestId('slot-skeleton')).toHaveLength(12);
    expect(screen.getByRole('status').textContent).toBe('Caricamento orari disponibili');
  });

  it('lays the slots out in columns at least 100px wide', async () => {
    const unstyle = await applyStyles(STYLES, { width: 375 });
    try {
      render(<SlotGrid view="available" times={TIMES} selected={null} onSelect={noop} />);
      const grid = screen.getByRole('group', { name: 'Orari disponibili' });
      expect(getComputedStyle(grid).gridTemplateColumns).toBe('repeat(auto-fill, minmax(100px, 1fr))');
    } finally {
      unstyle();
    }
  });

  it('fades the slots in one after the other, 60 ms apart; at once for those who ask for less motion', async () => {
    const many = Array.from({ length: 30 }, (_, index) => {
      const hour = String(6 + Math.floor(index / 2)).padStart(2, '0');
      return slot(`${hour}:${index % 2 ? '30' : '00'}`, `${hour}:${index % 2 ? '59' : '29'}`);
    });
    const delays = async (reducedMotion: boolean) => {
      const unstyle = await applyStyles(STYLES, { width: 375, reducedMotion });
      try {
        render(<SlotGrid view="available" times={many} selected={null} onSelect={noop} />);
        const buttons = within(screen.getByRole('group', { name: 'Orari disponibili' })).getAllByRole('button');
        return buttons.map((button) => {
          const style = getComputedStyle(button);
          return style.animationName ? style.animationDelay : 'none';
        });
      } finally {
        cleanup();
        unstyle();
      }
    };
    const staggered = await delays(false);
    expect(staggered.slice(0, 4)).toEqual(['0ms', '60ms', '120ms', '180ms']);
    expect(staggered[23]).toBe('1380ms');
    // The 25th and later come in together, 1.44 s after the first.
    expect(new Set(staggered.slice(24))).toEqual(new Set(['1440ms']));
    expect(new Set(await delays(true))).toEqual(new Set(['none']));
  });
});

describe('SlotGrid, who comes (issue 29)', () => {
  it('a time whose only free professional she rated badly says who comes; the others say nothing', () => {
    render(
      <SlotGrid
        view="available"
        times={[{ ...slot('10:00', '11:00'), onlyWith: 'Giulia' }, slot('14:00', '15:00')]}
        selected={null}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: /^10:00/ }).textContent).toBe('10:00con Giulia');
    expect(screen.getByRole('button', { name: /^14:00/ }).textContent).toBe('14:00');
  });
});
