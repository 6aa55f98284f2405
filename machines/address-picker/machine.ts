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
import { hasStreetNumber, withStreetNumber } from '../../contract/location';
import { MESSAGES } from '../../contract/messages';
import { messageOf, notProvided, type ToastParams } from '../shared/effects';
import { eventTypes } from '../shared/forward';

export type Suggestion = Prediction;

export interface AddressPickerContext {
  query: string;
  suggestions: Suggestion[];
  /** The text the suggestions answer (null: none asked yet). */
  suggestionsFor: string | null;
  /** The suggestion being resolved. */
  picked: Suggestion | null;
  /** The address resolved so far (may lack the street number). */
  location: Location | null;
  /**
   * The field's text when the address the parent holds was set (a suggestion resolved, or the address
   * it started with): SPEC §4's edit is a text other than this one. Not the address's own text: the
   * geocoders write it otherwise ('Via Roma, 2, Torino' for the suggestion 'Via Roma, 2, Torino, TO,
   * Italia'; a number typed apart is not in the field at all).
   */
  selectedText: string | null;
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

/**
 * SPEC §4 'opens on focus or click': her unsearched text is searched, else the list she had for it,
 * else the prompt.
 */
const opens = [
  { guard: 'unsearchedText', target: '#addressPicker.open.loading' },
  { guard: 'listAnswersText', target: '#addressPicker.open.results' },
  { target: '#addressPicker.open.prompt' },
] as const;

/**
 * The same, where the field shows the address she chose (`selected`: it was set from that text): the
 * list she had for it, else the prompt.
 */
const reopens = [
  { guard: 'listAnswersText', target: '#addressPicker.open.results' },
  { target: '#addressPicker.open.prompt' },
] as const;

/**
 * SPEC §4 'A street number … is typed separately; a second lookup tries to confirm it': whenever the
 * house-number field shows (the address held has none), not only right after a suggestion.
 */
const takesStreetNumber = [
  { guard: 'streetNumberBlank' },
  { guard: 'holdsLocation', target: '#addressPicker.lookingUpNumber', actions: 'typeStreetNumber' },
] as const;

/**
 * A number corrected while the first is looked up or checked: the new one is looked up (a blank one,
 * or the same again, changes nothing).
 */
const correctsStreetNumber = {
  guard: 'correctedStreetNumber',
  target: '#addressPicker.lookingUpNumber',
  reenter: true,
  actions: 'typeStreetNumber',
} as const;

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
    clearQuery: assign({ query: '', suggestions: [], suggestionsFor: null, location: null, selectedText: null }),
    storeSuggestions: assign({
      suggestions: (_, params: { suggestions: Suggestion[] }) => params.suggestions,
      suggestionsFor: ({ context }) => context.query,
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
    // Asked where an address is held (the `holdsLocation` guard): the number goes with its street.
    typeStreetNumber: assign({
      location: ({ context, event }) => {
        assertEvent(event, 'address.streetNumber');
        return withStreetNumber(context.location!, event.value.trim());
      },
    }),
    // Asked as the parent takes the address: the text the field shows for it.
    rememberSelection: assign({ selectedText: ({ context }) => context.query }),
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
    /**
     * The list she had answers the text in the field, or is the one she picked that text from (SPEC §4
     * 'While typing a loading state shows until suggestions return, then results'): not a list left
     * from an earlier text whose own search failed.
     */
    listAnswersText: ({ context }) =>
      context.suggestions.length > 0 &&
      (context.suggestionsFor === context.query ||
        context.suggestions.some((suggestion) => suggestion.description === context.query)),
    foundSuggestions: (_, params: { suggestions: Suggestion[] }) => params.suggestions.length > 0,
    /**
     * Her text was never searched (she left the field before its suggestions came): focus searches
     * it instead of showing another text's list (SPEC §4 'While typing a loading state shows until
     * suggestions return').
     */
    unsearchedText: ({ context }) =>
      context.query.trim() !== '' && context.query !== context.suggestionsFor && context.query !== context.selectedText,
    /**
     * SPEC §4 'the picker can auto-select the first suggestion on close if the option is on': the first
     * of the list shown for her text, and not over the address she chose while the field still shows it.
     */
    shouldAutoSelectFirst: ({ context }) =>
      context.autoSelectFirst &&
      context.suggestions.length > 0 &&
      context.suggestionsFor === context.query &&
      context.query !== context.selectedText,
    /** SPEC §4 'Enter with no selected address': the field still shows the address she chose. */
    showsSelection: ({ context }) => context.selectedText !== null && context.query === context.selectedText,
    /** She edited the text of the address she holds (SPEC §4: the number is cleared on blur). */
    editedSelection: ({ context }) =>
      context.selectedText !== null && context.query.trim() !== context.selectedText.trim(),
    lacksStreetNumber: (_, params: { location: Location }) => !hasStreetNumber(params.location),
    streetNumberBlank: ({ event }) => {
      assertEvent(event, 'address.streetNumber');
      return event.value.trim() === '';
    },
    /** A number typed goes with the address held (the field shows while it has none). */
    holdsLocation: ({ context }) => context.location !== null,
    /** A number typed that is not blank nor the one already looked up or checked. */
    correctedStreetNumber: ({ context, event }) => {
      assertEvent(event, 'address.streetNumber');
      const typed = event.value.trim();
      return typed !== '' && (context.location?.components.streetNumber ?? '') !== typed;
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
    suggestionsFor: null,
    picked: null,
    location: input.location,
    selectedText: input.location?.address ?? null,
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
      on: { 'address.focus': opens, 'address.streetNumber': takesStreetNumber },
    },
    open: {
      initial: 'prompt',
      on: {
        'address.blur': [
          { guard: 'editedSelection', target: 'closed', actions: 'notifyStreetNumberCleared' },
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
            // Only a list on screen is picked from on close: a failed or pending search shows none.
            'address.blur': {
              guard: 'shouldAutoSelectFirst',
              target: '#addressPicker.selecting',
              actions: 'pickFirstSuggestion',
            },
            'address.select': { target: '#addressPicker.selecting', actions: 'pickSuggestion' },
            // With the address she chose still in the field, Enter keeps it and closes the list.
            'address.enter': [
              { guard: 'showsSelection', target: '#addressPicker.closed' },
              { target: '#addressPicker.selecting', actions: 'pickFirstSuggestion' },
            ],
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
            actions: [
              { type: 'storeLocation', params: ({ event }) => ({ location: event.output }) },
              'rememberSelection',
              'notifyLocation',
            ],
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
      // SPEC §4 'opens on focus or click': here too, on the list she picked the street from.
      on: { 'address.focus': '#addressPicker.open.results', 'address.streetNumber': takesStreetNumber },
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
        onDone: [
          // The lookup found the street but not the number: the typed one stands (SPEC §4: the lookup
          // only tries to confirm it).
          {
            guard: { type: 'lacksStreetNumber', params: ({ event }) => ({ location: event.output }) },
            target: 'checking',
          },
          {
            target: 'checking',
            actions: { type: 'storeLocation', params: ({ event }) => ({ location: event.output }) },
          },
        ],
        // The lookup only confirms the number: the typed one stands when it fails.
        onError: { target: 'checking' },
      },
      // Corrected while it is looked up: the new number is looked up instead.
      on: { 'address.streetNumber': correctsStreetNumber },
    },
    checking: {
      tags: ['busy'],
      always: { guard: 'skipsServiceCheck', target: 'selected', actions: ['rememberSelection', 'notifyLocation'] },
      // The house-number field still shows (the parent has no number yet): a correction is looked up.
      on: { 'address.streetNumber': correctsStreetNumber },
      invoke: {
        src: 'checkLocation',
        input: ({ context }) => ({ location: context.location! }),
        onDone: [
          {
            guard: { type: 'canBeServed', params: ({ event }) => ({ canBeServed: event.output.canBeServed }) },
            target: 'selected',
            actions: ['rememberSelection', 'notifyLocation'],
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
    // The address held has its number here: the house-number field does not show.
    selected: {
      on: { 'address.focus': reopens },
    },
  },
});
