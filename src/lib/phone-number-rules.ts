import type * as PhoneNumbers from 'libphonenumber-js';

/**
 * libphonenumber-js for the browser build, loaded on demand (issue 15): its metadata is the largest
 * part of the phone rule of contract/fields.ts, and only the checkout and the profile dialog check a
 * phone number. vite.config.ts points the app's `libphonenumber-js` imports here, so contract/ keeps
 * the one rule; the screens that check numbers load the library with their chunk
 * (`withPhoneNumberRules`, see src/screens/booking/lazy-steps.ts and
 * src/screens/profile-dialog/lazy-profile-dialog.ts). Tests and the API use the library as is.
 */
type Rules = Pick<typeof PhoneNumbers, 'isValidPhoneNumber' | 'parsePhoneNumberFromString'>;

let rules: Rules | null = null;
let loading: Promise<void> | null = null;

export function loadPhoneNumberRules(): Promise<void> {
  loading ??= import('libphonenumber-js/min').then(
    (module) => {
      rules = module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** A chunk's loader that also loads the phone rules: the chunk resolves once both are in. */
export const withPhoneNumberRules =
  <M>(load: () => Promise<M>) =>
  (): Promise<M> =>
    Promise.all([load(), loadPhoneNumberRules()]).then(([module]) => module);

const loaded = (): Rules => {
  if (!rules) throw new Error('Regole dei numeri di telefono non ancora caricate (loadPhoneNumberRules)');
  return rules;
};

// The library's functions are overloaded: the arguments pass through untouched.
type Untyped = (...args: unknown[]) => unknown;

export const isValidPhoneNumber = ((...args: unknown[]) =>
  (loaded().isValidPhoneNumber as Untyped)(...args)) as Rules['isValidPhoneNumber'];

export const parsePhoneNumberFromString = ((...args: unknown[]) =>
  (loaded().parsePhoneNumberFromString as Untyped)(...args)) as Rules['parsePhoneNumberFromString'];
