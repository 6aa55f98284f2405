// @vitest-environment jsdom
import '../components/jsdom-shims';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { analyticsEventSchema } from '../../contract/analytics';
import { CheckboxField } from '../../src/components/checkbox-field';
import { Header } from '../../src/components/header';
import { RadioCards } from '../../src/components/radio-cards';
import {
  analyticsFields,
  listenForClicks,
  loadTagManager,
  setAnalyticsContext,
  trackClick,
  trackError,
} from '../../src/lib/analytics';

const events = () => (window.dataLayer ?? []) as Record<string, unknown>[];
const named = (event: string) => events().filter((entry) => entry.event === event);

beforeEach(() => {
  window.dataLayer = [];
  setAnalyticsContext(() => ({ pagePath: '/booking/participants', email: null }));
});
afterEach(() => {
  cleanup();
  window.dataLayer = [];
});

describe('events and their SPEC §3 fields', () => {
  it('pushes events with SPEC §3 fields to window.dataLayer', () => {
    setAnalyticsContext(() => ({
      pagePath: '/booking/hair/service',
      email: 'giulia@example.com',
      draft: { participants: 'default', category: 'hair', salottoCategories: [] },
    }));
    trackClick('AVANTI');
    expect(window.dataLayer).toHaveLength(1);
    const event = window.dataLayer![0];
    expect(event).toEqual({
      event: 'button_click',
      label: 'AVANTI',
      page_path: '/booking/hair/service',
      user_status: 'logged_in',
      user_email: 'giulia@example.com',
      customer_type: 'single',
      service_type: 'hair',
    });
    expect(v.is(analyticsEventSchema, event)).toBe(true);
  });

  it('leaves user_email out for a visitor', () => {
    const fields = analyticsFields({ pagePath: '/booking/location', email: null });
    expect(fields).toEqual({ page_path: '/booking/location', user_status: 'logged_out' });
  });

  it('describes a visitor’s salotto of several categories as cross, categories joined by " | "', () => {
    const fields = analyticsFields({
      pagePath: '/booking/salotto/data',
      email: null,
      draft: { participants: 'salotto', category: null, salottoCategories: ['hair', 'make-up'] },
    });
    expect(fields).toMatchObject({ user_status: 'logged_out', customer_type: 'cross', service_type: 'hair | make-up' });
  });

  it('reports errors with their message', () => {
    setAnalyticsContext(() => ({ pagePath: '/login', email: null }));
    const event = trackError('Credenziali non valide');
    expect(event).toMatchObject({ event: 'error', label: 'Credenziali non valide', page_path: '/login' });
    expect(v.is(analyticsEventSchema, event)).toBe(true);
  });
});

describe('clicks: one delegated listener', () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    stop = listenForClicks(document);
  });
  afterEach(() => stop());

  it('reports a button by its copy and a choice card once, by its own text', async () => {
    const user = userEvent.setup();
    render(
      <form>
        <RadioCards
          label="Per quante persone?"
          value=""
          onValueChange={() => {}}
          options={[
            { value: 'default', label: 'Solo 1' },
            {
              value: 'salotto',
              label: 'Salotto di Musa (2+ persone)',
              description: 'Include una beauty box in omaggio',
            },
          ]}
        />
        <button type="button">AVANTI</button>
      </form>,
    );
    await user.click(screen.getByText('Salotto di Musa (2+ persone)'));
    await user.click(screen.getByRole('button', { name: 'AVANTI' }));
    expect(named('button_click').map((event) => event.label)).toEqual(['Salotto di Musa (2+ persone)', 'AVANTI']);
    expect(named('button_click')[0]).toMatchObject({ page_path: '/booking/participants', user_status: 'logged_out' });
  });

  it('reports choices that are data under their group’s fixed name, the item as value', async () => {
    const user = userEvent.setup();
    render(
      <>
        <RadioCards
          label="Servizi"
          value=""
          onValueChange={() => {}}
          analyticsLabel="servizio"
          options={[{ value: 'piega', label: 'Piega', aside: '€ 25,00' }]}
        />
        <CheckboxField label="Maschera" checked={false} onCheckedChange={() => {}} analyticsLabel="servizio" />
      </>,
    );
    await user.click(screen.getByText('Piega'));
    await user.click(screen.getByText('Maschera'));
    expect(named('button_click')).toEqual([
      expect.objectContaining({ label: 'servizio', value: 'Piega' }),
      expect.objectContaining({ label: 'servizio', value: 'Maschera' }),
    ]);
  });

  it('gives the header’s icon buttons fixed names, and the help dialog its popup', async () => {
    const user = userEvent.setup();
    render(<Header signedIn showBack onBack={() => {}} onLogout={() => {}} onEditProfile={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    await user.click(screen.getByRole('button', { name: 'Modifica profilo' }));
    await user.click(screen.getByRole('button', { name: 'Esci' }));
    await user.click(screen.getByRole('button', { name: 'Aiuto' }));
    expect(named('button_click').map((event) => event.label)).toEqual(['indietro', 'profilo', 'esci', 'aiuto']);
    expect(named('popup')).toEqual([expect.objectContaining({ label: 'aiuto' })]);
    await screen.findByRole('dialog', { name: 'Hai bisogno di aiuto?' });
  });

  it('reports a suggestion once, when the pointer goes down on it (lists close before the click)', async () => {
    const user = userEvent.setup();
    render(
      <ul role="listbox" aria-label="Indirizzo" data-analytics-label="indirizzo">
        <li role="option" aria-selected={false} onMouseDown={(event) => event.currentTarget.remove()}>
          Via Roma, 2
        </li>
      </ul>,
    );
    await user.click(screen.getByRole('option', { name: 'Via Roma, 2' }));
    expect(named('button_click')).toEqual([expect.objectContaining({ label: 'indirizzo', value: 'Via Roma, 2' })]);
  });

  it('ignores clicks on what is not a control', async () => {
    const user = userEvent.setup();
    render(<p>Testo</p>);
    await user.click(screen.getByText('Testo'));
    expect(events()).toEqual([]);
  });
});

describe('Google Tag Manager', () => {
  afterEach(() => {
    document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((script) => script.remove());
    vi.useRealTimers();
  });

  it('is not loaded without a container id: events only queue', () => {
    loadTagManager(undefined);
    trackClick('AVANTI');
    expect(document.head.querySelector('script[src*="googletagmanager"]')).toBeNull();
    expect(events()).toHaveLength(1);
  });

  it('with a container id, loads after the first paint, not before', async () => {
    vi.useFakeTimers();
    loadTagManager('GTM-TEST1');
    // jsdom's document is complete: the script waits for the next frame, then a task.
    expect(document.head.querySelector('script[src*="googletagmanager"]')).toBeNull();
    await vi.runAllTimersAsync();
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="googletagmanager"]');
    expect(script?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST1');
    expect(script?.async).toBe(true);
    expect(events()).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
  });
});
