import * as v from 'valibot';
import { type ApiCall, availableTimesResponseSchema } from './calls';
import { API_CATEGORIES } from './constants';
import { idField, isoDateField, timeField } from './fields';
import { MESSAGES } from './messages';
import {
  DECLINE_MESSAGE_MAX,
  declineReasonField,
  PRO_MESSAGES,
  proAppointmentSchema,
  proMeSchema,
  QUOTE_INCLUDES_MAX,
  quoteTotalField,
} from './pro';

/**
 * The professionals' side (ours, issue 27): her agenda, the requests, the team's salotto quotes.
 * Apart from calls.ts so that the customer's screens never download them (the first load checks
 * every call it imports). Signed in (bearer) as a professional (a user with isProvider, linked to
 * her professional record) or a team member (role 'team'). A customer gets 403 on the lists; a
 * request the caller may not address is a 404, exactly as one that does not exist. Answering one
 * that no longer waits for the caller (answered, passed on, cancelled) is a 409 that says why.
 */

const requestParams = v.object({ bookingId: idField });
const proAppointmentResponseSchema = v.object({ appointment: proAppointmentSchema });

/** Who she is on this side: her professional record and whether she is on the team (403 for a customer). */
export const proMeCall = {
  method: 'GET',
  route: '/pro/me',
  response: proMeSchema,
} satisfies ApiCall;

/** Her agenda: her appointments (confirmed and waiting) from `from` (default: today) for `days` days (1–31, default 7). */
export const proAgendaCall = {
  method: 'GET',
  route: '/pro/agenda',
  query: v.object({
    from: v.optional(isoDateField),
    days: v.optional(
      v.pipe(
        v.string(MESSAGES.invalidNumber),
        v.transform(Number),
        v.integer(MESSAGES.invalidNumber),
        v.minValue(1, MESSAGES.invalidNumber),
        v.maxValue(31, MESSAGES.invalidNumber),
      ),
    ),
  }),
  response: v.object({ appointments: v.array(proAppointmentSchema, MESSAGES.invalidValue) }),
} satisfies ApiCall;

/**
 * The requests waiting for the caller, soonest deadline first: a professional's own (stage
 * 'professional'); for the team, every request still unanswered and every salotto.
 */
export const proRequestsCall = {
  method: 'GET',
  route: '/pro/requests',
  response: v.object({ requests: v.array(proAppointmentSchema, MESSAGES.invalidValue) }),
} satisfies ApiCall;

/** One request, with what the caller may do with it (`actions`). */
export const proRequestCall = {
  method: 'GET',
  route: '/pro/requests/:bookingId',
  params: requestParams,
  response: proAppointmentResponseSchema,
} satisfies ApiCall;

/** Accepts it: confirmed; the customer is e-mailed the confirmation with the calendar's update. */
export const acceptRequestCall = {
  method: 'POST',
  route: '/pro/requests/:bookingId/accept',
  params: requestParams,
  response: proAppointmentResponseSchema,
} satisfies ApiCall;

/** Declines it with a reason ('other' needs her words): cancelled, the time freed, the customer e-mailed. */
export const declineRequestCall = {
  method: 'POST',
  route: '/pro/requests/:bookingId/decline',
  params: requestParams,
  payload: v.pipe(
    v.object({
      reason: declineReasonField,
      message: v.optional(
        v.pipe(
          v.string(MESSAGES.invalidValue),
          v.trim(),
          v.maxLength(DECLINE_MESSAGE_MAX, PRO_MESSAGES.declineMessageTooLong),
        ),
        '',
      ),
    }),
    v.forward(
      v.check((input) => input.reason !== 'other' || input.message !== '', PRO_MESSAGES.declineWords),
      ['message'],
    ),
  ),
  response: proAppointmentResponseSchema,
} satisfies ApiCall;

/** Her own free times on a day, to offer instead (the request's address, services and length). */
export const requestAvailableTimesCall = {
  method: 'POST',
  route: '/pro/requests/:bookingId/available-times',
  params: requestParams,
  payload: v.object({ startDate: isoDateField }),
  response: availableTimesResponseSchema,
} satisfies ApiCall;

/**
 * Offers another of her free times: the request moves there at once (the time is hers, the one
 * asked for is freed) and waits for the customer's answer (appointmentOfferCall).
 */
export const offerRequestCall = {
  method: 'POST',
  route: '/pro/requests/:bookingId/offer',
  params: requestParams,
  payload: v.object({ startDate: isoDateField, startTime: timeField }),
  response: proAppointmentResponseSchema,
} satisfies ApiCall;

/**
 * The team's outcome of a salotto's consultation call: the quote (total, what it includes), the
 * team (by default the one proposed; a member may be replaced, her time held by the same
 * no-overlap rule), confirmed; the customer is e-mailed the quote with the calendar file.
 */
export const quoteSalottoCall = {
  method: 'POST',
  route: '/pro/requests/:bookingId/quote',
  params: requestParams,
  payload: v.object({
    total: quoteTotalField,
    includes: v.pipe(
      v.string(MESSAGES.required),
      v.trim(),
      v.nonEmpty(MESSAGES.required),
      v.maxLength(QUOTE_INCLUDES_MAX, PRO_MESSAGES.quoteIncludesTooLong),
    ),
    team: v.optional(
      v.array(
        v.object({ category: v.picklist(API_CATEGORIES, MESSAGES.invalidValue), professionalId: idField }),
        MESSAGES.invalidValue,
      ),
      [],
    ),
  }),
  response: proAppointmentResponseSchema,
} satisfies ApiCall;
