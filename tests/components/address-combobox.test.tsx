// @vitest-environment jsdom
import './jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createActor, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Location } from '../../contract/location';
import { addressPickerMachine, type Suggestion } from '../../machines/address-picker/machine';
import { LOCATION_TORINO, SUGGESTION_FULL } from '../../machines/testing/fixtures';
import { AddressCombobox } from '../../src/components/address-combobox';

/**
 * The address field over the real picker machine, its calls answered at once, the clock moved by
 * hand (SPEC §9: the loading indicator is held about 1 s after a selection).
 */
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function pickerWithQuickAnswers() {
  const picker = addressPickerMachine.provide({
    actors: {
      searchAddresses: fromPromise<Suggestion[], { query: string }>(() => Promise.resolve([SUGGESTION_FULL])),
      resolveAddress: fromPromise<Location, { suggestion: Suggestion }>(() => Promise.resolve(LOCATION_TORINO)),
      lookupStreetNumber: fromPromise<Location, { location: Location; streetNumber: string }>(() =>
        Promise.resolve(LOCATION_TORINO),
      ),
      checkLocation: fromPromise<{ canBeServed: boolean }, { location: Location }>(() =>
        Promise.resolve({ canBeServed: true }),
      ),
    },
  });
  const parent = setup({ actors: { picker } }).createMachine({
    invoke: { src: 'picker', id: 'picker', input: { location: null } },
  });
  const actor = createActor(parent).start();
  return actor.getSnapshot().children.picker as ActorRefFrom<typeof addressPickerMachine>;
}

/** Moves the clock in small steps, letting the promises and React settle in between. */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 50) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(50, left));
    });
  }
}

const checkingShown = () => screen.queryByText('Verifica indirizzo in corso') !== null;

describe('AddressCombobox', () => {
  it('holds the loading indicator about 1 s after a selection, though the address was found at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    const picker = pickerWithQuickAnswers();
    render(<AddressCombobox picker={picker} send={(event) => picker.send(event)} location={null} label="Indirizzo" />);
    const field = screen.getByRole('combobox', { name: 'Indirizzo' });
    act(() => field.focus());
    fireEvent.change(field, { target: { value: 'Via Roma 2' } });
    await advance(600);
    const option = screen.getByRole('option', { name: /Via Roma/ });

    fireEvent.mouseDown(option);
    await advance(50);
    expect(picker.getSnapshot().value).toBe('selected');
    expect(checkingShown()).toBe(true);
    await advance(850);
    expect(checkingShown()).toBe(true);
    await advance(150);
    expect(checkingShown()).toBe(false);
  });
});
