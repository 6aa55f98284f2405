import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { selectNotice } from '../../../machines/app/selectors';
import { kindOf, type StepId } from '../../../machines/shared/draft';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { toastError } from '../../components/toaster';
import { CategorySalottoStep, CategoryStep, HairStep, ParticipantsCountStep, ParticipantsStep } from './choice-steps';
import { CheckoutStep } from './checkout-step';
import { DataStep } from './data-step';
import { DetailsStep } from './details-step';
import { LocationStep } from './location-step';
import { ServiceStep } from './service-step';
import { stepTitle } from './steps';
import * as screen from '../screen.css';

/** SPEC §2: the beauty and make-up details steps are placeholders. */
export const PLACEHOLDER_COPY = 'Nessun dettaglio da aggiungere: premi AVANTI per continuare.';

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
    case 'service':
      return <ServiceStep />;
    case 'details':
      return step === 'salotto-details' ? <DetailsStep /> : <p className={screen.note}>{PLACEHOLDER_COPY}</p>;
    case 'data':
      return <DataStep />;
    case 'checkout':
      return <CheckoutStep />;
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
  const heading = useRef<HTMLHeadingElement>(null);

  // Each step starts with the focus on its title: a screen reader announces the new step, and the
  // next Tab reaches the step's first field instead of walking the header again.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [step]);

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

  return (
    <>
      <h1 ref={heading} className={`${screen.title} ${screen.focusTarget}`} tabIndex={-1}>
        {stepTitle(step)}
      </h1>
      {kindOf(step) === 'checkout' ? (
        // The checkout holds its own form (checkout-form), submitted by the footer's RICHIEDI PRENOTAZIONE.
        <CheckoutStep />
      ) : (
        <form id="app-form" noValidate onSubmit={submit} aria-label={stepTitle(step)}>
          <StepBody step={step} />
        </form>
      )}
    </>
  );
}
