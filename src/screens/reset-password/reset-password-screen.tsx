import { useState, type FormEvent } from 'react';
import { PRODUCT } from '../../../contract/constants';
import { completeSignupFormSchema } from '../../../contract/forms';
import { MESSAGES } from '../../../contract/messages';
import { selectFormErrors } from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { fieldBinder, useBlurValidation } from '../use-form-errors';
import * as css from '../screen.css';
import { ScreenSpinner } from '../screen-spinner';

export const RESET_COPY = {
  title: 'Completa il tuo profilo',
  emailLabel: 'La tua email',
  firstName: 'Nome',
  lastName: 'Cognome',
  password: `Scegli una password per il tuo profilo ${PRODUCT}!`,
  hint: MESSAGES.passwordTooShort,
  checking: 'Verifica del link in corso',
} as const;

/**
 * /reset-password?token=&email= (SPEC §2): account completion or a new password. The machine
 * checks the token first; names are asked only when the server requires them. CREA ACCOUNT is
 * the footer's button (form app-form).
 */
export function ResetPasswordScreen() {
  const actor = useAppActor();
  const submittedErrors = useAppSelector(selectFormErrors);
  const view = useAppSelector(
    (snapshot) => ({
      checking: snapshot.matches({ session: { signedOut: { resetPassword: 'checking' } } }),
      submitting: snapshot.matches({ session: { signedOut: { resetPassword: 'submitting' } } }),
      email: snapshot.context.tokenEmail,
      requireName: snapshot.context.requireName,
    }),
    (a, b) =>
      a.checking === b.checking &&
      a.submitting === b.submitting &&
      a.email === b.email &&
      a.requireName === b.requireName,
  );
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '' });
  const validation = useBlurValidation(completeSignupFormSchema(view.requireName), values, submittedErrors);

  if (view.checking) {
    return <ScreenSpinner label={RESET_COPY.checking} />;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    validation.reset();
    actor.send({
      type: 'session.completeSignup',
      password: values.password,
      ...(view.requireName ? { firstName: values.firstName, lastName: values.lastName } : {}),
    });
  };

  const field = fieldBinder(values, setValues, validation);

  return (
    <>
      <h1 className={css.title}>{RESET_COPY.title}</h1>
      <p>
        {RESET_COPY.emailLabel}: <strong data-testid="reset-email">{view.email}</strong>
      </p>
      <form id="app-form" noValidate onSubmit={submit}>
        <fieldset className={css.form} disabled={view.submitting}>
          {/* The account's e-mail, for password managers. */}
          <input type="email" name="email" autoComplete="username" value={view.email ?? ''} readOnly hidden />
          {view.requireName ? (
            <>
              <TextField label={RESET_COPY.firstName} autoComplete="given-name" {...field('firstName')} />
              <TextField label={RESET_COPY.lastName} autoComplete="family-name" {...field('lastName')} />
            </>
          ) : null}
          <PasswordField
            label={RESET_COPY.password}
            autoComplete="new-password"
            hint={RESET_COPY.hint}
            {...field('password')}
          />
        </fieldset>
      </form>
    </>
  );
}
