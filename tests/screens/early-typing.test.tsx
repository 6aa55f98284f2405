// @vitest-environment jsdom
import '../components/jsdom-shims';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createActor, fromPromise } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { addressPickerMachine, type Suggestion } from '../../machines/address-picker/machine';
import type { Location } from '../../contract/location';
import type { AddressPickerRef } from '../../machines/app/selectors';
import { AddressCombobox } from '../../src/components/address-combobox';
import { keepTypingForRedraw } from '../../src/components/early-input';

/**
 * The location step comes drawn in the HTML (src/prerender.tsx) with an address field that takes
 * typing before the app runs (issue 25). What she typed there must reach the address picker when the
 * app takes the page over (hydration) or draws it anew (start-app.tsx, keepTypingForRedraw), with
 * the focus and the caret where they were.
 */

/** The picker of the location step, its search left pending (only what it is told matters here). */
function startPicker(): AddressPickerRef {
  const machine = addressPickerMachine.provide({
    actors: {
      searchAddresses: fromPromise<Suggestion[], { query: string }>(() => new Promise(() => {})),
      resolveAddress: fromPromise<Location, { suggestion: Suggestion }>(() => new Promise(() => {})),
    },
  });
  return createActor(machine, { input: { location: null } }).start() as unknown as AddressPickerRef;
}

const Field = ({ picker }: { picker: AddressPickerRef }) => (
  <AddressCombobox picker={picker} send={(event) => picker.send(event)} location={null} label="Indirizzo" />
);

const pickers: AddressPickerRef[] = [];
const roots: Root[] = [];
let container: HTMLElement | null = null;

/** The field as the build draws it: plain HTML in the page, no app yet. */
function prerendered(): HTMLInputElement {
  const picker = startPicker();
  pickers.push(picker);
  container = document.createElement('div');
  container.innerHTML = renderToString(<Field picker={picker} />);
  document.body.append(container);
  return container.querySelector('input')!;
}

/** Types as the browser does into a field no script listens to yet. */
function typeInto(input: HTMLInputElement, text: string, caret = text.length) {
  input.focus();
  input.value = text;
  input.setSelectionRange(caret, caret);
}

afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  pickers.splice(0).forEach((picker) => picker.stop());
  container?.remove();
  container = null;
});

describe('typing into the prerendered address field before the app runs', () => {
  it('the field takes typing in the HTML', () => {
    expect(prerendered().readOnly).toBe(false);
  });

  it('taken over: the picker gets the focus and the text, the field keeps them and the caret', async () => {
    const input = prerendered();
    typeInto(input, 'Via Roma 2', 4);

    const picker = startPicker();
    pickers.push(picker);
    await act(async () => {
      roots.push(hydrateRoot(container!, <Field picker={picker} />));
    });

    expect(picker.getSnapshot().context.query).toBe('Via Roma 2');
    expect(picker.getSnapshot().matches({ open: 'debouncing' })).toBe(true);
    const field = container!.querySelector('input')!;
    expect(field).toBe(input);
    expect(field.value).toBe('Via Roma 2');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([4, 4]);
    expect(field.readOnly).toBe(false);
  });

  it('taken over after the field was left: the text reaches the picker, no focus is made up', async () => {
    const input = prerendered();
    typeInto(input, 'Via Roma 2, Torino');
    input.blur();

    const picker = startPicker();
    pickers.push(picker);
    await act(async () => {
      roots.push(hydrateRoot(container!, <Field picker={picker} />));
    });

    expect(picker.getSnapshot().context.query).toBe('Via Roma 2, Torino');
    expect(document.activeElement).not.toBe(container!.querySelector('input'));
  });

  it('taken over with nothing typed: the picker is told nothing', async () => {
    prerendered();
    const picker = startPicker();
    pickers.push(picker);
    await act(async () => {
      roots.push(hydrateRoot(container!, <Field picker={picker} />));
    });
    expect(picker.getSnapshot().value).toBe('closed');
    expect(picker.getSnapshot().context.query).toBe('');
  });

  it('drawn anew: the new field gets the text, the focus and the caret', async () => {
    const input = prerendered();
    typeInto(input, 'Via Roma 2', 3);
    keepTypingForRedraw(container!);

    const picker = startPicker();
    pickers.push(picker);
    await act(async () => {
      const root = createRoot(container!);
      roots.push(root);
      root.render(<Field picker={picker} />);
    });

    const field = container!.querySelector('input')!;
    expect(field).not.toBe(input);
    expect(field.value).toBe('Via Roma 2');
    expect(picker.getSnapshot().context.query).toBe('Via Roma 2');
    expect(picker.getSnapshot().matches({ open: 'debouncing' })).toBe(true);
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([3, 3]);
  });

  it('drawn anew: what she types while the app prepares its own field (a profile loading) reaches it too', async () => {
    const input = prerendered();
    typeInto(input, 'Via Roma');
    keepTypingForRedraw(container!);
    // Issue 41: the old field took no typing from here on (read-only), and her keys went nowhere.
    expect(input.readOnly).toBe(false);
    typeInto(input, 'Via Roma 2, Torino');

    const picker = startPicker();
    pickers.push(picker);
    await act(async () => {
      const root = createRoot(container!);
      roots.push(root);
      root.render(<Field picker={picker} />);
    });

    const field = container!.querySelector('input')!;
    expect(field).not.toBe(input);
    expect(field.value).toBe('Via Roma 2, Torino');
    expect(picker.getSnapshot().context.query).toBe('Via Roma 2, Torino');
    expect(document.activeElement).toBe(field);
  });

  it('drawn anew: in the field with nothing typed yet, the new field has the focus for her next key', async () => {
    const input = prerendered();
    input.focus();
    keepTypingForRedraw(container!);
    const picker = startPicker();
    pickers.push(picker);
    await act(async () => {
      const root = createRoot(container!);
      roots.push(root);
      root.render(<Field picker={picker} />);
    });
    const field = container!.querySelector('input')!;
    expect(field).not.toBe(input);
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('');
    expect(picker.getSnapshot().context.query).toBe('');
    expect(picker.getSnapshot().matches('open')).toBe(true);
  });

  it('drawn anew after she left the field: the text reaches the picker, no focus is made up', async () => {
    const input = prerendered();
    typeInto(input, 'Via Roma 2, Torino');
    keepTypingForRedraw(container!);
    input.blur();
    await Promise.resolve();
    const picker = startPicker();
    pickers.push(picker);
    await act(async () => {
      const root = createRoot(container!);
      roots.push(root);
      root.render(<Field picker={picker} />);
    });
    expect(picker.getSnapshot().context.query).toBe('Via Roma 2, Torino');
    expect(document.activeElement).not.toBe(container!.querySelector('input'));
  });

  it('drawn anew: what was kept goes to one field only, once', async () => {
    const input = prerendered();
    typeInto(input, 'Via Roma 2');
    keepTypingForRedraw(container!);
    const first = startPicker();
    const second = startPicker();
    pickers.push(first, second);
    await act(async () => {
      const root = createRoot(container!);
      roots.push(root);
      root.render(<Field picker={first} />);
    });
    const other = document.createElement('div');
    document.body.append(other);
    await act(async () => {
      const root = createRoot(other);
      roots.push(root);
      root.render(<Field picker={second} />);
    });
    expect(first.getSnapshot().context.query).toBe('Via Roma 2');
    expect(second.getSnapshot().context.query).toBe('');
    expect(second.getSnapshot().value).toBe('closed');
    other.remove();
  });

  it('drawn anew with nothing typed nor focused: the picker is told nothing, no focus is made up', async () => {
    prerendered();
    keepTypingForRedraw(container!);
    const picker = startPicker();
    pickers.push(picker);
    await act(async () => {
      const root = createRoot(container!);
      roots.push(root);
      root.render(<Field picker={picker} />);
    });
    expect(picker.getSnapshot().value).toBe('closed');
    expect(document.activeElement).not.toBe(container!.querySelector('input'));
  });
});
