/**
 * SPEC §4/§5 on the location step: AVANTI while a lookup the address needs is running waits for it
 * (the step shows its loading state), then goes on or is refused with SPEC's message. The real
 * actor, its children and fake calls answered by hand.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../machines/app/context';
import { pathOf, routeEvent } from '../../machines/app/routing';
import { SUGGESTION_FULL, SUGGESTION_NO_NUMBER, TODAY } from '../../machines/testing/fixtures';
import { createHarness, type Harness } from './harness';

const path = (h: Harness) => pathOf(h.actor.getSnapshot());
const busy = (h: Harness) => h.actor.getSnapshot().hasTag('busy');
const notice = (h: Harness) => (h.actor.getSnapshot().context as AppContext).notice?.message ?? null;
const toasts = (h: Harness) => h.effects.filter((effect) => effect.type === 'showToast');

async function pick(h: Harness, suggestion: typeof SUGGESTION_FULL) {
  await h.send(routeEvent('/booking/location'));
  await h.send({ type: 'address.focus' });
  await h.send({ type: 'address.type', value: 'Via Roma Torino' });
  await h.elapse('searchDebounce');
  await h.settle('searchAddresses', 'results');
  await h.send({ type: 'address.select', suggestion });
}

describe('location step: AVANTI during a lookup', () => {
  it('a typed house number, AVANTI once while the number is looked up: loading, then participants', async () => {
    const h = createHarness({ today: TODAY });
    await pick(h, SUGGESTION_NO_NUMBER);
    await h.settle('resolveAddress', 'ok');
    // The house-number field's blur (the click on AVANTI) sends the number, then the click itself.
    await h.send({ type: 'address.streetNumber', value: '2' });
    await h.send({ type: 'step.next' });
    expect(path(h)).toBe('/booking/location');
    expect(busy(h)).toBe(true);
    expect(notice(h)).toBeNull();
    await h.settle('lookupStreetNumber', 'ok');
    expect(busy(h)).toBe(true);
    await h.settle('checkLocation', 'served');
    expect(path(h)).toBe('/booking/participants');
    expect(notice(h)).toBeNull();
    expect(toasts(h)).toEqual([]);
  });

  it('AVANTI right after choosing a full address waits for its check, then goes on', async () => {
    const h = createHarness({ today: TODAY });
    await pick(h, SUGGESTION_FULL);
    await h.send({ type: 'step.next' });
    expect(busy(h)).toBe(true);
    await h.settle('resolveAddress', 'ok');
    await h.settle('checkLocation', 'served');
    expect(path(h)).toBe('/booking/participants');
  });

  it('an address that turns out to have no number is refused with "Devi aggiungere il numero civico"', async () => {
    const h = createHarness({ today: TODAY });
    await pick(h, SUGGESTION_NO_NUMBER);
    await h.send({ type: 'step.next' });
    await h.settle('resolveAddress', 'ok');
    expect(path(h)).toBe('/booking/location');
    expect(busy(h)).toBe(false);
    expect(notice(h)).toBe('Devi aggiungere il numero civico');
  });

  it('a failed lookup ends the wait on the step with the lookup’s error only', async () => {
    const h = createHarness({ today: TODAY });
    await pick(h, SUGGESTION_FULL);
    await h.send({ type: 'step.next' });
    await h.settle('resolveAddress', 'failed');
    expect(path(h)).toBe('/booking/location');
    expect(busy(h)).toBe(false);
    expect(notice(h)).toBeNull();
    expect(toasts(h).map((t) => (t.params as { title: string }).title)).toEqual(['Indirizzo non trovato']);
  });

  it('an address out of the zones opens the out-of-zone dialog instead of going on', async () => {
    const h = createHarness({ today: TODAY });
    await pick(h, SUGGESTION_FULL);
    await h.send({ type: 'step.next' });
    await h.settle('resolveAddress', 'ok');
    await h.settle('checkLocation', 'outOfZone');
    expect(path(h)).toBe('/booking/location');
    expect(h.actor.getSnapshot().children.outOfZone).toBeDefined();
  });

  it('typing a new address cancels the wait', async () => {
    const h = createHarness({ today: TODAY });
    await pick(h, SUGGESTION_FULL);
    await h.send({ type: 'step.next' });
    await h.send({ type: 'address.type', value: 'Via Po' });
    expect(busy(h)).toBe(false);
    expect(path(h)).toBe('/booking/location');
  });

  it('AVANTI with no lookup running is checked at once (SPEC §5)', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/booking/location'));
    await h.send({ type: 'step.next' });
    expect(notice(h)).toBe('Seleziona un indirizzo dalla lista dei suggerimenti');
    expect(busy(h)).toBe(false);
  });
});
