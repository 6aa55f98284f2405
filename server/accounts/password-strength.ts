import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as italian from '@zxcvbn-ts/language-it';

let estimator: ZxcvbnFactory | undefined;

/** Who the password is for: words an attacker who knows her would try first. */
export interface PasswordOwner {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** Lower case, without accents; `compact` also drops everything but letters and digits. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
const compact = (text: string) => fold(text).replace(/[^\p{L}\p{N}]/gu, '');

/** The account's own words: the e-mail, its local part, her first and last name (empty ones dropped). */
export function contextWords(owner: PasswordOwner): string[] {
  const email = fold(owner.email);
  const local = email.split('@')[0] ?? '';
  const words = [email, local, owner.firstName ?? '', owner.lastName ?? ''].map(fold).filter((w) => w !== '');
  return [...new Set(words)];
}

/**
 * Words shorter than this are refused only as the whole password, not inside it (a name such as
 * 'Al' is inside too many good passwords). Every password is at least 8 characters anyway.
 */
const MIN_CONTAINED = 3;

/**
 * True when the password is, or contains, one of the account's own words (NIST SP 800-63B
 * §5.1.1.2, OWASP ASVS V6.2.11: context-specific words), compared without case, accents or
 * punctuation ('Lucia.Neri@example.it', 'lucianeri2026!', 'NERI-neri').
 */
export function containsContextWord(password: string, owner: PasswordOwner): boolean {
  const plain = fold(password);
  const bare = compact(password);
  return contextWords(owner).some((word) => {
    const bareWord = compact(word);
    if (plain === word || (bareWord !== '' && bare === bareWord)) return true;
    if (word.length >= MIN_CONTAINED && plain.includes(word)) return true;
    return bareWord.length >= MIN_CONTAINED && bare.includes(bareWord);
  });
}

/**
 * True for a password among the commonest or trivially guessed ones ('password', '12345678',
 * 'qwertyuiop', 'ciaociao', a repeated or keyboard pattern, an Italian or English dictionary word):
 * zxcvbn's score 0, with the account's own words given to it as user inputs when known. The
 * estimator (dictionaries of ~1 MB) is built on first use.
 */
export function isTriviallyGuessable(password: string, owner?: PasswordOwner): boolean {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...italian.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return estimator.check(password, owner ? contextWords(owner) : []).score === 0;
}
