import * as v from 'valibot';
import { APPOINTMENT_STATUSES } from './constants';
import { isoDateField, isoDateTimeField, timeField } from './fields';
import { MESSAGES } from './messages';
import { nextBookingSchema } from './user';

/**
 * One appointment as its manage screen shows it (issue 16): what the personal area lists for it,
 * plus its state, its end, who serves it and until when it can be cancelled free of charge.
 */
export const appointmentSchema = v.object({
  status: v.picklist(APPOINTMENT_STATUSES, MESSAGES.invalidValue),
  ...nextBookingSchema.entries,
  endTime: timeField,
  /** The professional of a single booking; null for a salotto (its team is in `salotto`) or before one is known. */
  professionalName: v.nullable(v.string(MESSAGES.invalidValue)),
  /** The last instant a cancellation is free: FREE_CANCELLATION_HOURS before the start. */
  cancellableUntil: isoDateTimeField,
  /** True while it is not cancelled and its free cancellation has not passed. */
  cancellable: v.boolean(MESSAGES.invalidValue),
  /** True for a single booking that is cancellable (a salotto is moved by phone, with its team). */
  reschedulable: v.boolean(MESSAGES.invalidValue),
  /** She asked for the optional reminder two hours before (the evening one is always sent). */
  twoHoursReminder: v.boolean(MESSAGES.invalidValue),
  /** Issue 27: while her request waits for an answer ('In attesa di conferma'), until when; null otherwise. */
  answerBy: v.optional(v.nullable(isoDateTimeField), null),
  /**
   * Issue 27: another time is offered to her (the appointment's own date and times); this is the
   * time she asked for. She accepts or declines it (appointmentOfferCall). Null otherwise.
   */
  offeredInsteadOf: v.optional(
    v.nullable(v.object({ date: isoDateField, startTime: timeField, endTime: timeField })),
    null,
  ),
  /** Issue 27: why her request was declined, as she is told; null unless it was. */
  declinedBecause: v.optional(v.nullable(v.string(MESSAGES.invalidValue)), null),
  /**
   * Issue 40: why she may cancel free of charge past the usual FREE_CANCELLATION_HOURS, as she is
   * told (her professional was replaced, or the team is looking for one): then `cancellable` is
   * true and `cancellableUntil` is the start. Null otherwise.
   */
  cancellableBecause: v.optional(v.nullable(v.string(MESSAGES.invalidValue)), null),
});
export type Appointment = v.InferOutput<typeof appointmentSchema>;
export type AppointmentInput = v.InferInput<typeof appointmentSchema>;

/**
 * How the app addresses an appointment: its id and, when it was opened from an e-mail, the manage
 * token of the link (`?token=`, sent as the calls' query; a signed-in owner needs none).
 */
export interface AppointmentKey {
  id: string;
  token: string | null;
}
