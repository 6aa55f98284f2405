import * as v from 'valibot';
import { API_CATEGORIES, HAIR_LENGTHS, LIMITS } from './constants';
import { MESSAGES } from './messages';
import { emailField, idField, isoDateField, optionalText, phoneNumberField, requiredText, timeField } from './fields';
import { locationSchema, locationWithNumberSchema } from './location';
import { userSchema, nextBookingsDataSchema } from './user';
import { serviceListSchema } from './service';
import { availableTimeSchema } from './slot';
import { providerSchema } from './provider';
import { appointmentSchema } from './appointment';
import { savedDraftSchema } from './draft';
import { bookingSchema, couponCheckSchema } from './booking';
import { loginFormSchema, passwordField } from './forms';
import { holderKeyField, optionalHolderKeyField, releaseHoldResponseSchema, slotHoldResponseSchema } from './hold';

/**
 * Every call of SPEC §7, one object each: method, `route` (the Hono pattern the server registers,
 * and the client's path once `pathOf` fills its parameters in), and the schemas of params, query, payload and
 * response data (the `data` inside the envelope of envelope.ts). Paths marked "ours" are the
 * ones SPEC leaves unshown. Query values arrive as strings and are coerced here.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ApiCall {
  method: HttpMethod;
  /** The Hono pattern, `:name` for a path parameter; the client fills it in with `pathOf`. */
  route: string;
  params?: v.GenericSchema;
  query?: v.GenericSchema;
  payload?: v.GenericSchema;
  response: v.GenericSchema;
}

/**
 * The path of a call: its route with each `:name` replaced by `params[name]`, URL-encoded. Throws
 * when a parameter is missing or empty (the caller has nothing to address).
 */
export function pathOf(call: Pick<ApiCall, 'route'>, params?: Readonly<Record<string, unknown>> | null): string {
  return call.route.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${call.route}: ${name} mancante`);
    return encodeURIComponent(String(value));
  });
}

type SchemaOf<C, K extends string> = C extends { [P in K]: infer S extends v.GenericSchema } ? S : never;
/** What the caller sends (before conversion). */
export type CallPayloadInput<C extends ApiCall> = v.InferInput<SchemaOf<C, 'payload'>>;
/** What the handler receives after validation. */
export type CallPayload<C extends ApiCall> = v.InferOutput<SchemaOf<C, 'payload'>>;
export type CallQueryInput<C extends ApiCall> = v.InferInput<SchemaOf<C, 'query'>>;
export type CallQuery<C extends ApiCall> = v.InferOutput<SchemaOf<C, 'query'>>;
export type CallParamsInput<C extends ApiCall> = v.InferInput<SchemaOf<C, 'params'>>;
export type CallParams<C extends ApiCall> = v.InferOutput<SchemaOf<C, 'params'>>;
/** What the server puts in `data`. */
export type CallResponseInput<C extends ApiCall> = v.InferInput<SchemaOf<C, 'response'>>;
/** What the app holds after parsing `data`. */
export type CallResponse<C extends ApiCall> = v.InferOutput<SchemaOf<C, 'response'>>;

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

/** A reply with nothing to say: `{}` or null. */
export const emptyResponseSchema = v.nullish(v.object({}), null);

export const authResponseSchema = v.object({
  token: v.pipe(v.string(MESSAGES.invalidValue), v.nonEmpty(MESSAGES.invalidValue)),
  user: userSchema,
});
export type AuthResponse = v.InferOutput<typeof authResponseSchema>;

export const userResponseSchema = v.object({ user: userSchema });

/** Sign-up and reset token checks answer the same. */
export const tokenCheckResponseSchema = v.object({
  email: emailField,
  requireName: v.boolean(MESSAGES.invalidValue),
});
export type TokenCheckResponse = v.InferOutput<typeof tokenCheckResponseSchema>;

const tokenQueryField = v.pipe(v.string(MESSAGES.required), v.trim(), v.nonEmpty(MESSAGES.required));

const queryCoordinate = (min: number, max: number) =>
  v.pipe(
    v.string(MESSAGES.invalidCoordinates),
    v.trim(),
    v.nonEmpty(MESSAGES.invalidCoordinates),
    v.transform(Number),
    v.number(MESSAGES.invalidCoordinates),
    v.minValue(min, MESSAGES.invalidCoordinates),
    v.maxValue(max, MESSAGES.invalidCoordinates),
  );

/** Service ids sent to availability and booking: at least one. */
const serviceIdsField = v.pipe(
  v.array(idField, MESSAGES.selectAtLeastOneService),
  v.minLength(1, MESSAGES.selectAtLeastOneService),
);

const userIdParams = v.object({ userId: idField });

// ---------------------------------------------------------------------------------------------
// Session and account
// ---------------------------------------------------------------------------------------------

export const loginCall = {
  method: 'POST',
  route: '/login',
  payload: loginFormSchema,
  response: authResponseSchema,
} satisfies ApiCall;

/** Ours: `/login?token=` signs in with a one-time token. */
export const loginByTokenCall = {
  method: 'POST',
  route: '/login/token',
  payload: v.object({ token: tokenQueryField }),
  response: authResponseSchema,
} satisfies ApiCall;

/** Ours: ends the session of the bearer it is sent with (the token stops working at once). */
export const logoutCall = {
  method: 'POST',
  route: '/logout',
  response: v.object({}),
} satisfies ApiCall;

export const currentUserCall = {
  method: 'GET',
  route: '/me',
  response: userResponseSchema,
} satisfies ApiCall;

export const nextBookingsCall = {
  method: 'GET',
  route: '/me/next',
  response: nextBookingsDataSchema,
} satisfies ApiCall;

export const updateUserPayloadSchema = v.object({
  firstName: requiredText,
  lastName: requiredText,
  location: locationSchema,
  phoneNumber: phoneNumberField,
  /** SPEC §3: the profile's e-mail travels as accountEmail. */
  accountEmail: emailField,
});

/** SPEC leaves the method unshown; a partial change of a resource is PATCH. */
export const updateUserCall = {
  method: 'PATCH',
  route: '/users/:userId',
  params: userIdParams,
  payload: updateUserPayloadSchema,
  response: userResponseSchema,
} satisfies ApiCall;

export const completeSignupCall = {
  method: 'POST',
  route: '/complete-signup',
  payload: v.object({
    signupToken: tokenQueryField,
    password: passwordField,
    /** Required by the server only when the token check said requireName. */
    firstName: optionalText,
    lastName: optionalText,
  }),
  response: authResponseSchema,
} satisfies ApiCall;

export const checkSignupTokenCall = {
  method: 'GET',
  route: '/check-signup-token',
  query: v.object({ signupToken: tokenQueryField }),
  response: tokenCheckResponseSchema,
} satisfies ApiCall;

/** Ours: the reset link's token and e-mail, checked before the password form shows. */
export const checkResetTokenCall = {
  method: 'GET',
  route: '/check-reset-token',
  query: v.object({ token: tokenQueryField, email: emailField }),
  response: tokenCheckResponseSchema,
} satisfies ApiCall;

export const askResetPasswordCall = {
  method: 'POST',
  route: '/ask-reset-password',
  payload: v.object({ email: emailField }),
  response: emptyResponseSchema,
} satisfies ApiCall;

export const subscribeToListCall = {
  method: 'POST',
  route: '/subscribe-to-list',
  payload: v.object({ email: emailField, location: locationSchema }),
  response: emptyResponseSchema,
} satisfies ApiCall;

export const providersOfUserCall = {
  method: 'GET',
  route: '/users/:userId/providers',
  params: userIdParams,
  response: v.object({ providers: v.array(providerSchema, MESSAGES.invalidValue) }),
} satisfies ApiCall;

// ---------------------------------------------------------------------------------------------
// Availability
// ---------------------------------------------------------------------------------------------

export const checkLocationCall = {
  method: 'POST',
  route: '/bookings/check-location',
  payload: v.object({ bookingLocation: locationSchema }),
  response: v.object({ canBeServed: v.boolean(MESSAGES.invalidValue) }),
} satisfies ApiCall;

/** Ours, beside SPEC's fields: hair prices and durations depend on the hair length. */
const hairLengthField = v.nullish(v.picklist(HAIR_LENGTHS, MESSAGES.selectOption));

export const availableTimesPayloadSchema = v.object({
  bookingLocation: locationSchema,
  services: serviceIdsField,
  startDate: isoDateField,
  providerId: v.nullish(idField),
  hairLength: hairLengthField,
  /** Ours: a salotto's slot lasts longer with more people. */
  numberOfCustomers: v.optional(
    v.pipe(v.number(MESSAGES.salottoMinParticipants), v.integer(MESSAGES.salottoMinParticipants)),
  ),
  /** Ours (issue 28): her holder key; the time she holds stays offered to her, marked `heldByYou`. */
  holderKey: optionalHolderKeyField,
});
export const availableTimesResponseSchema = v.object({
  availableTimes: v.array(availableTimeSchema, MESSAGES.invalidValue),
});

export const availableTimesCall = {
  method: 'POST',
  route: '/bookings/available-times',
  payload: availableTimesPayloadSchema,
  response: availableTimesResponseSchema,
} satisfies ApiCall;

export const salottoAvailableTimesCall = {
  method: 'POST',
  route: '/bookings/available-times/salotto',
  payload: availableTimesPayloadSchema,
  response: availableTimesResponseSchema,
} satisfies ApiCall;

const dayIndex = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000;

export const availableDaysPayloadSchema = v.pipe(
  v.object({
    bookingLocation: locationSchema,
    services: serviceIdsField,
    fromDate: isoDateField,
    toDate: isoDateField,
    providerId: v.nullish(idField),
    /** Ours (issue 28): her holder key; a day whose only free time is hers stays available to her. */
    holderKey: optionalHolderKeyField,
  }),
  v.forward(
    v.partialCheck(
      [['fromDate'], ['toDate']],
      ({ fromDate, toDate }) => {
        const span = dayIndex(toDate) - dayIndex(fromDate);
        return span >= 0 && span <= LIMITS.availableDaysMaxSpan;
      },
      MESSAGES.invalidDateRange,
    ),
    ['toDate'],
  ),
);

/** Ours: which days of a range still have a free slot (the day picker greys out the others). */
export const availableDaysCall = {
  method: 'POST',
  route: '/bookings/available-days',
  payload: availableDaysPayloadSchema,
  response: v.object({
    days: v.array(v.object({ date: isoDateField, available: v.boolean(MESSAGES.invalidValue) }), MESSAGES.invalidValue),
  }),
} satisfies ApiCall;

// ---------------------------------------------------------------------------------------------
// Holding a time while she fills the checkout (ours, issue 28)
// ---------------------------------------------------------------------------------------------

/**
 * What availability needs to find the professional of the time (the available-times payload), the
 * time itself, and her holder key.
 */
export const holdSlotPayloadSchema = v.object({
  ...availableTimesPayloadSchema.entries,
  startTime: timeField,
  holderKey: holderKeyField,
});
const holderKeyPayloadSchema = v.object({ holderKey: holderKeyField });

/**
 * Holds a time for SLOT_HOLD_MINUTES: the professional the booking would go to (a salotto: each
 * member of its team) is taken for it, travel buffers included, under the database's no-overlap
 * rule, so nobody else is offered it or can book it. Her previous hold (same key) is released in
 * the same transaction: one holder, one hold. 201 with the hold; 409 'Qualcun’altra ha appena
 * scelto questo orario…' when it is held by someone else, booked, or no longer offered.
 */
export const holdSlotCall = {
  method: 'POST',
  route: '/bookings/holds',
  payload: holdSlotPayloadSchema,
  response: slotHoldResponseSchema,
} satisfies ApiCall;

/** The same for a salotto (`numberOfCustomers`, 2 when missing). */
export const holdSalottoSlotCall = {
  method: 'POST',
  route: '/bookings/holds/salotto',
  payload: holdSlotPayloadSchema,
  response: slotHoldResponseSchema,
} satisfies ApiCall;

/**
 * Renews her hold to now + SLOT_HOLD_MINUTES while it has not lapsed (the checkout calls it before
 * `expiresAt`). 409 'Il tempo per confermare questo orario è scaduto…' when she holds nothing (lapsed,
 * released, or never held): she picks again.
 */
export const renewHoldCall = {
  method: 'POST',
  route: '/bookings/holds/renew',
  payload: holderKeyPayloadSchema,
  response: slotHoldResponseSchema,
} satisfies ApiCall;

/** Releases her hold (Back, another day, leaving the wizard, logout). Idempotent: 200 either way. */
export const releaseHoldCall = {
  method: 'DELETE',
  route: '/bookings/holds/:holderKey',
  params: holderKeyPayloadSchema,
  response: releaseHoldResponseSchema,
} satisfies ApiCall;

/**
 * The release as `navigator.sendBeacon` sends it on `pagehide` (a beacon can only POST): the body
 * `{"holderKey":"…"}` as application/json or text/plain (the one write that accepts text/plain).
 */
export const releaseHoldBeaconCall = {
  method: 'POST',
  route: '/bookings/holds/release',
  payload: holderKeyPayloadSchema,
  response: releaseHoldResponseSchema,
} satisfies ApiCall;

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

const servicesResponseSchema = v.object({ services: serviceListSchema });

/** hairLength is needed for hair only (prices depend on it). */
export const servicesQuerySchema = v.pipe(
  v.object({
    category: v.picklist(API_CATEGORIES, MESSAGES.invalidCategory),
    hairLength: v.optional(v.picklist(HAIR_LENGTHS, MESSAGES.selectOption)),
    lat: queryCoordinate(-90, 90),
    lng: queryCoordinate(-180, 180),
  }),
  v.forward(
    v.partialCheck(
      [['category'], ['hairLength']],
      ({ category, hairLength }) => category !== 'hair' || hairLength !== undefined,
      MESSAGES.selectOption,
    ),
    ['hairLength'],
  ),
);

export const servicesCall = {
  method: 'GET',
  route: '/services/list/v2',
  query: servicesQuerySchema,
  response: servicesResponseSchema,
} satisfies ApiCall;

/** `categories=hair,estetica` → ['hair', 'estetica']. */
export const salottoServicesQuerySchema = v.object({
  categories: v.pipe(
    v.string(MESSAGES.invalidCategory),
    v.transform((list) =>
      list
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
    v.array(v.picklist(API_CATEGORIES, MESSAGES.invalidCategory)),
    v.minLength(1, MESSAGES.invalidCategory),
  ),
});

export const salottoServicesCall = {
  method: 'GET',
  route: '/services/list/salotto',
  query: salottoServicesQuerySchema,
  response: servicesResponseSchema,
} satisfies ApiCall;

// ---------------------------------------------------------------------------------------------
// Booking
// ---------------------------------------------------------------------------------------------

const utmField = v.nullish(v.string(MESSAGES.invalidValue), null);

const bookingPayloadEntries = {
  firstName: requiredText,
  lastName: requiredText,
  email: emailField,
  phoneNumber: phoneNumberField,
  providerId: v.nullish(idField, null),
  location: locationWithNumberSchema,
  services: serviceIdsField,
  startDate: isoDateField,
  startTime: timeField,
  hairLength: hairLengthField,
  isManualFlow: v.optional(v.boolean(MESSAGES.invalidValue), false),
  allergies: optionalText,
  doorbellName: requiredText,
  notes: optionalText,
  fitToPlead: v.boolean(MESSAGES.required),
  allowMarketing: v.optional(v.boolean(MESSAGES.invalidValue), false),
  couponCode: optionalText,
  utm_source: utmField,
  utm_medium: utmField,
  utm_campaign: utmField,
  utm_content: utmField,
  /** Ours: a retried submission with the same key returns the first booking, never a second. */
  idempotencyKey: v.optional(
    v.pipe(
      v.string(MESSAGES.invalidValue),
      v.minLength(8, MESSAGES.invalidValue),
      v.maxLength(128, MESSAGES.invalidValue),
    ),
  ),
  /**
   * Ours (issue 28): her holder key. The time she holds is booked as held (the professional held
   * for her, whatever happened meanwhile) and her hold ends with the booking; without it, or once
   * it lapsed, the time is booked only if it is still free.
   */
  holderKey: optionalHolderKeyField,
};

export const numberOfCustomersField = v.pipe(
  v.number(MESSAGES.salottoMinParticipants),
  v.integer(MESSAGES.salottoMinParticipants),
  v.minValue(LIMITS.salottoMinParticipants, MESSAGES.salottoMinParticipants),
);

export const createBookingPayloadSchema = v.object(bookingPayloadEntries);
export const createSalottoBookingPayloadSchema = v.object({
  ...bookingPayloadEntries,
  numberOfCustomers: numberOfCustomersField,
});

/**
 * `?onlyCheckCoupon=1`: the coupon is tried on the cart before the personal data may be filled
 * in, so those fields are optional here and the code is required.
 */
const couponCheckEntries = {
  ...bookingPayloadEntries,
  firstName: optionalText,
  lastName: optionalText,
  email: optionalText,
  phoneNumber: optionalText,
  doorbellName: optionalText,
  fitToPlead: v.optional(v.boolean(MESSAGES.invalidValue)),
  location: locationSchema,
  startTime: v.optional(timeField),
  couponCode: requiredText,
};
export const couponCheckPayloadSchema = v.object(couponCheckEntries);
export const salottoCouponCheckPayloadSchema = v.object({
  ...couponCheckEntries,
  numberOfCustomers: numberOfCustomersField,
});

/** The store route reads this to tell a booking from a coupon check. */
export const bookingStoreQuerySchema = v.object({
  onlyCheckCoupon: v.optional(v.picklist(['0', '1'], MESSAGES.invalidValue)),
});
const couponCheckQuerySchema = v.object({ onlyCheckCoupon: v.literal('1', MESSAGES.invalidValue) });

export const createBookingCall = {
  method: 'POST',
  route: '/bookings/store',
  query: bookingStoreQuerySchema,
  payload: createBookingPayloadSchema,
  response: bookingSchema,
} satisfies ApiCall;

export const createSalottoBookingCall = {
  method: 'POST',
  route: '/bookings/store/salotto',
  query: bookingStoreQuerySchema,
  payload: createSalottoBookingPayloadSchema,
  response: bookingSchema,
} satisfies ApiCall;

export const checkCouponCall = {
  method: 'POST',
  route: '/bookings/store',
  query: couponCheckQuerySchema,
  payload: couponCheckPayloadSchema,
  response: couponCheckSchema,
} satisfies ApiCall;

export const checkSalottoCouponCall = {
  method: 'POST',
  route: '/bookings/store/salotto',
  query: couponCheckQuerySchema,
  payload: salottoCouponCheckPayloadSchema,
  response: couponCheckSchema,
} satisfies ApiCall;

// ---------------------------------------------------------------------------------------------
// Geocoder (ours: the embedded gazetteer, used when no Google Maps key is configured)
// ---------------------------------------------------------------------------------------------

export const predictionSchema = v.object({
  placeId: idField,
  description: v.string(MESSAGES.invalidValue),
  mainText: v.string(MESSAGES.invalidValue),
  secondaryText: v.optional(v.string(MESSAGES.invalidValue), ''),
  hasStreetNumber: v.boolean(MESSAGES.invalidValue),
});
export type Prediction = v.InferOutput<typeof predictionSchema>;

export const geoAutocompleteCall = {
  method: 'GET',
  route: '/geo/autocomplete',
  query: v.object({
    input: v.pipe(
      v.string(MESSAGES.required),
      v.trim(),
      v.nonEmpty(MESSAGES.required),
      v.maxLength(200, MESSAGES.invalidValue),
    ),
  }),
  response: v.object({ predictions: v.array(predictionSchema, MESSAGES.invalidValue) }),
} satisfies ApiCall;

export const geoPlaceCall = {
  method: 'GET',
  route: '/geo/place/:placeId',
  params: v.object({ placeId: idField }),
  response: v.object({ location: locationSchema }),
} satisfies ApiCall;

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Appointments (ours, issue 16): one booking, opened and cancelled by its customer
// ---------------------------------------------------------------------------------------------

export const appointmentParams = v.object({ bookingId: idField });
/**
 * Who may open it: the signed-in customer (bearer), or the holder of its manage link's token
 * (`?token=`, bound to this booking only). Anyone else gets 404, as for a booking that does not exist.
 */
export const manageTokenQuery = v.object({ token: v.optional(tokenQueryField) });
const appointmentResponseSchema = v.object({ appointment: appointmentSchema });
/** The day to move to, and whether she keeps her professional (the default) or takes whoever is free. */
const moveDayFields = {
  startDate: isoDateField,
  keepProfessional: v.optional(v.boolean(MESSAGES.invalidValue), true),
};

export const appointmentCall = {
  method: 'GET',
  route: '/appointments/:bookingId',
  params: appointmentParams,
  query: manageTokenQuery,
  response: appointmentResponseSchema,
} satisfies ApiCall;

/**
 * Cancels it (free until FREE_CANCELLATION_HOURS before the start; 409 after). Its time is free
 * again at once; the e-mail carries the calendar's cancellation. Cancelling it again answers the
 * same appointment, with no second e-mail.
 */
export const cancelAppointmentCall = {
  method: 'POST',
  route: '/appointments/:bookingId/cancel',
  params: appointmentParams,
  query: manageTokenQuery,
  response: appointmentResponseSchema,
} satisfies ApiCall;

/**
 * Moves it (a single booking; a salotto is moved by phone) to another free time for the same
 * address and services, with the same professional unless `keepProfessional` is false; price and
 * code are kept. Free until FREE_CANCELLATION_HOURS before its current start (409 after). One
 * transaction: the old time is freed only if the new one is won (409 otherwise, nothing changes).
 */
export const rescheduleAppointmentCall = {
  method: 'POST',
  route: '/appointments/:bookingId/reschedule',
  params: appointmentParams,
  query: manageTokenQuery,
  payload: v.object({ ...moveDayFields, startTime: timeField }),
  response: appointmentResponseSchema,
} satisfies ApiCall;

/**
 * The free times of a day to move an appointment to (a single booking): its address, services,
 * length and people, with her professional unless `keepProfessional` is false. The appointment's
 * own time counts as free (she gives it up by moving). Same answer shape as availableTimesCall.
 */
export const appointmentAvailableTimesCall = {
  method: 'POST',
  route: '/appointments/:bookingId/available-times',
  params: appointmentParams,
  query: manageTokenQuery,
  payload: v.object(moveDayFields),
  response: availableTimesResponseSchema,
} satisfies ApiCall;

/**
 * The optional reminder two hours before (the one of the evening before is always sent): on or
 * off while the appointment is ahead and not cancelled; a move keeps the choice for the new time.
 */
export const appointmentReminderCall = {
  method: 'POST',
  route: '/appointments/:bookingId/reminder',
  params: appointmentParams,
  query: manageTokenQuery,
  payload: v.object({ twoHoursBefore: v.boolean(MESSAGES.invalidValue) }),
  response: appointmentResponseSchema,
} satisfies ApiCall;

// ---------------------------------------------------------------------------------------------
// Waitlist (ours, issue 16)
// ---------------------------------------------------------------------------------------------

/**
 * Ours (issue 16): 'Avvisami se si libera un orario' on a day with no free time. When a
 * cancellation or a move frees time that day, she gets an e-mail if her address and services now
 * have a slot; one entry per e-mail and day (joining again updates it).
 */
export const joinWaitlistCall = {
  method: 'POST',
  route: '/waitlist',
  payload: v.object({
    email: emailField,
    location: locationSchema,
    date: isoDateField,
    services: serviceIdsField,
    hairLength: v.nullish(v.picklist(HAIR_LENGTHS, MESSAGES.selectOption), null),
    numberOfCustomers: v.optional(numberOfCustomersField),
    /** The wizard's draft on that day, given back by the offer's link (waitlistOfferCall). */
    draft: v.nullish(savedDraftSchema, null),
  }),
  response: emptyResponseSchema,
} satisfies ApiCall;

/**
 * The offer's link (`/waitlist/:entryId?token=`): the day that has free time again and the draft
 * she left, so the wizard opens on that day with everything chosen. Only the e-mail's token opens
 * it (bound to the entry); anything else is a 404.
 */
export const waitlistOfferCall = {
  method: 'GET',
  route: '/waitlist/:entryId',
  params: v.object({ entryId: idField }),
  query: v.object({ token: tokenQueryField }),
  response: v.object({ date: isoDateField, draft: v.nullable(savedDraftSchema) }),
} satisfies ApiCall;

// ---------------------------------------------------------------------------------------------
// Another time offered (ours, issue 27); the professionals' own calls are in pro-calls.ts
// ---------------------------------------------------------------------------------------------

/**
 * The customer's answer to another time offered (the offer's e-mail opens the appointment): accept
 * (confirmed at that time) or decline (cancelled, the time freed). Bearer or the manage token.
 */
export const appointmentOfferCall = {
  method: 'POST',
  route: '/appointments/:bookingId/offer',
  params: appointmentParams,
  query: manageTokenQuery,
  payload: v.object({ accept: v.boolean(MESSAGES.invalidValue) }),
  response: appointmentResponseSchema,
} satisfies ApiCall;

/**
 * 'Prenota di nuovo' (ours, issue 27: the declined request's e-mail): the wizard's draft on the same
 * address and services as they are offered today, and the day she had asked for (today once it has
 * passed), in the shape of a waitlist offer. Bearer or the manage token.
 */
export const appointmentRebookCall = {
  method: 'GET',
  route: '/appointments/:bookingId/rebook',
  params: appointmentParams,
  query: manageTokenQuery,
  response: waitlistOfferCall.response,
} satisfies ApiCall;

// Named shorthands for the calls most code touches.
export type LoginPayload = CallPayloadInput<typeof loginCall>;
export type LoginResponse = CallResponse<typeof loginCall>;
export type UpdateUserPayload = CallPayloadInput<typeof updateUserCall>;
export type AvailableTimesPayload = CallPayloadInput<typeof availableTimesCall>;
export type AvailableDaysPayload = CallPayloadInput<typeof availableDaysCall>;
export type AvailableDaysResponse = CallResponse<typeof availableDaysCall>;
export type HoldSlotPayload = CallPayloadInput<typeof holdSlotCall>;
export type HoldSlotResponse = CallResponse<typeof holdSlotCall>;
export type ServicesQuery = CallQuery<typeof servicesCall>;
export type ServicesQueryInput = CallQueryInput<typeof servicesCall>;
export type CreateBookingPayload = CallPayloadInput<typeof createBookingCall>;
export type CreateBookingPayloadOutput = CallPayload<typeof createBookingCall>;
export type CreateSalottoBookingPayload = CallPayloadInput<typeof createSalottoBookingCall>;
export type CouponCheckPayload = CallPayloadInput<typeof checkCouponCall>;
export type CreateBookingResponse = CallResponse<typeof createBookingCall>;
export type CouponCheckResponse = CallResponse<typeof checkCouponCall>;
export type GeoAutocompleteResponse = CallResponse<typeof geoAutocompleteCall>;
