import * as v from 'valibot';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import { emailField, phoneNumberField, requiredText } from './fields';
import { locationWithNumberSchema } from './location';
import { PARSE_CONFIG } from './validate';

/** Login (SPEC §5): email required and valid, password required (not trimmed). */
export const loginFormSchema = v.object({
  email: emailField,
  password: v.pipe(v.string(MESSAGES.required), v.nonEmpty(MESSAGES.required)),
});
export type LoginForm = v.InferOutput<typeof loginFormSchema>;

/** One e-mail field: password-reset request and the out-of-zone sign-up. */
export const emailFormSchema = v.object({ email: emailField });
export type EmailForm = v.InferOutput<typeof emailFormSchema>;

/** SPEC §5: at least 8 characters ('Almeno 8 caratteri'), and spaces alone do not count. */
export const passwordField = v.pipe(
  v.string(MESSAGES.passwordTooShort),
  v.minLength(LIMITS.passwordMinLength, MESSAGES.passwordTooShort),
  v.check((password) => password.trim().length >= LIMITS.passwordMinLength, MESSAGES.passwordTooShort),
);

const optionalName = v.optional(v.pipe(v.string(MESSAGES.required), v.trim()), '');

/** Account completion / password setting: names are asked only when the server requires them. */
export const completeSignupFormSchema = (requireName: boolean) =>
  v.object({
    firstName: requireName ? requiredText : optionalName,
    lastName: requireName ? requiredText : optionalName,
    password: passwordField,
  });
export type CompleteSignupForm = v.InferOutput<ReturnType<typeof completeSignupFormSchema>>;

/** Profile dialog: every field required, the phone a real number; the address must be picked and have a house number. */
export const profileFormSchema = v.object({
  firstName: requiredText,
  lastName: requiredText,
  phoneNumber: phoneNumberField,
  email: emailField,
  location: locationWithNumberSchema,
});
export type ProfileForm = v.InferOutput<typeof profileFormSchema>;
export type ProfileFormInput = v.InferInput<typeof profileFormSchema>;

/**
 * The first message of each erroring field, keyed by dot path ('email',
 * 'location.coordinates.lat'); errors of the whole form under ''. Empty when valid. Keys keep
 * the order of the schema's fields, so the first key is the field to focus.
 */
export const fieldErrors = (schema: v.GenericSchema, input: unknown): Record<string, string> => {
  const result = v.safeParse(schema, input, PARSE_CONFIG);
  if (result.success) return {};
  const flat = v.flatten(result.issues);
  const errors: Record<string, string> = {};
  if (flat.root) errors[''] = flat.root[0];
  for (const [path, messages] of Object.entries(flat.nested ?? {})) {
    if (messages) errors[path] = messages[0];
  }
  return errors;
};
