// @vitest-environment jsdom
import './jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';

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
  vi.unstubAllGlobals();
});

/** The browser's requestIdleCallback (jsdom has none): bound to window, as Chromium insists. */
function stubIdleCallbacks() {
  const pending = new Map<number, () => void>();
  let next = 0;
  vi.stubGlobal('requestIdleCallback', function (this: unknown, callback: () => void) {
    if (this !== window && this !== undefined) throw new TypeError('Illegal invocation');
    pending.set(++next, callback);
    return next;
  });
  vi.stubGlobal('cancelIdleCallback', function (this: unknown, id: number) {
    if (this !== window && this !== undefined) throw new TypeError('Illegal invocation');
    pending.delete(id);
  });
  return {
    pending,
    runIdle: () => {
      for (const [id, callback] of pending) {
        pending.delete(id);
        callback();
      }
    },
  };
}

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

  it('loads the region once the page is idle, before any toast', async () => {
    const idle = stubIdleCallbacks();
    const { AppToaster, toastInfo, dismissAllToasts, toaster } = await freshToaster();
    const view = render(<AppToaster />);
    expect(idle.pending.size).toBe(1);
    act(() => idle.runIdle());
    await waitFor(() => expect(view.container.querySelector('[data-scope="toast"]')).not.toBeNull());
    // Loaded: the idle wait is over, and a toast shows at once.
    expect(idle.pending.size).toBe(0);
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
