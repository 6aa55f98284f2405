// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AvailableTime } from '../../contract/slot';
import { LOCATION_TORINO, PROVIDERS, SERVICES, SLOT_INSTANT, SLOT_TO_CONFIRM } from '../../machines/testing/fixtures';
import type { Draft } from '../../machines/shared/draft';
import { renderApp } from './app-harness';

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.cleanup();
  app = null;
  cleanup();
});

// A Wednesday: Monday 23 and Tuesday 24 are shown but cannot be picked.
const WEDNESDAY = '2026-11-25';

const DATA_DRAFT: Partial<Draft> = {
  location: LOCATION_TORINO,
  participants: 'default',
  category: 'hair',
  hair: 'long',
  date: WEDNESDAY,
  services: { includedService: null, services: [], primaryService: SERVICES.piega, secondaryServices: [] },
};

const times = (answer: AvailableTime[]) => () => Promise.resolve(answer);

describe('booking: data step', () => {
  it('day picker from Monday, today chosen, skeletons then slots with their supplement', async () => {
    // The times answer only when the test says so: the skeletons are on screen until then, however
    // slow the machine running the test.
    let answer: (times: AvailableTime[]) => void = () => undefined;
    const pending = new Promise<AvailableTime[]>((resolve) => (answer = resolve));
    app = await renderApp('/booking/hair/data', {
      today: WEDNESDAY,
      draft: DATA_DRAFT,
      calls: { loadAvailableTimes: () => pending },
    });
    expect(await screen.findByRole('heading', { name: 'Quando vorresti ricevere il servizio, Musa?' })).toBeTruthy();
    expect(screen.getAllByText('novembre 2026').length).toBeGreaterThan(0);
    expect(screen.getByText('dicembre 2026')).toBeTruthy();
    const monday = screen.getByRole('button', { name: 'lunedì 23 novembre 2026' });
    expect((monday as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'martedì 24 novembre 2026' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'mercoledì 25 novembre 2026' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getAllByTestId('slot-skeleton')).toHaveLength(12);
    answer([SLOT_INSTANT, SLOT_TO_CONFIRM]);
    expect(await screen.findByRole('button', { name: /^10:00/ }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /20:00/ }).textContent).toContain('+ € 10,00');
    expect(screen.getByRole('button', { name: /^10:00/ }).textContent).not.toContain('+');
    // 12 months after half a second.
    expect(await screen.findByText('ottobre 2027')).toBeTruthy();
  });

  it('AVANTI asks for a time; an instant slot goes straight to the checkout', async () => {
    app = await renderApp('/booking/hair/data', {
      today: WEDNESDAY,
      draft: DATA_DRAFT,
      calls: { loadAvailableTimes: times([SLOT_INSTANT]) },
    });
    const slot = await screen.findByRole('button', { name: /^10:00/ }, { timeout: 3000 });
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    expect(await screen.findByText('Devi selezionare un orario')).toBeTruthy();
    await userEvent.click(slot);
    expect(slot.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    await waitFor(() => expect(app?.href()).toBe('/booking/hair/checkout'));
  });

  it('a slot to be confirmed opens the confirmation modal; its continue advances', async () => {
    app = await renderApp('/booking/hair/data', {
      today: WEDNESDAY,
      draft: DATA_DRAFT,
      calls: { loadAvailableTimes: times([SLOT_TO_CONFIRM]) },
    });
    await userEvent.click(await screen.findByRole('button', { name: /^20:00/ }, { timeout: 3000 }));
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    const modal = await screen.findByRole('alertdialog');
    expect(app.href()).toBe('/booking/hair/data');
    await userEvent.click(within(modal).getByRole('button', { name: 'SCEGLI UN ALTRO ORARIO' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'AVANTI' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'CONTINUA' }));
    await waitFor(() => expect(app?.href()).toBe('/booking/hair/checkout'));
  });

  it('empty states: no slots, and no date after unpicking the day', async () => {
    app = await renderApp('/booking/hair/data', {
      today: WEDNESDAY,
      draft: DATA_DRAFT,
      calls: { loadAvailableTimes: times([]) },
    });
    expect(await screen.findByText('Prova a guardare un altro giorno!', {}, { timeout: 3000 })).toBeTruthy();
    expect(
      screen.getByText(
        'Siamo già sold-out per quest data! Prova a scegliere un altro giorno o contattaci su Whatsapp.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'mercoledì 25 novembre 2026' }));
    expect(await screen.findByText('Seleziona una data per vedere le disponibilità!')).toBeTruthy();
    expect(app.actor.getSnapshot().context.draft.date).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'giovedì 26 novembre 2026' }));
    expect(app.actor.getSnapshot().context.draft.date).toBe('2026-11-26');
    expect(await screen.findAllByTestId('slot-skeleton')).toHaveLength(12);
  });

  it('filters by professional: APPLICA FILTRO needs a choice, the chip shows and removes her', async () => {
    app = await renderApp('/booking/hair/data', {
      signedIn: true,
      today: WEDNESDAY,
      draft: DATA_DRAFT,
      calls: { loadAvailableTimes: times([SLOT_INSTANT]), loadProviders: () => Promise.resolve(PROVIDERS) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Filtra professionista' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mostra solo le disponibilità di:' });
    expect(within(dialog).getByText('Puoi filtrare solo i professionisti che hai già incontrato.')).toBeTruthy();
    const apply = within(dialog).getByRole('button', { name: 'APPLICA FILTRO' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    await userEvent.click(await within(dialog).findByText('Giulia Bianchi'));
    await waitFor(() => expect(apply.disabled).toBe(false));
    await userEvent.click(apply);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.actor.getSnapshot().context.draft.providerId).toBe('prov-giulia');
    expect(screen.getByText('Giulia Bianchi')).toBeTruthy();
    expect(app.calls.loadAvailableTimes).toHaveBeenLastCalledWith(
      expect.objectContaining({
        request: expect.objectContaining({ draft: expect.objectContaining({ providerId: 'prov-giulia' }) }),
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Rimuovi il filtro professionista' }));
    expect(app.actor.getSnapshot().context.draft.providerId).toBeNull();
    expect(screen.queryByText('Giulia Bianchi')).toBeNull();
  });

  it('CHIUDI closes the filter without applying', async () => {
    app = await renderApp('/booking/hair/data', {
      signedIn: true,
      today: WEDNESDAY,
      draft: DATA_DRAFT,
      calls: { loadAvailableTimes: times([SLOT_INSTANT]), loadProviders: () => Promise.resolve(PROVIDERS) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Filtra professionista' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mostra solo le disponibilità di:' });
    await userEvent.click(await within(dialog).findByText('Giulia Bianchi'));
    const close = within(dialog)
      .getAllByRole('button', { name: 'CHIUDI' })
      .find((button) => button.textContent === 'CHIUDI')!;
    await userEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.actor.getSnapshot().context.draft.providerId).toBeNull();
  });
});
