import { useAppActor, useAppSelector } from '../../app/actor-context';
import { TextAreaField } from '../../components/text-field';
import * as screen from '../screen.css';

export const DETAILS_COPY = {
  notes: 'Informazioni aggiuntive',
  quote: 'Il nostro beauty team ti preparerà un preventivo su misura dopo una breve call di consulenza gratuita.',
  skip: 'Se preferisci, puoi saltare questo passaggio: premi AVANTI.',
} as const;

/** The details step (SPEC §2): free notes for the beauty team, no check (the user may skip). */
export function DetailsStep() {
  const actor = useAppActor();
  const notes = useAppSelector((snapshot) => snapshot.context.draft.salottoNotes);
  return (
    <>
      <TextAreaField
        label={DETAILS_COPY.notes}
        name="salottoNotes"
        rows={5}
        value={notes}
        onChange={(event) => actor.send({ type: 'details.notes', notes: event.target.value })}
      />
      <p className={screen.note}>{DETAILS_COPY.quote}</p>
      <p className={screen.note}>{DETAILS_COPY.skip}</p>
    </>
  );
}
