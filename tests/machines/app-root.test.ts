/**
 * The root machine where the generated paths do not go, or where the oracle does not look: the
 * router's error page (its events come from the screen's error boundary, not from a person), an
 * address out of zone (after a served one; the subscription it sends), the waitlist's e-mail.
 * Expectations from SPEC §2 and issue 16.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../machines/app/context';
import { pathOf, routeEvent } from '../../machines/app/routing';
import { createDraft } from '../../machines/shared/draft';
import { selectPage } from '../../machines/app/selectors';
import {
  LOCATION_TORINO,
  SERVICE_LISTS,
  SERVICES,
  SUGGESTION_FULL,
  TODAY,
  USER,
} from '../../machines/testing/fixtures';
import { createHarness, type Harness } from './harness';

const context = (h: Harness) => h.actor.getSnapshot().context as AppContext;

describe('the page the shell draws before the session has settled (SPEC §2)', () => {
  it('none while nothing is asked yet', () => {
    const h = createHarness({ today: TODAY });
    expect(selectPage(h.actor.getSnapshot())).toBe('none');
    h.actor.stop();
  });

  it.each([
    ['/reset-password', 'login'],
    ['/login', 'login'],
    ['/pagina-inesistente', 'error'],
    ['/booking/location', 'booking'],
  ] as const)('while the profile loads, the page %s asks for (%s)', async (url, page) => {
    const h = createHarness({ today: TODAY, hasCredential: true });
    await h.send(routeEvent(url));
    expect(selectPage(h.actor.getSnapshot())).toBe(page);
    h.actor.stop();
  });
});

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

  it('TIENIMI AGGIORNATA subscribes with the address out of zone', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/booking/location'));
    await pick(h, 'Via Roma 2', 'outOfZone');
    await h.send({ type: 'outOfZone.subscribe', email: 'anna@example.it' });
    const sent = h.pending.find((call) => call.src === 'subscribeToList')?.input;
    expect(sent).toEqual({ email: 'anna@example.it', location: LOCATION_TORINO });
    h.actor.stop();
  });
});

describe("a sold-out day's waitlist (issue 16)", () => {
  const draft = {
    location: LOCATION_TORINO,
    participants: 'default' as const,
    category: 'hair' as const,
    hair: 'short' as const,
    services: { ...createDraft(TODAY).services, primaryService: SERVICES.piega },
  };

  const openWaitlist = async (h: Harness) => {
    await h.settle('loadAvailableTimes', 'none');
    await h.elapse('slotsMinimumLoading');
    await h.send({ type: 'waitlist.open' });
    return (h.child('waitlist')?.getSnapshot().context as { email: string | null }).email;
  };

  it("is filled in with the signed-in customer's e-mail", async () => {
    const h = createHarness({ today: TODAY, hasCredential: true, draft, services: SERVICE_LISTS.hair });
    await h.send(routeEvent('/booking/hair/data'));
    await h.settle('loadProfile', 'ok');
    expect(pathOf(h.actor.getSnapshot())).toBe('/booking/hair/data');
    expect(await openWaitlist(h)).toBe(USER.email);
    h.actor.stop();
  });

  it('has no e-mail to fill in for a visitor', async () => {
    const h = createHarness({ today: TODAY, draft, services: SERVICE_LISTS.hair });
    await h.send(routeEvent('/booking/hair/data'));
    expect(pathOf(h.actor.getSnapshot())).toBe('/booking/hair/data');
    expect(await openWaitlist(h)).toBeNull();
    h.actor.stop();
  });
});
