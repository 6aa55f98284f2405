import { useEffect, useState, type FormEvent } from 'react';
import { emailFormSchema } from '../../../contract/forms';
import { selectFormErrors } from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { buttonClassName } from '../../components/button';
import { Dialog } from '../../components/lazy-dialog';
import { TextField } from '../../components/text-field';
import { KeepSearchLink } from '../keep-search-link';
import { useBlurValidation } from '../use-form-errors';
import * as css from '../screen.css';
import { EMAIL_INPUT } from '../../components/input-kinds';

export const ASK_RESET_COPY = {
  title: 'A quale email vuoi ricevere il link per scegliere la password?',
  email: 'Email',
  dialogTitle: 'Controlla le tue Email!',
  dialogText: 'Abbiamo inviato una mail alla tua casella di posta con un link per scegliere la tua nuova password!',
  backToLogin: 'TORNA ALLA LOGIN',
} as const;

/** /ask-reset-password (SPEC §2): one e-mail field, INVIA EMAIL in the footer, then the dialog after 500 ms. */
export function AskResetScreen() {
  const actor = useAppActor();
  const submittedErrors = useAppSelector(selectFormErrors);
  const state = useAppSelector((snapshot) => {
    const askReset = { session: { signedOut: 'askResetPassword' } } as const;
    if (!snapshot.matches(askReset)) return 'other';
    if (snapshot.matches({ session: { signedOut: { askResetPassword: 'sending' } } })) return 'sending';
    if (snapshot.matches({ session: { signedOut: { askResetPassword: 'sent' } } })) return 'sent';
    if (snapshot.matches({ session: { signedOut: { askResetPassword: 'confirming' } } })) return 'confirming';
    return 'idle';
  });
  const [email, setEmail] = useState('');
  const values = { email };
  const validation = useBlurValidation(emailFormSchema, values, submittedErrors);
  const { reset } = validation;

  // SPEC §2: on success the form resets.
  useEffect(() => {
    if (state === 'sent') {
      setEmail('');
      reset();
    }
  }, [state, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    validation.reset();
    actor.send({ type: 'session.askReset', email });
  };

  // SPEC §4: closed by its close button, Escape or a click outside, she is back on the form (its
  // link TORNA ALLA LOGIN goes to /login).
  const close = () => actor.send({ type: 'resetConfirmation.close' });

  return (
    <>
      <h1 className={css.title}>{ASK_RESET_COPY.title}</h1>
      <form id="app-form" method="post" noValidate onSubmit={submit}>
        <fieldset className={css.form} disabled={state === 'sending'}>
          <TextField
            label={ASK_RESET_COPY.email}
            name="email"
            {...EMAIL_INPUT}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={() => validation.onBlur('email')}
            error={validation.errorOf('email')}
          />
        </fieldset>
      </form>
      <Dialog
        open={state === 'confirming'}
        onOpenChange={(open) => (open ? undefined : close())}
        title={ASK_RESET_COPY.dialogTitle}
        description={ASK_RESET_COPY.dialogText}
        role="alertdialog"
      >
        <KeepSearchLink to="/login" className={buttonClassName('primary', { fullWidth: true })}>
          {ASK_RESET_COPY.backToLogin}
        </KeepSearchLink>
      </Dialog>
    </>
  );
}
