import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { SIZES } from '../../../contract/constants';
import { profileFormSchema, type ProfileFormInput } from '../../../contract/forms';
import type { profileDialogMachine } from '../../../machines/profile-dialog/machine';
import { selectUser } from '../../../machines/app/selectors';
import type { Location } from '../../../contract/location';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { useGeocoder } from '../../app/geocoder-context';
import { AddressField } from '../../components/address-field';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { useBlurValidation } from '../use-form-errors';
import * as css from '../screen.css';

type ProfileDialogRef = ActorRefFrom<typeof profileDialogMachine>;

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
  const dialog = useAppSelector((snapshot) => snapshot.children.profileDialog as ProfileDialogRef | undefined);
  const state = useSelector(dialog, (snapshot) =>
    snapshot
      ? snapshot.matches('submitting')
        ? 'submitting'
        : snapshot.matches('open')
          ? 'open'
          : 'closed'
      : 'closed',
  );
  const submittedErrors = useSelector(dialog, (snapshot) => snapshot?.context.errors ?? NO_ERRORS);
  const open = state !== 'closed';

  const geocoder = useGeocoder();
  const [values, setValues] = useState({ firstName: '', lastName: '', phoneNumber: '', email: '' });
  const [location, setLocation] = useState<Location | null>(null);
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
    setLocation(user.location ?? null);
    reset();
  }, [open, user, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset();
    // A missing address goes as null on purpose: the machine's schema answers with its message.
    actor.send({ type: 'profile.submit', form: { ...values, location: location as ProfileFormInput['location'] } });
  };

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => validation.onBlur(name),
    error: validation.errorOf(name),
  });

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
          <Button type="submit" form="profile-form" fullWidth loading={state === 'submitting'}>
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
          <TextField
            label={PROFILE_COPY.phoneNumber}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            {...field('phoneNumber')}
          />
          <TextField
            label={PROFILE_COPY.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...field('email')}
          />
          <AddressField
            label={PROFILE_COPY.address}
            geocoder={geocoder}
            value={location}
            onChange={setLocation}
            hint={PROFILE_COPY.addressHint}
            error={locationError}
            disabled={state === 'submitting'}
          />
        </fieldset>
      </form>
    </Dialog>
  );
}
