// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { HOURS_RANGES_MAX, PRO_WEEK_MESSAGES, type ProHours } from '../../contract/pro-week';
import { proHoursMachine, type HandOverAppointmentOutput } from '../../machines/pro/hours';
import { ProHoursScreen } from '../../src/screens/pro/hours-screen';
import { conflict, HANDED_OVER, HER_HOURS, OUTSIDE, SAVED_HOURS, TODAY } from '../../machines/testing/pro-fixtures';
import { renderProScreen } from './pro-render';

/**
 * Her hours (issue 40), drawn from a real actor of its machine whose calls are fakes: what she sees
 * (the week in force, the appointments outside it, the form's messages under their fields) and what
 * her presses send.
 */

afterEach(cleanup);

type Answer<T> = T | Error;
const answer = <T,>(output: Answer<T>) => (output instanceof Error ? Promise.reject(output) : Promise.resolve(output));

function renderHours(
  hours: Answer<ProHours>,
  {
    saved = SAVED_HOURS,
    handedOver = { bookingId: OUTSIDE.id, handOvers: [HANDED_OVER] },
  }: { saved?: Answer<ProHours>; handedOver?: Answer<HandOverAppointmentOutput> } = {},
) {
  const fakes = {
    loadProHours: vi.fn(() => answer(hours)),
    saveProHours: vi.fn((_input: unknown) => answer(saved)),
    handOverAppointment: vi.fn((_input: unknown) => answer(handedOver)),
  };
  const actor = createActor(
    proHoursMachine.provide({
      actors: {
        loadProHours: fromPromise(() => fakes.loadProHours()),
        saveProHours: fromPromise(({ input }) => fakes.saveProHours(input)),
        handOverAppointment: fromPromise(({ input }) => fakes.handOverAppointment(input)),
      },
    }),
    { input: { today: TODAY } },
  ).start();
  const send = vi.fn((event: Parameters<typeof actor.send>[0]) => actor.send(event));
  renderProScreen(<ProHoursScreen actor={actor} send={send} />);
  return { actor, send, fakes };
}

const form = () => screen.getByRole('form', { name: 'Cambia i tuoi orari' });
const day = (name: string) => within(form()).getByRole('group', { name });
const save = () => userEvent.click(within(form()).getByRole('button', { name: 'SALVA ORARI' }));

describe('/pro/hours: her hours', () => {
  it('her week in force, each weekday’s ranges in the form (Sunday off), the appointment outside them kept', async () => {
    renderHours(HER_HOURS);
    expect(await screen.findByRole('heading', { level: 1, name: 'I tuoi orari' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Orari in vigore' });
    expect(screen.getByText('Lunedì: 09:00–13:00, 14:00–19:00')).toBeTruthy();
    expect(screen.getByText('Domenica: Riposo')).toBeTruthy();
    expect(
      within(day('Lunedì'))
        .getAllByLabelText('Dalle')
        .map((field) => (field as HTMLInputElement).value),
    ).toEqual(['09:00', '14:00']);
    expect(within(day('Domenica')).queryAllByLabelText('Dalle')).toHaveLength(0);
    expect((within(form()).getByLabelText('Validi dal') as HTMLInputElement).value).toBe(TODAY);
    const outside = screen.getByRole('region', { name: 'Appuntamenti fuori dai tuoi orari' });
    expect(within(outside).getByText(/Restano confermati/)).toBeTruthy();
    expect(within(outside).getByRole('button', { name: 'PASSA A UNA COLLEGA' })).toBeTruthy();
  });

  it('a range reversed: its message under its field, linked to it; nothing sent', async () => {
    const { fakes } = renderHours(HER_HOURS);
    await screen.findByRole('form', { name: 'Cambia i tuoi orari' });
    const end = within(day('Fascia 2 di lunedì')).getByLabelText('Alle');
    fireEvent.change(end, { target: { value: '13:30' } });
    fireEvent.change(within(day('Fascia 2 di lunedì')).getByLabelText('Dalle'), { target: { value: '18:00' } });
    await save();
    expect(fakes.saveProHours).not.toHaveBeenCalled();
    const message = await screen.findByText(PRO_WEEK_MESSAGES.rangeReversed);
    expect(end.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('AGGIUNGI FASCIA up to the most, GIORNO DI RIPOSO, RIMUOVI FASCIA; SALVA ORARI sends the week, the answer listed', async () => {
    const { fakes } = renderHours(HER_HOURS);
    await screen.findByRole('form', { name: 'Cambia i tuoi orari' });
    const add = within(day('Domenica')).getByRole('button', { name: /^AGGIUNGI FASCIA/ });
    for (let i = 0; i < HOURS_RANGES_MAX; i += 1) await userEvent.click(add);
    expect(within(day('Domenica')).getAllByLabelText('Dalle')).toHaveLength(HOURS_RANGES_MAX);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(day('Domenica')).getByRole('button', { name: /^GIORNO DI RIPOSO/ }));
    await userEvent.click(within(day('Sabato')).getByRole('button', { name: /^RIMUOVI FASCIA/ }));
    await userEvent.click(within(day('Venerdì')).getByRole('button', { name: /^RIMUOVI FASCIA: Fascia 2/ }));
    fireEvent.change(within(form()).getByLabelText('Validi dal'), { target: { value: '2026-11-30' } });
    await save();
    expect(fakes.saveProHours).toHaveBeenCalledTimes(1);
    const sent = fakes.saveProHours.mock.calls[0]![0] as { validFrom: string; week: { ranges: unknown[] }[] };
    expect(sent.validFrom).toBe('2026-11-30');
    expect(sent.week.map((d) => d.ranges.length)).toEqual([2, 2, 2, 2, 1, 0, 0]);
    expect(await screen.findByText('Nessun appuntamento fuori dai tuoi orari.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cambi in programma' })).toBeTruthy();
  });

  it('the server’s refusal under the form, what she typed kept', async () => {
    renderHours(HER_HOURS, { saved: Object.assign(new Error(PRO_WEEK_MESSAGES.dateInPast), { status: 400 }) });
    await screen.findByRole('form', { name: 'Cambia i tuoi orari' });
    await userEvent.click(within(day('Sabato')).getByRole('button', { name: /^GIORNO DI RIPOSO/ }));
    await save();
    const alert = await within(form()).findByRole('alert');
    expect(alert.textContent).toBe(PRO_WEEK_MESSAGES.dateInPast);
    expect(within(day('Sabato')).queryAllByLabelText('Dalle')).toHaveLength(0);
  });

  it('PASSA A UNA COLLEGA: sent once, then said as passed; a 409 reads her hours again', async () => {
    const { fakes } = renderHours(HER_HOURS);
    await userEvent.click(await screen.findByRole('button', { name: 'PASSA A UNA COLLEGA' }));
    expect(fakes.handOverAppointment).toHaveBeenCalledWith({ bookingId: OUTSIDE.id });
    expect(await screen.findByText('Passato: stiamo cercando una collega')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'PASSA A UNA COLLEGA' })).toBeNull();
    cleanup();
    const refused = renderHours(HER_HOURS, { handedOver: conflict(PRO_WEEK_MESSAGES.appointmentInHours) });
    await userEvent.click(await screen.findByRole('button', { name: 'PASSA A UNA COLLEGA' }));
    await waitFor(() => expect(refused.fakes.loadProHours).toHaveBeenCalledTimes(2));
  });

  it('a failure: why, and RIPROVA', async () => {
    const { fakes } = renderHours(new Error('Servizio non raggiungibile'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Non riusciamo a mostrarti i tuoi orari')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'RIPROVA' }));
    expect(fakes.loadProHours).toHaveBeenCalledTimes(2);
  });
});
