import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { selectNotice } from '../../../machines/app/selectors';
import { kindOf, type StepId } from '../../../machines/shared/draft';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { toastError } from '../../components/toaster';
import { CategorySalottoStep, CategoryStep, HairStep, ParticipantsCountStep, ParticipantsStep } from './choice-steps';
import { LocationStep } from './location-step';
import { stepTitle } from './steps';
import * as screen from '../screen.css';

export const PLACEHOLDER_COPY = 'Questo passo sarà presto disponibile: premi AVANTI per continuare.';

function StepBody({ step }: { step: StepId }): ReactNode {
  switch (kindOf(step)) {
    case 'location':
      return <LocationStep />;
    case 'participants':
      return <ParticipantsStep />;
    case 'participants-salotto':
      return <ParticipantsCountStep />;
    case 'category':
      return <CategoryStep />;
    case 'category-salotto':
      return <CategorySalottoStep />;
    case 'hair':
      return <HairStep />;
    default:
      // The service, details, date and checkout screens come with the next part of the app.
      return <p className={screen.note}>{PLACEHOLDER_COPY}</p>;
  }
}

/**
 * The booking step shell (/booking/$step and /booking/$step/$childStep): the heading of the
 * machine's step, its content, and the form the footer's AVANTI submits (step.next). A refused
 * step shows the machine's message as an error toast (SPEC §4, §5).
 */
export function BookingScreen() {
  const actor = useAppActor();
  const step = useAppSelector((snapshot) => snapshot.context.step);
  const notice = useAppSelector(selectNotice);
  const shownNotice = useRef(notice?.id ?? 0);

  useEffect(() => {
    if (notice && notice.id !== shownNotice.current) {
      shownNotice.current = notice.id;
      toastError(notice.message);
    }
  }, [notice]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'step.next' });
  };

  const formId = kindOf(step) === 'checkout' ? 'checkout-form' : 'app-form';
  return (
    <>
      <h1 className={screen.title}>{stepTitle(step)}</h1>
      <form id={formId} noValidate onSubmit={submit} aria-label={stepTitle(step)}>
        <StepBody step={step} />
      </form>
    </>
  );
}
