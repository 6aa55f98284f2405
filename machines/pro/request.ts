/**
 * One request, as the professional or the team answers it (issue 27): /pro/requests/:id, opened
 * from the requests list or the e-mail's link. It loads the request with what the caller may do
 * with it (`actions`, the server's say); each answer is offered only when it is there:
 *
 * - ACCETTA (`accepting`): confirmed at once;
 * - RIFIUTA (`declining`, a dialog): a reason of CHOSEN_DECLINE_REASONS and her words, checked with
 *   the contract's own payload schema before anything is sent;
 * - PROPONI UN ALTRO ORARIO (`offering`, a panel): her free times of a day, one picked, sent;
 * - PREVENTIVO E CONFERMA (`quoting`, a panel, the team on a salotto): total and what it includes.
 *
 * An answer the server refuses with a 409 means the request changed meanwhile (answered by someone
 * else, passed on, cancelled): said in a toast and read again. Any other failure is said and the
 * form stays as she left it. A press while a call is out does nothing.
 */
import { assertEvent, assign, setup } from 'xstate';
import * as v from 'valibot';
import type { AvailableTime } from '../../contract/slot';
import { fieldErrors } from '../../contract/forms';
import type { CHOSEN_DECLINE_REASONS, ProAppointment, RequestAction } from '../../contract/pro';
import { declineRequestCall, quoteSalottoCall } from '../../contract/pro-calls';
import { DIALOG_TAG, messageOf, notProvided, popup, type ToastParams, type TrackParams } from '../shared/effects';
import type { ProRequestEvent, TeamChange } from './events';

export { PRO_REQUEST_EVENTS, type ProRequestEvent } from './events';

/** The toasts of a sent answer: the only copy of this machine. */
export const PRO_REQUEST_TOASTS = {
  accepted: 'Richiesta accettata: la cliente riceve la conferma.',
  declined: 'Richiesta rifiutata: la cliente riceve il motivo per e-mail.',
  offered: 'Proposta inviata: la cliente riceve il nuovo orario per e-mail.',
  quoted: 'Preventivo inviato: il salotto è confermato.',
} as const;

export type ChosenDeclineReason = (typeof CHOSEN_DECLINE_REASONS)[number];

export interface ProRequestInput {
  bookingId: string;
  /** YYYY-MM-DD of today: the first day she may offer. */
  today: string;
}

export interface LoadProRequestInput {
  bookingId: string;
}
export type LoadProRequestOutput = ProAppointment;
export type AcceptRequestInput = LoadProRequestInput;
export type AcceptRequestOutput = ProAppointment;
export interface DeclineRequestInput {
  bookingId: string;
  reason: ChosenDeclineReason;
  /** Trimmed; '' when she wrote nothing (never for 'other'). */
  message: string;
}
export type DeclineRequestOutput = ProAppointment;
export interface LoadRequestTimesInput {
  bookingId: string;
  startDate: string;
}
/** The `availableTimes` of the reply (contract/calls.ts availableTimesResponseSchema). */
export type LoadRequestTimesOutput = AvailableTime[];
export interface OfferRequestInput {
  bookingId: string;
  startDate: string;
  startTime: string;
}
export type OfferRequestOutput = ProAppointment;
export interface QuoteSalottoInput {
  bookingId: string;
  /** Euros. */
  total: number;
  includes: string;
  /** The members named instead of the proposed ones (none: the team as proposed). */
  team: readonly TeamChange[];
}
export type QuoteSalottoOutput = ProAppointment;

/** The offer panel: the day shown, her free times on it, the one picked. */
export interface OfferDraft {
  date: string;
  times: AvailableTime[];
  startTime: string | null;
  /** Why the times could not be loaded. */
  error: string | null;
}

export interface ProRequestContext {
  bookingId: string;
  today: string;
  appointment: ProAppointment | null;
  /** Why it could not be shown (the server's message). */
  error: string | null;
  /** What she answered here: the screen says so once the request no longer waits for her. */
  answer: RequestAction | null;
  /** The decline's or the quote's messages by field, after a submit the contract refused. */
  errors: Record<string, string>;
  offer: OfferDraft;
}

const declineFields = (event: { reason: string; message: string }) => ({
  reason: event.reason,
  message: event.message,
});

/** What she typed as the total: '120,50' → 120.5; '' (or words) → not a number, refused by the contract. */
const quoteFields = (event: { total: string; includes: string; team?: readonly TeamChange[] }) => {
  const typed = event.total.trim().replace(',', '.');
  return { total: typed === '' ? undefined : Number(typed), includes: event.includes, team: [...(event.team ?? [])] };
};

/** The first day to offer: the day asked for, unless it is past. */
const firstOfferDay = (context: ProRequestContext): string => {
  const asked = context.appointment?.date ?? context.today;
  return asked < context.today ? context.today : asked;
};

/** A refusal that says the request changed meanwhile (the API's 409): it is read again. */
const changedMeanwhile = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;

const errorToast = {
  type: 'showToast',
  params: ({ event }: { event: { error: unknown } }) => ({ type: 'error' as const, title: messageOf(event.error) }),
} as const;

/** The answer's reply: stored, what she did remembered, a toast. */
const answered = (answer: RequestAction, title: string) =>
  [
    {
      type: 'storeAnswer',
      params: ({ event }: { event: { output: ProAppointment } }) => ({ appointment: event.output, answer }),
    },
    { type: 'showToast', params: { type: 'success', title } },
  ] as const;

/** A refused answer: a 409 reads the request again; anything else leaves her where she was. */
const refused = <S extends string>(stay: S) =>
  [
    { guard: 'changedMeanwhile', target: '#proRequest.loading', actions: errorToast },
    { target: stay, actions: errorToast },
  ] as const;

const NO_ERRORS: Record<string, string> = {};

export const proRequestMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as ProRequestContext,
    events: {} as ProRequestEvent,
    input: {} as ProRequestInput,
  },
  actors: {
    loadProRequest: notProvided<LoadProRequestOutput, LoadProRequestInput>('loadProRequest'),
    acceptRequest: notProvided<AcceptRequestOutput, AcceptRequestInput>('acceptRequest'),
    declineRequest: notProvided<DeclineRequestOutput, DeclineRequestInput>('declineRequest'),
    loadRequestTimes: notProvided<LoadRequestTimesOutput, LoadRequestTimesInput>('loadRequestTimes'),
    offerRequest: notProvided<OfferRequestOutput, OfferRequestInput>('offerRequest'),
    quoteSalotto: notProvided<QuoteSalottoOutput, QuoteSalottoInput>('quoteSalotto'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    store: assign({ appointment: (_, params: { appointment: ProAppointment }) => params.appointment, error: null }),
    storeAnswer: assign({
      appointment: (_, params: { appointment: ProAppointment; answer: RequestAction }) => params.appointment,
      answer: (_, params: { appointment: ProAppointment; answer: RequestAction }) => params.answer,
    }),
    storeError: assign({ appointment: null, error: (_, params: { message: string }) => params.message }),
    clearErrors: assign({ errors: NO_ERRORS }),
    storeDeclineErrors: assign({
      errors: ({ event }) => {
        assertEvent(event, 'pro.decline.submit');
        return fieldErrors(declineRequestCall.payload, declineFields(event));
      },
    }),
    storeQuoteErrors: assign({
      errors: ({ event }) => {
        assertEvent(event, 'pro.quote.submit');
        return fieldErrors(quoteSalottoCall.payload, quoteFields(event));
      },
    }),
    startOffer: assign({
      offer: ({ context }) => ({ date: firstOfferDay(context), times: [], startTime: null, error: null }),
    }),
    setOfferDay: assign({
      offer: ({ event }) => {
        assertEvent(event, 'pro.offer.day');
        return { date: event.date, times: [], startTime: null, error: null };
      },
    }),
    storeTimes: assign({
      offer: ({ context }, params: { times: AvailableTime[] }) => {
        // The time she asked for is no offer: the server refuses it (400).
        const asked = context.appointment;
        const times = params.times.filter(
          (time) => !(asked && context.offer.date === asked.date && time.startTime === asked.startTime),
        );
        return { ...context.offer, times, error: null };
      },
    }),
    storeTimesError: assign({
      offer: ({ context }, params: { message: string }) => ({ ...context.offer, times: [], error: params.message }),
    }),
    pickTime: assign({
      offer: ({ context, event }) => {
        assertEvent(event, 'pro.offer.pick');
        return { ...context.offer, startTime: event.startTime };
      },
    }),
  },
  guards: {
    // Asked in `ready` only, where the request is loaded.
    may: ({ context }, params: { action: RequestAction }) => context.appointment!.actions.includes(params.action),
    validDecline: ({ event }) => {
      assertEvent(event, 'pro.decline.submit');
      return v.safeParse(declineRequestCall.payload, declineFields(event)).success;
    },
    validQuote: ({ event }) => {
      assertEvent(event, 'pro.quote.submit');
      return v.safeParse(quoteSalottoCall.payload, quoteFields(event)).success;
    },
    offeredTime: ({ context, event }) => {
      assertEvent(event, 'pro.offer.pick');
      return context.offer.times.some((time) => time.startTime === event.startTime);
    },
    timePicked: ({ context }) => context.offer.startTime !== null,
    changedMeanwhile: ({ event }) => changedMeanwhile((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'proRequest',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    today: input.today,
    appointment: null,
    error: null,
    answer: null,
    errors: NO_ERRORS,
    offer: { date: input.today, times: [], startTime: null, error: null },
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadProRequest',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }) => ({ appointment: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    /** Not found (or not hers), or no reply: the screen says why; she may try again. */
    failed: { on: { 'pro.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'pro.accept': { guard: { type: 'may', params: { action: 'accept' } }, target: 'accepting' },
            'pro.decline.open': { guard: { type: 'may', params: { action: 'decline' } }, target: 'declining' },
            'pro.offer.open': { guard: { type: 'may', params: { action: 'offer' } }, target: 'offering' },
            'pro.quote.open': { guard: { type: 'may', params: { action: 'quote' } }, target: 'quoting' },
          },
        },
        accepting: {
          tags: ['busy'],
          invoke: {
            src: 'acceptRequest',
            input: ({ context }) => ({ bookingId: context.bookingId }),
            onDone: { target: 'idle', actions: answered('accept', PRO_REQUEST_TOASTS.accepted) },
            onError: refused('idle'),
          },
        },
        /** The dialog: a reason and her words. */
        declining: {
          tags: [DIALOG_TAG],
          initial: 'editing',
          entry: ['clearErrors', popup('rifiuta_richiesta')],
          states: {
            editing: {
              on: {
                'pro.decline.close': '#proRequest.ready.idle',
                'pro.decline.submit': [
                  { guard: 'validDecline', target: 'sending', actions: 'clearErrors' },
                  { actions: 'storeDeclineErrors' },
                ],
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                src: 'declineRequest',
                input: ({ context, event }) => {
                  assertEvent(event, 'pro.decline.submit');
                  const payload = v.parse(declineRequestCall.payload, declineFields(event));
                  return { bookingId: context.bookingId, reason: payload.reason, message: payload.message };
                },
                onDone: { target: '#proRequest.ready.idle', actions: answered('decline', PRO_REQUEST_TOASTS.declined) },
                onError: refused('editing'),
              },
            },
          },
        },
        /** The panel of another time: a day, her free times on it, one picked. */
        offering: {
          initial: 'loadingTimes',
          entry: 'startOffer',
          states: {
            loadingTimes: {
              on: {
                'pro.offer.day': { target: 'loadingTimes', reenter: true, actions: 'setOfferDay' },
                'pro.offer.close': '#proRequest.ready.idle',
              },
              invoke: {
                src: 'loadRequestTimes',
                input: ({ context }) => ({ bookingId: context.bookingId, startDate: context.offer.date }),
                onDone: {
                  target: 'choosing',
                  actions: { type: 'storeTimes', params: ({ event }) => ({ times: event.output }) },
                },
                onError: {
                  target: 'timesFailed',
                  actions: { type: 'storeTimesError', params: ({ event }) => ({ message: messageOf(event.error) }) },
                },
              },
            },
            choosing: {
              on: {
                'pro.offer.day': { target: 'loadingTimes', actions: 'setOfferDay' },
                'pro.offer.close': '#proRequest.ready.idle',
                'pro.offer.pick': { guard: 'offeredTime', actions: 'pickTime' },
                'pro.offer.submit': { guard: 'timePicked', target: 'submitting' },
              },
            },
            timesFailed: {
              on: {
                'pro.offer.day': { target: 'loadingTimes', actions: 'setOfferDay' },
                'pro.offer.close': '#proRequest.ready.idle',
              },
            },
            submitting: {
              tags: ['busy'],
              invoke: {
                src: 'offerRequest',
                input: ({ context }) => ({
                  bookingId: context.bookingId,
                  startDate: context.offer.date,
                  startTime: context.offer.startTime!,
                }),
                onDone: { target: '#proRequest.ready.idle', actions: answered('offer', PRO_REQUEST_TOASTS.offered) },
                onError: refused('choosing'),
              },
            },
          },
        },
        /** The team's quote of a salotto, after the consultation call: total and what it includes. */
        quoting: {
          initial: 'editing',
          entry: 'clearErrors',
          states: {
            editing: {
              on: {
                'pro.quote.close': '#proRequest.ready.idle',
                'pro.quote.submit': [
                  { guard: 'validQuote', target: 'sending', actions: 'clearErrors' },
                  { actions: 'storeQuoteErrors' },
                ],
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                src: 'quoteSalotto',
                input: ({ context, event }) => {
                  assertEvent(event, 'pro.quote.submit');
                  const payload = v.parse(quoteSalottoCall.payload, quoteFields(event));
                  return {
                    bookingId: context.bookingId,
                    total: payload.total,
                    includes: payload.includes,
                    team: payload.team,
                  };
                },
                onDone: { target: '#proRequest.ready.idle', actions: answered('quote', PRO_REQUEST_TOASTS.quoted) },
                onError: refused('editing'),
              },
            },
          },
        },
      },
    },
  },
});
