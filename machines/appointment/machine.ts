/**
 * One appointment, as its manage screen shows it (issue 16, ours): /appointments/:id, opened from
 * the personal area or from the e-mail's 'Gestisci appuntamento' link (its token works without a
 * password). It loads the appointment; while its free cancellation lasts (FREE_CANCELLATION_HOURS
 * before the start) she may cancel it, after a confirmation dialog; she may ask for the optional
 * reminder two hours before. Moving it is the reschedule machine's (the root shows it at
 * /appointments/:id/reschedule and tells this one the moved appointment).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { Appointment, AppointmentKey } from '../../contract/appointment';
import { MESSAGES } from '../../contract/messages';
import { DIALOG_TAG, messageOf, notProvided, popup, type ToastParams, type TrackParams } from '../shared/effects';
import { eventTypes } from '../shared/forward';

/** What the manage screen sends. */
export type AppointmentEvent =
  | { type: 'appointment.cancel' }
  | { type: 'appointment.keep' }
  | { type: 'appointment.confirmCancel' }
  | { type: 'appointment.reminder'; twoHoursBefore: boolean }
  /** Issue 27: another time was offered her: ACCETTA IL NUOVO ORARIO, or RIFIUTA (asked again first). */
  | { type: 'appointment.acceptOffer' }
  | { type: 'appointment.declineOffer' }
  | { type: 'appointment.confirmDeclineOffer' };

export const APPOINTMENT_EVENTS = eventTypes<AppointmentEvent>()(
  'appointment.cancel',
  'appointment.keep',
  'appointment.confirmCancel',
  'appointment.reminder',
  'appointment.acceptOffer',
  'appointment.declineOffer',
  'appointment.confirmDeclineOffer',
);

/** Sent by the root when the reschedule machine has moved it. */
export type AppointmentMoved = { type: 'appointment.moved'; appointment: Appointment };

export interface AppointmentContext {
  key: AppointmentKey;
  appointment: Appointment | null;
  /** Why it could not be shown (the server's message: not found, or the link expired). */
  error: string | null;
}

/** Her answer to another time offered (issue 27): accepted (confirmed there) or declined (cancelled). */
export interface AppointmentOfferInput {
  key: AppointmentKey;
  accept: boolean;
}

export interface AppointmentReminderInput {
  key: AppointmentKey;
  twoHoursBefore: boolean;
}

const errorToast = {
  type: 'showToast',
  params: ({ event }: { event: { error: unknown } }) => ({ type: 'error' as const, title: messageOf(event.error) }),
} as const;

const successToast = (title: string) => ({ type: 'showToast', params: { type: 'success', title } }) as const;

const appointmentSetup = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as AppointmentContext,
    events: {} as AppointmentEvent | AppointmentMoved,
    input: {} as { key: AppointmentKey },
  },
  actors: {
    loadAppointment: notProvided<Appointment, { key: AppointmentKey }>('loadAppointment'),
    cancelAppointment: notProvided<Appointment, { key: AppointmentKey }>('cancelAppointment'),
    setAppointmentReminder: notProvided<Appointment, AppointmentReminderInput>('setAppointmentReminder'),
    answerOffer: notProvided<Appointment, AppointmentOfferInput>('answerOffer'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    store: assign({ appointment: (_, params: { appointment: Appointment }) => params.appointment, error: null }),
    storeMoved: assign({
      appointment: ({ event }) => {
        assertEvent(event, 'appointment.moved');
        return event.appointment;
      },
    }),
    storeError: assign({ appointment: null, error: (_, params: { message: string }) => params.message }),
  },
  guards: {
    // Both are asked in `ready` only, where the appointment is loaded.
    /** Free cancellation still open (the server says so with the appointment; it checks again). */
    cancellable: ({ context }) => context.appointment!.cancellable,
    /** The optional reminder can be changed while the appointment is ahead and not cancelled. */
    remindable: ({ context }) => context.appointment!.status !== 'cancelled',
    /** Another time is offered her and waits for her answer (issue 27). */
    offered: ({ context }) => context.appointment!.offeredInsteadOf !== null,
  },
});

/** Her answer to the time offered (issue 27): confirmed there, or cancelled; a refusal is said and the appointment read again. */
const answering = (accept: boolean) =>
  appointmentSetup.createStateConfig({
    tags: accept ? ['busy'] : [DIALOG_TAG, 'busy'],
    invoke: {
      src: 'answerOffer',
      input: ({ context }) => ({ key: context.key, accept }),
      onDone: {
        target: 'idle',
        actions: [
          { type: 'store', params: ({ event }) => ({ appointment: event.output }) },
          successToast(accept ? MESSAGES.offerAccepted : MESSAGES.appointmentCancelled),
        ],
      },
      // Refused (the offer lapsed, or was answered elsewhere): said, and the appointment read again.
      onError: { target: '#appointment.loading', actions: errorToast },
    },
  });

export const appointmentMachine = appointmentSetup.createMachine({
  id: 'appointment',
  context: ({ input }) => ({ key: input.key, appointment: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadAppointment',
        input: ({ context }) => ({ key: context.key }),
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }) => ({ appointment: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    /** Not found, or the link is no longer valid: the screen says why. */
    failed: {},
    ready: {
      initial: 'idle',
      on: { 'appointment.moved': { actions: 'storeMoved' } },
      states: {
        idle: {
          on: {
            'appointment.cancel': { guard: 'cancellable', target: 'confirmingCancel' },
            'appointment.reminder': { guard: 'remindable', target: 'savingReminder' },
            'appointment.acceptOffer': { guard: 'offered', target: 'acceptingOffer' },
            'appointment.declineOffer': { guard: 'offered', target: 'confirmingDeclineOffer' },
          },
        },
        /** 'Rifiuti il nuovo orario?': SÌ, RIFIUTA (the appointment is cancelled) or NO, TORNA INDIETRO. */
        confirmingDeclineOffer: {
          tags: [DIALOG_TAG],
          entry: popup('rifiuta_nuovo_orario'),
          on: {
            'appointment.confirmDeclineOffer': 'decliningOffer',
            'appointment.keep': 'idle',
          },
        },
        acceptingOffer: answering(true),
        /** The dialog stays open, its buttons busy, until the answer. */
        decliningOffer: answering(false),
        /** 'Vuoi annullare l'appuntamento?': SÌ, ANNULLA or NO, TIENILO. */
        confirmingCancel: {
          tags: [DIALOG_TAG],
          entry: popup('annulla_appuntamento'),
          on: {
            'appointment.confirmCancel': 'cancelling',
            'appointment.keep': 'idle',
          },
        },
        cancelling: {
          tags: [DIALOG_TAG, 'busy'],
          invoke: {
            src: 'cancelAppointment',
            input: ({ context }) => ({ key: context.key }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'store', params: ({ event }) => ({ appointment: event.output }) },
                successToast(MESSAGES.appointmentCancelled),
              ],
            },
            // Refused (the free cancellation ended meanwhile): said, and the appointment read again.
            onError: { target: '#appointment.loading', actions: errorToast },
          },
        },
        savingReminder: {
          tags: ['busy'],
          invoke: {
            src: 'setAppointmentReminder',
            input: ({ context, event }) => {
              assertEvent(event, 'appointment.reminder');
              return { key: context.key, twoHoursBefore: event.twoHoursBefore };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'store', params: ({ event }) => ({ appointment: event.output }) },
                successToast(MESSAGES.reminderSaved),
              ],
            },
            onError: { target: 'idle', actions: errorToast },
          },
        },
      },
    },
  },
});
