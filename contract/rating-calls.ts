import * as v from 'valibot';
import { appointmentParams, manageTokenQuery, type ApiCall } from './calls';
import { MESSAGES } from './messages';
import { appointmentRatingSchema, proRatingSchema, ratingPayloadSchema, ratingSummarySchema } from './rating';

/**
 * Ratings (ours, issue 29). Apart from calls.ts so that the wizard's first load never downloads
 * them (the rating screen and the agenda load them with their own chunk).
 *
 * Who may rate: the customer of an appointment that took place, signed in as its owner (bearer)
 * or holding the invitation e-mail's token (`?token=`, bound to that booking, valid until the
 * rating is final). Anyone else gets 404, as for a booking that does not exist. Rate-limited as the
 * manage routes. Refused with 409 and why: before its end, when it did not take place (cancelled,
 * never confirmed), after RATING_EDIT_DAYS.
 */

// The appointment's id and the link's token (`?token=`) are read as the manage routes read theirs.
const ratingResponseSchema = v.object({ rating: appointmentRatingSchema });

/** The appointment to rate, with what she gave each professional so far. */
export const appointmentRatingCall = {
  method: 'GET',
  route: '/appointments/:bookingId/rating',
  params: appointmentParams,
  query: manageTokenQuery,
  response: ratingResponseSchema,
} satisfies ApiCall;

/**
 * Rates (or, within RATING_EDIT_DAYS of the end, changes) the professionals named: one rating per
 * booking and professional, the database's rule, so N concurrent sends store one.
 */
export const rateAppointmentCall = {
  method: 'POST',
  route: '/appointments/:bookingId/rating',
  params: appointmentParams,
  query: manageTokenQuery,
  payload: ratingPayloadSchema,
  response: ratingResponseSchema,
} satisfies ApiCall;

/**
 * The professional's own ratings (her agenda): the standing of the last RATING_WINDOW_MONTHS and
 * those ratings, newest first, comments included. Signed in as a professional (403 otherwise).
 */
export const proRatingsCall = {
  method: 'GET',
  route: '/pro/ratings',
  response: v.object({ summary: ratingSummarySchema, ratings: v.array(proRatingSchema, MESSAGES.invalidValue) }),
} satisfies ApiCall;
