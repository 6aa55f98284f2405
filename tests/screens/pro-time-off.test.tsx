// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import type { ProAppointment } from '../../contract/pro';
import type { TimeOff } from '../../contract/pro-week';
import { proAgendaMachine } from '../../machines/pro/agenda';
import { proTimeOffMachine } from '../../machines/pro/time-off';
import { ProAgendaScreen } from '../../src/screens/pro/agenda-screen';
import { ProTimeOffScreen } from '../../src/screens/pro/time-off-screen';
import { conflict, DAYS_OFF, HOURS_OFF, TODAY } from '../../machines/testing/pro-fixtures';
import { renderProScreen } from './pro-render';

/**
 * Her time off (issue 40), drawn from a real actor of its machine whose calls are fakes: what she
 * sees (her time off, what became of her appointments, the form's messages, the server's refusal)
 * and what her presses send.
 */

afterEach(cleanup);

type Answer<T> = T | Error;
const answer = <T,>(output: Answer<T>) => (output instanceof Error ? Promise.reject(output) : Promise.resolve(output));

function renderTimeOff(
  list: Answer<TimeOff[]>,
  {
    created = DAYS_OFF,
    cancelled = { ...DAYS_OFF, cancelled: true },
  }: { created?: Answer<TimeOff>; cancelled?: Answer<TimeOff> } = {},
) {
  const fakes = {
    loadProTimeOff: vi.fn(() => answer(list)),
    createProTimeOff: vi.fn((_input: unknown) => answer(created)),
    cancelTimeOff: vi.fn((_input: unknown) => answer(cancelled)),
  };
  const actor = createActor(
    proTimeOffMachine.provide({
      actors: {
        loadProTimeOff: fromPromise(() => fakes.loadProTimeOff()),
        createProTimeOff: fromPromise(({ input }) => fakes.createProTimeOff(input)),
        cancelTimeOff: fromPromise(({ input }) => fakes.cancelTimeOff(input)),
      },
    }),
    { input: { today: TODAY } },
  ).start();
  const send = vi.fn((event: Parameters<typeof actor.send>[0]) => actor.send(event));
  renderProScreen(<ProTimeOffScreen actor={actor} send={send} />);
  return { actor, send, fakes };
}

const form = () => screen.getByRole('form', { name: 'Nuova assenza' });
const type = (label: string, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });
const save = () => userEvent.click(within(form()).getByRole('button', { name: 'SALVA ASSENZA' }));

describe('/pro/time-off: her time off', () => {
  it('her time off soonest first: when, who entered it, what became of her appointments; the way back to her agenda', async () => {
    renderTimeOff([HOURS_OFF, DAYS_OFF]);
    expect(screen.getByRole('heading', { level: 1, name: 'Le tue assenze' })).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Assenze in programma' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === list);
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Dal mercoledì 25 novembre al venerdì 27 novembre',
      'lunedì 30 novembre, 14:00–18:00',
    ]);
    expect(within(items[0]!).queryByText('Inserita dal team Musa')).toBeNull();
    expect(within(items[1]!).getByText('Inserita dal team Musa')).toBeTruthy();
    expect(within(items[1]!).getByText('Passato a Giulia Bianchi')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'LA TUA AGENDA' }).getAttribute('href')).toBe('/pro');
  });

  it('none yet: said; the form starts with whole days', async () => {
    renderTimeOff([]);
    expect(await screen.findByText('Nessuna assenza in programma.')).toBeTruthy();
    expect(within(form()).getByRole('radio', { name: 'Giorni interi' })).toHaveProperty('checked', true);
    expect(within(form()).getByLabelText('Dal')).toBeTruthy();
    expect(within(form()).queryByLabelText('Dalle')).toBeNull();
  });

  it('SALVA ASSENZA on a blank form: each date required under its field, nothing sent', async () => {
    const { fakes } = renderTimeOff([]);
    await screen.findByText('Nessuna assenza in programma.');
    await save();
    expect(await within(form()).findAllByText('*Campo richiesto')).toHaveLength(2);
    type('Dal', '2026-11-27');
    type('Al (compreso)', '2026-11-25');
    await save();
    expect(
      await within(form()).findByText('La data di fine deve essere uguale o successiva a quella di inizio'),
    ).toBeTruthy();
    expect(fakes.createProTimeOff).not.toHaveBeenCalled();
  });

  it('whole days with a reason: sent, then listed, and the form blank again', async () => {
    const { fakes } = renderTimeOff([HOURS_OFF]);
    await screen.findByRole('region', { name: 'Assenze in programma' });
    type('Dal', '2026-11-25');
    type('Al (compreso)', '2026-11-27');
    await userEvent.type(within(form()).getByRole('textbox', { name: 'Motivo (facoltativo)' }), 'Ferie');
    await save();
    expect(fakes.createProTimeOff).toHaveBeenCalledWith({
      kind: 'days',
      startDate: '2026-11-25',
      endDate: '2026-11-27',
      reason: 'Ferie',
    });
    expect(
      await screen.findByRole('heading', { name: 'Dal mercoledì 25 novembre al venerdì 27 novembre' }),
    ).toBeTruthy();
    await waitFor(() => expect((within(form()).getByLabelText('Dal') as HTMLInputElement).value).toBe(''));
  });

  it('hours of one day: the day and the times, sent without a reason', async () => {
    const { fakes } = renderTimeOff([], { created: HOURS_OFF });
    await screen.findByText('Nessuna assenza in programma.');
    await userEvent.click(within(form()).getByText('Alcune ore di un giorno'));
    expect(within(form()).queryByLabelText('Dal')).toBeNull();
    type('Giorno', '2026-11-30');
    type('Dalle', '14:00');
    type('Alle', '18:00');
    await save();
    expect(fakes.createProTimeOff).toHaveBeenCalledWith({
      kind: 'hours',
      date: '2026-11-30',
      startTime: '14:00',
      endTime: '18:00',
      reason: null,
    });
    expect(await screen.findByRole('heading', { name: 'lunedì 30 novembre, 14:00–18:00' })).toBeTruthy();
  });

  it('a 409: ‘C’è già un’assenza in questo periodo’ under the form; what she typed is still there', async () => {
    renderTimeOff([HOURS_OFF], { created: conflict('C’è già un’assenza in questo periodo') });
    await screen.findByRole('region', { name: 'Assenze in programma' });
    type('Dal', '2026-11-25');
    type('Al (compreso)', '2026-11-27');
    await userEvent.type(within(form()).getByRole('textbox', { name: 'Motivo (facoltativo)' }), 'Ferie');
    await save();
    const alert = await within(form()).findByRole('alert');
    expect(alert.textContent).toBe('C’è già un’assenza in questo periodo');
    expect((within(form()).getByLabelText('Dal') as HTMLInputElement).value).toBe('2026-11-25');
    expect((within(form()).getByLabelText('Al (compreso)') as HTMLInputElement).value).toBe('2026-11-27');
    expect((within(form()).getByRole('textbox', { name: 'Motivo (facoltativo)' }) as HTMLTextAreaElement).value).toBe(
      'Ferie',
    );
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1);
  });

  it('ANNULLA ASSENZA (described by its days): sent, and the time off leaves the list', async () => {
    const { fakes, send } = renderTimeOff([DAYS_OFF, HOURS_OFF]);
    const heading = await screen.findByRole('heading', { name: 'Dal mercoledì 25 novembre al venerdì 27 novembre' });
    const cancel = within(heading.closest('li')!).getByRole('button', { name: 'ANNULLA ASSENZA' });
    expect(cancel.getAttribute('aria-describedby')).toBe(heading.id);
    await userEvent.click(cancel);
    expect(send).toHaveBeenCalledWith({ type: 'pro.timeOff.cancel', timeOffId: DAYS_OFF.id });
    expect(fakes.cancelTimeOff).toHaveBeenCalledWith({ timeOffId: DAYS_OFF.id });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Dal mercoledì 25 novembre al venerdì 27 novembre' })).toBeNull(),
    );
    expect(screen.getByRole('heading', { name: 'lunedì 30 novembre, 14:00–18:00' })).toBeTruthy();
  });

  it('a failure: the reason, and RIPROVA sends pro.retry', async () => {
    const { send } = renderTimeOff(new Error('Servizio non raggiungibile'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Non riusciamo a mostrarti le tue assenze')).toBeTruthy();
    expect(within(alert).getByText('Servizio non raggiungibile')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'RIPROVA' }));
    expect(send).toHaveBeenCalledWith({ type: 'pro.retry' });
  });
});

describe('/pro: the way to her time off', () => {
  it('her agenda links to /pro/time-off', async () => {
    const actor = createActor(
      proAgendaMachine.provide({
        actors: { loadProAgenda: fromPromise(() => Promise.resolve<ProAppointment[]>([])) },
      }),
      { input: { today: TODAY } },
    ).start();
    renderProScreen(<ProAgendaScreen actor={actor} send={vi.fn()} />);
    expect((await screen.findByRole('link', { name: 'Le tue assenze' })).getAttribute('href')).toBe('/pro/time-off');
  });
});
