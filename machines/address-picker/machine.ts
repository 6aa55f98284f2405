/**
 * Address picker of the location step (SPEC §4, §5, §8): closed/open, typing with a debounce,
 * loading, results / no results / prompt / failure, selection, the street-number lookup and the
 * serviceability check (where the input asks for it). It tells its parent with `location.set`, `location.clear`,
 * `location.clearStreetNumber` and `location.outOfZone`; `location.pending` when a lookup the
 * address needs starts (resolving a suggestion, confirming a house number, the serviceability
 * check) and `location.settled` when one ends in an error, so the step can wait for the answer.
 * The location step and the profile dialog both invoke it (one address picker in the app).
 */
import { assertEvent, assign, sendParent, setup } from 'xstate';
import type { Prediction } from '../../contract/calls';
import { DELAYS } from '../../contract/constants';
import type { Location } from '../../contract/location';
import { hasStreetNumber } from '../../contract/location';
import { MESSAGES } from '../../contract/messages';
import { messageOf, notProvided, type ToastParams } from '../shared/effects';
import { eventTypes } from '../shared/forward';

export type Suggestion = Prediction;

export interface AddressPickerContext {
  query: string;
  suggestions: Suggestion[];
  /** The suggestion being resolved. */
  picked: Suggestion | null;
  /** The address resolved so far (may lack the street number). */
  location: Location | null;
  /** The address the parent holds, to notice an edit that changes it. */
  confirmedAddress: string | null;
  autoSelectFirst: boolean;
  checkServiceable: boolean;
}

export type AddressPickerEvent =
  | { type: 'address.focus' }
  | { type: 'address.blur' }
  | { type: 'address.type'; value: string }
  | { type: 'address.select'; suggestion: Suggestion }
  | { type: 'address.enter' }
  | { type: 'address.streetNumber'; value: string };

/** The picker's events, the ones its owner forwards to it. */
export const ADDRESS_PICKER_EVENTS = eventTypes<AddressPickerEvent>()(
  'address.focus',
  'address.blur',
  'address.type',
  'address.select',
  'address.enter',
  'address.streetNumber',
);

export interface AddressPickerInput {
  location: Location | null;
  /** Pick the first suggestion when the field is left with suggestions shown. */
  autoSelectFirst?: boolean;
  /**
   * Ask the API whether the address can be served (the booking start, SPEC §4). The profile's
   * address is where the customer lives, not where a booking goes: it is not checked.
   */
  checkServiceable?: boolean;
}

export const addressPickerMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as AddressPickerContext,
    events: {} as AddressPickerEvent,
    input: {} as AddressPickerInput,
  },
  actors: {
    searchAddresses: notProvided<Suggestion[], { query: string }>('searchAddresses'),
    resolveAddress: notProvided<Location, { suggestion: Suggestion }>('resolveAddress'),
    lookupStreetNumber: notProvided<Location, { location: Location; streetNumber: string }>('lookupStreetNumber'),
    checkLocation: notProvided<{ canBeServed: boolean }, { location: Location }>('checkLocation'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    setQuery: assign({
      query: ({ event }) => {
        assertEvent(event, 'address.type');
        return event.value;
      },
    }),
    clearQuery: assign({ query: '', suggestions: [], location: null, confirmedAddress: null }),
    storeSuggestions: assign({
      suggestions: (_, params: { suggestions: Suggestion[] }) => params.suggestions,
    }),
    pickSuggestion: assign(({ event }) => {
      assertEvent(event, 'address.select');
      return { picked: event.suggestion, query: event.suggestion.description };
    }),
    pickFirstSuggestion: assign({
      picked: ({ context }) => context.suggestions[0] ?? null,
      // Stryker disable next-line OptionalChaining: asked only while suggestions are shown
      query: ({ context }) => context.suggestions[0]?.description ?? context.query,
    }),
    storeLocation: assign({ location: (_, params: { location: Location }) => params.location }),
    // Asked in needsStreetNumber, where the address found is kept.
    typeStreetNumber: assign({
      location: ({ context, event }) => {
        assertEvent(event, 'address.streetNumber');
        const location = context.location!;
        return { ...location, components: { ...location.components, streetNumber: event.value.trim() } };
      },
    }),
    // Asked once the address is found.
    confirmAddress: assign({ confirmedAddress: ({ context }) => context.location!.address }),
    notifyLocation: sendParent(({ context }) => ({ type: 'location.set', location: context.location! })),
    notifyCleared: sendParent({ type: 'location.clear' }),
    notifyStreetNumberCleared: sendParent({ type: 'location.clearStreetNumber' }),
    notifyOutOfZone: sendParent(({ context }) => ({ type: 'location.outOfZone', location: context.location! })),
    notifyPending: sendParent({ type: 'location.pending' }),
    notifySettled: sendParent({ type: 'location.settled' }),
  },
  guards: {
    isBlank: ({ event }) => {
      assertEvent(event, 'address.type');
      return event.value.trim() === '';
    },
    hasSuggestions: ({ context }) => context.suggestions.length > 0,
    foundSuggestions: (_, params: { suggestions: Suggestion[] }) => params.suggestions.length > 0,
    shouldAutoSelectFirst: ({ context }) => context.autoSelectFirst && context.suggestions.length > 0,
    /** The user edited a confirmed address into another text (SPEC §4: the number is cleared on blur). */
    editedConfirmedAddress: ({ context }) =>
      context.confirmedAddress !== null && context.query.trim() !== context.confirmedAddress,
    lacksStreetNumber: (_, params: { location: Location }) => !hasStreetNumber(params.location),
    streetNumberBlank: ({ event }) => {
      assertEvent(event, 'address.streetNumber');
      return event.value.trim() === '';
    },
    canBeServed: (_, params: { canBeServed: boolean }) => params.canBeServed,
    skipsServiceCheck: ({ context }) => !context.checkServiceable,
  },
  delays: {
    searchDebounce: DELAYS.autocompleteDebounce + DELAYS.inputDebounce,
  },
}).createMachine({
  id: 'addressPicker',
  context: ({ input }) => ({
    query: input.location?.address ?? '',
    suggestions: [],
    picked: null,
    location: input.location,
    confirmedAddress: input.location?.address ?? null,
    autoSelectFirst: input.autoSelectFirst ?? false,
    checkServiceable: input.checkServiceable ?? true,
  }),
  initial: 'closed',
  on: {
    'address.type': [
      { guard: 'isBlank', target: '.open.prompt', actions: ['clearQuery', 'notifyCleared'] },
      // Stryker disable next-line BooleanLiteral: xstate enters the targeted state again either way (the debounce test passes with both)
      { target: '.open.debouncing', reenter: true, actions: 'setQuery' },
    ],
  },
  states: {
    closed: {
      on: {
        'address.focus': [{ guard: 'hasSuggestions', target: 'open.results' }, { target: 'open.prompt' }],
      },
    },
    open: {
      initial: 'prompt',
      on: {
        'address.blur': [
          { guard: 'shouldAutoSelectFirst', target: 'selecting', actions: 'pickFirstSuggestion' },
          { guard: 'editedConfirmedAddress', target: 'closed', actions: 'notifyStreetNumberCleared' },
          { target: 'closed' },
        ],
      },
      states: {
        prompt: {},
        debouncing: { after: { searchDebounce: 'loading' } },
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'searchAddresses',
            input: ({ context }) => ({ query: context.query }),
            onDone: [
              {
                guard: { type: 'foundSuggestions', params: ({ event }) => ({ suggestions: event.output }) },
                target: 'results',
                actions: { type: 'storeSuggestions', params: ({ event }) => ({ suggestions: event.output }) },
              },
              {
                target: 'empty',
                actions: { type: 'storeSuggestions', params: { suggestions: [] } },
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'showToast', params: { type: 'error', title: MESSAGES.addressSearchError } },
            },
          },
        },
        results: {
          on: {
            'address.select': { target: '#addressPicker.selecting', actions: 'pickSuggestion' },
            'address.enter': { target: '#addressPicker.selecting', actions: 'pickFirstSuggestion' },
          },
        },
        empty: {},
        failed: {},
      },
    },
    selecting: {
      tags: ['busy'],
      entry: 'notifyPending',
      invoke: {
        src: 'resolveAddress',
        input: ({ context }) => ({ suggestion: context.picked! }),
        onDone: [
          {
            guard: { type: 'lacksStreetNumber', params: ({ event }) => ({ location: event.output }) },
            target: 'needsStreetNumber',
            actions: [{ type: 'storeLocation', params: ({ event }) => ({ location: event.output }) }, 'notifyLocation'],
          },
          {
            target: 'checking',
            actions: { type: 'storeLocation', params: ({ event }) => ({ location: event.output }) },
          },
        ],
        onError: {
          target: 'closed',
          actions: [
            { type: 'showToast', params: ({ event }) => ({ type: 'error', title: messageOf(event.error) }) },
            'notifySettled',
          ],
        },
      },
    },
    needsStreetNumber: {
      on: {
        'address.streetNumber': [
          { guard: 'streetNumberBlank' },
          { target: 'lookingUpNumber', actions: 'typeStreetNumber' },
        ],
      },
    },
    lookingUpNumber: {
      tags: ['busy'],
      entry: 'notifyPending',
      invoke: {
        src: 'lookupStreetNumber',
        input: ({ context }) => ({
          location: context.location!,
          // Stryker disable next-line StringLiteral: she has just typed the number (the fallback only satisfies the types)
          streetNumber: context.location!.components.streetNumber ?? '',
        }),
        onDone: {
          target: 'checking',
          actions: { type: 'storeLocation', params: ({ event }) => ({ location: event.output }) },
        },
        // The lookup only confirms the number: the typed one stands when it fails.
        onError: { target: 'checking' },
      },
    },
    checking: {
      tags: ['busy'],
      always: { guard: 'skipsServiceCheck', target: 'selected', actions: ['confirmAddress', 'notifyLocation'] },
      invoke: {
        src: 'checkLocation',
        input: ({ context }) => ({ location: context.location! }),
        onDone: [
          {
            guard: { type: 'canBeServed', params: ({ event }) => ({ canBeServed: event.output.canBeServed }) },
            target: 'selected',
            actions: ['confirmAddress', 'notifyLocation'],
          },
          { target: 'closed', actions: 'notifyOutOfZone' },
        ],
        onError: {
          target: 'closed',
          actions: [
            { type: 'showToast', params: ({ event }) => ({ type: 'error', title: messageOf(event.error) }) },
            'notifySettled',
          ],
        },
      },
    },
    selected: {
      on: { 'address.focus': 'open.results' },
    },
  },
});
