// @vitest-environment jsdom
import './jsdom-shims';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToaster } from '../../src/components/toaster';
import { dismissAllToasts, toastError, toastLoading, toastSuccess, toaster } from '../../src/app/toasts';

beforeEach(() => {
  window.dataLayer = [];
  render(<AppToaster />);
});

afterEach(async () => {
  vi.useRealTimers();
  act(() => dismissAllToasts());
  await waitFor(() => expect(toaster.getCount()).toBe(0));
  cleanup();
});

const region = () => screen.getByRole('region', { name: 'Notifiche (Alt+T)' });

describe('Toaster', () => {
  it('is configured as SPEC §9 says', () => {
    expect(toaster.attrs).toMatchObject({
      placement: 'top',
      duration: 9000,
      removeDelay: 300,
      max: 24,
      hotkey: ['altKey', 'KeyT'],
      pauseOnPageIdle: true,
    });
  });

  it('shows one error at a time: a new error replaces the previous one', async () => {
    act(() => {
      toastError('Email o password non corrette');
    });
    expect(await screen.findByText('Email o password non corrette')).toBeTruthy();
    act(() => {
      toastError('Questo orario non è più disponibile, scegline un altro.');
    });
    expect(await screen.findByText('Questo orario non è più disponibile, scegline un altro.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Email o password non corrette')).toBeNull());
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('keeps success toasts beside an error and reports the error to analytics', async () => {
    act(() => {
      toastSuccess('Benvenuta Musa!');
      toastError('Ops');
    });
    expect(await screen.findByText('Benvenuta Musa!')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Ops');
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'error', label: 'Ops' }));
  });

  it('dismisses with the close button and with Escape', async () => {
    act(() => {
      toastSuccess('Dati aggiornati correttamente');
    });
    const toast = (await screen.findByText('Dati aggiornati correttamente')).closest(
      '[data-part="root"]',
    ) as HTMLElement;
    await userEvent.click(within(toast).getByRole('button', { name: 'Chiudi notifica' }));
    await waitFor(() => expect(screen.queryByText('Dati aggiornati correttamente')).toBeNull());

    act(() => {
      toastSuccess('Coupon aggiunto correttamente');
    });
    const second = (await screen.findByText('Coupon aggiunto correttamente')).closest(
      '[data-part="root"]',
    ) as HTMLElement;
    second.focus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Coupon aggiunto correttamente')).toBeNull());
  });

  it('focuses the region with Alt+T, where Escape dismisses the newest toast', async () => {
    act(() => {
      toastSuccess('Richiesta inviata correttamente');
    });
    await screen.findByText('Richiesta inviata correttamente');
    await userEvent.keyboard('{Alt>}t{/Alt}');
    await waitFor(() => expect(document.activeElement).toBe(region()));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Richiesta inviata correttamente')).toBeNull());
  });

  it('removes everything on dismissAllToasts (route change)', async () => {
    act(() => {
      toastSuccess('Uno');
      toastLoading('Caricamento servizi...');
      toastError('Tre');
    });
    await screen.findByText('Tre');
    act(() => dismissAllToasts());
    // Each toast leaves after its own exit animation: wait for all three, not for the first alone.
    await waitFor(() => {
      expect(screen.queryByText('Uno')).toBeNull();
      expect(screen.queryByText('Caricamento servizi...')).toBeNull();
      expect(screen.queryByText('Tre')).toBeNull();
    });
  });

  describe('timing', () => {
    // Small steps: each lets React commit, so effects that start the next timer run in between.
    // zag hands some work to microtasks, hence async act.
    const advance = async (ms: number) => {
      for (let left = ms; left > 0; left -= 50) {
        await act(async () => {
          vi.advanceTimersByTime(Math.min(50, left));
        });
      }
    };
    beforeEach(() => {
      vi.useFakeTimers({
        toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'],
      });
    });

    it('hides a toast after 9 s but keeps a loading toast', async () => {
      act(() => {
        toastSuccess('Dati aggiornati correttamente');
        toastLoading('Caricamento servizi...');
      });
      await advance(100);
      expect(screen.getByText('Dati aggiornati correttamente')).toBeTruthy();
      await advance(8500);
      expect(screen.getByText('Dati aggiornati correttamente')).toBeTruthy();
      await advance(1000);
      expect(screen.queryByText('Dati aggiornati correttamente')).toBeNull();
      await advance(20000);
      expect(screen.getByText('Caricamento servizi...')).toBeTruthy();
    });

    it('pauses while the focus is in the toasts', async () => {
      act(() => {
        toastSuccess('Coupon aggiunto correttamente');
      });
      await advance(100);
      const close = screen.getByRole('button', { name: 'Chiudi notifica' });
      act(() => close.focus());
      await advance(15000);
      expect(screen.getByText('Coupon aggiunto correttamente')).toBeTruthy();
      act(() => close.blur());
      await advance(10000);
      expect(screen.queryByText('Coupon aggiunto correttamente')).toBeNull();
    });

    it('pauses while the page is hidden', async () => {
      let visibility: DocumentVisibilityState = 'visible';
      const spy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
      try {
        act(() => {
          toastSuccess('Richiesta inviata correttamente');
        });
        await advance(100);
        visibility = 'hidden';
        act(() => void document.dispatchEvent(new Event('visibilitychange')));
        await advance(15000);
        expect(screen.getByText('Richiesta inviata correttamente')).toBeTruthy();
        visibility = 'visible';
        act(() => void document.dispatchEvent(new Event('visibilitychange')));
        await advance(10000);
        expect(screen.queryByText('Richiesta inviata correttamente')).toBeNull();
      } finally {
        spy.mockRestore();
      }
    });

    it('pauses while the pointer is over the toasts', async () => {
      act(() => {
        toastSuccess('Coupon aggiunto correttamente');
      });
      await advance(100);
      fireEvent.mouseMove(region());
      await advance(15000);
      expect(screen.getByText('Coupon aggiunto correttamente')).toBeTruthy();
      fireEvent.mouseLeave(region());
      await advance(10000);
      expect(screen.queryByText('Coupon aggiunto correttamente')).toBeNull();
    });
  });
});
