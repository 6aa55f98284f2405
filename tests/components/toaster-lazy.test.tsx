// @vitest-environment jsdom
import './jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

/**
 * The toasts' region is a chunk of its own (issue 15): toasts raised before it is in wait and appear
 * when it mounts; one dismissed in the meantime never shows. A fresh copy of the module each time,
 * so that the region is not loaded yet.
 */
const freshToaster = async () => {
  vi.resetModules();
  const [component, store] = await Promise.all([
    import('../../src/components/toaster'),
    import('../../src/app/toasts'),
  ]);
  return { ...component, ...store };
};

afterEach(() => {
  cleanup();
});

describe('toasts raised before the region is loaded', () => {
  it('appear once it mounts; those dismissed meanwhile do not', async () => {
    window.dataLayer = [];
    const { AppToaster, toastSuccess, toastError, dismissToast, dismissAllToasts, toaster } = await freshToaster();
    const gone = toastSuccess('Coupon aggiunto correttamente');
    toastError('Ops, prima');
    toastError('Questo orario non è più disponibile, scegline un altro.');
    dismissToast(gone);
    render(<AppToaster />);
    expect(await screen.findByText('Questo orario non è più disponibile, scegline un altro.')).toBeTruthy();
    // One error at a time, even before the region was there.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Ops, prima')).toBeNull();
    expect(screen.queryByText('Coupon aggiunto correttamente')).toBeNull();
    act(() => dismissAllToasts());
    await waitFor(() => expect(toaster.getCount()).toBe(0));
  });

  it('loads the region at her first press, key or typing, before any toast (not when the page is idle)', async () => {
    const { AppToaster, toastInfo, dismissAllToasts, toaster } = await freshToaster();
    const view = render(<AppToaster />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(view.container.querySelector('[data-scope="toast"]')).toBeNull();
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(view.container.querySelector('[data-scope="toast"]')).not.toBeNull());
    // Loaded: a toast shows at once.
    act(() => {
      toastInfo('Dati aggiornati correttamente');
    });
    expect(await screen.findByText('Dati aggiornati correttamente')).toBeTruthy();
    act(() => dismissAllToasts());
    await waitFor(() => expect(toaster.getCount()).toBe(0));
  });

  it('loads the region at the first toast raised after the app started', async () => {
    const { AppToaster, toastInfo, dismissAllToasts, toaster } = await freshToaster();
    render(<AppToaster />);
    expect(screen.queryByRole('region', { name: 'Notifiche (Alt+T)' })).toBeNull();
    act(() => {
      toastInfo('Dati aggiornati correttamente');
    });
    expect(await screen.findByText('Dati aggiornati correttamente')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifiche (Alt+T)' })).toBeTruthy();
    act(() => dismissAllToasts());
    await waitFor(() => expect(toaster.getCount()).toBe(0));
  });
});

describe('the region’s chunk cannot load (the connection is gone since the page loaded)', () => {
  afterEach(() => {
    vi.doUnmock('../../src/components/toaster-region');
  });

  it('the toast that says so is still drawn, as an alert she can close', async () => {
    vi.resetModules();
    vi.doMock('../../src/components/toaster-region', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { AppToaster } = await import('../../src/components/toaster');
    const { toastError, toaster } = await import('../../src/app/toasts');
    render(<AppToaster />);
    act(() => {
      toastError('Connessione assente: controlla la rete e riprova.');
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Connessione assente: controlla la rete e riprova.');
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(toaster.getCount()).toBe(0);
  });
});
