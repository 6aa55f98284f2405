// @vitest-environment jsdom
import '../components/jsdom-shims';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LOCATION_NO_NUMBER,
  LOCATION_TORINO,
  SUGGESTION_FULL,
  SUGGESTION_NO_NUMBER,
} from '../../machines/testing/fixtures';
import { applyStyles } from '../components/styles';
import { renderApp } from './app-harness';

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
});

const LOCATION_TITLE = 'Dove vuoi ricevere il servizio?';

describe('booking step shell', () => {
  it('the location step: heading, progress, note, the address field’s placeholder, AVANTI refused without an address', async () => {
    app = await renderApp('/booking/location');
    expect(await screen.findByRole('heading', { name: LOCATION_TITLE })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect(screen.getByText(/Resterai anonima fino alla prenotazione/)).toBeTruthy();
    // The address the booking is checked out with (docs/decisions.md, Booking screens).
    expect(screen.getByRole('combobox', { name: 'Indirizzo' }).getAttribute('placeholder')).toBe(
      'Es: Via Roma 2, Torino',
    );
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    expect(await screen.findByText('Seleziona un indirizzo dalla lista dei suggerimenti')).toBeTruthy();
    expect(app.href()).toBe('/booking/location');
  });

  describe('the focus when a step is drawn', () => {
    /** Holds the frames the screen asks for, to run them when the test says. */
    function holdFrames() {
      const frames: FrameRequestCallback[] = [];
      const spy = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
        frames.push(callback);
        return frames.length;
      });
      return {
        run() {
          for (const frame of frames.splice(0)) frame(performance.now());
        },
        restore: () => spy.mockRestore(),
      };
    }

    it('goes to the step’s heading (a screen reader announces it)', async () => {
      const frames = holdFrames();
      try {
        app = await renderApp('/booking/location');
        const heading = await screen.findByRole('heading', { name: LOCATION_TITLE });
        frames.run();
        expect(document.activeElement).toBe(heading);
      } finally {
        frames.restore();
      }
    });

    it('stays in the address field when she is already typing in it', async () => {
      const frames = holdFrames();
      try {
        app = await renderApp('/booking/location');
        const field = await screen.findByRole('combobox', { name: 'Indirizzo' });
        field.focus();
        frames.run();
        expect(document.activeElement).toBe(field);
      } finally {
        frames.restore();
      }
    });
  });

  it('picks an address from the suggestions and AVANTI goes to the participants step', async () => {
    app = await renderApp('/booking/location?utm_source=ig', {
      calls: {
        searchAddresses: () => Promise.resolve([SUGGESTION_FULL]),
        resolveAddress: () => Promise.resolve(LOCATION_TORINO),
        checkLocation: () => Promise.resolve({ canBeServed: true }),
      },
    });
    await userEvent.type(await screen.findByRole('combobox', { name: 'Indirizzo' }), 'Via Roma 2');
    const option = await screen.findByRole('option', { name: /Via Roma, 2/ }, { timeout: 3000 });
    await userEvent.click(option);
    await waitFor(() => expect(app?.actor.getSnapshot().context.draft.location).toEqual(LOCATION_TORINO));
    expect(app.calls.searchAddresses).toHaveBeenCalledWith({ query: 'Via Roma 2' });
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    expect(await screen.findByRole('heading', { name: 'Per quante persone vuoi prenotare?' })).toBeTruthy();
    expect(app.href()).toBe('/booking/participants?utm_source=ig');
    expect(screen.getByText('Include una beauty box in omaggio')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
  });

  it('an address out of zone opens the dialog: TIENIMI AGGIORNATA, USA UN ALTRO INDIRIZZO and a privacy policy link', async () => {
    app = await renderApp('/booking/location', {
      calls: {
        searchAddresses: () => Promise.resolve([SUGGESTION_FULL]),
        resolveAddress: () => Promise.resolve(LOCATION_TORINO),
        checkLocation: () => Promise.resolve({ canBeServed: false }),
      },
    });
    await userEvent.type(await screen.findByRole('combobox', { name: 'Indirizzo' }), 'Via Roma 2');
    await userEvent.click(await screen.findByRole('option', { name: /Via Roma/ }, { timeout: 3000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Musa non è ancora arrivata nella tua zona' });
    expect(within(dialog).getByRole('button', { name: 'TIENIMI AGGIORNATA' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'USA UN ALTRO INDIRIZZO' })).toBeTruthy();
    const privacy = within(dialog).getByRole('link', { name: 'Privacy policy' });
    // In a new tab, so that the e-mail she is typing stays; to a page the site serves (public/ is copied
    // into the build as is, and the web server serves `<path>/index.html` for a path).
    expect(privacy.getAttribute('target')).toBe('_blank');
    expect(privacy.getAttribute('rel')).toContain('noopener');
    const page = `public${privacy.getAttribute('href')!.replace(/\/?$/, '/index.html')}`;
    expect(existsSync(page), `${page} is missing`).toBe(true);
    expect(readFileSync(page, 'utf8')).toContain('<h1>Privacy policy</h1>');
  });

  it('asks the house number when the address has none', async () => {
    app = await renderApp('/booking/location', {
      calls: {
        searchAddresses: () => Promise.resolve([SUGGESTION_NO_NUMBER]),
        resolveAddress: () => Promise.resolve(LOCATION_NO_NUMBER),
        lookupStreetNumber: () => Promise.resolve(LOCATION_TORINO),
        checkLocation: () => Promise.resolve({ canBeServed: true }),
      },
    });
    await userEvent.type(await screen.findByRole('combobox', { name: 'Indirizzo' }), 'Via Roma');
    await userEvent.click(await screen.findByRole('option', { name: /Via Roma/ }, { timeout: 3000 }));
    const number = await screen.findByLabelText('Numero civico');
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    expect(await screen.findByText('Devi aggiungere il numero civico')).toBeTruthy();
    await userEvent.type(number, '2{Enter}');
    await waitFor(() => expect(app?.actor.getSnapshot().context.draft.location).toEqual(LOCATION_TORINO));
  });

  it("'Via Roma, Torino', 2 in the house number, AVANTI once: loading while the number is looked up, then participants", async () => {
    let answerLookup!: (location: typeof LOCATION_TORINO) => void;
    app = await renderApp('/booking/location', {
      calls: {
        searchAddresses: () => Promise.resolve([SUGGESTION_NO_NUMBER]),
        resolveAddress: () => Promise.resolve(LOCATION_NO_NUMBER),
        lookupStreetNumber: () => new Promise((resolve) => (answerLookup = resolve)),
        checkLocation: () => Promise.resolve({ canBeServed: true }),
      },
    });
    await userEvent.type(await screen.findByRole('combobox', { name: 'Indirizzo' }), 'Via Roma');
    await userEvent.click(await screen.findByRole('option', { name: /Via Roma/ }, { timeout: 3000 }));
    await userEvent.type(await screen.findByLabelText('Numero civico'), '2');
    const next = screen.getByRole('button', { name: 'AVANTI' });
    await userEvent.click(next);
    await waitFor(() => expect(next.getAttribute('aria-busy')).toBe('true'));
    expect(app.calls.lookupStreetNumber).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Devi aggiungere il numero civico')).toBeNull();
    expect(app.href()).toBe('/booking/location');
    answerLookup(LOCATION_TORINO);
    expect(await screen.findByRole('heading', { name: 'Per quante persone vuoi prenotare?' })).toBeTruthy();
    expect(app.href()).toBe('/booking/participants');
    expect(app.actor.getSnapshot().context.draft.location).toEqual(LOCATION_TORINO);
    expect(screen.queryByText('Devi aggiungere il numero civico')).toBeNull();
  });

  it('the category step: Capelli, Estetica and Make up, each with an icon of its own, two to a row', async () => {
    app = await renderApp('/booking/category', { draft: { location: LOCATION_TORINO, participants: 'default' } });
    expect(await screen.findByRole('heading', { name: 'Che tipo di servizio ti interessa oggi?' })).toBeTruthy();
    const cards = ['Capelli', 'Estetica', 'Make up'].map((name) =>
      screen.getByRole('radio', { name }).closest('label')!,
    );
    const icons = cards.map((card) => card.querySelector('svg')?.outerHTML);
    expect(icons.every(Boolean)).toBe(true);
    expect(new Set(icons).size).toBe(3);
    const unstyle = await applyStyles(['styles/theme.css.ts', 'components/radio-cards.css.ts'], { width: 375 });
    try {
      const grid = cards[0]!.parentElement!;
      expect(cards.every((card) => card.parentElement === grid)).toBe(true);
      expect(getComputedStyle(grid).display).toBe('grid');
      expect(getComputedStyle(grid).gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    } finally {
      unstyle();
    }
  });

  it('every route change scrolls the main area back to the top', async () => {
    app = await renderApp('/booking/location', { draft: { location: LOCATION_TORINO } });
    await screen.findByRole('heading', { name: LOCATION_TITLE });
    // jsdom lays nothing out: the main area's scroll position is kept here.
    const main = document.getElementById('main')!;
    let top = 0;
    Object.defineProperty(main, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (value: number) => (top = value),
    });
    main.scrollTo = ((options: ScrollToOptions) => (top = options.top ?? top)) as typeof main.scrollTo;

    top = 640;
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    expect(await screen.findByRole('heading', { name: 'Per quante persone vuoi prenotare?' })).toBeTruthy();
    expect(main.scrollTop).toBe(0);

    top = 320;
    // The browser's back button.
    app.router.history.back();
    expect(await screen.findByRole('heading', { name: LOCATION_TITLE })).toBeTruthy();
    expect(main.scrollTop).toBe(0);
  });

  it('a deep link past the first incomplete step is replaced by that step', async () => {
    app = await renderApp('/booking/hair/checkout?utm_source=ig');
    expect(await screen.findByRole('heading', { name: LOCATION_TITLE })).toBeTruthy();
    await waitFor(() => expect(app?.href()).toBe('/booking/location?utm_source=ig'));
  });

  it('back and forward through the steps follow the machine', async () => {
    app = await renderApp('/booking/location', { draft: { location: LOCATION_TORINO } });
    await userEvent.click(await screen.findByRole('button', { name: 'AVANTI' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Solo 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    expect(await screen.findByRole('heading', { name: 'Che tipo di servizio ti interessa oggi?' })).toBeTruthy();
    expect(app.href()).toBe('/booking/category');
    // The browser's back button: the URL change is an event the machine answers.
    app.router.history.back();
    expect(await screen.findByRole('heading', { name: 'Per quante persone vuoi prenotare?' })).toBeTruthy();
    await waitFor(() => expect(app?.actor.getSnapshot().context.step).toBe('participants'));
    await userEvent.click(screen.getByRole('button', { name: 'INDIETRO' }));
    expect(await screen.findByRole('heading', { name: LOCATION_TITLE })).toBeTruthy();
    expect(app.href()).toBe('/booking/location');
  });
});

describe('error page', () => {
  it("an unknown path shows Errore 404 and TORNA ALL'INIZIO replaces it with the start", async () => {
    app = await renderApp('/pagina-che-non-esiste?utm_source=ig');
    expect(await screen.findByRole('heading', { name: 'Errore 404' })).toBeTruthy();
    expect(screen.getByText('Oooops! Sembra che questa pagina non esista, Musa')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'INDIETRO' })).toBeNull();
    const historyLength = app.router.history.length;
    await userEvent.click(screen.getByRole('button', { name: "TORNA ALL'INIZIO" }));
    expect(await screen.findByRole('heading', { name: LOCATION_TITLE })).toBeTruthy();
    expect(app.href()).toBe('/booking/location?utm_source=ig');
    expect(app.router.history.length).toBe(historyLength);
  });

  it('an unhandled booking step is an error read as not found', async () => {
    app = await renderApp('/booking/inesistente');
    expect(await screen.findByRole('heading', { name: 'Errore 404' })).toBeTruthy();
    expect(screen.getByText('Oooops! Sembra che questa pagina non esista, Musa')).toBeTruthy();
    expect(screen.getByRole('button', { name: "TORNA ALL'INIZIO" })).toBeTruthy();
  });
});
