import { useState } from 'react';
import { selectAddressPicker, selectOutOfZone, type OutOfZoneRef } from '../../../machines/app/selectors';
import { useSelector } from '@xstate/react';
import { PRODUCT } from '../../../contract/constants';
import { emailFormSchema } from '../../../contract/forms';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { AddressCombobox } from '../../components/address-combobox';
import { Button } from '../../components/button';
import { Dialog } from '../../components/lazy-dialog';
import { TextField } from '../../components/text-field';
import { useBlurValidation } from '../use-form-errors';
import * as screen from '../screen.css';
import { EMAIL_INPUT } from '../../components/input-kinds';

export const LOCATION_COPY = {
  address: 'Indirizzo',
  placeholder: 'Es: Via Roma 2, Torino',
  note: `Ci serve il tuo indirizzo per sapere quali servizi sono disponibili nella tua zona. Resterai anonima fino alla prenotazione.`,
  outOfZoneTitle: `${PRODUCT} non è ancora arrivata nella tua zona`,
  outOfZoneText: `Lasciaci la tua email: ti avviseremo appena ${PRODUCT} sarà disponibile vicino a te.`,
  email: 'Email',
  subscribe: 'TIENIMI AGGIORNATA',
  otherAddress: 'USA UN ALTRO INDIRIZZO',
  privacy: 'Privacy policy',
} as const;

const NO_ERRORS: Record<string, string> = {};

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
          {...EMAIL_INPUT}
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
  const picker = useAppSelector(selectAddressPicker);
  const outOfZone = useAppSelector(selectOutOfZone);
  const draftLocation = useAppSelector((snapshot) => snapshot.context.draft.location);
  return (
    <>
      <AddressCombobox
        picker={picker}
        send={(event) => actor.send(event)}
        location={draftLocation}
        label={LOCATION_COPY.address}
        placeholder={LOCATION_COPY.placeholder}
      />
      <p className={screen.note}>{LOCATION_COPY.note}</p>
      {outOfZone ? <OutOfZoneDialog dialog={outOfZone} /> : null}
    </>
  );
}
