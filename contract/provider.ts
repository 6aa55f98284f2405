import * as v from 'valibot';
import { MESSAGES } from './messages';
import { idField } from './fields';
import { ratingSummarySchema } from './rating';

/** SPEC §3 Provider (professional). */
export const providerSchema = v.object({
  _id: idField,
  firstName: v.string(MESSAGES.invalidValue),
  lastName: v.string(MESSAGES.invalidValue),
  picture: v.optional(v.string(MESSAGES.invalidValue)),
  /**
   * Ours (issue 29): her standing from the ratings of the last RATING_WINDOW_MONTHS (the filter
   * dialog shows it beside her name: the average, or 'Nuova' below RATING_AVERAGE_FROM ratings).
   */
  rating: v.optional(ratingSummarySchema),
});
export type Provider = v.InferOutput<typeof providerSchema>;
