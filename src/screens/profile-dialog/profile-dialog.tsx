import { useEffect, useState, type FormEvent } from 'react';
import { selectProfileAddress, selectProfileDialog, selectUser } from '../../../machines/app/selectors';
import { useSelector } from '@xstate/react';
import { SIZES } from '../../../contract/constants';
import { profileFormSchema } from '../../../contract/forms';
import { toProfileAddressEvent } from '../../../machines/profile-dialog/machine';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { AddressCombobox } from '../../components/address-combobox';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { fieldBinder, useBlurValidation } from '../use-form-errors';
import * as css from '../screen.css';
import { EMAIL_INPUT, PHONE_INPUT } from '../../components/input-kinds';

export const PROFILE_COPY = {
  title: 'Modifica il tuo profilo',
  firstName: 'Nome',
  lastName: 'Cognome',
  phoneNumber: 'Telefono',
  email: 'Email',
  address: 'Indirizzo',
  addressHint: 'Es: Via Roma 2, Torino',
  save: 'SALVA',
  cancel: 'ANNULLA',
} as const;

const NO_ERRORS: Record<string, string> = {};

/**
 * The profile-edit dialog (SPEC §2, §4, §5): a drawer on mobile, max height 800px; the profile
 * dialog machine (a child of the signed-in session) opens it, disables it while submitting and
 * closes it on success ('Dati aggiornati correttamente') or cancel.
 */
export function ProfileDialog() {
  const actor = useAppActor();
  const user = useAppSelector(selectUser);
  const dialog = useAppSelector(selectProfileDialog);
  // SALVA shows its loading state while saving and while it waits for the address lookup it needs;
  // only saving locks the form: while waiting, typing another address gives the wait up (as on the
  // location step).
  const state = useSelector(dialog, (snapshot) =>
    !snapshot
      ? 'closed'
      : snapshot.matches({ editing: 'submitting' })
        ? 'submitting'
        : snapshot.matches({ editing: 'waiting' })
          ? 'waiting'
          : snapshot.matches('editing')
            ? 'open'
            : 'closed',
  );
  const submittedErrors = useSelector(dialog, (snapshot) => snapshot?.context.errors ?? NO_ERRORS);
  const location = useSelector(dialog, (snapshot) => snapshot?.context.location ?? null);
  const picker = useSelector(dialog, selectProfileAddress);
  const open = state !== 'closed';

  const [values, setValues] = useState({ firstName: '', lastName: '', phoneNumber: '', email: '' });
  const formValues = { ...values, location };
  const validation = useBlurValidation(profileFormSchema, formValues, submittedErrors);
  const { reset } = validation;

  // Each opening starts from the stored profile.
  useEffect(() => {
    if (!open || !user) return;
    setValues({
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phoneNumber: user.phoneNumber ?? '',
      email: user.accountEmail ?? user.email,
    });
    reset();
  }, [open, user, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset();
    // The address is the dialog machine's (its picker's answer): the form sends the other fields.
    actor.send({ type: 'profile.submit', form: values });
  };

  const field = fieldBinder(values, setValues, validation);

  const locationError = validation.errorOf('location');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : actor.send({ type: 'profile.cancel' }))}
      title={PROFILE_COPY.title}
      maxHeight={SIZES.profileDialogMaxHeight}
      closeOnInteractOutside={state !== 'submitting'}
      closeOnEscape={state !== 'submitting'}
      footer={
        <div className={css.actions}>
          <Button type="submit" form="profile-form" fullWidth loading={state === 'submitting' || state === 'waiting'}>
            {PROFILE_COPY.save}
          </Button>
          <Button
            variant="secondary"
            fullWidth
            disabled={state === 'submitting'}
            onClick={() => actor.send({ type: 'profile.cancel' })}
          >
            {PROFILE_COPY.cancel}
          </Button>
        </div>
      }
    >
      <form id="profile-form" noValidate onSubmit={submit}>
        <fieldset className={css.form} disabled={state === 'submitting'}>
          <TextField label={PROFILE_COPY.firstName} autoComplete="given-name" {...field('firstName')} />
          <TextField label={PROFILE_COPY.lastName} autoComplete="family-name" {...field('lastName')} />
          <TextField label={PROFILE_COPY.phoneNumber} {...PHONE_INPUT} {...field('phoneNumber')} />
          <TextField label={PROFILE_COPY.email} {...EMAIL_INPUT} {...field('email')} />
          <AddressCombobox
            picker={picker}
            send={(event) => actor.send(toProfileAddressEvent(event))}
            location={location}
            label={PROFILE_COPY.address}
            hint={PROFILE_COPY.addressHint}
            error={locationError}
            disabled={state === 'submitting'}
          />
        </fieldset>
      </form>
    </Dialog>
  );
}
