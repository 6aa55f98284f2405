/**
 * The waitlist dialog of a sold-out day (issue 16, ours): from the data step's empty state
 * ('Prova a guardare un altro giorno!'), 'Avvisami se si libera un orario' opens it; she leaves
 * her e-mail (her account's, when signed in) and is told by e-mail when a cancellation or a move
 * frees time that day for her address and services. The draft of that day goes with the entry, so
 * the e-mail's link opens the wizard on that day with everything chosen. It ends when she has
 * joined or closed it: the wizard goes back to the day's (empty) times either way.
 */
import { assertEvent, assign, setup } from 'xstate';
import { emailFormSchema, fieldErrors } from '../../contract/forms';
import { MESSAGES } from '../../contract/messages';
import type { ServiceList } from '../../contract/service';
import type { Draft } from '../shared/draft';
import { DIALOG_TAG, messageOf, notProvided, popup, type ToastParams, type TrackParams } from '../shared/effects';
import { eventTypes } from '../shared/forward';

export type WaitlistEvent = { type: 'waitlist.join'; email: string } | { type: 'waitlist.close' };

export const WAITLIST_EVENTS = eventTypes<WaitlistEvent>()('waitlist.join', 'waitlist.close');

export interface WaitlistInput {
  /** The signed-in customer's e-mail, to prefill the field; null for a visitor. */
  email: string | null;
  /** The wizard's draft on the sold-out day, and the service list it was chosen from. */
  draft: Draft;
  services: ServiceList | null;
}

export interface WaitlistContext extends WaitlistInput {
  errors: Record<string, string>;
}

export interface JoinWaitlistInput {
  email: string;
  draft: Draft;
  services: ServiceList | null;
}

/** SPEC §5's check of the e-mail she sent (asked on `waitlist.join` only). */
const emailErrors = (event: WaitlistEvent): Record<string, string> => {
  assertEvent(event, 'waitlist.join');
  return fieldErrors(emailFormSchema, { email: event.email });
};

export const waitlistMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as WaitlistContext,
    events: {} as WaitlistEvent,
    input: {} as WaitlistInput,
  },
  actors: {
    joinWaitlist: notProvided<unknown, JoinWaitlistInput>('joinWaitlist'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    storeEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'waitlist.join');
        return event.email.trim();
      },
      errors: {},
    }),
    storeErrors: assign({ errors: ({ event }) => emailErrors(event) }),
  },
  guards: {
    emailInvalid: ({ event }) => Object.keys(emailErrors(event)).length > 0,
  },
}).createMachine({
  id: 'waitlist',
  context: ({ input }) => ({ ...input, errors: {} }),
  initial: 'open',
  states: {
    /** One popup per opening: a failed join returns to `idle` inside it, not to a new opening. */
    open: {
      tags: [DIALOG_TAG],
      entry: popup('lista_attesa'),
      initial: 'idle',
      states: {
        idle: {
          on: {
            'waitlist.join': [
              { guard: 'emailInvalid', actions: 'storeErrors' },
              { target: 'joining', actions: 'storeEmail' },
            ],
            'waitlist.close': '#waitlist.closed',
          },
        },
        joining: {
          tags: ['busy'],
          invoke: {
            src: 'joinWaitlist',
            // Stryker disable next-line StringLiteral: 'joining' is entered with her e-mail just stored; the fallback only satisfies the types
            input: ({ context }) => ({ email: context.email ?? '', draft: context.draft, services: context.services }),
            onDone: {
              target: '#waitlist.closed',
              actions: { type: 'showToast', params: { type: 'success', title: MESSAGES.waitlistJoined } },
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
    closed: { type: 'final' },
  },
});
