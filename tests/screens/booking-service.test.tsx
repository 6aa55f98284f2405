// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceList } from '../../contract/service';
import { LOCATION_TORINO, SERVICES, SERVICE_LISTS } from '../../machines/testing/fixtures';
import type { Draft } from '../../machines/shared/draft';
import { renderApp } from './app-harness';

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
});

const HAIR_DRAFT: Partial<Draft> = {
  location: LOCATION_TORINO,
  participants: 'default',
  category: 'hair',
  hair: 'long',
};

/** Piega comes in two variants (one item), Colore is a starting price. */
const HAIR_WITH_VARIANTS: ServiceList = {
  mainServices: {
    title: 'Servizi principali',
    sections: [
      {
        title: null,
        itemType: 'radio',
        items: [
          { id: 'g-piega', services: [SERVICES.piega, SERVICES.piegaLunga] },
          { id: 'colore', services: [{ ...SERVICES.colore, priceStartingFrom: true }] },
        ],
      },
    ],
  },
  secondaryServices: SERVICE_LISTS.hair.secondaryServices,
};

/** The main services' section: the extras have a variant group of their own (Frangia) with its button. */
const mainSection = () => within(document.querySelector<HTMLElement>('section[aria-labelledby="services-main"]')!);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('booking: service step', () => {
  it('shows the loading copy and ten placeholders, then the sections', async () => {
    const list = deferred<ServiceList>();
    app = await renderApp('/booking/hair/service', {
      draft: HAIR_DRAFT,
      calls: { loadServices: () => list.promise },
    });
    expect(await screen.findByText('Caricamento servizi...')).toBeTruthy();
    expect(screen.getAllByTestId('service-skeleton')).toHaveLength(10);
    list.resolve(HAIR_WITH_VARIANTS);
    expect(await screen.findByRole('heading', { name: 'Servizi principali' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Aggiungi' })).toBeTruthy();
    expect(screen.queryByText('Caricamento servizi...')).toBeNull();
    expect(screen.getByText('€ 35,00')).toBeTruthy();
    expect(screen.getByText('da € 50,00')).toBeTruthy();
    expect(screen.getAllByText('1h').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Non ho trovato quello che cercavo' })).toBeTruthy();
  });

  it('keeps extras disabled until a main service is chosen, and AVANTI asks for one', async () => {
    app = await renderApp('/booking/hair/service', {
      draft: HAIR_DRAFT,
      calls: { loadServices: () => Promise.resolve(SERVICE_LISTS.hair) },
    });
    const extra = await screen.findByRole('checkbox', { name: 'Maschera nutriente' });
    expect((extra as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    expect(await screen.findByText('Devi selezionare un servizio')).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'Colore' }));
    await waitFor(() => expect(app?.actor.getSnapshot().context.draft.services.primaryService?.id).toBe('colore'));
    expect((screen.getByRole('checkbox', { name: 'Maschera nutriente' }) as HTMLInputElement).disabled).toBe(false);
    await userEvent.click(screen.getByText('Maschera nutriente'));
    await waitFor(() =>
      expect(app?.actor.getSnapshot().context.draft.services.secondaryServices.map((s) => s.id)).toEqual(['maschera']),
    );
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    await waitFor(() => expect(app?.href()).toBe('/booking/hair/data'));
  });

  it('beauty with extras only asks for at least one', async () => {
    app = await renderApp('/booking/beauty/service', {
      draft: { location: LOCATION_TORINO, participants: 'default', category: 'beauty' },
      calls: { loadServices: () => Promise.resolve(SERVICE_LISTS.beauty) },
    });
    const manicure = await screen.findByRole('radio', { name: 'Manicure' });
    expect((manicure as HTMLInputElement).disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    expect(await screen.findByText('Devi selezionare almeno un servizio')).toBeTruthy();
  });

  it('opens the upsell box of a variant group; choosing an option replaces the service and closes it', async () => {
    app = await renderApp('/booking/hair/service', {
      draft: HAIR_DRAFT,
      calls: { loadServices: () => Promise.resolve(HAIR_WITH_VARIANTS) },
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Piega' }));
    await userEvent.click(mainSection().getByRole('button', { name: 'Scegli altre opzioni' }));
    const box = await screen.findByRole('region', { name: 'Specifica le tue preferenze' });
    expect(within(box).getByText('€ 45,00')).toBeTruthy();
    await userEvent.click(within(box).getByText('Piega capelli lunghi'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Specifica le tue preferenze' })).toBeNull());
    expect(app.actor.getSnapshot().context.draft.services.primaryService?.id).toBe('piega-lunga');
    expect(screen.getByRole('radio', { name: 'Piega capelli lunghi' })).toBeTruthy();
  });

  it('the upsell box closes with its close button and on a click outside', async () => {
    app = await renderApp('/booking/hair/service', {
      draft: HAIR_DRAFT,
      calls: { loadServices: () => Promise.resolve(HAIR_WITH_VARIANTS) },
    });
    await userEvent.click(await mainSection().findByRole('button', { name: 'Scegli altre opzioni' }));
    const box = await screen.findByRole('region', { name: 'Specifica le tue preferenze' });
    await userEvent.click(within(box).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Specifica le tue preferenze' })).toBeNull());
    await userEvent.click(mainSection().getByRole('button', { name: 'Scegli altre opzioni' }));
    expect(await screen.findByRole('region', { name: 'Specifica le tue preferenze' })).toBeTruthy();
    await userEvent.click(screen.getByRole('heading', { name: 'Servizi principali' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Specifica le tue preferenze' })).toBeNull());
  });

  it('no upsell box for a group of one option: no Scegli altre opzioni, nothing shown if asked', async () => {
    // Piega and Taglio frangia are each the only option of their group in this list (flagged with variants).
    app = await renderApp('/booking/hair/service', {
      draft: HAIR_DRAFT,
      calls: { loadServices: () => Promise.resolve(SERVICE_LISTS.hair) },
    });
    expect(SERVICES.piega.hasVariants && SERVICES.frangia.hasVariants).toBe(true);
    await userEvent.click(await screen.findByRole('radio', { name: 'Piega' }));
    expect(screen.getByText('Taglio frangia')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scegli altre opzioni' })).toBeNull();
    act(() => app!.actor.send({ type: 'upsell.open', groupId: 'g-piega' }));
    // Time for the box's chunk to load and draw, were it to.
    await expect(
      screen.findByRole('region', { name: 'Specifica le tue preferenze' }, { timeout: 1000 }),
    ).rejects.toThrow();
  });

  it('Non ho trovato quello che cercavo opens WhatsApp help in a new tab, with the visit’s tracking code', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    try {
      app = await renderApp('/booking/hair/service?utm_source=ig', {
        draft: HAIR_DRAFT,
        calls: { loadServices: () => Promise.resolve(SERVICE_LISTS.hair) },
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Non ho trovato quello che cercavo' }));
      expect(open).toHaveBeenCalledOnce();
      const [href, target] = open.mock.calls[0]!;
      const url = new URL(String(href));
      expect(`${url.origin}${url.pathname}`).toMatch(/^https:\/\/wa\.me\/\d+$/);
      expect(url.searchParams.get('text')).toBe(
        'Ciao Musa! Vorrei un aiuto con la mia prenotazione. Non ho trovato il servizio che cercavo. [META]',
      );
      expect(target).toBe('_blank');
    } finally {
      open.mockRestore();
    }
  });

  it('a failed load offers a retry', async () => {
    let calls = 0;
    app = await renderApp('/booking/hair/service', {
      draft: HAIR_DRAFT,
      calls: {
        loadServices: () => {
          calls += 1;
          return calls === 1
            ? Promise.reject(new Error('Servizi non disponibili'))
            : Promise.resolve(SERVICE_LISTS.hair);
        },
      },
    });
    expect(await screen.findByText('Servizi non disponibili')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'RIPROVA' }));
    expect(await screen.findByRole('radio', { name: 'Piega' })).toBeTruthy();
  });

  it('the salotto details step: notes and the free consultation note', async () => {
    app = await renderApp('/booking/salotto/details', {
      draft: {
        location: LOCATION_TORINO,
        participants: 'salotto',
        salottoCategories: ['hair'],
        services: { includedService: null, services: [], primaryService: null, secondaryServices: [SERVICES.piega] },
      },
      calls: { loadServices: () => Promise.resolve(SERVICE_LISTS.salotto) },
    });
    // The service list decides the earlier step is complete: the app may pass through it.
    await waitFor(() => expect(app?.href()).toMatch(/\/booking\/salotto\/(service|details)/));
    if (app.href().endsWith('/service')) await userEvent.click(await screen.findByRole('button', { name: 'AVANTI' }));
    expect(
      await screen.findByRole('heading', { name: "Spiegaci un po' più nel dettaglio cosa vorreste fare." }),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Informazioni aggiuntive'), 'Due pieghe');
    expect(app.actor.getSnapshot().context.draft.salottoNotes).toBe('Due pieghe');
    expect(screen.getByText(/consulenza gratuita/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    await waitFor(() => expect(app?.href()).toBe('/booking/salotto/data'));
    expect(
      await screen.findByRole('heading', { name: "Quando vorreste richiedere l'appuntamento, Musa?" }),
    ).toBeTruthy();
  });
});
