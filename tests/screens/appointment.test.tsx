// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '../../contract/appointment';
import { APPOINTMENT, APPOINTMENT_LATE, APPOINTMENT_OFFERED, MANAGE_TOKEN } from '../../machines/testing/fixtures';
import { renderApp, type AppOptions } from './app-harness';

/**
 * The appointment screen (issue 16) in the variants the browser journeys do not reach: less than
 * 24 hours before (only WhatsApp), a salotto (moved by phone), a link that no longer opens it, and
 * the two-hour reminder's box. The journeys (e2e/appointments.e2e.ts) move and cancel for real.
 */

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
});

const open = (appointment: Appointment | Error, calls: AppOptions['calls'] = {}) =>
  renderApp(`/appointments/${APPOINTMENT.id}?token=${MANAGE_TOKEN}`, {
    calls: {
      loadAppointment: () =>
        appointment instanceof Error ? Promise.reject(appointment) : Promise.resolve(appointment),
      ...calls,
    },
  });

describe('/appointments/:id', () => {
  it('free to cancel: the deadline, SPOSTA APPUNTAMENTO to its move, ANNULLA APPUNTAMENTO; no footer button', async () => {
    app = await open(APPOINTMENT);
    expect(await screen.findByRole('heading', { name: 'Il tuo appuntamento' })).toBeTruthy();
    const card = screen.getByRole('article', { name: /ore 10:00$/ });
    expect(within(card).getByText('Confermato')).toBeTruthy();
    expect(within(card).getByText('Giulia Bianchi')).toBeTruthy();
    // The deadline in the appointment's own zone: 24 hours before, 10:00 in Rome.
    expect(screen.getByText('Puoi annullarlo o spostarlo gratis fino a martedì 24 novembre alle 10:00.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SPOSTA APPUNTAMENTO' }).getAttribute('href')).toBe(
      `/appointments/${APPOINTMENT.id}/reschedule?token=${MANAGE_TOKEN}`,
    );
    expect(screen.getByRole('button', { name: 'ANNULLA APPUNTAMENTO' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'SCRIVICI SU WHATSAPP' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'AVANTI' })).toBeNull();
    // A visitor from the link has no personal area to go back to.
    expect(screen.queryByRole('link', { name: 'I TUOI APPUNTAMENTI' })).toBeNull();
  });

  it('less than 24 hours before: neither cancelled nor moved here, WhatsApp helps', async () => {
    app = await open(APPOINTMENT_LATE);
    expect(await screen.findByText(/Mancano meno di 24 ore all'appuntamento/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SCRIVICI SU WHATSAPP' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\//,
    );
    expect(screen.queryByRole('button', { name: 'ANNULLA APPUNTAMENTO' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'SPOSTA APPUNTAMENTO' })).toBeNull();
  });

  it('a salotto: cancelled here, moved by phone', async () => {
    app = await open({
      ...APPOINTMENT,
      reschedulable: false,
      professionalName: null,
      salotto: { participants: 3, categories: ['hair', 'estetica'], notes: null, beautyBox: true },
    });
    expect(await screen.findByText('Richiesta di salotto')).toBeTruthy();
    expect(screen.getByText(/Per spostare un salotto scrivici su WhatsApp/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SCRIVICI SU WHATSAPP' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ANNULLA APPUNTAMENTO' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'SPOSTA APPUNTAMENTO' })).toBeNull();
  });

  it('a link that no longer opens it: the server’s message and a new booking', async () => {
    app = await open(new Error('Appuntamento non trovato.'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Non riusciamo a mostrarti questo appuntamento')).toBeTruthy();
    expect(within(alert).getByText('Appuntamento non trovato.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'PRENOTA UN ALTRO APPUNTAMENTO' })).toBeTruthy();
  });

  it('the two-hour reminder: the box sends her choice and shows the server’s answer', async () => {
    app = await open(APPOINTMENT, {
      setAppointmentReminder: ({ twoHoursBefore }) =>
        Promise.resolve({ ...APPOINTMENT, twoHoursReminder: twoHoursBefore }),
    });
    const box = await screen.findByRole('checkbox', { name: 'Ricordamelo anche 2 ore prima' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByText('Ricordamelo anche 2 ore prima'));
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    expect(app.calls.setAppointmentReminder).toHaveBeenCalledWith({
      key: { id: APPOINTMENT.id, token: MANAGE_TOKEN },
      twoHoursBefore: true,
    });
    expect(await screen.findByText('Promemoria aggiornato')).toBeTruthy();
  });

  // Issue 27: her request waits for an answer, another time is offered, or it was declined.
  it('a request waiting: In attesa di conferma, and until when we answer', async () => {
    app = await open({ ...APPOINTMENT, status: 'pending', answerBy: '2026-11-24T11:00:00.000Z' });
    const card = await screen.findByRole('article', { name: /ore 10:00$/ });
    expect(within(card).getByText('In attesa di conferma')).toBeTruthy();
    expect(within(card).getByText('Ti rispondiamo entro')).toBeTruthy();
    // In the appointment's own zone: 11:00 UTC is 12:00 in Rome.
    expect(within(card).getByText('martedì 24 novembre alle 12:00')).toBeTruthy();
  });

  it('another time offered: what she asked, the new time, until when; she accepts it', async () => {
    app = await open(APPOINTMENT_OFFERED, {
      answerOffer: ({ accept }) =>
        Promise.resolve({
          ...APPOINTMENT_OFFERED,
          status: accept ? 'confirmed' : 'cancelled',
          answerBy: null,
          offeredInsteadOf: null,
        }),
    });
    const offer = await screen.findByRole('region', { name: 'Ti proponiamo un altro orario' });
    expect(within(offer).getByText('mercoledì 25 novembre, 07:30–08:30')).toBeTruthy();
    expect(within(offer).getByText('mercoledì 25 novembre, 09:00–10:00')).toBeTruthy();
    expect(within(offer).getByText(/entro martedì 24 novembre alle 09:00/)).toBeTruthy();
    // The deadline row of a waiting request is the offer's own here: said once.
    expect(screen.queryByText('Ti rispondiamo entro')).toBeNull();
    await userEvent.click(within(offer).getByRole('button', { name: 'ACCETTA IL NUOVO ORARIO' }));
    expect(await screen.findByText('Nuovo orario confermato')).toBeTruthy();
    expect(app.calls.answerOffer).toHaveBeenCalledWith({
      key: { id: APPOINTMENT.id, token: MANAGE_TOKEN },
      accept: true,
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Ti proponiamo un altro orario' })).toBeNull());
    expect(screen.getByText('Confermato')).toBeTruthy();
  });

  it('another time offered, declined after its confirmation: cancelled', async () => {
    app = await open(APPOINTMENT_OFFERED, {
      answerOffer: () =>
        Promise.resolve({
          ...APPOINTMENT_OFFERED,
          status: 'cancelled',
          answerBy: null,
          offeredInsteadOf: null,
          cancellable: false,
          reschedulable: false,
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'RIFIUTA' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rifiuti il nuovo orario?' });
    expect(app.calls.answerOffer).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'SÌ, RIFIUTA' }));
    expect(await screen.findByText('Questo appuntamento è stato annullato.')).toBeTruthy();
    expect(app.calls.answerOffer).toHaveBeenCalledWith({
      key: { id: APPOINTMENT.id, token: MANAGE_TOKEN },
      accept: false,
    });
  });

  it('a declined request: why, in the words she was sent', async () => {
    app = await open({
      ...APPOINTMENT,
      status: 'cancelled',
      cancellable: false,
      reschedulable: false,
      declinedBecause: 'Non è stato possibile confermarla: la professionista non è libera in quell’orario.',
    });
    expect(
      await screen.findByText(
        'La tua richiesta non è stata confermata. Non è stato possibile confermarla: la professionista non è libera in quell’orario.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Questo appuntamento è stato annullato.')).toBeNull();
  });
});
