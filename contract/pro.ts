import * as v from 'valibot';
import { API_CATEGORIES, APPOINTMENT_STATUSES, BOOKING_KINDS, REQUEST_STAGES } from './constants';
import { countField, idField, isoDateField, isoDateTimeField, priceField, timeField } from './fields';
import { locationSchema } from './location';
import { MESSAGES } from './messages';

/**
 * The professionals' and the team's side (issue 27): an appointment as her agenda and the requests
 * show it. Only what she needs at the door: the customer's first name and phone (to call), the
 * doorbell, allergies and notes; never the customer's e-mail or surname.
 */

/**
 * Why a request is declined: the professional's or team's choice (`pro`, addressed to her) and what
 * the customer is told (`customer`). 'no-answer' and 'offer-expired' are the deadlines' own;
 * 'no-substitute' (issue 40) is the hand-over's: an appointment whose professional could not come
 * and that no colleague took in time, cancelled.
 */
export const DECLINE_REASONS = [
  'busy',
  'too-far',
  'services',
  'other',
  'no-answer',
  'offer-expired',
  'no-substitute',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
/**
 * Why a declined request was declined, as the customer reads it (her appointment's screen and the
 * e-mail say the same): the reason, and the professional's or team's own words when there are any.
 */
export const declinedBecause = (reason: DeclineReason, message: string | null): string =>
  `Non è stato possibile confermarla: ${DECLINE_REASON_COPY[reason].customer}.${message ? ` Il messaggio: «${message}»` : ''}`;

/** The reasons she may pick on the decline form. */
export const CHOSEN_DECLINE_REASONS = [
  'busy',
  'too-far',
  'services',
  'other',
] as const satisfies readonly DeclineReason[];
export const DECLINE_REASON_COPY: Record<DeclineReason, { pro: string; customer: string }> = {
  busy: {
    pro: 'Non sono libera in quell’orario',
    customer: 'la professionista non è libera in quell’orario',
  },
  'too-far': {
    pro: 'L’indirizzo è troppo lontano per me',
    customer: 'l’indirizzo è troppo lontano per le professioniste libere in quell’orario',
  },
  services: {
    pro: 'Non posso eseguire uno dei servizi richiesti',
    customer: 'uno dei servizi richiesti non può essere eseguito in quell’orario',
  },
  other: { pro: 'Altro', customer: 'la professionista non può venire' },
  'no-answer': {
    pro: 'Nessuna risposta in tempo',
    customer: 'nessuna professionista ha potuto confermare l’orario in tempo',
  },
  'offer-expired': {
    pro: 'La cliente non ha risposto alla proposta',
    customer: 'non abbiamo ricevuto la tua risposta all’orario proposto in tempo',
  },
  'no-substitute': {
    pro: 'Nessuna collega libera al suo posto',
    customer: 'la tua professionista non può venire e nessuna collega è libera in quell’orario',
  },
};

const nullableString = v.nullable(v.string(MESSAGES.invalidValue));

/** What may be done with a request, by whoever asks: the server decides, the screen shows the buttons. */
export const REQUEST_ACTIONS = ['accept', 'decline', 'offer', 'quote'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

export const proAppointmentSchema = v.object({
  id: idField,
  status: v.picklist(APPOINTMENT_STATUSES, MESSAGES.invalidValue),
  kind: v.picklist(BOOKING_KINDS, MESSAGES.invalidValue),
  /** Whom the request waits for (null once answered). */
  stage: v.nullable(v.picklist(REQUEST_STAGES, MESSAGES.invalidValue)),
  /** Until when the current stage waits; then it passes on (null once answered). */
  answerBy: v.nullable(isoDateTimeField),
  startDateTime: isoDateTimeField,
  date: isoDateField,
  startTime: timeField,
  endTime: timeField,
  timeZone: v.string(MESSAGES.invalidValue),
  /** Minutes kept free before and after for her journey (her buffer when it was booked). */
  travelBufferMM: countField,
  location: locationSchema,
  /** Opens the address in a maps app. */
  mapsUrl: v.string(MESSAGES.invalidValue),
  services: v.array(v.object({ name: v.string(MESSAGES.invalidValue), durationMM: countField }), MESSAGES.invalidValue),
  participants: countField,
  customer: v.object({ firstName: v.string(MESSAGES.invalidValue), phoneNumber: v.string(MESSAGES.invalidValue) }),
  doorbellName: nullableString,
  allergies: nullableString,
  notes: nullableString,
  total: priceField,
  /** Who serves it: the single booking's professional, or the salotto's team, one per category. */
  team: v.array(
    v.object({
      professionalId: idField,
      name: v.string(MESSAGES.invalidValue),
      category: v.nullable(v.picklist(API_CATEGORIES, MESSAGES.invalidValue)),
    }),
    MESSAGES.invalidValue,
  ),
  /**
   * A salotto the team may quote: for each category of its team, the professionals who serve it at
   * that address (the proposed one among them), whom the quote may name instead (whether she is free
   * then is the quote's to find out: 409). Empty otherwise.
   */
  teamChoices: v.optional(
    v.array(
      v.object({
        category: v.picklist(API_CATEGORIES, MESSAGES.invalidValue),
        professionals: v.array(v.object({ professionalId: idField, name: v.string(MESSAGES.invalidValue) })),
      }),
      MESSAGES.invalidValue,
    ),
    [],
  ),
  /** The time she asked for, while another one is offered to her (stage 'offered'). */
  requested: v.nullable(v.object({ date: isoDateField, startTime: timeField, endTime: timeField })),
  /** What the caller may do with it now (empty on the agenda's confirmed ones). */
  actions: v.array(v.picklist(REQUEST_ACTIONS, MESSAGES.invalidValue), MESSAGES.invalidValue),
});
export type ProAppointment = v.InferOutput<typeof proAppointmentSchema>;

/** Who is signed in on the professionals' side. */
export const proMeSchema = v.object({
  /** Her professional record (a professional), or null (a team member only). */
  professional: v.nullable(v.object({ id: idField, firstName: v.string(), lastName: v.string() })),
  team: v.boolean(MESSAGES.invalidValue),
});
export type ProMe = v.InferOutput<typeof proMeSchema>;

export const declineReasonField = v.picklist(CHOSEN_DECLINE_REASONS, MESSAGES.selectOption);

/** The most a quote may say it includes. */
export const QUOTE_INCLUDES_MAX = 500;
/** The most the professional's or team's own words on a decline may take. */
export const DECLINE_MESSAGE_MAX = 300;

/** The form's messages on the professionals' side. */
export const PRO_MESSAGES = {
  declineWords: 'Scrivi il motivo',
  declineMessageTooLong: `Al massimo ${DECLINE_MESSAGE_MAX} caratteri`,
  quoteIncludesTooLong: `Al massimo ${QUOTE_INCLUDES_MAX} caratteri`,
} as const;

/** A quote's total: euros, more than zero, at most two decimals. */
export const quoteTotalField = v.pipe(
  v.number(MESSAGES.invalidPrice),
  v.check((n) => Number.isFinite(n) && n > 0 && n <= 100_000 && Math.round(n * 100) === n * 100, MESSAGES.invalidPrice),
);
