import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  bookingDraftSchema,
  bookingSchema,
  checkoutFormSchema,
  couponCheckSchema,
  createInitialDraft,
  emptyCheckoutForm,
  initialDraft,
} from '../../contract/booking';
import { fieldErrors } from '../../contract/forms';
import { piega, viaRoma } from './fixtures';

describe('booking draft', () => {
  it('starts with SPEC defaults', () => {
    expect(initialDraft).toEqual({
      location: null,
      participants: 'default',
      participantsCount: 2,
      hair: null,
      category: null,
      salottoCategories: [],
      salottoNotes: '',
      date: null,
      availableTime: null,
      couponCodeDiscount: 0,
      providerId: null,
      couponServices: [],
      abTest: { experimentID: null, variantID: null },
      services: {
        includedService: null,
        services: [],
        primaryService: null,
        secondaryServices: [],
      },
    });
  });

  it('gives a fresh copy each time', () => {
    const draft = createInitialDraft();
    draft.salottoCategories.push('hair');
    expect(createInitialDraft().salottoCategories).toEqual([]);
    expect(initialDraft.salottoCategories).toEqual([]);
  });

  it('completes a stored draft and converts its services and slot', () => {
    const draft = v.parse(bookingDraftSchema, {
      location: viaRoma(),
      participants: 'salotto',
      participantsCount: 3,
      salottoCategories: ['hair', 'make-up'],
      date: '2026-12-03',
      availableTime: {
        startTime: '09:00',
        endTime: '10:00',
        supplement: true,
        toBeConfirmed: true,
        instantBooking: false,
        serviceFee: null,
      },
      services: { primaryService: piega({ price: '12.50' }) },
    });
    expect(draft.availableTime?.supplement).toBe(0);
    expect(draft.services.primaryService?.price).toBe(12.5);
    expect(draft.services.secondaryServices).toEqual([]);
    expect(draft.couponCodeDiscount).toBe(0);
  });

  it('refuses a salotto of fewer than 2 people and an unknown hair length', () => {
    expect(fieldErrors(bookingDraftSchema, { participantsCount: 1 })).toEqual({
      participantsCount: 'Il salotto è per almeno 2 persone',
    });
    expect(fieldErrors(bookingDraftSchema, { hair: 'lunghissimi' })).toEqual({
      hair: 'Devi selezionare un opzione',
    });
    expect(fieldErrors(bookingDraftSchema, { date: '03/12/2026' })).toEqual({
      date: 'Data non valida',
    });
  });
});

const bookedService = {
  serviceId: 'svc-piega',
  name: 'Piega',
  price: '22.50',
  listPrice: 25,
  durationMM: 45,
};

const bookingReply = {
  signupToken: 'tok-123',
  redirectUrl: 'http://localhost:5173/reset-password?token=tok-123&email=giulia%40example.it',
  booking: {
    _id: 'b-1',
    total: 22.5,
    totalBeforeDiscount: 25,
    userId: 'u-1',
    customers: [{ userId: 'u-1', services: [bookedService] }],
  },
};

describe('bookingSchema', () => {
  it('defaults the discount to 0 and converts prices', () => {
    const booking = v.parse(bookingSchema, bookingReply);
    expect(booking.booking.discount).toBe(0);
    expect(booking.booking.customers[0]?.services[0]).toEqual({ ...bookedService, price: 22.5 });
  });

  it('accepts a boolean signup token and no redirect', () => {
    const { redirectUrl: _redirect, ...withoutRedirect } = bookingReply;
    const booking = v.parse(bookingSchema, { ...withoutRedirect, signupToken: false });
    expect(booking.signupToken).toBe(false);
    expect(booking.redirectUrl).toBeUndefined();
  });

  it('keeps the marketing-discount mark of a service', () => {
    const booking = v.parse(bookingSchema, {
      ...bookingReply,
      booking: {
        ...bookingReply.booking,
        discount: 2.5,
        customers: [{ userId: 'u-1', services: [{ ...bookedService, isMarketingDiscount: true }] }],
      },
    });
    expect(booking.booking.discount).toBe(2.5);
    expect(booking.booking.customers[0]?.services[0]?.isMarketingDiscount).toBe(true);
  });

  it('refuses a stored booking without id', () => {
    expect(
      fieldErrors(bookingSchema, {
        ...bookingReply,
        booking: { ...bookingReply.booking, _id: '' },
      }),
    ).toEqual({ 'booking._id': '*Campo richiesto' });
  });
});

describe('couponCheckSchema', () => {
  it('accepts a preview without booking id or user', () => {
    const preview = v.parse(couponCheckSchema, {
      booking: {
        total: 22.5,
        totalBeforeDiscount: 25,
        discount: '2.50',
        customers: [{ services: [bookedService] }],
      },
    });
    expect(preview.booking.discount).toBe(2.5);
    expect(preview.booking._id).toBeUndefined();
  });
});

const filledCheckout = {
  ...emptyCheckoutForm,
  firstName: 'Giulia',
  lastName: 'Rossi',
  phoneNumber: '+39 333 1234567',
  email: 'giulia@example.it',
  doorbellName: 'Rossi',
  fitToPlead: 'yes' as const,
  privacy: true,
};

describe('checkoutFormSchema', () => {
  it('accepts a filled form and trims the texts', () => {
    const form = v.parse(checkoutFormSchema, { ...filledCheckout, firstName: '  Giulia ' });
    expect(form.firstName).toBe('Giulia');
    expect(form.allowMarketing).toBe(false);
    expect(form.personalDataConsent).toBe(false);
  });

  it('lists every missing field of the empty form with SPEC messages, in field order', () => {
    const errors = fieldErrors(checkoutFormSchema, emptyCheckoutForm);
    expect(errors).toEqual({
      firstName: '*Campo richiesto',
      lastName: '*Campo richiesto',
      phoneNumber: '*Campo richiesto',
      email: '*Campo richiesto',
      doorbellName: '*Campo richiesto',
      fitToPlead: '*Campo richiesto',
      privacy: 'Campo richiesto',
    });
    expect(Object.keys(errors)[0]).toBe('firstName');
  });

  it('says "Formato invalido" for a malformed e-mail', () => {
    expect(fieldErrors(checkoutFormSchema, { ...filledCheckout, email: 'giulia@' })).toEqual({
      email: 'Formato invalido',
    });
  });

  it('requires allergies only when the switch says yes', () => {
    expect(fieldErrors(checkoutFormSchema, { ...filledCheckout, allergiesSwitch: 'yes' })).toEqual({
      allergies: '*Campo richiesto',
    });
    expect(
      fieldErrors(checkoutFormSchema, {
        ...filledCheckout,
        allergiesSwitch: 'yes',
        allergies: '  ',
      }),
    ).toEqual({
      allergies: '*Campo richiesto',
    });
    expect(fieldErrors(checkoutFormSchema, { ...filledCheckout, allergiesSwitch: 'no' })).toEqual({});
    expect(
      fieldErrors(checkoutFormSchema, {
        ...filledCheckout,
        allergiesSwitch: 'yes',
        allergies: 'Nichel',
      }),
    ).toEqual({});
  });

  it('requires the coupon code only when the box is checked', () => {
    expect(fieldErrors(checkoutFormSchema, { ...filledCheckout, couponCodeEnabled: true })).toEqual({
      couponCode: '*Campo richiesto',
    });
    expect(
      fieldErrors(checkoutFormSchema, {
        ...filledCheckout,
        couponCodeEnabled: true,
        couponCode: 'BENVENUTA10',
      }),
    ).toEqual({});
  });

  it('shows the cross-field errors together with the others', () => {
    expect(
      fieldErrors(checkoutFormSchema, {
        ...filledCheckout,
        firstName: '',
        allergiesSwitch: 'yes',
        privacy: false,
      }),
    ).toEqual({
      firstName: '*Campo richiesto',
      allergies: '*Campo richiesto',
      privacy: 'Campo richiesto',
    });
  });

  it('needs fitToPlead answered yes or no', () => {
    expect(fieldErrors(checkoutFormSchema, { ...filledCheckout, fitToPlead: '' })).toEqual({
      fitToPlead: '*Campo richiesto',
    });
    expect(v.parse(checkoutFormSchema, { ...filledCheckout, fitToPlead: 'no' }).fitToPlead).toBe('no');
  });
});
