import * as v from 'valibot';

/**
 * SPEC §7: every reply is `{ result: { success, data } }` or
 * `{ result: { success: false, error: { message } } }`.
 */
export const errorEnvelopeSchema = v.object({
  result: v.object({
    success: v.literal(false),
    data: v.optional(v.unknown()),
    error: v.object({ message: v.string() }),
  }),
});
export type ErrorEnvelope = v.InferOutput<typeof errorEnvelopeSchema>;

export const successEnvelopeSchema = <T extends v.GenericSchema>(data: T) =>
  v.object({
    result: v.object({
      success: v.literal(true),
      data,
      error: v.optional(v.nullable(v.object({ message: v.optional(v.string()) }))),
    }),
  });

/** Either shape, with the data checked by `data` when successful. */
export const envelopeSchema = <T extends v.GenericSchema>(data: T) =>
  v.union([successEnvelopeSchema(data), errorEnvelopeSchema]);

export type SuccessEnvelope<T> = { result: { success: true; data: T } };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

export const ok = <T>(data: T): SuccessEnvelope<T> => ({ result: { success: true, data } });
export const fail = (message: string): ErrorEnvelope => ({
  result: { success: false, error: { message } },
});
