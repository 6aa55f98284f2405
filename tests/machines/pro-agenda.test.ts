/**
 * Her agenda (issue 27), its machine alone, its calls answered by hand: today's week first, busy
 * until it comes; a failure says why and may be tried again; ALTRI GIORNI adds the next week under
 * what is shown (a failure there is a toast and nothing lost); a press while loading does nothing.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { addIsoDays, PRO_AGENDA_EVENTS, proAgendaMachine, waitingForHer } from '../../machines/pro/agenda';
import type { ToastParams } from '../../machines/shared/effects';
import { callsByHand } from './calls';
import {
  ACCEPTED,
  CONFIRMED_TODAY,
  OFFERED,
  proAppointment,
  REQUEST,
  TODAY,
  handledEvents,
} from '../../machines/testing/pro-fixtures';

const NEXT_WEEK = proAppointment({ id: 'next-week', status: 'confirmed', date: '2026-12-01', actions: [] });

function open() {
  const calls = callsByHand(['loadProAgenda'] as const);
  const toasts: ToastParams[] = [];
  const machine = proAgendaMachine.provide({
    actors: calls.actors,
    actions: { showToast: (_, params: ToastParams) => void toasts.push(params) },
  });
  const actor = createActor(machine, { input: { today: TODAY } }).start();
  const seen = () => {
    const snapshot = actor.getSnapshot();
    const { appointments, error, from, days } = snapshot.context;
    return { appointments, error, from, days, busy: snapshot.hasTag('busy') };
  };
  return { actor, ...calls, toasts, seen };
}

describe('her agenda', () => {
  it('loads the week from today, busy until it comes, then shows it', async () => {
    const screen = open();
    expect(screen.sent).toEqual([{ src: 'loadProAgenda', input: { from: TODAY } }]);
    expect(screen.seen()).toMatchObject({ appointments: [], busy: true });
    await screen.settle('loadProAgenda', { output: [CONFIRMED_TODAY, REQUEST] });
    expect(screen.seen()).toEqual({
      appointments: [CONFIRMED_TODAY, REQUEST],
      error: null,
      from: TODAY,
      days: 7,
      busy: false,
    });
  });

  it('a failure: the server’s reason; PRO.RETRY loads the same week again', async () => {
    const screen = open();
    await screen.settle('loadProAgenda', new Error('Quest’area è riservata alle professioniste e al team Musa.'));
    expect(screen.seen()).toMatchObject({
      appointments: [],
      error: 'Quest’area è riservata alle professioniste e al team Musa.',
      busy: false,
    });
    screen.actor.send({ type: 'pro.moreDays' });
    expect(screen.sent).toHaveLength(1);
    screen.actor.send({ type: 'pro.retry' });
    expect(screen.sent.at(-1)).toEqual({ src: 'loadProAgenda', input: { from: TODAY } });
    expect(screen.seen()).toMatchObject({ busy: true });
    await screen.settle('loadProAgenda', { output: [CONFIRMED_TODAY] });
    expect(screen.seen()).toMatchObject({ appointments: [CONFIRMED_TODAY], error: null, days: 7 });
  });

  it('ALTRI GIORNI loads the week after the days shown and adds it under them; then the one after', async () => {
    const screen = open();
    await screen.settle('loadProAgenda', { output: [CONFIRMED_TODAY] });
    screen.actor.send({ type: 'pro.moreDays' });
    expect(screen.sent.at(-1)).toEqual({ src: 'loadProAgenda', input: { from: '2026-11-30' } });
    expect(screen.seen()).toMatchObject({ busy: true, appointments: [CONFIRMED_TODAY] });
    await screen.settle('loadProAgenda', { output: [NEXT_WEEK] });
    expect(screen.seen()).toMatchObject({ appointments: [CONFIRMED_TODAY, NEXT_WEEK], days: 14, busy: false });
    screen.actor.send({ type: 'pro.moreDays' });
    expect(screen.sent.at(-1)).toEqual({ src: 'loadProAgenda', input: { from: '2026-12-07' } });
  });

  it('a second press while the days load does nothing', async () => {
    const screen = open();
    screen.actor.send({ type: 'pro.moreDays' });
    await screen.settle('loadProAgenda', { output: [] });
    screen.actor.send({ type: 'pro.moreDays' });
    screen.actor.send({ type: 'pro.moreDays' });
    screen.actor.send({ type: 'pro.retry' });
    expect(screen.sent.map((call) => call.input)).toEqual([{ from: TODAY }, { from: '2026-11-30' }]);
  });

  it('more days that fail: a toast, what is shown stays, and she may press again', async () => {
    const screen = open();
    await screen.settle('loadProAgenda', { output: [CONFIRMED_TODAY] });
    screen.actor.send({ type: 'pro.moreDays' });
    await screen.settle('loadProAgenda', new Error('Connessione assente'));
    expect(screen.toasts).toEqual([{ type: 'error', title: 'Connessione assente' }]);
    expect(screen.seen()).toMatchObject({ appointments: [CONFIRMED_TODAY], days: 7, error: null, busy: false });
    screen.actor.send({ type: 'pro.moreDays' });
    expect(screen.sent.at(-1)).toEqual({ src: 'loadProAgenda', input: { from: '2026-11-30' } });
  });
});

describe('agenda helpers', () => {
  it('adds calendar days across months and years', () => {
    expect(addIsoDays('2026-11-23', 7)).toBe('2026-11-30');
    expect(addIsoDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addIsoDays('2028-02-27', 2)).toBe('2028-02-29');
  });

  it('counts the appointments waiting for her answer (not the confirmed, nor those waiting for the customer)', () => {
    expect(waitingForHer([CONFIRMED_TODAY, REQUEST, ACCEPTED, OFFERED])).toEqual([REQUEST]);
  });
});

it('PRO_AGENDA_EVENTS lists exactly the events the machine handles (what the root forwards)', () => {
  expect([...PRO_AGENDA_EVENTS].sort()).toEqual(handledEvents(proAgendaMachine));
});

describe('her ratings under the agenda (issue 29)', () => {
  const RATINGS = {
    summary: { average: 4.3, count: 12 },
    ratings: [
      {
        stars: 5,
        comment: 'Bravissima',
        date: '2026-11-20',
        ratedAt: '2026-11-20T15:00:00.000Z',
        customerFirstName: 'Anna',
      },
    ],
  };

  function openWithRatings() {
    const calls = callsByHand(['loadProAgenda', 'loadProRatings'] as const);
    const actor = createActor(proAgendaMachine.provide({ actors: calls.actors }), { input: { today: TODAY } }).start();
    return { actor, ...calls };
  }

  it('are read once, beside the agenda, and kept', async () => {
    const screen = openWithRatings();
    expect(screen.sent.map((call) => call.src).sort()).toEqual(['loadProAgenda', 'loadProRatings']);
    expect(screen.actor.getSnapshot().context.ratings).toBeNull();
    await screen.settle('loadProRatings', { output: RATINGS });
    await screen.settle('loadProAgenda', { output: [CONFIRMED_TODAY] });
    expect(screen.actor.getSnapshot().context.ratings).toEqual(RATINGS);
    screen.actor.send({ type: 'pro.moreDays' });
    expect(screen.sent.filter((call) => call.src === 'loadProRatings')).toHaveLength(1);
  });

  it('refused (a team member: 403): none shown, the agenda as ever', async () => {
    const screen = openWithRatings();
    await screen.settle('loadProRatings', Object.assign(new Error('Solo per le professioniste.'), { status: 403 }));
    await screen.settle('loadProAgenda', { output: [CONFIRMED_TODAY] });
    const snapshot = screen.actor.getSnapshot();
    expect(snapshot.status).toBe('active');
    expect(snapshot.context).toMatchObject({ ratings: null, appointments: [CONFIRMED_TODAY], error: null });
  });
});
