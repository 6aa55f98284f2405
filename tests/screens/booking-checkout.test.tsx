// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Booking } from '../../contract/booking';
import { BOOKING, LOCATION_TORINO, SERVICES, SLOT_TO_CONFIRM } from '../../machines/testing/fixtures';
import type { Draft } from '../../machines/shared/draft';
import { renderApp } from './app-harness';

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
});

const CHECKOUT_DRAFT: Partial<Draft> = {
  location: LOCATION_TORINO,
  participants: 'default',
  category: 'hair',
  hair: 'long',
  date: '2026-11-24',
  // Booked at once (a time to confirm opens the confirmation modal before checkout, SPEC §4), with
  // the extra-hours supplement the recap shows.
  availableTime: { ...SLOT_TO_CONFIRM, toBeConfirmed: false, instantBooking: true },
  services: {
    includedService: null,
    services: [],
    primaryService: SERVICES.piega,
    secondaryServices: [SERVICES.maschera],
  },
};

const footerButton = () => screen.getByRole('button', { name: 'RICHIEDI PRENOTAZIONE' });

async function fill(label: string, value: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  await userEvent.type(field, value);
}

describe('booking: checkout', () => {
  it('recap: services, crossed-out Fee Musa, supplement and total; the footer says RICHIEDI PRENOTAZIONE', async () => {
    app = await renderApp('/booking/hair/checkout', { draft: CHECKOUT_DRAFT });
    expect(await screen.findByRole('heading', { name: 'Completa la tua prenotazione' })).toBeTruthy();
    const recap = screen.getByRole('region', { name: 'Riepilogo' });
    expect(within(recap).getByText('Piega')).toBeTruthy();
    expect(within(recap).getByText('€ 35,00')).toBeTruthy();
    expect(within(recap).getByText('Maschera nutriente')).toBeTruthy();
    const fee = within(recap).getByText('Fee Musa').parentElement!;
    expect(fee.querySelector('s')?.textContent).toBe('€ 5,00');
    expect(fee.textContent).toContain('€ 0,00');
    expect(within(recap).getByText('Supplemento fascia oraria').parentElement!.textContent).toContain('€ 10,00');
    // 35 + 15 + 10 supplement.
    expect(within(recap).getByTestId('order-total').textContent).toBe('€ 60,00');
    expect(footerButton().getAttribute('form')).toBe('checkout-form');
    expect(screen.getByText(/Pagherai direttamente/)).toBeTruthy();
    expect(screen.getByText('Satispay')).toBeTruthy();
  });

  it('says payment is on site, with the methods accepted, after the promo block and before the personal data', async () => {
    app = await renderApp('/booking/hair/checkout', { draft: CHECKOUT_DRAFT });
    const notice = await screen.findByRole('region', { name: 'Metodi di pagamento accettati' });
    expect(
      within(notice).getByText('Pagherai direttamente il giorno dell’appuntamento, al termine del servizio.'),
    ).toBeTruthy();
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Visa', 'Mastercard', 'Amex', 'Satispay', 'Contanti']);
    const promo = screen.getByRole('checkbox', { name: 'Hai un codice promozionale o una gift card?' });
    const personalData = screen.getByRole('group', { name: 'I tuoi dati' });
    expect(promo.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.compareDocumentPosition(personalData) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('an empty form shows the messages and focuses the first erroring field', async () => {
    app = await renderApp('/booking/hair/checkout', { draft: CHECKOUT_DRAFT });
    await screen.findByRole('heading', { name: 'Completa la tua prenotazione' });
    await userEvent.click(footerButton());
    expect((await screen.findAllByText('*Campo richiesto')).length).toBeGreaterThanOrEqual(5);
    expect(screen.getByText('Campo richiesto')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nome')));
    expect(app.calls.createBooking).not.toHaveBeenCalled();
  });

  it('a signed-in customer is prefilled; a valid form books and follows the redirect', async () => {
    let answer!: (booking: Booking) => void;
    app = await renderApp('/booking/hair/checkout', {
      signedIn: true,
      draft: CHECKOUT_DRAFT,
      calls: { createBooking: () => new Promise<Booking>((resolve) => (answer = resolve)) },
    });
    await screen.findByRole('heading', { name: 'Completa la tua prenotazione' });
    await waitFor(() => expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Anna'));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('demo@musa.example');
    await fill('Nome sul citofono', 'Rossi');
    await userEvent.click(screen.getByText('Ho letto e accetto la privacy policy e i termini del servizio.'));
    await userEvent.click(footerButton());
    await waitFor(() => expect(app?.calls.createBooking).toHaveBeenCalledTimes(1));
    expect(app.calls.createBooking).toHaveBeenCalledWith(
      expect.objectContaining({
        form: expect.objectContaining({ firstName: 'Anna', doorbellName: 'Rossi', fitToPlead: 'yes', privacy: true }),
      }),
    );
    await waitFor(() => expect(footerButton().getAttribute('aria-busy')).toBe('true'));
    answer(BOOKING);
    await waitFor(() => expect(app?.redirect).toHaveBeenCalledWith(BOOKING.redirectUrl));
  });

  it('on a phone, the e-mail field opens the e-mail keyboard without capitals and the phone field the dial pad', async () => {
    app = await renderApp('/booking/hair/checkout', { draft: CHECKOUT_DRAFT });
    await screen.findByRole('heading', { name: 'Completa la tua prenotazione' });
    const email = screen.getByLabelText('Email');
    expect([email.getAttribute('type'), email.getAttribute('inputmode'), email.getAttribute('autocapitalize')]).toEqual(
      ['email', 'email', 'none'],
    );
    const phone = screen.getByLabelText('Telefono');
    expect([phone.getAttribute('type'), phone.getAttribute('inputmode'), phone.getAttribute('autocomplete')]).toEqual([
      'tel',
      'tel',
      'tel',
    ]);
  });

  it('a phone number of "abc" is refused with an Italian message and nothing is sent; a real number books', async () => {
    app = await renderApp('/booking/hair/checkout', { signedIn: true, draft: CHECKOUT_DRAFT });
    await screen.findByRole('heading', { name: 'Completa la tua prenotazione' });
    await waitFor(() => expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Anna'));
    await fill('Telefono', 'abc');
    await fill('Nome sul citofono', 'Rossi');
    await userEvent.click(screen.getByText('Ho letto e accetto la privacy policy e i termini del servizio.'));
    await userEvent.click(footerButton());
    expect(await screen.findByText('Numero di telefono non valido')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Telefono')));
    expect(app.calls.createBooking).not.toHaveBeenCalled();

    await fill('Telefono', '333 1234567');
    await userEvent.click(footerButton());
    await waitFor(() => expect(app?.calls.createBooking).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Numero di telefono non valido')).toBeNull();
  });

  it('allergies: the field shows only with yes and is then required', async () => {
    app = await renderApp('/booking/hair/checkout', { draft: CHECKOUT_DRAFT });
    await screen.findByRole('heading', { name: 'Completa la tua prenotazione' });
    expect(screen.queryByLabelText('Quali allergie o intolleranze?')).toBeNull();
    const allergies = screen.getByRole('radiogroup', { name: 'Hai allergie o intolleranze?' });
    await userEvent.click(within(allergies).getByText('Sì'));
    const field = await screen.findByLabelText('Quali allergie o intolleranze?');
    await userEvent.click(field);
    await userEvent.tab();
    expect(await screen.findByText('*Campo richiesto')).toBeTruthy();
    await userEvent.click(within(allergies).getByText('No'));
    await waitFor(() => expect(screen.queryByLabelText('Quali allergie o intolleranze?')).toBeNull());
  });

  it('coupon: APPLICA needs a character, applied locks the field and shows Rimuovi; the discount is a negative line', async () => {
    app = await renderApp('/booking/hair/checkout', {
      draft: CHECKOUT_DRAFT,
      calls: {
        checkCoupon: ({ code }: { code: string }) =>
          code === 'BENVENUTA10'
            ? Promise.resolve({ discount: 6, services: [] })
            : Promise.reject(new Error('Codice sconto non valido')),
      },
    });
    await screen.findByRole('heading', { name: 'Completa la tua prenotazione' });
    await userEvent.click(screen.getByText('Hai un codice promozionale o una gift card?'));
    const field = await screen.findByLabelText('Codice promozionale o gift card');
    const apply = screen.getByRole('button', { name: 'APPLICA' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    await userEvent.type(field, 'SBAGLIATO');
    expect(apply.disabled).toBe(false);
    await userEvent.click(apply);
    expect(await screen.findByText('Codice sconto non valido')).toBeTruthy();

    await userEvent.clear(field);
    await userEvent.type(field, 'BENVENUTA10');
    await userEvent.click(screen.getByRole('button', { name: 'APPLICA' }));
    expect(await screen.findByText('Coupon aggiunto correttamente')).toBeTruthy();
    expect((screen.getByLabelText('Codice promozionale o gift card') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByRole('button', { name: 'APPLICA' }) as HTMLButtonElement).disabled).toBe(true);
    const recap = screen.getByRole('region', { name: 'Riepilogo' });
    expect(within(recap).getByText('Sconto').parentElement!.textContent).toContain('-€ 6,00');
    expect(within(recap).getByTestId('order-total').textContent).toBe('€ 54,00');

    await userEvent.click(screen.getByRole('button', { name: 'Rimuovi' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Codice promozionale o gift card') as HTMLInputElement).value).toBe(''),
    );
    expect(within(recap).queryByText('Sconto')).toBeNull();
    expect(within(recap).getByTestId('order-total').textContent).toBe('€ 60,00');
  });

  it('consents expand with [...]', async () => {
    app = await renderApp('/booking/hair/checkout', { draft: CHECKOUT_DRAFT });
    await screen.findByRole('heading', { name: 'Completa la tua prenotazione' });
    const toggles = screen.getAllByRole('button', { name: /^\[\.\.\.\]/ });
    expect(toggles).toHaveLength(3);
    expect(toggles[0]!.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggles[0]!);
    expect(screen.getByText(/sono trattati per gestire la prenotazione/)).toBeTruthy();
  });
});
