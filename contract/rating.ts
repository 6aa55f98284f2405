import * as v from 'valibot';
import { idField, isoDateField, isoDateTimeField, timeField } from './fields';
import { MESSAGES } from './messages';

/**
 * Ratings (ours, issue 29): after an appointment that took place, its customer gives each of its
 * professionals 1 to 5 stars and, if she wants, a comment. The numbers below are the product's:
 * the API, the e-mail and the screens read them from here.
 */

/** The invitation to rate comes this many real hours after the appointment ends. */
export const RATING_INVITE_HOURS = 2;
/** She may rate, and change her rating, for this many days after the end; then it is final. */
export const RATING_EDIT_DAYS = 30;
/** An average is shown from this many ratings up ('Nuova' before). */
export const RATING_AVERAGE_FROM = 3;
/** Only the ratings given in this many months up to now count. */
export const RATING_WINDOW_MONTHS = 12;
/** A rating of at most this many stars: that professional is not sent to that customer again when another can go. */
export const RATING_LOW_MAX = 2;
/** A rating of this many stars: that professional is that customer's first choice when free. */
export const RATING_PREFERRED = 5;
/** The most a comment may take. */
export const RATING_COMMENT_MAX = 1000;

export const RATING_MESSAGES = {
  chooseStars: 'Scegli da 1 a 5 stelle',
  commentTooLong: `Al massimo ${RATING_COMMENT_MAX} caratteri`,
  oneEach: 'Una sola valutazione per professionista',
  atLeastOne: 'Valuta almeno una professionista',
} as const;

/** 1 to 5 whole stars. */
export const starsField = v.pipe(
  v.number(RATING_MESSAGES.chooseStars),
  v.integer(RATING_MESSAGES.chooseStars),
  v.minValue(1, RATING_MESSAGES.chooseStars),
  v.maxValue(5, RATING_MESSAGES.chooseStars),
);

/** Her optional words: trimmed, '' when none, at most RATING_COMMENT_MAX characters. */
export const ratingCommentField = v.pipe(
  v.optional(v.nullable(v.string(MESSAGES.invalidValue)), ''),
  v.transform((text) => (text ?? '').trim()),
  v.maxLength(RATING_COMMENT_MAX, RATING_MESSAGES.commentTooLong),
);

/** One professional of the appointment, with what the customer gave her (null stars: not rated yet). */
export const ratedProfessionalSchema = v.object({
  _id: idField,
  firstName: v.string(MESSAGES.invalidValue),
  lastName: v.string(MESSAGES.invalidValue),
  stars: v.nullable(starsField),
  comment: v.nullable(v.string(MESSAGES.invalidValue)),
});
export type RatedProfessional = v.InferOutput<typeof ratedProfessionalSchema>;

/** The rating screen's appointment: when it was, what was done, who came, and whether it may still change. */
export const appointmentRatingSchema = v.object({
  bookingId: idField,
  date: isoDateField,
  startTime: timeField,
  endTime: timeField,
  services: v.array(v.string(MESSAGES.invalidValue)),
  /** One per professional: a single booking's, or each member of a salotto's team. */
  professionals: v.array(ratedProfessionalSchema),
  /** The last instant she may rate or change it (RATING_EDIT_DAYS after the end). */
  editableUntil: isoDateTimeField,
  /** False once `editableUntil` has passed: the rating is final (shown, not changed). */
  editable: v.boolean(MESSAGES.invalidValue),
});
export type AppointmentRating = v.InferOutput<typeof appointmentRatingSchema>;

/** What she sends: one entry per professional she rates (a salotto: any of its team). */
export const ratingPayloadSchema = v.object({
  ratings: v.pipe(
    v.array(
      v.object({ professionalId: idField, stars: starsField, comment: ratingCommentField }),
      MESSAGES.invalidValue,
    ),
    v.minLength(1, RATING_MESSAGES.atLeastOne),
    v.check((list) => new Set(list.map((r) => r.professionalId)).size === list.length, RATING_MESSAGES.oneEach),
  ),
});
export type RatingPayload = v.InferOutput<typeof ratingPayloadSchema>;
export type RatingPayloadInput = v.InferInput<typeof ratingPayloadSchema>;

/** A professional's standing: the average (one decimal) from RATING_AVERAGE_FROM ratings up, else null ('Nuova'). */
export const ratingSummarySchema = v.object({
  average: v.nullable(v.number(MESSAGES.invalidValue)),
  count: v.number(MESSAGES.invalidValue),
});
export type RatingSummary = v.InferOutput<typeof ratingSummarySchema>;

/** One rating as the professional reads it in her agenda. */
export const proRatingSchema = v.object({
  stars: starsField,
  comment: v.nullable(v.string(MESSAGES.invalidValue)),
  /** The appointment's day. */
  date: isoDateField,
  /** When it was given or last changed. */
  ratedAt: isoDateTimeField,
  customerFirstName: v.nullable(v.string(MESSAGES.invalidValue)),
});
export type ProRating = v.InferOutput<typeof proRatingSchema>;

/**
 * A past appointment she may still rate and has not rated (all) yet: the personal area shows it
 * with 'Valuta' (issue 29), until RATING_EDIT_DAYS after its end.
 */
export const bookingToRateSchema = v.object({
  id: idField,
  date: isoDateField,
  startTime: timeField,
  services: v.array(v.string(MESSAGES.invalidValue)),
  /** The first names of who came, as the invitation says them. */
  professionals: v.array(v.string(MESSAGES.invalidValue)),
});
export type BookingToRate = v.InferOutput<typeof bookingToRateSchema>;

/** The standing of `count` ratings whose stars add up to `sum`: one decimal, null below RATING_AVERAGE_FROM ratings. */
export function ratingSummaryOf(sum: number, count: number): RatingSummary {
  if (count < RATING_AVERAGE_FROM) return { average: null, count };
  return { average: Math.round((sum * 10) / count) / 10, count };
}

/** How the app writes an average: '4,3' (Italian decimal comma, always one decimal). */
export const averageLabel = (average: number): string => average.toFixed(1).replace('.', ',');
