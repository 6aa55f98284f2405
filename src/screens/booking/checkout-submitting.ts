import { useSelector } from '@xstate/react';
import { selectCheckoutSubmission } from '../../../machines/app/selectors';
import { useAppSelector } from '../../app/actor-context';

/**
 * True while the booking is being sent (the footer's RICHIEDI PRENOTAZIONE shows its spinner). Apart
 * from the checkout step so that the shell can read it without loading the checkout's chunk.
 */
export function useCheckoutSubmitting(): boolean {
  const submission = useAppSelector(selectCheckoutSubmission);
  return useSelector(submission, (snapshot) => snapshot?.hasTag('busy') ?? false);
}
