import * as v from 'valibot';
import { bookingToRateSchema } from './rating';
import { API_CATEGORIES } from './constants';
import { MESSAGES } from './messages';
import { locationSchema } from './location';
import { emailField, idField, isoDateTimeField, priceField, timeField, isoDateField } from './fields';

const nullableText = v.nullish(v.string(MESSAGES.invalidValue), null);

/**
 * SPEC §3 User. A fresh account (created by a booking, not yet completed) has no names, phone,
 * location or allergies: those read as null. fitToPlead is null until first answered.
 */
export const userSchema = v.object({
  id: idField,
  email: emailField,
  firstName: nullableText,
  lastName: nullableText,
  isProvider: v.optional(v.boolean(MESSAGES.invalidValue), false),
  createdAt: isoDateTimeField,
  phoneNumber: nullableText,
  roles: v.optional(v.array(v.string(MESSAGES.invalidValue), MESSAGES.invalidValue), []),
  accountEmail: v.nullish(emailField, null),
  location: v.nullish(locationSchema, null),
  allergies: nullableText,
  fitToPlead: v.nullish(v.boolean(MESSAGES.invalidValue), null),
  allowMarketing: v.optional(v.boolean(MESSAGES.invalidValue), false),
});
export type User = v.InferOutput<typeof userSchema>;
export type UserInput = v.InferInput<typeof userSchema>;

export const lastProposalSchema = v.object({
  services: v.array(v.object({ name: v.string(MESSAGES.invalidValue) }), MESSAGES.invalidValue),
});
export type LastProposal = v.InferOutput<typeof lastProposalSchema>;

export const salottoRequestSchema = v.object({
  participants: v.pipe(v.number(MESSAGES.invalidValue), v.integer(MESSAGES.invalidValue)),
  /** API categories of the team, in order (hair, estetica, make-up). */
  categories: v.array(v.picklist(API_CATEGORIES, MESSAGES.invalidValue), MESSAGES.invalidValue),
  notes: nullableText,
  beautyBox: v.boolean(MESSAGES.invalidValue),
});
export type SalottoRequest = v.InferOutput<typeof salottoRequestSchema>;

export const nextBookingSchema = v.object({
  /** Ours: the booking's id, which opens its manage screen (/appointments/:id, issue 16). */
  id: idField,
  startDateTime: isoDateTimeField,
  date: isoDateField,
  startTime: timeField,
  /** IANA zone of the appointment, e.g. Europe/Rome. */
  timeZone: v.pipe(v.string(MESSAGES.invalidValue), v.nonEmpty(MESSAGES.invalidValue)),
  location: locationSchema,
  services: v.array(v.object({ name: v.string(MESSAGES.invalidValue), price: priceField }), MESSAGES.invalidValue),
  total: priceField,
  /** Ours: a salotto is a request to a team (people, categories, notes; the beauty box is included). */
  salotto: v.nullish(salottoRequestSchema),
});
export type NextBooking = v.InferOutput<typeof nextBookingSchema>;

/** GET /me/next: what the personal area shows besides the user. */
export const nextBookingsDataSchema = v.object({
  lastProposal: v.nullish(lastProposalSchema, null),
  nextBookings: v.optional(v.array(nextBookingSchema, MESSAGES.invalidValue), []),
  /** Ours (issue 29): her past appointments still to rate, the latest first ('Valuta'). */
  toRate: v.optional(v.array(bookingToRateSchema, MESSAGES.invalidValue), []),
});
export type NextBookingsData = v.InferOutput<typeof nextBookingsDataSchema>;

/** SPEC §3 Me data: the user plus lastProposal and nextBookings. */
export const meDataSchema = v.object({
  user: userSchema,
  ...nextBookingsDataSchema.entries,
});
export type MeData = v.InferOutput<typeof meDataSchema>;
