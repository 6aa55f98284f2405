import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { emailFormSchema } from '../../../contract/forms';
import type { WaitlistRef } from '../../../machines/app/selectors';
import { useAppActor } from '../../app/actor-context';
import { Button } from '../../components/button';
import { Dialog } from '../../components/lazy-dialog';
import { EMAIL_INPUT } from '../../components/input-kinds';
import { TextField } from '../../components/text-field';
import { formatLongDate, fromApiDate } from '../../lib/format';
import { useBlurValidation } from '../use-form-errors';
import * as screen from '../screen.css';

/** Issue 16 (ours): the waitlist of a sold-out day. */
export const WAITLIST_COPY = {
  title: 'Avvisami se si libera un orario',
  text: (day: string) =>
    `Se si libera un orario ${day} per i servizi che hai scelto, ti scriviamo subito: chi prenota per prima se lo aggiudica.`,
  email: 'Email',
  join: 'AVVISAMI',
  close: 'CHIUDI',
} as const;

const NO_ERRORS: Record<string, string> = {};

/** 'Avvisami se si libera un orario': her e-mail (her account's when signed in) for that day. */
export function WaitlistDialog({ dialog }: { dialog: WaitlistRef }) {
  const actor = useAppActor();
  const open = useSelector(dialog, (snapshot) => snapshot.status === 'active');
  const joining = useSelector(dialog, (snapshot) => snapshot.hasTag('busy'));
  const errors = useSelector(dialog, (snapshot) => snapshot.context.errors ?? NO_ERRORS);
  const day = useSelector(dialog, (snapshot) => snapshot.context.draft.date);
  const [email, setEmail] = useState(() => dialog.getSnapshot().context.email ?? '');
  const validation = useBlurValidation(emailFormSchema, { email }, errors);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next || joining ? undefined : actor.send({ type: 'waitlist.close' }))}
      title={WAITLIST_COPY.title}
      description={WAITLIST_COPY.text(day ? formatLongDate(fromApiDate(day)) : '')}
      footer={
        <div className={screen.actions}>
          <Button type="submit" form="waitlist-form" fullWidth loading={joining}>
            {WAITLIST_COPY.join}
          </Button>
          <Button
            variant="secondary"
            fullWidth
            disabled={joining}
            onClick={() => actor.send({ type: 'waitlist.close' })}
          >
            {WAITLIST_COPY.close}
          </Button>
        </div>
      }
    >
      <form
        id="waitlist-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // React carries a portal's events to its parents: the step's form must not see this one.
          event.stopPropagation();
          validation.reset();
          actor.send({ type: 'waitlist.join', email });
        }}
      >
        <TextField
          label={WAITLIST_COPY.email}
          {...EMAIL_INPUT}
          value={email}
          disabled={joining}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => validation.onBlur('email')}
          error={validation.errorOf('email')}
        />
      </form>
    </Dialog>
  );
}
