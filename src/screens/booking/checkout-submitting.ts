import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '../../../machines/checkout/machine';
import { useAppSelector } from '../../app/actor-context';

export type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;

/**
 * True while the booking is being sent (the footer's RICHIEDI PRENOTAZIONE shows its spinner). Apart
 * from the checkout step so that the shell can read it without loading the checkout's chunk.
 */
export function useCheckoutSubmitting(): boolean {
  const submission = useAppSelector((snapshot) => snapshot.children.checkoutSubmission as CheckoutRef | undefined);
  return useSelector(submission, (snapshot) => snapshot?.hasTag('busy') ?? false);
}
