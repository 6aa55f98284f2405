/**
 * The team's board (issue 40): /pro/team, the team's only. A city (a served zone) and a day: each
 * professional's column (her hours, appointments, requests and time off) and the 'da ricollocare'
 * list, each with who could take it and the nearest free times.
 *
 * - SHOW (`pro.board.show`): another city or day is read (`loading`); the reply names the city
 *   shown and every served zone (the picker's choices: no call of its own).
 * - RIASSEGNA (`reassigning`): an appointment 'da ricollocare' goes to one of the professionals the
 *   board offers for it (`choicesOf`). A refusal the server explains (400 `notServing`/`notWorking`,
 *   409 `notFree`, 404: gone meanwhile) is said on the board, which is read again; no answer is
 *   said in a toast and the board stays.
 * - SALVA ASSENZA (`enteringTimeOff`): time off for a professional who phoned in sick, the form
 *   checked as hers is on /pro/time-off; the hand-over follows on the server and the board is read
 *   again to show the moves. A refusal is said under the form, which keeps what was typed.
 *
 * Busy states take no event: a second press does nothing.
 */
import { assertEvent, assign, setup } from 'xstate';
import * as v from 'valibot';
import type { ApiCategory } from '../../contract/constants';
import { teamBoardCall, timeOffPayloadSchema, type TimeOff, type TimeOffPayload } from '../../contract/pro-week';
import type { ProAppointment } from '../../contract/pro';
import { messageOf, notProvided, type ToastParams, type TrackParams } from '../shared/effects';
import type { ProTeamBoardEvent, TimeOffForm } from './events';
import { timeOffFormErrors, timeOffPayloadOf } from './time-off';

export { PRO_TEAM_BOARD_EVENTS, type ProTeamBoardEvent } from './events';

/** The toasts of this screen: the only copy of this machine. */
export const PRO_TEAM_BOARD_TOASTS = {
  reassigned: 'Appuntamento riassegnato: la cliente riceve un’e-mail con il cambio di professionista.',
  timeOffSaved: 'Assenza salvata: i suoi appuntamenti passano alle colleghe libere in quel momento.',
} as const;

export type TeamBoard = v.InferOutput<typeof teamBoardCall.response>;
export type ToPlace = TeamBoard['toPlace'][number];

export interface ProTeamBoardInput {
  /** YYYY-MM-DD of today: the board opens on it, and no time off starts before it. */
  today: string;
}

export interface LoadTeamBoardInput {
  /** null: the first served zone (the server's choice). */
  zoneId: string | null;
  date: string;
}
export type LoadTeamBoardOutput = TeamBoard;
export interface ReassignAppointmentInput {
  bookingId: string;
  professionalId: string;
  category: ApiCategory | null;
}
export type ReassignAppointmentOutput = ProAppointment;
export interface CreateTeamTimeOffInput {
  professionalId: string;
  payload: TimeOffPayload;
}
export type CreateTeamTimeOffOutput = TimeOff;

export interface ProTeamBoardContext {
  today: string;
  /** The city asked (null until the first reply names one). */
  zoneId: string | null;
  /** The day asked. */
  date: string;
  /** The board last read (kept while another is read, so the page does not jump). */
  board: TeamBoard | null;
  /** Why the board could not be shown (the server's message). */
  error: string | null;
  /** The last reassignment the server refused, as it said it (cleared by the next action). */
  refusal: string | null;
  /** The sick-day form's messages by field ('' for the whole form: the server's refusal). */
  errors: Record<string, string>;
  /** The last time off entered here (the screen starts a blank form after each). */
  saved: string | null;
}

/**
 * Whom the board offers for an appointment to place: who could take it now (the server's
 * `freeProfessionals`, in the assignment's order); for a salotto part, whose list the server leaves
 * empty, every other professional of the city (the server checks her category, zone and time).
 */
export const choicesOf = (board: TeamBoard, item: ToPlace): { id: string; name: string }[] =>
  item.handOver.category === null
    ? item.freeProfessionals
    : board.columns
        .map((column) => ({ id: column.professional.id, name: column.professional.name }))
        .filter((pro) => pro.id !== item.handOver.from.id);

/** Whether the day is a real YYYY-MM-DD (the picker's empty value is not). */
const isDay = (date: string): boolean => v.is(teamBoardCall.query.entries.date, date);

/** A refusal the server explains (400, 404, 409): the board changed or was misread; it is read again. */
const explained = (error: unknown): boolean => {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 400 || status === 404 || status === 409;
};

const NO_ERRORS: Record<string, string> = {};

export const proTeamBoardMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as ProTeamBoardContext,
    events: {} as ProTeamBoardEvent,
    input: {} as ProTeamBoardInput,
  },
  actors: {
    loadTeamBoard: notProvided<LoadTeamBoardOutput, LoadTeamBoardInput>('loadTeamBoard'),
    reassignAppointment: notProvided<ReassignAppointmentOutput, ReassignAppointmentInput>('reassignAppointment'),
    createTeamTimeOff: notProvided<CreateTeamTimeOffOutput, CreateTeamTimeOffInput>('createTeamTimeOff'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    store: assign({
      board: (_, params: { board: TeamBoard }) => params.board,
      zoneId: (_, params: { board: TeamBoard }) => params.board.zone.id,
      date: (_, params: { board: TeamBoard }) => params.board.date,
      error: null,
    }),
    storeError: assign({ error: (_, params: { message: string }) => params.message }),
    ask: assign({
      zoneId: ({ event }) => {
        assertEvent(event, 'pro.board.show');
        return event.zoneId;
      },
      date: ({ event }) => {
        assertEvent(event, 'pro.board.show');
        return event.date;
      },
      refusal: null,
    }),
    storeRefusal: assign({ refusal: (_, params: { message: string }) => params.message }),
    clearRefusal: assign({ refusal: null }),
    storeFormErrors: assign({
      errors: ({ context, event }) => {
        assertEvent(event, 'pro.board.timeOff');
        return timeOffFormErrors(event.form, context.today);
      },
    }),
    storeFormRefusal: assign({ errors: (_, params: { message: string }) => ({ '': params.message }) }),
    clearErrors: assign({ errors: NO_ERRORS, refusal: null }),
    storeSaved: assign({ saved: (_, params: { timeOff: TimeOff }) => params.timeOff.id }),
  },
  guards: {
    aDay: ({ event }) => {
      assertEvent(event, 'pro.board.show');
      return isDay(event.date) && event.zoneId !== '';
    },
    offered: ({ context, event }) => {
      assertEvent(event, 'pro.board.reassign');
      const board = context.board;
      const item = board?.toPlace.find(
        (i) => i.appointment.id === event.bookingId && i.handOver.category === event.category,
      );
      return board !== null && item !== undefined && choicesOf(board, item).some((p) => p.id === event.professionalId);
    },
    validTimeOff: ({ context, event }) => {
      assertEvent(event, 'pro.board.timeOff');
      const listed = context.board?.columns.some((c) => c.professional.id === event.professionalId) === true;
      return listed && Object.keys(timeOffFormErrors(event.form, context.today)).length === 0;
    },
    explained: ({ event }) => explained((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'proTeamBoard',
  context: ({ input }) => ({
    today: input.today,
    zoneId: null,
    date: input.today,
    board: null,
    error: null,
    refusal: null,
    errors: NO_ERRORS,
    saved: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadTeamBoard',
        input: ({ context }) => ({ zoneId: context.zoneId, date: context.date }),
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }) => ({ board: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    /** No reply (or an unknown city): the screen says why; the team may try again. */
    failed: { on: { 'pro.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'pro.board.show': { guard: 'aDay', target: '#proTeamBoard.loading', actions: 'ask' },
            'pro.board.reassign': { guard: 'offered', target: 'reassigning', actions: 'clearRefusal' },
            'pro.board.timeOff': [
              { guard: 'validTimeOff', target: 'enteringTimeOff', actions: 'clearErrors' },
              { actions: 'storeFormErrors' },
            ],
          },
        },
        reassigning: {
          tags: ['busy'],
          invoke: {
            src: 'reassignAppointment',
            input: ({ event }) => {
              assertEvent(event, 'pro.board.reassign');
              return { bookingId: event.bookingId, professionalId: event.professionalId, category: event.category };
            },
            onDone: {
              target: '#proTeamBoard.loading',
              actions: { type: 'showToast', params: { type: 'success', title: PRO_TEAM_BOARD_TOASTS.reassigned } },
            },
            onError: [
              {
                guard: 'explained',
                target: '#proTeamBoard.loading',
                actions: { type: 'storeRefusal', params: ({ event }) => ({ message: messageOf(event.error) }) },
              },
              {
                target: 'idle',
                actions: {
                  type: 'showToast',
                  params: ({ event }) => ({ type: 'error' as const, title: messageOf(event.error) }),
                },
              },
            ],
          },
        },
        enteringTimeOff: {
          tags: ['busy'],
          invoke: {
            src: 'createTeamTimeOff',
            input: ({ event }) => {
              assertEvent(event, 'pro.board.timeOff');
              return {
                professionalId: event.professionalId,
                payload: v.parse(timeOffPayloadSchema, timeOffPayloadOf(event.form)),
              };
            },
            onDone: {
              target: '#proTeamBoard.loading',
              actions: [
                { type: 'storeSaved', params: ({ event }) => ({ timeOff: event.output }) },
                { type: 'showToast', params: { type: 'success', title: PRO_TEAM_BOARD_TOASTS.timeOffSaved } },
              ],
            },
            // 409 `timeOffOverlaps`, a start gone past, or no answer: said under the form, which keeps what was typed.
            onError: {
              target: 'idle',
              actions: { type: 'storeFormRefusal', params: ({ event }) => ({ message: messageOf(event.error) }) },
            },
          },
        },
      },
    },
  },
});

export type { TimeOffForm };
