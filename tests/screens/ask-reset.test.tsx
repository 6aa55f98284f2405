// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './app-harness';

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
  vi.useRealTimers();
});

const HEADING = 'A quale email vuoi ricevere il link per scegliere la password?';

describe('/ask-reset-password', () => {
  it('INDIETRO goes to /login, keeping the query', async () => {
    app = await renderApp('/ask-reset-password?utm_source=ig');
    expect(await screen.findByRole('heading', { name: HEADING })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'INDIETRO' }));
    expect(await screen.findByRole('heading', { name: 'Bentornata, Musa!' })).toBeTruthy();
    expect(app.href()).toBe('/login?utm_source=ig');
  });

  it('asks for the e-mail and checks it on blur', async () => {
    app = await renderApp('/ask-reset-password');
    expect(await screen.findByRole('heading', { name: HEADING })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'INVIA EMAIL' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.tab();
    expect(await screen.findByText('*Campo richiesto')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'anna@');
    await userEvent.tab();
    expect(await screen.findByText('Formato invalido')).toBeTruthy();
  });

  it('a mended e-mail loses its message while she types it, so the press straight from the field sends it', async () => {
    app = await renderApp('/ask-reset-password', { calls: { askResetPassword: () => Promise.resolve({}) } });
    await userEvent.click(await screen.findByRole('button', { name: 'INVIA EMAIL' }));
    expect(await screen.findByText('*Campo richiesto')).toBeTruthy();
    const field = screen.getByLabelText('Email');
    await userEvent.type(field, 'anna@');
    // Still in the field: the message says what is wrong now, without waiting for the blur.
    expect(document.activeElement).toBe(field);
    expect(screen.getByText('Formato invalido')).toBeTruthy();
    await userEvent.type(field, 'example.it');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByText('Formato invalido')).toBeNull();
    expect(screen.queryByText('*Campo richiesto')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'INVIA EMAIL' }));
    expect(app.calls.askResetPassword).toHaveBeenCalledWith({ email: 'anna@example.it' });
  });

  it('on success resets the form and opens the dialog 500 ms later; its link goes to /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    app = await renderApp('/ask-reset-password?utm_source=ig', {
      calls: { askResetPassword: () => Promise.resolve({}) },
    });
    await user.type(await screen.findByLabelText('Email'), 'anna@example.it');
    await user.click(screen.getByRole('button', { name: 'INVIA EMAIL' }));
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(''));
    expect(app.calls.askResetPassword).toHaveBeenCalledWith({ email: 'anna@example.it' });
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(500));
    const dialog = await screen.findByRole('alertdialog', { name: 'Controlla le tue Email!' });
    expect(dialog.textContent).toContain(
      'Abbiamo inviato una mail alla tua casella di posta con un link per scegliere la tua nuova password!',
    );
    await user.click(screen.getByRole('link', { name: 'TORNA ALLA LOGIN' }));
    expect(await screen.findByRole('heading', { name: 'Bentornata, Musa!' })).toBeTruthy();
    expect(app.href()).toBe('/login?utm_source=ig');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('a failure shows the message and keeps the e-mail', async () => {
    app = await renderApp('/ask-reset-password', {
      calls: { askResetPassword: () => Promise.reject(new Error('Troppe richieste, riprova più tardi.')) },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'anna@example.it');
    await userEvent.click(screen.getByRole('button', { name: 'INVIA EMAIL' }));
    expect(await screen.findByText('Troppe richieste, riprova più tardi.')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.it');
  });
});
