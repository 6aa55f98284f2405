/**
 * Upsell box of the service step (SPEC §2, §4): the options of one variant group. It closes on
 * its close button, a click outside or a choice, and 100 ms after the route leaves /service;
 * when another group is asked for while open it closes, then reopens 100 ms later.
 */
import { assertEvent, assign, setup } from 'xstate';
import { DELAYS } from '../../contract/constants';
import { DIALOG_TAG, type TrackParams } from '../shared/effects';

export interface UpsellContext {
  groupId: string | null;
  /** The group to show once the box has closed. */
  nextGroupId: string | null;
}

export type UpsellEvent =
  | { type: 'upsell.open'; groupId: string }
  | { type: 'upsell.close' }
  | { type: 'upsell.choose'; groupId: string; serviceId: string }
  | { type: 'upsell.leave' };

export const upsellMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: { context: {} as UpsellContext, events: {} as UpsellEvent },
  actions: {
    track: (_, _params: TrackParams) => {},
    showGroup: assign({
      groupId: ({ event }) => {
        assertEvent(event, 'upsell.open');
        return event.groupId;
      },
      nextGroupId: null,
    }),
    queueGroup: assign({
      nextGroupId: ({ event }) => {
        assertEvent(event, 'upsell.open');
        return event.groupId;
      },
    }),
    showQueuedGroup: assign({ groupId: ({ context }) => context.nextGroupId, nextGroupId: null }),
    forgetGroup: assign({ groupId: null, nextGroupId: null }),
  },
  guards: {
    isShownGroup: ({ context, event }) => {
      assertEvent(event, 'upsell.open');
      return event.groupId === context.groupId;
    },
  },
  delays: { upsellCloseReopen: DELAYS.upsellCloseReopen },
}).createMachine({
  id: 'upsell',
  context: { groupId: null, nextGroupId: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'upsell.open': { target: 'open', actions: 'showGroup' } },
    },
    open: {
      tags: [DIALOG_TAG],
      // The popup names the box and its variant group (a new group is a new box).
      entry: {
        type: 'track',
        // Stryker disable next-line StringLiteral: the box opens with a group, always (the fallback only satisfies the types)
        params: ({ context }) => ({ event: 'popup', label: 'upsell', fields: { upsell_group: context.groupId ?? '' } }),
      },
      on: {
        'upsell.open': [{ guard: 'isShownGroup' }, { target: 'reopening', actions: 'queueGroup' }],
        'upsell.close': { target: 'closed', actions: 'forgetGroup' },
        'upsell.choose': { target: 'closed', actions: 'forgetGroup' },
        'upsell.leave': { target: 'closing' },
      },
    },
    closing: {
      after: { upsellCloseReopen: { target: 'closed', actions: 'forgetGroup' } },
    },
    reopening: {
      after: { upsellCloseReopen: { target: 'open', actions: 'showQueuedGroup' } },
      // AVANTI pressed during the pause: the route left /service, the box does not open on the next
      // step (found by the model's impatient person, issue 25).
      on: { 'upsell.leave': { target: 'closed', actions: 'forgetGroup' } },
    },
  },
});
