/**
 * Profile-edit dialog of the personal area (SPEC §2, §4, §5): open/closed, a submitting state
 * that disables the form, closes on success ('Dati aggiornati correttamente') or cancel. The
 * updated user goes to the parent as `session.userUpdated`.
 */
import { assign, sendParent, setup } from 'xstate';
import type { ProfileFormInput } from '../../contract/forms';
import { fieldErrors, profileFormSchema } from '../../contract/forms';
import { MESSAGES } from '../../contract/messages';
import type { User } from '../../contract/user';
import { DIALOG_TAG, messageOf, notProvided, popup, type ToastParams, type TrackParams } from '../shared/effects';

export interface ProfileDialogContext {
  userId: string;
  form: ProfileFormInput | null;
  errors: Record<string, string>;
}

export type ProfileDialogEvent =
  { type: 'profile.open' } | { type: 'profile.cancel' } | { type: 'profile.submit'; form: ProfileFormInput };

export const profileDialogMachine = setup({
  types: {
    context: {} as ProfileDialogContext,
    events: {} as ProfileDialogEvent,
    input: {} as { userId: string },
  },
  actors: {
    updateProfile: notProvided<User, { userId: string; form: ProfileFormInput }>('updateProfile'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    storeErrors: assign({
      errors: ({ event }) => (event.type === 'profile.submit' ? fieldErrors(profileFormSchema, event.form) : {}),
    }),
    storeForm: assign({
      form: ({ event }) => (event.type === 'profile.submit' ? event.form : null),
      errors: {},
    }),
    clearErrors: assign({ errors: {} }),
    notifyUpdated: sendParent((_, params: { user: User }) => ({ type: 'session.userUpdated', user: params.user })),
  },
  guards: {
    formInvalid: ({ event }) =>
      event.type === 'profile.submit' && Object.keys(fieldErrors(profileFormSchema, event.form)).length > 0,
  },
}).createMachine({
  id: 'profileDialog',
  context: ({ input }) => ({ userId: input.userId, form: null, errors: {} }),
  initial: 'closed',
  states: {
    closed: {
      // On the opening, not on `open`'s entry: a failed update comes back to `open`.
      on: { 'profile.open': { target: 'open', actions: popup('profilo') } },
    },
    open: {
      tags: [DIALOG_TAG],
      on: {
        'profile.submit': [
          { guard: 'formInvalid', actions: 'storeErrors' },
          { target: 'submitting', actions: 'storeForm' },
        ],
        'profile.cancel': { target: 'closed', actions: 'clearErrors' },
      },
    },
    submitting: {
      tags: ['busy', DIALOG_TAG],
      invoke: {
        src: 'updateProfile',
        input: ({ context }) => ({ userId: context.userId, form: context.form! }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'notifyUpdated', params: ({ event }) => ({ user: event.output }) },
            { type: 'showToast', params: { type: 'success', title: MESSAGES.profileUpdated } },
          ],
        },
        onError: {
          target: 'open',
          actions: { type: 'showToast', params: ({ event }) => ({ type: 'error', title: messageOf(event.error) }) },
        },
      },
    },
  },
});
