import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PRODUCT } from '../../../contract/constants';
import { emailFormSchema } from '../../../contract/forms';
import { MESSAGES } from '../../../contract/messages';
import type { addressPickerMachine } from '../../../machines/address-picker/machine';
import type { outOfZoneMachine } from '../../../machines/out-of-zone/machine';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { Button } from '../../components/button';
import { Dialog } from '../../components/lazy-dialog';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { useBlurValidation } from '../use-form-errors';
import * as css from './booking.css';
import * as screen from '../screen.css';

type PickerRef = ActorRefFrom<typeof addressPickerMachine>;
type OutOfZoneRef = ActorRefFrom<typeof outOfZoneMachine>;

export const LOCATION_COPY = {
  address: 'Indirizzo',
  placeholder: 'Es: Via Roma 2, Torino',
  prompt: 'Scrivi via e città per vedere i suggerimenti',
  searching: 'Ricerca indirizzi in corso',
  checking: 'Verifica indirizzo in corso',
  streetNumber: 'Numero civico',
  note: `Ci serve il tuo indirizzo per sapere quali servizi sono disponibili nella tua zona. Resterai anonima fino alla prenotazione.`,
  outOfZoneTitle: `${PRODUCT} non è ancora arrivata nella tua zona`,
  outOfZoneText: `Lasciaci la tua email: ti avviseremo appena ${PRODUCT} sarà disponibile vicino a te.`,
  email: 'Email',
  subscribe: 'TIENIMI AGGIORNATA',
  otherAddress: 'USA UN ALTRO INDIRIZZO',
  privacy: 'Privacy policy',
} as const;

const NO_ERRORS: Record<string, string> = {};
const NO_SUGGESTIONS: never[] = [];

function OutOfZoneDialog({ dialog }: { dialog: OutOfZoneRef }) {
  const actor = useAppActor();
  const open = useSelector(dialog, (snapshot) => snapshot.status === 'active');
  const subscribing = useSelector(dialog, (snapshot) => snapshot.matches('subscribing'));
  const errors = useSelector(dialog, (snapshot) => snapshot.context.errors ?? NO_ERRORS);
  const [email, setEmail] = useState('');
  const validation = useBlurValidation(emailFormSchema, { email }, errors);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : actor.send({ type: 'outOfZone.close' }))}
      title={LOCATION_COPY.outOfZoneTitle}
      description={LOCATION_COPY.outOfZoneText}
      footer={
        <div className={screen.actions}>
          <Button type="submit" form="out-of-zone-form" fullWidth loading={subscribing}>
            {LOCATION_COPY.subscribe}
          </Button>
          <Button
            variant="secondary"
            fullWidth
            disabled={subscribing}
            onClick={() => actor.send({ type: 'outOfZone.useOtherAddress' })}
          >
            {LOCATION_COPY.otherAddress}
          </Button>
          <a className={screen.link} href="/privacy" target="_blank" rel="noopener noreferrer">
            {LOCATION_COPY.privacy}
          </a>
        </div>
      }
    >
      <form
        id="out-of-zone-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // React carries a portal's events to its parents: the step's form must not see this one.
          event.stopPropagation();
          validation.reset();
          actor.send({ type: 'outOfZone.subscribe', email });
        }}
      >
        <TextField
          label={LOCATION_COPY.email}
          type="email"
          autoComplete="email"
          value={email}
          disabled={subscribing}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => validation.onBlur('email')}
          error={validation.errorOf('email')}
        />
      </form>
    </Dialog>
  );
}

/** The location step (SPEC §2, §4, §5): address search with suggestions, house number, note. */
export function LocationStep() {
  const actor = useAppActor();
  const picker = useAppSelector((snapshot) => snapshot.children.addressPicker as PickerRef | undefined);
  const outOfZone = useAppSelector((snapshot) => snapshot.children.outOfZone as OutOfZoneRef | undefined);
  const view = useSelector(picker, (snapshot) => {
    if (!snapshot) return null;
    const value = snapshot.value;
    return {
      state: typeof value === 'string' ? value : `open.${Object.values(value)[0] as string}`,
      query: snapshot.context.query,
      suggestions: snapshot.context.suggestions,
      streetNumber: snapshot.context.location?.components.streetNumber ?? '',
    };
  });
  const draftLocation = useAppSelector((snapshot) => snapshot.context.draft.location);
  const [active, setActive] = useState(0);
  const [streetNumber, setStreetNumber] = useState('');
  const ids = useId();
  const listId = `${ids}-suggestions`;

  const state = view?.state ?? 'closed';
  const isOpen = state.startsWith('open.');
  const suggestions = view?.suggestions ?? NO_SUGGESTIONS;
  const showResults = state === 'open.results';
  const needsNumber =
    state === 'needsStreetNumber' ||
    state === 'lookingUpNumber' ||
    (draftLocation !== null && !(draftLocation.components.streetNumber ?? '').trim());

  useEffect(() => setActive(0), [suggestions]);

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
      if (chosen && active > 0) actor.send({ type: 'address.select', suggestion: chosen });
      else actor.send({ type: 'address.enter' });
    } else if (event.key === 'Escape' && isOpen) {
      actor.send({ type: 'address.blur' });
    }
  };

  const sendStreetNumber = () => {
    if (streetNumber.trim()) actor.send({ type: 'address.streetNumber', value: streetNumber });
  };

  return (
    <>
      <div className={css.picker}>
        <TextField
          label={LOCATION_COPY.address}
          placeholder={LOCATION_COPY.placeholder}
          name="address"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showResults}
          aria-controls={listId}
          aria-activedescendant={showResults && suggestions[active] ? `${listId}-${active}` : undefined}
          value={view?.query ?? ''}
          onFocus={() => actor.send({ type: 'address.focus' })}
          onClick={() => actor.send({ type: 'address.focus' })}
          onBlur={() => actor.send({ type: 'address.blur' })}
          onChange={(event) => actor.send({ type: 'address.type', value: event.target.value })}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={LOCATION_COPY.address}
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
                    actor.send({ type: 'address.select', suggestion });
                  }}
                >
                  {suggestion.mainText}
                  <span className={css.optionSecondary}>{suggestion.secondaryText}</span>
                </li>
              ))
            : null}
        </ul>
        {state === 'open.prompt' ? <p className={css.status}>{LOCATION_COPY.prompt}</p> : null}
        {state === 'open.debouncing' || state === 'open.loading' ? (
          <div className={css.status}>
            <Spinner size={20} label={LOCATION_COPY.searching} />
          </div>
        ) : null}
        {state === 'open.empty' ? (
          <div className={css.status} role="status">
            <strong>{MESSAGES.addressNoResultsTitle}</strong>
            <p>{MESSAGES.addressNoResultsDescription}</p>
          </div>
        ) : null}
        {state === 'selecting' || state === 'checking' || state === 'lookingUpNumber' ? (
          <div className={css.status}>
            <Spinner size={20} label={LOCATION_COPY.checking} />
          </div>
        ) : null}
      </div>
      {needsNumber ? (
        <TextField
          label={LOCATION_COPY.streetNumber}
          name="streetNumber"
          inputMode="text"
          autoComplete="off"
          value={streetNumber}
          onChange={(event) => setStreetNumber(event.target.value)}
          onBlur={sendStreetNumber}
          // Enter sends the number, then submits the step like AVANTI: the step waits for the lookup.
          onKeyDown={(event) => (event.key === 'Enter' ? sendStreetNumber() : undefined)}
        />
      ) : null}
      <p className={screen.note}>{LOCATION_COPY.note}</p>
      {outOfZone ? <OutOfZoneDialog dialog={outOfZone} /> : null}
    </>
  );
}
