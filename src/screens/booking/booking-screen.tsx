import { Suspense, useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { selectNotice } from '../../../machines/app/selectors';
import { kindOf, type StepId } from '../../../machines/shared/draft';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import type { LazyComponent } from '../../lib/lazy-component';
import {
  CategorySalottoStep,
  CategoryStep,
  CheckoutStep,
  DataStep,
  DetailsStep,
  HairStep,
  ParticipantsCountStep,
  ParticipantsStep,
  ServiceStep,
  UpsellBox,
} from './lazy-steps';
import { toastError } from '../../app/toasts';
import { LocationStep } from './location-step';
import { stepTitle } from './steps';
import * as screen from '../screen.css';

/** The chunks a step may lead to, loaded while it is shown (issue 15: preload the next step). */
const NEXT_CHUNKS: Record<ReturnType<typeof kindOf>, readonly LazyComponent<object>[]> = {
  location: [ParticipantsStep],
  participants: [CategoryStep, ServiceStep],
  'participants-salotto': [CategorySalottoStep],
  category: [HairStep, ServiceStep],
  'category-salotto': [ServiceStep],
  hair: [ServiceStep],
  service: [UpsellBox, DetailsStep, DataStep],
  details: [DataStep],
  data: [CheckoutStep],
  checkout: [],
};

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
 * The booking step shell (/booking/$step/{-$childStep}: /booking/hair and /booking/hair/service alike): the heading of the
 * machine's step, its content, and the form the footer's AVANTI submits (step.next). A refused
 * step shows the machine's message as an error toast (SPEC §4, §5).
 */
export function BookingScreen() {
  const step = useAppSelector((snapshot) => snapshot.context.step);
  const notice = useAppSelector(selectNotice);
  const shownNotice = useRef(notice?.id ?? 0);

  useEffect(() => {
    for (const next of NEXT_CHUNKS[kindOf(step)]) next.preload().catch(() => undefined);
  }, [step]);

  useEffect(() => {
    if (notice && notice.id !== shownNotice.current) {
      shownNotice.current = notice.id;
      toastError(notice.message);
    }
  }, [notice]);

  // A step whose chunk is still on its way shows nothing, then its heading and content together.
  return (
    <Suspense fallback={null}>
      <StepView step={step} />
    </Suspense>
  );
}

function StepView({ step }: { step: StepId }) {
  const actor = useAppActor();
  const heading = useRef<HTMLHeadingElement>(null);

  // Each step starts with the focus on its title: a screen reader announces the new step, and the
  // next Tab reaches the step's first field instead of walking the header again. In the next frame:
  // focusing forces a layout, which in the commit's own task lengthened it (a service list's first
  // draw by ~40%, issue 15's Total Blocking Time). Not when she is already typing in one of the
  // step's fields (the first screen comes as HTML, and she may reach its address field before the app
  // has taken it over): the focus is hers, and moving it would close the suggestions she is reading.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const title = heading.current;
      const active = document.activeElement;
      const typing =
        active instanceof HTMLElement &&
        active.matches('input, textarea, select, [contenteditable="true"]') &&
        title?.parentElement?.contains(active) === true;
      if (!typing) title?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [step]);

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
