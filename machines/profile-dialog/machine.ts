/**
 * Profile-edit dialog of the personal area (SPEC §2, §4, §5): open/closed, a submitting state
 * that disables the form, closes on success ('Dati aggiornati correttamente') or cancel. The
 * updated user goes to the parent as `session.userUpdated`.
 *
 * The address is picked with the app's one address picker: while the dialog is open it invokes
 * the `addressPicker` machine (`profileAddress`, without the serviceability check) and keeps the
 * address it answers with. The screen sends the picker's events with a `profile.` prefix
 * (`profile.address.type`…), so they never reach the location step's picker. SALVA during a lookup
 * the address needs (a suggestion resolving, a house number confirmed) waits for its answer, as
 * AVANTI does on the location step.
 */
import { assertEvent, assign, sendParent, sendTo, setup } from 'xstate';
import type { ProfileFormInput } from '../../contract/forms';
import { fieldErrors, profileFormSchema } from '../../contract/forms';
import { MESSAGES } from '../../contract/messages';
import type { Location } from '../../contract/location';
import type { User } from '../../contract/user';
import { ADDRESS_PICKER_EVENTS, addressPickerMachine, type AddressPickerEvent } from '../address-picker/machine';
import { DIALOG_TAG, messageOf, notProvided, popup, type ToastParams, type TrackParams } from '../shared/effects';
import { forward, lookupWaitEnds } from '../shared/forward';

/** The form's own fields: the address comes from the picker. */
export type ProfileFields = Omit<ProfileFormInput, 'location'>;

type Prefixed<E extends { type: string }> = E extends { type: infer T extends string }
  ? Omit<E, 'type'> & { type: `profile.${T}` }
  : never;

/** The address picker's events as the profile dialog's screen sends them. */
export type ProfileAddressEvent = Prefixed<AddressPickerEvent>;

export const PROFILE_ADDRESS_EVENTS = ADDRESS_PICKER_EVENTS.map(
  (type) => `profile.${type}` as const,
) as readonly ProfileAddressEvent['type'][];

/** An address picker event, addressed to the profile dialog's picker. */
export const toProfileAddressEvent = (event: AddressPickerEvent): ProfileAddressEvent =>
  // The union's members map one to one (`Prefixed`); TypeScript cannot follow a spread across it.
  ({ ...event, type: `profile.${event.type}` }) as ProfileAddressEvent;

const toPickerEvent = (event: ProfileAddressEvent): AddressPickerEvent =>
  // The inverse of `toProfileAddressEvent`, same reason for the cast.
  ({ ...event, type: event.type.slice('profile.'.length) }) as AddressPickerEvent;

export interface ProfileDialogContext {
  userId: string;
  /** The stored profile's address: each opening starts from it. */
  savedLocation: Location | null;
  /** The address picked in this opening. */
  location: Location | null;
  form: ProfileFormInput | null;
  errors: Record<string, string>;
}

export type ProfileDialogEvent =
  | { type: 'profile.open' }
  | { type: 'profile.cancel' }
  | { type: 'profile.submit'; form: ProfileFields }
  | ProfileAddressEvent
  | { type: 'location.set'; location: Location }
  | { type: 'location.clear' }
  | { type: 'location.clearStreetNumber' }
  | { type: 'location.pending' }
  | { type: 'location.settled' };

export interface ProfileDialogInput {
  userId: string;
  location: Location | null;
}

const withLocation = (form: ProfileFields, location: Location | null): ProfileFormInput => ({
  ...form,
  // A missing address goes as null on purpose: the schema answers with its message.
  location: location as ProfileFormInput['location'],
});

const isInvalid = (form: ProfileFormInput) => Object.keys(fieldErrors(profileFormSchema, form)).length > 0;

export const profileDialogMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as ProfileDialogContext,
    events: {} as ProfileDialogEvent,
    input: {} as ProfileDialogInput,
    children: {} as { profileAddress: 'addressPicker' },
  },
  actors: {
    updateProfile: notProvided<User, { userId: string; form: ProfileFormInput }>('updateProfile'),
    addressPicker: addressPickerMachine,
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    startFromSaved: assign({ location: ({ context }) => context.savedLocation, errors: {} }),
    forwardToPicker: sendTo('profileAddress', ({ event }) => {
      assertEvent(event, PROFILE_ADDRESS_EVENTS);
      return toPickerEvent(event);
    }),
    setLocation: assign({
      location: ({ event }) => {
        assertEvent(event, 'location.set');
        return event.location;
      },
    }),
    clearLocation: assign({ location: null }),
    clearStreetNumber: assign({
      location: ({ context }) =>
        context.location
          ? { ...context.location, components: { ...context.location.components, streetNumber: '' } }
          : null,
    }),
    storeSubmitted: assign({
      form: ({ event, context }) => {
        assertEvent(event, 'profile.submit');
        return withLocation(event.form, context.location);
      },
    }),
    storeErrors: assign({
      errors: ({ context }) => (context.form ? fieldErrors(profileFormSchema, context.form) : {}),
    }),
    /** The form waiting for the lookup takes the address it answered with. */
    takeAnsweredLocation: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'location.set');
        return withLocation(context.form!, event.location);
      },
    }),
    clearErrors: assign({ errors: {} }),
    notifyUpdated: sendParent((_, params: { user: User }) => ({ type: 'session.userUpdated', user: params.user })),
    keepSaved: assign({ savedLocation: (_, params: { user: User }) => params.user.location ?? null }),
  },
  guards: {
    /** The form sent, with the address picked, breaks a rule of SPEC §5. */
    submittedInvalid: ({ context, event }) => {
      assertEvent(event, 'profile.submit');
      return isInvalid(withLocation(event.form, context.location));
    },
    /** The form that waited (SALVA during the lookup), with the address the lookup answered, breaks a rule. */
    answeredInvalid: ({ context, event }) => {
      assertEvent(event, 'location.set');
      return isInvalid(withLocation(context.form!, event.location));
    },
  },
}).createMachine({
  id: 'profileDialog',
  context: ({ input }) => ({
    userId: input.userId,
    savedLocation: input.location,
    location: input.location,
    form: null,
    errors: {},
  }),
  initial: 'closed',
  states: {
    closed: {
      // On the opening, not on `open`'s entry: a failed update comes back to `open`.
      on: { 'profile.open': { target: 'editing', actions: [popup('profilo'), 'startFromSaved'] } },
    },
    editing: {
      tags: [DIALOG_TAG],
      invoke: {
        src: 'addressPicker',
        id: 'profileAddress',
        input: ({ context }) => ({ location: context.location, checkServiceable: false }),
      },
      on: {
        ...forward('forwardToPicker', ...PROFILE_ADDRESS_EVENTS),
        'location.clear': { actions: 'clearLocation' },
        'location.clearStreetNumber': { actions: 'clearStreetNumber' },
      },
      initial: 'open',
      states: {
        open: {
          on: {
            'profile.submit': [
              { guard: 'submittedInvalid', actions: ['storeSubmitted', 'storeErrors'] },
              { target: 'submitting', actions: ['storeSubmitted', 'clearErrors'] },
            ],
            'profile.cancel': { target: '#profileDialog.closed', actions: 'clearErrors' },
            'location.pending': 'resolving',
          },
        },
        /** A lookup the address needs is running (a suggestion resolving, a house number confirmed). */
        resolving: {
          on: {
            'profile.submit': { target: 'waiting', actions: 'storeSubmitted' },
            'profile.cancel': { target: '#profileDialog.closed', actions: 'clearErrors' },
            'location.set': { target: 'open', actions: 'setLocation' },
            ...lookupWaitEnds('open', 'profile.address.type', 'forwardToPicker'),
          },
        },
        /** SALVA came during the lookup: the dialog shows its loading state, then checks the form with the answer. */
        waiting: {
          tags: ['busy'],
          on: {
            'location.set': [
              {
                guard: 'answeredInvalid',
                target: 'open',
                actions: ['setLocation', 'takeAnsweredLocation', 'storeErrors'],
              },
              { target: 'submitting', actions: ['setLocation', 'takeAnsweredLocation', 'clearErrors'] },
            ],
            ...lookupWaitEnds('open', 'profile.address.type', 'forwardToPicker'),
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'updateProfile',
            input: ({ context }) => ({ userId: context.userId, form: context.form! }),
            onDone: {
              target: '#profileDialog.closed',
              actions: [
                { type: 'keepSaved', params: ({ event }) => ({ user: event.output }) },
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
    },
  },
});
