import * as v from 'valibot';
import { MESSAGES } from './messages';
import { idField } from './fields';

/** SPEC §3 Provider (professional). */
export const providerSchema = v.object({
  _id: idField,
  firstName: v.string(MESSAGES.invalidValue),
  lastName: v.string(MESSAGES.invalidValue),
  picture: v.optional(v.string(MESSAGES.invalidValue)),
});
export type Provider = v.InferOutput<typeof providerSchema>;
