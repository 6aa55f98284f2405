import * as v from 'valibot';
import { DELAYS, TOAST_TYPES } from './constants';
import { MESSAGES } from './messages';

export const toastActionSchema = v.object({
  label: v.pipe(v.string(MESSAGES.invalidValue), v.nonEmpty(MESSAGES.invalidValue)),
  /** Where the action leads, when it is a link (e.g. the WhatsApp help). */
  href: v.optional(v.string(MESSAGES.invalidValue)),
});

/**
 * SPEC §3 Toast. `duration` in ms (SPEC §9: 9000); loading toasts persist (Infinity).
 * An action is data (label, optional link): callbacks stay in the app.
 */
export const toastSchema = v.object({
  id: v.pipe(v.string(MESSAGES.invalidValue), v.nonEmpty(MESSAGES.invalidValue)),
  type: v.picklist(TOAST_TYPES, MESSAGES.invalidValue),
  title: v.string(MESSAGES.invalidValue),
  description: v.optional(v.string(MESSAGES.invalidValue)),
  duration: v.optional(
    v.pipe(v.number(MESSAGES.invalidNumber), v.minValue(0, MESSAGES.invalidNumber)),
    DELAYS.toastDuration,
  ),
  closable: v.optional(v.boolean(MESSAGES.invalidValue), true),
  action: v.optional(toastActionSchema),
});
export type Toast = v.InferOutput<typeof toastSchema>;
export type ToastInput = v.InferInput<typeof toastSchema>;
