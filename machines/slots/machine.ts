/**
 * Date and slot loading (SPEC §2, §4, §8), for the wizard's data step and for moving an
 * appointment (issue 16). Picking a date loads its times, shown after at least ~1 s; changing the
 * professional reloads them; clearing the date asks for one. A failed load also waits ~1 s and
 * shows no slots. The `filter` region is the 'Filtra professionista' dialog: only professionals
 * the customer already met, APPLICA disabled without a choice; applying tells the parent
 * `provider.set`.
 *
 * The day and the professional live in the parent's state only (the root's draft, or the move the
 * reschedule machine holds): the parent tells this machine what to ask times for (its input, then
 * `slots.requestChanged` after each change of day or professional), and this machine keeps what is
 * its own: the times, the loading, the dialog.
 */
import { assertEvent, assign, sendParent, setup } from 'xstate';
import type { AppointmentKey } from '../../contract/appointment';
import type { Flow } from '../../contract/constants';
import { DELAYS } from '../../contract/constants';
import type { Provider } from '../../contract/provider';
import type { AvailableTime } from '../../contract/slot';
import { DIALOG_TAG, messageOf, notProvided, popup, type ToastParams, type TrackParams } from '../shared/effects';
import { eventTypes } from '../shared/forward';
import type { Draft } from '../shared/draft';

export type SlotsAnswer = { ok: true; times: AvailableTime[] } | { ok: false; message: string };

/**
 * What the times are asked for: the wizard's draft (its address, services, day and professional),
 * or a day to move an appointment to (its address and services are the server's; her professional
 * kept or not).
 */
export type TimesRequest =
  | { kind: 'booking'; draft: Draft; flow: Flow }
  | { kind: 'move'; appointment: AppointmentKey; date: string | null; keepProfessional: boolean };

/** The day a request asks times for (null: none chosen). */
export const dayOf = (request: TimesRequest): string | null =>
  request.kind === 'booking' ? request.draft.date : request.date;

export interface SlotsContext {
  /** What the parent last asked for: the times shown are for its day and professional. */
  request: TimesRequest;
  userId: string | null;
  times: AvailableTime[];
  /** The reply of the current load, kept until the minimum loading time has passed. */
  answer: SlotsAnswer | null;
  minimumElapsed: boolean;
  providers: Provider[];
  /** The professional ticked in the dialog, not yet applied. */
  choice: string | null;
}

/** The professional filter's dialog: the screen's events, forwarded as they are. */
export type ProviderFilterEvent =
  | { type: 'providerFilter.open' }
  | { type: 'providerFilter.select'; providerId: string }
  | { type: 'providerFilter.apply' }
  | { type: 'providerFilter.close' };

export const PROVIDER_FILTER_EVENTS = eventTypes<ProviderFilterEvent>()(
  'providerFilter.open',
  'providerFilter.select',
  'providerFilter.apply',
  'providerFilter.close',
);

/** Sent by the parent after it changed the day or the professional it asks times for. */
export type SlotsRequestChanged = { type: 'slots.requestChanged'; request: TimesRequest };

export type SlotsEvent = SlotsRequestChanged | ProviderFilterEvent;

export interface SlotsInput {
  request: TimesRequest;
  userId: string | null;
}

export interface LoadTimesInput {
  request: TimesRequest;
  date: string;
}

export const slotsMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as SlotsContext,
    events: {} as SlotsEvent,
    input: {} as SlotsInput,
  },
  actors: {
    loadAvailableTimes: notProvided<AvailableTime[], LoadTimesInput>('loadAvailableTimes'),
    loadProviders: notProvided<Provider[], { userId: string | null }>('loadProviders'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    startLoading: assign({ answer: null, minimumElapsed: false, times: [] }),
    storeAnswer: assign({ answer: (_, params: { answer: SlotsAnswer }) => params.answer }),
    markMinimumElapsed: assign({ minimumElapsed: true }),
    showAnswer: assign({
      times: ({ context }) => (context.answer?.ok ? context.answer.times : []),
      answer: null,
      // Stryker disable next-line BooleanLiteral: the next loading starts the minimum again on entry
      minimumElapsed: false,
    }),
    storeRequest: assign({
      request: ({ event }) => {
        assertEvent(event, 'slots.requestChanged');
        return event.request;
      },
    }),
    clearTimes: assign({ times: [] }),
    storeProviders: assign({ providers: (_, params: { providers: Provider[] }) => params.providers }),
    tick: assign({
      choice: ({ event }) => {
        assertEvent(event, 'providerFilter.select');
        return event.providerId;
      },
    }),
    clearChoice: assign({ choice: null }),
    applyChoice: sendParent(({ context }) => ({ type: 'provider.set', providerId: context.choice! })),
  },
  guards: {
    minimumPending: ({ context }) => !context.minimumElapsed,
    answerPending: ({ context }) => context.answer === null,
    // Asked once the answer has come (answerPending first).
    answerHasTimes: ({ context }) => context.answer!.ok && context.answer!.times.length > 0,
    answerIsEmpty: ({ context }) => context.answer!.ok,
    repliedTimes: (_, params: { times: AvailableTime[] }) => params.times.length > 0,
    changedToADay: ({ event }) => {
      assertEvent(event, 'slots.requestChanged');
      return dayOf(event.request) !== null;
    },
    hasChoice: ({ context }) => context.choice !== null,
    requestHasADay: ({ context }) => dayOf(context.request) !== null,
  },
  delays: { slotsMinimumLoading: DELAYS.slotsMinimumLoading },
}).createMachine({
  id: 'slots',
  type: 'parallel',
  context: ({ input }) => ({
    request: input.request,
    userId: input.userId,
    // Stryker disable next-line ArrayDeclaration: the first loading clears the times on entry
    times: [],
    answer: null,
    // Stryker disable next-line BooleanLiteral: and starts the minimum
    minimumElapsed: false,
    providers: [],
    choice: null,
  }),
  states: {
    times: {
      // SPEC §2: no day, no times asked ('Seleziona una data per vedere le disponibilità!'): a draft
      // can reach the data step without one (the day cleared, then the browser's Back and Forward).
      initial: 'noDate',
      on: {
        // A day (new, or the same with another professional): its times, loaded anew. No day:
        // none to show.
        'slots.requestChanged': [
          { guard: 'changedToADay', target: '.loading', actions: 'storeRequest' },
          { target: '.noDate', actions: ['storeRequest', 'clearTimes'] },
        ],
      },
      states: {
        noDate: {
          // Started with a day: its times load at once.
          always: { guard: 'requestHasADay', target: 'loading' },
        },
        loading: {
          tags: ['busy'],
          entry: 'startLoading',
          invoke: {
            src: 'loadAvailableTimes',
            // Stryker disable next-line StringLiteral: entered only with a day (requestHasADay, changedToADay)
            input: ({ context }) => ({ request: context.request, date: dayOf(context.request) ?? '' }),
            onDone: [
              {
                guard: 'minimumPending',
                actions: {
                  type: 'storeAnswer',
                  params: ({ event }) => ({ answer: { ok: true, times: event.output } }),
                },
              },
              {
                guard: { type: 'repliedTimes', params: ({ event }) => ({ times: event.output }) },
                target: 'available',
                actions: [
                  { type: 'storeAnswer', params: ({ event }) => ({ answer: { ok: true, times: event.output } }) },
                  'showAnswer',
                ],
              },
              // Stryker disable next-line StringLiteral: no time was kept; showAnswer only clears what the next loading clears
              { target: 'empty', actions: 'showAnswer' },
            ],
            onError: [
              {
                guard: 'minimumPending',
                actions: {
                  type: 'storeAnswer',
                  // Stryker disable next-line ObjectLiteral: a failed answer is told apart by `ok` alone (no `ok`: not ok)
                  params: ({ event }) => ({ answer: { ok: false, message: messageOf(event.error) } }),
                },
              },
              // Stryker disable next-line StringLiteral: no time was kept; showAnswer only clears what the next loading clears
              { target: 'failed', actions: 'showAnswer' },
            ],
          },
          after: {
            slotsMinimumLoading: [
              { guard: 'answerPending', actions: 'markMinimumElapsed' },
              { guard: 'answerHasTimes', target: 'available', actions: 'showAnswer' },
              // Stryker disable next-line StringLiteral: the answer had no time; showAnswer only clears what the next loading clears
              { guard: 'answerIsEmpty', target: 'empty', actions: 'showAnswer' },
              // Stryker disable next-line StringLiteral: the same
              { target: 'failed', actions: 'showAnswer' },
            ],
          },
        },
        available: {},
        empty: {},
        failed: {},
      },
    },
    filter: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'providerFilter.open': 'open' },
        },
        open: {
          tags: [DIALOG_TAG],
          entry: popup('filtro_professionista'),
          initial: 'loading',
          on: { 'providerFilter.close': { target: 'closed', actions: 'clearChoice' } },
          states: {
            loading: {
              tags: ['busy'],
              invoke: {
                src: 'loadProviders',
                input: ({ context }) => ({ userId: context.userId }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'storeProviders', params: ({ event }) => ({ providers: event.output }) },
                },
                onError: {
                  target: 'ready',
                  actions: {
                    type: 'showToast',
                    params: ({ event }) => ({ type: 'error', title: messageOf(event.error) }),
                  },
                },
              },
            },
            ready: {
              on: {
                'providerFilter.select': { actions: 'tick' },
                'providerFilter.apply': [
                  { guard: 'hasChoice', target: '#slots.filter.closed', actions: ['applyChoice', 'clearChoice'] },
                ],
              },
            },
          },
        },
      },
    },
  },
});
