/**
 * The address picker (SPEC §4, §5), the machine alone under a parent that records what it is
 * told, its calls answered by hand, its clock moved by hand. Expectations from SPEC: what she types
 * is searched after the input pauses; an empty field clears the address; a suggestion (or ENTER,
 * the first one) is resolved, an address without a house number asks for it, the number she types
 * (without spaces) is looked up, and the address is checked for service (the booking's, not the
 * profile's); the parent hears of each step; busy while a call is out; a search that fails says so;
 * leaving the field picks the first suggestion when asked to, and an edited address clears the
 * house number.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, setup, type ActorRefFrom } from 'xstate';
import { DELAYS } from '../../contract/constants';
import { withStreetNumber, type Location } from '../../contract/location';
import { MESSAGES } from '../../contract/messages';
import { addressPickerMachine, type AddressPickerInput } from '../../machines/address-picker/machine';
import type { ToastParams } from '../../machines/shared/effects';
import {
  LOCATION_NO_NUMBER,
  LOCATION_TORINO,
  SUGGESTION_FULL,
  SUGGESTION_NO_NUMBER,
} from '../../machines/testing/fixtures';
import { callsByHand } from './calls';

const PAUSE = DELAYS.autocompleteDebounce + DELAYS.inputDebounce;

function open(input: AddressPickerInput = { location: null }) {
  const calls = callsByHand(['searchAddresses', 'resolveAddress', 'lookupStreetNumber', 'checkLocation'] as const);
  const toasts: ToastParams[] = [];
  const told: { type: string; location?: Location }[] = [];
  const picker = addressPickerMachine.provide({
    actors: calls.actors,
    actions: { showToast: (_, params: ToastParams) => void toasts.push(params) },
  });
  const parent = setup({ actors: { picker } }).createMachine({
    invoke: { src: 'picker', id: 'picker', input },
    on: { '*': { actions: ({ event }) => void told.push(event as { type: string }) } },
  });
  const clock = new SimulatedClock();
  const actor = createActor(parent, { clock }).start();
  const child = () => actor.getSnapshot().children.picker as ActorRefFrom<typeof addressPickerMachine>;
  const send = (event: Parameters<ReturnType<typeof child>['send']>[0]) => child().send(event);
  const seen = () => {
    const snapshot = child().getSnapshot();
    return {
      query: snapshot.context.query,
      suggestions: snapshot.context.suggestions,
      location: snapshot.context.location,
      busy: snapshot.hasTag('busy'),
    };
  };
  const searched = async (query: string, suggestions: unknown) => {
    send({ type: 'address.type', value: query });
    clock.increment(PAUSE);
    await calls.settle('searchAddresses', suggestions instanceof Error ? suggestions : { output: suggestions });
  };
  return { ...calls, clock, send, seen, toasts, told, child, searched };
}

describe('the address picker', () => {
  it('starts from the address it is given', () => {
    const picker = open({ location: LOCATION_TORINO });
    expect(picker.seen()).toEqual({
      query: LOCATION_TORINO.address,
      suggestions: [],
      location: LOCATION_TORINO,
      busy: false,
    });
    expect(picker.child().getSnapshot().context.selectedText).toBe(LOCATION_TORINO.address);
  });

  it('searches what she typed once the input pauses, busy until the suggestions come', async () => {
    const picker = open();
    picker.send({ type: 'address.type', value: 'Via Ro' });
    picker.clock.increment(PAUSE - 1);
    picker.send({ type: 'address.type', value: 'Via Roma' });
    picker.clock.increment(PAUSE - 1);
    expect(picker.sent).toEqual([]);
    picker.clock.increment(1);
    expect(picker.sent).toEqual([{ src: 'searchAddresses', input: { query: 'Via Roma' } }]);
    expect(picker.seen().busy).toBe(true);
    await picker.settle('searchAddresses', { output: [SUGGESTION_FULL, SUGGESTION_NO_NUMBER] });
    expect(picker.seen()).toMatchObject({
      query: 'Via Roma',
      suggestions: [SUGGESTION_FULL, SUGGESTION_NO_NUMBER],
      busy: false,
    });
  });

  it('no suggestion: none listed; a failed search: SPEC’s error toast', async () => {
    const picker = open();
    await picker.searched('Via Roma', [SUGGESTION_FULL]);
    await picker.searched('Via Romaaa', []);
    expect(picker.seen().suggestions).toEqual([]);
    await picker.searched('Via R', new Error('maps down'));
    expect(picker.toasts).toEqual([{ type: 'error', title: MESSAGES.addressSearchError }]);
  });

  it('an emptied field (spaces only) clears the address and tells the parent', async () => {
    const picker = open({ location: LOCATION_TORINO });
    await picker.searched('Via Roma', [SUGGESTION_FULL]);
    picker.send({ type: 'address.type', value: '   ' });
    expect(picker.seen()).toEqual({ query: '', suggestions: [], location: null, busy: false });
    expect(picker.told.at(-1)).toEqual({ type: 'location.clear' });
  });

  it('a suggestion with its number: resolved (busy), checked for service, then given to the parent', async () => {
    const picker = open();
    await picker.searched('Via Roma', [SUGGESTION_FULL]);
    picker.send({ type: 'address.select', suggestion: SUGGESTION_FULL });
    expect(picker.seen()).toMatchObject({ query: SUGGESTION_FULL.description, busy: true });
    expect(picker.told.at(-1)).toEqual({ type: 'location.pending' });
    expect(picker.sent.at(-1)).toEqual({ src: 'resolveAddress', input: { suggestion: SUGGESTION_FULL } });
    await picker.settle('resolveAddress', { output: LOCATION_TORINO });
    expect(picker.sent.at(-1)).toEqual({ src: 'checkLocation', input: { location: LOCATION_TORINO } });
    expect(picker.seen().busy).toBe(true);
    await picker.settle('checkLocation', { output: { canBeServed: true } });
    expect(picker.told.at(-1)).toEqual({ type: 'location.set', location: LOCATION_TORINO });
    expect(picker.child().getSnapshot().context.selectedText).toBe(picker.seen().query);
    expect(picker.seen().busy).toBe(false);
  });

  it('ENTER takes the first suggestion', async () => {
    const picker = open();
    await picker.searched('Via Roma', [SUGGESTION_NO_NUMBER, SUGGESTION_FULL]);
    picker.send({ type: 'address.enter' });
    expect(picker.seen().query).toBe(SUGGESTION_NO_NUMBER.description);
    expect(picker.sent.at(-1)).toEqual({ src: 'resolveAddress', input: { suggestion: SUGGESTION_NO_NUMBER } });
  });

  it('an address out of the zones is told to the parent as such', async () => {
    const picker = open();
    await picker.searched('Via Roma', [SUGGESTION_FULL]);
    picker.send({ type: 'address.select', suggestion: SUGGESTION_FULL });
    await picker.settle('resolveAddress', { output: LOCATION_TORINO });
    await picker.settle('checkLocation', { output: { canBeServed: false } });
    expect(picker.told.at(-1)).toEqual({ type: 'location.outOfZone', location: LOCATION_TORINO });
  });

  it('without the service check (the profile’s address), given to the parent once resolved', async () => {
    const picker = open({ location: null, checkServiceable: false });
    await picker.searched('Via Roma', [SUGGESTION_FULL]);
    picker.send({ type: 'address.select', suggestion: SUGGESTION_FULL });
    await picker.settle('resolveAddress', { output: LOCATION_TORINO });
    expect(picker.sent.map((call) => call.src)).not.toContain('checkLocation');
    expect(picker.told.at(-1)).toEqual({ type: 'location.set', location: LOCATION_TORINO });
    expect(picker.child().getSnapshot().context.selectedText).toBe(picker.seen().query);
  });

  it('an address without its number asks for it; a blank one does nothing; the typed one is looked up without spaces', async () => {
    const picker = open();
    await picker.searched('Via Roma', [SUGGESTION_NO_NUMBER]);
    picker.send({ type: 'address.select', suggestion: SUGGESTION_NO_NUMBER });
    await picker.settle('resolveAddress', { output: LOCATION_NO_NUMBER });
    expect(picker.told.at(-1)).toEqual({ type: 'location.set', location: LOCATION_NO_NUMBER });
    const calls = picker.sent.length;
    picker.send({ type: 'address.streetNumber', value: '  ' });
    expect(picker.sent).toHaveLength(calls);
    picker.send({ type: 'address.streetNumber', value: ' 2 ' });
    // The number typed apart goes into the address's text too (SPEC §5: route, number, city), as the
    // geocoders write it when they cannot confirm it.
    const typed = withStreetNumber(LOCATION_NO_NUMBER, '2');
    expect(picker.sent.at(-1)).toEqual({ src: 'lookupStreetNumber', input: { location: typed, streetNumber: '2' } });
    expect(picker.seen().busy).toBe(true);
    expect(picker.told.at(-1)).toEqual({ type: 'location.pending' });
    await picker.settle('lookupStreetNumber', { output: LOCATION_TORINO });
    expect(picker.sent.at(-1)).toEqual({ src: 'checkLocation', input: { location: LOCATION_TORINO } });
  });

  it('leaving the field with suggestions picks the first when asked to; with none it just closes', async () => {
    const picker = open({ location: null, autoSelectFirst: true });
    picker.send({ type: 'address.type', value: 'Via Roma' });
    picker.send({ type: 'address.blur' });
    expect(picker.sent).toEqual([]);
    await picker.searched('Via Roma', [SUGGESTION_FULL]);
    picker.send({ type: 'address.blur' });
    expect(picker.sent.at(-1)).toEqual({ src: 'resolveAddress', input: { suggestion: SUGGESTION_FULL } });
    expect(picker.seen().query).toBe(SUGGESTION_FULL.description);
  });

  it('leaving the field after its search failed picks nothing, though an older list answered the same text (SPEC §4: auto-select picks from the list shown)', async () => {
    const picker = open({ location: null, autoSelectFirst: true });
    await picker.searched('Via Roma', [SUGGESTION_FULL]);
    // She deletes a letter and types it back before the pause ends; the search for that text fails:
    // what she sees is the failure, no list.
    picker.send({ type: 'address.type', value: 'Via Rom' });
    await picker.searched('Via Roma', new Error('maps down'));
    expect(picker.child().getSnapshot().value).toEqual({ open: 'failed' });
    const calls = picker.sent.length;
    picker.send({ type: 'address.blur' });
    expect(picker.sent.length).toBe(calls);
    expect(picker.child().getSnapshot().value).toBe('closed');
  });

  it('focus on the address she holds shows no list that answers another text (SPEC §4: the list answers her text)', async () => {
    const picker = open({ location: LOCATION_NO_NUMBER, checkServiceable: false });
    await picker.searched('Via Roma', [SUGGESTION_NO_NUMBER]);
    // Her text is searched again and the search fails: the list she had answers 'Via Roma'.
    await picker.searched('Via Roma 2', new Error('maps down'));
    picker.send({ type: 'address.blur' });
    picker.send({ type: 'address.streetNumber', value: '2' });
    await picker.settle('lookupStreetNumber', { output: LOCATION_TORINO });
    expect(picker.child().getSnapshot().context.selectedText).toBe('Via Roma 2');
    picker.send({ type: 'address.focus' });
    expect(picker.child().getSnapshot().value).toEqual({ open: 'prompt' });
  });

  it('leaving an edited address clears its house number; leaving it as it was (spaces aside) does not', async () => {
    const kept = open({ location: LOCATION_TORINO });
    kept.send({ type: 'address.type', value: ` ${LOCATION_TORINO.address} ` });
    kept.send({ type: 'address.blur' });
    expect(kept.told.map((event) => event.type)).not.toContain('location.clearStreetNumber');
    const edited = open({ location: LOCATION_TORINO });
    edited.send({ type: 'address.type', value: 'Via Roma, Torino' });
    edited.send({ type: 'address.blur' });
    expect(edited.told.at(-1)).toEqual({ type: 'location.clearStreetNumber' });
    const none = open({ location: null });
    none.send({ type: 'address.type', value: 'Via Roma' });
    none.send({ type: 'address.blur' });
    expect(none.told.map((event) => event.type)).not.toContain('location.clearStreetNumber');
  });
});
