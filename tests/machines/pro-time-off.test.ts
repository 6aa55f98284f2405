/**
 * Her time off (issue 40), its machine alone, its calls answered by hand: the list loads, busy until
 * it comes; a failure says why and may be tried again; SALVA ASSENZA checks the form against the
 * contract and today before sending anything; a refusal (409 'C’è già un’assenza in questo
 * periodo') is said under the form and nothing else changes; a time off cancelled leaves the list.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import { PRO_WEEK_MESSAGES } from '../../contract/pro-week';
import {
  PRO_TIME_OFF_EVENTS,
  PRO_TIME_OFF_TOASTS,
  proTimeOffMachine,
  type TimeOffForm,
} from '../../machines/pro/time-off';
import type { ToastParams } from '../../machines/shared/effects';
import {
  BLANK_TIME_OFF_FORM,
  conflict,
  DAYS_OFF,
  DAYS_OFF_FORM,
  handledEvents,
  HOURS_OFF,
  TODAY,
} from '../../machines/testing/pro-fixtures';
import { callsByHand } from './calls';

function open() {
  const calls = callsByHand(['loadProTimeOff', 'createProTimeOff', 'cancelTimeOff'] as const);
  const toasts: ToastParams[] = [];
  const machine = proTimeOffMachine.provide({
    actors: calls.actors,
    actions: { showToast: (_, params: ToastParams) => void toasts.push(params) },
  });
  const actor = createActor(machine, { input: { today: TODAY } }).start();
  const seen = () => {
    const snapshot = actor.getSnapshot();
    const { timeOff, error, errors, saved } = snapshot.context;
    return { ids: timeOff.map((item) => item.id), error, errors, saved, busy: snapshot.hasTag('busy') };
  };
  const submit = (form: Partial<TimeOffForm>) =>
    actor.send({ type: 'pro.timeOff.submit', form: { ...DAYS_OFF_FORM, ...form } });
  return { actor, ...calls, toasts, seen, submit };
}

async function ready(list = [HOURS_OFF]) {
  const screen = open();
  await screen.settle('loadProTimeOff', { output: list });
  return screen;
}

describe('her time off', () => {
  it('loads her time off, busy until it comes, then shows it soonest first', async () => {
    const screen = open();
    expect(screen.sent).toEqual([{ src: 'loadProTimeOff', input: undefined }]);
    expect(screen.seen()).toMatchObject({ ids: [], busy: true });
    await screen.settle('loadProTimeOff', { output: [HOURS_OFF, DAYS_OFF] });
    expect(screen.seen()).toEqual({
      ids: [DAYS_OFF.id, HOURS_OFF.id],
      error: null,
      errors: {},
      saved: null,
      busy: false,
    });
  });

  it('a failure: the server’s reason; PRO.RETRY loads it again; nothing is sent meanwhile', async () => {
    const screen = open();
    await screen.settle('loadProTimeOff', new Error('Quest’area è riservata alle professioniste.'));
    expect(screen.seen()).toMatchObject({ error: 'Quest’area è riservata alle professioniste.', busy: false });
    screen.submit({});
    expect(screen.sent).toHaveLength(1);
    screen.actor.send({ type: 'pro.retry' });
    expect(screen.seen()).toMatchObject({ busy: true });
    await screen.settle('loadProTimeOff', { output: [] });
    expect(screen.seen()).toMatchObject({ ids: [], error: null, busy: false });
  });

  it('SALVA ASSENZA on a blank form: each date is required, nothing is sent', async () => {
    const screen = await ready();
    screen.actor.send({ type: 'pro.timeOff.submit', form: BLANK_TIME_OFF_FORM });
    expect(screen.seen().errors).toEqual({ startDate: MESSAGES.required, endDate: MESSAGES.required });
    screen.submit({ kind: 'hours' });
    expect(screen.seen().errors).toEqual({
      date: MESSAGES.required,
      startTime: MESSAGES.required,
      endTime: MESSAGES.required,
    });
    expect(screen.sent).toHaveLength(1);
  });

  it('refuses an end before the start, a start in the past, hours reversed and a reason too long', async () => {
    const screen = await ready();
    screen.submit({ startDate: '2026-11-27', endDate: '2026-11-25' });
    expect(screen.seen().errors).toEqual({ endDate: PRO_WEEK_MESSAGES.daysReversed });
    screen.submit({ startDate: '2026-11-22', endDate: '2026-11-25' });
    expect(screen.seen().errors).toEqual({ startDate: PRO_WEEK_MESSAGES.timeOffInPast });
    screen.submit({ endDate: '2027-02-10' });
    expect(screen.seen().errors).toEqual({ endDate: PRO_WEEK_MESSAGES.timeOffTooLong });
    screen.submit({ kind: 'hours', date: TODAY, startTime: '18:00', endTime: '14:00' });
    expect(screen.seen().errors).toEqual({ endTime: PRO_WEEK_MESSAGES.rangeReversed });
    screen.submit({ reason: 'x'.repeat(201) });
    expect(screen.seen().errors).toEqual({ reason: PRO_WEEK_MESSAGES.reasonTooLong });
    expect(screen.sent).toHaveLength(1);
  });

  it('sends whole days with the reason, or hours of one day without one; the saved one joins the list in order', async () => {
    const screen = await ready([HOURS_OFF]);
    screen.submit({ startDate: 'x' });
    screen.submit({ reason: '  Ferie  ' });
    expect(screen.sent.at(-1)).toEqual({
      src: 'createProTimeOff',
      input: { kind: 'days', startDate: '2026-11-25', endDate: '2026-11-27', reason: 'Ferie' },
    });
    expect(screen.seen()).toMatchObject({ errors: {}, busy: true });
    screen.submit({ reason: 'again' });
    expect(screen.sent).toHaveLength(2);
    await screen.settle('createProTimeOff', { output: DAYS_OFF });
    expect(screen.seen()).toMatchObject({ ids: [DAYS_OFF.id, HOURS_OFF.id], saved: DAYS_OFF.id, busy: false });
    expect(screen.toasts).toEqual([{ type: 'success', title: PRO_TIME_OFF_TOASTS.saved }]);
    screen.submit({ kind: 'hours', date: TODAY, startTime: '14:00', endTime: '24:00', reason: ' ' });
    expect(screen.sent.at(-1)).toEqual({
      src: 'createProTimeOff',
      input: { kind: 'hours', date: TODAY, startTime: '14:00', endTime: '24:00', reason: null },
    });
  });

  it('a 409: ‘C’è già un’assenza in questo periodo’ under the form, the list as it was; a later save clears it', async () => {
    const screen = await ready([HOURS_OFF]);
    screen.submit({});
    await screen.settle('createProTimeOff', conflict(PRO_WEEK_MESSAGES.timeOffOverlaps));
    expect(screen.seen()).toEqual({
      ids: [HOURS_OFF.id],
      error: null,
      errors: { '': PRO_WEEK_MESSAGES.timeOffOverlaps },
      saved: null,
      busy: false,
    });
    expect(screen.toasts).toEqual([]);
    screen.submit({ startDate: '2026-12-01', endDate: '2026-12-02' });
    expect(screen.seen()).toMatchObject({ errors: {}, busy: true });
  });

  it('ANNULLA ASSENZA: the time off leaves the list, said in a toast; only a listed one is sent', async () => {
    const screen = await ready([DAYS_OFF, HOURS_OFF]);
    screen.actor.send({ type: 'pro.timeOff.cancel', timeOffId: 'not-listed' });
    expect(screen.sent).toHaveLength(1);
    screen.actor.send({ type: 'pro.timeOff.cancel', timeOffId: DAYS_OFF.id });
    expect(screen.sent.at(-1)).toEqual({ src: 'cancelTimeOff', input: { timeOffId: DAYS_OFF.id } });
    expect(screen.seen()).toMatchObject({ busy: true });
    screen.actor.send({ type: 'pro.timeOff.cancel', timeOffId: HOURS_OFF.id });
    expect(screen.sent).toHaveLength(2);
    await screen.settle('cancelTimeOff', { output: { ...DAYS_OFF, cancelled: true } });
    expect(screen.seen()).toMatchObject({ ids: [HOURS_OFF.id], busy: false });
    expect(screen.toasts).toEqual([{ type: 'success', title: PRO_TIME_OFF_TOASTS.cancelled }]);
  });

  it('a cancel refused: no answer keeps the list with a toast; a 409 (over meanwhile) reads it again', async () => {
    const screen = await ready([DAYS_OFF]);
    screen.actor.send({ type: 'pro.timeOff.cancel', timeOffId: DAYS_OFF.id });
    await screen.settle('cancelTimeOff', new Error('Servizio non raggiungibile'));
    expect(screen.seen()).toMatchObject({ ids: [DAYS_OFF.id], busy: false });
    expect(screen.toasts).toEqual([{ type: 'error', title: 'Servizio non raggiungibile' }]);
    screen.actor.send({ type: 'pro.timeOff.cancel', timeOffId: DAYS_OFF.id });
    await screen.settle('cancelTimeOff', conflict(PRO_WEEK_MESSAGES.timeOffEnded));
    expect(screen.toasts.at(-1)).toEqual({ type: 'error', title: PRO_WEEK_MESSAGES.timeOffEnded });
    expect(screen.sent.at(-1)).toEqual({ src: 'loadProTimeOff', input: undefined });
    expect(screen.seen()).toMatchObject({ busy: true });
  });

  it('handles exactly the events its screen sends (the root forwards PRO_TIME_OFF_EVENTS)', () => {
    expect(handledEvents(proTimeOffMachine)).toEqual([...PRO_TIME_OFF_EVENTS].sort());
  });
});
