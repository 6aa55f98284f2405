/**
 * Out-of-zone dialog (SPEC §2, §4): opens when the chosen address cannot be served; the user
 * may leave an e-mail to be told when Musa arrives nearby (TIENIMI AGGIORNATA), pick another
 * address (USA UN ALTRO INDIRIZZO) or close it. Its output tells the parent which.
 */
import { assertEvent, assign, setup } from 'xstate';
import { emailFormSchema, fieldErrors } from '../../contract/forms';
import type { Location } from '../../contract/location';
import { MESSAGES } from '../../contract/messages';
import { messageOf, notProvided, type ToastParams } from '../shared/effects';
import { eventTypes } from '../shared/forward';

export interface OutOfZoneContext {
  location: Location | null;
  email: string;
  errors: Record<string, string>;
  choice: 'closed' | 'subscribed' | 'otherAddress';
}

export type OutOfZoneEvent =
  { type: 'outOfZone.subscribe'; email: string } | { type: 'outOfZone.close' } | { type: 'outOfZone.useOtherAddress' };

export const OUT_OF_ZONE_EVENTS = eventTypes<OutOfZoneEvent>()(
  'outOfZone.subscribe',
  'outOfZone.close',
  'outOfZone.useOtherAddress',
);

export interface OutOfZoneOutput {
  choice: OutOfZoneContext['choice'];
}

/** SPEC §5's check of the e-mail she sent (asked on `outOfZone.subscribe` only). */
const emailErrors = (event: OutOfZoneEvent): Record<string, string> => {
  assertEvent(event, 'outOfZone.subscribe');
  return fieldErrors(emailFormSchema, { email: event.email });
};

export const outOfZoneMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as OutOfZoneContext,
    events: {} as OutOfZoneEvent,
    input: {} as { location: Location | null },
    output: {} as OutOfZoneOutput,
  },
  actors: {
    subscribeToList: notProvided<unknown, { email: string; location: Location | null }>('subscribeToList'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    storeEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'outOfZone.subscribe');
        return event.email.trim();
      },
      errors: {},
    }),
    storeErrors: assign({ errors: ({ event }) => emailErrors(event) }),
    choose: assign({ choice: (_, params: { choice: OutOfZoneContext['choice'] }) => params.choice }),
  },
  guards: {
    emailInvalid: ({ event }) => Object.keys(emailErrors(event)).length > 0,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the charts and the coverage figures; nothing at run time targets it
  id: 'outOfZone',
  // Stryker disable next-line StringLiteral: the e-mail is read only once stored, and every way out of the dialog sets the choice
  context: ({ input }) => ({ location: input.location, email: '', errors: {}, choice: 'closed' }),
  initial: 'open',
  output: ({ context }) => ({ choice: context.choice }),
  states: {
    open: {
      on: {
        'outOfZone.subscribe': [
          { guard: 'emailInvalid', actions: 'storeErrors' },
          { target: 'subscribing', actions: 'storeEmail' },
        ],
        // Stryker disable next-line StringLiteral: the choice starts as 'closed'; the action says so for the chart's readers
        'outOfZone.close': { target: 'closed', actions: { type: 'choose', params: { choice: 'closed' } } },
        'outOfZone.useOtherAddress': {
          target: 'closed',
          actions: { type: 'choose', params: { choice: 'otherAddress' } },
        },
      },
    },
    subscribing: {
      tags: ['busy'],
      invoke: {
        src: 'subscribeToList',
        input: ({ context }) => ({ email: context.email, location: context.location }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'choose', params: { choice: 'subscribed' } },
            { type: 'showToast', params: { type: 'success', title: MESSAGES.subscribed } },
          ],
        },
        onError: {
          target: 'open',
          actions: { type: 'showToast', params: ({ event }) => ({ type: 'error', title: messageOf(event.error) }) },
        },
      },
    },
    closed: { type: 'final' },
  },
});
