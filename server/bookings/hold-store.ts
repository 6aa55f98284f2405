/**
 * POST /bookings/holds (+ /salotto): holds the time she picked for SLOT_HOLD_MINUTES (issue 28).
 *
 * The slot is computed as the store computes it (pickedSlot: her own previous hold does not count
 * as busy, everyone else's unexpired hold does), and only the professional the booking would go to
 * is taken (bookingCandidates' first, by the fair order with her ratings; a salotto: each member
 * of its team), not every professional who could serve. Then one short transaction: the calendar
 * locks of those hours (the store's, a team's in the same global lock order), her previous hold
 * deleted (one holder, one hold), the expired holds in the way deleted, the hold and its
 * assignments inserted. The exclusion constraint decides between concurrent picks and bookings:
 * the loser's insert fails (23P01) and the slot is computed again (another professional, or 409
 * 'just taken'). Two picks of one holder at once (two tabs): the holder key's unique index refuses
 * the second, which runs again and replaces the first.
 */
import { MESSAGES } from '../../contract/messages';
import type { Db } from '../db/client';
import { bookingAssignments, slotHolds } from '../db/schema/bookings';
import { ApiError } from '../http/api-error';
import { bookingCandidates, calendarLockKeys, lockCalendars, pickedSlot, type SlotDraft } from './booking-store';
import { isRetryableTransactionError, isUniqueViolation, sqlState } from '../db/errors';
import {
  clearExpiredHolds,
  deleteHoldOf,
  holdExpiry,
  holdFingerprint,
  type CalendarClaim,
  type SlotHoldRow,
} from './slot-holds';
import { NO_OPINION, type CustomerOpinion } from './opinion';

export type HoldRequest = SlotDraft & { startTime: string; holderKey: string };

/** Attempts when the time's professional was taken between the computation and the insert. */
const ATTEMPTS = 6;

/** The time held for her (201), or 409 'just taken' when someone else holds or booked it. */
export async function placeHold(
  db: Db,
  request: HoldRequest,
  opinion: CustomerOpinion = NO_OPINION,
): Promise<SlotHoldRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await placeOnce(db, request, opinion);
    } catch (error) {
      const again = sqlState(error) === '23P01' || isUniqueViolation(error) || isRetryableTransactionError(error);
      if (again && attempt < ATTEMPTS) continue;
      if (again) throw new ApiError(409, MESSAGES.slotJustTaken);
      throw error;
    }
  }
}

async function placeOnce(db: Db, request: HoldRequest, opinion: CustomerOpinion): Promise<SlotHoldRow> {
  const { slot, professionals: pros } = await pickedSlot(db, request);
  if (!slot) throw new ApiError(409, MESSAGES.slotJustTaken);
  const { candidates, confirmedHours, bufferOf } = bookingCandidates(slot, request, pros, opinion);
  const chosen = candidates[0];
  if (!chosen) throw new ApiError(409, MESSAGES.slotJustTaken);
  // A single booking: the one professional it would go to. A salotto: its whole team (its parts may differ in length).
  const members =
    request.kind === 'salotto'
      ? (slot.team ?? []).map((m) => ({
          professionalId: m.professionalId,
          category: m.category,
          startsAt: new Date(m.startDateTime),
          endsAt: new Date(m.endDateTime),
        }))
      : [
          {
            professionalId: chosen,
            category: null,
            startsAt: new Date(slot.startDateTime),
            endsAt: new Date(slot.endDateTime),
          },
        ];
  const byId = new Map(members.map((m) => [m.professionalId, m]));
  const claims: CalendarClaim[] = candidates
    .filter((id) => byId.has(id))
    .map((id) => ({
      professionalId: id,
      startMs: byId.get(id)!.startsAt.getTime(),
      endMs: byId.get(id)!.endsAt.getTime(),
      bufferMM: bufferOf(id),
    }));

  return db.transaction(async (tx) => {
    await lockCalendars(
      tx,
      claims.flatMap((c) => calendarLockKeys(c.professionalId, c.startMs, c.endMs, c.bufferMM)),
    );
    await deleteHoldOf(tx, request.holderKey);
    await clearExpiredHolds(tx, claims, request.now);
    const [row] = await tx
      .insert(slotHolds)
      .values({
        holderKey: request.holderKey,
        kind: request.kind,
        fingerprint: holdFingerprint({
          kind: request.kind,
          serviceIds: request.serviceIds,
          participants: request.participants,
          hairLength: request.hairLength,
          point: request.location.coordinates,
        }),
        providerId: request.providerId,
        startDate: slot.date,
        startTime: slot.startTime,
        endTime: slot.endTime,
        startsAt: new Date(slot.startDateTime),
        endsAt: new Date(slot.endDateTime),
        timeZone: slot.timeZone,
        supplement: slot.supplement,
        // Confirmed hours come first in the fair order (availability's, and bookingCandidates' with
        // her ratings), so the professional held books instantly exactly when the slot said so;
        // unless she rated every free one with confirmed hours 1–2★ (issue 29).
        instantBooking: slot.instantBooking && (request.kind === 'salotto' || confirmedHours.has(chosen)),
        serviceFee: slot.serviceFee,
        expiresAt: holdExpiry(request.now),
        createdAt: request.now,
      })
      .returning();
    if (!row) throw new Error('hold not stored');
    await tx.insert(bookingAssignments).values(members.map((m) => ({ ...m, holdId: row.id, bookingId: null })));
    return row;
  });
}
