import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { availableTimeSchema } from '../../contract/slot';
import { fieldErrors } from '../../contract/forms';

const slot = {
  startTime: '09:00',
  endTime: '10:00',
  supplement: 0,
  toBeConfirmed: false,
  instantBooking: true,
  serviceFee: '5.00',
};

describe('availableTimeSchema', () => {
  it('turns a boolean supplement into 0', () => {
    expect(v.parse(availableTimeSchema, { ...slot, supplement: true }).supplement).toBe(0);
    expect(v.parse(availableTimeSchema, { ...slot, supplement: false }).supplement).toBe(0);
  });

  it('parses a string supplement and keeps a number', () => {
    expect(v.parse(availableTimeSchema, { ...slot, supplement: '10' }).supplement).toBe(10);
    expect(v.parse(availableTimeSchema, { ...slot, supplement: '7.5' }).supplement).toBe(7.5);
    expect(v.parse(availableTimeSchema, { ...slot, supplement: 15 }).supplement).toBe(15);
  });

  it('keeps the booking flags and a null fee', () => {
    expect(
      v.parse(availableTimeSchema, {
        ...slot,
        toBeConfirmed: true,
        instantBooking: false,
        serviceFee: null,
      }),
    ).toEqual({ ...slot, toBeConfirmed: true, instantBooking: false, serviceFee: null });
  });

  it('refuses a supplement that is not a number and a bad time', () => {
    expect(fieldErrors(availableTimeSchema, { ...slot, supplement: 'dieci' })).toEqual({
      supplement: 'Prezzo non valido',
    });
    expect(fieldErrors(availableTimeSchema, { ...slot, startTime: '25:00' })).toEqual({
      startTime: 'Orario non valido',
    });
  });

  it('refuses a slot without its booking flags', () => {
    const { instantBooking: _instant, ...withoutFlag } = slot;
    expect(fieldErrors(availableTimeSchema, withoutFlag)).toEqual({
      instantBooking: '*Campo richiesto',
    });
    expect(fieldErrors(availableTimeSchema, { ...slot, toBeConfirmed: 'no' })).toEqual({
      toBeConfirmed: 'Valore non valido',
    });
  });
});
