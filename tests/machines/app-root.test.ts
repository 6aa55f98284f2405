/**
 * The root machine where the generated paths do not go: the router's error page (its events come
 * from the screen's error boundary, not from a person) and an address out of zone after a served
 * one. Expectations from SPEC §2.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../machines/app/context';
import { routeEvent } from '../../machines/app/routing';
import { selectPage } from '../../machines/app/selectors';
import { LOCATION_TORINO, SUGGESTION_FULL, TODAY } from '../../machines/testing/fixtures';
import { createHarness, type Harness } from './harness';

const context = (h: Harness) => h.actor.getSnapshot().context as AppContext;

describe('the error page (SPEC §2: a screen that fails to draw)', () => {
  it('shows the error header and footer while one is on screen, and the screen again once it is left', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/booking/location'));
    expect(selectPage(h.actor.getSnapshot())).toBe('booking');
    await h.send({ type: 'errorPage.shown' });
    expect(selectPage(h.actor.getSnapshot())).toBe('error');
    await h.send({ type: 'errorPage.left' });
    expect(selectPage(h.actor.getSnapshot())).toBe('booking');
    // One left too many (the boundary reset twice) does not hide the next error page.
    await h.send({ type: 'errorPage.left' });
    await h.send({ type: 'errorPage.shown' });
    expect(selectPage(h.actor.getSnapshot())).toBe('error');
    h.actor.stop();
  });
});

describe('an address out of zone after a served one (SPEC §2 out-of-zone dialog)', () => {
  const pick = async (h: Harness, typed: string, outcome: 'served' | 'outOfZone') => {
    await h.send({ type: 'address.focus' });
    await h.send({ type: 'address.type', value: typed });
    await h.elapse('searchDebounce');
    await h.settle('searchAddresses', 'results');
    await h.send({ type: 'address.select', suggestion: SUGGESTION_FULL });
    await h.settle('resolveAddress', 'ok');
    await h.settle('checkLocation', outcome);
  };

  it('USA UN ALTRO INDIRIZZO empties the address, the served one included', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/booking/location'));
    await pick(h, 'Via Roma 2', 'served');
    expect(context(h).draft.location).toEqual(LOCATION_TORINO);
    await pick(h, 'Via Roma 22', 'outOfZone');
    expect(h.child('outOfZone')?.getSnapshot().status).toBe('active');
    await h.send({ type: 'outOfZone.useOtherAddress' });
    expect(h.child('outOfZone')).toBeUndefined();
    expect(context(h).draft.location).toBeNull();
    h.actor.stop();
  });
});
