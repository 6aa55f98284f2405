/**
 * The manage screen's machine of one appointment (issue 16), alone, its calls answered by hand.
 * Expectations from the issue: the link's key (id and token) opens it; a link that no longer works
 * says why; she cancels only while the free cancellation lasts and after saying yes in the dialog;
 * a refusal is said and the appointment read again; the optional two-hour reminder is sent as she
 * ticked it, and not for a cancelled appointment; the screen is busy while a call is out.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import type { Appointment } from '../../contract/appointment';
import { appointmentMachine } from '../../machines/appointment/machine';
import type { ToastParams } from '../../machines/shared/effects';
import {
  APPOINTMENT,
  APPOINTMENT_ID,
  APPOINTMENT_LATE,
  APPOINTMENT_OFFERED,
  MANAGE_TOKEN,
} from '../../machines/testing/fixtures';
import { callsByHand } from './calls';

const KEY = { id: APPOINTMENT_ID, token: MANAGE_TOKEN };
const CANCELLED: Appointment = { ...APPOINTMENT, status: 'cancelled', cancellable: false, reschedulable: false };

function open() {
  const calls = callsByHand(['loadAppointment', 'cancelAppointment', 'setAppointmentReminder', 'answerOffer'] as const);
  const toasts: ToastParams[] = [];
  const machine = appointmentMachine.provide({
    actors: calls.actors,
    actions: { showToast: (_, params: ToastParams) => void toasts.push(params) },
  });
  const actor = createActor(machine, { input: { key: KEY } }).start();
  const seen = () => {
    const snapshot = actor.getSnapshot();
    return {
      appointment: snapshot.context.appointment,
      error: snapshot.context.error,
      busy: snapshot.hasTag('busy'),
      dialog: snapshot.hasTag('dialog'),
    };
  };
  return { actor, ...calls, toasts, seen };
}

async function opened(appointment: Appointment) {
  const screen = open();
  await screen.settle('loadAppointment', { output: appointment });
  screen.sent.length = 0;
  return screen;
}

describe('an appointment’s screen', () => {
  it('loads the appointment of the link (its id and token), busy until it comes, then shows it', async () => {
    const screen = open();
    expect(screen.sent).toEqual([{ src: 'loadAppointment', input: { key: KEY } }]);
    expect(screen.seen()).toMatchObject({ appointment: null, busy: true });
    await screen.settle('loadAppointment', { output: APPOINTMENT });
    expect(screen.seen()).toEqual({ appointment: APPOINTMENT, error: null, busy: false, dialog: false });
  });

  it('a link that no longer works: the server’s reason, no appointment', async () => {
    const screen = open();
    await screen.settle('loadAppointment', new Error('Il link non è più valido.'));
    expect(screen.seen()).toEqual({
      appointment: null,
      error: 'Il link non è più valido.',
      busy: false,
      dialog: false,
    });
  });

  it('cancelling asks first; NO, TIENILO sends nothing', async () => {
    const screen = await opened(APPOINTMENT);
    screen.actor.send({ type: 'appointment.cancel' });
    expect(screen.seen()).toMatchObject({ dialog: true, busy: false });
    screen.actor.send({ type: 'appointment.keep' });
    expect(screen.seen()).toMatchObject({ dialog: false, appointment: APPOINTMENT });
    expect(screen.sent).toEqual([]);
  });

  it('SÌ, ANNULLA sends the cancellation with the link’s key, busy meanwhile; then the cancelled appointment and a toast', async () => {
    const screen = await opened(APPOINTMENT);
    screen.actor.send({ type: 'appointment.cancel' });
    screen.actor.send({ type: 'appointment.confirmCancel' });
    expect(screen.sent).toEqual([{ src: 'cancelAppointment', input: { key: KEY } }]);
    expect(screen.seen()).toMatchObject({ busy: true, dialog: true });
    await screen.settle('cancelAppointment', { output: CANCELLED });
    expect(screen.seen()).toEqual({ appointment: CANCELLED, error: null, busy: false, dialog: false });
    expect(screen.toasts).toEqual([{ type: 'success', title: MESSAGES.appointmentCancelled }]);
  });

  it('after the free cancellation has ended, cancelling does nothing', async () => {
    const screen = await opened(APPOINTMENT_LATE);
    screen.actor.send({ type: 'appointment.cancel' });
    expect(screen.seen()).toMatchObject({ dialog: false, busy: false });
    expect(screen.sent).toEqual([]);
  });

  it('a refused cancellation: the server’s reason in a toast, and the appointment read again', async () => {
    const screen = await opened(APPOINTMENT);
    screen.actor.send({ type: 'appointment.cancel' });
    screen.actor.send({ type: 'appointment.confirmCancel' });
    await screen.settle('cancelAppointment', new Error('La cancellazione gratuita è scaduta.'));
    expect(screen.toasts).toEqual([{ type: 'error', title: 'La cancellazione gratuita è scaduta.' }]);
    expect(screen.sent.at(-1)).toEqual({ src: 'loadAppointment', input: { key: KEY } });
    expect(screen.seen()).toMatchObject({ busy: true });
    await screen.settle('loadAppointment', { output: APPOINTMENT_LATE });
    expect(screen.seen()).toMatchObject({ appointment: APPOINTMENT_LATE, busy: false });
  });

  it.each([true, false])(
    'the two-hour reminder is sent as she ticked it (%s), busy meanwhile; then the saved appointment and a toast',
    async (twoHoursBefore) => {
      const screen = await opened({ ...APPOINTMENT, twoHoursReminder: !twoHoursBefore });
      screen.actor.send({ type: 'appointment.reminder', twoHoursBefore });
      expect(screen.sent).toEqual([{ src: 'setAppointmentReminder', input: { key: KEY, twoHoursBefore } }]);
      expect(screen.seen()).toMatchObject({ busy: true, dialog: false });
      const saved = { ...APPOINTMENT, twoHoursReminder: twoHoursBefore };
      await screen.settle('setAppointmentReminder', { output: saved });
      expect(screen.seen()).toMatchObject({ appointment: saved, busy: false });
      expect(screen.toasts).toEqual([{ type: 'success', title: MESSAGES.reminderSaved }]);
    },
  );

  it('a refused reminder: the reason in a toast, the appointment as it was', async () => {
    const screen = await opened(APPOINTMENT);
    screen.actor.send({ type: 'appointment.reminder', twoHoursBefore: true });
    await screen.settle('setAppointmentReminder', new Error('Troppe richieste, riprova tra poco.'));
    expect(screen.toasts).toEqual([{ type: 'error', title: 'Troppe richieste, riprova tra poco.' }]);
    expect(screen.seen()).toMatchObject({ appointment: APPOINTMENT, busy: false });
  });

  it('a cancelled appointment’s reminder cannot be changed', async () => {
    const screen = await opened(CANCELLED);
    screen.actor.send({ type: 'appointment.reminder', twoHoursBefore: true });
    expect(screen.sent).toEqual([]);
    expect(screen.seen()).toMatchObject({ busy: false });
  });

  it('shows the appointment as the move left it', async () => {
    const screen = await opened(APPOINTMENT);
    const moved = { ...APPOINTMENT, date: '2026-11-26', startTime: '15:00' };
    screen.actor.send({ type: 'appointment.moved', appointment: moved });
    expect(screen.seen()).toMatchObject({ appointment: moved });
  });

  describe('another time offered (issue 27)', () => {
    const ACCEPTED: Appointment = {
      ...APPOINTMENT_OFFERED,
      status: 'confirmed',
      answerBy: null,
      offeredInsteadOf: null,
    };
    const DECLINED: Appointment = {
      ...APPOINTMENT_OFFERED,
      status: 'cancelled',
      answerBy: null,
      offeredInsteadOf: null,
    };

    it('ACCETTA IL NUOVO ORARIO answers at once, busy until the answer: confirmed, and said', async () => {
      const screen = await opened(APPOINTMENT_OFFERED);
      screen.actor.send({ type: 'appointment.acceptOffer' });
      expect(screen.sent).toEqual([{ src: 'answerOffer', input: { key: KEY, accept: true } }]);
      expect(screen.seen()).toMatchObject({ busy: true, dialog: false });
      // A second press while the answer is out sends nothing more.
      screen.actor.send({ type: 'appointment.acceptOffer' });
      screen.actor.send({ type: 'appointment.declineOffer' });
      expect(screen.sent).toHaveLength(1);
      await screen.settle('answerOffer', { output: ACCEPTED });
      expect(screen.seen()).toMatchObject({ appointment: ACCEPTED, busy: false });
      expect(screen.toasts).toEqual([{ type: 'success', title: 'Nuovo orario confermato' }]);
    });

    it('RIFIUTA asks first; NO, TORNA INDIETRO sends nothing; SÌ, RIFIUTA declines, the dialog busy until the answer', async () => {
      const screen = await opened(APPOINTMENT_OFFERED);
      screen.actor.send({ type: 'appointment.declineOffer' });
      expect(screen.seen()).toMatchObject({ dialog: true, busy: false });
      screen.actor.send({ type: 'appointment.keep' });
      expect(screen.seen()).toMatchObject({ dialog: false });
      expect(screen.sent).toEqual([]);
      screen.actor.send({ type: 'appointment.declineOffer' });
      screen.actor.send({ type: 'appointment.confirmDeclineOffer' });
      expect(screen.sent).toEqual([{ src: 'answerOffer', input: { key: KEY, accept: false } }]);
      expect(screen.seen()).toMatchObject({ dialog: true, busy: true });
      await screen.settle('answerOffer', { output: DECLINED });
      expect(screen.seen()).toMatchObject({ appointment: DECLINED, dialog: false, busy: false });
      expect(screen.toasts).toEqual([{ type: 'success', title: MESSAGES.appointmentCancelled }]);
    });

    it('a refused answer (the offer lapsed): the reason said, the appointment read again', async () => {
      const screen = await opened(APPOINTMENT_OFFERED);
      screen.actor.send({ type: 'appointment.acceptOffer' });
      await screen.settle('answerOffer', new Error('Questa proposta non è più valida.'));
      expect(screen.toasts).toEqual([{ type: 'error', title: 'Questa proposta non è più valida.' }]);
      expect(screen.sent.at(-1)).toEqual({ src: 'loadAppointment', input: { key: KEY } });
    });

    it('without an offer, neither answer does anything', async () => {
      const screen = await opened(APPOINTMENT);
      screen.actor.send({ type: 'appointment.acceptOffer' });
      screen.actor.send({ type: 'appointment.declineOffer' });
      expect(screen.sent).toEqual([]);
      expect(screen.seen()).toMatchObject({ dialog: false, busy: false });
    });
  });
});
