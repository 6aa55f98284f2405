import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  completeSignupFormSchema,
  emailFormSchema,
  fieldErrors,
  loginFormSchema,
  profileFormSchema,
} from '../../contract/forms';
import { viaRoma, viaRomaNoNumber } from './fixtures';

describe('loginFormSchema', () => {
  it('accepts e-mail and password, trimming the e-mail only', () => {
    expect(v.parse(loginFormSchema, { email: ' demo@musa.example ', password: ' Musa2026! ' })).toEqual({
      email: 'demo@musa.example',
      password: ' Musa2026! ',
    });
  });

  it('requires both fields and a valid e-mail', () => {
    expect(fieldErrors(loginFormSchema, { email: '', password: '' })).toEqual({
      email: '*Campo richiesto',
      password: '*Campo richiesto',
    });
    expect(fieldErrors(loginFormSchema, {})).toEqual({
      email: '*Campo richiesto',
      password: '*Campo richiesto',
    });
    expect(fieldErrors(loginFormSchema, { email: 'demo@', password: 'x' })).toEqual({
      email: 'Formato invalido',
    });
  });
});

describe('emailFormSchema', () => {
  it('requires a valid e-mail', () => {
    expect(fieldErrors(emailFormSchema, { email: '  ' })).toEqual({ email: '*Campo richiesto' });
    expect(fieldErrors(emailFormSchema, { email: 'musa' })).toEqual({ email: 'Formato invalido' });
    expect(v.parse(emailFormSchema, { email: 'musa@example.it' })).toEqual({
      email: 'musa@example.it',
    });
  });
});

describe('completeSignupFormSchema', () => {
  it('asks for names only when required', () => {
    expect(fieldErrors(completeSignupFormSchema(true), { password: 'abcdefgh' })).toEqual({
      firstName: '*Campo richiesto',
      lastName: '*Campo richiesto',
    });
    expect(v.parse(completeSignupFormSchema(false), { password: 'abcdefgh' })).toEqual({
      firstName: '',
      lastName: '',
      password: 'abcdefgh',
    });
  });

  it('wants a password of at least 8 characters', () => {
    expect(fieldErrors(completeSignupFormSchema(false), { password: 'abc1234' })).toEqual({
      password: 'Almeno 8 caratteri',
    });
    expect(fieldErrors(completeSignupFormSchema(false), { password: '' })).toEqual({
      password: 'Almeno 8 caratteri',
    });
  });
});

describe('profileFormSchema', () => {
  const profile = {
    firstName: 'Giulia',
    lastName: 'Rossi',
    phoneNumber: '+39 333 123 4567',
    email: 'giulia@example.it',
    location: viaRoma(),
  };

  it('accepts a complete profile', () => {
    expect(v.parse(profileFormSchema, profile)).toEqual(profile);
  });

  it('requires every field and a valid e-mail', () => {
    expect(
      fieldErrors(profileFormSchema, {
        ...profile,
        firstName: '',
        lastName: '',
        phoneNumber: '',
        email: 'x',
      }),
    ).toEqual({
      firstName: '*Campo richiesto',
      lastName: '*Campo richiesto',
      phoneNumber: '*Campo richiesto',
      email: 'Formato invalido',
    });
  });

  it('requires a picked address with a house number', () => {
    expect(fieldErrors(profileFormSchema, { ...profile, location: null })).toEqual({
      location: 'Seleziona un indirizzo dalla lista dei suggerimenti',
    });
    expect(fieldErrors(profileFormSchema, { ...profile, location: viaRomaNoNumber() })).toEqual({
      location: 'Devi aggiungere il numero civico',
    });
  });
});

describe('fieldErrors', () => {
  it('is empty for valid input and keeps only the first message of a field', () => {
    expect(fieldErrors(emailFormSchema, { email: 'a@b.it' })).toEqual({});
    const schema = v.object({
      code: v.pipe(v.string(), v.minLength(3, 'corto'), v.regex(/^\d+$/, 'cifre')),
    });
    expect(fieldErrors(schema, { code: 'a' })).toEqual({ code: 'corto' });
  });

  it('never shows an English valibot default', () => {
    expect(fieldErrors(v.object({ n: v.number() }), { n: 'x' })).toEqual({
      n: 'Valore non valido',
    });
    expect(fieldErrors(v.object({ n: v.number() }), {})).toEqual({ n: '*Campo richiesto' });
  });
});
