import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { DELAYS } from '../../contract/constants';
import { hasStreetNumber, type Location } from '../../contract/location';
import { MESSAGES } from '../../contract/messages';
import type { AddressPickerEvent } from '../../machines/address-picker/machine';
import type { AddressPickerRef } from '../../machines/app/selectors';
import { Spinner } from './spinner';
import { TextField } from './text-field';
import { carryEarlyTyping } from './early-input';
import * as css from './address-combobox.css';

export const ADDRESS_COPY = {
  prompt: 'Scrivi via e città per vedere i suggerimenti',
  searching: 'Ricerca indirizzi in corso',
  checking: 'Verifica indirizzo in corso',
  streetNumber: 'Numero civico',
  suggestions: 'Suggerimenti',
} as const;

export interface AddressComboboxProps {
  /** The `addressPicker` machine drawn (the location step's, or the profile dialog's). */
  picker: AddressPickerRef | undefined;
  /** Sends one of the picker's events the way its owner takes them. */
  send: (event: AddressPickerEvent) => void;
  /** The address the owner holds: while it lacks a house number, the number is asked. */
  location: Location | null;
  label: string;
  placeholder?: string;
  hint?: string;
  error?: string | null | undefined;
  disabled?: boolean;
}

const NO_SUGGESTIONS: never[] = [];

/**
 * SPEC §9: the loading indicator is held about 1 s after a selection, however soon the address is
 * found: true from each selection (the picker entering `selecting`) for that long. The picker is
 * heard directly: a quick answer leaves `selecting` before React would draw it.
 */
function useHeldAfterSelection(picker: AddressPickerRef | undefined): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!picker) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let selecting = picker.getSnapshot().matches('selecting');
    const subscription = picker.subscribe((snapshot) => {
      const now = snapshot.matches('selecting');
      if (now && !selecting) {
        setHeld(true);
        clearTimeout(timer);
        timer = setTimeout(() => setHeld(false), DELAYS.addressSelectionLoading);
      }
      selecting = now;
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
    };
  }, [picker]);
  return held;
}

/**
 * The app's one address picker on screen (SPEC §4, §5): a WAI-ARIA combobox over the
 * `addressPicker` machine (suggestions while typing, arrow keys and Enter, Escape closes), its
 * prompt, loading, empty and checking states, and a house-number field when the chosen address
 * has none. The machine holds every state; this draws it and sends what the person does.
 */
export function AddressCombobox({
  picker,
  send,
  location,
  label,
  placeholder,
  hint,
  error,
  disabled,
}: AddressComboboxProps) {
  const view = useSelector(picker, (snapshot) => {
    if (!snapshot) return null;
    const value = snapshot.value;
    return {
      state: typeof value === 'string' ? value : `open.${Object.values(value)[0] as string}`,
      query: snapshot.context.query,
      suggestions: snapshot.context.suggestions,
    };
  });
  const [active, setActive] = useState(0);
  const [streetNumber, setStreetNumber] = useState('');
  const ids = useId();
  const listId = `${ids}-suggestions`;
  const inputRef = useRef<HTMLInputElement>(null);
  const carried = useRef(false);

  // In the commit that takes the prerendered field over, before anything draws it again (which would
  // put the picker's query back over her text).
  useLayoutEffect(() => {
    if (carried.current || !picker || !inputRef.current) return;
    carried.current = true;
    carryEarlyTyping(inputRef.current, picker.getSnapshot().context.query, send);
  }, [picker, send]);

  const state = view?.state ?? 'closed';
  const heldAfterSelection = useHeldAfterSelection(picker);
  const isOpen = state.startsWith('open.');
  const suggestions = view?.suggestions ?? NO_SUGGESTIONS;
  const showResults = state === 'open.results';
  const needsNumber =
    state === 'needsStreetNumber' || state === 'lookingUpNumber' || (location !== null && !hasStreetNumber(location));

  useEffect(() => setActive(0), [suggestions]);
  const checking =
    state === 'selecting' || state === 'checking' || state === 'lookingUpNumber' || (heldAfterSelection && !isOpen);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && showResults) {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, suggestions.length - 1));
    } else if (event.key === 'ArrowUp' && showResults) {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && isOpen) {
      // Enter picks the highlighted suggestion (the first one by default, SPEC §4) instead of submitting.
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen && active > 0) send({ type: 'address.select', suggestion: chosen });
      else send({ type: 'address.enter' });
    } else if (event.key === 'Escape' && isOpen) {
      // Escape closes the list, not the dialog the field may be in.
      event.stopPropagation();
      send({ type: 'address.blur' });
    }
  };

  const sendStreetNumber = () => {
    if (streetNumber.trim()) send({ type: 'address.streetNumber', value: streetNumber });
  };

  return (
    <>
      <div className={css.root}>
        <TextField
          label={label}
          placeholder={placeholder}
          hint={hint}
          error={error}
          disabled={disabled}
          ref={inputRef}
          typingCarriedOver
          name="address"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showResults}
          aria-controls={listId}
          aria-activedescendant={showResults && suggestions[active] ? `${listId}-${active}` : undefined}
          value={view?.query ?? ''}
          onFocus={() => send({ type: 'address.focus' })}
          onClick={() => send({ type: 'address.focus' })}
          onBlur={() => send({ type: 'address.blur' })}
          onChange={(event) => send({ type: 'address.type', value: event.target.value })}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={`${ADDRESS_COPY.suggestions}: ${label}`}
          className={css.listbox}
          hidden={!showResults}
          data-analytics-label="indirizzo"
        >
          {showResults
            ? suggestions.map((suggestion, index) => (
                <li
                  key={suggestion.placeId}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={css.option}
                  // mousedown, so the choice lands before the field's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    send({ type: 'address.select', suggestion });
                  }}
                >
                  {suggestion.mainText}
                  <span className={css.optionSecondary}>{suggestion.secondaryText}</span>
                </li>
              ))
            : null}
        </ul>
        {state === 'open.prompt' ? <p className={css.status}>{ADDRESS_COPY.prompt}</p> : null}
        {state === 'open.debouncing' || state === 'open.loading' ? (
          <div className={css.status}>
            <Spinner size={20} label={ADDRESS_COPY.searching} />
          </div>
        ) : null}
        {state === 'open.empty' ? (
          <div className={css.status} role="status">
            <strong>{MESSAGES.addressNoResultsTitle}</strong>
            <p>{MESSAGES.addressNoResultsDescription}</p>
          </div>
        ) : null}
        {checking ? (
          <div className={css.status}>
            <Spinner size={20} label={ADDRESS_COPY.checking} />
          </div>
        ) : null}
      </div>
      {needsNumber ? (
        <TextField
          label={ADDRESS_COPY.streetNumber}
          name="streetNumber"
          inputMode="text"
          autoComplete="off"
          disabled={disabled}
          value={streetNumber}
          onChange={(event) => setStreetNumber(event.target.value)}
          onBlur={sendStreetNumber}
          // Enter sends the number, then submits the form like its button: the owner waits for the lookup.
          onKeyDown={(event) => (event.key === 'Enter' ? sendStreetNumber() : undefined)}
        />
      ) : null}
    </>
  );
}
