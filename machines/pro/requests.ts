/**
 * The requests waiting for her (issue 27): /pro/requests, soonest deadline first (the server's
 * order). A failed load says why and may be tried again.
 */
import { assign, setup } from 'xstate';
import type { ProAppointment } from '../../contract/pro';
import { messageOf, notProvided, type ToastParams, type TrackParams } from '../shared/effects';
import type { ProRequestsEvent } from './events';

export { PRO_REQUESTS_EVENTS, type ProRequestsEvent } from './events';

export type LoadProRequestsOutput = ProAppointment[];

export interface ProRequestsContext {
  requests: ProAppointment[];
  /** Why the list could not be shown (the server's message). */
  error: string | null;
}

export const proRequestsMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as ProRequestsContext,
    events: {} as ProRequestsEvent,
  },
  actors: {
    loadProRequests: notProvided<LoadProRequestsOutput, undefined>('loadProRequests'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    store: assign({ requests: (_, params: { requests: ProAppointment[] }) => params.requests, error: null }),
    storeError: assign({ requests: [], error: (_, params: { message: string }) => params.message }),
  },
}).createMachine({
  id: 'proRequests',
  context: { requests: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadProRequests',
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }) => ({ requests: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    failed: { on: { 'pro.retry': 'loading' } },
    ready: {},
  },
});
