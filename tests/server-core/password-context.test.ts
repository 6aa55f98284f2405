import { describe, expect, it } from 'vitest';
import { containsContextWord, contextWords, isTriviallyGuessable } from '../../server/accounts/password-strength';

/** Issue 26: the account's own words are no password (NIST SP 800-63B §5.1.1.2, OWASP ASVS V6.2.11). */
describe('a password made of the account’s own words', () => {
  const owner = { email: 'Lucia.Neri@Example.it', firstName: 'Lucìa', lastName: 'Neri' };

  it('the words: the e-mail, its local part, first and last name', () => {
    expect(contextWords(owner)).toEqual(['lucia.neri@example.it', 'lucia.neri', 'lucia', 'neri']);
    expect(contextWords({ email: 'a@b.it', firstName: null, lastName: ' ' })).toEqual(['a@b.it', 'a']);
  });

  it('zxcvbn is given them: her e-mail scores 0 for her, not for someone else', () => {
    expect(isTriviallyGuessable('lucia.neri@example.it')).toBe(false);
    expect(isTriviallyGuessable('lucia.neri@example.it', owner)).toBe(true);
  });

  it('equal or contained, without case, accents or punctuation', () => {
    for (const password of ['lucia.neri@example.it', 'LUCIANERI', 'xxNeri2026', 'lucia_neri!', 'Lucia-Segreta-7'])
      expect(containsContextWord(password, owner), password).toBe(true);
    for (const password of ['Mia-password-2026', 'Nerone-e-Lupo', 'Luce2026!!'])
      expect(containsContextWord(password, owner), password).toBe(false);
  });

  it('a short name only as the whole password', () => {
    const al = { email: 'x@example.it', firstName: 'Al', lastName: 'Bo' };
    expect(containsContextWord('al', al)).toBe(true);
    expect(containsContextWord('Altalena-verde-9', al)).toBe(false);
  });
});
