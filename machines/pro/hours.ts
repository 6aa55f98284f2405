/**
 * Her hours (issue 40): /pro/hours, a professional's own. It loads her week in force, the changes
 * to come, and her appointments outside the hours in force on their day (`outside`: they are kept);
 * she edits a week (several ranges a day, up to HOURS_RANGES_MAX; none: a day off) and the day it
 * applies from (today or later), and saves it. Availability offers her by it from that day.
 *
 * - SALVA ORARI (`saving`): the form is checked with the contract's own payload schema (and against
 *   today: the server refuses a day in the past) before anything is sent; a refusal or no answer is
 *   said under the form, which keeps what she typed (the screen holds it; a saved week starts it anew
 *   from her answer). The answer lists again the appointments left outside.
 * - PASSA A UNA COLLEGA (`handingOver`): one appointment outside her hours goes to a colleague. A 409
 *   (`appointmentInHours`: it lies in her hours now, or it cannot be passed) or a 404 reads her hours
 *   again; any other failure is said in a toast.
 *
 * The form's edits (a range added or removed, a day off) are pure functions here, the screen's one
 * way to change it: `addRange`, `removeRange`, `setRange`, `setDayOff`.
 */
import { assertEvent, assign, setup } from 'xstate';
import * as v from 'valibot';
import { fieldErrors } from '../../contract/forms';
import { MESSAGES } from '../../contract/messages';
import {
  HOURS_RANGES_MAX,
  PRO_WEEK_MESSAGES,
  saveHoursPayloadSchema,
  WEEKDAYS,
  type HandOver,
  type ProHours,
  type Week,
} from '../../contract/pro-week';
import { messageOf, notProvided, type ToastParams, type TrackParams } from '../shared/effects';
import type { HoursForm, ProHoursEvent } from './events';

export { PRO_HOURS_EVENTS, type HoursForm, type ProHoursEvent } from './events';

/** The toasts of this screen: the only copy of this machine. */
export const PRO_HOURS_TOASTS = {
  saved: 'Orari salvati: dal giorno che hai scelto le clienti ti prenotano in questi orari.',
  handedOver: 'Appuntamento passato: cerchiamo una collega e avvisiamo la cliente.',
} as const;

export interface ProHoursInput {
  /** YYYY-MM-DD of today: a week applies from today or later. */
  today: string;
}

export type LoadProHoursOutput = ProHours;
export type SaveProHoursInput = v.InferOutput<typeof saveHoursPayloadSchema>;
export type SaveProHoursOutput = ProHours;
export interface HandOverAppointmentInput {
  bookingId: string;
}
/** The appointment handed over, and its hand-overs (a salotto: one per part of hers). */
export interface HandOverAppointmentOutput {
  bookingId: string;
  handOvers: HandOver[];
}

export interface ProHoursContext {
  today: string;
  /** Her hours as the server last answered them (null until then, or after a failure). */
  hours: ProHours | null;
  /** Why her hours could not be shown (the server's message). */
  error: string | null;
  /** The form's messages by field ('validFrom', 'week.0.ranges.1.end'; '' the server's refusal). */
  errors: Record<string, string>;
  /** How many weeks were saved here (the screen starts its form anew after each). */
  saved: number;
  /** The appointments outside her hours handed over here (their hand-over is under way). */
  handedOver: string[];
}

type Range = { start: string; end: string };

/** The form as the screen opens it: the week in force, from today. */
export const hoursFormOf = (hours: ProHours, today: string): HoursForm => ({
  validFrom: today,
  days: WEEKDAYS.map((weekday) =>
    (hours.current.week.find((day) => day.weekday === weekday)?.ranges ?? []).map((range) => ({ ...range })),
  ),
});

const withDay = (form: HoursForm, index: number, ranges: readonly Range[]): HoursForm => ({
  ...form,
  days: form.days.map((day, i) => (i === index ? ranges : day)),
});

/** One more range on a day (none past HOURS_RANGES_MAX), starting where the last one ends. */
export const addRange = (form: HoursForm, index: number): HoursForm => {
  const day = form.days[index] ?? [];
  if (day.length >= HOURS_RANGES_MAX) return form;
  return withDay(form, index, [...day, { start: day.at(-1)?.end ?? '', end: '' }]);
};
export const removeRange = (form: HoursForm, index: number, range: number): HoursForm =>
  withDay(
    form,
    index,
    (form.days[index] ?? []).filter((_, i) => i !== range),
  );
export const setRange = (form: HoursForm, index: number, range: number, change: Partial<Range>): HoursForm =>
  withDay(
    form,
    index,
    (form.days[index] ?? []).map((r, i) => (i === range ? { ...r, ...change } : r)),
  );
/** A day off: no ranges that day. */
export const setDayOff = (form: HoursForm, index: number): HoursForm => withDay(form, index, []);

/** The payload of what she typed: each weekday with its ranges (none: a day off). */
export const hoursPayloadOf = (form: HoursForm): { validFrom: string; week: Week } => ({
  validFrom: form.validFrom,
  week: WEEKDAYS.map((weekday, i) => ({ weekday, ranges: (form.days[i] ?? []).map((r) => ({ ...r })) })),
});

/**
 * What is wrong with the form, by field: an empty field is required; then the contract's checks
 * (ranges reversed or overlapping, too many); then a day before today (the server's own words).
 */
export const hoursFormErrors = (form: HoursForm, today: string): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (form.validFrom.trim() === '') errors.validFrom = MESSAGES.required;
  form.days.forEach((ranges, day) =>
    ranges.forEach((range, i) => {
      for (const field of ['start', 'end'] as const)
        if (range[field].trim() === '') errors[`week.${day}.ranges.${i}.${field}`] = MESSAGES.required;
    }),
  );
  const checked = fieldErrors(saveHoursPayloadSchema, hoursPayloadOf(form));
  for (const [field, message] of Object.entries(checked)) errors[field] ??= message;
  if (errors.validFrom === undefined && form.validFrom < today) errors.validFrom = PRO_WEEK_MESSAGES.dateInPast;
  return errors;
};

/** A refusal that says her hours changed meanwhile (409: in her hours now, or not to be passed; 404: gone). */
const changedMeanwhile = (error: unknown): boolean => {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 409 || status === 404;
};

const NO_ERRORS: Record<string, string> = {};

/** Those handed over here that her hours, as answered now, still list outside (the others are no longer hers to pass). */
const stillOutside = (handedOver: readonly string[], hours: ProHours): string[] =>
  handedOver.filter((id) => hours.outside.some((appointment) => appointment.id === id));

const errorToast = {
  type: 'showToast',
  params: ({ event }: { event: { error: unknown } }) => ({ type: 'error' as const, title: messageOf(event.error) }),
} as const;

export const proHoursMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as ProHoursContext,
    events: {} as ProHoursEvent,
    input: {} as ProHoursInput,
  },
  actors: {
    loadProHours: notProvided<LoadProHoursOutput, undefined>('loadProHours'),
    saveProHours: notProvided<SaveProHoursOutput, SaveProHoursInput>('saveProHours'),
    handOverAppointment: notProvided<HandOverAppointmentOutput, HandOverAppointmentInput>('handOverAppointment'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    store: assign({
      hours: (_, params: { hours: ProHours }) => params.hours,
      error: null,
      handedOver: ({ context }, params: { hours: ProHours }) => stillOutside(context.handedOver, params.hours),
    }),
    storeError: assign({ hours: null, error: (_, params: { message: string }) => params.message }),
    storeFormErrors: assign({
      errors: ({ context, event }) => {
        assertEvent(event, 'pro.hours.submit');
        return hoursFormErrors(event.form, context.today);
      },
    }),
    storeRefusal: assign({ errors: (_, params: { message: string }) => ({ '': params.message }) }),
    clearErrors: assign({ errors: NO_ERRORS }),
    storeSaved: assign({
      hours: (_, params: { hours: ProHours }) => params.hours,
      handedOver: ({ context }, params: { hours: ProHours }) => stillOutside(context.handedOver, params.hours),
      saved: ({ context }) => context.saved + 1,
    }),
    markHandedOver: assign({
      handedOver: ({ context }, params: { bookingId: string }) => [...context.handedOver, params.bookingId],
    }),
  },
  guards: {
    validForm: ({ context, event }) => {
      assertEvent(event, 'pro.hours.submit');
      return Object.keys(hoursFormErrors(event.form, context.today)).length === 0;
    },
    /** Listed outside her hours, and not handed over yet. */
    outside: ({ context, event }) => {
      assertEvent(event, 'pro.hours.handOver');
      return (
        !context.handedOver.includes(event.bookingId) &&
        (context.hours?.outside ?? []).some((appointment) => appointment.id === event.bookingId)
      );
    },
    changedMeanwhile: ({ event }) => changedMeanwhile((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'proHours',
  context: ({ input }) => ({
    today: input.today,
    hours: null,
    error: null,
    errors: NO_ERRORS,
    saved: 0,
    handedOver: [],
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      // Her hours read anew: the form is drawn anew from them, its old messages gone.
      entry: 'clearErrors',
      invoke: {
        src: 'loadProHours',
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }) => ({ hours: event.output }) } },
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
            'pro.hours.submit': [
              { guard: 'validForm', target: 'saving', actions: 'clearErrors' },
              { actions: 'storeFormErrors' },
            ],
            'pro.hours.handOver': { guard: 'outside', target: 'handingOver' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'saveProHours',
            input: ({ event }) => {
              assertEvent(event, 'pro.hours.submit');
              return v.parse(saveHoursPayloadSchema, hoursPayloadOf(event.form));
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeSaved', params: ({ event }) => ({ hours: event.output }) },
                { type: 'showToast', params: { type: 'success', title: PRO_HOURS_TOASTS.saved } },
              ],
            },
            // A day gone past, a refusal, or no answer: said under the form, which keeps what she typed.
            onError: {
              target: 'idle',
              actions: { type: 'storeRefusal', params: ({ event }) => ({ message: messageOf(event.error) }) },
            },
          },
        },
        handingOver: {
          tags: ['busy'],
          invoke: {
            src: 'handOverAppointment',
            input: ({ event }) => {
              assertEvent(event, 'pro.hours.handOver');
              return { bookingId: event.bookingId };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'markHandedOver', params: ({ event }) => ({ bookingId: event.output.bookingId }) },
                { type: 'showToast', params: { type: 'success', title: PRO_HOURS_TOASTS.handedOver } },
              ],
            },
            onError: [
              { guard: 'changedMeanwhile', target: '#proHours.loading', actions: errorToast },
              { target: 'idle', actions: errorToast },
            ],
          },
        },
      },
    },
  },
});
