// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { PRO_WEEK_MESSAGES, type TimeOff } from '../../contract/pro-week';
import type { ProAppointment } from '../../contract/pro';
import { proTeamBoardMachine, type TeamBoard } from '../../machines/pro/team-board';
import { ProTeamBoardScreen } from '../../src/screens/pro/team-board-screen';
import { BOARD, BOARD_PLACED, SICK_DAY, TO_PLACE, TODAY, TOMORROW } from '../../machines/testing/pro-fixtures';
import { renderProScreen } from './pro-render';

/**
 * The team's board (issue 40), drawn from a real actor of its machine whose calls are fakes: what the
 * team sees (the city and day, each professional's column, the appointments to place with whom they
 * may go to and the nearest free times, the store's refusal) and what its presses send.
 */

afterEach(cleanup);

type Answer<T> = T | Error;
const answer = <T,>(output: Answer<T>) => (output instanceof Error ? Promise.reject(output) : Promise.resolve(output));
const refused = (status: number, message: string) => Object.assign(new Error(message), { status });

function renderBoard(
  boards: Answer<TeamBoard>[],
  {
    reassigned = TO_PLACE,
    entered = SICK_DAY,
  }: { reassigned?: Answer<ProAppointment>; entered?: Answer<TimeOff> } = {},
) {
  let reads = 0;
  const fakes = {
    loadTeamBoard: vi.fn((_input: unknown) => answer(boards[Math.min(reads++, boards.length - 1)]!)),
    reassignAppointment: vi.fn((_input: unknown) => answer(reassigned)),
    createTeamTimeOff: vi.fn((_input: unknown) => answer(entered)),
  };
  const actor = createActor(
    proTeamBoardMachine.provide({
      actors: {
        loadTeamBoard: fromPromise(({ input }) => fakes.loadTeamBoard(input)),
        reassignAppointment: fromPromise(({ input }) => fakes.reassignAppointment(input)),
        createTeamTimeOff: fromPromise(({ input }) => fakes.createTeamTimeOff(input)),
      },
    }),
    { input: { today: TODAY } },
  ).start();
  const send = vi.fn((event: Parameters<typeof actor.send>[0]) => actor.send(event));
  renderProScreen(<ProTeamBoardScreen actor={actor} send={send} />);
  return { actor, send, fakes };
}

const toPlace = () => screen.getByRole('region', { name: 'Da ricollocare' });
const columns = () => screen.getByRole('region', { name: 'Professioniste' });

describe('/pro/team: the team’s board', () => {
  it('the city and day, each professional’s column with hours, appointments, requests and time off', async () => {
    renderBoard([BOARD]);
    expect(screen.getByRole('heading', { level: 1, name: 'La bacheca del team' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Torino, martedì 24 novembre' })).toBeTruthy();
    const cards = within(columns())
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === columns());
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Giulia Bianchi',
      'Martina Rinaldi',
      'Sara Verdi',
    ]);
    expect(within(cards[0]!).getByText('Orari: 09:00–18:00')).toBeTruthy();
    expect(within(cards[1]!).getByText('martedì 24 novembre (Malattia)')).toBeTruthy();
    expect(within(cards[2]!).getByText('Orari: Non lavora')).toBeTruthy();
    expect(within(cards[2]!).getByText('10:00–11:30 · Marta')).toBeTruthy();
    // The city picker offers every served zone.
    const city = screen.getByRole('combobox', { name: 'Città' });
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Milano', 'Roma', 'Torino']);
  });

  it('an appointment to place: whose it was, the nearest free times, whom it may go to; RIASSEGNA sends her once, then the board is read again', async () => {
    const { fakes } = renderBoard([BOARD, BOARD_PLACED]);
    const item = within(await screen.findByRole('region', { name: 'Da ricollocare' })).getByRole('listitem', {
      name: '10:00–11:30 · Marta',
    });
    expect(within(item).getByText('Era di Martina Rinaldi')).toBeTruthy();
    expect(within(item).getByText('martedì 24 novembre, 15:00–16:30')).toBeTruthy();
    const select = within(item).getByRole('combobox', { name: 'Riassegna a' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Giulia Bianchi']);
    const button = within(item).getByRole('button', { name: 'RIASSEGNA' });
    await userEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(within(toPlace()).getByText('Nessun appuntamento da ricollocare.')).toBeTruthy());
    expect(fakes.reassignAppointment.mock.calls).toEqual([
      [{ bookingId: TO_PLACE.id, professionalId: 'pro-giulia', category: null }],
    ]);
    expect(fakes.loadTeamBoard).toHaveBeenCalledTimes(2);
  });

  it('a refusal of the store is said on the board, read again', async () => {
    const { fakes } = renderBoard([BOARD], { reassigned: refused(409, PRO_WEEK_MESSAGES.notFree) });
    const item = within(await screen.findByRole('region', { name: 'Da ricollocare' })).getByRole('listitem', {
      name: '10:00–11:30 · Marta',
    });
    await userEvent.click(within(item).getByRole('button', { name: 'RIASSEGNA' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PRO_WEEK_MESSAGES.notFree);
    expect(fakes.loadTeamBoard).toHaveBeenCalledTimes(2);
  });

  it('MOSTRA reads the city and day chosen', async () => {
    const { fakes } = renderBoard([BOARD]);
    const filters = await screen.findByRole('form', { name: 'Città e giorno' });
    await userEvent.selectOptions(within(filters).getByRole('combobox', { name: 'Città' }), 'Milano');
    fireEvent.change(within(filters).getByLabelText('Giorno'), { target: { value: TODAY } });
    await userEvent.click(within(filters).getByRole('button', { name: 'MOSTRA' }));
    expect(fakes.loadTeamBoard.mock.calls).toEqual([
      [{ zoneId: null, date: TODAY }],
      [{ zoneId: 'milano', date: TODAY }],
    ]);
  });

  it('a sick day for a professional: the board’s day by default; sent once; the board is read again', async () => {
    const { fakes } = renderBoard([BOARD]);
    const form = await screen.findByRole('form', { name: 'Assenza di una professionista' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Professionista' }), 'Martina Rinaldi');
    expect(within(form).getByLabelText('Dal')).toHaveProperty('value', TOMORROW);
    fireEvent.change(within(form).getByLabelText('Motivo (facoltativo)'), { target: { value: 'Malattia' } });
    await userEvent.click(within(form).getByRole('button', { name: 'SALVA ASSENZA' }));
    await waitFor(() => expect(fakes.loadTeamBoard).toHaveBeenCalledTimes(2));
    expect(fakes.createTeamTimeOff.mock.calls).toEqual([
      [
        {
          professionalId: 'pro-martina',
          payload: { kind: 'days', startDate: TOMORROW, endDate: TOMORROW, reason: 'Malattia' },
        },
      ],
    ]);
  });

  it('no board: the server’s reason and RIPROVA', async () => {
    const { fakes } = renderBoard([new Error(PRO_WEEK_MESSAGES.teamOnly), BOARD]);
    expect(await screen.findByText('Non riusciamo a mostrarti la bacheca')).toBeTruthy();
    expect(screen.getByText(PRO_WEEK_MESSAGES.teamOnly)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'RIPROVA' }));
    await waitFor(() => expect(fakes.loadTeamBoard).toHaveBeenCalledTimes(2));
  });
});
