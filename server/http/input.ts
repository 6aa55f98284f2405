import type { Context } from 'hono';
import type * as v from 'valibot';
import { validate } from '../../contract/validate';
import { API_MESSAGES } from './messages';
import { ApiError } from './api-error';

/** Validates with a contract schema; bad input is a 400 carrying the first issue's Italian message. */
export function parseInput<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = validate(schema, input);
  if (!result.success) throw new ApiError(400, result.message);
  return result.output;
}

/** The JSON body, validated. A body that is not JSON is a 400, never a 500. */
export async function readJson<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, API_MESSAGES.badJson);
  }
  return parseInput(schema, body);
}

/** The query string (single values), validated. */
export const readQuery = <TSchema extends v.GenericSchema>(c: Context, schema: TSchema): v.InferOutput<TSchema> =>
  parseInput(schema, c.req.query());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a path's or a body's id can name a row: anything but a UUID must not reach the database as one. */
export const isUuid = (value: string) => UUID.test(value);
