/**
 * The team's board (issue 40), its machine alone, its calls answered by hand: the board loads for
 * today (no city: the server's first), busy until it comes; a failure says why and may be tried
 * again; MOSTRA reads another city or day; RIASSEGNA sends only a professional the board offers, a
 * refusal the server explains (notServing, notWorking, notFree) is kept to be said and the board is
 * read again; a sick day is checked as her own time off is, and the board is read again after it.
 * Busy states take nothing: a second press does nothing.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import { PRO_WEEK_MESSAGES } from '../../contract/pro-week';
import {
  choicesOf,
  PRO_TEAM_BOARD_EVENTS,
  PRO_TEAM_BOARD_TOASTS,
  proTeamBoardMachine,
} from '../../machines/pro/team-board';
import type { ToastParams } from '../../machines/shared/effects';
import {
  BLANK_TIME_OFF_FORM,
  BOARD,
  BOARD_MILANO,
  BOARD_PLACED,
  conflict,
  handledEvents,
  SICK_DAY,
  SICK_DAY_FORM,
  TO_PLACE,
  TODAY,
  TOMORROW,
} from '../../machines/testing/pro-fixtures';
import { YESTERDAY } from '../../machines/testing/days-and-places';
import { callsByHand } from './calls';

const refused = (status: number, message: string): Error => Object.assign(new Error(message), { status });

function open() {
  const calls = callsByHand(['loadTeamBoard', 'reassignAppointment', 'createTeamTimeOff'] as const);
  const toasts: ToastParams[] = [];
  const machine = proTeamBoardMachine.provide({
    actors: calls.actors,
    actions: { showToast: (_, params: ToastParams) => void toasts.push(params) },
  });
  const actor = createActor(machine, { input: { today: TODAY } }).start();
  const seen = () => {
    const snapshot = actor.getSnapshot();
    const { board, zoneId, date, error, refusal, errors, saved } = snapshot.context;
    return {
      state: snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading',
      zone: board?.zone.id ?? null,
      toPlace: board?.toPlace.length ?? null,
      zoneId,
      date,
      error,
      refusal,
      errors,
      saved,
      busy: snapshot.hasTag('busy'),
    };
  };
  const reassign = (professionalId = 'pro-giulia') =>
    actor.send({ type: 'pro.board.reassign', bookingId: TO_PLACE.id, category: null, professionalId });
  return { actor, ...calls, toasts, seen, reassign };
}

async function ready() {
  const screen = open();
  await screen.settle('loadTeamBoard', { output: BOARD });
  screen.sent.length = 0;
  return screen;
}

describe('the team’s board', () => {
  it('reads today’s board of the first city, busy until it comes, then shows it with the city it names', async () => {
    const screen = open();
    expect(screen.sent).toEqual([{ src: 'loadTeamBoard', input: { zoneId: null, date: TODAY } }]);
    expect(screen.seen()).toMatchObject({ state: 'loading', busy: true });
    await screen.settle('loadTeamBoard', { output: BOARD });
    expect(screen.seen()).toMatchObject({
      state: 'ready',
      zone: 'torino',
      zoneId: 'torino',
      date: TOMORROW,
      toPlace: 1,
      busy: false,
    });
  });

  it('a failure: the server’s reason; PRO.RETRY reads it again', async () => {
    const screen = open();
    await screen.settle('loadTeamBoard', new Error(PRO_WEEK_MESSAGES.teamOnly));
    expect(screen.seen()).toMatchObject({ state: 'failed', error: PRO_WEEK_MESSAGES.teamOnly });
    screen.reassign();
    expect(screen.sent).toHaveLength(1);
    screen.actor.send({ type: 'pro.retry' });
    expect(screen.sent[1]).toEqual({ src: 'loadTeamBoard', input: { zoneId: null, date: TODAY } });
  });

  it('MOSTRA reads another city and day; an empty day is not sent', async () => {
    const screen = await ready();
    screen.actor.send({ type: 'pro.board.show', zoneId: 'milano', date: '' });
    expect(screen.sent).toEqual([]);
    screen.actor.send({ type: 'pro.board.show', zoneId: 'milano', date: TODAY });
    expect(screen.sent).toEqual([{ src: 'loadTeamBoard', input: { zoneId: 'milano', date: TODAY } }]);
    expect(screen.seen()).toMatchObject({ state: 'loading', zone: 'torino', busy: true });
    await screen.settle('loadTeamBoard', { output: BOARD_MILANO });
    expect(screen.seen()).toMatchObject({ state: 'ready', zone: 'milano', toPlace: 0 });
  });

  it('offers who could take it; a salotto part: every other professional of the city', () => {
    const item = BOARD.toPlace[0]!;
    expect(choicesOf(BOARD, item).map((p) => p.id)).toEqual(['pro-giulia']);
    const part = { ...item, handOver: { ...item.handOver, category: 'hair' as const }, freeProfessionals: [] };
    expect(choicesOf(BOARD, part).map((p) => p.id)).toEqual(['pro-giulia', 'pro-sara']);
  });

  it('RIASSEGNA sends a professional the board offers, once; the board is read again and a toast says it', async () => {
    const screen = await ready();
    screen.reassign('pro-sara');
    expect(screen.sent).toEqual([]);
    screen.reassign();
    screen.reassign();
    expect(screen.sent).toEqual([
      { src: 'reassignAppointment', input: { bookingId: TO_PLACE.id, professionalId: 'pro-giulia', category: null } },
    ]);
    expect(screen.seen().busy).toBe(true);
    await screen.settle('reassignAppointment', { output: { ...TO_PLACE, team: [] } });
    expect(screen.toasts).toEqual([{ type: 'success', title: PRO_TEAM_BOARD_TOASTS.reassigned }]);
    expect(screen.sent[1]).toEqual({ src: 'loadTeamBoard', input: { zoneId: 'torino', date: TOMORROW } });
    await screen.settle('loadTeamBoard', { output: BOARD_PLACED });
    expect(screen.seen()).toMatchObject({ state: 'ready', toPlace: 0, refusal: null });
  });

  it.each([
    [400, PRO_WEEK_MESSAGES.notServing],
    [400, PRO_WEEK_MESSAGES.notWorking],
    [409, PRO_WEEK_MESSAGES.notFree],
  ])('a refusal (%i %s) is kept to be said and the board is read again', async (status, message) => {
    const screen = await ready();
    screen.reassign();
    await screen.settle('reassignAppointment', refused(status, message));
    expect(screen.toasts).toEqual([]);
    expect(screen.sent[1]).toEqual({ src: 'loadTeamBoard', input: { zoneId: 'torino', date: TOMORROW } });
    await screen.settle('loadTeamBoard', { output: BOARD });
    expect(screen.seen()).toMatchObject({ state: 'ready', refusal: message });
    // The next action clears it.
    screen.reassign();
    expect(screen.seen().refusal).toBeNull();
  });

  it('no answer to RIASSEGNA: said in a toast, the board stays as it was', async () => {
    const screen = await ready();
    screen.reassign();
    await screen.settle('reassignAppointment', new Error('Errore di rete'));
    expect(screen.toasts).toEqual([{ type: 'error', title: 'Errore di rete' }]);
    expect(screen.sent).toHaveLength(1);
    expect(screen.seen()).toMatchObject({ state: 'ready', toPlace: 1, refusal: null, busy: false });
  });

  it('a sick day: the blank form says what is missing and sends nothing; a day in the past neither', async () => {
    const screen = await ready();
    screen.actor.send({ type: 'pro.board.timeOff', professionalId: 'pro-giulia', form: BLANK_TIME_OFF_FORM });
    expect(screen.seen().errors).toEqual({ startDate: MESSAGES.required, endDate: MESSAGES.required });
    screen.actor.send({
      type: 'pro.board.timeOff',
      professionalId: 'pro-giulia',
      form: { ...SICK_DAY_FORM, startDate: YESTERDAY },
    });
    expect(screen.seen().errors).toEqual({ startDate: PRO_WEEK_MESSAGES.timeOffInPast });
    screen.actor.send({ type: 'pro.board.timeOff', professionalId: 'pro-nessuna', form: SICK_DAY_FORM });
    expect(screen.sent).toEqual([]);
  });

  it('a sick day entered once: the board is read again to show the moves; a refusal is said under the form', async () => {
    const screen = await ready();
    const enter = () =>
      screen.actor.send({ type: 'pro.board.timeOff', professionalId: 'pro-martina', form: SICK_DAY_FORM });
    enter();
    enter();
    expect(screen.sent).toEqual([
      {
        src: 'createTeamTimeOff',
        input: {
          professionalId: 'pro-martina',
          payload: { kind: 'days', startDate: TOMORROW, endDate: TOMORROW, reason: 'Malattia' },
        },
      },
    ]);
    await screen.settle('createTeamTimeOff', conflict(PRO_WEEK_MESSAGES.timeOffOverlaps));
    expect(screen.seen()).toMatchObject({ state: 'ready', errors: { '': PRO_WEEK_MESSAGES.timeOffOverlaps } });
    enter();
    await screen.settle('createTeamTimeOff', { output: SICK_DAY });
    expect(screen.toasts).toEqual([{ type: 'success', title: PRO_TEAM_BOARD_TOASTS.timeOffSaved }]);
    expect(screen.seen()).toMatchObject({ state: 'loading', saved: SICK_DAY.id, errors: {} });
    expect(screen.sent.at(-1)).toEqual({ src: 'loadTeamBoard', input: { zoneId: 'torino', date: TOMORROW } });
  });

  it('the root forwards every event the machine takes', () => {
    expect(handledEvents(proTeamBoardMachine)).toEqual([...PRO_TEAM_BOARD_EVENTS].sort());
  });
});
