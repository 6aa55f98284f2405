/**
 * Her time off (issue 40): /pro/time-off, a professional's own. It loads her time off not yet over
 * (soonest first, each with what became of her appointments), and she enters another one: whole
 * days (from … to, both included) or hours of one day, with an optional reason only the team reads.
 * From then on availability never offers her inside it.
 *
 * - SALVA ASSENZA (`saving`): the form is checked with the contract's own payload schema (and
 *   against today: the server refuses a start in the past) before anything is sent; a refusal
 *   (409 `timeOffOverlaps`, or no answer) is said under the form, and the form keeps what she
 *   typed (the screen holds it; only a saved time off clears it).
 * - ANNULLA ASSENZA (`cancelling`): she is offered again from then on. A 409 or 404 (over
 *   meanwhile, or gone) reads the list again; any other failure is said in a toast.
 */
import { assertEvent, assign, setup } from 'xstate';
import * as v from 'valibot';
import { fieldErrors } from '../../contract/forms';
import { MESSAGES } from '../../contract/messages';
import { PRO_WEEK_MESSAGES, timeOffPayloadSchema, type TimeOff, type TimeOffPayload } from '../../contract/pro-week';
import { messageOf, notProvided, type ToastParams, type TrackParams } from '../shared/effects';
import type { ProTimeOffEvent, TimeOffForm } from './events';

export { PRO_TIME_OFF_EVENTS, type ProTimeOffEvent, type TimeOffForm } from './events';

/** The toasts of this screen: the only copy of this machine. */
export const PRO_TIME_OFF_TOASTS = {
  saved: 'Assenza salvata: in quel periodo non ti proponiamo più alle clienti.',
  cancelled: 'Assenza annullata: da ora le clienti possono di nuovo prenotarti in quel periodo.',
} as const;

export interface ProTimeOffInput {
  /** YYYY-MM-DD of today: no time off starts before it. */
  today: string;
}

export type LoadProTimeOffOutput = TimeOff[];
export type CreateProTimeOffInput = TimeOffPayload;
export type CreateProTimeOffOutput = TimeOff;
export interface CancelTimeOffInput {
  timeOffId: string;
}
export type CancelTimeOffOutput = TimeOff;

export interface ProTimeOffContext {
  today: string;
  /** Her time off not yet over, soonest first. */
  timeOff: TimeOff[];
  /** Why the list could not be shown (the server's message). */
  error: string | null;
  /** The form's messages by field ('' for the whole form: the server's refusal). */
  errors: Record<string, string>;
  /** The last time off saved here (the screen starts a blank form after each). */
  saved: string | null;
}

/** The form of a new time off as the screen opens it: whole days, nothing typed. */
export const BLANK_TIME_OFF_FORM: TimeOffForm = {
  kind: 'days',
  startDate: '',
  endDate: '',
  date: '',
  startTime: '',
  endTime: '',
  reason: '',
};

/** The payload of what she typed: the fields of its kind, the reason trimmed (none: null). */
export const timeOffPayloadOf = (form: TimeOffForm): Record<string, unknown> => {
  const reason = form.reason.trim() === '' ? null : form.reason;
  return form.kind === 'days'
    ? { kind: 'days', startDate: form.startDate, endDate: form.endDate, reason }
    : { kind: 'hours', date: form.date, startTime: form.startTime, endTime: form.endTime, reason };
};

/** The fields of each kind she must fill. */
const REQUIRED: Record<TimeOffForm['kind'], readonly (keyof TimeOffForm)[]> = {
  days: ['startDate', 'endDate'],
  hours: ['date', 'startTime', 'endTime'],
};

/**
 * What is wrong with the form, by field: an empty field is required; then the contract's checks;
 * then a start before today (the server's own words, `timeOffInPast`).
 */
export const timeOffFormErrors = (form: TimeOffForm, today: string): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const field of REQUIRED[form.kind]) if (form[field].trim() === '') errors[field] = MESSAGES.required;
  const checked = fieldErrors(timeOffPayloadSchema, timeOffPayloadOf(form));
  for (const [field, message] of Object.entries(checked)) errors[field] ??= message;
  const first = form.kind === 'days' ? 'startDate' : 'date';
  if (errors[first] === undefined && form[first] < today) errors[first] = PRO_WEEK_MESSAGES.timeOffInPast;
  return errors;
};

/** In time order (the server's: soonest first). */
const inOrder = (list: readonly TimeOff[]): TimeOff[] =>
  [...list].sort((a, b) => a.startDateTime.localeCompare(b.startDateTime));

/** A refusal that says the time off changed meanwhile (409: over; 404: gone): the list is read again. */
const changedMeanwhile = (error: unknown): boolean => {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 409 || status === 404;
};

const NO_ERRORS: Record<string, string> = {};

const errorToast = {
  type: 'showToast',
  params: ({ event }: { event: { error: unknown } }) => ({ type: 'error' as const, title: messageOf(event.error) }),
} as const;

export const proTimeOffMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as ProTimeOffContext,
    events: {} as ProTimeOffEvent,
    input: {} as ProTimeOffInput,
  },
  actors: {
    loadProTimeOff: notProvided<LoadProTimeOffOutput, undefined>('loadProTimeOff'),
    createProTimeOff: notProvided<CreateProTimeOffOutput, CreateProTimeOffInput>('createProTimeOff'),
    cancelTimeOff: notProvided<CancelTimeOffOutput, CancelTimeOffInput>('cancelTimeOff'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    store: assign({ timeOff: (_, params: { timeOff: TimeOff[] }) => inOrder(params.timeOff), error: null }),
    storeError: assign({ timeOff: [], error: (_, params: { message: string }) => params.message }),
    storeFormErrors: assign({
      errors: ({ context, event }) => {
        assertEvent(event, 'pro.timeOff.submit');
        return timeOffFormErrors(event.form, context.today);
      },
    }),
    storeRefusal: assign({ errors: (_, params: { message: string }) => ({ '': params.message }) }),
    clearErrors: assign({ errors: NO_ERRORS }),
    add: assign({
      timeOff: ({ context }, params: { timeOff: TimeOff }) => inOrder([...context.timeOff, params.timeOff]),
      saved: (_, params: { timeOff: TimeOff }) => params.timeOff.id,
    }),
    remove: assign({
      timeOff: ({ context }, params: { timeOffId: string }) =>
        context.timeOff.filter((timeOff) => timeOff.id !== params.timeOffId),
    }),
  },
  guards: {
    validForm: ({ context, event }) => {
      assertEvent(event, 'pro.timeOff.submit');
      return Object.keys(timeOffFormErrors(event.form, context.today)).length === 0;
    },
    listed: ({ context, event }) => {
      assertEvent(event, 'pro.timeOff.cancel');
      return context.timeOff.some((timeOff) => timeOff.id === event.timeOffId);
    },
    changedMeanwhile: ({ event }) => changedMeanwhile((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'proTimeOff',
  context: ({ input }) => ({ today: input.today, timeOff: [], error: null, errors: NO_ERRORS, saved: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadProTimeOff',
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }) => ({ timeOff: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    /** No reply (or not hers to read): the screen says why; she may try again. */
    failed: { on: { 'pro.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'pro.timeOff.submit': [
              { guard: 'validForm', target: 'saving', actions: 'clearErrors' },
              { actions: 'storeFormErrors' },
            ],
            'pro.timeOff.cancel': { guard: 'listed', target: 'cancelling' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'createProTimeOff',
            input: ({ event }) => {
              assertEvent(event, 'pro.timeOff.submit');
              return v.parse(timeOffPayloadSchema, timeOffPayloadOf(event.form));
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'add', params: ({ event }) => ({ timeOff: event.output }) },
                { type: 'showToast', params: { type: 'success', title: PRO_TIME_OFF_TOASTS.saved } },
              ],
            },
            // 409 `timeOffOverlaps`, a start gone past, or no answer: said under the form, which keeps what she typed.
            onError: {
              target: 'idle',
              actions: { type: 'storeRefusal', params: ({ event }) => ({ message: messageOf(event.error) }) },
            },
          },
        },
        cancelling: {
          tags: ['busy'],
          invoke: {
            src: 'cancelTimeOff',
            input: ({ event }) => {
              assertEvent(event, 'pro.timeOff.cancel');
              return { timeOffId: event.timeOffId };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'remove', params: ({ event }) => ({ timeOffId: event.output.id }) },
                { type: 'showToast', params: { type: 'success', title: PRO_TIME_OFF_TOASTS.cancelled } },
              ],
            },
            onError: [
              { guard: 'changedMeanwhile', target: '#proTimeOff.loading', actions: errorToast },
              { target: 'idle', actions: errorToast },
            ],
          },
        },
      },
    },
  },
});
