import { useState, type FormEvent } from 'react';
import { PRODUCT } from '../../../contract/constants';
import { loginFormSchema } from '../../../contract/forms';
import { selectFormErrors } from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { KeepSearchLink } from '../keep-search-link';
import { fieldBinder, useBlurValidation } from '../use-form-errors';
import * as css from '../screen.css';
import { ScreenSpinner } from '../screen-spinner';
import { EMAIL_INPUT } from '../../components/input-kinds';

export const LOGIN_COPY = {
  title: `Bentornata, ${PRODUCT}!`,
  email: 'Email',
  password: 'Password',
  forgot: 'Recupera password',
  signingIn: 'Accesso in corso',
} as const;

/** /login (SPEC §2): e-mail and password, submitted by the footer's LOGIN (form app-form). */
export function LoginScreen() {
  const actor = useAppActor();
  const submittedErrors = useAppSelector(selectFormErrors);
  const submitting = useAppSelector((snapshot) =>
    snapshot.matches({ session: { signedOut: { login: 'submitting' } } }),
  );
  const tokenLogin = useAppSelector((snapshot) => snapshot.matches({ session: { signedOut: 'tokenLogin' } }));
  const [values, setValues] = useState({ email: '', password: '' });
  const validation = useBlurValidation(loginFormSchema, values, submittedErrors);

  if (tokenLogin) {
    return <ScreenSpinner label={LOGIN_COPY.signingIn} />;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    validation.reset();
    actor.send({ type: 'session.login', email: values.email, password: values.password });
  };

  const field = fieldBinder(values, setValues, validation);

  return (
    <>
      <h1 className={css.title}>{LOGIN_COPY.title}</h1>
      {/* Posts, were it ever submitted natively: never the password in a URL (docs/decisions.md). */}
      <form id="app-form" method="post" noValidate onSubmit={submit}>
        <fieldset className={css.form} disabled={submitting}>
          <TextField label={LOGIN_COPY.email} {...EMAIL_INPUT} {...field('email')} />
          <PasswordField label={LOGIN_COPY.password} {...field('password')} />
        </fieldset>
      </form>
      <p>
        <KeepSearchLink to="/ask-reset-password" className={css.link}>
          {LOGIN_COPY.forgot}
        </KeepSearchLink>
      </p>
    </>
  );
}
