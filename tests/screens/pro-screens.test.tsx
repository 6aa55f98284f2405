// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AnyActorLogic, createActor, fromPromise } from 'xstate';
import type { ProAppointment } from '../../contract/pro';
import type { AvailableTime } from '../../contract/slot';
import { proAgendaMachine, type ProRatings } from '../../machines/pro/agenda';
import { proRequestMachine } from '../../machines/pro/request';
import { proRequestsMachine } from '../../machines/pro/requests';
import { ProAgendaScreen } from '../../src/screens/pro/agenda-screen';
import { ProRequestScreen } from '../../src/screens/pro/request-screen';
import { ProRequestsScreen } from '../../src/screens/pro/requests-screen';
import {
  ACCEPTED,
  CONFIRMED_TODAY,
  DECLINED,
  OFFERED,
  proAppointment,
  REQUEST,
  SALOTTO,
  TIMES,
  TODAY,
  TOMORROW,
} from '../../machines/testing/pro-fixtures';
import { renderProScreen } from './pro-render';

/**
 * The professionals' screens (issue 27), each drawn from a real actor of its machine whose calls
 * are fakes: what she sees (days, times, the phone to call, the address to open in Maps, only the
 * answers the server allows) and what her presses send (the `send` prop the root will wire).
 */

afterEach(cleanup);

const answer =
  <T,>(output: T | Error) =>
  () =>
    output instanceof Error ? Promise.reject(output) : Promise.resolve(output);

/** A `send` spy that also hands the event to the actor, as the root will. */
function forwarding<E>(actor: { send: (event: E) => void }) {
  return vi.fn((event: E) => actor.send(event));
}

const NEXT_DAY = proAppointment({
  id: 'next-day',
  status: 'confirmed',
  stage: null,
  answerBy: null,
  date: '2026-11-25',
  startTime: '09:00',
  endTime: '10:00',
  actions: [],
});

function renderAgenda(appointments: ProAppointment[] | Error | ((from: string) => ProAppointment[])) {
  const load = (from: string) =>
    typeof appointments === 'function' ? Promise.resolve(appointments(from)) : answer(appointments)();
  const actor = createActor(
    proAgendaMachine.provide({
      actors: { loadProAgenda: fromPromise(({ input }: { input: { from: string } }) => load(input.from)) },
    }),
    { input: { today: TODAY } },
  ).start();
  const send = forwarding(actor);
  renderProScreen(<ProAgendaScreen actor={actor} send={send} />);
  return { actor, send };
}

describe('/pro: her agenda', () => {
  it('by day (oggi, domani, then the weekday), each with its times, journey, state, services and door details', async () => {
    renderAgenda([CONFIRMED_TODAY, REQUEST, NEXT_DAY]);
    expect(screen.getByRole('heading', { level: 1, name: 'La tua agenda' })).toBeTruthy();
    const today = await screen.findByRole('region', { name: 'Oggi' });
    const tomorrow = screen.getByRole('region', { name: 'Domani' });
    expect(screen.getByRole('region', { name: 'Mercoledì 25 novembre' })).toBeTruthy();

    const first = within(today).getByRole('article', { name: '16:00–17:00' });
    expect(within(first).getByText('Confermato')).toBeTruthy();
    expect(within(first).getByText('15 min di viaggio prima e dopo')).toBeTruthy();
    expect(within(first).getByText('Trucco sposa · 60 min')).toBeTruthy();
    expect(within(first).getByText('Elena')).toBeTruthy();
    expect(within(first).queryByText('Citofono')).toBeNull();
    expect(within(first).queryByText('Allergie')).toBeNull();
    expect(within(first).queryByRole('link', { name: 'RISPONDI' })).toBeNull();

    const request = within(tomorrow).getByRole('article', { name: '10:00–11:30' });
    expect(within(request).getByText('In attesa di conferma')).toBeTruthy();
    expect(within(request).getByText('Piega · 60 min')).toBeTruthy();
    expect(within(request).getByText('Manicure · 30 min')).toBeTruthy();
    expect(within(request).getByText('Marta')).toBeTruthy();
    expect(within(request).getByText('Rossi')).toBeTruthy();
    expect(within(request).getByText('Nichel')).toBeTruthy();
    expect(within(request).getByText('Secondo piano, senza ascensore')).toBeTruthy();
    expect(within(request).getByRole('link', { name: 'Chiama Marta: +39 333 123 4567' }).getAttribute('href')).toBe(
      'tel:+393331234567',
    );
    const maps = within(request).getByRole('link', { name: /Via Roma, 2, Torino/ });
    expect(maps.getAttribute('href')).toBe(REQUEST.mapsUrl);
    expect(maps.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(within(request).getByRole('link', { name: 'RISPONDI' }).getAttribute('href')).toBe(
      `/pro/requests/${REQUEST.id}`,
    );
  });

  it('the link to the requests counts those waiting for her', async () => {
    renderAgenda([CONFIRMED_TODAY, REQUEST, { ...OFFERED, id: 'offered-elsewhere' }]);
    const link = await screen.findByRole('link', { name: /^Richieste da confermare/ });
    expect(link.getAttribute('href')).toBe('/pro/requests');
    expect(link.textContent).toBe('Richieste da confermare 1 in attesa');
  });

  it('no waiting request: the link without a count; no appointment: said', async () => {
    renderAgenda([]);
    expect(await screen.findByText('Nessun appuntamento in questi giorni.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Richieste da confermare' })).toBeTruthy();
  });

  it('ALTRI GIORNI sends pro.moreDays and shows the days it brings', async () => {
    const NEXT_WEEK = proAppointment({ id: 'next-week', status: 'confirmed', date: '2026-12-01', actions: [] });
    const { send } = renderAgenda((from) => (from === TODAY ? [CONFIRMED_TODAY] : [NEXT_WEEK]));
    await userEvent.click(await screen.findByRole('button', { name: 'ALTRI GIORNI' }));
    expect(send).toHaveBeenCalledWith({ type: 'pro.moreDays' });
    expect(await screen.findByRole('region', { name: 'Martedì 1 dicembre' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Oggi' })).toBeTruthy();
  });

  it('a failure: the reason, and RIPROVA sends pro.retry', async () => {
    const { send } = renderAgenda(new Error('Quest’area è riservata alle professioniste e al team Musa.'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Non riusciamo a mostrarti l’agenda')).toBeTruthy();
    expect(within(alert).getByText('Quest’area è riservata alle professioniste e al team Musa.')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'RIPROVA' }));
    expect(send).toHaveBeenCalledWith({ type: 'pro.retry' });
  });

  it('no actor yet: the spinner under the title', () => {
    renderProScreen(<ProAgendaScreen actor={undefined} send={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'La tua agenda' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});

describe('/pro: her ratings (issue 29)', () => {
  const RATINGS: ProRatings = {
    summary: { average: 4.3, count: 12 },
    ratings: [
      { stars: 3, comment: null, date: '2026-11-10', ratedAt: '2026-11-10T18:00:00.000Z', customerFirstName: null },
      {
        stars: 4,
        comment: 'Precisa e gentile',
        date: '2026-11-20',
        ratedAt: '2026-11-21T09:00:00.000Z',
        customerFirstName: 'Anna',
      },
    ],
  };

  function renderWithRatings(ratings: ProRatings | Error) {
    const actor = createActor(
      proAgendaMachine.provide({
        actors: {
          loadProAgenda: fromPromise(answer([CONFIRMED_TODAY])),
          loadProRatings: fromPromise(answer(ratings)),
        },
      }),
      { input: { today: TODAY } },
    ).start();
    renderProScreen(<ProAgendaScreen actor={actor} send={forwarding(actor)} />);
  }

  it('Le tue valutazioni: her average and count, then each rating newest first (stars, comment, who, which day)', async () => {
    renderWithRatings(RATINGS);
    const section = await screen.findByRole('region', { name: 'Le tue valutazioni' });
    expect(within(section).getByText('4,3 su 5 · 12 valutazioni')).toBeTruthy();
    const [newest, older] = within(section).getAllByRole('listitem');
    expect(within(newest!).getByRole('img', { name: '4 stelle su 5' })).toBeTruthy();
    expect(within(newest!).getByText('Precisa e gentile')).toBeTruthy();
    expect(within(newest!).getByText('Anna · venerdì 20 novembre')).toBeTruthy();
    expect(within(older!).getByRole('img', { name: '3 stelle su 5' })).toBeTruthy();
    expect(within(older!).getByText('Cliente · martedì 10 novembre')).toBeTruthy();
  });

  it('below three ratings: Nuova', async () => {
    renderWithRatings({ summary: { average: null, count: 2 }, ratings: RATINGS.ratings });
    const section = await screen.findByRole('region', { name: 'Le tue valutazioni' });
    expect(within(section).getByText('Nuova')).toBeTruthy();
    expect(within(section).queryByText(/su 5 ·/)).toBeNull();
  });

  it('refused (a team member: 403): no section, the agenda as ever', async () => {
    renderWithRatings(Object.assign(new Error('Solo per le professioniste.'), { status: 403 }));
    expect(await screen.findByRole('region', { name: 'Oggi' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Le tue valutazioni' })).toBeNull();
    expect(screen.queryByText('Solo per le professioniste.')).toBeNull();
  });
});

function renderRequests(requests: ProAppointment[] | Error) {
  const actor = createActor(
    proRequestsMachine.provide({ actors: { loadProRequests: fromPromise(answer(requests)) } }),
  ).start();
  const send = forwarding(actor);
  const { router } = renderProScreen(<ProRequestsScreen actor={actor} send={send} />, '/pro/requests');
  return { actor, send, router };
}

describe('/pro/requests', () => {
  it('each request: when (its link), what, where, until when to answer; a salotto is marked', async () => {
    renderRequests([REQUEST, SALOTTO]);
    expect(screen.getByRole('heading', { level: 1, name: 'Richieste da confermare' })).toBeTruthy();
    const [single, salotto] = await screen.findAllByRole('listitem');
    const link = within(single!).getByRole('link', { name: 'martedì 24 novembre, 10:00–11:30' });
    expect(link.getAttribute('href')).toBe(`/pro/requests/${REQUEST.id}`);
    expect(within(single!).getByText('Piega, Manicure')).toBeTruthy();
    expect(within(single!).getByText('Via Roma, 2, Torino')).toBeTruthy();
    // 10:30 UTC is 11:30 in Rome.
    expect(within(single!).getByText('Rispondi entro lunedì 23 novembre alle 11:30')).toBeTruthy();
    expect(within(single!).queryByText('Salotto')).toBeNull();
    expect(within(salotto!).getByText('Salotto')).toBeTruthy();
    expect(within(salotto!).getByRole('link').getAttribute('href')).toBe(`/pro/requests/${SALOTTO.id}`);
  });

  it('a plain click on a request opens its page in place; a click with Ctrl is left to the browser (a new tab)', async () => {
    const { router } = renderRequests([REQUEST]);
    const link = await screen.findByRole('link', { name: 'martedì 24 novembre, 10:00–11:30' });
    // What the app left to the browser, read after it, then kept from jsdom (it cannot open pages).
    const leftToBrowser: boolean[] = [];
    const browser = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', browser);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(router.history.location.pathname).toBe('/pro/requests');
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document.removeEventListener('click', browser);
    expect(leftToBrowser).toEqual([true, false]);
    await waitFor(() => expect(router.history.location.pathname).toBe(`/pro/requests/${REQUEST.id}`));
  });

  it('none: said', async () => {
    renderRequests([]);
    expect(await screen.findByText('Nessuna richiesta in attesa.')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('a failure: the reason, RIPROVA sends pro.retry', async () => {
    const { send } = renderRequests(new Error('Troppe richieste, riprova tra poco.'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Troppe richieste, riprova tra poco.')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'RIPROVA' }));
    expect(send).toHaveBeenCalledWith({ type: 'pro.retry' });
  });
});

interface RequestCalls {
  acceptRequest?: () => Promise<ProAppointment>;
  declineRequest?: (input: unknown) => Promise<ProAppointment>;
  loadRequestTimes?: (input: unknown) => Promise<AvailableTime[]>;
  offerRequest?: (input: unknown) => Promise<ProAppointment>;
  quoteSalotto?: (input: unknown) => Promise<ProAppointment>;
}

function renderRequest(request: ProAppointment | Error, calls: RequestCalls = {}, forward = true) {
  const fakes = {
    acceptRequest: vi.fn(calls.acceptRequest ?? answer(ACCEPTED)),
    declineRequest: vi.fn(calls.declineRequest ?? answer(DECLINED)),
    loadRequestTimes: vi.fn(calls.loadRequestTimes ?? answer(TIMES)),
    offerRequest: vi.fn(calls.offerRequest ?? answer(OFFERED)),
    quoteSalotto: vi.fn(calls.quoteSalotto ?? answer(ACCEPTED)),
  };
  const actors = Object.fromEntries(
    Object.entries({ loadProRequest: answer(request), ...fakes }).map(([name, call]) => [
      name,
      fromPromise(({ input }: { input: unknown }) => (call as (input: unknown) => Promise<unknown>)(input)),
    ]),
  ) as Record<string, AnyActorLogic>;
  const id = request instanceof Error ? REQUEST.id : request.id;
  const actor = createActor(proRequestMachine.provide({ actors }), { input: { bookingId: id, today: TODAY } }).start();
  const send = forward ? forwarding(actor) : vi.fn();
  renderProScreen(<ProRequestScreen actor={actor} send={send} />);
  return { actor, send, fakes };
}

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('/pro/requests/:id', () => {
  it('her request: the details, the deadline, ACCETTA, PROPONI UN ALTRO ORARIO and RIFIUTA; each press sends its event', async () => {
    const { send } = renderRequest(REQUEST, {}, false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Richiesta di appuntamento' })).toBeTruthy();
    const card = screen.getByRole('article', { name: '10:00–11:30' });
    expect(within(card).getByText('martedì 24 novembre')).toBeTruthy();
    expect(within(card).getByText('Rispondi entro lunedì 23 novembre alle 11:30')).toBeTruthy();
    expect(within(card).getByText('In attesa di conferma')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Chiama Marta: +39 333 123 4567' })).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Via Roma, 2, Torino/ })
        .getAttribute('href'),
    ).toBe(REQUEST.mapsUrl);
    expect(buttonNames()).toEqual(['ACCETTA', 'PROPONI UN ALTRO ORARIO', 'RIFIUTA']);
    await userEvent.click(screen.getByRole('button', { name: 'ACCETTA' }));
    await userEvent.click(screen.getByRole('button', { name: 'PROPONI UN ALTRO ORARIO' }));
    await userEvent.click(screen.getByRole('button', { name: 'RIFIUTA' }));
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'pro.accept' },
      { type: 'pro.offer.open' },
      { type: 'pro.decline.open' },
    ]);
  });

  it('a salotto for the team: PREVENTIVO E CONFERMA and RIFIUTA only, the people and the team', async () => {
    const { send } = renderRequest(SALOTTO, {}, false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Richiesta di salotto' })).toBeTruthy();
    expect(buttonNames()).toEqual(['PREVENTIVO E CONFERMA', 'RIFIUTA']);
    expect(screen.getByText('3 persone')).toBeTruthy();
    expect(screen.getByText('Giulia Bianchi, Sara Verdi')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'PREVENTIVO E CONFERMA' }));
    expect(send).toHaveBeenCalledWith({ type: 'pro.quote.open' });
  });

  it('a team member on someone’s request: ACCETTA and RIFIUTA, no offer of her time', async () => {
    renderRequest(proAppointment({ stage: 'team', actions: ['accept', 'decline'] }));
    await screen.findByRole('button', { name: 'ACCETTA' });
    expect(buttonNames()).toEqual(['ACCETTA', 'RIFIUTA']);
  });

  it('ACCETTA: once accepted, no answers left, what she did and the way back to the requests', async () => {
    const { fakes } = renderRequest(REQUEST);
    await userEvent.click(await screen.findByRole('button', { name: 'ACCETTA' }));
    expect(await screen.findByText('Hai accettato questa richiesta.')).toBeTruthy();
    expect(fakes.acceptRequest).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Confermato')).toBeTruthy();
    expect(buttonNames()).toEqual([]);
    expect(screen.getByRole('link', { name: 'TORNA ALLE RICHIESTE' }).getAttribute('href')).toBe('/pro/requests');
    expect(screen.queryByText(/^Rispondi entro/)).toBeNull();
  });

  it.each([
    [ACCEPTED, 'Questa richiesta è confermata.'],
    [DECLINED, 'Questa richiesta è stata annullata.'],
    [OFFERED, 'Hai proposto un altro orario: aspettiamo la risposta della cliente.'],
    [proAppointment({ actions: [] }), 'Questa richiesta non aspetta più una tua risposta.'],
  ])('a request already answered says so, with no answer left (%#)', async (request, words) => {
    renderRequest(request);
    expect(await screen.findByText(words)).toBeTruthy();
    expect(buttonNames()).toEqual([]);
  });

  it('an offered one shows the time she asked for', async () => {
    renderRequest(OFFERED);
    const card = await screen.findByRole('article', { name: '15:00–16:30' });
    expect(within(card).getByText('La cliente aveva chiesto')).toBeTruthy();
    expect(within(card).getByText('martedì 24 novembre, 10:00–11:30')).toBeTruthy();
  });

  it('RIFIUTA: the dialog of reasons; the contract’s messages under the fields; sent with her words', async () => {
    const { fakes } = renderRequest(REQUEST);
    await userEvent.click(await screen.findByRole('button', { name: 'RIFIUTA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rifiuta la richiesta' });
    for (const reason of [
      'Non sono libera in quell’orario',
      'L’indirizzo è troppo lontano per me',
      'Non posso eseguire uno dei servizi richiesti',
      'Altro',
    ]) {
      expect(within(dialog).getByRole('radio', { name: reason })).toBeTruthy();
    }
    const submit = within(dialog).getByRole('button', { name: 'RIFIUTA LA RICHIESTA' });
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Devi selezionare un opzione')).toBeTruthy();
    await userEvent.click(within(dialog).getByText('Altro'));
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Scrivi il motivo')).toBeTruthy();
    expect(fakes.declineRequest).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Vuoi aggiungere qualcosa?' }), 'Sono in ferie');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakes.declineRequest).toHaveBeenCalledWith({
      bookingId: REQUEST.id,
      reason: 'other',
      message: 'Sono in ferie',
    });
    expect(await screen.findByText('Richiesta rifiutata.')).toBeTruthy();
  });

  it('ANNULLA closes the dialog, sending nothing', async () => {
    const { fakes, send } = renderRequest(REQUEST);
    await userEvent.click(await screen.findByRole('button', { name: 'RIFIUTA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rifiuta la richiesta' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ANNULLA' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(send).toHaveBeenLastCalledWith({ type: 'pro.decline.close' });
    expect(fakes.declineRequest).not.toHaveBeenCalled();
  });

  it('PROPONI UN ALTRO ORARIO: the day asked for, her free times but the one asked for; a time picked is sent', async () => {
    const { fakes, send } = renderRequest(REQUEST);
    await userEvent.click(await screen.findByRole('button', { name: 'PROPONI UN ALTRO ORARIO' }));
    const panel = await screen.findByRole('region', { name: 'Proponi un altro orario' });
    expect((within(panel).getByLabelText('Giorno') as HTMLInputElement).value).toBe(TOMORROW);
    const grid = await within(panel).findByRole('group', { name: 'Orari disponibili' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['09:00', '15:00']);
    const submit = within(panel).getByRole('button', { name: 'INVIA PROPOSTA' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.click(within(grid).getByRole('button', { name: '15:00' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'pro.offer.pick', startTime: '15:00' });
    await waitFor(() => expect(submit.disabled).toBe(false));
    await userEvent.click(submit);
    expect(fakes.offerRequest).toHaveBeenCalledWith({ bookingId: REQUEST.id, startDate: TOMORROW, startTime: '15:00' });
    expect(await screen.findByText('Hai proposto un altro orario: aspettiamo la risposta della cliente.')).toBeTruthy();
  });

  it('another day loads its times; a day with none says so', async () => {
    const { fakes, send } = renderRequest(REQUEST, {
      loadRequestTimes: (input) =>
        Promise.resolve((input as { startDate: string }).startDate === TOMORROW ? TIMES : []),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'PROPONI UN ALTRO ORARIO' }));
    const panel = await screen.findByRole('region', { name: 'Proponi un altro orario' });
    await within(panel).findByRole('group', { name: 'Orari disponibili' });
    act(() => {
      fireEvent.change(within(panel).getByLabelText('Giorno'), { target: { value: '2026-11-26' } });
    });
    expect(send).toHaveBeenLastCalledWith({ type: 'pro.offer.day', date: '2026-11-26' });
    expect(
      await within(panel).findByText('Nessun orario libero in questo giorno: prova un altro giorno.'),
    ).toBeTruthy();
    expect(fakes.loadRequestTimes).toHaveBeenLastCalledWith({ bookingId: REQUEST.id, startDate: '2026-11-26' });
    await userEvent.click(within(panel).getByRole('button', { name: 'ANNULLA' }));
    expect(await screen.findByRole('button', { name: 'ACCETTA' })).toBeTruthy();
  });

  it('PREVENTIVO E CONFERMA: the contract’s messages under the fields; the total in euros and what it includes sent', async () => {
    const { fakes } = renderRequest(SALOTTO);
    await userEvent.click(await screen.findByRole('button', { name: 'PREVENTIVO E CONFERMA' }));
    const panel = await screen.findByRole('region', { name: 'Preventivo e conferma' });
    const submit = within(panel).getByRole('button', { name: 'CONFERMA PREVENTIVO' });
    await userEvent.click(submit);
    expect(await within(panel).findByText('Prezzo non valido')).toBeTruthy();
    expect(within(panel).getByText('*Campo richiesto')).toBeTruthy();
    expect(fakes.quoteSalotto).not.toHaveBeenCalled();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Totale (€)' }), '450,50');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Cosa comprende' }), 'Piega e trucco per 3');
    // Who goes: the proposed make-up artist is chosen, another may be named; a category with one
    // professional who serves it offers no choice.
    const makeUp = within(panel).getByRole('radiogroup', { name: 'Chi va per: Make up' });
    expect((within(makeUp).getByRole('radio', { name: 'Sara Verdi' }) as HTMLInputElement).checked).toBe(true);
    expect(within(panel).queryByRole('radiogroup', { name: 'Chi va per: Capelli' })).toBeNull();
    await userEvent.click(within(makeUp).getByText('Elena Neri'));
    await userEvent.click(submit);
    await waitFor(() =>
      expect(fakes.quoteSalotto).toHaveBeenCalledWith({
        bookingId: SALOTTO.id,
        total: 450.5,
        includes: 'Piega e trucco per 3',
        team: [{ category: 'make-up', professionalId: 'pro-elena' }],
      }),
    );
    expect(await screen.findByText('Hai inviato il preventivo: il salotto è confermato.')).toBeTruthy();
  });

  it('not found: the reason and RIPROVA', async () => {
    const { send } = renderRequest(new Error('Richiesta non trovata.'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Non riusciamo a mostrarti questa richiesta')).toBeTruthy();
    expect(within(alert).getByText('Richiesta non trovata.')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'RIPROVA' }));
    expect(send).toHaveBeenCalledWith({ type: 'pro.retry' });
  });
});
