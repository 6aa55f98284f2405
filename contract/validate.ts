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
 * C0 control characters other than tab, line feed and carriage return (the only ones a multi-line
 * field such as notes or allergies may hold). U+0000 in particular is refused by PostgreSQL's text
 * type: such input is a 400 with an Italian message, never a failed query.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** The dot path of the first string inside `input` that holds a control character, or null. */
export function findControlCharacter(input: unknown, path = '', depth = 0): string | null {
  if (typeof input === 'string') return CONTROL_CHARACTER.test(input) ? path : null;
  if (depth > 20 || input === null || typeof input !== 'object') return null;
  for (const [key, value] of Object.entries(input)) {
    if (CONTROL_CHARACTER.test(key)) return path ? `${path}.${key}` : key;
    const found = findControlCharacter(value, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Parses with Italian fallbacks and returns the first issue's message and path: what a 400
 * reply or an error toast shows.
 */
export const validate = <TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): Validation<v.InferOutput<TSchema>> => {
  const controlAt = findControlCharacter(input);
  if (controlAt !== null) return { success: false, message: MESSAGES.controlCharacters, path: controlAt, issues: [] };
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
