// @vitest-environment jsdom
import './jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBox, NotFound } from '../../src/components/error-box';
import { Footer, FOOTER_LABELS } from '../../src/components/footer';
import { GlobalLoader } from '../../src/components/global-loader';
import { Header } from '../../src/components/header';
import { ScrollChip } from '../../src/components/scroll-chip';
import { StepProgress } from '../../src/components/step-progress';
import { applyStyles } from './styles';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Header', () => {
  it('on a booking step: logo link home, back, help and progress', async () => {
    const onBack = vi.fn();
    render(
      <Header showBack onBack={onBack} progress={{ current: 2, totalSteps: 7 }} whatsappHref="https://wa.me/39000" />,
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: "Musa, torna all'inizio" }).getAttribute('href')).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(onBack).toHaveBeenCalledOnce();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Esci' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Aiuto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hai bisogno di aiuto?' });
    expect(within(dialog).getByRole('link', { name: 'SCRIVICI SU WHATSAPP' }).getAttribute('href')).toBe(
      'https://wa.me/39000',
    );
  });

  it('shows its back button on a screen 1024px wide or less, not on a wider one', async () => {
    const styles = ['styles/theme.css.ts', 'styles/icon-button.css.ts', 'components/header.css.ts'];
    const seen: Record<number, boolean> = {};
    for (const width of [375, 1024, 1025, 1440]) {
      const unstyle = await applyStyles(styles, { width });
      render(<Header showBack onBack={() => undefined} />);
      seen[width] = screen.queryByRole('button', { name: 'Indietro' }) !== null;
      cleanup();
      unstyle();
    }
    expect(seen).toEqual({ 375: true, 1024: true, 1025: false, 1440: false });
  });

  it('on auth pages: no help and no progress', () => {
    render(<Header showHelp={false} />);
    expect(screen.queryByRole('button', { name: 'Aiuto' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Indietro' })).toBeNull();
  });

  it('signed in: logout and profile-edit buttons', async () => {
    const onLogout = vi.fn();
    const onEditProfile = vi.fn();
    render(<Header signedIn onLogout={onLogout} onEditProfile={onEditProfile} />);
    await userEvent.click(screen.getByRole('button', { name: 'Modifica profilo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Esci' }));
    expect(onEditProfile).toHaveBeenCalledOnce();
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('uses the router link the app gives it', () => {
    render(
      <Header
        renderLogoLink={({ children, ...props }) => (
          <a href="/?utm_source=ig" {...props}>
            {children}
          </a>
        )}
      />,
    );
    expect(screen.getByRole('link', { name: "Musa, torna all'inizio" }).getAttribute('href')).toBe('/?utm_source=ig');
  });
});

describe('StepProgress', () => {
  it('has totalSteps segments, filled through the current one', () => {
    const { container } = render(<StepProgress current={3} totalSteps={5} />);
    const bar = screen.getByRole('progressbar', { name: 'Avanzamento della prenotazione' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('5');
    expect(bar.getAttribute('aria-valuetext')).toBe('Passo 3 di 5');
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(3);
    expect(bar.children).toHaveLength(5);
  });
});

describe('Footer', () => {
  it('submits the form it names', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <>
        <form id="checkout-form" onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)} />
        <Footer mainLabel="RICHIEDI PRENOTAZIONE" form="checkout-form" />
      </>,
    );
    const main = screen.getByRole('button', { name: 'RICHIEDI PRENOTAZIONE' });
    expect(main.getAttribute('type')).toBe('submit');
    expect(main.getAttribute('form')).toBe('checkout-form');
    await userEvent.click(main);
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('has SPEC’s labels and a back button only when the page has one', async () => {
    const onBack = vi.fn();
    const { rerender } = render(<Footer mainLabel={FOOTER_LABELS.next} form="app-form" showBack onBack={onBack} />);
    expect(screen.getByRole('button', { name: 'AVANTI' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'INDIETRO' }));
    expect(onBack).toHaveBeenCalledOnce();

    rerender(<Footer mainLabel={FOOTER_LABELS.login} form="app-form" />);
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'INDIETRO' })).toBeNull();

    const onRestart = vi.fn();
    rerender(<Footer mainLabel={FOOTER_LABELS.restart} onMainClick={onRestart} />);
    const restart = screen.getByRole('button', { name: "TORNA ALL'INIZIO" });
    expect(restart.getAttribute('type')).toBe('button');
    await userEvent.click(restart);
    expect(onRestart).toHaveBeenCalledOnce();
  });

  it('shows the main button busy while the step is loading', () => {
    render(<Footer mainLabel="AVANTI" form="app-form" mainLoading />);
    const main = screen.getByRole('button', { name: 'AVANTI' });
    expect(main.getAttribute('aria-busy')).toBe('true');
    expect(main).toHaveProperty('disabled', true);
  });
});

function scrollArea({ scrollHeight, clientHeight }: { scrollHeight: number; clientHeight: number }) {
  const el = document.createElement('div');
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: clientHeight });
  el.scrollBy = vi.fn();
  document.body.append(el);
  return el;
}

describe('ScrollChip', () => {
  it('shows while the area scrolls and is unscrolled, hides 250 ms after the first scroll', () => {
    vi.useFakeTimers();
    const area = scrollArea({ scrollHeight: 2000, clientHeight: 600 });
    render(<ScrollChip container={area} resetKey="/booking/location" />);
    expect(screen.getByRole('button', { name: 'Scorri' })).toBeTruthy();

    area.scrollTop = 40;
    fireEvent.scroll(area);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Scorri' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.queryByRole('button', { name: 'Scorri' })).toBeNull();
    area.remove();
  });

  it('stays hidden when nothing scrolls, and comes back on a new route', () => {
    vi.useFakeTimers();
    const short = scrollArea({ scrollHeight: 500, clientHeight: 600 });
    const { rerender } = render(<ScrollChip container={short} resetKey="/a" />);
    expect(screen.queryByRole('button', { name: 'Scorri' })).toBeNull();

    const long = scrollArea({ scrollHeight: 1500, clientHeight: 600 });
    rerender(<ScrollChip container={long} resetKey="/a" />);
    long.scrollTop = 10;
    fireEvent.scroll(long);
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('button', { name: 'Scorri' })).toBeNull();

    long.scrollTop = 0;
    rerender(<ScrollChip container={long} resetKey="/b" />);
    expect(screen.getByRole('button', { name: 'Scorri' })).toBeTruthy();
    short.remove();
    long.remove();
  });
});

describe('ErrorBox', () => {
  it('reads a missing route as the not-found text', () => {
    render(<ErrorBox message="No route matches URL /pippo" />);
    expect(screen.getByRole('heading', { name: 'Errore 404' })).toBeTruthy();
    expect(screen.getByText('Oooops! Sembra che questa pagina non esista, Musa')).toBeTruthy();
  });
  it('shows any other error’s message', () => {
    render(<ErrorBox message="Step sconosciuto: pippo" />);
    expect(screen.getByRole('heading', { name: 'Errore 404' })).toBeTruthy();
    expect(screen.getByText('Step sconosciuto: pippo')).toBeTruthy();
  });
  it('NotFound says the page does not exist', () => {
    render(<NotFound />);
    expect(screen.getByText('Oooops! Sembra che questa pagina non esista, Musa')).toBeTruthy();
  });
});

describe('GlobalLoader', () => {
  it('covers the app while visible and says why', () => {
    const { rerender } = render(<GlobalLoader visible />);
    expect(screen.getByRole('status').textContent).toBe('Caricamento in corso');
    rerender(<GlobalLoader visible variant="logout" />);
    expect(screen.getByRole('status').textContent).toBe('Disconnessione in corso');
    rerender(<GlobalLoader visible={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
