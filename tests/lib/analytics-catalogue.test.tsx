// @vitest-environment jsdom
/**
 * docs/analytics.md is the product owner's catalogue of analytics events; the code and it agree.
 * What the code sends is gathered three ways, none of them the catalogue:
 * - the statechart: every `track` action of every machine (popups, the confirmation's page view,
 *   the booking event), read from the machine definitions;
 * - the app's sources: literal fixed names (`data-analytics-label`, `analyticsLabel`, `track*('…')`)
 *   and the header's names;
 * - the screens rendered as a user meets them (jsdom, the real app with fake calls): the label the
 *   click listener gives every control on them (`clickLabelOf`, the listener's own function).
 * Each must be in the catalogue; each label the catalogue lists must be sent by one of them (a
 * button's copy that only shows inside a dialog or after a call is looked for in the sources).
 */
import { PRO_MACHINES } from '../../machines/testing/pro-side';
import '../components/jsdom-shims';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { AnyStateMachine } from 'xstate';
import { PRODUCT } from '../../contract/constants';
import { appMachine } from '../../machines/app/machine';
import type { Draft } from '../../machines/shared/draft';
import { LOCATION_TORINO, SERVICES, SERVICE_LISTS, SLOT_INSTANT } from '../../machines/testing/fixtures';
import { HEADER_ANALYTICS } from '../../src/components/header';
import { CLICKABLE, clickLabelOf } from '../../src/lib/analytics';
import { renderApp, type AppOptions } from '../screens/app-harness';

const ROOT = join(__dirname, '../..');

// ── the catalogue ──

interface Row {
  event: string;
  /** A fixed label, or null for a row whose label is data (`<…>` in the catalogue). */
  label: string | null;
  /** The `<…>` placeholder of a data label, e.g. '<percorso>'. */
  placeholder: string | null;
}

/** Rows of the catalogue's event tables: `| \`event\` | \`label\` or <placeholder> | … |`. */
function readCatalogue(markdown: string): Row[] {
  const rows: Row[] = [];
  let inEventTable = false;
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // Only tables whose first column is `event` list events (not the fields' table).
    if (!line.startsWith('|')) inEventTable = false;
    else if (cells[1] === 'event') inEventTable = true;
    const event = /^`([a-z_]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!inEventTable || !event) continue;
    const labelCell = cells[2] ?? '';
    const fixed = /^`(.+)`$/.exec(labelCell)?.[1];
    const placeholder = /^(<[^>]+>)$/.exec(labelCell)?.[1];
    if (fixed) rows.push({ event, label: fixed, placeholder: null });
    else if (placeholder) rows.push({ event, label: null, placeholder });
    else if (labelCell === '—') rows.push({ event, label: null, placeholder: '—' });
  }
  return rows;
}

const catalogue = readCatalogue(readFileSync(join(ROOT, 'docs/analytics.md'), 'utf8'));
const key = (event: string, label: string) => `${event} · ${label}`;
const fixedKeys = new Set(catalogue.filter((row) => row.label !== null).map((row) => key(row.event, row.label!)));
const isListed = (event: string, label: string | null) =>
  label === null
    ? catalogue.some((row) => row.event === event && row.label === null)
    : fixedKeys.has(key(event, label));

// ── what the statechart sends ──

type ActionLike = { type?: string; params?: unknown };

/** Any value: property reads and calls give itself, so a params function runs without real input. */
const anything: unknown = new Proxy(() => {}, {
  get: (_, property) => (property === Symbol.toPrimitive ? () => '<dato>' : anything),
  apply: () => anything,
});

function machineEvents(): { event: string; label: string | null }[] {
  const found: { event: string; label: string | null }[] = [];
  const machines = new Set<AnyStateMachine>([appMachine as unknown as AnyStateMachine]);
  // Issue 27: the professionals' machines load with their pages (the root names them only).
  for (const machine of Object.values(PRO_MACHINES)) machines.add(machine as unknown as AnyStateMachine);
  for (const logic of Object.values(appMachine.implementations.actors)) {
    if (typeof logic === 'object' && logic !== null && 'getStateNodeById' in logic) {
      machines.add(logic as unknown as AnyStateMachine);
    }
  }
  const collect = (action: unknown) => {
    const { type, params } = (action ?? {}) as ActionLike;
    if (type !== 'track') return;
    const value = (typeof params === 'function' ? params({ context: anything, event: anything }) : params) as {
      event: string;
      label?: unknown;
    };
    found.push({ event: value.event, label: typeof value.label === 'string' ? value.label : null });
  };
  for (const machine of machines) {
    const visit = (node: AnyStateMachine['root']) => {
      [...node.entry, ...node.exit].forEach(collect);
      for (const list of node.transitions.values()) list.forEach((transition) => transition.actions.forEach(collect));
      Object.values(node.states).forEach(visit);
    };
    visit(machine.root);
  }
  return found;
}

// ── what the sources name ──

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

const SOURCES = ['src', 'contract'].flatMap((dir) => filesUnder(join(ROOT, dir)));
const sourceText = SOURCES.map((file) => readFileSync(file, 'utf8')).join('\n');
/** The sources' text with `${PRODUCT}` spelled out, where a button's copy is looked for. */
const copyText = sourceText.replaceAll('${PRODUCT}', PRODUCT);

/** A string the sources write as a literal (quoted, or the text of an element). */
const inCopy = (text: string) => [`'${text}'`, `"${text}"`, `>${text}<`].some((quoted) => copyText.includes(quoted));

function sourceNames(): { event: string; label: string }[] {
  const found: { event: string; label: string }[] = [];
  for (const match of sourceText.matchAll(/(?:data-analytics-label|analyticsLabel)=["']([^"']+)["']/g)) {
    found.push({ event: 'button_click', label: match[1]! });
  }
  const events = { Click: 'button_click', PageView: 'page_view', Popup: 'popup', Error: 'error' } as const;
  for (const match of sourceText.matchAll(/track(Click|PageView|Popup|Error)\(\s*'([^']+)'/g)) {
    found.push({ event: events[match[1] as keyof typeof events], label: match[2]! });
  }
  Object.values(HEADER_ANALYTICS).forEach((label) => found.push({ event: 'button_click', label }));
  return found;
}

// ── what the screens show ──

const BOOKING_DRAFT: Partial<Draft> = {
  location: LOCATION_TORINO,
  participants: 'default',
  category: 'hair',
  hair: 'long',
  date: '2026-11-24',
  services: { includedService: null, services: [], primaryService: SERVICES.piega, secondaryServices: [] },
};

const SCREENS: { url: string; heading: string | RegExp; options?: AppOptions }[] = [
  { url: '/booking/location', heading: 'Dove vuoi ricevere il servizio?' },
  { url: '/booking/participants', heading: /Per quante persone/, options: { draft: { location: LOCATION_TORINO } } },
  {
    url: '/booking/participants-salotto',
    heading: /./,
    options: { draft: { location: LOCATION_TORINO, participants: 'salotto' } },
  },
  {
    url: '/booking/category-salotto',
    heading: /./,
    options: { draft: { location: LOCATION_TORINO, participants: 'salotto' } },
  },
  {
    url: '/booking/category',
    heading: /./,
    options: { draft: { location: LOCATION_TORINO, participants: 'default' } },
  },
  {
    url: '/booking/hair',
    heading: /./,
    options: { draft: { location: LOCATION_TORINO, participants: 'default', category: 'hair' } },
  },
  {
    url: '/booking/hair/service',
    heading: /./,
    options: { draft: BOOKING_DRAFT, calls: { loadServices: () => Promise.resolve(SERVICE_LISTS.hair) } },
  },
  {
    url: '/booking/hair/data',
    heading: /./,
    options: { draft: BOOKING_DRAFT, calls: { loadAvailableTimes: () => Promise.resolve([SLOT_INSTANT]) } },
  },
  {
    url: '/booking/hair/checkout',
    heading: /./,
    options: { draft: { ...BOOKING_DRAFT, availableTime: SLOT_INSTANT } },
  },
  { url: '/login', heading: /Bentornata/ },
  { url: '/ask-reset-password', heading: /./ },
  {
    url: '/reset-password?token=t&email=anna%40example.it',
    heading: /./,
    options: { calls: { checkSignupToken: () => Promise.resolve({ email: 'anna@example.it', requireName: true }) } },
  },
  {
    url: '/',
    heading: 'Cosa vuoi prenotare oggi?',
    options: { signedIn: true, meNext: { lastProposal: { services: [{ name: 'Piega' }] }, nextBookings: [] } },
  },
  { url: '/pagina-inesistente', heading: 'Errore 404' },
];

const rendered: { event: string; label: string; where: string }[] = [];

describe('docs/analytics.md and the code agree', () => {
  afterAll(() => cleanup());

  it('reads the catalogue', () => {
    expect(catalogue.length).toBeGreaterThan(20);
  });

  it.each(SCREENS.map((entry) => [entry.url, entry] as const))(
    'every control of %s reports a catalogued label',
    async (url, entry) => {
      const app = await renderApp(url, entry.options);
      try {
        await screen.findAllByRole('heading', { name: entry.heading }, { timeout: 4000 });
        if (url.endsWith('/data')) await screen.findByRole('button', { name: /^10:00/ }, { timeout: 4000 });
        await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
        const labels = [...document.body.querySelectorAll(CLICKABLE)]
          .map((control) => clickLabelOf(control))
          .filter((found) => found !== null)
          .map((found) => found.label);
        labels.forEach((label) => rendered.push({ event: 'button_click', label, where: url }));
        const unlisted = [...new Set(labels)].filter((label) => !isListed('button_click', label));
        expect(unlisted, `labels on ${url} missing from docs/analytics.md`).toEqual([]);
      } finally {
        app.cleanup();
        cleanup();
      }
    },
  );

  it('lists every event and label the statechart sends', () => {
    const unlisted = machineEvents().filter((sent) => !isListed(sent.event, sent.label));
    expect(unlisted).toEqual([]);
  });

  it('lists every fixed name the sources give', () => {
    const unlisted = sourceNames().filter((sent) => !isListed(sent.event, sent.label));
    expect(unlisted).toEqual([]);
  });

  it('lists nothing that nothing sends', () => {
    const sent = new Set(
      [...machineEvents(), ...sourceNames(), ...rendered]
        .filter((entry) => entry.label !== null)
        .map((entry) => key(entry.event, entry.label!)),
    );
    const unsent = catalogue
      .filter((row) => row.label !== null)
      .filter((row) => !sent.has(key(row.event, row.label!)))
      // A button's copy shown only in a dialog or after a call: its text is in the sources.
      .filter((row) => !(row.event === 'button_click' && inCopy(row.label!)))
      .map((row) => key(row.event, row.label!));
    expect(unsent).toEqual([]);
  });

  it('documents every event the app sends whose label is data', () => {
    const dataEvents = new Set(catalogue.filter((row) => row.label === null).map((row) => row.event));
    // The router's page views (a path), the error toast (its message), the booking (its id).
    expect([...dataEvents].sort()).toEqual(['error', 'page_view', 'purchase'].sort());
    expect(sourceText).toMatch(/trackPageView\((?:location\.)?pathname\)/);
  });
});
