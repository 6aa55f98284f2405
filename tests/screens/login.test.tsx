// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER } from '../../machines/testing/fixtures';
import { getCredential } from '../../src/lib/storage';
import { renderApp } from './app-harness';

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
});

describe('/login', () => {
  it('shows the title, the recovery link (keeping the query) and LOGIN, without help or progress', async () => {
    app = await renderApp('/login?utm_source=ig');
    expect(await screen.findByRole('heading', { name: 'Bentornata, Musa!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Recupera password' }).getAttribute('href')).toBe(
      '/ask-reset-password?utm_source=ig',
    );
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aiuto' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('INDIETRO on the login page goes to the login page’s route, keeping the query', async () => {
    // She came to the login page from the booking: Back is not the browser's back to it.
    app = await renderApp('/booking/location?utm_source=ig');
    app.router.history.push('/login?utm_source=ig');
    expect(await screen.findByRole('heading', { name: 'Bentornata, Musa!' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'INDIETRO' }));
    await waitFor(() => expect(app?.router.state.status).toBe('idle'));
    expect(app.href()).toBe('/login?utm_source=ig');
    expect(screen.getByRole('heading', { name: 'Bentornata, Musa!' })).toBeTruthy();
  });

  it('checks each field when it is left', async () => {
    app = await renderApp('/login');
    const email = await screen.findByLabelText('Email');
    await userEvent.type(email, 'anna');
    await userEvent.tab();
    expect(await screen.findByText('Formato invalido')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.tab();
    expect(await screen.findByText('*Campo richiesto')).toBeTruthy();
  });

  it('LOGIN with empty fields shows the machine messages and calls nothing', async () => {
    app = await renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'LOGIN' }));
    expect(await screen.findAllByText('*Campo richiesto')).toHaveLength(2);
    expect(app.calls.login).not.toHaveBeenCalled();
  });

  it('signs in, stores the credential, greets with a toast on the personal area', async () => {
    app = await renderApp('/login?utm_source=ig', {
      calls: { login: () => Promise.resolve({ token: 'fresh-token', user: USER }) },
      meNext: { lastProposal: null, nextBookings: [] },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'demo@musa.example');
    await userEvent.type(screen.getByLabelText('Password'), 'Musa2026!');
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByRole('heading', { name: 'Cosa vuoi prenotare oggi?' })).toBeTruthy();
    expect(app.calls.login).toHaveBeenCalledWith({ email: 'demo@musa.example', password: 'Musa2026!' });
    expect(app.href()).toBe('/?utm_source=ig');
    expect(getCredential()).toBe('fresh-token');
    expect(await screen.findByText('Benvenuta Musa!')).toBeTruthy();
  });

  it('a refused login shows the server message in an error toast and stays', async () => {
    app = await renderApp('/login', {
      calls: { login: () => Promise.reject(new Error('Email o password non corretti.')) },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'demo@musa.example');
    await userEvent.type(screen.getByLabelText('Password'), 'sbagliata');
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('Email o password non corretti.')).toBeTruthy();
    expect(app.href()).toBe('/login');
    await waitFor(() => expect(screen.getByRole('button', { name: 'LOGIN' }).hasAttribute('disabled')).toBe(false));
  });

  it('/login?token= signs in directly and drops the token from the URL', async () => {
    app = await renderApp('/login?token=abc123&utm_source=ig', {
      calls: { loginWithToken: () => Promise.resolve({ token: 'fresh-token', user: USER }) },
      meNext: { lastProposal: null, nextBookings: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Cosa vuoi prenotare oggi?' })).toBeTruthy();
    expect(app.calls.loginWithToken).toHaveBeenCalledWith({ token: 'abc123' });
    expect(app.href()).toBe('/?utm_source=ig');
  });

  it('a failed token login lands on the form with the message toasted', async () => {
    app = await renderApp('/login?token=old', {
      calls: { loginWithToken: () => Promise.reject(new Error('Il link non è valido o è scaduto.')) },
    });
    expect(await screen.findByText('Il link non è valido o è scaduto.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Bentornata, Musa!' })).toBeTruthy();
    await waitFor(() => expect(app?.href()).toBe('/login'));
  });
});
