/**
 * The times offered to a signed-in customer who rated some professionals (issue 29): who would
 * come is decided as the store decides it, so the wizard's answer and the booking agree.
 */
import type { AvailableTime } from '../../contract/slot';
import { availableTimeOf } from '../availability/availability-replies';
import type { Slot } from '../availability/availability';
import type { LoadedProfessional } from '../availability/availability-store';
import { bookingCandidates } from './booking-store';
import type { CustomerOpinion } from './opinion';

/**
 * A slot as the signed-in customer who rated some professionals sees it (issue 29): who would come
 * is decided as the store decides it (bookingCandidates with her opinion); when that is one she
 * rated badly (nobody else is free), the time says so (`onlyWith`), and whether it books instantly
 * follows that professional's hours.
 */
export function availableTimeFor(
  slot: Slot,
  opinion: CustomerOpinion,
  pros: readonly LoadedProfessional[],
  providerId: string | null,
): AvailableTime {
  const time = availableTimeOf(slot);
  const { candidates, confirmedHours } = bookingCandidates(slot, { kind: 'single', providerId }, pros, opinion);
  const first = candidates[0];
  if (first === undefined) return time;
  const instant = slot.instantBooking && confirmedHours.has(first);
  const avoided = opinion.avoid.has(first);
  const name = pros.find((p) => p.id === first)?.firstName;
  return {
    ...time,
    instantBooking: instant,
    toBeConfirmed: !instant,
    ...(avoided && name ? { onlyWith: name } : {}),
  };
}
