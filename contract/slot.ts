import * as v from 'valibot';
import { MESSAGES } from './messages';
import { timeField } from './fields';

const toSupplement = (value: boolean | number | string): number => {
  if (typeof value === 'boolean') return 0;
  if (typeof value === 'number') return value;
  const text = value.trim().replace(',', '.');
  return text === '' ? 0 : Number(text);
};

/** Extra-hours supplement in euros: boolean → 0, '10' → 10, number stays, missing → 0. */
export const supplementField = v.pipe(
  v.optional(v.union([v.boolean(), v.number(), v.string()], MESSAGES.invalidPrice), 0),
  v.transform(toSupplement),
  v.check((n) => Number.isFinite(n) && n >= 0, MESSAGES.invalidPrice),
);

/** SPEC §3 Available time slot. Times are HH:mm on the chosen day. */
export const availableTimeSchema = v.object({
  startTime: timeField,
  endTime: timeField,
  supplement: supplementField,
  toBeConfirmed: v.boolean(MESSAGES.invalidValue),
  instantBooking: v.boolean(MESSAGES.invalidValue),
  serviceFee: v.nullish(v.string(MESSAGES.invalidValue), null),
  /**
   * Ours (issue 28): true on the time she holds (sent with her holder key), which stays offered to
   * her while hidden from everyone else; absent on every other time.
   */
  heldByYou: v.optional(v.boolean(MESSAGES.invalidValue)),
  /**
   * Ours (issue 29): the first name of who comes at that time when she is the only one free and the
   * signed-in customer rated her RATING_LOW_MAX stars or fewer: the time stays, and she is told.
   * Absent on every other time.
   */
  onlyWith: v.optional(v.string(MESSAGES.invalidValue)),
});
export type AvailableTime = v.InferOutput<typeof availableTimeSchema>;
export type AvailableTimeInput = v.InferInput<typeof availableTimeSchema>;
