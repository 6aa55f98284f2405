import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Prediction } from '../../contract/calls';
import { DELAYS } from '../../contract/constants';
import { hasStreetNumber, type Location } from '../../contract/location';
import { MESSAGES } from '../../contract/messages';
import type { Geocoder } from '../app/geocoder';
import { Spinner } from './spinner';
import { TextField } from './text-field';
import * as css from './address-field.css';

export interface AddressFieldProps {
  label: string;
  geocoder: Geocoder;
  /** The chosen address (null until one is picked from the suggestions). */
  value: Location | null;
  onChange: (location: Location | null) => void;
  error?: string | null | undefined;
  hint?: string | undefined;
  disabled?: boolean;
}

const COPY = {
  streetNumber: 'Numero civico',
  searching: 'Ricerca indirizzi in corso',
  none: 'Ops! Nessun risultato',
} as const;

/**
 * An address combobox over the app's geocoder (SPEC §4 address picker, for forms outside the
 * wizard such as the profile dialog): suggestions while typing (debounced), arrow keys and Enter,
 * Escape closes; a house-number field when the chosen address has none.
 */
export function AddressField({ label, geocoder, value, onChange, error, hint, disabled }: AddressFieldProps) {
  const listId = useId();
  const [text, setText] = useState(value?.address ?? '');
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [suggestions, setSuggestions] = useState<Prediction[]>([]);
  const [active, setActive] = useState(-1);
  const [streetNumber, setStreetNumber] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current) setText(value?.address ?? '');
  }, [value]);

  useEffect(() => {
    if (!typed.current) return;
    const query = text.trim();
    if (query.length < 3) {
      setSuggestions([]);
      setLoading(false);
      return;
    }
    let stale = false;
    setLoading(true);
    const timer = setTimeout(() => {
      geocoder
        .search(query)
        .then((found) => !stale && (setSuggestions(found), setActive(found.length ? 0 : -1), setOpen(true)))
        .catch(() => !stale && (setSuggestions([]), setLocalError(MESSAGES.addressSearchError)))
        .finally(() => !stale && setLoading(false));
    }, DELAYS.inputDebounce);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, geocoder]);

  const pick = async (prediction: Prediction) => {
    typed.current = false;
    setOpen(false);
    setText(prediction.description);
    setLocalError(undefined);
    try {
      onChange(await geocoder.resolve(prediction));
    } catch (failure) {
      setLocalError(failure instanceof Error ? failure.message : MESSAGES.addressSearchError);
    }
  };

  const confirmNumber = async () => {
    if (!value || !streetNumber.trim()) return;
    try {
      onChange(await geocoder.lookupStreetNumber(value, streetNumber.trim()));
      setStreetNumber('');
    } catch (failure) {
      setLocalError(failure instanceof Error ? failure.message : MESSAGES.addressSearchError);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!suggestions.length) return;
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && open && suggestions.length) {
      event.preventDefault();
      void pick(suggestions[Math.max(active, 0)]!);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const needsNumber = value !== null && !hasStreetNumber(value);
  const shownError = localError ?? (needsNumber ? MESSAGES.streetNumberRequired : (error ?? undefined));
  const expanded = open && (suggestions.length > 0 || (!loading && typed.current && text.trim().length >= 3));

  return (
    <div className={css.root}>
      <TextField
        label={label}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={text}
        disabled={disabled}
        error={shownError}
        hint={hint}
        endSlot={loading ? <Spinner size={20} label={COPY.searching} /> : undefined}
        onChange={(event) => {
          typed.current = true;
          setLocalError(undefined);
          setText(event.target.value);
          if (!event.target.value.trim()) onChange(null);
        }}
        onFocus={() => suggestions.length && setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`Suggerimenti: ${label}`}
        className={css.list}
        hidden={!expanded}
        data-analytics-label="indirizzo"
      >
        {suggestions.length === 0 ? (
          <li className={css.empty} role="presentation">
            {COPY.none}
          </li>
        ) : (
          suggestions.map((suggestion, index) => (
            <li
              key={suggestion.placeId}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={css.option}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => void pick(suggestion)}
            >
              <span className={css.main}>{suggestion.mainText}</span>
              <span className={css.secondary}>{suggestion.secondaryText}</span>
            </li>
          ))
        )}
      </ul>
      {needsNumber ? (
        <TextField
          label={COPY.streetNumber}
          inputMode="numeric"
          value={streetNumber}
          disabled={disabled}
          onChange={(event) => setStreetNumber(event.target.value)}
          onBlur={() => void confirmNumber()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void confirmNumber();
            }
          }}
        />
      ) : null}
    </div>
  );
}
