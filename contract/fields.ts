import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import * as v from 'valibot';
import { MESSAGES } from './messages';

/**
 * Field schemas that several entities and calls share. Every message is Italian (SPEC §5);
 * where SPEC names none, the message is ours and lives in MESSAGES too.
 */

/** A text the user must fill: missing, blank or only spaces → '*Campo richiesto'. Trimmed. */
export const requiredText = v.pipe(v.string(MESSAGES.required), v.trim(), v.nonEmpty(MESSAGES.required));

/** An optional free text: missing or null becomes ''. */
export const optionalText = v.pipe(
  v.optional(v.nullable(v.string(MESSAGES.invalidValue)), ''),
  v.transform((text) => text ?? ''),
);

/** E-mail of SPEC §5: required '*Campo richiesto', then 'Formato invalido'. Trimmed. */
export const emailField = v.pipe(
  v.string(MESSAGES.required),
  v.trim(),
  v.nonEmpty(MESSAGES.required),
  v.email(MESSAGES.invalidFormat),
);

/** Phone numbers without a country prefix are Italian; an international one (+44 …) is accepted too. */
const PHONE_DEFAULT_COUNTRY = 'IT';

/**
 * A phone number (checkout, profile, booking and profile payloads): required '*Campo richiesto',
 * then a real number for its country → 'Numero di telefono non valido'. Output in the international
 * format ('333 1234567' → '+39 333 123 4567'), so one number is stored one way.
 */
export const phoneNumberField = v.pipe(
  requiredText,
  v.check((text) => isValidPhoneNumber(text, PHONE_DEFAULT_COUNTRY), MESSAGES.invalidPhoneNumber),
  v.transform((text) => parsePhoneNumberFromString(text, PHONE_DEFAULT_COUNTRY)?.formatInternational() ?? text),
);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export const isRealIsoDate = (text: string): boolean => {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** A calendar day, YYYY-MM-DD, checked to exist → 'Data non valida'. */
export const isoDateField = v.pipe(v.string(MESSAGES.invalidDate), v.check(isRealIsoDate, MESSAGES.invalidDate));

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** An ISO 8601 date-time (as `Date#toISOString` writes it, offsets allowed) → 'Data non valida'. */
export const isoDateTimeField = v.pipe(
  v.string(MESSAGES.invalidDate),
  v.check((text) => ISO_TIMESTAMP.test(text) && isRealIsoDate(text.slice(0, 10)), MESSAGES.invalidDate),
);

/** A time of day, HH:mm (24 h) → 'Orario non valido'. */
export const timeField = v.pipe(
  v.string(MESSAGES.invalidTime),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.invalidTime),
);

const toAmount = (value: number | string | null): number => {
  if (value === null) return 0;
  if (typeof value === 'number') return value;
  const text = value.trim().replace(',', '.');
  return text === '' ? 0 : Number(text);
};

/**
 * A price in euros. The API sends it as a number, a decimal string ('12.50') or null (SPEC §3:
 * null counts as 0); the output is always a finite number ≥ 0.
 */
export const priceField = v.pipe(
  v.optional(v.union([v.number(), v.string(), v.null()], MESSAGES.invalidPrice), null),
  v.transform(toAmount),
  v.check((n) => Number.isFinite(n) && n >= 0, MESSAGES.invalidPrice),
);

/** A count or duration that may arrive as a numeric string; output a finite integer ≥ 0. */
export const countField = v.pipe(
  v.union([v.number(), v.string()], MESSAGES.invalidNumber),
  v.transform((value) => (typeof value === 'number' ? value : Number(value.trim() || Number.NaN))),
  v.check((n) => Number.isInteger(n) && n >= 0, MESSAGES.invalidNumber),
);

/** An identifier: a non-empty string. */
export const idField = v.pipe(v.string(MESSAGES.invalidValue), v.nonEmpty(MESSAGES.required));
