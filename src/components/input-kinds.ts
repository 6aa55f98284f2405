import type { ComponentProps } from 'react';

/**
 * The attributes of each kind of contact field, in one place, so every form gives the phone the
 * same keyboard and autofill: an e-mail field opens the e-mail keyboard, does not capitalise the
 * first letter nor mark the address as a misspelling; a phone field opens the dial pad.
 */
type InputAttributes = Partial<ComponentProps<'input'>>;

export const EMAIL_INPUT = {
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const satisfies InputAttributes;

export const PHONE_INPUT = {
  type: 'tel',
  autoComplete: 'tel',
  inputMode: 'tel',
} as const satisfies InputAttributes;
