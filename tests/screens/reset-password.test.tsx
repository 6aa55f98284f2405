// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER } from '../../machines/testing/fixtures';
import { renderApp } from './app-harness';

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
});

const PASSWORD_LABEL = 'Scegli una password per il tuo profilo Musa!';

describe('/reset-password', () => {
  it('without token and email goes to /login', async () => {
    app = await renderApp('/reset-password?utm_source=ig');
    expect(await screen.findByRole('heading', { name: 'Bentornata, Musa!' })).toBeTruthy();
    expect(app.href()).toBe('/login?utm_source=ig');
  });

  it('Back goes to /login: the header’s button (at 1024px or less), the footer having none here', async () => {
    app = await renderApp('/reset-password?token=t1&email=anna%40example.it&utm_source=ig', {
      calls: { checkSignupToken: () => Promise.resolve({ email: 'anna@example.it', requireName: false }) },
    });
    expect(await screen.findByLabelText(PASSWORD_LABEL)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'INDIETRO' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(await screen.findByRole('heading', { name: 'Bentornata, Musa!' })).toBeTruthy();
    expect(app.href()).toBe('/login?utm_source=ig');
  });

  it('shows the e-mail and the password field with its hint; no names unless required', async () => {
    app = await renderApp('/reset-password?token=t1&email=anna%40example.it', {
      calls: { checkSignupToken: () => Promise.resolve({ email: 'anna@example.it', requireName: false }) },
    });
    expect(await screen.findByLabelText(PASSWORD_LABEL)).toBeTruthy();
    expect(app.calls.checkSignupToken).toHaveBeenCalledWith({ token: 't1' });
    expect(screen.getByText('anna@example.it')).toBeTruthy();
    expect(screen.getByText('Almeno 8 caratteri')).toBeTruthy();
    expect(screen.queryByLabelText('Nome')).toBeNull();
    expect(screen.getByRole('button', { name: 'CREA ACCOUNT' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aiuto' })).toBeNull();
  });

  it('asks the names when required, checks on blur, then creates the account', async () => {
    app = await renderApp('/reset-password?token=t1&email=anna%40example.it', {
      calls: {
        checkSignupToken: () => Promise.resolve({ email: 'anna@example.it', requireName: true }),
        completeSignup: () => Promise.resolve({ token: 'new', user: USER }),
      },
      meNext: { lastProposal: null, nextBookings: [] },
    });
    const password = await screen.findByLabelText(PASSWORD_LABEL);
    await userEvent.click(screen.getByLabelText('Nome'));
    await userEvent.tab();
    expect(await screen.findByText('*Campo richiesto')).toBeTruthy();
    await userEvent.type(password, 'corta');
    await userEvent.tab();
    expect(screen.getAllByText('Almeno 8 caratteri')).toHaveLength(2);

    await userEvent.type(screen.getByLabelText('Nome'), 'Anna');
    await userEvent.type(screen.getByLabelText('Cognome'), 'Rossi');
    await userEvent.clear(password);
    await userEvent.type(password, 'Segreta2026');
    await userEvent.click(screen.getByRole('button', { name: 'CREA ACCOUNT' }));
    expect(await screen.findByRole('heading', { name: 'Cosa vuoi prenotare oggi?' })).toBeTruthy();
    expect(app.calls.completeSignup).toHaveBeenCalledWith({
      token: 't1',
      password: 'Segreta2026',
      firstName: 'Anna',
      lastName: 'Rossi',
    });
    expect(app.href()).toBe('/');
    expect(await screen.findByText('Benvenuta Musa!')).toBeTruthy();
  });

  it('an invalid link goes to /login with the message toasted', async () => {
    app = await renderApp('/reset-password?token=old&email=anna%40example.it', {
      calls: { checkSignupToken: () => Promise.reject(new Error('Il link non è valido o è scaduto.')) },
    });
    expect(await screen.findByText('Il link non è valido o è scaduto.')).toBeTruthy();
    await waitFor(() => expect(app?.href()).toBe('/login'));
  });
});
