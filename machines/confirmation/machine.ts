/**
 * Confirmation modal of the data step (SPEC §4): when the chosen slot is not instant booking
 * (or experiment 14 variant 2 hides instant booking) AVANTI opens it instead of advancing; its
 * continue action advances. Opening it is a page view 'modale_conferma'.
 */
import { assign, setup } from 'xstate';
import { DIALOG_TAG, popup, type TrackParams } from '../shared/effects';
import { eventTypes } from '../shared/forward';

export type ConfirmationEvent = { type: 'confirmation.continue' } | { type: 'confirmation.close' };

export const CONFIRMATION_EVENTS = eventTypes<ConfirmationEvent>()('confirmation.continue', 'confirmation.close');

export const confirmationMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as { confirmed: boolean },
    events: {} as ConfirmationEvent,
    output: {} as { confirmed: boolean },
  },
  actions: {
    track: (_, _params: TrackParams) => {},
    confirm: assign({ confirmed: true }),
  },
}).createMachine({
  id: 'confirmation',
  context: { confirmed: false },
  initial: 'open',
  output: ({ context }) => ({ confirmed: context.confirmed }),
  states: {
    open: {
      tags: [DIALOG_TAG],
      entry: [{ type: 'track', params: { event: 'page_view', label: 'modale_conferma' } }, popup('modale_conferma')],
      on: {
        'confirmation.continue': { target: 'closed', actions: 'confirm' },
        'confirmation.close': { target: 'closed' },
      },
    },
    closed: { type: 'final' },
  },
});
