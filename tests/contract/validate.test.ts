import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { validate } from '../../contract/validate';
import { loginFormSchema } from '../../contract/forms';

describe('validate', () => {
  it('returns the output when valid', () => {
    expect(validate(loginFormSchema, { email: 'a@b.it', password: 'x' })).toEqual({
      success: true,
      output: { email: 'a@b.it', password: 'x' },
    });
  });

  it('returns the first Italian message and its path', () => {
    const result = validate(loginFormSchema, { email: 'a@', password: '' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.message).toBe('Formato invalido');
      expect(result.path).toBe('email');
      expect(result.issues).toHaveLength(2);
    }
  });

  it('uses Italian fallbacks for schemas without messages', () => {
    const result = validate(v.object({ n: v.number() }), { n: 'x' });
    expect(result).toMatchObject({ success: false, message: 'Valore non valido', path: 'n' });
    expect(validate(v.object({ n: v.number() }), null)).toMatchObject({ success: false, path: '' });
  });
});
