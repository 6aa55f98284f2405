/**
 * Her agenda (issue 27): /pro, the professional's appointments, confirmed and waiting, from today
 * for AGENDA_DAYS days; ALTRI GIORNI adds the next AGENDA_DAYS days under them. A failed first load
 * says why and may be tried again; a failed 'more' is said in a toast and what is shown stays.
 * Issue 29: her ratings load beside the agenda, once ('Le tue valutazioni'); refused (the team's
 * members have none: 403) or failed, nothing is shown of them.
 */
import { assign, setup } from 'xstate';
import type { ProAppointment } from '../../contract/pro';
import type { ProRating, RatingSummary } from '../../contract/rating';
import { messageOf, notProvided, type ToastParams, type TrackParams } from '../shared/effects';
import type { ProAgendaEvent } from './events';

/** The days one load of the agenda covers. */
export const AGENDA_DAYS = 7;

export { PRO_AGENDA_EVENTS, type ProAgendaEvent } from './events';

export interface ProAgendaInput {
  /** YYYY-MM-DD of today: the agenda's first day. */
  today: string;
}

/** Her appointments from `from` for AGENDA_DAYS days. */
export interface LoadProAgendaInput {
  from: string;
}
export type LoadProAgendaOutput = ProAppointment[];

/** Issue 29: her standing and her ratings, newest first (GET /pro/ratings). */
export interface ProRatings {
  summary: RatingSummary;
  ratings: ProRating[];
}

export interface ProAgendaContext {
  /** Every appointment loaded so far, in time order. */
  appointments: ProAppointment[];
  /** Why the agenda could not be shown (the server's message). */
  error: string | null;
  /** The first day shown (YYYY-MM-DD). */
  from: string;
  /** How many days from `from` are loaded. */
  days: number;
  /** Issue 29: her ratings; null until they come, and when they cannot be read. */
  ratings: ProRatings | null;
}

/** `2026-11-23` + 7 → `2026-11-30` (calendar days, whatever the clock's zone). */
export const addIsoDays = (isoDate: string, days: number): string => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
};

/** The appointments that wait for her answer (the link to the requests counts them). */
export const waitingForHer = (appointments: readonly ProAppointment[]): ProAppointment[] =>
  appointments.filter((appointment) => appointment.status === 'pending' && appointment.actions.length > 0);

export const proAgendaMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as ProAgendaContext,
    events: {} as ProAgendaEvent,
    input: {} as ProAgendaInput,
  },
  actors: {
    loadProAgenda: notProvided<LoadProAgendaOutput, LoadProAgendaInput>('loadProAgenda'),
    loadProRatings: notProvided<ProRatings, undefined>('loadProRatings'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    store: assign({
      appointments: (_, params: { appointments: ProAppointment[] }) => params.appointments,
      days: AGENDA_DAYS,
      error: null,
    }),
    append: assign({
      appointments: ({ context }, params: { appointments: ProAppointment[] }) => [
        ...context.appointments,
        ...params.appointments,
      ],
      days: ({ context }) => context.days + AGENDA_DAYS,
    }),
    storeError: assign({ appointments: [], error: (_, params: { message: string }) => params.message }),
    storeRatings: assign({ ratings: (_, params: { ratings: ProRatings }) => params.ratings }),
  },
}).createMachine({
  id: 'proAgenda',
  context: ({ input }) => ({ appointments: [], error: null, from: input.today, days: 0, ratings: null }),
  // Her ratings, beside the agenda (its retries and more days leave them alone).
  invoke: {
    src: 'loadProRatings',
    onDone: { actions: { type: 'storeRatings', params: ({ event }) => ({ ratings: event.output }) } },
    // Not hers to read (a team member: 403) or not read: the section is not shown.
    onError: {},
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadProAgenda',
        input: ({ context }) => ({ from: context.from }),
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => ({ appointments: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    failed: { on: { 'pro.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'pro.moreDays': 'loadingMore' } },
        /** The next AGENDA_DAYS days, after those shown. */
        loadingMore: {
          tags: ['busy'],
          invoke: {
            src: 'loadProAgenda',
            input: ({ context }) => ({ from: addIsoDays(context.from, context.days) }),
            onDone: {
              target: 'idle',
              actions: { type: 'append', params: ({ event }) => ({ appointments: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'showToast',
                params: ({ event }) => ({ type: 'error', title: messageOf(event.error) }),
              },
            },
          },
        },
      },
    },
  },
});
