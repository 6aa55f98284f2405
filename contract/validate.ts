import * as v from 'valibot';
import { MESSAGES } from './messages';

/**
 * Italian messages for issues that carry no message of their own (a wrong type in a response or
 * a hand-written request). Missing input reads as '*Campo richiesto', anything else as
 * 'Valore non valido'.
 */
export const italianMessage = (issue: v.BaseIssue<unknown>): string =>
  issue.kind === 'schema' && issue.input === undefined ? MESSAGES.required : MESSAGES.invalidValue;

/** Pass to v.parse / v.safeParse so no English valibot default reaches a user. */
export const PARSE_CONFIG: v.Config<v.BaseIssue<unknown>> = { message: italianMessage };

/**
 * Makes `italianMessage` the global fallback, for validators (Standard Schema adapters) that
 * cannot pass a config. Call once at start-up (server main, app entry); it is global state.
 */
export const installItalianMessages = (): void => {
  v.setGlobalMessage(italianMessage);
};

/** The dot path of an issue ('location.coordinates.lat'), '' for the root. */
export const issuePath = (issue: v.BaseIssue<unknown>): string => v.getDotPath(issue) ?? '';

export type Validation<T> =
  { success: true; output: T } | { success: false; message: string; path: string; issues: v.BaseIssue<unknown>[] };

/**
 * Parses with Italian fallbacks and returns the first issue's message and path: what a 400
 * reply or an error toast shows.
 */
export const validate = <TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): Validation<v.InferOutput<TSchema>> => {
  const result = v.safeParse(schema, input, PARSE_CONFIG);
  if (result.success) return { success: true, output: result.output };
  const [first] = result.issues;
  return {
    success: false,
    message: first.message,
    path: issuePath(first),
    issues: [...result.issues],
  };
};
