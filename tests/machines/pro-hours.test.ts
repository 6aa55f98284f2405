/**
 * Her hours (issue 40), their machine alone, its calls answered by hand: her hours load, busy until
 * they come; a failure says why and may be tried again; SALVA ORARI checks the week against the
 * contract and today before sending anything (one press while it is sent); a refusal is said under
 * the form; the appointments left outside are listed from the answer, and one is handed over.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { HOURS_RANGES_MAX, PRO_WEEK_MESSAGES } from '../../contract/pro-week';
import { MESSAGES } from '../../contract/messages';
import {
  addRange,
  hoursFormOf,
  PRO_HOURS_EVENTS,
  PRO_HOURS_TOASTS,
  proHoursMachine,
  removeRange,
  setDayOff,
  setRange,
  type HoursForm,
} from '../../machines/pro/hours';
import type { ToastParams } from '../../machines/shared/effects';
import {
  conflict,
  HANDED_OVER,
  handledEvents,
  HER_HOURS,
  NEW_WEEK_FORM,
  OUTSIDE,
  REVERSED_WEEK_FORM,
  SAVED_HOURS,
  TODAY,
} from '../../machines/testing/pro-fixtures';
import { callsByHand } from './calls';

function open() {
  const calls = callsByHand(['loadProHours', 'saveProHours', 'handOverAppointment'] as const);
  const toasts: ToastParams[] = [];
  const machine = proHoursMachine.provide({
    actors: calls.actors,
    actions: { showToast: (_, params: ToastParams) => void toasts.push(params) },
  });
  const actor = createActor(machine, { input: { today: TODAY } }).start();
  const seen = () => {
    const snapshot = actor.getSnapshot();
    const { hours, error, errors, saved, handedOver } = snapshot.context;
    return {
      outside: hours?.outside.map((a) => a.id) ?? null,
      error,
      errors,
      saved,
      handedOver,
      busy: snapshot.hasTag('busy'),
    };
  };
  const submit = (form: HoursForm) => actor.send({ type: 'pro.hours.submit', form });
  return { actor, ...calls, toasts, seen, submit };
}

async function ready() {
  const screen = open();
  await screen.settle('loadProHours', { output: HER_HOURS });
  return screen;
}

describe('her hours', () => {
  it('loads her hours, busy until they come, with the appointments outside them', async () => {
    const screen = open();
    expect(screen.sent).toEqual([{ src: 'loadProHours', input: undefined }]);
    expect(screen.seen()).toMatchObject({ outside: null, busy: true });
    await screen.settle('loadProHours', { output: HER_HOURS });
    expect(screen.seen()).toEqual({
      outside: [OUTSIDE.id],
      error: null,
      errors: {},
      saved: 0,
      handedOver: [],
      busy: false,
    });
  });

  it('a failure: the server’s reason; PRO.RETRY loads them again; nothing is sent meanwhile', async () => {
    const screen = open();
    await screen.settle('loadProHours', new Error('Quest’area è riservata alle professioniste.'));
    expect(screen.seen()).toMatchObject({ error: 'Quest’area è riservata alle professioniste.', busy: false });
    screen.submit(NEW_WEEK_FORM);
    expect(screen.sent).toHaveLength(1);
    screen.actor.send({ type: 'pro.retry' });
    expect(screen.seen()).toMatchObject({ busy: true });
    await screen.settle('loadProHours', { output: HER_HOURS });
    expect(screen.seen()).toMatchObject({ outside: [OUTSIDE.id], error: null, busy: false });
  });

  it('refuses, before sending, a range reversed, ranges overlapping, an empty time, no date, a day in the past', async () => {
    const screen = await ready();
    screen.submit(REVERSED_WEEK_FORM);
    expect(screen.seen().errors).toEqual({ 'week.0.ranges.1.end': PRO_WEEK_MESSAGES.rangeReversed });
    const monday = (ranges: { start: string; end: string }[]) => ({
      ...NEW_WEEK_FORM,
      days: NEW_WEEK_FORM.days.map((day, i) => (i === 0 ? ranges : day)),
    });
    screen.submit(
      monday([
        { start: '09:00', end: '13:00' },
        { start: '12:00', end: '15:00' },
      ]),
    );
    expect(screen.seen().errors).toEqual({ 'week.0.ranges': PRO_WEEK_MESSAGES.rangesOverlap });
    screen.submit(monday([{ start: '09:00', end: '' }]));
    expect(screen.seen().errors).toEqual({ 'week.0.ranges.0.end': MESSAGES.required });
    screen.submit({ ...NEW_WEEK_FORM, validFrom: '' });
    expect(screen.seen().errors).toEqual({ validFrom: MESSAGES.required });
    screen.submit({ ...NEW_WEEK_FORM, validFrom: '2026-11-22' });
    expect(screen.seen().errors).toEqual({ validFrom: PRO_WEEK_MESSAGES.dateInPast });
    screen.submit(
      monday(Array.from({ length: HOURS_RANGES_MAX + 1 }, (_, i) => ({ start: `0${i}:00`, end: `0${i}:30` }))),
    );
    expect(screen.seen().errors).toEqual({ 'week.0.ranges': PRO_WEEK_MESSAGES.tooManyRanges });
    expect(screen.sent).toHaveLength(1);
  });

  it('SALVA ORARI sends each weekday (a day off with none), once; the answer lists what lies outside', async () => {
    const screen = await ready();
    screen.submit(REVERSED_WEEK_FORM);
    screen.submit({ ...NEW_WEEK_FORM, validFrom: TODAY });
    expect(screen.sent.at(-1)).toEqual({
      src: 'saveProHours',
      input: {
        validFrom: TODAY,
        week: NEW_WEEK_FORM.days.map((ranges, i) => ({ weekday: i + 1, ranges })),
      },
    });
    expect(screen.seen()).toMatchObject({ errors: {}, busy: true });
    screen.submit(NEW_WEEK_FORM);
    expect(screen.sent).toHaveLength(2);
    await screen.settle('saveProHours', { output: SAVED_HOURS });
    expect(screen.seen()).toMatchObject({ outside: [], saved: 1, busy: false });
    expect(screen.actor.getSnapshot().context.hours).toEqual(SAVED_HOURS);
    expect(screen.toasts).toEqual([{ type: 'success', title: PRO_HOURS_TOASTS.saved }]);
  });

  it('a save refused or unanswered: said under the form, her hours as they were; a later save clears it', async () => {
    const screen = await ready();
    screen.submit(NEW_WEEK_FORM);
    await screen.settle('saveProHours', Object.assign(new Error(PRO_WEEK_MESSAGES.dateInPast), { status: 400 }));
    expect(screen.seen()).toMatchObject({
      outside: [OUTSIDE.id],
      errors: { '': PRO_WEEK_MESSAGES.dateInPast },
      saved: 0,
      busy: false,
    });
    expect(screen.toasts).toEqual([]);
    screen.submit(NEW_WEEK_FORM);
    expect(screen.seen()).toMatchObject({ errors: {}, busy: true });
  });

  it('PASSA A UNA COLLEGA: only one listed outside, once; said in a toast and marked', async () => {
    const screen = await ready();
    screen.actor.send({ type: 'pro.hours.handOver', bookingId: 'not-listed' });
    expect(screen.sent).toHaveLength(1);
    screen.actor.send({ type: 'pro.hours.handOver', bookingId: OUTSIDE.id });
    expect(screen.sent.at(-1)).toEqual({ src: 'handOverAppointment', input: { bookingId: OUTSIDE.id } });
    screen.actor.send({ type: 'pro.hours.handOver', bookingId: OUTSIDE.id });
    screen.submit(NEW_WEEK_FORM);
    expect(screen.sent).toHaveLength(2);
    await screen.settle('handOverAppointment', { output: { bookingId: OUTSIDE.id, handOvers: [HANDED_OVER] } });
    expect(screen.seen()).toMatchObject({ handedOver: [OUTSIDE.id], busy: false });
    expect(screen.toasts).toEqual([{ type: 'success', title: PRO_HOURS_TOASTS.handedOver }]);
    screen.actor.send({ type: 'pro.hours.handOver', bookingId: OUTSIDE.id });
    expect(screen.sent).toHaveLength(2);
  });

  it('a hand-over refused: no answer keeps the list with a toast; a 409 (in her hours now) reads them again', async () => {
    const screen = await ready();
    screen.actor.send({ type: 'pro.hours.handOver', bookingId: OUTSIDE.id });
    await screen.settle('handOverAppointment', new Error('Servizio non raggiungibile'));
    expect(screen.seen()).toMatchObject({ outside: [OUTSIDE.id], handedOver: [], busy: false });
    expect(screen.toasts).toEqual([{ type: 'error', title: 'Servizio non raggiungibile' }]);
    screen.actor.send({ type: 'pro.hours.handOver', bookingId: OUTSIDE.id });
    await screen.settle('handOverAppointment', conflict(PRO_WEEK_MESSAGES.appointmentInHours));
    expect(screen.toasts.at(-1)).toEqual({ type: 'error', title: PRO_WEEK_MESSAGES.appointmentInHours });
    expect(screen.sent.at(-1)).toEqual({ src: 'loadProHours', input: undefined });
    expect(screen.seen()).toMatchObject({ busy: true });
  });

  it('read again or saved: her messages gone, and only what still lies outside stays marked handed over', async () => {
    const screen = await ready();
    screen.submit(REVERSED_WEEK_FORM);
    screen.actor.send({ type: 'pro.hours.handOver', bookingId: OUTSIDE.id });
    await screen.settle('handOverAppointment', { output: { bookingId: OUTSIDE.id, handOvers: [HANDED_OVER] } });
    screen.submit(NEW_WEEK_FORM);
    await screen.settle('saveProHours', { output: SAVED_HOURS });
    expect(screen.seen()).toMatchObject({ outside: [], handedOver: [], errors: {} });
    const again = await ready();
    again.submit(REVERSED_WEEK_FORM);
    again.actor.send({ type: 'pro.hours.handOver', bookingId: OUTSIDE.id });
    await again.settle('handOverAppointment', conflict(PRO_WEEK_MESSAGES.appointmentInHours));
    expect(again.seen()).toMatchObject({ errors: {}, busy: true });
  });

  it('the form’s edits: opens on the week in force from today; a range added after the last, none past the most; removed; a day off', () => {
    const form = hoursFormOf(HER_HOURS, TODAY);
    expect(form.validFrom).toBe(TODAY);
    expect(form.days.map((day) => day.length)).toEqual([2, 2, 2, 2, 2, 1, 0]);
    expect(addRange(form, 5).days[5]).toEqual([
      { start: '09:00', end: '13:00' },
      { start: '13:00', end: '' },
    ]);
    expect(addRange(form, 6).days[6]).toEqual([{ start: '', end: '' }]);
    let full = form;
    for (let i = 0; i < HOURS_RANGES_MAX + 2; i += 1) full = addRange(full, 6);
    expect(full.days[6]).toHaveLength(HOURS_RANGES_MAX);
    expect(removeRange(form, 0, 0).days[0]).toEqual([{ start: '14:00', end: '19:00' }]);
    expect(setRange(form, 0, 1, { end: '18:00' }).days[0]![1]).toEqual({ start: '14:00', end: '18:00' });
    expect(setDayOff(form, 0).days[0]).toEqual([]);
    expect(setDayOff(form, 0).days[1]).toEqual(form.days[1]);
  });

  it('handles exactly the events its screen sends (the root forwards PRO_HOURS_EVENTS)', () => {
    expect(handledEvents(proHoursMachine)).toEqual([...PRO_HOURS_EVENTS].sort());
  });
});
