import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { providerSchema } from '../../contract/provider';
import { fieldErrors } from '../../contract/forms';

describe('providerSchema', () => {
  it('keeps a professional with or without a picture', () => {
    const anna = { _id: 'p-1', firstName: 'Anna', lastName: 'Bianchi', picture: '/img/anna.webp' };
    expect(v.parse(providerSchema, anna)).toEqual(anna);
    expect(v.parse(providerSchema, { _id: 'p-2', firstName: 'Sara', lastName: 'Neri' }).picture).toBeUndefined();
  });

  it('refuses a professional without id', () => {
    expect(fieldErrors(providerSchema, { _id: '', firstName: 'Anna', lastName: 'Bianchi' })).toEqual({
      _id: '*Campo richiesto',
    });
  });
});
