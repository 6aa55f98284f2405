import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  pathOf,
  askResetPasswordCall,
  availableDaysCall,
  availableTimesCall,
  checkCouponCall,
  checkLocationCall,
  checkResetTokenCall,
  checkSalottoCouponCall,
  checkSignupTokenCall,
  completeSignupCall,
  createBookingCall,
  createSalottoBookingCall,
  currentUserCall,
  geoAutocompleteCall,
  geoPlaceCall,
  loginByTokenCall,
  loginCall,
  nextBookingsCall,
  providersOfUserCall,
  salottoAvailableTimesCall,
  salottoServicesCall,
  servicesCall,
  subscribeToListCall,
  updateUserCall,
  type CreateBookingPayload,
} from '../../contract/calls';
import { API_CALLS } from '../../contract/api-calls';
import { fieldErrors } from '../../contract/forms';
import { apiUser, piega, viaRoma, viaRomaNoNumber } from './fixtures';

const auth = { token: 'bearer-abc', user: apiUser() };

const slot = {
  startTime: '09:00',
  endTime: '10:00',
  supplement: '10',
  toBeConfirmed: false,
  instantBooking: true,
  serviceFee: null,
};

const bookingPayload = (): CreateBookingPayload => ({
  firstName: 'Giulia',
  lastName: 'Rossi',
  email: 'giulia@example.it',
  phoneNumber: '3331234567',
  providerId: null,
  location: viaRoma(),
  services: ['svc-piega', 'svc-maschera'],
  startDate: '2026-12-03',
  startTime: '09:30',
  isManualFlow: false,
  allergies: '',
  doorbellName: 'Rossi',
  notes: '',
  fitToPlead: true,
  allowMarketing: false,
  couponCode: '',
  utm_source: 'instagram',
  utm_medium: null,
  utm_campaign: null,
  utm_content: null,
});

const bookingReply = {
  redirectUrl: '/',
  booking: {
    _id: 'b-1',
    total: '25.00',
    totalBeforeDiscount: 25,
    userId: 'u-1',
    customers: [
      {
        userId: 'u-1',
        services: [{ serviceId: 'svc-piega', name: 'Piega', price: 25, listPrice: 25, durationMM: 45 }],
      },
    ],
  },
};

const serviceList = {
  mainServices: {
    title: 'Servizi',
    sections: [{ itemType: 'radio', items: [{ id: 'i-1', services: [piega({ price: null })] }] }],
  },
  secondaryServices: null,
};

describe('Login POST /login', () => {
  it('is a POST to /login', () => {
    expect([loginCall.method, loginCall.route]).toEqual(['POST', '/login']);
  });
  it('payload: e-mail and password, with SPEC messages', () => {
    expect(v.parse(loginCall.payload, { email: 'demo@musa.example', password: 'Musa2026!' })).toEqual({
      email: 'demo@musa.example',
      password: 'Musa2026!',
    });
    expect(fieldErrors(loginCall.payload, { email: 'demo', password: '' })).toEqual({
      email: 'Formato invalido',
      password: '*Campo richiesto',
    });
  });
  it('response: token and user with location', () => {
    const reply = v.parse(loginCall.response, auth);
    expect(reply.token).toBe('bearer-abc');
    expect(reply.user.location?.components.city).toBe('Torino');
    expect(fieldErrors(loginCall.response, { ...auth, token: '' })).toEqual({
      token: 'Valore non valido',
    });
  });
});

describe('Current user GET /me', () => {
  it('has no payload and answers the user', () => {
    expect([currentUserCall.method, currentUserCall.route]).toEqual(['GET', '/me']);
    expect('payload' in currentUserCall).toBe(false);
    expect(v.parse(currentUserCall.response, { user: apiUser() }).user.email).toBe('giulia@example.it');
  });
  it('refuses a user with a bad e-mail', () => {
    expect(fieldErrors(currentUserCall.response, { user: { ...apiUser(), email: 'x' } })).toEqual({
      'user.email': 'Formato invalido',
    });
  });
});

describe('Next bookings GET /me/next', () => {
  it('answers last proposal and next bookings', () => {
    expect([nextBookingsCall.method, nextBookingsCall.route]).toEqual(['GET', '/me/next']);
    const data = v.parse(nextBookingsCall.response, {
      lastProposal: null,
      nextBookings: [
        {
          id: 'b1',
          startDateTime: '2026-12-03T09:30:00+01:00',
          date: '2026-12-03',
          startTime: '09:30',
          timeZone: 'Europe/Rome',
          location: viaRoma(),
          services: [{ name: 'Piega', price: '25' }],
          total: '25',
        },
      ],
    });
    expect(data.nextBookings[0]?.total).toBe(25);
    expect(data.lastProposal).toBeNull();
  });
  it('refuses a booking without a valid start', () => {
    expect(
      fieldErrors(nextBookingsCall.response, {
        nextBookings: [{ startDateTime: 'domani' }],
      })['nextBookings.0.startDateTime'],
    ).toBe('Data non valida');
  });
});

describe('Update user PATCH /users/{userId}', () => {
  const payload = {
    firstName: 'Giulia',
    lastName: 'Rossi',
    location: viaRoma(),
    phoneNumber: '+39 333 123 4567',
    accountEmail: 'giulia@example.it',
  };
  it('builds the path from the user id', () => {
    expect(updateUserCall.method).toBe('PATCH');
    expect(pathOf(updateUserCall, { userId: 'u 1' })).toBe('/users/u%201');
    expect(updateUserCall.route).toBe('/users/:userId');
    expect(fieldErrors(updateUserCall.params, { userId: '' })).toEqual({
      userId: '*Campo richiesto',
    });
  });
  it('payload: profile fields with the e-mail as accountEmail', () => {
    expect(v.parse(updateUserCall.payload, payload)).toEqual(payload);
    expect(fieldErrors(updateUserCall.payload, { ...payload, accountEmail: 'no', firstName: ' ' })).toEqual({
      firstName: '*Campo richiesto',
      accountEmail: 'Formato invalido',
    });
  });
  it('response: the updated user', () => {
    expect(v.parse(updateUserCall.response, { user: apiUser() }).user.id).toBe('u-1');
  });
});

describe('Login by token POST /login/token', () => {
  it('sends the token and gets token and user', () => {
    expect([loginByTokenCall.method, loginByTokenCall.route]).toEqual(['POST', '/login/token']);
    expect(v.parse(loginByTokenCall.payload, { token: ' t-1 ' })).toEqual({ token: 't-1' });
    expect(fieldErrors(loginByTokenCall.payload, {})).toEqual({ token: '*Campo richiesto' });
    expect(v.parse(loginByTokenCall.response, auth).token).toBe('bearer-abc');
  });
});

describe('Complete signup POST /complete-signup', () => {
  it('payload: token, password ≥ 8, names optional', () => {
    expect(completeSignupCall.route).toBe('/complete-signup');
    expect(v.parse(completeSignupCall.payload, { signupToken: 's-1', password: 'abcdefgh' })).toEqual({
      signupToken: 's-1',
      password: 'abcdefgh',
      firstName: '',
      lastName: '',
    });
    expect(fieldErrors(completeSignupCall.payload, { signupToken: 's-1', password: 'short' })).toEqual({
      password: 'Almeno 8 caratteri',
    });
  });
  it('response: token and user', () => {
    expect(v.parse(completeSignupCall.response, auth).user.firstName).toBe('Giulia');
  });
});

describe('Check signup token GET /check-signup-token', () => {
  it('query: signupToken; response: email and requireName', () => {
    expect([checkSignupTokenCall.method, checkSignupTokenCall.route]).toEqual(['GET', '/check-signup-token']);
    expect(v.parse(checkSignupTokenCall.query, { signupToken: 's-1' })).toEqual({
      signupToken: 's-1',
    });
    expect(fieldErrors(checkSignupTokenCall.query, { signupToken: '' })).toEqual({
      signupToken: '*Campo richiesto',
    });
    expect(v.parse(checkSignupTokenCall.response, { email: 'a@b.it', requireName: true })).toEqual({
      email: 'a@b.it',
      requireName: true,
    });
    expect(fieldErrors(checkSignupTokenCall.response, { email: 'a@b.it', requireName: 'yes' })).toEqual({
      requireName: 'Valore non valido',
    });
  });
});

describe('Reset-token check GET /check-reset-token', () => {
  it('query: token and email; response: email and requireName', () => {
    expect([checkResetTokenCall.method, checkResetTokenCall.route]).toEqual(['GET', '/check-reset-token']);
    expect(v.parse(checkResetTokenCall.query, { token: 'r-1', email: 'a@b.it' })).toEqual({
      token: 'r-1',
      email: 'a@b.it',
    });
    expect(fieldErrors(checkResetTokenCall.query, { token: 'r-1', email: 'ab.it' })).toEqual({
      email: 'Formato invalido',
    });
    expect(v.parse(checkResetTokenCall.response, { email: 'a@b.it', requireName: false }).requireName).toBe(false);
  });
});

describe('Ask reset password POST /ask-reset-password', () => {
  it('payload: a valid email; response: empty', () => {
    expect([askResetPasswordCall.method, askResetPasswordCall.route]).toEqual(['POST', '/ask-reset-password']);
    expect(fieldErrors(askResetPasswordCall.payload, { email: '' })).toEqual({
      email: '*Campo richiesto',
    });
    expect(v.parse(askResetPasswordCall.payload, { email: 'a@b.it' })).toEqual({ email: 'a@b.it' });
    expect(v.parse(askResetPasswordCall.response, {})).toEqual({});
    expect(v.parse(askResetPasswordCall.response, null)).toBeNull();
  });
});

describe('Subscribe to list POST /subscribe-to-list', () => {
  it('payload: email and the out-of-zone location', () => {
    expect(subscribeToListCall.route).toBe('/subscribe-to-list');
    expect(v.parse(subscribeToListCall.payload, { email: 'a@b.it', location: viaRomaNoNumber() }).email).toBe('a@b.it');
    expect(fieldErrors(subscribeToListCall.payload, { email: 'a@b.it' })).toEqual({
      location: '*Campo richiesto',
    });
    expect(fieldErrors(subscribeToListCall.payload, { email: 'a@b.it', location: {} })).toMatchObject({
      'location.address': 'Seleziona un indirizzo dalla lista dei suggerimenti',
    });
    expect(v.parse(subscribeToListCall.response, undefined)).toBeNull();
  });
});

describe('Providers of user GET /users/{id}/providers', () => {
  it('path from the id; response: providers', () => {
    expect(providersOfUserCall.method).toBe('GET');
    expect(pathOf(providersOfUserCall, { userId: 'u-1' })).toBe('/users/u-1/providers');
    const reply = v.parse(providersOfUserCall.response, {
      providers: [{ _id: 'p-1', firstName: 'Anna', lastName: 'Bianchi' }],
    });
    expect(reply.providers).toHaveLength(1);
    expect(fieldErrors(providersOfUserCall.response, { providers: [{ _id: 'p-1' }] })).toEqual({
      'providers.0.firstName': '*Campo richiesto',
      'providers.0.lastName': '*Campo richiesto',
    });
  });
});

describe('Check location POST /bookings/check-location', () => {
  it('payload: bookingLocation; response: canBeServed', () => {
    expect(checkLocationCall.route).toBe('/bookings/check-location');
    expect(v.parse(checkLocationCall.payload, { bookingLocation: viaRoma() }).bookingLocation.address).toBe(
      'Via Roma, 2, Torino',
    );
    expect(fieldErrors(checkLocationCall.payload, { bookingLocation: { address: 'Via Roma' } })).toMatchObject({
      'bookingLocation.googlePlaceId': 'Seleziona un indirizzo dalla lista dei suggerimenti',
    });
    expect(v.parse(checkLocationCall.response, { canBeServed: false })).toEqual({
      canBeServed: false,
    });
  });
});

const timesPayload = {
  bookingLocation: viaRoma(),
  services: ['svc-piega'],
  startDate: '2026-12-03',
};

describe('Available times POST /bookings/available-times', () => {
  it('payload: location, at least one service, a real date, optional provider', () => {
    expect([availableTimesCall.method, availableTimesCall.route]).toEqual(['POST', '/bookings/available-times']);
    expect(v.parse(availableTimesCall.payload, { ...timesPayload, providerId: 'p-1' }).providerId).toBe('p-1');
    expect(fieldErrors(availableTimesCall.payload, { ...timesPayload, services: [] })).toEqual({
      services: 'Devi selezionare almeno un servizio',
    });
    expect(fieldErrors(availableTimesCall.payload, { ...timesPayload, startDate: '2026-02-30' })).toEqual({
      startDate: 'Data non valida',
    });
    expect(fieldErrors(availableTimesCall.payload, { ...timesPayload, startDate: '3/12/2026' })).toEqual({
      startDate: 'Data non valida',
    });
  });
  it('response: availableTimes with supplements as numbers', () => {
    const reply = v.parse(availableTimesCall.response, {
      availableTimes: [slot, { ...slot, supplement: true }],
    });
    expect(reply.availableTimes.map((time) => time.supplement)).toEqual([10, 0]);
  });
});

describe('Salotto available times POST /bookings/available-times/salotto', () => {
  it('same payload and response on the salotto path', () => {
    expect(salottoAvailableTimesCall.route).toBe('/bookings/available-times/salotto');
    expect(v.parse(salottoAvailableTimesCall.payload, { ...timesPayload, startDate: '2028-02-29' }).startDate).toBe(
      '2028-02-29',
    );
    expect(fieldErrors(salottoAvailableTimesCall.payload, { ...timesPayload, startDate: '2027-02-29' })).toEqual({
      startDate: 'Data non valida',
    });
    expect(v.parse(salottoAvailableTimesCall.response, { availableTimes: [] })).toEqual({
      availableTimes: [],
    });
  });
});

describe('Sold-out days POST /bookings/available-days', () => {
  const payload = {
    ...timesPayload,
    startDate: undefined,
    fromDate: '2026-12-01',
    toDate: '2027-01-31',
  };
  it('payload: a range of real dates in order', () => {
    expect(availableDaysCall.route).toBe('/bookings/available-days');
    expect(v.parse(availableDaysCall.payload, payload).toDate).toBe('2027-01-31');
    expect(fieldErrors(availableDaysCall.payload, { ...payload, toDate: '2026-11-30' })).toEqual({
      toDate: 'Intervallo di date non valido',
    });
    expect(fieldErrors(availableDaysCall.payload, { ...payload, toDate: '2030-01-01' })).toEqual({
      toDate: 'Intervallo di date non valido',
    });
  });
  it('response: days with availability', () => {
    expect(v.parse(availableDaysCall.response, { days: [{ date: '2026-12-01', available: false }] }).days[0]).toEqual({
      date: '2026-12-01',
      available: false,
    });
    expect(fieldErrors(availableDaysCall.response, { days: [{ date: '2026-12-01', available: 1 }] })).toEqual({
      'days.0.available': 'Valore non valido',
    });
  });
});

describe('Services GET /services/list/v2', () => {
  const query = { category: 'hair', hairLength: 'long', lat: '45.0677', lng: '7.6824' };
  it('query: coerces coordinates and checks the category', () => {
    expect([servicesCall.method, servicesCall.route]).toEqual(['GET', '/services/list/v2']);
    expect(v.parse(servicesCall.query, query)).toEqual({ ...query, lat: 45.0677, lng: 7.6824 });
    expect(v.parse(servicesCall.query, { category: 'estetica', lat: '41.9', lng: '12.5' }).hairLength).toBeUndefined();
    expect(fieldErrors(servicesCall.query, { ...query, category: 'beauty' })).toEqual({
      category: 'Categoria non valida',
    });
    expect(fieldErrors(servicesCall.query, { ...query, lat: 'nord', lng: '200' })).toEqual({
      lat: 'Coordinate non valide',
      lng: 'Coordinate non valide',
    });
    expect(fieldErrors(servicesCall.query, { ...query, lat: '' })).toEqual({
      lat: 'Coordinate non valide',
    });
  });
  it('query: hair needs a hair length', () => {
    const { hairLength: _hair, ...withoutHair } = query;
    expect(fieldErrors(servicesCall.query, withoutHair)).toEqual({
      hairLength: 'Devi selezionare un opzione',
    });
  });
  it('response: the service list with converted prices', () => {
    const reply = v.parse(servicesCall.response, { services: serviceList });
    expect(reply.services.mainServices?.sections[0]?.items[0]?.services[0]?.price).toBe(0);
    expect(reply.services.secondaryServices).toBeNull();
  });
});

describe('Salotto services GET /services/list/salotto', () => {
  it('query: a comma list of API categories', () => {
    expect(salottoServicesCall.route).toBe('/services/list/salotto');
    expect(v.parse(salottoServicesCall.query, { categories: 'hair, estetica' })).toEqual({
      categories: ['hair', 'estetica'],
    });
    expect(fieldErrors(salottoServicesCall.query, { categories: '' })).toEqual({
      categories: 'Categoria non valida',
    });
    expect(fieldErrors(salottoServicesCall.query, { categories: 'hair,nails' })).toEqual({
      'categories.1': 'Categoria non valida',
    });
  });
  it('response: the same shape as services', () => {
    expect(v.parse(salottoServicesCall.response, { services: serviceList }).services.mainServices?.title).toBe(
      'Servizi',
    );
  });
});

describe('Create booking POST /bookings/store', () => {
  it('payload: SPEC fields with defaults and an optional idempotency key', () => {
    expect([createBookingCall.method, createBookingCall.route]).toEqual(['POST', '/bookings/store']);
    const payload = v.parse(createBookingCall.payload, {
      ...bookingPayload(),
      idempotencyKey: 'k-12345678',
    });
    expect(payload.idempotencyKey).toBe('k-12345678');
    expect(payload.fitToPlead).toBe(true);
    const { allergies: _a, notes: _n, couponCode: _c, isManualFlow: _m, ...minimal } = bookingPayload();
    expect(v.parse(createBookingCall.payload, minimal)).toMatchObject({
      allergies: '',
      notes: '',
      couponCode: '',
      isManualFlow: false,
    });
  });
  it('payload: refuses missing data at the right field', () => {
    expect(
      fieldErrors(createBookingCall.payload, {
        ...bookingPayload(),
        doorbellName: '',
        email: 'x',
        startTime: '9',
        services: [],
        location: viaRomaNoNumber(),
      }),
    ).toEqual({
      email: 'Formato invalido',
      location: 'Devi aggiungere il numero civico',
      services: 'Devi selezionare almeno un servizio',
      startTime: 'Orario non valido',
      doorbellName: '*Campo richiesto',
    });
  });
  it('payload: numberOfCustomers belongs to salotto only', () => {
    expect(v.parse(createBookingCall.payload, { ...bookingPayload(), numberOfCustomers: 3 })).not.toHaveProperty(
      'numberOfCustomers',
    );
  });
  it('query: onlyCheckCoupon is 0 or 1 when present', () => {
    expect(v.parse(createBookingCall.query, {})).toEqual({});
    expect(fieldErrors(createBookingCall.query, { onlyCheckCoupon: 'si' })).toEqual({
      onlyCheckCoupon: 'Valore non valido',
    });
  });
  it('response: booking, redirectUrl, discount default 0', () => {
    const reply = v.parse(createBookingCall.response, bookingReply);
    expect(reply.booking.total).toBe(25);
    expect(reply.booking.discount).toBe(0);
    expect(reply.redirectUrl).toBe('/');
  });
});

describe('Create salotto booking POST /bookings/store/salotto', () => {
  it('payload: needs numberOfCustomers ≥ 2', () => {
    expect(createSalottoBookingCall.route).toBe('/bookings/store/salotto');
    expect(
      v.parse(createSalottoBookingCall.payload, { ...bookingPayload(), numberOfCustomers: 4 }).numberOfCustomers,
    ).toBe(4);
    expect(fieldErrors(createSalottoBookingCall.payload, { ...bookingPayload(), numberOfCustomers: 1 })).toEqual({
      numberOfCustomers: 'Il salotto è per almeno 2 persone',
    });
    expect(fieldErrors(createSalottoBookingCall.payload, bookingPayload())).toEqual({
      numberOfCustomers: '*Campo richiesto',
    });
  });
  it('response: the booking', () => {
    expect(v.parse(createSalottoBookingCall.response, { ...bookingReply, signupToken: true }).signupToken).toBe(true);
  });
});

const couponPayload = {
  location: viaRoma(),
  services: ['svc-piega'],
  startDate: '2026-12-03',
  couponCode: 'BENVENUTA10',
};

const couponReply = {
  booking: {
    total: 22.5,
    totalBeforeDiscount: 25,
    discount: 2.5,
    customers: [
      {
        services: [
          {
            serviceId: 'svc-piega',
            name: 'Piega',
            price: 22.5,
            listPrice: 25,
            durationMM: 45,
            isMarketingDiscount: true,
          },
        ],
      },
    ],
  },
};

describe('Check coupon POST /bookings/store?onlyCheckCoupon=1', () => {
  it('query: onlyCheckCoupon=1 only', () => {
    expect([checkCouponCall.method, checkCouponCall.route]).toEqual(['POST', '/bookings/store']);
    expect(v.parse(checkCouponCall.query, { onlyCheckCoupon: '1' })).toEqual({
      onlyCheckCoupon: '1',
    });
    expect(v.is(checkCouponCall.query, {})).toBe(false);
  });
  it('payload: the cart and a code, personal data not yet needed', () => {
    expect(v.parse(checkCouponCall.payload, couponPayload).couponCode).toBe('BENVENUTA10');
    expect(fieldErrors(checkCouponCall.payload, { ...couponPayload, couponCode: ' ' })).toEqual({
      couponCode: '*Campo richiesto',
    });
  });
  it('response: discount and the first customer services, with no booking stored', () => {
    const reply = v.parse(checkCouponCall.response, couponReply);
    expect(reply.booking.discount).toBe(2.5);
    expect(reply.booking.customers[0]?.services[0]?.price).toBe(22.5);
  });
});

describe('Check salotto coupon POST /bookings/store/salotto?onlyCheckCoupon=1', () => {
  it('payload: salotto cart with numberOfCustomers; response: the preview', () => {
    expect(checkSalottoCouponCall.route).toBe('/bookings/store/salotto');
    expect(v.parse(checkSalottoCouponCall.payload, { ...couponPayload, numberOfCustomers: 2 }).numberOfCustomers).toBe(
      2,
    );
    expect(fieldErrors(checkSalottoCouponCall.payload, couponPayload)).toEqual({
      numberOfCustomers: '*Campo richiesto',
    });
    expect(v.parse(checkSalottoCouponCall.response, couponReply).booking.totalBeforeDiscount).toBe(25);
  });
});

describe('Geocoder autocomplete GET /geo/autocomplete', () => {
  it('query: a non-blank input; response: predictions', () => {
    expect([geoAutocompleteCall.method, geoAutocompleteCall.route]).toEqual(['GET', '/geo/autocomplete']);
    expect(v.parse(geoAutocompleteCall.query, { input: ' Via Roma 2, Torino ' })).toEqual({
      input: 'Via Roma 2, Torino',
    });
    expect(fieldErrors(geoAutocompleteCall.query, { input: '  ' })).toEqual({
      input: '*Campo richiesto',
    });
    const reply = v.parse(geoAutocompleteCall.response, {
      predictions: [
        {
          placeId: 'it-to-via-roma-2',
          description: 'Via Roma, 2, Torino',
          mainText: 'Via Roma, 2',
          secondaryText: 'Torino',
          hasStreetNumber: true,
        },
        {
          placeId: 'it-to-via-roma',
          description: 'Via Roma, Torino',
          mainText: 'Via Roma',
          hasStreetNumber: false,
        },
      ],
    });
    expect(reply.predictions[1]?.secondaryText).toBe('');
    expect(
      fieldErrors(geoAutocompleteCall.response, {
        predictions: [{ placeId: 'x', description: 'x', mainText: 'x' }],
      }),
    ).toEqual({ 'predictions.0.hasStreetNumber': '*Campo richiesto' });
  });
});

describe('Geocoder place GET /geo/place/{id}', () => {
  it('path from the place id; response: a location', () => {
    expect(pathOf(geoPlaceCall, { placeId: 'it/to 1' })).toBe('/geo/place/it%2Fto%201');
    expect(geoPlaceCall.route).toBe('/geo/place/:placeId');
    expect(
      v.parse(geoPlaceCall.response, { location: viaRomaNoNumber() }).location.components.streetNumber,
    ).toBeUndefined();
    expect(fieldErrors(geoPlaceCall.response, { location: null })).toEqual({
      location: 'Seleziona un indirizzo dalla lista dei suggerimenti',
    });
  });
});

describe('API_CALLS', () => {
  it('lists every call once, each (method, route, query variant) distinct', () => {
    const calls = Object.values(API_CALLS);
    expect(calls).toHaveLength(66);
    const keys = calls.map(
      (call) =>
        `${call.method} ${call.route} ${call === checkCouponCall || call === checkSalottoCouponCall ? 'coupon' : ''}`,
    );
    expect(new Set(keys).size).toBe(calls.length);
  });

  it('routes start with /; a path is its route with the parameters filled in, and refused without them', () => {
    for (const call of Object.values(API_CALLS)) {
      expect(call.route.startsWith('/')).toBe(true);
      if (!call.route.includes(':')) expect(pathOf(call)).toBe(call.route);
    }
    expect(() => pathOf(updateUserCall)).toThrow();
    expect(() => pathOf(updateUserCall, { userId: '' })).toThrow();
    expect(pathOf(updateUserCall, { userId: 'a/b?c' })).toBe('/users/a%2Fb%3Fc');
  });

  it('every response output parses again to itself (the server may check what it sends)', () => {
    const samples: Array<[v.GenericSchema, unknown]> = [
      [loginCall.response, auth],
      [servicesCall.response, { services: serviceList }],
      [availableTimesCall.response, { availableTimes: [slot] }],
      [createBookingCall.response, bookingReply],
      [checkCouponCall.response, couponReply],
    ];
    for (const [schema, sample] of samples) {
      const once = v.parse(schema, sample);
      expect(v.parse(schema, once)).toEqual(once);
    }
  });
});
