// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppointmentRating } from '../../contract/rating';
import type { Provider } from '../../contract/provider';
import type { RateAppointmentInput } from '../../machines/rating/machine';
import type { Draft } from '../../machines/shared/draft';
import { LOCATION_TORINO, SERVICES, SLOT_INSTANT } from '../../machines/testing/fixtures';
import { RATED, RATED_FINAL, RATED_ID, RATING_TOKEN, TO_RATE, TO_RATE_ONE, refusal } from '../machines/rating-fixtures';
import { renderApp, type AppOptions } from './app-harness';

/**
 * Issue 29 as a person meets it: the rating screen from the invitation's link (stars chosen with the
 * keyboard, the comment, one send, the thanks; the message under stars not chosen; the API's
 * refusal; a rating final), the personal area's 'Da valutare' and the professional filter's standing.
 */

// jsdom has no CSS.escape, which user-event's arrow keys on radios use (the names here need no escaping).
if (typeof window.CSS === 'undefined')
  Object.defineProperty(window, 'CSS', { value: { escape: (text: string) => text } });

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
});

const answer = (rating: AppointmentRating | Error) => () =>
  rating instanceof Error ? Promise.reject(rating) : Promise.resolve(rating);

const open = (rating: AppointmentRating | Error, calls: AppOptions['calls'] = {}) =>
  renderApp(`/appointments/${RATED_ID}/rating?token=${RATING_TOKEN}`, {
    calls: { loadRating: answer(rating), ...calls },
  });

const group = (firstName: string) => screen.getByRole('radiogroup', { name: `Valutazione per ${firstName}` });

describe('/appointments/:id/rating', () => {
  it('the appointment (day, time, services, who came); for each professional five stars and a comment', async () => {
    app = await open(TO_RATE);
    expect(await screen.findByRole('heading', { level: 1, name: "Com'è andata?" })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Il tuo appuntamento' });
    expect(within(summary).getByText('venerdì 20 novembre, ore 10:30')).toBeTruthy();
    expect(within(summary).getByText('Piega')).toBeTruthy();
    expect(within(summary).getByText('Manicure')).toBeTruthy();
    expect(within(summary).getByText('con Giulia e Sara')).toBeTruthy();
    for (const name of ['Giulia', 'Sara']) {
      const stars = within(group(name)).getAllByRole('radio') as HTMLInputElement[];
      expect(stars.map((star) => star.checked)).toEqual([false, false, false, false, false]);
      expect(stars.map((star) => star.labels?.[0]?.textContent)).toEqual([
        '1 stella',
        '2 stelle',
        '3 stelle',
        '4 stelle',
        '5 stelle',
      ]);
      expect(within(group(name)).getByRole('radio', { name: '1 stella' })).toBeTruthy();
      expect(within(group(name)).getByRole('radio', { name: '5 stelle' })).toBeTruthy();
    }
    expect(screen.getAllByRole('textbox', { name: 'Un commento (facoltativo)' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'INVIA LA VALUTAZIONE' })).toBeTruthy();
    // A visitor from the link: no footer button, no way to a personal area she is not in.
    expect(screen.queryByRole('button', { name: 'AVANTI' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'I TUOI APPUNTAMENTI' })).toBeNull();
  });

  it('stars chosen with the keyboard, a comment, INVIA LA VALUTAZIONE: sent once, then the thanks and the form still hers', async () => {
    const sent: RateAppointmentInput[] = [];
    let answerSend: (rating: AppointmentRating) => void = () => {};
    app = await open(TO_RATE_ONE, {
      rateAppointment: (input) => {
        sent.push(input);
        return new Promise((resolve) => (answerSend = resolve));
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: "Com'è andata?" });
    // Tab into the group (past the header's buttons), then the arrows move along the stars and choose.
    for (let presses = 0; presses < 10 && !group('Giulia').contains(document.activeElement); presses++)
      await user.tab();
    expect(document.activeElement).toBe(within(group('Giulia')).getByRole('radio', { name: '1 stella' }));
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    const four = within(group('Giulia')).getByRole('radio', { name: '4 stelle' }) as HTMLInputElement;
    expect(document.activeElement).toBe(four);
    await waitFor(() => expect(four.checked).toBe(true));
    await user.type(screen.getByRole('textbox', { name: 'Un commento (facoltativo)' }), 'Bravissima');
    const send = screen.getByRole('button', { name: 'INVIA LA VALUTAZIONE' });
    await user.click(send);
    await user.click(send);
    expect(sent).toEqual([
      {
        key: { id: RATED_ID, token: RATING_TOKEN },
        ratings: [{ professionalId: 'p-giulia', stars: 4, comment: 'Bravissima' }],
      },
    ]);
    expect(send.getAttribute('aria-busy')).toBe('true');
    await act(async () => answerSend({ ...TO_RATE_ONE, professionals: [RATED.professionals[0]!] }));
    // Said in a live region (a status), so a screen reader hears it too.
    const thanks = await screen.findByText('Grazie! La tua valutazione è stata salvata.');
    expect(thanks.getAttribute('role')).toBe('status');
    // Still hers to change: the form stays, with what she gave.
    expect((within(group('Giulia')).getByRole('radio', { name: '4 stelle' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(group('Giulia')).getByRole('radio', { name: '5 stelle' }));
    expect(screen.queryByText('Grazie! La tua valutazione è stata salvata.')).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('without stars: ‘Scegli da 1 a 5 stelle’ under that group, the focus there, nothing sent', async () => {
    const sent: unknown[] = [];
    app = await open(TO_RATE, { rateAppointment: (input) => (sent.push(input), Promise.resolve(RATED)) });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: "Com'è andata?" });
    await user.click(within(group('Giulia')).getByRole('radio', { name: '3 stelle' }));
    await user.click(screen.getByRole('button', { name: 'INVIA LA VALUTAZIONE' }));
    expect(sent).toEqual([]);
    const sara = group('Sara');
    expect(within(sara).getByText('Scegli da 1 a 5 stelle')).toBeTruthy();
    expect(sara.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(sara.getAttribute('aria-describedby')!)?.textContent).toBe('Scegli da 1 a 5 stelle');
    expect(within(group('Giulia')).queryByText('Scegli da 1 a 5 stelle')).toBeNull();
    expect(document.activeElement).toBe(within(sara).getByRole('radio', { name: '1 stella' }));
    // Chosen, the message goes.
    await user.click(within(sara).getByRole('radio', { name: '5 stelle' }));
    expect(within(sara).queryByText('Scegli da 1 a 5 stelle')).toBeNull();
  });

  it.each([
    [409, 'Potrai valutare l’appuntamento quando sarà finito.'],
    [404, 'Appuntamento non trovato.'],
  ])('a refusal (%i): the API’s message instead of the form, and a new booking', async (status, message) => {
    app = await open(refusal(status, message));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Non puoi valutare questo appuntamento')).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PRENOTA UN ALTRO APPUNTAMENTO' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: 'INVIA LA VALUTAZIONE' })).toBeNull();
  });

  it('a send refused (30 days passed meanwhile): the API’s message instead of the form', async () => {
    const message = 'Sono passati 30 giorni dall’appuntamento: la valutazione non si può più cambiare.';
    app = await open(RATED, { rateAppointment: () => Promise.reject(refusal(409, message)) });
    await userEvent.click(await screen.findByRole('button', { name: 'INVIA LA VALUTAZIONE' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('final: what she gave, read only', async () => {
    app = await open(RATED_FINAL);
    expect(
      await screen.findByText("Sono passati 30 giorni dall'appuntamento: la valutazione non si può più cambiare."),
    ).toBeTruthy();
    const giulia = screen.getByRole('region', { name: 'Giulia' });
    expect(within(giulia).getByRole('img', { name: '4 stelle su 5' })).toBeTruthy();
    expect(within(giulia).getByText('Bravissima')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Sara' })).getByRole('img', { name: '5 stelle su 5' }),
    ).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: 'INVIA LA VALUTAZIONE' })).toBeNull();
  });

  it('a visitor without the token: the booking start', async () => {
    app = await renderApp(`/appointments/${RATED_ID}/rating`);
    expect(await screen.findByRole('heading', { name: 'Dove vuoi ricevere il servizio?' })).toBeTruthy();
    expect(app.calls.loadRating).not.toHaveBeenCalled();
  });
});

describe('the personal area: Da valutare', () => {
  const meNext = {
    lastProposal: null,
    nextBookings: [],
    toRate: [
      {
        id: RATED_ID,
        date: '2026-11-20',
        startTime: '10:30',
        services: ['Piega', 'Manicure'],
        professionals: ['Giulia', 'Sara'],
      },
    ],
  };

  it('lists what is left to rate; Valuta opens its rating screen', async () => {
    app = await renderApp('/', { signedIn: true, meNext, calls: { loadRating: answer(TO_RATE) } });
    const section = await screen.findByRole('region', { name: 'Da valutare' });
    const item = within(section).getByRole('article', { name: 'venerdì 20 novembre, ore 10:30' });
    expect(within(item).getByText('Piega')).toBeTruthy();
    expect(within(item).getByText('Manicure')).toBeTruthy();
    expect(within(item).getByText('con Giulia e Sara')).toBeTruthy();
    const rate = within(item).getByRole('link', { name: 'Valuta' });
    expect(rate.getAttribute('href')).toBe(`/appointments/${RATED_ID}/rating`);
    await userEvent.click(rate);
    expect(await screen.findByRole('heading', { name: "Com'è andata?" })).toBeTruthy();
    expect(app.href()).toBe(`/appointments/${RATED_ID}/rating`);
    expect(app.calls.loadRating).toHaveBeenCalledWith({ key: { id: RATED_ID, token: null } });
    expect(await screen.findByRole('radiogroup', { name: 'Valutazione per Giulia' })).toBeTruthy();
    // Signed in: her way back.
    expect(screen.getByRole('link', { name: 'I TUOI APPUNTAMENTI' })).toBeTruthy();
  });

  it('nothing to rate: no section', async () => {
    app = await renderApp('/', { signedIn: true, meNext: { ...meNext, toRate: [] } });
    expect(await screen.findByText('Nessun appuntamento in programma.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Da valutare' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Valuta' })).toBeNull();
  });
});

describe('the professional filter: each one’s standing', () => {
  const DRAFT: Partial<Draft> = {
    location: LOCATION_TORINO,
    participants: 'default',
    category: 'hair',
    hair: 'long',
    date: '2026-11-25',
    services: { includedService: null, services: [], primaryService: SERVICES.piega, secondaryServices: [] },
  };
  const PROVIDERS: Provider[] = [
    { _id: 'prov-giulia', firstName: 'Giulia', lastName: 'Bianchi', rating: { average: 4.3, count: 12 } },
    { _id: 'prov-sara', firstName: 'Sara', lastName: 'Verdi', rating: { average: null, count: 2 } },
    { _id: 'prov-marta', firstName: 'Marta', lastName: 'Neri' },
  ];

  it('★ 4,3 (12) read as its words; Nuova below three ratings; nothing without a standing', async () => {
    app = await renderApp('/booking/hair/data', {
      signedIn: true,
      today: '2026-11-25',
      draft: DRAFT,
      calls: {
        loadAvailableTimes: () => Promise.resolve([SLOT_INSTANT]),
        loadProviders: () => Promise.resolve(PROVIDERS),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Filtra professionista' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mostra solo le disponibilità di:' });
    const giulia = (await within(dialog).findByText('Giulia Bianchi')).closest('label')!;
    const standing = within(giulia).getByRole('img', { name: 'Valutazione media 4,3 su 5, 12 valutazioni' });
    expect(within(standing).getByText('★ 4,3')).toBeTruthy();
    expect(within(standing).getByText('(12)')).toBeTruthy();
    const sara = within(dialog).getByText('Sara Verdi').closest('label')!;
    expect(within(sara).getByText('Nuova')).toBeTruthy();
    expect(within(sara).queryByRole('img')).toBeNull();
    const marta = within(dialog).getByText('Marta Neri').closest('label')!;
    expect(within(marta).queryByText('Nuova')).toBeNull();
    expect(within(marta).queryByText(/★/)).toBeNull();
  });
});
