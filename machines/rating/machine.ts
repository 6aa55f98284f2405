/**
 * Rating an appointment (issue 29, ours): /appointments/:id/rating, opened from the invitation
 * e-mail (its token works without a password) or from the personal area's 'Valuta'. It loads the
 * appointment with what she gave each professional so far; she gives each 1 to 5 stars and, if she
 * wants, a comment (the contract's rules and messages), and sends them in one call. Saved, she is
 * thanked and may still change it while the server says it is `editable` (RATING_EDIT_DAYS after
 * the end); after that the rating is shown, final. A refusal of the server (404: not hers or no
 * longer reachable; 409: not over yet, never took place, too late) is said in place of the form.
 */
import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import type { AppointmentKey } from '../../contract/appointment';
import { fieldErrors } from '../../contract/forms';
import { ratingPayloadSchema, type AppointmentRating, type RatingPayload } from '../../contract/rating';
import { messageOf, notProvided, type ToastParams } from '../shared/effects';
import { eventTypes } from '../shared/forward';

/** What the rating screen sends. */
export type RatingEvent =
  | { type: 'rating.stars'; professionalId: string; stars: number }
  | { type: 'rating.comment'; professionalId: string; comment: string }
  | { type: 'rating.submit' };

export const RATING_EVENTS = eventTypes<RatingEvent>()('rating.stars', 'rating.comment', 'rating.submit');

/** What she chose for one professional: no stars yet (null) until she picks them. */
export interface RatingChoice {
  stars: number | null;
  comment: string;
}

export interface RatingContext {
  key: AppointmentKey;
  /** The appointment and what she gave so far, as the server last said it. */
  rating: AppointmentRating | null;
  /** The form: her choice for each professional, by the professional's id. */
  choices: Record<string, RatingChoice>;
  /** The contract's messages of a refused send, by field: '<professionalId>.stars', '<professionalId>.comment'. */
  errors: Record<string, string>;
  /** Why it cannot be rated: the server's refusal (404, 409). */
  error: string | null;
}

export interface RateAppointmentInput {
  key: AppointmentKey;
  ratings: RatingPayload['ratings'];
}

const choicesOf = (rating: AppointmentRating): Record<string, RatingChoice> =>
  Object.fromEntries(
    rating.professionals.map((professional) => [
      professional._id,
      { stars: professional.stars, comment: professional.comment ?? '' },
    ]),
  );

/** The professionals of the appointment (asked in the form only, where the rating is loaded). */
// Stryker disable next-line OptionalChaining: see above
const professionalsOf = (context: RatingContext) => context.rating?.professionals ?? [];

/**
 * What the form holds as the contract reads it: one rating per professional, in the appointment's
 * order; stars null while none is chosen (the contract refuses it with 'Scegli da 1 a 5 stelle').
 */
const formOf = (context: RatingContext) => ({
  ratings: professionalsOf(context).map((professional) => ({
    professionalId: professional._id,
    stars: context.choices[professional._id]?.stars ?? null,
    comment: context.choices[professional._id]?.comment ?? '',
  })),
});

/** The contract's messages for what the form holds, by '<professionalId>.<field>'; empty when it can be sent. */
export const ratingErrors = (context: RatingContext): Record<string, string> => {
  const ids = professionalsOf(context).map((professional) => professional._id);
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors(ratingPayloadSchema, formOf(context)))) {
    const field = /^ratings\.(\d+)\.(stars|comment)$/.exec(path);
    if (field) errors[`${ids[Number(field[1])]}.${field[2]}`] = message;
  }
  return errors;
};

/** A refusal that ends the form: the appointment is not hers to rate (404) or not now (409). */
const isRefusal = (error: unknown): boolean => {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 404 || status === 409;
};

const ratingSetup = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as RatingContext,
    events: {} as RatingEvent,
    input: {} as { key: AppointmentKey },
  },
  actors: {
    loadRating: notProvided<AppointmentRating, { key: AppointmentKey }>('loadRating'),
    rateAppointment: notProvided<AppointmentRating, RateAppointmentInput>('rateAppointment'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    store: assign((_, params: { rating: AppointmentRating }) => ({
      rating: params.rating,
      choices: choicesOf(params.rating),
      errors: {},
      error: null,
    })),
    storeError: assign({ error: (_, params: { message: string }) => params.message }),
    choose: assign({
      choices: ({ context, event }) => {
        assertEvent(event, ['rating.stars', 'rating.comment']);
        // Stryker disable next-line ObjectLiteral: the screen names only the appointment's professionals
        const choice = context.choices[event.professionalId] ?? { stars: null, comment: '' };
        return {
          ...context.choices,
          [event.professionalId]:
            event.type === 'rating.stars' ? { ...choice, stars: event.stars } : { ...choice, comment: event.comment },
        };
      },
    }),
    /** After a refused send, the messages follow what she changes (a fixed field loses its own). */
    recheck: assign({
      errors: ({ context }) => (Object.keys(context.errors).length > 0 ? ratingErrors(context) : {}),
    }),
    storeErrors: assign({ errors: ({ context }) => ratingErrors(context) }),
    clearErrors: assign({ errors: {} }),
  },
  guards: {
    invalid: ({ context }) => Object.keys(ratingErrors(context)).length > 0,
    /** The server says it may no longer change: shown, final. */
    final: (_, params: { rating: AppointmentRating }) => !params.rating.editable,
    refused: (_, params: { error: unknown }) => isRefusal(params.error),
  },
});

type Answered = { event: { output: AppointmentRating } };
const stored = { type: 'store', params: ({ event }: Answered) => ({ rating: event.output }) } as const;
const isFinal = { type: 'final', params: ({ event }: Answered) => ({ rating: event.output }) } as const;

/** What the form answers while she may act on it (editing, or thanked after a save). */
const formEvents = {
  'rating.stars': { target: 'editing', actions: ['choose', 'recheck'] },
  'rating.comment': { target: 'editing', actions: ['choose', 'recheck'] },
  'rating.submit': [
    { guard: 'invalid', target: 'editing', actions: 'storeErrors' },
    { target: 'submitting', actions: 'clearErrors' },
  ],
} as const;

export const ratingMachine = ratingSetup.createMachine({
  id: 'rating',
  context: ({ input }) => ({ key: input.key, rating: null, choices: {}, errors: {}, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadRating',
        input: ({ context }) => ({ key: context.key }),
        onDone: [
          { guard: isFinal, target: 'final', actions: stored },
          { target: 'form', actions: stored },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    /** Not hers to rate, or not now: the server's reason in place of the form. */
    failed: {},
    /** RATING_EDIT_DAYS have passed: what she gave is shown, and can no longer change. */
    final: {},
    form: {
      initial: 'editing',
      states: {
        editing: { on: formEvents },
        /** Sent once: a second press (or a change) waits for the answer. */
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'rateAppointment',
            // Checked by `invalid` before: the contract's output (comments trimmed).
            input: ({ context }) => ({
              key: context.key,
              ratings: v.parse(ratingPayloadSchema, formOf(context)).ratings,
            }),
            onDone: [
              { guard: isFinal, target: '#rating.final', actions: stored },
              { target: 'saved', actions: stored },
            ],
            onError: [
              {
                guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
                target: '#rating.failed',
                actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.error) }) },
              },
              // Not sent (no connection, a rule of the server): said; what she chose stays to send again.
              {
                target: 'editing',
                actions: {
                  type: 'showToast',
                  params: ({ event }) => ({ type: 'error' as const, title: messageOf(event.error) }),
                },
              },
            ],
          },
        },
        /** 'Grazie! La tua valutazione è stata salvata.': still hers to change while editable. */
        saved: { on: formEvents },
      },
    },
  },
});
