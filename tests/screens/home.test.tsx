// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NextBooking } from '../../contract/user';
import { LOCATION_TORINO, USER } from '../../machines/testing/fixtures';
import { getCredential } from '../../src/lib/storage';
import { renderApp } from './app-harness';

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
  vi.useRealTimers();
});

const booking = (date: string, startTime: string, names: string[], total: number): NextBooking => ({
  id: `b-${date}-${startTime}`,
  startDateTime: `${date}T${startTime}:00.000Z`,
  date,
  startTime,
  timeZone: 'Europe/Rome',
  location: LOCATION_TORINO,
  services: names.map((name) => ({ name, price: total })),
  total,
});

describe('/ personal area', () => {
  it('greets by first name, shows the address and the next appointments', async () => {
    app = await renderApp('/?utm_source=ig', {
      signedIn: true,
      meNext: {
        lastProposal: { services: [{ name: 'Piega' }] },
        nextBookings: [
          booking('2026-11-28', '10:30', ['Piega', 'Maschera'], 12),
          booking('2026-12-05', '15:00', ['Manicure'], 30),
        ],
      },
    });
    expect(await screen.findByText('Ciao Anna!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cosa vuoi prenotare oggi?' })).toBeTruthy();
    expect(screen.getByText(LOCATION_TORINO.address)).toBeTruthy();
    const first = screen.getByRole('article', { name: 'sabato 28 novembre, ore 10:30' });
    expect(within(first).getByText('Piega')).toBeTruthy();
    expect(within(first).getByText('Maschera')).toBeTruthy();
    expect(within(first).getByText('€ 12,00')).toBeTruthy();
    const future = screen.getByRole('region', { name: 'Appuntamenti futuri' });
    expect(within(future).getByRole('article', { name: 'sabato 5 dicembre, ore 15:00' })).toBeTruthy();
    expect(screen.queryByText("L'ultima volta ti abbiamo consigliato:")).toBeNull();
    expect(screen.getByRole('link', { name: 'NUOVO APPUNTAMENTO' }).getAttribute('href')).toBe(
      '/booking/location?utm_source=ig',
    );
    // SPEC §2: no footer button on /, no progress bar; logout and profile buttons.
    expect(screen.queryByRole('button', { name: 'AVANTI' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Esci' })).toBeTruthy();
  });

  it('without appointments shows the last proposal with PRENOTA APPUNTAMENTO', async () => {
    app = await renderApp('/', {
      signedIn: true,
      meNext: { lastProposal: { services: [{ name: 'Piega' }, { name: 'Colore' }] }, nextBookings: [] },
    });
    expect(await screen.findByText("L'ultima volta ti abbiamo consigliato:")).toBeTruthy();
    expect(screen.getByText('Colore')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'PRENOTA APPUNTAMENTO' }));
    expect(await screen.findByRole('heading', { name: 'Dove vuoi ricevere il servizio?' })).toBeTruthy();
    expect(app.href()).toBe('/booking/location');
  });

  it('with neither says there is nothing planned', async () => {
    app = await renderApp('/', { signedIn: true, meNext: { lastProposal: null, nextBookings: [] } });
    expect(await screen.findByText('Nessun appuntamento in programma.')).toBeTruthy();
  });

  it('without a session / goes to the booking start keeping the query', async () => {
    app = await renderApp('/?utm_source=ig');
    expect(await screen.findByRole('heading', { name: 'Dove vuoi ricevere il servizio?' })).toBeTruthy();
    expect(app.href()).toBe('/booking/location?utm_source=ig');
  });

  it('a profile that fails to load clears the session and goes to the booking start', async () => {
    app = await renderApp('/', {
      signedIn: true,
      calls: { loadProfile: () => Promise.reject(new Error('La sessione è scaduta')) },
    });
    expect(await screen.findByRole('heading', { name: 'Dove vuoi ricevere il servizio?' })).toBeTruthy();
    expect(getCredential()).toBeNull();
  });

  it('with a session the session screens redirect to /', async () => {
    app = await renderApp('/login', { signedIn: true, meNext: { lastProposal: null, nextBookings: [] } });
    expect(await screen.findByRole('heading', { name: 'Cosa vuoi prenotare oggi?' })).toBeTruthy();
    expect(app.href()).toBe('/');
  });

  it('logout shows the loader for 2 s, then clears the session and leaves /', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    app = await renderApp('/', { signedIn: true, meNext: { lastProposal: null, nextBookings: [] } });
    await user.click(await screen.findByRole('button', { name: 'Esci' }));
    expect(screen.getByText('Disconnessione in corso')).toBeTruthy();
    expect(getCredential()).toBe('token-demo');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(getCredential()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(screen.queryByText('Disconnessione in corso')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Dove vuoi ricevere il servizio?' })).toBeTruthy();
  });
});

describe('profile dialog', () => {
  it('opens prefilled, checks fields on blur, saves and closes with the success toast', async () => {
    const updated = { ...USER, firstName: 'Annalisa' };
    app = await renderApp('/', {
      signedIn: true,
      meNext: { lastProposal: null, nextBookings: [] },
      calls: { updateProfile: () => Promise.resolve(updated) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Modifica profilo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica il tuo profilo' });
    const firstName = within(dialog).getByLabelText('Nome') as HTMLInputElement;
    expect(firstName.value).toBe('Anna');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe(USER.email);
    expect((within(dialog).getByLabelText('Indirizzo') as HTMLInputElement).value).toBe(LOCATION_TORINO.address);

    await userEvent.clear(firstName);
    await userEvent.tab();
    expect(await within(dialog).findByText('*Campo richiesto')).toBeTruthy();
    await userEvent.type(firstName, 'Annalisa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'SALVA' }));
    expect(await screen.findByText('Dati aggiornati correttamente')).toBeTruthy();
    expect(app.calls.updateProfile).toHaveBeenCalledWith({
      userId: USER.id,
      form: {
        firstName: 'Annalisa',
        lastName: 'Rossi',
        phoneNumber: USER.phoneNumber,
        email: USER.email,
        location: LOCATION_TORINO,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Modifica il tuo profilo' })).toBeNull());
    expect(await screen.findByText('Ciao Annalisa!')).toBeTruthy();
  });

  it('disables the form while saving and keeps it open with the error toast on failure', async () => {
    let fail: (error: Error) => void = () => {};
    app = await renderApp('/', {
      signedIn: true,
      meNext: { lastProposal: null, nextBookings: [] },
      calls: { updateProfile: () => new Promise((_, reject) => (fail = reject)) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Modifica indirizzo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica il tuo profilo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'SALVA' }));
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Nome') as HTMLInputElement).matches(':disabled')).toBe(true),
    );
    await act(async () => fail(new Error('Questa email è già associata a un altro account.')));
    expect(await screen.findByText('Questa email è già associata a un altro account.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Nome') as HTMLInputElement).matches(':disabled')).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Modifica il tuo profilo' })).toBeTruthy();
  });
});

describe('profile dialog address', () => {
  it('changes the address through the shared picker, asking the house number when missing', async () => {
    const noNumber = {
      ...LOCATION_TORINO,
      address: 'Via Po, Torino',
      components: { ...LOCATION_TORINO.components, route: 'Via Po', streetNumber: undefined },
    };
    const withNumber = {
      ...noNumber,
      address: 'Via Po, 12, Torino',
      components: { ...noNumber.components, streetNumber: '12' },
    };
    app = await renderApp('/', {
      signedIn: true,
      meNext: { lastProposal: null, nextBookings: [] },
      calls: {
        searchAddresses: () =>
          Promise.resolve([
            {
              placeId: 'po',
              description: 'Via Po, Torino',
              mainText: 'Via Po',
              secondaryText: 'Torino',
              hasStreetNumber: false,
            },
          ]),
        resolveAddress: () => Promise.resolve(noNumber),
        lookupStreetNumber: () => Promise.resolve(withNumber),
        updateProfile: () => Promise.resolve({ ...USER, location: withNumber }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Modifica indirizzo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica il tuo profilo' });
    const input = within(dialog).getByRole('combobox', { name: 'Indirizzo' }) as HTMLInputElement;
    expect(input.value).toBe(LOCATION_TORINO.address);
    await userEvent.clear(input);
    await userEvent.type(input, 'via po');
    expect(await within(dialog).findByRole('option', { name: /Via Po/ }, { timeout: 3000 })).toBeTruthy();
    expect(app.calls.searchAddresses).toHaveBeenLastCalledWith({ query: 'via po' });
    await userEvent.keyboard('{Enter}');
    const number = await within(dialog).findByLabelText('Numero civico');
    expect(within(dialog).queryByRole('option')).toBeNull();
    // SALVA without the number: SPEC §5's message, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'SALVA' }));
    expect(await within(dialog).findByText('Devi aggiungere il numero civico')).toBeTruthy();
    expect(app.calls.updateProfile).not.toHaveBeenCalled();
    // The number typed, then SALVA at once: the dialog waits for the lookup, then saves it.
    await userEvent.type(number, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'SALVA' }));
    expect(await screen.findByText('Dati aggiornati correttamente')).toBeTruthy();
    expect(app.calls.lookupStreetNumber).toHaveBeenCalledTimes(1);
    expect(app.calls.checkLocation).not.toHaveBeenCalled();
    expect(app.calls.updateProfile).toHaveBeenCalledWith({
      userId: USER.id,
      form: expect.objectContaining({ location: withNumber }),
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Modifica il tuo profilo' })).toBeNull());
    expect(await screen.findByText(withNumber.address)).toBeTruthy();
  });
  it('while SALVA waits for the house number, the address stays editable and typing gives the wait up', async () => {
    const noNumber = {
      ...LOCATION_TORINO,
      address: 'Via Po, Torino',
      components: { ...LOCATION_TORINO.components, route: 'Via Po', streetNumber: undefined },
    };
    app = await renderApp('/', {
      signedIn: true,
      meNext: { lastProposal: null, nextBookings: [] },
      calls: {
        searchAddresses: () =>
          Promise.resolve([
            {
              placeId: 'po',
              description: 'Via Po, Torino',
              mainText: 'Via Po',
              secondaryText: 'Torino',
              hasStreetNumber: false,
            },
          ]),
        resolveAddress: () => Promise.resolve(noNumber),
        // The lookup of the number never answers: SALVA waits.
        lookupStreetNumber: () => new Promise(() => undefined),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Modifica indirizzo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica il tuo profilo' });
    const input = within(dialog).getByRole('combobox', { name: 'Indirizzo' }) as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, 'via po');
    expect(await within(dialog).findByRole('option', { name: /Via Po/ }, { timeout: 3000 })).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    await userEvent.type(await within(dialog).findByLabelText('Numero civico'), '12');
    const save = within(dialog).getByRole('button', { name: 'SALVA' });
    await userEvent.click(save);
    await waitFor(() => expect(save.getAttribute('aria-busy')).toBe('true'));
    // Waiting is not saving: the fields and ANNULLA stay usable.
    expect(input.disabled).toBe(false);
    expect((within(dialog).getByRole('button', { name: 'ANNULLA' }) as HTMLButtonElement).disabled).toBe(false);
    await userEvent.type(input, ' 3');
    await waitFor(() => expect(save.getAttribute('aria-busy')).toBeNull());
    expect(app.calls.updateProfile).not.toHaveBeenCalled();
  });
});
