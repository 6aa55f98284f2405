// @vitest-environment jsdom
import './jsdom-shims';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AvailableTime } from '../../contract/slot';
import { SlotGrid } from '../../src/components/slot-grid';

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
