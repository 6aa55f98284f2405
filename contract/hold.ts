import * as v from 'valibot';
import { MESSAGES } from './messages';
import { isoDateField, isoDateTimeField, timeField } from './fields';
import { availableTimeSchema } from './slot';

/**
 * The holder key (issue 28): a random UUID the app makes once per browser tab session and keeps in
 * session storage. It names her hold: the pick sends it, and so do the renewal, the release, the
 * availability calls (her own held time stays offered to her, `heldByYou`) and the booking (her held
 * time is booked as held). Anything but a UUID is a 400 'Chiave della scelta non valida…'.
 */
export const holderKeyField = v.pipe(
  v.string(MESSAGES.invalidHolderKey),
  v.trim(),
  v.uuid(MESSAGES.invalidHolderKey),
  v.transform((key) => key.toLowerCase()),
);

/** Optional where the call works without a hold (availability, the booking). */
export const optionalHolderKeyField = v.nullish(holderKeyField, null);

/** What is held for her, and until when (the renewal moves `expiresAt` to now + SLOT_HOLD_MINUTES). */
export const slotHoldSchema = v.object({
  /** YYYY-MM-DD, the day of the time held. */
  startDate: isoDateField,
  startTime: timeField,
  endTime: timeField,
  /** ISO 8601 instant (UTC) after which the time is free for anyone again. */
  expiresAt: isoDateTimeField,
  /** The time as the day's available times show it to her (`heldByYou: true`). */
  availableTime: availableTimeSchema,
});
export type SlotHold = v.InferOutput<typeof slotHoldSchema>;
export type SlotHoldInput = v.InferInput<typeof slotHoldSchema>;

export const slotHoldResponseSchema = v.object({ hold: slotHoldSchema });

/** A release: whether a hold of that key was there to release (false: none, already gone: still 200). */
export const releaseHoldResponseSchema = v.object({ released: v.boolean(MESSAGES.invalidValue) });
