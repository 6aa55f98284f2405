import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { checkoutFormSchema, emptyCheckoutForm } from '../../contract/booking';
import { createBookingCall, createSalottoBookingCall, updateUserCall } from '../../contract/calls';
import { fieldErrors, profileFormSchema } from '../../contract/forms';
import { viaRoma } from './fixtures';

/**
 * Every schema that carries a phone number, the web forms and the API payloads alike, checks it the
 * same way: Italian by default, international accepted, anything else refused with an Italian
 * message. Expected numbers are written out by hand from the Italian numbering plan.
 */
const INVALID_PHONE = 'Numero di telefono non valido';

const booking = {
  firstName: 'Giulia',
  lastName: 'Rossi',
  email: 'giulia@example.it',
  location: viaRoma(),
  services: ['svc-piega'],
  startDate: '2026-12-03',
  startTime: '09:30',
  doorbellName: 'Rossi',
  fitToPlead: true,
};

const SCHEMAS: [string, v.GenericSchema, Record<string, unknown>][] = [
  [
    'checkout form',
    checkoutFormSchema,
    {
      ...emptyCheckoutForm,
      firstName: 'Giulia',
      lastName: 'Rossi',
      email: 'giulia@example.it',
      doorbellName: 'Rossi',
      fitToPlead: 'yes',
      privacy: true,
    },
  ],
  [
    'profile form',
    profileFormSchema,
    { firstName: 'Giulia', lastName: 'Rossi', email: 'giulia@example.it', location: viaRoma() },
  ],
  [
    'profile payload',
    updateUserCall.payload,
    { firstName: 'Giulia', lastName: 'Rossi', accountEmail: 'giulia@example.it', location: viaRoma() },
  ],
  ['booking payload', createBookingCall.payload, booking],
  ['salotto booking payload', createSalottoBookingCall.payload, { ...booking, numberOfCustomers: 3 }],
];

const phoneOf = (schema: v.GenericSchema, rest: Record<string, unknown>, phoneNumber: string): unknown =>
  (v.parse(schema, { ...rest, phoneNumber }) as { phoneNumber: unknown }).phoneNumber;

describe.each(SCHEMAS)('phone number in the %s', (_name, schema, rest) => {
  it('refuses letters, a too short and a too long number', () => {
    for (const phoneNumber of ['abc', '123', '333 123', '3331234567890123', '333 1234567 abc'])
      expect(fieldErrors(schema, { ...rest, phoneNumber }), phoneNumber).toEqual({ phoneNumber: INVALID_PHONE });
  });

  it('still asks for a missing number with SPEC’s message', () => {
    expect(fieldErrors(schema, { ...rest, phoneNumber: '  ' })).toEqual({ phoneNumber: '*Campo richiesto' });
  });

  it('reads a number without prefix as Italian, mobile or landline, and stores it in one format', () => {
    expect(phoneOf(schema, rest, '3331234567')).toBe('+39 333 123 4567');
    expect(phoneOf(schema, rest, ' 333-123 4567 ')).toBe('+39 333 123 4567');
    expect(phoneOf(schema, rest, '0039 333 1234567')).toBe('+39 333 123 4567');
    expect(phoneOf(schema, rest, '011 1234567')).toBe('+39 011 123 4567');
  });

  it('accepts an international number', () => {
    expect(phoneOf(schema, rest, '+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(phoneOf(schema, rest, '+33 6 12 34 56 78')).toBe('+33 6 12 34 56 78');
  });
});
