import { selectIsConfirming } from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import * as screen from '../screen.css';

export const CONFIRMATION_COPY = {
  title: 'Richiesta di appuntamento',
  text: "L'orario che hai scelto deve essere confermato dalla professionista: ti scriveremo appena la tua richiesta sarà accettata.",
  continue: 'CONTINUA',
  change: 'SCEGLI UN ALTRO ORARIO',
} as const;

/** SPEC §4: AVANTI on a slot that is not instant booking opens this; its continue advances. */
export function ConfirmationModal() {
  const actor = useAppActor();
  const open = useAppSelector(selectIsConfirming);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : actor.send({ type: 'confirmation.close' }))}
      title={CONFIRMATION_COPY.title}
      description={CONFIRMATION_COPY.text}
      role="alertdialog"
      footer={
        <div className={screen.actions}>
          <Button fullWidth onClick={() => actor.send({ type: 'confirmation.continue' })}>
            {CONFIRMATION_COPY.continue}
          </Button>
          <Button variant="secondary" fullWidth onClick={() => actor.send({ type: 'confirmation.close' })}>
            {CONFIRMATION_COPY.change}
          </Button>
        </div>
      }
    />
  );
}
