// @vitest-environment jsdom
import './jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '../../src/components/dialog';
import { HelpDialog } from '../../src/components/help-dialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness({ onChange }: { onChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Filtra professionista
      </button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onChange?.(next);
        }}
        title="Mostra solo le disponibilità di:"
        description="Puoi filtrare solo i professionisti che hai già incontrato."
        footer={<button type="button">APPLICA FILTRO</button>}
      >
        <p>Elenco</p>
      </Dialog>
    </>
  );
}

/** ≤ 1024px: the dialog is a bottom sheet that can be dragged. */
function asMobile(height: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    height,
    width: 375,
    top: 0,
    left: 0,
    right: 375,
    bottom: height,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
}

/** Opens the dialog and waits until it holds the focus: its keyboard handling is live from then on. */
async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Filtra professionista' }));
  const dialog = await screen.findByRole('dialog', { name: 'Mostra solo le disponibilità di:' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

function drag(handle: HTMLElement, from: number, to: number) {
  fireEvent.pointerDown(handle, { pointerId: 7, clientY: from, button: 0, pointerType: 'touch' });
  fireEvent.pointerMove(handle, { pointerId: 7, clientY: to, pointerType: 'touch' });
  fireEvent.pointerUp(handle, { pointerId: 7, clientY: to, pointerType: 'touch' });
}

describe('Dialog', () => {
  it('closes on a click outside it, not on one inside', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const dialog = await openDialog();
    await userEvent.click(screen.getByText('Elenco'));
    expect(onChange).not.toHaveBeenCalledWith(false);
    // The page around the centred modal (or above the bottom sheet): the positioner holding it. The
    // open modal turns the page's pointer events off, which user-event refuses to click through.
    const around = dialog.parentElement!;
    expect(around.contains(screen.getByText('Elenco'))).toBe(true);
    // A point away from the dialog's box (jsdom lays the box out at 0,0, 0×0).
    const at = { pointerId: 1, button: 0, pointerType: 'mouse', clientX: 600, clientY: 700 };
    fireEvent.pointerDown(around, at);
    fireEvent.pointerUp(around, at);
    fireEvent.click(around, at);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens as a labelled, described dialog and moves focus inside', async () => {
    render(<Harness />);
    const dialog = await openDialog();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Puoi filtrare solo i professionisti che hai già incontrato.')).toBeTruthy();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('closes on Escape', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(onChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes with its close button', async () => {
    render(<Harness />);
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on mobile closes when dragged down more than half its height', async () => {
    asMobile(400);
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await openDialog();
    const handle = screen.getByText('Mostra solo le disponibilità di:').parentElement!;
    drag(handle, 100, 320);
    expect(onChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on mobile springs back when dragged less than half', async () => {
    asMobile(400);
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const dialog = await openDialog();
    const handle = screen.getByText('Mostra solo le disponibilità di:').parentElement!;
    fireEvent.pointerDown(handle, { pointerId: 3, clientY: 100, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(handle, { pointerId: 3, clientY: 250, pointerType: 'touch' });
    expect(dialog.style.transform).toBe('translateY(150px)');
    fireEvent.pointerUp(handle, { pointerId: 3, clientY: 250, pointerType: 'touch' });
    expect(onChange).not.toHaveBeenCalled();
    expect(dialog.style.transform).toBe('');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});

/** The app's shell, as far as a dialog sees it: the page, and the toasts' region beside it. */
function PageWithToasts() {
  return (
    <div>
      <main>
        <Harness />
      </main>
      <div data-scope="toast" data-part="group" aria-label="Notifiche (Alt+T)">
        <button type="button">Chiudi notifica</button>
      </div>
    </div>
  );
}

/**
 * Where jsdom lays out no CSS: each dialog layer (its content, its backdrop) reads as a browser's
 * would, an enter animation while open and an exit animation while closed, so that zag's presence
 * waits for the exit's `animationend` as it does in Chromium.
 */
function withLayerAnimations() {
  const real = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element: Element, pseudo?: string | null) => {
    const style = real(element, pseudo);
    const part = element.getAttribute('data-part');
    if (element.getAttribute('data-scope') !== 'dialog' || (part !== 'content' && part !== 'backdrop')) return style;
    const state = () => element.getAttribute('data-state');
    return new Proxy(style, {
      get(target, key: string | symbol) {
        if (key === 'animationName') return state() === 'closed' ? 'sheetOut' : 'sheetIn';
        if (key === 'animationDuration') return '240ms';
        if (key === 'display') return 'block';
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  });
}

describe('Dialog, modal (issue 41)', () => {
  it('while open, the page behind it is inert, the toasts aside; closed, nothing is, and the focus is back', async () => {
    render(<PageWithToasts />);
    const trigger = screen.getByRole('button', { name: 'Filtra professionista' });
    const dialog = await openDialog();
    await waitFor(() => expect(trigger.closest('[inert]')).not.toBeNull());
    expect(dialog.closest('[inert]')).toBeNull();
    // zag hides the page from assistive technology (aria-hidden), toasts included: found by their text.
    const toast = screen.getByText('Chiudi notifica');
    expect(toast.closest('[inert]')).toBeNull();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.querySelector('[inert]')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('closed, it leaves even when its exit animation ended before zag listened for the end', async () => {
    withLayerAnimations();
    render(<Harness />);
    await openDialog();
    const layers = [
      ...document.querySelectorAll<HTMLElement>(
        '[data-scope="dialog"][data-part="content"], [data-scope="dialog"][data-part="backdrop"]',
      ),
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    // Looked at as soon as the layers say closed (a mutation away), before zag's next frame.
    await waitFor(() => expect(layers.map((layer) => layer.dataset.state)).toEqual(['closed', 'closed']));
    // The exit ends at once, before the animation frame in which zag starts listening for its end
    // (a main thread busy past the 240 ms exit; Playwright's clock, whose frames are timers).
    for (const layer of layers) layer.dispatchEvent(new Event('animationend'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.querySelector('[data-scope="dialog"]')).toBeNull());
  });
});

describe('HelpDialog', () => {
  it('offers WhatsApp help with the tracking link', async () => {
    render(<HelpDialog open onOpenChange={() => undefined} whatsappHref="https://wa.me/39000?text=Ciao" />);
    const dialog = await screen.findByRole('dialog', { name: 'Hai bisogno di aiuto?' });
    const cta = screen.getByRole('link', { name: 'SCRIVICI SU WHATSAPP' });
    expect(dialog.contains(cta)).toBe(true);
    expect(cta.getAttribute('href')).toBe('https://wa.me/39000?text=Ciao');
    expect(cta.getAttribute('target')).toBe('_blank');
  });
});
