/**
 * Moving an appointment (issue 16), the machine alone, its calls answered by hand. Expectations from
 * the issue: the day picker starts today and refuses the days before; her professional is kept
 * unless she unticks it; each change asks the times again for that move (the appointment's key, the
 * day, the professional kept or not); confirming without a time says 'Devi selezionare un orario';
 * the move sends the key, the day, the time and the choice, busy until the answer; a refusal is
 * said, the taken time dropped and the day's times read again.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import { rescheduleMachine } from '../../machines/reschedule/machine';
import type { ToastParams } from '../../machines/shared/effects';
import { slotsMachine } from '../../machines/slots/machine';
import {
  APPOINTMENT,
  APPOINTMENT_ID,
  MANAGE_TOKEN,
  SLOT_INSTANT,
  TODAY,
  TOMORROW,
  YESTERDAY,
} from '../../machines/testing/fixtures';
import { callsByHand } from './calls';

const KEY = { id: APPOINTMENT_ID, token: MANAGE_TOKEN };

function open() {
  const calls = callsByHand(['rescheduleAppointment', 'loadAvailableTimes', 'loadProviders'] as const);
  const toasts: ToastParams[] = [];
  const { rescheduleAppointment, loadAvailableTimes, loadProviders } = calls.actors;
  const machine = rescheduleMachine.provide({
    actors: {
      rescheduleAppointment,
      slots: slotsMachine.provide({ actors: { loadAvailableTimes, loadProviders } }),
    },
    actions: { showToast: (_, params: ToastParams) => void toasts.push(params) },
  });
  const actor = createActor(machine, { input: { key: KEY, today: TODAY, userId: null } }).start();
  /** The requests for times, in order. */
  const timesAsked = () =>
    calls.sent
      .filter((call) => call.src === 'loadAvailableTimes')
      .map((call) => (call.input as { request: unknown }).request);
  const moves = () => calls.sent.filter((call) => call.src === 'rescheduleAppointment').map((call) => call.input);
  return { actor, ...calls, toasts, timesAsked, moves, busy: () => actor.getSnapshot().hasTag('busy') };
}

const move = (date: string | null, keepProfessional = true) => ({
  kind: 'move',
  appointment: KEY,
  date,
  keepProfessional,
});

describe('moving an appointment', () => {
  it('asks today’s times for this appointment, her professional kept', () => {
    const screen = open();
    expect(screen.timesAsked()).toEqual([move(TODAY)]);
  });

  it('another day asks that day’s times; today is a day she can pick, yesterday is refused', () => {
    const screen = open();
    screen.actor.send({ type: 'reschedule.date', date: TOMORROW });
    screen.actor.send({ type: 'reschedule.date', date: YESTERDAY });
    screen.actor.send({ type: 'reschedule.date', date: TODAY });
    expect(screen.timesAsked()).toEqual([move(TODAY), move(TOMORROW), move(TODAY)]);
    expect(screen.actor.getSnapshot().context.date).toBe(TODAY);
  });

  it('unticking her professional asks the times again with any professional', () => {
    const screen = open();
    screen.actor.send({ type: 'reschedule.keepProfessional', keep: false });
    expect(screen.timesAsked().at(-1)).toEqual(move(TODAY, false));
  });

  it('confirming without a time: “Devi selezionare un orario”, nothing sent', () => {
    const screen = open();
    screen.actor.send({ type: 'reschedule.confirm' });
    expect(screen.toasts).toEqual([{ type: 'error', title: MESSAGES.selectTime }]);
    expect(screen.moves()).toEqual([]);
  });

  it('the move sends the key, the day, the time and her choice of professional, busy until the answer; then a toast and the moved appointment', async () => {
    const screen = open();
    screen.actor.send({ type: 'reschedule.date', date: TOMORROW });
    screen.actor.send({ type: 'reschedule.keepProfessional', keep: false });
    screen.actor.send({ type: 'reschedule.time', availableTime: SLOT_INSTANT });
    screen.actor.send({ type: 'reschedule.confirm' });
    expect(screen.moves()).toEqual([
      { key: KEY, date: TOMORROW, startTime: SLOT_INSTANT.startTime, keepProfessional: false },
    ]);
    expect(screen.busy()).toBe(true);
    const moved = { ...APPOINTMENT, date: TOMORROW, startTime: SLOT_INSTANT.startTime };
    await screen.settle('rescheduleAppointment', { output: moved });
    expect(screen.toasts).toEqual([{ type: 'success', title: MESSAGES.appointmentMoved }]);
    expect(screen.actor.getSnapshot().status).toBe('done');
    expect(screen.actor.getSnapshot().output).toEqual({ appointment: moved });
  });

  it('a refused move: the reason in a toast, the time dropped, the day’s times asked again', async () => {
    const screen = open();
    screen.actor.send({ type: 'reschedule.time', availableTime: SLOT_INSTANT });
    screen.actor.send({ type: 'reschedule.confirm' });
    const asked = screen.timesAsked().length;
    await screen.settle('rescheduleAppointment', new Error('Questo orario non è più disponibile.'));
    expect(screen.toasts).toEqual([{ type: 'error', title: 'Questo orario non è più disponibile.' }]);
    expect(screen.busy()).toBe(false);
    expect(screen.actor.getSnapshot().context.availableTime).toBeNull();
    expect(screen.timesAsked().slice(asked)).toEqual([move(TODAY)]);
  });
});
